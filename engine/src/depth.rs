//! How deep the move loop (`moveloop.rs`) searches a move: its extension, its
//! late-move reduction (by what the move is, `MoveKind`), the depth of a reduced move's
//! search again once it beats alpha, and the depth whose margin futility pruning takes.

use escalade_eval::Evaluate;

use crate::moveloop::Node;
use crate::ordering::{is_killer_score, is_losing_tactical_score, TT_MOVE};
use crate::params::PLY_PARTS;
use crate::search::Searcher;
use crate::singular::Singular;

/// What a late move's reduction depends on besides its node and its number.
#[derive(Clone, Copy)]
pub(crate) struct MoveKind {
    /// Neither tactical nor giving check.
    pub(crate) quiet: bool,
    /// Not tactical, giving check.
    pub(crate) quiet_check: bool,
    /// A tactical move the game calls losing, not giving check.
    pub(crate) losing: bool,
    /// A tactical move the game does not call losing, not giving check.
    pub(crate) even_tactical: bool,
    /// A move of the first stage.
    pub(crate) plain: bool,
    /// The node's table move is tactical.
    pub(crate) tt_tactical: bool,
}

impl<P: Evaluate> Searcher<P> {
    /// The depth whose margin futility pruning uses for a quiet move searched after
    /// `searched` others: the node's depth, or with `FutilityLmrDepth` the depth its
    /// late-move reduction by depth and move number would leave (at least 0).
    #[inline]
    pub(crate) fn futility_depth(&self, node: &Node, searched: usize) -> i32 {
        if self.params.futility_lmr_depth == 0 {
            return node.depth;
        }
        (node.depth - self.reductions.get(node.depth, searched)).max(0)
    }

    /// The extension of `mv` (ordering score `order`) in plies, negative for a reduction:
    /// by the singular test's result, or where it decides nothing, a ply for a check of
    /// the first stage (`plain_check`) that `check_extends`. Extensions stop at twice the
    /// root depth; a negative one applies anywhere.
    #[inline]
    pub(crate) fn extension(
        &self,
        pos: &P,
        node: &Node,
        singular: Singular,
        (mv, order): (P::Move, i32),
        plain_check: bool,
        tactical: bool,
    ) -> i32 {
        let room = ((node.ply as i32) < 2 * self.root_depth) as i32;
        match singular {
            Singular::Reduce => -self.params.singular_reduce,
            Singular::DoubleExtend => 2 * room,
            Singular::Extend => room,
            // the check test only where no singular result decides
            Singular::No | Singular::MultiCut(_) => {
                let extends =
                    plain_check && self.check_extends(pos, (mv, order), node.depth, tactical);
                extends as i32 * room
            }
        }
    }

    /// Whether a checking move of the first stage (ordering score `order`) at a node
    /// `depth` plies deep is extended: none below `CheckExtensionDepth`; from there every
    /// one, or with `CheckExtensionSafe` only those the game's exchange test does not call
    /// losing (a tactical move's ordering score already says, but the table move's).
    #[inline]
    pub(crate) fn check_extends(
        &self,
        pos: &P,
        (mv, order): (P::Move, i32),
        depth: i32,
        tactical: bool,
    ) -> bool {
        if depth < self.params.check_extension_depth {
            return false;
        }
        if self.params.check_extension_safe == 0 {
            return true;
        }
        let losing = match (tactical, order == TT_MOVE) {
            (true, false) => is_losing_tactical_score(order),
            (true, true) => pos.is_losing_tactical(mv),
            (false, _) => pos.is_losing_quiet(mv),
        };
        !losing
    }

    /// The late-move reduction of a move searched after `searched` others, in plies (0:
    /// none), for a move whose ordering score is `order`, searched `new_depth` plies deep
    /// unreduced; `kind` says what the move is.
    #[inline]
    pub(crate) fn late_move_reduction(
        &self,
        node: &Node,
        searched: usize,
        kind: MoveKind,
        order: i32,
        new_depth: i32,
    ) -> i32 {
        let quiet_like = kind.quiet || (kind.quiet_check && self.params.lmr_checks != 0);
        let reducible = quiet_like
            || (kind.losing && self.params.lmr_losing_tactical != 0)
            || (kind.even_tactical && self.params.lmr_tacticals != 0 && !node.tt_pv);
        // the number of moves searched unreduced before the first reduced one
        let first = if self.params.lmr_second_move != 0 && !node.pv_node {
            1
        } else {
            2
        };
        if !(P::PRUNING.late_move_reductions
            && node.depth >= 3
            && searched >= first
            && reducible
            && !node.in_check)
        {
            return 0;
        }
        let (table, history) = self.lmr_table_and_history(node, searched, order, quiet_like);
        let mut r = !node.improving as i32 - node.pv_node as i32 - is_killer_score(order) as i32;
        r += self.params.lmr_cut_node * node.cut_node as i32;
        r -= self.params.lmr_tt_pv * (node.tt_pv && !node.likely_fails_low()) as i32;
        r += self.params.lmr_tt_tactical * kind.tt_tactical as i32;
        let child_cutoffs = self.params.lmr_child_cutoffs;
        r += (child_cutoffs > 0 && !node.pv_node && self.cutoffs[node.ply + 1] >= child_cutoffs)
            as i32;
        r -= self.after_many_parent_moves(node) as i32;
        // a move of a later stage is a plain move with extras: one ply less
        r += !kind.plain as i32;
        let parts = table + r * PLY_PARTS - history;
        parts.div_euclid(PLY_PARTS).clamp(0, new_depth - 1)
    }

    /// The reduction by depth and move number and what a quiet-like move's history takes
    /// off it (ordering score `order`), both in [`PLY_PARTS`]: whole plies unless
    /// `LmrFractional`.
    #[inline]
    fn lmr_table_and_history(
        &self,
        node: &Node,
        searched: usize,
        order: i32,
        quiet_like: bool,
    ) -> (i32, i32) {
        let p = &self.params;
        let most = p.lmr_history_max;
        if p.lmr_fractional == 0 {
            let table = self.reductions.get(node.depth, searched) * PLY_PARTS;
            let history = if quiet_like {
                (order / p.lmr_history_divisor).clamp(-most, most)
            } else {
                0
            };
            return (table, history * PLY_PARTS);
        }
        let table = self.reductions.parts(node.depth, searched);
        let share = order as i64 * PLY_PARTS as i64 / p.lmr_history_divisor as i64;
        let bound = (most * PLY_PARTS) as i64;
        (table, quiet_like as i32 * share.clamp(-bound, bound) as i32)
    }

    /// Whether `LmrParentMoves` is on and the move that led to `node` was at least that
    /// late among its parent's searched moves.
    #[inline]
    fn after_many_parent_moves(&self, node: &Node) -> bool {
        let least = self.params.lmr_parent_moves;
        least > 0 && node.ply > 0 && self.move_counts[node.ply - 1] >= least
    }
}

/// How many plies deeper (or, negative, shallower) than unreduced a reduced move that
/// scored `v` against the node's `best` is searched again, `new_depth` plies unreduced
/// (`LmrDeeperMargin`, 0: off).
#[inline]
pub(crate) fn research_depth_change(margin: i32, v: i32, best: i32, new_depth: i32) -> i32 {
    if margin == 0 {
        return 0;
    }
    let deeper = v > best + margin + 2 * new_depth;
    let shallower = v < best + 10;
    deeper as i32 - shallower as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Reductions, SearchParams};

    #[test]
    fn a_reduced_move_is_searched_again_deeper_or_shallower_by_its_margin() {
        // off: always the unreduced depth
        assert_eq!(research_depth_change(0, 500, 0, 6), 0);
        // 40 + 2 * 6 = 52 above the best: a ply deeper; less than 10 above: shallower
        assert_eq!(research_depth_change(40, 53, 0, 6), 1);
        assert_eq!(research_depth_change(40, 52, 0, 6), 0);
        assert_eq!(research_depth_change(40, 10, 0, 6), 0);
        assert_eq!(research_depth_change(40, 9, 0, 6), -1);
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::new(&SearchParams::default());
        assert_eq!(r.get(1, 1), 0);
        assert!(r.get(10, 20) > r.get(3, 3));
        assert!(r.get(63, 63) < 10);
    }
}
