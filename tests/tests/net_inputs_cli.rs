//! A game's network data through the real binary: `escalade datagen --scores` writes
//! `FEN;RESULT;CP` lines whose score is the search's, White's view, and `escalade
//! net-inputs` turns them into the trainer's file (a header naming the family, then the
//! side to move's result, score and both perspectives' inputs; with `--evals` the table's
//! evaluation of each position, a line each, even in a build that plays with a network);
//! a game without inputs and a malformed line are refused with a message.

use std::path::Path;

use escalade_core::Rules;
use escalade_escalator::{Escalator, FORM_STANDARD};
use escalade_eval::{Evaluate, Tunable};
use escalade_tests::{run_ok as ok, run_refused as refused};

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn scored_self_play_turns_into_network_inputs() {
    let dir = escalade_tests::scratch_dir("net-inputs");
    let data = dir.join("escalator.txt");
    let summary = ok(&[
        "datagen",
        "--variant",
        "escalator",
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        "3",
        "--scores",
        "--out",
        path(&data),
    ]);
    assert!(summary.contains("2 games"), "{summary}");
    let text = std::fs::read_to_string(&data).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(
            fields[2].parse::<i32>().is_ok_and(|cp| cp.abs() <= 3000),
            "{line}"
        );
    }
    let inputs = dir.join("escalator.inp");
    let evals = dir.join("escalator.evals");
    let summary = ok(&[
        "net-inputs",
        "--variant",
        "escalator",
        "--input",
        path(&data),
        "--output",
        path(&inputs),
        "--evals",
        path(&evals),
    ]);
    check_table_evals(&lines, &std::fs::read_to_string(&evals).unwrap());
    assert!(
        summary.contains(&format!("{} positions", lines.len())),
        "{summary}"
    );
    let written = std::fs::read_to_string(&inputs).unwrap();
    let mut rows = written.lines();
    assert_eq!(rows.next(), Some("escalade-net-inputs escalator 1680 32"));
    for (row, line) in rows.zip(&lines) {
        let fields: Vec<&str> = row.split(';').collect();
        assert_eq!(fields.len(), 5, "{row}");
        let pieces: usize = fields[0].parse().unwrap();
        for side in &fields[3..] {
            let list: Vec<u16> = side
                .split_whitespace()
                .map(|i| i.parse().unwrap())
                .collect();
            assert_eq!(list.len(), pieces, "{row}");
            assert!(list.iter().all(|&i| i < 1680), "{row}");
        }
        // the side to move's view: Black to move turns the result and the score
        let white: Vec<&str> = line.split(';').collect();
        let black_to_move = white[0].split(' ').nth(1) == Some("b");
        let cp: i32 = fields[2].parse().unwrap();
        let white_cp: i32 = white[2].parse().unwrap();
        assert_eq!(
            cp,
            if black_to_move { -white_cp } else { white_cp },
            "{row}"
        );
    }
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{}\nnot a position;1.0;0\n", lines[0])).unwrap();
    refused(
        &[
            "net-inputs",
            "--variant",
            "escalator",
            "--input",
            path(&bad),
            "--output",
            path(&inputs),
        ],
        "bad.txt line 2: the FEN",
    );
    refused(
        &[
            "net-inputs",
            "--variant",
            "normal",
            "--input",
            path(&data),
            "--output",
            path(&inputs),
        ],
        "normal has no evaluation network inputs",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--evals` wrote the table's evaluation of each position (side to move's view), not the
/// network's that the escalator plays with by default.
fn check_table_evals(lines: &[&str], evals: &str) {
    let evals: Vec<i32> = evals.lines().map(|e| e.parse().unwrap()).collect();
    assert_eq!(evals.len(), lines.len());
    let weights = Escalator::weights(FORM_STANDARD);
    let mut differs = 0;
    for (line, &eval) in lines.iter().zip(&evals) {
        let fen = line.split(';').next().unwrap();
        let pos = Escalator::from_fen(FORM_STANDARD, fen).unwrap();
        assert_eq!(eval, pos.evaluate_with(weights), "{line}");
        differs += usize::from(eval != pos.evaluate());
    }
    // the escalator's default build plays the table plus its network's correction
    assert!(differs > 0, "every evaluation was the table's");
}
