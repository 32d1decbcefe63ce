//! One move's legality, told without listing every move: the search looks up a table
//! move by its code (`SearchHints::move_from_code`) at nodes the table cuts off, where a
//! full generation would cost more than the look-up is worth. A code is checked as the
//! piece on its origin would make it (geometry, occupancy, promotion rank), then played
//! to see whether the mover's king is left attacked. Castling and en passant, rare and
//! with more conditions, are looked up among the generated moves.

use crate::attacks;
use crate::board::Chess;
use crate::movegen::generate;
use crate::tables::tables;
use crate::types::{Flag, Kind, Move};
use escalade_core::{Bitboard, Color, Square};

impl Chess {
    /// The legal move whose code (`Move`'s 16 bits) is `code`, if any.
    pub(crate) fn legal_move_from_code(&self, code: u32) -> Option<Move> {
        let mv = Move(u16::try_from(code).ok()?);
        let piece = self.piece_at(mv.from())?;
        if mv.flag_bits() > Flag::PromoteQueen as u16
            || piece.color != self.side
            || self.color_bb(self.side).has(mv.to())
        {
            return None;
        }
        if mv.is_castle() || mv.is_en_passant() {
            return self.generated(mv);
        }
        let shaped = match piece.kind {
            Kind::Pawn => self.pawn_move_shaped(mv),
            kind => mv.flag_bits() == Flag::Normal as u16 && self.reaches(kind, mv),
        };
        if !shaped {
            return None;
        }
        let after = self.make(mv);
        let king = after.king_square(self.side);
        (!after.attacked_by(king, !self.side)).then_some(mv)
    }

    /// `mv` among the generated legal moves.
    fn generated(&self, mv: Move) -> Option<Move> {
        let mut moves = Vec::new();
        generate(self, &mut moves);
        moves.into_iter().find(|&m| m == mv)
    }

    /// Whether a piece of `kind` (not a pawn) on `mv`'s origin attacks its destination.
    fn reaches(&self, kind: Kind, mv: Move) -> bool {
        attacks::piece(kind, mv.from(), self.occupied()).has(mv.to())
    }

    /// Whether the pawn on `mv`'s origin makes `mv` (a push, a double push from its
    /// first rank, or a capture), promoting exactly when it reaches the last rank.
    fn pawn_move_shaped(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let white = self.side == Color::White;
        let step = |sq: Square| {
            if white {
                sq.checked_add(8)
            } else {
                sq.checked_sub(8)
            }
        };
        let last_rank = to / 8 == if white { 7 } else { 0 };
        if mv.promotion().is_some() != last_rank {
            return false;
        }
        let empty = |sq: Square| !self.occupied().has(sq);
        let enemy = self.color_bb(!self.side);
        if mv.flag_bits() == Flag::DoublePush as u16 {
            let first_rank = from / 8 == if white { 1 } else { 6 };
            let over = step(from);
            return first_rank
                && over.is_some_and(empty)
                && over.and_then(step) == Some(to)
                && empty(to);
        }
        let capture = tables().pawn_attacks(self.side, from).has(to) && enemy.has(to);
        capture || (step(from) == Some(to) && empty(to))
    }
}
