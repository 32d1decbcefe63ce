//! The rope's fast perft: bulk counting at the last ply (in `rope-dice`, a non-King move
//! there counts its two outcomes), chance nodes expanded without using up depth, one move
//! buffer per ply reused throughout. Checked against the core's generic perft in the tests.

use crate::form::Special;
use crate::movegen::Counter;
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::Kind;

impl Rope {
    /// Leaf count of the move tree at `depth` (chance outcomes are separate leaves).
    pub(crate) fn fast_perft(&self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<RopeMove>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        self.count(depth, &mut buffers)
    }

    fn count(&self, depth: u32, buffers: &mut [Vec<RopeMove>]) -> u64 {
        if self.pending != NO_SQUARE {
            return self.play_turn(RopeMove::SURVIVES).count(depth, buffers)
                + self.play_turn(RopeMove::FALLS).count(depth, buffers);
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
        self.legal_moves(moves);
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
            .map(|&m| self.play_turn(m).count(depth - 1, rest))
            .sum()
    }
}
