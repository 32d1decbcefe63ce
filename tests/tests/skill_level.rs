//! `Skill Level` through the real binary (UCI option and XBoard `option`): below 20 the
//! engine searches 1 + level plies, compares at least four root lines and plays a seeded
//! pick among them; the same `Seed` repeats the same games; bad values are refused.

use escalade_tests::pipe::{best, uci, uci_options, xboard_features};

/// The moves `go depth 12` plays from the start with `Seed` `seed` at level 0, each after
/// the one before.
fn level_zero_moves(seed: u32, plies: usize) -> Vec<String> {
    let mut e = uci();
    e.send(&format!("setoption name Seed value {seed}"));
    e.send("setoption name Skill Level value 0");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go depth 12");
        let lines = e.lines_until("bestmove");
        // depth 1 only, with four lines
        assert!(lines.iter().any(|l| l.contains("multipv 4")), "{lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("info depth 2")),
            "{lines:?}"
        );
        moves.push(best(lines.last().unwrap()));
    }
    e.send("quit");
    assert!(e.finish().success());
    moves
}

#[test]
fn uci_skill_level_weakens_and_repeats_with_the_seed() {
    let (mut e, options) = uci_options();
    assert!(options
        .iter()
        .any(|l| l == "option name Skill Level type spin default 20 min 0 max 20"));
    e.send("quit");
    assert!(e.finish().success());
    let a = level_zero_moves(7, 6);
    assert_eq!(a, level_zero_moves(7, 6), "the same seed, the same game");
    // other seeds play other games
    let others: Vec<Vec<String>> = (8..11).map(|s| level_zero_moves(s, 6)).collect();
    assert!(others.iter().any(|g| *g != a), "{a:?} {others:?}");
    // back at 20: full strength (deeper than one ply)
    let mut e = uci();
    e.send("setoption name Skill Level value 0");
    e.send("setoption name Skill Level value 20");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
    // a bad value is logged and changes nothing
    e.send("setoption name Skill Level value weak");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn xboard_skill_level_option() {
    let (mut e, features) = xboard_features();
    assert!(
        features.contains(&"feature option=\"Skill Level -spin 20 0 20\"".to_string()),
        "{features:?}"
    );
    e.send("new");
    e.send("option Skill Level=0");
    let answer = e.sync(1);
    assert!(answer.is_empty(), "{answer:?}");
    e.send("post");
    e.send("sd 10");
    e.send("usermove e2e4");
    let lines = e.lines_until("move ");
    // thinking lines are `DEPTH SCORE TIME NODES PV`: one ply only
    assert!(
        lines
            .iter()
            .filter(|l| l
                .split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok()))
            .all(|l| l.starts_with("1 ")),
        "{lines:?}"
    );
    e.send("option Skill Level=strong");
    e.expect("Error (bad value)");
    e.send("quit");
    assert!(e.finish().success());
}
