//! The `MultiPV` option through the real binary: over UCI every iteration reports the best
//! `N` root moves (`multipv 1..N`, distinct first moves, scores best first, the move played
//! is line 1), never more lines than legal moves; over XBoard one thinking line per root
//! line; bad values are refused and the setting kept.

use std::collections::HashSet;

use escalade_tests::pipe::{best, uci, uci_options, xboard_features};

/// `(depth, rank, score in cp or mate*100000, first move)` of a UCI `info` line.
fn line_fields(line: &str) -> Option<(u32, u32, i64, String)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
    let depth = words.get(after("depth")?)?.parse().ok()?;
    let rank = words.get(after("multipv")?)?.parse().ok()?;
    let at = after("score")?;
    let value: i64 = words.get(at + 1)?.parse().ok()?;
    let score = if words[at] == "mate" {
        value.signum() * 100_000 - value
    } else {
        value
    };
    let first = words.get(after("pv")?)?.to_string();
    Some((depth, rank, score, first))
}

#[test]
fn uci_reports_the_best_lines_of_every_iteration() {
    let mut e = uci();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let lines = e.lines_until("bestmove");
    let infos: Vec<_> = lines.iter().filter_map(|l| line_fields(l)).collect();
    for depth in 1..=5 {
        let at: Vec<_> = infos.iter().filter(|i| i.0 == depth).collect();
        let ranks: Vec<u32> = at.iter().map(|i| i.1).collect();
        assert_eq!(ranks, [1, 2, 3], "depth {depth}: {lines:?}");
        let firsts: HashSet<&String> = at.iter().map(|i| &i.3).collect();
        assert_eq!(
            firsts.len(),
            3,
            "depth {depth}: the same move twice: {lines:?}"
        );
        assert!(
            at.windows(2).all(|w| w[0].2 >= w[1].2),
            "depth {depth}: scores not best first: {lines:?}"
        );
    }
    let last_best = &infos.iter().rev().find(|i| i.1 == 1).unwrap().3;
    assert_eq!(&best(lines.last().unwrap()), last_best);

    // never more lines than legal moves: here only two (Kxa2 and Kb1)
    e.send("setoption name MultiPV value 5");
    e.send("position fen 7k/8/8/8/8/8/r7/K7 w - - 0 1");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    let ranks: HashSet<u32> = lines
        .iter()
        .filter_map(|l| line_fields(l))
        .map(|i| i.1)
        .collect();
    assert_eq!(ranks, HashSet::from([1, 2]), "{lines:?}");

    // a bad value is ignored and the setting kept; back to one line
    e.send("setoption name MultiPV value many");
    e.send("isready");
    e.expect("readyok");
    e.send("setoption name MultiPV value 1");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert!(lines
        .iter()
        .filter_map(|l| line_fields(l))
        .all(|i| i.1 == 1));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn uci_declares_the_option() {
    let (mut e, lines) = uci_options();
    assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn xboard_posts_one_line_per_root_line() {
    let (mut e, features) = xboard_features();
    assert!(features
        .iter()
        .any(|l| l.contains("option=\"MultiPV -spin 1 1 256\"")));
    e.send("option MultiPV=zero");
    e.expect("Error (bad value): option MultiPV=zero");
    e.send("option MultiPV=2");
    e.send("new");
    e.send("variant escalator");
    e.send("post");
    e.send("sd 3");
    e.send("go");
    let lines = e.lines_until("move ");
    for depth in 1..=3 {
        let at = lines
            .iter()
            .filter(|l| l.starts_with(&format!("{depth} ")))
            .count();
        assert_eq!(at, 2, "depth {depth}: {lines:?}");
    }
    e.send("quit");
    assert!(e.finish().success());
}
