//! `escalade match` against scripted fake engines (`tests/fake_engines/scripted.sh`): an
//! engine that sends an illegal or unparsable move, crashes, hangs (with and without a
//! clock) or resigns loses with the right reason; a game ends by the rules; the PGN records
//! it. Both protocols are exercised. Every game here takes at most about a second.

use escalade::matchrunner::record::Termination;
use escalade::matchrunner::{args, run_match, MatchSummary};
use escalade_core::Color;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fake_engines/scripted.sh");

/// An `-engine` group running the fake engine.
fn fake(name: &str, proto: &str, mode: &str, moves: &str) -> Vec<String> {
    vec![
        "-engine".into(),
        format!("cmd={FAKE} {proto} {mode} {moves}"),
        format!("name={name}"),
        format!("proto={proto}"),
    ]
}

fn play(white: Vec<String>, black: Vec<String>, extra: &str) -> MatchSummary {
    let mut a = white;
    a.extend(black);
    a.extend(extra.split_whitespace().map(str::to_string));
    let cfg = args::parse(&a, 1).expect("valid arguments");
    run_match(&cfg).expect("the match runs")
}

fn only_game(s: &MatchSummary) -> (&Option<Color>, &str, Termination) {
    assert_eq!(s.games.len(), 1);
    let o = &s.games[0].outcome;
    (&o.winner, o.reason.as_str(), o.termination)
}

#[test]
fn illegal_move_loses_in_both_protocols() {
    for proto in ["xboard", "uci"] {
        let s = play(
            fake("W", proto, "crash", "e2e4 e2e5"),
            fake("B", proto, "crash", "e7e5 d7d6"),
            "-each tc=5+0",
        );
        let (winner, reason, term) = only_game(&s);
        assert_eq!(*winner, Some(Color::Black), "{proto}: {reason}");
        assert!(
            reason.starts_with("White makes an illegal move: e2e5"),
            "{reason}"
        );
        assert_eq!(term, Termination::IllegalMove);
        assert_eq!(s.games[0].moves.len(), 2, "the illegal move is not played");
    }
}

#[test]
fn unparsable_move_loses() {
    let s = play(
        fake("W", "xboard", "crash", "e2e4"),
        fake("B", "uci", "crash", "xyzzy"),
        "-each depth=2",
    );
    let (winner, reason, _) = only_game(&s);
    assert_eq!(*winner, Some(Color::White));
    assert!(
        reason.starts_with("Black makes an illegal move: xyzzy"),
        "{reason}"
    );
}

#[test]
fn crash_loses_as_a_disconnection() {
    for proto in ["xboard", "uci"] {
        let s = play(
            fake("W", proto, "crash", "e2e4"),
            fake("B", proto, "crash", "e7e5 d7d6"),
            "-each tc=5+0",
        );
        let (winner, reason, term) = only_game(&s);
        assert_eq!(*winner, Some(Color::Black));
        assert_eq!(reason, "White disconnects");
        assert_eq!(term, Termination::Abandoned);
    }
}

#[test]
fn hang_with_a_clock_loses_on_time() {
    let start = std::time::Instant::now();
    let s = play(
        fake("W", "uci", "crash", "e2e4 d2d4"),
        fake("B", "xboard", "hang", "e7e5"),
        "-each tc=0.5+0 timemargin=50",
    );
    let (winner, reason, term) = only_game(&s);
    assert_eq!(*winner, Some(Color::White));
    assert_eq!(reason, "Black loses on time");
    assert_eq!(term, Termination::TimeForfeit);
    assert!(start.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn hang_without_a_clock_stalls() {
    let s = play(
        fake("W", "xboard", "hang", ""),
        fake("B", "uci", "crash", "e7e5"),
        "-each depth=3 stall=0.3",
    );
    let (winner, reason, term) = only_game(&s);
    assert_eq!(*winner, Some(Color::Black));
    assert_eq!(reason, "White's connection stalls");
    assert_eq!(term, Termination::StalledConnection);
}

#[test]
fn resignation_and_move_time() {
    let s = play(
        fake("W", "xboard", "resign", "e2e4"),
        fake("B", "uci", "crash", "e7e5 d7d6"),
        "-each st=1",
    );
    let (winner, reason, _) = only_game(&s);
    assert_eq!(*winner, Some(Color::Black));
    assert_eq!(reason, "White resigns");
}

#[test]
fn mate_ends_the_game_and_the_pgn_records_it() {
    let dir = escalade_tests::scratch_dir("match");
    let pgn = dir.join("mate.pgn");
    let _ = std::fs::remove_file(&pgn);
    let s = play(
        fake("Fool", "xboard", "crash", "f2f3 g2g4 a2a3"),
        fake("Mater", "uci", "crash", "e7e5 d8h4"),
        &format!("-each tc=5+0.1 -pgnout {}", pgn.display()),
    );
    let (winner, reason, term) = only_game(&s);
    assert_eq!(*winner, Some(Color::Black));
    assert_eq!(reason, "Black mates");
    assert_eq!(term, Termination::Normal);
    let raw = std::fs::read_to_string(&pgn).unwrap();
    let text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "[White \"Fool\"]",
        "[Black \"Mater\"]",
        "[Result \"0-1\"]",
        "[TimeControl \"5+0.1\"]",
        "[PlyCount \"4\"]",
        "1. f3 {+0.00/1 ",
        "2... Qh4# {",
        "{Black mates} 0-1",
    ] {
        assert!(text.contains(needle), "missing {needle} in\n{text}");
    }
    assert!(
        !text.contains("Variant"),
        "no Variant tag for standard chess"
    );
}

#[test]
fn colours_alternate_and_the_table_counts_every_game() {
    // Engine A always mates as Black; as White it plays the fool's moves.
    let s = play(
        fake("A", "uci", "crash", "e7e5 d8h4"),
        fake("B", "xboard", "crash", "f2f3 g2g4"),
        "-each tc=5+0 -games 2 -concurrency 2",
    );
    assert_eq!(s.games.len(), 2);
    assert_eq!((s.games[0].white, s.games[1].white), (0, 1));
    // Game 1: A (White) plays e7e5: illegal. Game 2: B (White) is mated by A.
    assert_eq!(s.games[0].winner_engine(), Some(1));
    assert_eq!(s.games[1].winner_engine(), Some(0));
    let t = s.standings.total_of(0);
    assert_eq!((t.wins, t.draws, t.losses), (1, 0, 1));
}

#[test]
fn an_engine_that_does_not_start_is_an_error() {
    let cfg = args::parse(
        &"-engine cmd=/nonexistent/engine -engine cmd=/nonexistent/other -each depth=1"
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>(),
        1,
    )
    .unwrap();
    let err = run_match(&cfg).unwrap_err();
    let err = escalade::matchrunner::error_chain(&err);
    assert!(err.contains("does not start"), "{err}");
}

/// `escalade match ARGS` through the real binary with a deadline (an accepted command
/// would play a game: it is killed after 60 s). Exit status, stderr.
fn run_match_binary(args: &[String]) -> (Option<i32>, String) {
    let mut all = vec!["match".to_string()];
    all.extend_from_slice(args);
    let run = escalade_tests::deadline::run_until(&all, None, std::time::Duration::from_secs(60));
    (run.code, run.stderr)
}

/// Numeric flags out of range (huge, negative, not finite, fractional where a count is
/// meant) are refused when the command line is read: exit code 2, a message naming the
/// flag on stderr, never a panic (they used to panic: `cannot convert float seconds to
/// Duration`, `overflow when adding duration to instant`).
#[test]
fn absurd_numbers_exit_2_with_a_message() {
    let cases: &[(&str, &str)] = &[
        ("-each tc=1e20", "tc"),
        ("-each tc=1e19", "tc"),
        ("-each tc=1e308+0", "tc"),
        ("-each tc=inf+0", "tc"),
        ("-each tc=NaN", "tc"),
        ("-each tc=-5", "tc"),
        ("-each tc=10+-1", "tc"),
        ("-each tc=10+1e20", "tc"),
        ("-each tc=4294967296/10", "tc"),
        ("-each tc=1:-30", "tc"),
        ("-each st=1e308", "st"),
        ("-each st=1e20", "st"),
        ("-each st=-1", "st"),
        ("-each st=NaN", "st"),
        ("-each st=inf", "st"),
        ("-each depth=1 stall=1e308", "stall"),
        ("-each depth=1 stall=-1", "stall"),
        ("-each depth=1 stall=inf", "stall"),
        ("-each depth=1 stall=NaN", "stall"),
        ("-each tc=1 timemargin=18446744073709551615", "timemargin"),
        ("-each tc=1 timemargin=99999999999999999", "timemargin"),
        ("-each tc=1 timemargin=-1", "timemargin"),
        ("-each tc=1 timemargin=NaN", "timemargin"),
        ("-each depth=-1", "depth"),
        ("-each depth=4294967296", "depth"),
        ("-each depth=1e9", "depth"),
        ("-each depth=NaN", "depth"),
        ("-each nodes=-1", "nodes"),
        ("-each nodes=18446744073709551616", "nodes"),
        ("-each nodes=inf", "nodes"),
        ("-each depth=1 -rounds -1", "rounds"),
        ("-each depth=1 -rounds 18446744073709551615", "rounds"),
        ("-each depth=1 -rounds 1000000 -games 1000000", "games"),
        ("-each depth=1 -games -1", "games"),
        ("-each depth=1 -games 1e9", "games"),
        ("-each depth=1 -repeat -1", "repeat"),
        ("-each depth=1 -repeat 18446744073709551616", "repeat"),
        ("-each depth=1 -concurrency -1", "concurrency"),
        ("-each depth=1 -concurrency 4294967296", "concurrency"),
        ("-each depth=1 -openings plies=-1", "plies"),
        ("-each depth=1 -openings plies=4294967296", "plies"),
        ("-each depth=1 -openings start=-1", "start"),
        (
            "-each depth=1 -openings start=18446744073709551616",
            "start",
        ),
        (
            "-each depth=1 -draw movenumber=-1 movecount=2 score=10",
            "movenumber",
        ),
        (
            "-each depth=1 -draw movecount=4294967296 score=10",
            "movecount",
        ),
        ("-each depth=1 -draw movecount=2 score=-1", "score"),
        ("-each depth=1 -draw movecount=2 score=2147483648", "score"),
        (
            "-each depth=1 -resign movecount=2 score=-2147483648",
            "score",
        ),
        ("-each depth=1 -resign movecount=-1 score=600", "movecount"),
        ("-each depth=1 -maxmoves 4294967295", "maxmoves"),
        ("-each depth=1 -maxmoves -1", "maxmoves"),
        ("-each depth=1 -maxmoves NaN", "maxmoves"),
        ("-each depth=1 -seed -1", "seed"),
        ("-each depth=1 -seed 18446744073709551616", "seed"),
        ("-each depth=1 -sprt elo0=0 elo1=inf", "sprt"),
        ("-each depth=1 -sprt elo0=NaN elo1=5", "sprt"),
        ("-each depth=1 -sprt elo0=-1e308 elo1=5", "sprt"),
        ("-each depth=1 -sprt elo0=0 elo1=5 alpha=inf", "sprt"),
        ("-each depth=1 -sprt elo0=0 elo1=5 beta=-1", "sprt"),
    ];
    let mut failures = Vec::new();
    for (flags, what) in cases {
        let mut args = fake("W", "uci", "crash", "e2e4");
        args.extend(fake("B", "uci", "crash", "e7e5"));
        args.extend(flags.split_whitespace().map(str::to_string));
        let (code, stderr) = run_match_binary(&args);
        let ok = code == Some(2)
            && stderr.contains(what)
            && !stderr.contains("panicked")
            && !stderr.contains("usage:");
        if !ok {
            failures.push(format!("{flags}: exit {code:?}, stderr {stderr:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The largest accepted values do not overflow at run time either: a game with the
/// longest clock, margin and stall limits (the fake engines end it within a second).
#[test]
fn largest_accepted_values_play_without_overflow() {
    let mut args = fake("W", "uci", "crash", "e2e4 d2d4");
    args.extend(fake("B", "xboard", "crash", "e7e5"));
    args.extend(
        "-each tc=1000000/1000000+1000000 timemargin=1000000000 stall=1000000 \
         -maxmoves 1000000 -draw movenumber=1000000 movecount=1000000 score=100000 \
         -resign movecount=1000000 score=100000 -seed 18446744073709551615 \
         -openings start=1000000000"
            .split_whitespace()
            .map(str::to_string),
    );
    let (code, stderr) = run_match_binary(&args);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let mut args = fake("W", "xboard", "crash", "e2e4 d2d4");
    args.extend(fake("B", "uci", "crash", "e7e5"));
    args.extend(
        "-each st=1000000 timemargin=1000000000 depth=1000 nodes=1000000000000000"
            .split_whitespace()
            .map(str::to_string),
    );
    let (code, stderr) = run_match_binary(&args);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
