//! A game's network data through the real binary: `escalade datagen --scores` writes
//! `FEN;RESULT;CP` lines whose score is the search's, White's view, and `escalade
//! net-inputs` turns them into the trainer's file (a header naming the family, then the
//! side to move's result, score and both perspectives' inputs; with `--evals` the binary's
//! own evaluation of each position, a line each); a game without inputs and a
//! malformed line are refused with a message.

use std::path::Path;

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
    let summary = ok(&[
        "net-inputs",
        "--variant",
        "escalator",
        "--input",
        path(&data),
        "--output",
        path(&inputs),
    ]);
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
