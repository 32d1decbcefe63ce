//! The rope's fast perft: bulk counting at the last ply (in `rope-dice`, a non-King move
//! there counts its two outcomes), chance nodes expanded without using up depth, one move
//! buffer per ply reused throughout. Checked against the core's generic perft in the tests.

use escalade_core::Rules;

use crate::form::Special;
use crate::movegen::Counter;
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::Kind;

impl Rope {
    /// Leaf count of the move tree at `depth` (chance outcomes are separate leaves), with
    /// one move buffer per ply left in `buffers`.
    pub(crate) fn count(&self, depth: u32, buffers: &mut [Vec<RopeMove>]) -> u64 {
        if self.pending != NO_SQUARE {
            return self.play(RopeMove::SURVIVES).count(depth, buffers)
                + self.play(RopeMove::FALLS).count(depth, buffers);
        }
        if depth == 0 {
            return 1;
        }
        if depth == 1 && self.special() != Special::Dice {
            let mut counter = Counter(0);
            self.for_each_legal(&mut counter);
            return counter.0;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        self.generate_moves(moves);
        if depth == 1 {
            let rolls = moves
                .iter()
                .filter(|m| {
                    m.kind != MoveKind::Swap && self.kind_at(self.side, m.from) != Kind::King
                })
                .count();
            return (moves.len() + rolls) as u64;
        }
        moves
            .iter()
            .map(|&m| self.play(m).count(depth - 1, rest))
            .sum()
    }
}
