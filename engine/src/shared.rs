//! What every thread of one search shares ([`SearchShared`]): the game, the limits, the
//! clock, the stop and abort flags, the transposition table, the search constants, the
//! depth each thread is searching and one node counter per thread. Node counters are one cache line each, written only by
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

/// The depth of the iteration each thread is searching (its last, once it is done), from
/// which each thread picks its next depth.
#[derive(Debug)]
pub struct DepthClaims(Box<[AtomicU32]>);

impl DepthClaims {
    /// Claims for `threads` threads, none searching yet.
    pub fn new(threads: usize) -> Self {
        DepthClaims((0..threads).map(|_| AtomicU32::new(0)).collect())
    }

    /// Picks the depth of `thread`'s next iteration and records it: from `from` up, the
    /// first depth that fewer than half the other threads are searching (never past
    /// `max_depth`). The threads spread over neighbouring depths, each filling the table
    /// for the others, instead of searching one depth side by side: with two threads each
    /// takes every other depth, and one completes the depth asked for sooner (time to
    /// depth). One thread searches every depth.
    pub fn claim(&self, thread: usize, from: u32, max_depth: u32) -> u32 {
        let busy = |depth: u32| {
            self.0
                .iter()
                .enumerate()
                .filter(|&(i, d)| i != thread && d.load(Ordering::Relaxed) == depth)
                .count()
        };
        let mut depth = from.min(max_depth);
        while depth < max_depth && busy(depth) * 2 >= self.0.len() {
            depth += 1;
        }
        self.0[thread].store(depth, Ordering::Relaxed);
        depth
    }
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
    /// The depth each thread is searching.
    pub depths: DepthClaims,
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

#[cfg(test)]
mod tests {
    use super::DepthClaims;

    #[test]
    fn one_thread_searches_every_depth() {
        let claims = DepthClaims::new(1);
        for depth in 1..=10 {
            assert_eq!(claims.claim(0, depth, 10), depth);
        }
    }

    #[test]
    fn two_threads_take_turns_over_the_depths() {
        let claims = DepthClaims::new(2);
        assert_eq!(claims.claim(0, 1, 20), 1);
        // the helper skips the depth the main thread is on
        assert_eq!(claims.claim(1, 1, 20), 2);
        // the main thread, done with 1, skips the helper's 2
        assert_eq!(claims.claim(0, 2, 20), 3);
        assert_eq!(claims.claim(1, 3, 20), 4);
        // a depth nobody is on is taken as it comes
        assert_eq!(claims.claim(0, 7, 20), 7);
    }

    #[test]
    fn half_the_threads_may_share_a_depth() {
        let claims = DepthClaims::new(4);
        assert_eq!(claims.claim(0, 5, 20), 5);
        assert_eq!(claims.claim(1, 5, 20), 5);
        assert_eq!(claims.claim(2, 5, 20), 6);
        assert_eq!(claims.claim(3, 5, 20), 6);
    }

    #[test]
    fn no_thread_goes_past_the_depth_limit() {
        let claims = DepthClaims::new(2);
        assert_eq!(claims.claim(0, 9, 9), 9);
        // the other thread shares the last depth rather than pass it
        assert_eq!(claims.claim(1, 9, 9), 9);
        assert_eq!(claims.claim(1, 12, 9), 9);
    }
}
