//! `go perft N` (as in Stockfish): `MOVE: COUNT` per legal move of the current position,
//! an empty line, `Nodes searched: N`; no `bestmove`. It runs on its own thread, so
//! `isready` is answered at once and `stop`, `quit` or any command that changes the
//! position interrupts it (`info string perft stopped`, no total).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use escalade_core::perft::MAX_DEPTH;

use super::Uci;

/// A perft running on its own thread.
pub(super) struct PerftRun {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Reads the depth of `go perft`: 1 to [`MAX_DEPTH`].
/// A `go perft` depth out of range or not a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("go perft needs a depth from 1 to {MAX_DEPTH}, not '{0}'")]
struct BadDepth(String);

fn perft_depth(text: &str) -> Result<u32, BadDepth> {
    match text.parse::<u64>() {
        Ok(d) if (1..=MAX_DEPTH as u64).contains(&d) => Ok(d as u32),
        _ => Err(BadDepth(text.to_string())),
    }
}

impl Uci {
    /// `go perft DEPTH`: starts the count on its own thread.
    pub(super) fn perft(&mut self, depth: &str) {
        let depth = match perft_depth(depth) {
            Ok(d) => d,
            Err(e) => return self.refuse(&e.to_string()),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let job = self.session.perft_job(depth, stop.clone());
        let out = self.out.clone();
        let thread = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || match job() {
                Some(divide) => {
                    for (text, count) in &divide {
                        out.line(&format!("{text}: {count}"));
                    }
                    out.line("");
                    let total: u64 = divide.iter().map(|(_, n)| n).sum();
                    out.line(&format!("Nodes searched: {total}"));
                }
                None => out.line("info string perft stopped"),
            });
        match thread {
            Ok(thread) => self.perft = Some(PerftRun { stop, thread }),
            Err(e) => self.refuse(&format!("cannot start the perft thread: {e}")),
        }
    }

    /// Interrupts a running perft and waits for its thread (a finished one is collected).
    pub(super) fn stop_perft(&mut self) {
        if let Some(run) = self.perft.take() {
            run.stop.store(true, Ordering::Relaxed);
            if run.thread.join().is_err() {
                log::error!("the perft thread panicked");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_depths_are_bounded() {
        assert_eq!(perft_depth("5"), Ok(5));
        assert_eq!(perft_depth(&MAX_DEPTH.to_string()), Ok(MAX_DEPTH));
        for bad in ["0", "-1", "65", "4294967295", "10000", "x", ""] {
            assert!(perft_depth(bad).is_err(), "{bad}");
        }
    }
}
