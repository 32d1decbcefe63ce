//! python-chess (PyPI `chess`) plays complete FIDE games against Escalade over UCI and
//! XBoard, and against Stockfish limited with `UCI_LimitStrength` when it is installed
//! (`tests/clients/python_chess_games.py`). Skips with a printed reason when python3 or the
//! `chess` module is missing, except in CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::Command;

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn skip(reason: &str) {
    assert!(!in_ci(), "CI must provide the client tools: {reason}");
    eprintln!("skipped: {reason}");
}

/// The Stockfish binary, if installed.
pub fn stockfish() -> Option<String> {
    [
        "/usr/games/stockfish",
        "/usr/bin/stockfish",
        "/usr/local/bin/stockfish",
    ]
    .iter()
    .find(|p| Path::new(p).exists())
    .map(|p| p.to_string())
}

#[test]
fn python_chess_plays_complete_games_over_uci_and_xboard() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        return skip("python3 with the `chess` package is not installed (pip install chess)");
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python_chess_games.py");
    let bin = escalade_tests::escalade_bin();
    let mut cmd = Command::new("python3");
    cmd.arg(&script).arg(&bin);
    match stockfish() {
        Some(sf) => {
            cmd.arg(sf);
        }
        None => eprintln!("note: stockfish not installed; the Stockfish game is left out"),
    }
    let out = cmd.output().expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "python-chess games failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("uci vs uci") && stdout.contains("xboard vs uci"),
        "{stdout}"
    );
}
