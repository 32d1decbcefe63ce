//! `scripts/strength/stockfish-label.py` with the real Stockfish: its labels are Stockfish's
//! expected score (White's view) blended with the game result by LAMBDA, and the file it
//! writes reads back in `escalade tune`. Skips with a printed reason when python3 or
//! Stockfish is missing, except in CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::Command;

use escalade_tests::{run_ok, run_strength_script, skip, stockfish};

/// The labels the script writes for `input` with `lambda` after searches of `limit`
/// (nodes, or `depth=D`).
fn labels(sf: &str, dir: &Path, input: &Path, limit: &str, lambda: &str) -> Vec<f64> {
    let out = dir.join(format!("labelled-{lambda}.txt"));
    let args = [input.as_os_str(), out.as_os_str()]
        .into_iter()
        .chain([limit, lambda, sf].map(std::ffi::OsStr::new))
        .collect::<Vec<_>>();
    run_strength_script(Path::new("python3"), "stockfish-label.py", &args);
    let text = std::fs::read_to_string(&out).expect("labelled file");
    let tuned = run_ok(&[
        "tune",
        "--variant",
        "normal",
        "--data",
        out.to_str().unwrap(),
        "--method",
        "local",
        "--passes",
        "1",
    ]);
    assert!(tuned.contains("3 positions (0 lines skipped)"), "{tuned}");
    text.lines()
        .map(|l| {
            l.rsplit_once(';')
                .expect("FEN;LABEL")
                .1
                .parse()
                .expect("a number")
        })
        .collect()
}

#[test]
fn labels_blend_stockfish_and_the_result() {
    let Some(sf) = stockfish() else {
        return skip("stockfish is not installed");
    };
    if Command::new("python3").arg("--version").output().is_err() {
        return skip("python3 is not installed");
    }
    let dir = escalade_tests::scratch_dir("sflabel");
    let input = dir.join("in.txt");
    // White a queen up (a lost game, as labels go), the start position, Black a queen up
    let lines = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3;0.0\n\
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\n\
                 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3;1.0\n";
    std::fs::write(&input, lines).expect("input file");
    assert_eq!(labels(&sf, &dir, &input, "300", "1"), vec![0.0, 0.5, 1.0]);
    let pure = labels(&sf, &dir, &input, "300", "0");
    assert!(pure[0] > 0.9 && pure[2] < 0.1, "{pure:?}");
    assert!((0.3..0.7).contains(&pure[1]), "{pure:?}");
    let half = labels(&sf, &dir, &input, "300", "0.5");
    for ((h, p), r) in half.iter().zip(&pure).zip([0.0, 0.5, 1.0]) {
        assert!((h - (p + r) / 2.0).abs() < 0.002, "{half:?} {pure:?}");
    }
    // a depth limit instead of nodes
    let shallow = labels(&sf, &dir, &input, "depth=4", "0");
    assert!(shallow[0] > 0.9 && shallow[2] < 0.1, "{shallow:?}");
    assert!((0.3..0.7).contains(&shallow[1]), "{shallow:?}");
}
