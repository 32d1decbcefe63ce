//! Lazy SMP: a persistent pool of helper threads that search the same root as the main
//! thread, sharing only the transposition table, the stop flags and their node counters.
//!
//! Each helper owns its [`Searcher`] (history, killers, buffers) for its whole life and
//! waits on a channel for work. The main thread (the caller of `Engine::search`) owns the
//! clock: it sets the shared `abort` flag when time, nodes or a stop request end the
//! search, and then collects every helper's last completed iteration. Node counters are
//! one cache line each, written only by their thread and summed on demand.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

use escalade_eval::Evaluate;

use crate::params::SearchParams;
use crate::search::Searcher;
use crate::time::SearchClock;
use crate::tt::TranspositionTable;
use crate::{Limits, StopHandle};

/// One thread's node count, alone on its cache line.
#[repr(align(64))]
#[derive(Debug, Default)]
pub struct NodeCounter(pub AtomicU64);

/// Node counters for `n` threads.
pub fn counters(n: usize) -> Arc<[NodeCounter]> {
    (0..n).map(|_| NodeCounter::default()).collect()
}

/// What every thread of one search shares.
pub struct SearchShared<P: Evaluate> {
    /// The game so far, the position to search last.
    pub history: Vec<P>,
    pub limits: Limits,
    pub clock: SearchClock,
    /// The protocol's stop request.
    pub stop: StopHandle,
    /// Set by the main thread: every thread unwinds.
    pub abort: AtomicBool,
    /// The deepest iteration any thread has completed (the deepest result is the one
    /// played, so a depth limit is met when some thread gets there).
    pub deepest: AtomicU32,
    pub counters: Arc<[NodeCounter]>,
    pub tt: Arc<TranspositionTable>,
    /// The search constants every thread uses.
    pub params: SearchParams,
}

impl<P: Evaluate> SearchShared<P> {
    /// Nodes searched by all threads (as last published).
    pub fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    }

    /// Whether the main thread should end the search now (stop request, time, nodes, a
    /// thread has completed the depth limit).
    pub fn should_stop(&self) -> bool {
        self.stop.is_stopped()
            || self.depth_reached()
            || self.clock.out_of_time()
            || self.over_node_limit()
    }

    /// Whether the search must stop even before its first iteration is complete: an explicit
    /// stop, the clock or the node limit. (Games with thousands of turns per node can take
    /// longer than the whole budget to finish depth 1.)
    pub fn must_stop_now(&self) -> bool {
        self.stop.is_stopped() || self.clock.out_of_time() || self.over_node_limit()
    }

    /// Whether all threads together have used up the node limit. Every thread checks this
    /// when it polls (not only the main thread, which may be descheduled while helpers run
    /// on), so a node-limited search with `T` threads ends within about `2 T` poll
    /// intervals of the limit.
    pub fn over_node_limit(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.total_nodes() >= n)
    }
}

impl<P: Evaluate> SearchShared<P> {
    /// Whether some thread has completed an iteration at the depth limit.
    pub fn depth_reached(&self) -> bool {
        self.limits
            .depth
            .is_some_and(|d| self.deepest.load(Ordering::Relaxed) >= d)
    }
}

/// The last completed iteration of one thread.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    pub best: Option<M>,
    pub score: i32,
    /// Depth of the last completed iteration (0: none).
    pub depth: u32,
    pub seldepth: u32,
    pub pv: Vec<M>,
}

enum Command<P: Evaluate> {
    Search(Arc<SearchShared<P>>),
    Clear,
    /// Search with this table from now on (the old one is let go).
    Table(Arc<TranspositionTable>),
}

struct Worker<P: Evaluate> {
    commands: Option<Sender<Command<P>>>,
    results: Receiver<ThreadResult<P::Move>>,
    handle: Option<JoinHandle<()>>,
}

/// The helper threads (all threads but the main one).
pub struct HelperPool<P: Evaluate> {
    workers: Vec<Worker<P>>,
    /// Helpers wanted; they are started by the first search (so an engine that never
    /// searches, e.g. one opened by a variant change, starts no threads).
    wanted: usize,
    tt: Arc<TranspositionTable>,
}

impl<P: Evaluate> HelperPool<P> {
    /// A pool of `count` helpers, numbered 1..=count, started by the first search.
    pub fn new(count: usize, tt: &Arc<TranspositionTable>) -> Self {
        HelperPool {
            workers: Vec::new(),
            wanted: count,
            tt: tt.clone(),
        }
    }

    /// Starts the helpers not yet running.
    fn spawn_missing(&mut self) {
        while self.workers.len() < self.wanted {
            let id = self.workers.len() + 1;
            let (commands, inbox) = channel::<Command<P>>();
            let (outbox, results) = channel();
            let tt = self.tt.clone();
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .spawn(move || {
                    let mut searcher = Searcher::<P>::new(id, tt);
                    for command in inbox {
                        match command {
                            Command::Search(shared) => {
                                let result = searcher.run(shared, None);
                                if outbox.send(result).is_err() {
                                    break;
                                }
                            }
                            Command::Clear => searcher.clear(),
                            Command::Table(tt) => {
                                searcher.tt = tt;
                                searcher.shared = None;
                            }
                        }
                    }
                })
                .expect("spawning a search thread");
            self.workers.push(Worker {
                commands: Some(commands),
                results,
                handle: Some(handle),
            });
        }
    }

    /// Sets every helper searching (starting those not yet running).
    pub fn start(&mut self, shared: &Arc<SearchShared<P>>) {
        self.spawn_missing();
        for w in &self.workers {
            if let Some(tx) = &w.commands {
                // a helper that died has left its channel closed; the search goes on without it
                let _ = tx.send(Command::Search(shared.clone()));
            }
        }
    }

    /// Waits for every helper to finish (the abort flag must be set) and returns their
    /// results.
    pub fn finish(&self) -> Vec<ThreadResult<P::Move>> {
        self.workers
            .iter()
            .filter_map(|w| w.results.recv().ok())
            .collect()
    }

    /// Gives every helper `tt` (each lets go of its old table before its next search).
    pub fn set_table(&mut self, tt: &Arc<TranspositionTable>) {
        self.tt = tt.clone();
        for w in &self.workers {
            if let Some(tx) = &w.commands {
                let _ = tx.send(Command::Table(tt.clone()));
            }
        }
    }

    /// Clears every helper's heuristics.
    pub fn clear(&self) {
        for w in &self.workers {
            if let Some(tx) = &w.commands {
                let _ = tx.send(Command::Clear);
            }
        }
    }
}

impl<P: Evaluate> Drop for HelperPool<P> {
    fn drop(&mut self) {
        for w in &mut self.workers {
            // closing the channel ends the helper's loop
            w.commands = None;
        }
        for w in &mut self.workers {
            if let Some(h) = w.handle.take() {
                let _ = h.join();
            }
        }
    }
}
