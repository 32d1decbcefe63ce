//! The search stack: one entry ([`Ply`]) per ply of the line being searched, holding what
//! the node at that ply keeps while its children are searched (its move buffers, its
//! principal variation, its static evaluation, its principal-variation flag, the move a
//! singular test leaves out). Entries are made once per thread and reused, so the search
//! allocates nothing per node.

use std::ops::{Index, IndexMut};

use crate::score::{INFINITE, MAX_PLY};

/// What the node at one ply keeps.
pub(crate) struct Ply<M> {
    /// The node's moves, in generation order, then picked best first.
    pub moves: Vec<M>,
    /// The ordering scores of `moves` (those scored so far).
    pub scores: Vec<i32>,
    /// The quiet moves searched so far (their history falls on a quiet cutoff).
    pub quiets: Vec<M>,
    /// The principal variation from this ply (a triangular table over the stack).
    pub pv: Vec<M>,
    /// The node's static evaluation (`-INFINITE` in check), as `Node::eval`.
    pub eval: i32,
    /// The node is on a principal variation (`Node::tt_pv`).
    pub tt_pv: bool,
    /// The code of the move a singular test leaves out (`singular.rs`).
    pub excluded: Option<u32>,
}

impl<M> Ply<M> {
    fn new() -> Self {
        Ply {
            moves: Vec::with_capacity(64),
            scores: Vec::with_capacity(64),
            quiets: Vec::with_capacity(64),
            pv: Vec::with_capacity(MAX_PLY),
            eval: 0,
            tt_pv: false,
            excluded: None,
        }
    }
}

/// One entry per ply, from the root (0) to the deepest ply and one beyond it.
pub(crate) struct SearchStack<M>(Vec<Ply<M>>);

impl<M: Copy> SearchStack<M> {
    pub fn new() -> Self {
        SearchStack((0..MAX_PLY + 2).map(|_| Ply::new()).collect())
    }

    /// Copies the child's line behind `mv` into the principal variation of `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.0.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }

    /// Whether `eval` at `ply` rose since the side to move's last turn, two plies back.
    /// Where the side was in check then (no evaluation), it is compared with four plies
    /// back if `four` (as Stockfish does), else called improving.
    #[inline]
    pub fn is_improving(&self, ply: usize, eval: i32, four: bool) -> bool {
        let turns_back = if four { 2 } else { 1 };
        let before = &self.0[..ply];
        let earlier = before.iter().rev().skip(1).step_by(2).take(turns_back);
        match earlier.map(|p| p.eval).find(|&e| e != -INFINITE) {
            Some(e) => eval > e,
            None => ply >= 2,
        }
    }
}

impl<M> Index<usize> for SearchStack<M> {
    type Output = Ply<M>;
    #[inline(always)]
    fn index(&self, ply: usize) -> &Ply<M> {
        &self.0[ply]
    }
}

impl<M> IndexMut<usize> for SearchStack<M> {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Ply<M> {
        &mut self.0[ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn improving_compares_with_the_same_sides_last_evaluation() {
        let mut s: SearchStack<u8> = SearchStack::new();
        for (ply, eval) in [10, 0, 20, -INFINITE].into_iter().enumerate() {
            s[ply].eval = eval;
        }
        // ply 4 against ply 2
        assert!(s.is_improving(4, 21, false) && !s.is_improving(4, 20, false));
        // ply 5 against ply 3, in check: improving, or against ply 1 with `four`
        assert!(s.is_improving(5, -5, false));
        assert!(!s.is_improving(5, -5, true) && s.is_improving(5, 1, true));
        // too near the root to compare
        assert!(!s.is_improving(1, 5, false));
    }

    #[test]
    fn a_line_is_the_move_then_the_childs_line() {
        let mut s: SearchStack<u8> = SearchStack::new();
        s[3].pv.extend([7, 8]);
        s.update_pv(2, 5);
        assert_eq!(s[2].pv, [5, 7, 8]);
    }
}
