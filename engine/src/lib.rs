//! Search: generic alpha-beta over any game that implements `Position` + `Evaluate`.
//!
//! The public API (this file) is what the protocol front ends use; it is a contract:
//! [`Engine::search`] blocks until the limits are reached or [`StopHandle::stop`] is called
//! from another thread, calling `on_info` after each completed iteration. In analysis mode
//! (`Limits::infinite`) it returns only after a stop request, even when the search itself
//! is over (a proven result, the deepest depth).
//!
//! Inside, in layers, each module importing only from layers below it (docs/layout.md):
//! the foundations (`score`, `params`, `limits`, `tt`, `path`, `time` and its `stability`
//! and `effort`, `skill`, `lines`); the search's memory (`history`, `conthist`,
//! `correction`, gathered in `heuristics`); a node and the stack (`node`, `stack`,
//! `ordering`, `iir`); the thread's state (`shared`, `searcher`); the static evaluation
//! (`static_eval`); the move loop (`singular`, `depth`, `moveloop`); the node search
//! (`search`, `qsearch`, `chance`); the root and its iterations (`root`, `iterate`); the
//! threads (`threads`, Lazy SMP). No game is named anywhere here.

#![warn(missing_docs)]

mod chance;
mod conthist;
mod correction;
mod depth;
mod effort;
mod heuristics;
mod history;
mod hugepages;
mod iir;
mod iterate;
mod limits;
mod lines;
mod moveloop;
mod node;
mod ordering;
mod params;
mod path;
mod ponder;
mod qsearch;
mod root;
mod score;
mod search;
mod searcher;
mod shared;
mod singular;
mod skill;
mod stability;
mod stack;
mod static_eval;
mod threads;
mod time;
mod tt;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use escalade_eval::Evaluate;

pub use iterate::{pv_text, MAX_DEPTH};
pub use limits::Limits;
pub use params::{
    ParamError, ParamSpec, SearchOverrides, SearchParams, SwitchSpec, SEARCH_PARAMS,
    SEARCH_SWITCHES,
};
pub use ponder::PonderHit;
pub use skill::{Skill, MAX_SKILL_LEVEL};
pub use time::TimeBudget;

use searcher::Searcher;
use shared::{counters, NodeCounter, SearchShared};
use threads::HelperPool;
use time::SearchClock;
pub use tt::max_hash_mb;
use tt::TranspositionTable;

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
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The deepest ply any line of the iteration reached (quiescence included).
    pub seldepth: u32,
    /// The line's score, from the side to move's point of view.
    pub score: Score,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Nodes per second since the search began.
    pub nps: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    /// The principal variation in the game's move text.
    pub pv: Vec<String>,
    /// The rank of this line among the root moves, from 1 (multi-PV; always 1 otherwise).
    pub multipv: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// The expected reply, for pondering and hints.
    pub ponder: Option<M>,
    /// The score of the move played, from the side to move's point of view.
    pub score: Score,
    /// The deepest completed iteration of the thread whose move is played.
    pub depth: u32,
    /// Nodes searched by all threads.
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

/// Raises the abort flag when dropped.
struct AbortOnDrop<'a>(&'a AtomicBool);

impl Drop for AbortOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The most search threads this machine runs at once (its available parallelism): more
/// only slow the search down and make it slow to stop, so `Threads` is capped here.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A searcher for one game, keeping its transposition table and threads between searches.
pub struct Engine<P: Evaluate> {
    hash_mb: usize,
    threads: usize,
    stop: StopHandle,
    tt: Arc<TranspositionTable>,
    main: Searcher<P>,
    helpers: HelperPool<P>,
    counters: Arc<[NodeCounter]>,
    /// The longest gap between two polls of the clock lately (`SearchClock`).
    poll_gap: Duration,
    /// The search constants (the game's own defaults, `setoption`, `escalade spsa`).
    params: SearchParams,
}

impl<P: Evaluate> Default for Engine<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Evaluate> Engine<P> {
    /// An engine with a 16 MB table and one thread.
    pub fn new() -> Self {
        Self::with_hash_mb(16)
    }
    /// An engine with a table of `mb` MB and one thread.
    pub fn with_hash_mb(mb: usize) -> Self {
        let mb = mb.clamp(1, max_hash_mb());
        let tt = Arc::new(TranspositionTable::new(mb));
        Engine {
            hash_mb: mb,
            threads: 1,
            stop: StopHandle::default(),
            main: Searcher::new(0, tt.clone()),
            helpers: HelperPool::new(0, &tt),
            counters: counters(1),
            poll_gap: Duration::ZERO,
            params: SearchParams::for_game::<P>(),
            tt,
        }
    }
    /// Resizes the transposition table (clears it). The new table is allocated zeroed by
    /// the system, so it takes no memory until the search writes it, and the old one is
    /// freed (in the background when large) as soon as every thread has let go of it: a
    /// resize never holds two tables' worth of memory. The size is capped at
    /// [`max_hash_mb`] (half of the machine's memory).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb.clamp(1, max_hash_mb());
        self.install_table(TranspositionTable::new(self.hash_mb));
    }
    /// Gives every thread `table` (the helper threads keep running).
    fn install_table(&mut self, table: TranspositionTable) {
        self.tt = Arc::new(table);
        self.main.tt = self.tt.clone();
        self.main.shared = None;
        self.helpers.set_table(&self.tt);
    }
    /// Sets the number of search threads (Lazy SMP), at most [`max_threads`].
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, max_threads());
        if n != self.threads {
            self.threads = n;
            self.helpers = HelperPool::new(0, &self.tt);
            self.helpers = HelperPool::new(n - 1, &self.tt);
            self.counters = counters(n);
        }
    }
    /// Sets the search constants the next searches use.
    pub fn set_search_params(&mut self, params: SearchParams) {
        self.params = params;
    }
    /// The search constants in use.
    pub fn search_params(&self) -> SearchParams {
        self.params
    }
    /// Current hash size in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }
    /// Current thread count.
    pub fn threads(&self) -> usize {
        self.threads
    }
    /// Forgets everything learnt (new game): the table and every thread's heuristics.
    ///
    /// The table is replaced by a fresh one that the system zeroes (up to 128 MB at once,
    /// on huge pages; a larger one page by page as it is used), and a large old one is
    /// freed on a background thread (`tt.rs`), so clearing never blocks the protocol for
    /// long nor the clock at all (`hugepages.rs`).
    pub fn clear(&mut self) {
        self.install_table(TranspositionTable::new(self.hash_mb));
        self.main.clear();
        self.helpers.clear();
    }
    /// A handle that stops the running search.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }
    /// Per mille of the transposition table written by the last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
    /// Searches the last position of `history` (earlier positions are for repetitions).
    ///
    /// `best` is `None` when there is no legal move, and at a chance node (nature moves:
    /// the caller draws the outcome; the score is then the expectation).
    pub fn search(
        &mut self,
        history: &[P],
        limits: &Limits,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult<P::Move> {
        let clock = SearchClock::start(limits, self.poll_gap, &self.params);
        self.stop.reset();
        self.tt.new_search();
        for c in self.counters.iter() {
            c.0.store(0, Ordering::Relaxed);
        }
        let shared = Arc::new(SearchShared {
            history: history.to_vec(),
            limits: limits.clone(),
            clock,
            stop: self.stop.clone(),
            abort: AtomicBool::new(false),
            deepest: AtomicU32::new(0),
            counters: self.counters.clone(),
            tt: self.tt.clone(),
            params: self.params,
        });
        self.helpers.start(&shared);
        let main = {
            // even if the main thread panics, the helpers stop (or dropping the pool would
            // wait for them for ever)
            let _abort = AbortOnDrop(&shared.abort);
            self.main.run(shared.clone(), Some(on_info))
        };
        let mut chosen = main;
        let mut from_helper = false;
        // a handicapped search plays the main thread's pick, however deep the helpers got
        let helper_results = self.helpers.finish();
        for r in helper_results {
            if limits.skill.is_none() && r.best.is_some() && r.depth > chosen.depth {
                chosen = r;
                from_helper = true;
            }
        }
        if from_helper {
            // the last line the GUI sees is the one of the move played
            let root = shared.history.last().expect("a position to search");
            on_info(&iterate::info(&shared, root, &chosen));
        }
        self.main.shared = None;
        self.poll_gap = shared.clock.poll_gap_for_next();
        SearchResult {
            best: chosen.best,
            ponder: chosen.pv.get(1).copied(),
            score: score::public(chosen.score),
            depth: chosen.depth,
            nodes: shared.total_nodes(),
        }
    }
}
