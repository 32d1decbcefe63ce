//! What the search learnt survives the moves of a game (issue: the hash was wiped on every
//! `position startpos moves ...`), only `ucinewgame` (and XBoard `new`, a variant change)
//! clears it, and clearing a large table does not hold up the protocol or the clock.

use std::time::Instant;

use escalade_tests::pipe::{search_nodes, uci};

const LINE: &str = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";

#[test]
fn uci_position_startpos_keeps_the_table() {
    let mut e = uci();
    e.send(LINE);
    let cold = search_nodes(&mut e, "go depth 8");
    // the GUI sends the whole game again before the next search
    e.send(LINE);
    let warm = search_nodes(&mut e, "go depth 8");
    assert!(
        warm < cold,
        "position startpos kept the table: {warm} vs {cold}"
    );
    e.send("ucinewgame");
    e.send(LINE);
    let cleared = search_nodes(&mut e, "go depth 8");
    assert_eq!(cleared, cold, "ucinewgame clears the table");
    e.send("quit");
    assert!(e.finish().success());
}

/// Milliseconds from `go` to `bestmove`, and from `isready` to `readyok` after `ucinewgame`.
fn timings(hash_mb: u32) -> (u128, u128) {
    let mut e = uci();
    e.send(&format!("setoption name Hash value {hash_mb}"));
    e.send("isready");
    e.expect("readyok");
    // touch the table so that clearing it has real pages to give back
    e.send("position startpos");
    e.send("go depth 9");
    e.lines_until("bestmove");
    let t = Instant::now();
    e.send("ucinewgame");
    e.send("isready");
    e.expect("readyok");
    let ready = t.elapsed().as_millis();
    e.send(LINE);
    let t = Instant::now();
    e.send("go movetime 20");
    e.lines_until("bestmove");
    let go = t.elapsed().as_millis();
    e.send("quit");
    assert!(e.finish().success());
    (ready, go)
}

#[test]
fn clearing_a_large_table_blocks_nothing() {
    let (small_ready, small_go) = timings(16);
    let (large_ready, large_go) = timings(2048);
    // the largest table on huge pages, faulted in when made (`engine/src/hugepages.rs`)
    let (mapped_ready, mapped_go) = timings(128);
    eprintln!(
        "Hash 16: readyok {small_ready} ms, go movetime 20 {small_go} ms; Hash 2048: \
         {large_ready} ms, {large_go} ms; Hash 128: {mapped_ready} ms, {mapped_go} ms"
    );
    assert!(
        large_ready < 200,
        "ucinewgame at Hash 2048 answered isready after {large_ready} ms"
    );
    assert!(
        large_go < 200,
        "go movetime 20 at Hash 2048 took {large_go} ms"
    );
    // faulted in by the first search instead, 128 MB took it to 115-149 ms
    assert!(
        mapped_go < 100,
        "go movetime 20 at Hash 128 took {mapped_go} ms"
    );
    assert!(
        small_go >= 15,
        "a fixed move time is used, not cut short: {small_go} ms"
    );
}
