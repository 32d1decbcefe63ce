//! `genfens` through the real binary, as OpenBench runs it (`./engine "genfens N seed S book
//! <None|BOOK> EXTRA" "quit"`, reading `info string genfens FEN` lines): N distinct legal
//! positions, the same ones from the same seed in either spelling of the command line, a
//! book's positions as starts, another variant through `variant NAME`, and bad requests
//! refused with exit code 2 and a clear message.

use std::collections::BTreeSet;

use escalade_tests::{run, run_ok as ok, run_refused as refused};

const PREFIX: &str = "info string genfens ";

/// The FENs of a genfens run's stdout; every line must be a genfens line.
fn fens(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| {
            l.strip_prefix(PREFIX)
                .unwrap_or_else(|| panic!("not a genfens line: {l}"))
                .to_string()
        })
        .collect()
}

/// Checks that `fen` reads as a position of `variant` with legal moves.
fn reads_back(variant: &str, fen: &str) {
    let out = run(&["perft", "--variant", variant, "--fen", fen, "--depth", "1"]);
    assert!(
        out.status.success(),
        "{fen} does not read back as {variant}"
    );
}

#[test]
fn openbench_request_gives_distinct_legal_reproducible_positions() {
    let first = fens(&ok(&["genfens 8 seed 12345 book None ", "quit"]));
    assert_eq!(first.len(), 8, "{first:?}");
    let distinct: BTreeSet<&String> = first.iter().collect();
    assert_eq!(distinct.len(), 8, "a position twice: {first:?}");
    for fen in &first {
        // OpenBench turns each FEN into EPD from its six fields
        assert_eq!(fen.split_whitespace().count(), 6, "{fen}");
        reads_back("normal", fen);
    }
    let again = fens(&ok(&["genfens 8 seed 12345 book None ", "quit"]));
    assert_eq!(again, first, "same seed, same positions");
    let split = fens(&ok(&["genfens", "8", "seed", "12345", "book", "None"]));
    assert_eq!(split, first, "the split spelling is the same request");
    let other = fens(&ok(&["genfens 8 seed 54321 book None", "quit"]));
    assert_ne!(other, first, "another seed, other positions");
}

#[test]
fn book_positions_are_the_starts() {
    let dir = escalade_tests::scratch_dir("genfens-book");
    let book = dir.join("book.epd");
    let lines = [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2;",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 \"sicilian\";",
        "",
        "# a comment",
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2",
    ];
    std::fs::write(&book, lines.join("\n")).expect("write book");
    let book = book.to_str().expect("utf-8 path");
    let boards: BTreeSet<String> = lines
        .iter()
        .filter(|l| l.contains('/'))
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .collect();

    let same = fens(&ok(&[
        &format!("genfens 3 seed 7 book {book} plies 0"),
        "quit",
    ]));
    assert_eq!(same.len(), 3);
    for fen in &same {
        let board = fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert!(boards.contains(&board), "{fen} is not a book position");
    }

    let played = fens(&ok(&[&format!("genfens 10 seed 7 book {book}"), "quit"]));
    let distinct: BTreeSet<&String> = played.iter().collect();
    assert_eq!(distinct.len(), 10, "{played:?}");
    for fen in &played {
        reads_back("normal", fen);
    }
}

#[test]
fn another_variant_through_the_extra_words() {
    let rope = fens(&ok(&[
        "genfens 4 seed 3 book None variant rope nodes 2000",
        "quit",
    ]));
    assert_eq!(rope.len(), 4);
    for fen in &rope {
        reads_back("rope", fen);
    }
}

#[test]
fn bad_requests_are_refused() {
    let usage = "genfens takes `genfens N seed S book";
    refused(&["genfens"], usage);
    refused(&["genfens 8 seed 1", "quit"], usage);
    refused(&["genfens 8 sed 1 book None", "quit"], usage);
    refused(
        &["genfens x seed 1 book None"],
        "N must be a number, got `x`",
    );
    refused(&["genfens 0 seed 1 book None"], "N must be 1 to");
    refused(&["genfens 8 seed -1 book None"], "seed must be a number");
    refused(
        &["genfens 8 seed 1 book None plies"],
        "has a name without a value",
    );
    refused(
        &["genfens 8 seed 1 book None foo 1"],
        "unknown extra argument `foo`",
    );
    refused(&["genfens 8 seed 1 book None variant nonesuch"], "nonesuch");
    refused(
        &["genfens 8 seed 1 book None max-score -5"],
        "max-score must be at least 0",
    );
    refused(
        &["genfens 8 seed 1 book /nonexistent/book.epd"],
        "cannot read the genfens book /nonexistent/book.epd",
    );

    let dir = escalade_tests::scratch_dir("genfens-refused");
    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "not a position\n").expect("write book");
    refused(
        &[&format!("genfens 2 seed 1 book {}", bad.display())],
        "line 1: not a normal position",
    );
    let small = dir.join("small.epd");
    std::fs::write(
        &small,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .expect("write book");
    refused(
        &[&format!(
            "genfens 3 seed 1 book {} plies 0",
            small.display()
        )],
        "genfens found 1 of 3 distinct positions",
    );
}
