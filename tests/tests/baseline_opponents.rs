//! The built-in baseline opponents through the real binary: the `RandomMover` option (a
//! uniformly random legal move, seeded by `Seed`) and the `MaxDepth` option (a depth cap on
//! every search), over UCI and XBoard, and a short `escalade match` against the random mover.

use std::collections::HashSet;

use escalade::matchrunner::{args, run_match};
use escalade::session::{self, Notation, Settings};
use escalade_tests::pipe::{best, uci, uci_options, xboard_features};

#[test]
fn uci_lists_the_baseline_options() {
    let (mut e, lines) = uci_options();
    assert!(lines.contains(&"option name RandomMover type check default false".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name MaxDepth type spin default 0 min 0")));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn the_random_mover_plays_varied_legal_moves_at_once() {
    let legal: HashSet<String> = session::open("normal", Settings::default())
        .unwrap()
        .legal_moves(Notation::Engine)
        .into_iter()
        .collect();
    let mut e = uci();
    e.send("setoption name Seed value 11");
    e.send("setoption name RandomMover value true");
    e.send("position startpos");
    let mut seen = HashSet::new();
    for _ in 0..30 {
        // an hour per move: the random mover answers at once all the same
        e.send("go movetime 3600000");
        let line = e.wait_for(10, |l| l.starts_with("bestmove"));
        let mv = best(&line);
        assert!(legal.contains(&mv), "{mv} is not legal at the start");
        seen.insert(mv);
    }
    assert!(seen.len() >= 8, "30 draws gave only {seen:?}");
    // switched off, the engine searches again
    e.send("setoption name RandomMover value false");
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 2")));
    // a bad value is ignored and the setting kept
    e.send("setoption name RandomMover value maybe");
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn max_depth_caps_every_search() {
    let mut e = uci();
    e.send("setoption name MaxDepth value 2");
    e.send("position startpos");
    e.send("go wtime 600000 btime 600000");
    let lines = e.lines_until("bestmove");
    let deepest = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .max();
    assert_eq!(deepest, Some(2), "{lines:?}");
    e.send("setoption name MaxDepth value 0");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3")));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn xboard_announces_and_obeys_the_baseline_options() {
    let (mut e, features) = xboard_features();
    assert!(features
        .iter()
        .any(|l| l.contains("option=\"RandomMover -check 0\"")));
    assert!(features
        .iter()
        .any(|l| l.contains("option=\"MaxDepth -spin 0 0 ")));
    e.send("option RandomMover=2");
    e.expect("Error (bad value): option RandomMover=2");
    e.send("option RandomMover=1");
    e.send("option Seed=5");
    // the rope is refused to XBoard itself (tests/xboard_refusal.rs); a peer that speaks the
    // whole dialect, as `escalade match` does, plays it
    e.send("option Full Dialect=1");
    e.send("new");
    e.send("variant rope");
    e.send("level 0 60 0");
    e.send("go");
    let first = e.wait_for(10, |l| l.starts_with("move "));
    assert!(first.len() > 5, "{first}");
    e.send("option MaxDepth=1");
    e.send("option RandomMover=0");
    e.send("force");
    e.send("new");
    e.send("post");
    e.send("go");
    let lines = e.lines_until("move ");
    // with `post`, the depth-capped search reports depth 1 only
    assert!(
        lines.iter().all(|l| !l.starts_with("2 ")),
        "searched deeper than MaxDepth: {lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn escalade_beats_the_random_mover_in_a_short_match() {
    let bin = escalade_tests::escalade_bin();
    let a: Vec<String> = [
        "-engine".to_string(),
        format!("cmd={}", bin.display()),
        "name=Escalade".into(),
        "-engine".into(),
        format!("cmd={}", bin.display()),
        "name=Random".into(),
        "option.RandomMover=true".into(),
        "-each".into(),
        "proto=uci".into(),
        "depth=3".into(),
        "-variant".into(),
        "normal".into(),
        "-games".into(),
        "2".into(),
        "-concurrency".into(),
        "2".into(),
        "-seed".into(),
        "3".into(),
    ]
    .to_vec();
    let cfg = args::parse(&a, 3).unwrap();
    let summary = run_match(&cfg).unwrap();
    assert_eq!(summary.games.len(), 2);
    for g in &summary.games {
        assert_eq!(
            g.winner_engine(),
            Some(0),
            "game {}: {}",
            g.number,
            g.outcome.reason
        );
    }
}
