//! XBoard 4.9.1 relays a whole game between two Escalade engines in every variant it can
//! carry (issue 19): under a virtual display (Xvfb), `-fcp`/`-scp` with match mode and
//! legality testing off, one game per variant. XBoard's board is the only channel between
//! the engines, so a game that ends with a result and no `Illegal move` or `Error` from
//! either engine proves that XBoard's board carried every move. A screenshot of XBoard per
//! variant lands in `target/xboard-screenshots/`. Variants XBoard cannot carry are refused
//! by the engine (`tests/xboard_refusal.rs`). Skipped with a printed reason where XBoard or
//! Xvfb is missing outside CI.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use escalade_tests::xvfb::Display;
use escalade_tests::{find_tool, skip};

/// Every variant XBoard 4.9.1 carries.
/// (`rope-3check` under its alias: XBoard reads any name holding `3check` as its own
/// three-check chess.)
const CARRIED: [&str; 7] = [
    "normal",
    "escalator",
    "escalator-noleap",
    "escalator-almost",
    "rope",
    "rope-mini",
    "rope-threecheck",
];

fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .join("target/xboard-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    dir
}

/// One game of `variant` between two Escalade engines through XBoard: the PGN, XBoard's
/// debug log, and whether a screenshot was saved.
fn relay(xboard: &Path, display: &Display, variant: &str, dir: &Path) -> (String, String) {
    let pgn = dir.join(format!("{variant}.pgn"));
    let debug = dir.join(format!("{variant}.debug"));
    let shot = dir.join(format!("{variant}.png"));
    let _ = std::fs::remove_file(&pgn);
    let engine = format!("{} xboard", escalade_tests::escalade_bin().display());
    let mut child = Command::new(xboard)
        .env("DISPLAY", &display.name)
        .args(["-fcp", &engine, "-scp", &engine, "-variant", variant])
        .args(["-mg", "1", "-matchMode", "true", "-testLegality", "false"])
        .args([
            "-tc",
            "5",
            "-searchDepth",
            "2",
            "-adjudicateDrawMoves",
            "80",
        ])
        .arg("-sgf")
        .arg(&pgn)
        .args(["-debug", "-nameOfDebugFile"])
        .arg(&debug)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start xboard");
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut text = String::new();
    while Instant::now() < deadline {
        // the latest picture of the game, until XBoard has written the result
        display.screenshot(&shot);
        text = std::fs::read_to_string(&pgn).unwrap_or_default();
        if text.contains("[Result \"") || child.try_wait().ok().flatten().is_some() {
            break;
        }
        thread::sleep(Duration::from_millis(700));
    }
    thread::sleep(Duration::from_millis(300));
    text = std::fs::read_to_string(&pgn).unwrap_or(text);
    let _ = child.kill();
    let _ = child.wait();
    (text, std::fs::read_to_string(&debug).unwrap_or_default())
}

#[test]
fn xboard_relays_a_whole_game_between_two_escalades_in_every_carried_variant() {
    let (Some(xboard), Some(xvfb)) = (find_tool(&["xboard"]), find_tool(&["Xvfb"])) else {
        return skip("xboard or Xvfb is not installed (apt-get install xboard xvfb)");
    };
    let display = Display::start(&xvfb);
    let dir = screenshot_dir();
    let mut failures = Vec::new();
    for variant in CARRIED {
        let (pgn, log) = relay(&xboard, &display, variant, &dir);
        let complaints: Vec<&str> = log
            .lines()
            .filter(|l| {
                (l.contains("<first :") || l.contains("<second:"))
                    && (l.contains("Illegal move") || l.contains(": Error"))
            })
            .collect();
        let result = pgn
            .lines()
            .find(|l| l.starts_with("[Result \""))
            .unwrap_or("no result");
        let finished = result.contains("1-0") || result.contains("0-1") || result.contains("1/2");
        let forfeit = pgn.contains("Forfeit") || pgn.contains("invalid move");
        eprintln!(
            "{variant}: {result} ({} engine complaints)",
            complaints.len()
        );
        if !finished || forfeit || !complaints.is_empty() {
            failures.push(format!("{variant}: {result}; {complaints:?}\n{pgn}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    eprintln!("screenshots in {}", dir.display());
}
