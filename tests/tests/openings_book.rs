//! `scripts/strength/openings.py`, the opening book of the strength scripts: the seeded book
//! is the same on every run and every position is one Escalade reads; with Stockfish
//! scoring the candidates (`--engine`), positions out of balance are left out, so the
//! balanced book is the plain one with some positions dropped. Skips with a printed reason
//! when python-chess or Stockfish is missing, except in CI (`CI=true`), where that is a
//! failure.

use std::path::Path;
use std::process::Command;

use escalade_tests::{python_can_import, run_ok, skip, stockfish};

/// Runs the script; its exit success, standard output and the book it wrote.
fn book(dir: &Path, name: &str, args: &[&str]) -> (bool, String, Vec<String>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/strength/openings.py");
    let out = dir.join(name);
    let run = Command::new("python3")
        .arg(script)
        .arg(&out)
        .args(args)
        .output()
        .expect("run python3");
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let lines = text.lines().map(str::to_owned).collect();
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    (run.status.success(), stdout, lines)
}

#[test]
fn the_book_is_seeded_and_stockfish_leaves_out_lopsided_openings() {
    if !python_can_import("chess.engine") {
        return skip("python3 with python-chess is not installed");
    }
    let Some(sf) = stockfish() else {
        return skip("stockfish is not installed");
    };
    let dir = escalade_tests::scratch_dir("book");

    let (ok, said, plain) = book(&dir, "plain.epd", &["60", "8", "7"]);
    assert!(ok && said.starts_with("kept 60 of "), "{said}");
    assert_eq!(plain.len(), 60);
    assert_eq!(book(&dir, "again.epd", &["60", "8", "7"]).2, plain);
    for epd in &plain {
        let fen = format!("{epd} 0 1");
        run_ok(&[
            "perft",
            "--variant",
            "normal",
            "--fen",
            &fen,
            "--depth",
            "1",
        ]);
    }

    let args = [
        "8", "8", "7", "--engine", &sf, "--depth", "8", "--window", "40",
    ];
    let (ok, said, balanced) = book(&dir, "balanced.epd", &args);
    assert!(ok, "{said}");
    assert_eq!(balanced.len(), 8);
    let candidates: usize = said
        .trim()
        .rsplit(' ')
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("kept N of M candidates: {said}"));
    assert!(candidates > 8, "Stockfish refused no candidate: {said}");
    // the same candidates in the same order, some left out
    let mut rest = plain.iter();
    for epd in &balanced {
        assert!(
            rest.any(|p| p == epd),
            "{epd} is not a plain candidate in order"
        );
    }

    let (ok, _, _) = book(&dir, "none.epd", &["0"]);
    assert!(!ok, "a book of no positions is refused");
    let _ = std::fs::remove_dir_all(&dir);
}
