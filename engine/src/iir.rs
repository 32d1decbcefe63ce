//! Internal iterative reduction: a node without a table move is likely new, and is searched
//! a ply shallower than asked.

use escalade_core::Position;

/// Internal iterative reduction: below the root, a node without a table move is likely
/// new and is searched a ply shallower from depth 4 (where the game reduces late moves).
/// `None`: no depth is left (quiescence's turn).
#[inline]
pub(crate) fn reduced_depth<P: Position>(
    depth: i32,
    tt_code: Option<u32>,
    root: bool,
) -> Option<i32> {
    let reduces = P::PRUNING.late_move_reductions && tt_code.is_none() && !root;
    let reduction = i32::from(reduces && depth >= 4);
    (depth - reduction > 0).then_some(depth - reduction)
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_fide::Chess;

    #[test]
    fn a_node_with_a_table_move_or_the_root_keeps_its_depth() {
        assert_eq!(reduced_depth::<Chess>(9, Some(1), false), Some(9));
        assert_eq!(reduced_depth::<Chess>(9, None, true), Some(9));
    }

    #[test]
    fn one_ply_from_depth_four_or_more() {
        let below_root = |d| reduced_depth::<Chess>(d, None, false);
        assert_eq!((below_root(3), below_root(4)), (Some(3), Some(3)));
        assert_eq!((below_root(1), below_root(9)), (Some(1), Some(8)));
    }
}
