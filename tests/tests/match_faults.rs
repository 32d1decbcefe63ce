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
    let dir = std::env::temp_dir().join(format!("escalade-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
    assert!(err.contains("does not start"), "{err}");
}
