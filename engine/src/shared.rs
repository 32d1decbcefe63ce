//! What every thread of one search shares ([`SearchShared`]): the game, the limits, the
//! clock, the stop and abort flags, the transposition table, the search constants and
//! one node counter per thread. Node counters are one cache line each, written only by
//! their thread and summed on demand.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use escalade_eval::Evaluate;

use crate::params::SearchParams;
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

    /// Whether some thread has completed an iteration at the depth limit.
    pub fn depth_reached(&self) -> bool {
        self.limits
            .depth
            .is_some_and(|d| self.deepest.load(Ordering::Relaxed) >= d)
    }
}
