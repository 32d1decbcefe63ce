//! Internal iterative reduction: a node without a table move is likely new, and is searched
//! shallower than asked (`IirByNodeKind` picks how much by the node's kind).

use escalade_core::Position;

/// Where a node stands, for internal iterative reduction.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum IirNode {
    Root,
    Pv,
    /// Off the principal variation, expected to cut.
    Cut,
    /// Off the principal variation, expected to try every move.
    All,
}

impl IirNode {
    pub(crate) fn of(root: bool, pv_node: bool, cut_node: bool) -> Self {
        match (root, pv_node, cut_node) {
            (true, _, _) => IirNode::Root,
            (false, true, _) => IirNode::Pv,
            (false, false, true) => IirNode::Cut,
            (false, false, false) => IirNode::All,
        }
    }
}

/// Internal iterative reduction: below the root, a node without a table move is likely
/// new and is searched shallower (where the game reduces late moves): one ply from depth 4;
/// `by_kind`, 2 plies on a principal variation at any depth and at a node expected to cut
/// from depth 8 (as Stockfish 15.1). `None`: no depth is left (quiescence's turn).
#[inline]
pub(crate) fn reduced_depth<P: Position>(
    depth: i32,
    tt_code: Option<u32>,
    node: IirNode,
    by_kind: bool,
) -> Option<i32> {
    let reduction = match node {
        _ if !P::PRUNING.late_move_reductions || tt_code.is_some() => 0,
        IirNode::Root => 0,
        _ if !by_kind => i32::from(depth >= 4),
        IirNode::Pv => 2,
        IirNode::Cut if depth >= 8 => 2,
        IirNode::Cut | IirNode::All => i32::from(depth >= 4),
    };
    (depth - reduction > 0).then_some(depth - reduction)
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_fide::Chess;

    #[test]
    fn a_node_with_a_table_move_or_the_root_keeps_its_depth() {
        for by_kind in [false, true] {
            assert_eq!(
                reduced_depth::<Chess>(9, Some(1), IirNode::Pv, by_kind),
                Some(9)
            );
            assert_eq!(
                reduced_depth::<Chess>(9, None, IirNode::Root, by_kind),
                Some(9)
            );
        }
    }

    #[test]
    fn one_ply_from_depth_four_or_more_by_node_kind() {
        let all = |d, by_kind| reduced_depth::<Chess>(d, None, IirNode::All, by_kind);
        let pv = |d, by_kind| reduced_depth::<Chess>(d, None, IirNode::Pv, by_kind);
        let cut = |d, by_kind| reduced_depth::<Chess>(d, None, IirNode::Cut, by_kind);
        assert_eq!((all(3, false), all(4, false)), (Some(3), Some(3)));
        assert_eq!((pv(3, false), cut(9, false)), (Some(3), Some(8)));
        assert_eq!((all(3, true), all(4, true)), (Some(3), Some(3)));
        assert_eq!(
            (pv(3, true), pv(2, true), pv(1, true)),
            (Some(1), None, None)
        );
        assert_eq!((cut(7, true), cut(8, true)), (Some(6), Some(6)));
    }
}
