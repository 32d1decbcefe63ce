//! How deep the move loop (`moveloop.rs`) searches a move: its extension (singular, or a
//! check of the first stage) and its late-move reduction (by what the move is,
//! `MoveKind`).

use escalade_eval::Evaluate;

use crate::node::Node;
use crate::ordering::is_killer_score;
use crate::searcher::Searcher;
use crate::singular::Singular;

/// What a late move's reduction depends on besides its node and its number.
#[derive(Clone, Copy)]
pub(crate) struct MoveKind {
    /// Neither tactical nor giving check.
    pub(crate) quiet: bool,
    /// Not tactical, giving check.
    pub(crate) quiet_check: bool,
    /// A move of the first stage.
    pub(crate) plain: bool,
}

impl<P: Evaluate> Searcher<P> {
    /// The extension of a move in plies: by the singular test's result, or where it
    /// decides nothing, a ply for a check of the first stage (`plain_check`). Extensions
    /// stop at twice the root depth.
    #[inline]
    pub(crate) fn extension(&self, node: &Node, singular: Singular, plain_check: bool) -> i32 {
        let room = ((node.ply as i32) < 2 * self.root_depth) as i32;
        match singular {
            Singular::Extend => room,
            // the check test only where no singular result decides
            Singular::No | Singular::MultiCut(_) => plain_check as i32 * room,
        }
    }

    /// The late-move reduction of a move searched after `searched` others, in plies (0:
    /// none), for a move whose ordering score is `order`, searched `new_depth` plies deep
    /// unreduced; `kind` says what the move is. Only quiet moves are reduced (and quiet
    /// checks with `LmrChecks`), from the third searched move on.
    #[inline]
    pub(crate) fn late_move_reduction(
        &self,
        node: &Node,
        searched: usize,
        kind: MoveKind,
        order: i32,
        new_depth: i32,
    ) -> i32 {
        let p = &self.params;
        let quiet_like = kind.quiet || (kind.quiet_check && p.lmr_checks);
        if !(P::PRUNING.late_move_reductions
            && node.depth >= 3
            && searched >= 2
            && quiet_like
            && !node.in_check)
        {
            return 0;
        }
        let table = self.reductions.get(node.depth, searched);
        let most = p.lmr_history_max;
        let history = (order / p.lmr_history_divisor).clamp(-most, most);
        let mut r = !node.improving as i32 - node.pv_node as i32 - is_killer_score(order) as i32;
        r -= p.lmr_tt_pv * (node.tt_pv && !node.likely_fails_low()) as i32;
        // a move of a later stage is a plain move with extras: one ply less
        r += !kind.plain as i32;
        (table + r - history).clamp(0, new_depth - 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::params::{Reductions, SearchParams};

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::new(&SearchParams::default());
        assert_eq!(r.get(1, 1), 0);
        assert!(r.get(10, 20) > r.get(3, 3));
        assert!(r.get(63, 63) < 10);
    }
}
