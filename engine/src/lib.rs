//! Search: generic alpha-beta over any game that implements `Position` + `Evaluate`.
//!
//! The public API (this file) is what the protocol front ends use; it is a contract:
//! [`Engine::search`] blocks until the limits are reached or [`StopHandle::stop`] is called
//! from another thread, calling `on_info` after each completed iteration.

mod limits;
mod search;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;


use escalade_eval::Evaluate;

pub use limits::Limits;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: is mated).
    Mate(i32),
}

/// What the search reports after each iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    /// The principal variation in the game's move text.
    pub pv: Vec<String>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// The expected reply, for pondering and hints.
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Stops a running search from another thread.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop as soon as possible and return its best move.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether a stop was requested.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
    fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// A searcher for one game, keeping its transposition table and threads between searches.
pub struct Engine<P: Evaluate> {
    hash_mb: usize,
    threads: usize,
    stop: StopHandle,
    _game: std::marker::PhantomData<P>,
}

impl<P: Evaluate> Default for Engine<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Evaluate> Engine<P> {
    /// An engine with a 16 MB table and one thread.
    pub fn new() -> Self {
        Engine { hash_mb: 16, threads: 1, stop: StopHandle::default(), _game: std::marker::PhantomData }
    }
    /// Resizes the transposition table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb.max(1);
    }
    /// Sets the number of search threads (Lazy SMP).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }
    /// Current hash size in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }
    /// Current thread count.
    pub fn threads(&self) -> usize {
        self.threads
    }
    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {}
    /// A handle that stops the running search.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
    /// Searches the last position of `history` (earlier positions are for repetitions).
    pub fn search(
        &mut self,
        history: &[P],
        limits: &Limits,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult<P::Move> {
        self.stop.reset();
        search::search(history, limits, &self.stop, on_info)
    }
}

