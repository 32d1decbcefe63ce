//! Helpers of the hostile-input tests (`tests/robust_inputs.rs`, `tests/robust_streams.rs`):
//! an engine through raw pipes (`escalade_selfcheck::protocol::EngineIo`), the liveness
//! check after every input, and the checks that a refusal was reported.

use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use crate::{escalade_bin, run};
pub use escalade_selfcheck::protocol::{material, Dialect, EngineIo};

/// The longest an `isready`/`ping` answer may take here (generous for a loaded 2-core
/// machine; the answers are usually a few milliseconds).
pub const LIVE_MS: u64 = 2_000;
/// How long to wait for a search result.
pub const SEARCH_SECS: u64 = 20;

/// Tests that ask for a huge hash table run one at a time (each may take half the
/// machine's memory).
pub static MEMORY: Mutex<()> = Mutex::new(());

/// Starts `escalade` speaking `dialect` and waits until it answers its handshake.
pub fn start(dialect: Dialect) -> EngineIo {
    let mut e = EngineIo::spawn(&escalade_bin(), &[dialect.command()]).expect("start escalade");
    match dialect {
        Dialect::Uci => {
            e.send("uci");
            e.read_until(Duration::from_secs(SEARCH_SECS), |l| l == "uciok")
                .unwrap_or_else(|w| panic!("{w}"));
        }
        Dialect::Xboard => {
            e.send("xboard");
            e.send("protover 2");
            e.read_until(Duration::from_secs(SEARCH_SECS), |l| l.contains("done=1"))
                .unwrap_or_else(|w| panic!("{w}"));
            // every variant's moves, as `escalade match` speaks them
            e.send("option Full Dialect=1");
        }
    }
    e
}

/// `isready`/`ping` answered within [`LIVE_MS`]: the lines before the answer.
pub fn alive(e: &mut EngineIo, dialect: Dialect, n: u32, after: &str) -> Vec<String> {
    let answer = match dialect {
        Dialect::Uci => "readyok".to_string(),
        Dialect::Xboard => format!("pong {n}"),
    };
    let asked = Instant::now();
    match dialect {
        Dialect::Uci => e.send("isready"),
        Dialect::Xboard => e.send(&format!("ping {n}")),
    };
    let mut lines = e
        .read_until(Duration::from_secs(30), |l| l.trim() == answer)
        .unwrap_or_else(|w| panic!("after {after}: {w}"));
    let took = asked.elapsed();
    println!(
        "{dialect:?}: answered in {} ms after {after}",
        took.as_millis()
    );
    assert!(
        took <= Duration::from_millis(LIVE_MS),
        "after {after}: the answer took {} ms; transcript:\n{}",
        took.as_millis(),
        e.transcript()
    );
    lines.pop();
    lines
}

/// `quit` ends the engine with success, and it never panicked.
pub fn quit(mut e: EngineIo) {
    let status = e.quit(Duration::from_secs(10));
    assert!(
        status.is_some_and(|s| s.success()),
        "quit: {status:?}; transcript:\n{}",
        e.transcript()
    );
    assert!(!e.panicked(), "stderr:\n{}", e.stderr_text());
}

/// The first line starting with `prefix` within `secs` seconds; every line read.
pub fn until(e: &mut EngineIo, secs: u64, prefix: &str) -> Vec<String> {
    e.read_until(Duration::from_secs(secs), |l| l.starts_with(prefix))
        .unwrap_or_else(|w| panic!("waiting for {prefix:?}: {w}"))
}

/// Whether the engine reported a refusal: in `lines` (an `Error`, an `Illegal move` or an
/// `info string`), or on its standard error past the first `stderr_before` bytes.
pub fn reported(lines: &[String], stderr_before: usize, e: &EngineIo) -> bool {
    if lines
        .iter()
        .any(|l| l.starts_with("info string") || l.starts_with("Error") || l.starts_with("Illegal"))
    {
        return true;
    }
    // stderr is collected by a thread of its own: give it a moment to catch up
    let until = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while std::time::Instant::now() < until {
        if e.stderr_text().len() > stderr_before {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// The board `d` shows (its `info string` lines, errors left out).
pub fn board(e: &mut EngineIo) -> Vec<String> {
    e.send("d");
    alive(e, Dialect::Uci, 0, "d")
        .into_iter()
        .filter(|l| {
            l.starts_with("info string")
                && !l.starts_with("info string error")
                && !l.starts_with("info string variant ")
                && !l.starts_with("info string roll ")
        })
        .collect()
}

// 1. Invalid UTF-8 and NUL bytes do not end the session.
