//! Lazy SMP: a persistent pool of helper threads that search the same root as the main
//! thread, sharing only what `shared.rs` holds (the transposition table, the stop flags
//! and their node counters). The top of the search: it runs whole searches.
//!
//! Each helper owns its [`Searcher`] (history, killers, stack) for its whole life and
//! waits on a channel for work. The main thread (the caller of `Engine::search`) owns the
//! clock: it sets the shared `abort` flag when time, nodes or a stop request end the
//! search, and then collects every helper's last completed iteration.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

use escalade_eval::Evaluate;

use crate::lines::ThreadResult;
use crate::searcher::Searcher;
use crate::shared::SearchShared;
use crate::tt::TranspositionTable;

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
