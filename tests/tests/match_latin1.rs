//! `escalade match` against engines that write Latin-1 (bytes that are not UTF-8), as older
//! engines do (`tests/fake_engines/latin1.sh`: `id author J\xfcrgen`, `info string caf\xe9`,
//! a Latin-1 line on stderr for each line of output). The runner decodes lossily and plays
//! on: the game ends by the rules, never as a disconnection, on stdout and stderr alike.

use escalade::matchrunner::record::Termination;
use escalade::matchrunner::{args, run_match, MatchSummary};
use escalade_core::Color;

const LATIN1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fake_engines/latin1.sh");

/// An `-engine` group running the Latin-1 fake engine with the moves `moves`.
fn latin1(name: &str, proto: &str, moves: &str) -> Vec<String> {
    vec![
        "-engine".into(),
        format!("cmd={LATIN1} {proto} crash {moves}"),
        format!("name={name}"),
        format!("proto={proto}"),
    ]
}

/// Fool's mate between two Latin-1 engines: Black mates on its second move.
fn fools_mate(white_proto: &str, black_proto: &str, extra: &str) -> MatchSummary {
    let mut a = latin1("W", white_proto, "f2f3 g2g4");
    a.extend(latin1("B", black_proto, "e7e5 d8h4"));
    a.extend(extra.split_whitespace().map(str::to_string));
    let cfg = args::parse(&a, 1).expect("valid arguments");
    run_match(&cfg).expect("the match runs")
}

fn assert_black_mates(s: &MatchSummary, what: &str) {
    assert_eq!(s.games.len(), 1, "{what}");
    let o = &s.games[0].outcome;
    assert_eq!(o.winner, Some(Color::Black), "{what}: {}", o.reason);
    assert_eq!(o.termination, Termination::Normal, "{what}: {}", o.reason);
    assert_eq!(s.games[0].moves.len(), 4, "{what}");
}

#[test]
fn latin1_output_is_no_disconnection_in_either_protocol() {
    for (w, b) in [("uci", "uci"), ("xboard", "xboard"), ("uci", "xboard")] {
        assert_black_mates(&fools_mate(w, b, "-each tc=5+0"), &format!("{w} vs {b}"));
    }
}

#[test]
fn latin1_output_with_recover_plays_normally() {
    let s = fools_mate("uci", "uci", "-each tc=5+0 -recover");
    assert_black_mates(&s, "uci with -recover");
}
