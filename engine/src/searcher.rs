//! The search state of one thread ([`Searcher`]) and what every layer of the search does
//! with it: counting nodes (and polling the clock), storing a node's result in the table,
//! stepping into a child (the path, continuation history's record of the move, the
//! negamax sign). The searching itself is in the layers above, each an `impl Searcher`:
//! the static evaluation (`static_eval.rs`), the move loop (`moveloop.rs`), the node
//! search (`search.rs`, `qsearch.rs`, `chance.rs`), the root and its iterations
//! (`root.rs`, `iterate.rs`).
//!
//! Scores are negamax scores for the side to move; a child whose side to move is the same
//! as its parent's (a chance node, a game where a side moves twice) is searched without
//! negation, so nothing assumes that sides alternate.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use escalade_eval::Evaluate;

use crate::effort::RootEffort;
use crate::heuristics::Heuristics;
use crate::node::NodeResult;
use crate::params::{Reductions, SearchParams};
use crate::path::SearchPath;
use crate::score::to_tt;
use crate::shared::SearchShared;
use crate::stack::SearchStack;
use crate::tt::{Entry, TranspositionTable};

/// The search state of one thread; it lives as long as the thread (its heuristics carry
/// over from one search to the next).
pub struct Searcher<P: Evaluate> {
    /// Index of the thread (0 is the main thread, which owns the clock).
    pub(crate) id: usize,
    pub(crate) heur: Heuristics<P::Move>,
    pub(crate) path: SearchPath<P>,
    /// What the node at each ply of the current line keeps.
    pub(crate) stack: SearchStack<P::Move>,
    pub(crate) nodes: u64,
    /// Nodes under each root move in this search (the clock reads the main thread's).
    pub(crate) root_effort: RootEffort,
    pub(crate) seldepth: usize,
    pub(crate) root_depth: i32,
    /// The search was stopped: every score from now on is meaningless.
    pub(crate) aborted: bool,
    /// The main thread may stop the search (a first iteration is complete).
    pub(crate) can_abort: bool,
    pub(crate) tt: Arc<TranspositionTable>,
    pub(crate) shared: Option<Arc<SearchShared<P>>>,
    /// Codes of the root moves the current pass leaves out (those `Limits::search_moves`
    /// does not allow, and in multi-PV the first moves of the lines already found).
    pub(crate) excluded_root: HashSet<u32>,
    /// Codes of the root moves `Limits::search_moves` does not allow.
    pub(crate) root_left_out: HashSet<u32>,
    /// The search constants of the current search (copied from `SearchShared`).
    pub(crate) params: SearchParams,
    /// Late-move reductions built from `params`.
    pub(crate) reductions: Reductions,
}

impl<P: Evaluate> Searcher<P> {
    /// A fresh searcher for thread `id`.
    pub fn new(id: usize, tt: Arc<TranspositionTable>) -> Self {
        Searcher {
            id,
            heur: Heuristics::new(),
            path: SearchPath::new(),
            stack: SearchStack::new(),
            nodes: 0,
            root_effort: RootEffort::default(),
            seldepth: 0,
            root_depth: 0,
            aborted: false,
            can_abort: false,
            tt,
            shared: None,
            excluded_root: HashSet::new(),
            root_left_out: HashSet::new(),
            params: SearchParams::default(),
            reductions: Reductions::new(&SearchParams::default()),
        }
    }

    /// Forgets the move-ordering memory (new game).
    pub fn clear(&mut self) {
        self.heur.clear();
    }

    /// Stores a finished node in the transposition table (shared by the main search and
    /// quiescence), its score counted from `ply`.
    #[inline]
    pub(crate) fn store_result(&self, key: u64, ply: usize, result: NodeResult<P::Move>) {
        self.tt.store(
            key,
            Entry {
                move_code: result.best_move.map(P::move_code),
                score: to_tt(result.score, ply),
                depth: result.depth,
                bound: result.bound,
                pv: result.pv,
                eval: result.eval,
            },
        );
    }

    /// Counts a node and, every `SearchHints::NODES_PER_POLL` nodes of the game, publishes
    /// the count and checks whether to stop. Returns true when the search must unwind.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(P::NODES_PER_POLL) {
            self.poll();
        }
        self.aborted
    }

    #[cold]
    fn poll(&mut self) {
        let Some(shared) = &self.shared else { return };
        shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
        if shared.abort.load(Ordering::Relaxed) {
            self.aborted = true;
            return;
        }
        // the main thread owns every limit; helpers enforce the node limit too
        let stop = match (self.id, self.can_abort) {
            (0, true) => shared.should_stop(),
            (0, false) => shared.must_stop_now(),
            _ => shared.over_node_limit(),
        };
        if stop {
            shared.abort.store(true, Ordering::Relaxed);
            self.aborted = true;
        }
    }

    /// Searches `child` (reached from `pos`) for the side to move at `pos`, negating only
    /// when the side to move changes.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn descend(
        &mut self,
        pos: &P,
        child: &P,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if child.side_to_move() == pos.side_to_move() {
            self.alpha_beta(child, alpha, beta, depth, ply + 1, cut)
        } else {
            -self.alpha_beta(child, -beta, -alpha, depth, ply + 1, cut)
        }
    }

    /// Searches `child` in quiescence for the side to move at `pos`, `qply` quiescence
    /// plies below the main search (the child is one more).
    #[inline]
    pub(crate) fn descend_quiet(
        &mut self,
        pos: &P,
        child: &P,
        (alpha, beta): (i32, i32),
        ply: usize,
        qply: usize,
    ) -> i32 {
        if child.side_to_move() == pos.side_to_move() {
            self.qsearch(child, alpha, beta, ply + 1, qply + 1)
        } else {
            -self.qsearch(child, -beta, -alpha, ply + 1, qply + 1)
        }
    }

    /// Enters `mv` (`None`: a null move), played from `pos` at `ply` to the position keyed
    /// `child_key`: on the path (repetitions) and, where it is on, as the move continuation
    /// history answers (`quiet`: a quiet move that hands the turn over, one the child's
    /// failing low rewards). The caller has started loading the child's table cluster
    /// ([`Searcher::enter_child`] does both).
    #[inline]
    pub(crate) fn enter_move(
        &mut self,
        pos: &P,
        child_key: u64,
        mv: Option<P::Move>,
        ply: usize,
        quiet: bool,
    ) {
        self.path.push(child_key, mv);
        if self.params.cont_history_plies > 0 {
            self.heur
                .cont
                .set_played(ply, mv.map(|m| pos.history_key(m)), quiet);
        }
    }

    /// Starts loading the table cluster of the child keyed `child_key` (its probe comes
    /// soon), then enters it as [`Searcher::enter_move`] does, for a move that is not quiet.
    #[inline]
    pub(crate) fn enter_child(&mut self, pos: &P, child_key: u64, mv: Option<P::Move>, ply: usize) {
        self.tt.prefetch(child_key);
        self.enter_move(pos, child_key, mv, ply, false);
    }
}
