//! UCI pondering through the real binary: `go ponder` with a clock searches without using
//! it and never answers on its own; `ponderhit` lets the same search go on (no new search
//! from depth 1) and answer within its time; `stop` while pondering answers at once.

use std::time::Duration;

use escalade_tests::pipe::uci;

/// The depth of an `info depth N ...` line.
fn depth_of(line: &str) -> Option<u32> {
    line.strip_prefix("info depth ")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
fn a_ponder_hit_continues_the_same_search() {
    let mut e = uci();
    e.send("position startpos moves e2e4 e7e5");
    // 40 ms of budget: a fresh search would stop within that, a pondering one does not
    e.send("go ponder wtime 2000 btime 2000 movestogo 40");
    std::thread::sleep(Duration::from_millis(600));
    e.send("isready");
    let before = e.lines_until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    let deepest = before.iter().filter_map(|l| depth_of(l)).max().unwrap_or(0);
    assert!(deepest >= 3, "pondered for 0.6 s: {before:?}");
    e.send("ponderhit");
    let after = e.lines_until("bestmove");
    // no restart: every later iteration is deeper than those before the hit
    assert!(
        after
            .iter()
            .filter_map(|l| depth_of(l))
            .all(|d| d > deepest),
        "{before:?} {after:?}"
    );
    let best = after.last().unwrap();
    assert!(
        best.split_whitespace().nth(1).is_some_and(|m| m.len() >= 4),
        "{best}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn stop_while_pondering_answers_at_once_and_a_finished_ponder_waits() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go ponder wtime 100000 btime 100000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.expect("bestmove");
    // a mate in one: the ponder search runs out of depth quickly, yet waits for the hit
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go ponder movetime 50");
    std::thread::sleep(Duration::from_millis(400));
    e.send("isready");
    let before = e.lines_until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("ponderhit");
    assert_eq!(e.expect("bestmove").split_whitespace().nth(1), Some("d1d8"));
    e.send("quit");
    assert!(e.finish().success());
}
