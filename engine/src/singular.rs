//! Singular extensions: a table move whose stored score no other move comes near (a
//! search of the node without it, at half depth and a window below the table score,
//! fails low) is the only good move, and is searched one ply deeper. When instead another
//! move also reaches a bound that is at least beta, the node has several moves that cut
//! and ends at once (multi-cut). The test is the node searched again at the same ply with
//! its table move excluded (`Ply::excluded` on the stack); such a search neither cuts on
//! the table, prunes before its moves, nor stores its result.

use escalade_eval::Evaluate;

use crate::node::Node;
use crate::score::{from_tt, is_mate};
use crate::searcher::Searcher;
use crate::tt::Bound;

/// How many plies shallower than the node the table's score may have been searched.
const TABLE_DEPTH_SLACK: i32 = 3;

/// What the singular test says of a table move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Singular {
    /// Not tested, or other moves come near it.
    No,
    /// The only good move: one ply deeper.
    Extend,
    /// Another move also reaches this score, which is at least beta: the node cuts.
    MultiCut(i32),
}

impl<P: Evaluate> Searcher<P> {
    /// The singular test of the table move `mv` of `node` (`Singular::No` also when
    /// singular extensions are off, `SingularDepth` 0, and at PV nodes for multi-cut).
    pub(crate) fn singular_test(&mut self, pos: &P, node: &Node, mv: P::Move) -> Singular {
        let p = &self.params;
        let Some(entry) = node.tt_entry else {
            return Singular::No;
        };
        if p.singular_depth == 0
            || node.depth < p.singular_depth
            || node.root
            || self.stack[node.ply].excluded.is_some()
            || entry.depth < node.depth - TABLE_DEPTH_SLACK
            || entry.bound == Bound::Upper
        {
            return Singular::No;
        }
        let tt_score = from_tt(entry.score, node.ply);
        if is_mate(tt_score) {
            return Singular::No;
        }
        let singular_beta = tt_score - p.singular_margin * node.depth;
        self.stack[node.ply].excluded = Some(P::move_code(mv));
        let v = self.alpha_beta(
            pos,
            singular_beta - 1,
            singular_beta,
            (node.depth - 1) / 2,
            node.ply,
            node.cut_node,
        );
        self.stack[node.ply].excluded = None;
        if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= node.beta && !node.pv_node {
            Singular::MultiCut(singular_beta)
        } else {
            Singular::No
        }
    }
}
