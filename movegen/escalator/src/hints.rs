//! What the search may ask of the escalator beyond its rules ([`SearchHints`]): which
//! pruning is sound, move codes, which moves are tactical and what they win, the null move.

use escalade_core::{Pruning, Rules, SearchHints};

use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Escalator;

/// Rough piece values for move ordering (centipawns; the evaluation has its own).
pub const ORDER_VALUE: [i32; 7] = [100, 320, 330, 500, 900, 850, 0];

impl SearchHints for Escalator {
    const PRUNING: Pruning = Pruning::ALL;

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion.is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let mut gain = 0;
        if mv.is_capture() {
            let victim = if mv.kind == crate::moves::MoveKind::EnPassant {
                Kind::Crab
            } else {
                self.cell(mv.to).kind()
            };
            let attacker = self.cell(mv.from).kind();
            gain += ORDER_VALUE[victim.index()] - ORDER_VALUE[attacker.index()] / 16;
        }
        if let Some(k) = mv.promotion {
            gain += ORDER_VALUE[k.index()] - ORDER_VALUE[Kind::Crab.index()];
        }
        gain
    }

    fn null_move(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        if let Some((t, v)) = self.en_passant() {
            next.hash ^= crate::zobrist::ep_key(t, v);
            next.ep_target = crate::position::NO_SQUARE;
            next.ep_victim = crate::position::NO_SQUARE;
        }
        next.side = !self.side;
        next.hash ^= crate::zobrist::WHITE_TO_MOVE_KEY;
        next.halfmove = self.halfmove.saturating_add(1);
        Some(next)
    }
}
