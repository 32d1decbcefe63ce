//! What the search knows of one node, below every layer that searches: [`Node`] (a node
//! past its entry checks, table probe and pre-move pruning, as its move loop sees it),
//! [`NodeResult`] (what a finished node leaves in the transposition table) and
//! [`table_cutoff`] (a table entry that settles a node's window).

use crate::correction::CorrectedEval;
use crate::score::from_tt;
use crate::tt::{Bound, Entry};

/// What the move loop knows of its node, fixed once the node is past its entry checks,
/// its table probe and its pre-move pruning.
pub(crate) struct Node {
    /// The position's hash (the table key the result is stored under).
    pub key: u64,
    pub ply: usize,
    /// Remaining depth, after internal iterative reduction.
    pub depth: i32,
    pub root: bool,
    pub pv_node: bool,
    /// A null-window node expected to fail high (see `Searcher::alpha_beta`).
    pub cut_node: bool,
    pub in_check: bool,
    /// Static evaluation (`-INFINITE` in check), corrected, or the table's better bound.
    pub eval: i32,
    /// The static evaluation with and without its correction (`None` in check, or where
    /// corrections are off).
    pub corrected: Option<CorrectedEval>,
    /// The static evaluation rose since the same side's previous move.
    pub improving: bool,
    /// Upper end of the window (after mate-distance pruning).
    pub beta: i32,
    /// What the probe found.
    pub tt_entry: Option<Entry>,
    /// On a principal variation: a PV node, or one whose table entry was stored by one
    /// (`tt::Entry::pv`).
    pub tt_pv: bool,
    /// The game's static evaluation, before correction and table (`None` in check).
    pub game_eval: Option<i32>,
}

impl Node {
    /// The code of the table's move, if the probe found one.
    pub fn tt_code(&self) -> Option<u32> {
        self.tt_entry.and_then(|e| e.move_code)
    }

    /// A PV node whose table move's entry, as deep as this node, says it failed low (an
    /// upper bound or an exact score): likely to fail low again.
    pub fn likely_fails_low(&self) -> bool {
        self.pv_node
            && self.tt_entry.is_some_and(|e| {
                e.move_code.is_some() && e.bound != Bound::Lower && e.depth >= self.depth
            })
    }
}

/// What a finished node leaves in the transposition table, its score as the search
/// counts it (`Searcher::store_result` puts it in table form).
pub(crate) struct NodeResult<M> {
    pub score: i32,
    pub best_move: Option<M>,
    /// From [`Bound::of`] the window the node was searched with.
    pub bound: Bound,
    pub depth: i32,
    /// On a principal variation (the table keeps an earlier flag).
    pub pv: bool,
    /// The game's static evaluation of the node, if it computed one (the table keeps it
    /// for the next visit).
    pub eval: Option<i32>,
}

/// A table score deep enough to settle the window `(alpha, beta)` ends a non-PV node.
#[inline]
pub(crate) fn table_cutoff(
    entry: Option<Entry>,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> Option<i32> {
    let e = entry?;
    let score = from_tt(e.score, ply);
    (e.depth >= depth && e.bound.cuts(score, alpha, beta)).then_some(score)
}
