//! XBoard 4.9.1 under Xvfb runs a two-game FIDE match between Escalade and Fairy-Max
//! (`-mg 2`) and saves the PGN; both games must end with a result and no illegal-move or
//! error exchange. Skips with a printed reason when xboard, xvfb-run or fairymax is
//! missing, except in CI (`CI=true`), where that is a failure.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use escalade_tests::{find_tool, skip};

fn scratch_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let dir = exe.parent().expect("deps dir").join("client_xboard");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Kills the process group led by `pid` (xvfb-run, Xvfb, xboard and the engines).
fn kill_group(pid: u32) {
    let _ = Command::new("kill")
        .args(["-TERM", "--", &format!("-{pid}")])
        .status();
    thread::sleep(Duration::from_millis(300));
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .status();
}

#[test]
fn xboard_plays_a_match_against_fairymax_and_saves_the_pgn() {
    let tools = (
        find_tool(&["xboard"]),
        find_tool(&["xvfb-run"]),
        find_tool(&["fairymax"]),
    );
    let (Some(xboard), Some(xvfb), Some(fairymax)) = tools else {
        return skip(
            "xboard, xvfb-run or fairymax is not installed (apt-get install xboard xvfb fairymax)",
        );
    };
    let dir = scratch_dir();
    let pgn = dir.join("match.pgn");
    let debug = dir.join("xboard.debug");
    let _ = std::fs::remove_file(&pgn);
    let engine = format!("{} xboard", escalade_tests::escalade_bin().display());
    let mut child = Command::new(xvfb)
        .arg("-a")
        .arg(xboard)
        .args(["-noGUI", "-fcp", &engine, "-fd"])
        .arg(&dir)
        .arg("-scp")
        .arg(&fairymax)
        .arg("-sd")
        .arg(Path::new(&fairymax).parent().unwrap_or(Path::new("/")))
        .args([
            "-mg",
            "2",
            "-tc",
            "0:30",
            "-inc",
            "0.1",
            "-searchDepth",
            "2",
        ])
        .args(["-adjudicateDrawMoves", "60", "-sgf"])
        .arg(&pgn)
        .args(["-debug", "-nameOfDebugFile"])
        .arg(&debug)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("start xvfb-run xboard");
    let pid = child.id();
    // XBoard keeps running after the match: wait for both results in the PGN.
    let deadline = Instant::now() + Duration::from_secs(100);
    let mut text = String::new();
    while Instant::now() < deadline {
        text = std::fs::read_to_string(&pgn).unwrap_or_default();
        if text.matches("[Result \"").count() >= 2 {
            break;
        }
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        thread::sleep(Duration::from_millis(200));
    }
    thread::sleep(Duration::from_millis(300));
    kill_group(pid);
    let _ = child.wait();
    let log = std::fs::read_to_string(&debug).unwrap_or_default();
    let games = text.matches("[Result \"").count();
    assert_eq!(games, 2, "two games expected in {}:\n{text}", pgn.display());
    assert!(
        !text.contains("[Result \"*\"]"),
        "an unfinished game:\n{text}"
    );
    let escalade_errors: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("<first : Illegal move") || l.contains("<first : Error"))
        .collect();
    assert!(
        escalade_errors.is_empty(),
        "Escalade refused GUI input: {escalade_errors:?}"
    );
    assert!(text.contains("Escalade"), "{text}");
    eprintln!("PGN saved to {}", pgn.display());
}
