//! python-chess (PyPI `chess`) plays complete FIDE games against Escalade over UCI and
//! XBoard, and against Stockfish limited with `UCI_LimitStrength` when it is installed
//! (`tests/clients/python_chess_games.py`). Skips with a printed reason when python3 or the
//! `chess` module is missing, except in CI (`CI=true`), where that is a failure. It also reads
//! the PGN of an `escalade match` and checks every move is its SAN (`clients/python_chess_pgn.py`).

use std::path::Path;
use std::process::Command;

use escalade_tests::{python_can_import, skip, stockfish};

/// Whether python3 can import python-chess (its engine and PGN modules).
fn has_python_chess() -> bool {
    python_can_import("chess.engine, chess.pgn")
}

#[test]
fn python_chess_plays_complete_games_over_uci_and_xboard() {
    if !has_python_chess() {
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

#[test]
fn python_chess_reads_the_match_pgn_as_san() {
    if !has_python_chess() {
        return skip("python3 with the `chess` package is not installed (pip install chess)");
    }
    let bin = escalade_tests::escalade_bin();
    let dir = escalade_tests::scratch_dir("pgn");
    let pgn = dir.join("games.pgn");
    // a depth-2 Escalade against the random mover: castling, promotions and mates come up
    let status = Command::new(&bin)
        .args(["match", "-variant", "normal"])
        .arg("-engine")
        .arg(format!("cmd={}", bin.display()))
        .args(["name=Escalade", "-engine"])
        .arg(format!("cmd={}", bin.display()))
        .args(["name=Random", "option.RandomMover=true"])
        .args(["-each", "proto=uci", "depth=2"])
        .args([
            "-games",
            "6",
            "-concurrency",
            "2",
            "-seed",
            "5",
            "-maxmoves",
            "150",
        ])
        .args(["-openings", "plies=4", "-pgnout"])
        .arg(&pgn)
        .status()
        .expect("run escalade match");
    assert!(status.success());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python_chess_pgn.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(&pgn)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "python-chess refused the PGN:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("6 games, every move in python-chess's SAN"),
        "{stdout}"
    );
}
