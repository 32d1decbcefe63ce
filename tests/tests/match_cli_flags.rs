//! cutechess-cli command lines through the real `escalade match` binary, with the scripted
//! fake engine (`tests/fake_engines/scripted.sh`): engines from `engines.json` (`conf=`,
//! `-engines`), PGN opening books with `[Variant]`/`[FEN]` tags in two variants (SAN for
//! chess), cutechess's output lines with `-ratinginterval` and `-outcomeinterval`,
//! `-site`, `-epdout`, `-pgnout FILE min`, `-noswap`, `-reverse`, `-wait`, and the flags
//! that cannot apply (`-tb`, `book=` outside chess), refused with exit 2 and their reason.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use escalade_tests::deadline::{run_until, Finished};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fake_engines/scripted.sh");

/// `escalade match ARGS` in directory `dir` (with `RUST_LOG=info` for `-debug`), killed
/// after 60 s.
fn escalade_match(dir: &Path, args: &[String]) -> Finished {
    let mut all = vec!["match".to_string()];
    all.extend_from_slice(args);
    run_until(&all, Some(dir), Duration::from_secs(60))
}

/// A directory of its own for one test.
fn dir(test: &str) -> PathBuf {
    let d = escalade_tests::scratch_dir(&format!("cli-{test}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// An `-engine` group running the scripted fake engine (it exits when its moves run out).
fn fake(name: &str, proto: &str, moves: &str) -> Vec<String> {
    vec![
        "-engine".into(),
        format!("cmd={FAKE} {proto} crash {moves}"),
        format!("name={name}"),
        format!("proto={proto}"),
    ]
}

/// The Fool (White: f3, g4) against the Mater (Black: e5, Qh4#), then `flags`.
fn fools_mate(flags: &str) -> Vec<String> {
    let mut a = fake("A", "xboard", "f2f3 g2g4");
    a.extend(fake("B", "uci", "e7e5 d8h4"));
    a.extend(flags.split_whitespace().map(str::to_string));
    a
}

/// The lines of `text` that start with `prefix`.
fn lines<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(prefix)).collect()
}

#[test]
fn engines_json_gives_the_engines_of_conf_and_of_the_engines_list() {
    let d = dir("conf");
    let json = format!(
        r#"[
  {{"name": "Fool", "command": "{FAKE} xboard crash f2f3 g2g4", "protocol": "xboard",
    "workingDirectory": "{tmp}", "initStrings": ["hello there"]}},
  {{"name": "Mater", "command": "{FAKE} uci crash e7e5 d8h4", "protocol": "uci",
    "stderrFile": "mater.err", "whitepov": true,
    "options": [{{"name": "Hash", "type": "spin", "default": 16, "value": 32}},
                {{"name": "Clear Hash", "type": "button"}}]}},
  {{"name": "Chess only", "command": "{FAKE} uci crash", "protocol": "uci",
    "variants": ["standard"]}}
]"#,
        tmp = std::env::temp_dir().display()
    );
    std::fs::write(d.join("engines.json"), json).unwrap();
    let list = escalade_match(&d, &["-engines".to_string()]);
    assert_eq!(list.code, Some(0), "{}", list.stderr);
    assert_eq!(list.stdout, "Fool\nMater\nChess only\n");
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let run = escalade_match(
        &d,
        &words("-engine conf=Fool -engine conf=Mater -each tc=5+0 -debug"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Finished game 1 (Fool vs Mater): 0-1 {Black mates}"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("White < hello there"), "{}", run.stderr);
    assert!(
        run.stderr.contains("Black < setoption name Hash value 32"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("Clear Hash"), "{}", run.stderr);
    assert!(d.join("mater.err").exists(), "stderrFile is created");
    // Later keys override the entry.
    let run = escalade_match(
        &d,
        &words("-engine conf=Fool name=Other -engine conf=Mater -each tc=5+0"),
    );
    assert!(run.stdout.contains("(Other vs Mater)"), "{}", run.stdout);
    for (line, says) in [
        (
            "-engine conf=Nope -engine conf=Mater -each tc=1",
            "no engine named 'Nope'",
        ),
        (
            "-engine conf=Fool -engine conf=Chess%only -each tc=1 -variant rope",
            "does not play variant rope",
        ),
    ] {
        let args: Vec<String> = words(line).iter().map(|w| w.replace('%', " ")).collect();
        let run = escalade_match(&d, &args);
        assert_eq!(run.code, Some(2), "{line}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{line}: {}", run.stderr);
    }
    let none = escalade_match(
        &dir("no-conf"),
        &words("-engine conf=Fool -engine conf=Mater"),
    );
    assert_eq!(none.code, Some(2));
    assert!(none.stderr.contains("no engines.json"), "{}", none.stderr);
}

#[test]
fn cutechess_lines_ratings_and_outcomes_every_n_games() {
    let d = dir("lines");
    let run = escalade_match(
        &d,
        &fools_mate("-each tc=5+0 -games 2 -ratinginterval 1 -outcomeinterval 2"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    assert_eq!(
        lines(out, "Started game"),
        [
            "Started game 1 of 2 (A vs B)",
            "Started game 2 of 2 (B vs A)"
        ]
    );
    assert_eq!(
        lines(out, "Finished game"),
        [
            "Finished game 1 (A vs B): 0-1 {Black mates}",
            "Finished game 2 (B vs A): 0-1 {White makes an illegal move: e7e5 (the piece on e7 is not yours)}"
        ]
    );
    assert_eq!(
        lines(out, "Score of"),
        [
            "Score of A vs B: 0 - 1 - 0  [0.000] 1",
            "Score of A vs B: 1 - 1 - 0  [0.500] 2"
        ]
    );
    // Ratings after each game (and not again at the end), outcomes after game 2 only.
    assert_eq!(lines(out, "Elo difference: ").len(), 2, "{out}");
    assert_eq!(
        lines(out, "...      A playing White: 0 - 1 - 0  [0.000] 1").len(),
        2
    );
    assert_eq!(
        lines(out, "...      A playing Black: 1 - 0 - 0  [1.000] 1").len(),
        1
    );
    assert_eq!(lines(out, "Player: A").len(), 1, "{out}");
    assert!(
        out.contains("Player: B\n   \"Loss: White makes an illegal move"),
        "{out}"
    );
    assert!(out.contains("   \"Win: Black mates\": 1\n"), "{out}");
    assert!(out.ends_with("Finished match\n"), "{out}");
    assert!(!out.contains("Oversteps"), "no margin, no oversteps line");
}

#[test]
fn site_epdout_and_minimal_pgn() {
    let d = dir("outputs");
    let run = escalade_match(
        &d,
        &fools_mate(
            "-each tc=5+0 -games 2 -noswap -site Village Hall -epdout end.epd -pgnout g.pgn min fi",
        ),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let epd = std::fs::read_to_string(d.join("end.epd")).unwrap();
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(epd, format!("{mated}\n{mated}\n"));
    let pgn = std::fs::read_to_string(d.join("g.pgn")).unwrap();
    assert_eq!(pgn.matches("[Site \"Village Hall\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    for absent in ["{", "PlyCount", "TimeControl", "Seed"] {
        assert!(!pgn.contains(absent), "minimal PGN has no {absent}: {pgn}");
    }
}

#[test]
fn noswap_reverse_and_wait() {
    let d = dir("schedule");
    let started = |flags: &str| -> (Vec<String>, Duration) {
        let t = Instant::now();
        let run = escalade_match(&d, &fools_mate(&format!("-each tc=5+0 -games 3 {flags}")));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let pairs = lines(&run.stdout, "Started game")
            .iter()
            .map(|l| l.split_once(" (").unwrap().1.to_string())
            .collect();
        (pairs, t.elapsed())
    };
    let (plain, _) = started("");
    assert_eq!(plain, ["A vs B)", "B vs A)", "A vs B)"]);
    let (noswap, _) = started("-noswap");
    assert_eq!(noswap, ["A vs B)", "A vs B)", "A vs B)"]);
    let (reverse, _) = started("-reverse");
    assert_eq!(reverse, ["B vs A)", "A vs B)", "B vs A)"]);
    let (_, waited) = started("-wait 400");
    assert!(waited >= Duration::from_millis(800), "{waited:?}");
}

#[test]
fn flags_that_cannot_apply_exit_2_with_their_reason() {
    let d = dir("refused");
    for (flags, says) in [
        (
            "-tb /syzygy",
            "escalade: -tb: tablebases do not exist for these variants",
        ),
        (
            "-tbpieces 6",
            "-tbpieces: tablebases do not exist for these variants",
        ),
        (
            "-tbignore50",
            "-tbignore50: tablebases do not exist for these variants",
        ),
        (
            "-each book=book.bin -variant escalator",
            "book=: Polyglot keys are keys of chess positions",
        ),
        ("-each book=missing.bin", "book=missing.bin: cannot read it"),
        ("-tournament knockout", "knockout is not supported"),
    ] {
        let run = escalade_match(&d, &fools_mate(&format!("-each tc=1 {flags}")));
        assert_eq!(run.code, Some(2), "{flags}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{flags}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{flags}: {}", run.stderr);
    }
}

/// A chess book: the Italian in SAN with a `[Variant "Standard"]` tag, and a line from a
/// `[FEN]` with castling, an annotation and a comment.
const CHESS_BOOK: &str = "\
[Event \"Italian\"]
[Variant \"Standard\"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *

[Event \"Castled\"]
[FEN \"r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\"]
[SetUp \"1\"]

4. O-O!? {the usual} d6 *
";

/// Checker-capture lines in its own move text, one from a `[FEN]`.
const CHECKER_BOOK: &str = "\
[Event \"cc 1\"]
[Variant \"checkercapture\"]

1. e2e4 a7a6 2. g1f3 h7h6 *

[Event \"cc 2\"]
[Variant \"checkercapture\"]
[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]

1... b8c6 2. b1c3 *
";

/// Plays two games of `variant` from `book` (the engines have no move of their own) and
/// returns the PGN written.
fn play_book(test: &str, variant: &str, book: &str, extra: &str) -> (Finished, String) {
    let d = dir(test);
    std::fs::write(d.join("book.pgn"), book).unwrap();
    let mut a = fake("A", "uci", "");
    a.extend(fake("B", "xboard", ""));
    let flags = format!(
        "-each tc=5+0 -variant {variant} -games 2 -openings file=book.pgn {extra} -pgnout out.pgn"
    );
    a.extend(flags.split_whitespace().map(str::to_string));
    let run = escalade_match(&d, &a);
    let pgn = std::fs::read_to_string(d.join("out.pgn")).unwrap_or_default();
    (run, pgn.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[test]
fn pgn_books_with_variant_and_fen_tags_in_two_variants() {
    let (run, pgn) = play_book("book-chess", "normal", CHESS_BOOK, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for needle in [
        "1. e4 {book} 1... e5 {book} 2. Nf3 {book} 2... Nc6 {book} 3. Bc4 {book} 3... Bc5 {book} {White disconnects}",
        "[FEN \"r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\"] [SetUp \"1\"]",
        "4. O-O {book} 4... d6 {book} {White disconnects}",
    ] {
        assert!(pgn.contains(needle), "missing {needle} in {pgn}");
    }
    let (run, pgn) = play_book("book-checker", "checkercapture", CHECKER_BOOK, "format=pgn");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for needle in [
        "[Variant \"checkercapture\"]",
        "1. e2e4 {book} 1... a7a6 {book} 2. g1f3 {book} 2... h7h6 {book} {White disconnects}",
        "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]",
        "1... b8c6 {book} 2. b1c3 {book} {Black disconnects}",
    ] {
        assert!(pgn.contains(needle), "missing {needle} in {pgn}");
    }
    // plies=N keeps the first N plies of every line.
    let (_, pgn) = play_book("book-plies", "normal", CHESS_BOOK, "plies=3");
    assert!(pgn.contains("2. Nf3 {book} {Black disconnects}"), "{pgn}");
    assert!(pgn.contains("4. O-O {book} 4... d6 {book}"), "{pgn}");
}

#[test]
fn a_book_game_of_another_variant_or_with_an_illegal_move_is_refused() {
    let (run, _) = play_book("book-variant", "rope", CHESS_BOOK, "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("book.pgn game 1 (line 1) is for variant Standard, but the match plays rope"),
        "{}",
        run.stderr
    );
    let bad = format!("{CHESS_BOOK}\n[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n");
    let (run, _) = play_book("book-illegal", "normal", &bad, "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("book.pgn game 3 (line 12): ply 3 'Ke3' is not a legal move there"),
        "{}",
        run.stderr
    );
}
