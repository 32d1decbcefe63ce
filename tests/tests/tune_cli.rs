//! Tuning from games through the real binary: `escalade datagen` writes `FEN;RESULT` lines
//! whose FENs read back, `escalade tune` tunes a rope file (local search and gradient
//! descent), `--current` writes the checked-in table, every variant is tunable, and bad
//! arguments exit 2 with a message.

use std::path::PathBuf;

use escalade_tests::{run, run_ok as ok, run_refused as refused};

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    escalade_tests::scratch_dir(&format!("tune-{test}"))
}

/// Two short games of `variant`; returns the lines written.
fn datagen(variant: &str, file: &std::path::Path) -> Vec<String> {
    let path = file.to_str().expect("utf-8 path");
    let summary = ok(&[
        "datagen",
        "--variant",
        variant,
        "--games",
        "2",
        "--nodes",
        "200",
        "--seed",
        "5",
        "--out",
        path,
    ]);
    assert!(summary.contains("2 games"), "{summary}");
    let text = std::fs::read_to_string(file).expect("datagen file");
    text.lines().map(str::to_string).collect()
}

#[test]
fn datagen_writes_positions_that_read_back_with_results() {
    let dir = scratch("datagen");
    for variant in ["rope", "normal"] {
        let lines = datagen(variant, &dir.join(format!("{variant}.txt")));
        assert!(!lines.is_empty(), "{variant}: no position written");
        let step = lines.len().div_ceil(12);
        for line in lines.iter().step_by(step) {
            let (fen, result) = line.rsplit_once(';').expect("FEN;RESULT");
            assert!(["1.0", "0.5", "0.0"].contains(&result), "{line}");
            let out = run(&["perft", "--variant", variant, "--fen", fen, "--depth", "1"]);
            assert!(
                out.status.success(),
                "{variant}: {fen} does not read back: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        // one result per game: the lines of a game share it
        let results: std::collections::BTreeSet<&str> = lines
            .iter()
            .filter_map(|l| l.rsplit_once(';'))
            .map(|(_, r)| r)
            .collect();
        assert!(results.len() <= 2, "{variant}: {results:?}");
    }
    // the same seed plays the same games
    let again = datagen("normal", &dir.join("normal-again.txt"));
    assert_eq!(again, datagen("normal", &dir.join("normal.txt")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_runs_on_a_rope_file_and_writes_the_table() {
    let dir = scratch("tune");
    let data = dir.join("rope.txt");
    datagen("rope", &data);
    // a line that does not read is skipped and counted
    let mut text = std::fs::read_to_string(&data).unwrap();
    text.push_str("not a position;1.0\n");
    // decided positions so the error is not zero: White a rook up wins
    text.push_str("KR1P16k w - 0 1;1.0\nKR1P16k b - 0 1;1.0\nk1p16rK w - 0 1;0.0\n");
    std::fs::write(&data, text).unwrap();
    let table = dir.join("tuned.rs");
    let summary = ok(&[
        "tune",
        "--variant",
        "rope",
        "--data",
        data.to_str().unwrap(),
        "--method",
        "local",
        "--passes",
        "1",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(summary.contains("(1 lines skipped)"), "{summary}");
    assert!(summary.contains("1 passes"), "{summary}");
    let errors = summary
        .lines()
        .find(|l| l.starts_with("K "))
        .unwrap_or_else(|| panic!("no K line: {summary}"));
    let figures: Vec<f64> = errors
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(figures.len(), 3, "K, before, after: {errors}");
    assert!(figures[2] <= figures[1], "{errors}");
    let generated = std::fs::read_to_string(&table).unwrap();
    assert!(
        generated.starts_with("//! The weights of the rope evaluation"),
        "{generated}"
    );
    assert!(generated.contains("pub const TUNED: [(&str, i32); 26] = ["));
    assert!(generated.contains("(\"tempo\", "));
    // without --out the table follows the summary on stdout
    let stdout = ok(&[
        "tune",
        "--variant",
        "rope",
        "--data",
        data.to_str().unwrap(),
        "--passes",
        "1",
    ]);
    assert!(stdout.contains("pub const TUNED"), "{stdout}");
    // gradient descent, the default method
    let descent = ok(&[
        "tune",
        "--variant",
        "rope",
        "--data",
        data.to_str().unwrap(),
        "--rounds",
        "1",
        "--epochs",
        "20",
    ]);
    assert!(
        descent.contains("gradient descent, 1 rounds of 20 epochs"),
        "{descent}"
    );
    assert!(descent.contains("pub const TUNED"), "{descent}");
    // --current writes the table the rope loads its weights from: the same lines but for
    // the comments a tuning run leaves (its summary, and the values it changed)
    let current = ok(&[
        "tune",
        "--variant",
        "rope",
        "--current",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(current.contains("26 parameters"), "{current}");
    let written = std::fs::read_to_string(&table).unwrap();
    let checked_in = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../movegen/rope/src/eval/tuned.rs"),
    )
    .unwrap();
    assert_eq!(without_comments(&written), without_comments(&checked_in));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines of a generated table without `// ` comment lines and `// was N` suffixes.
fn without_comments(table: &str) -> Vec<&str> {
    table
        .lines()
        .filter(|l| !l.starts_with("// "))
        .map(|l| l.split_once(" // was ").map_or(l, |(entry, _)| entry))
        .collect()
}

#[test]
fn tune_refuses_bad_arguments_and_every_variant_is_tunable() {
    let dir = scratch("refusals");
    let data = dir.join("normal.txt");
    std::fs::write(
        &data,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\n",
    )
    .unwrap();
    let data = data.to_str().unwrap();
    // every variant has its weights as a table
    let listed = ok(&["variants"]);
    for variant in listed.lines().filter_map(|l| l.split('\t').next()) {
        let table = ok(&["tune", "--variant", variant, "--current"]);
        assert!(table.contains("pub const TUNED"), "{variant}: {table}");
    }
    refused(
        &["tune", "--variant", "nosuch", "--data", data],
        "unknown variant",
    );
    refused(
        &["tune", "--variant", "rope", "--data", "/nonexistent/file"],
        "cannot read",
    );
    // no rope position in a chess file
    refused(
        &["tune", "--variant", "rope", "--data", data],
        "no position reads",
    );
    refused(
        &["tune", "--variant", "rope", "--data", data, "--passes", "0"],
        "--passes",
    );
    refused(&["tune", "--variant", "rope"], "--data");
    let out = dir.join("x.txt");
    let out = out.to_str().unwrap();
    refused(
        &[
            "datagen",
            "--variant",
            "nosuch",
            "--games",
            "1",
            "--out",
            out,
        ],
        "unknown variant",
    );
    refused(
        &["datagen", "--variant", "rope", "--games", "0", "--out", out],
        "--games",
    );
    refused(
        &[
            "datagen",
            "--variant",
            "rope",
            "--games",
            "1",
            "--nodes",
            "0",
            "--out",
            out,
        ],
        "--nodes",
    );
    refused(
        &["datagen", "--variant", "rope", "--games", "x", "--out", out],
        "invalid value",
    );
    refused(&["datagen", "--variant", "rope", "--games", "1"], "--out");
    refused(
        &[
            "datagen",
            "--variant",
            "rope",
            "--games",
            "1",
            "--out",
            "/nonexistent/dir/x.txt",
        ],
        "cannot write",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
