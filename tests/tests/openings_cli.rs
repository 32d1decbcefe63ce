//! `escalade openings` through the real binary: a book of the asked size whose positions
//! read back, the same book from the same seed, a match played from it as an `.epd` file,
//! and bad arguments refused with exit code 2.

use std::path::{Path, PathBuf};

use escalade_tests::{escalade_bin, run, run_ok as ok, run_refused as refused};

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    escalade_tests::scratch_dir(&format!("openings-{test}"))
}

/// A rope book of `count` positions scored 30..5000 cp; returns its lines.
fn rope_book(file: &Path, count: &str) -> Vec<String> {
    let path = file.to_str().expect("utf-8 path");
    let summary = ok(&[
        "openings",
        "--variant",
        "rope",
        "--count",
        count,
        "--random-plies",
        "10",
        "--nodes",
        "2000",
        "--min-score",
        "30",
        "--max-score",
        "5000",
        "--seed",
        "4",
        "--out",
        path,
    ]);
    assert!(summary.contains(&format!("{count} positions")), "{summary}");
    let text = std::fs::read_to_string(file).expect("book file");
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_book_reads_back_repeats_with_its_seed_and_opens_a_match() {
    let dir = scratch("book");
    let first = rope_book(&dir.join("a.epd"), "6");
    assert_eq!(first.len(), 6);
    for fen in &first {
        let out = run(&["perft", "--variant", "rope", "--fen", fen, "--depth", "1"]);
        assert!(out.status.success(), "{fen} does not read back");
    }
    let distinct: std::collections::BTreeSet<&String> = first.iter().collect();
    assert_eq!(distinct.len(), first.len(), "a position twice: {first:?}");
    assert_eq!(
        rope_book(&dir.join("b.epd"), "6"),
        first,
        "same seed, same book"
    );

    let bin = format!("cmd={}", escalade_bin().display());
    let book = format!("file={}", dir.join("a.epd").display());
    let summary = ok(&[
        "match",
        "-variant",
        "rope",
        "-engine",
        &bin,
        "name=A",
        "-engine",
        &bin,
        "name=B",
        "-each",
        "proto=uci",
        "depth=2",
        "-games",
        "2",
        "-repeat",
        "-openings",
        &book,
    ]);
    assert!(summary.contains("Finished match"), "{summary}");
    assert!(!summary.contains("invalid FEN"), "{summary}");
}

#[test]
fn bad_arguments_are_refused() {
    let out = scratch("refused").join("x.epd");
    let out = out.to_str().expect("utf-8 path");
    let base = ["openings", "--out", out];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    refused(&with(&["--variant", "nonesuch"]), "nonesuch");
    refused(
        &with(&["--variant", "rope", "--count", "0"]),
        "--count must be at least 1",
    );
    refused(
        &with(&["--variant", "rope", "--nodes", "0"]),
        "--nodes must be at least 1",
    );
    refused(
        &with(&[
            "--variant",
            "rope",
            "--min-score",
            "300",
            "--max-score",
            "10",
        ]),
        "--min-score 300 is above --max-score 10",
    );
}
