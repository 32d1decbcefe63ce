//! Making a move (copy-make): the successor position with its hash updated incrementally.

use escalade_core::{Bitboard, Color, Square};

use crate::movegen::castle_rook;
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::{
    Escalator, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, NO_SQUARE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::zobrist::{ep_key, CASTLING_KEYS, WHITE_TO_MOVE_KEY};

/// Castling rights that survive a move touching `sq` (as origin or destination).
const fn rights_kept(sq: Square) -> u8 {
    match sq {
        0 => !WHITE_QUEEN_SIDE,
        4 => !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE),
        7 => !WHITE_KING_SIDE,
        52 => !BLACK_QUEEN_SIDE,
        56 => !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE),
        59 => !BLACK_KING_SIDE,
        _ => 0xFF,
    }
}

impl Escalator {
    /// The position after the legal move `mv`.
    pub(crate) fn make(&self, mv: Move) -> Escalator {
        let mut next = self.clone();
        let us = self.side;
        if let Some((t, v)) = self.en_passant() {
            next.hash ^= ep_key(t, v);
            next.ep_target = NO_SQUARE;
            next.ep_victim = NO_SQUARE;
        }
        let mover = next.remove(mv.from);
        let mut irreversible = mover.kind() == Kind::Crab;
        match mv.kind {
            MoveKind::Capture => {
                next.remove(mv.to);
                irreversible = true;
            }
            MoveKind::EnPassant => {
                next.remove(self.ep_victim);
                irreversible = true;
            }
            MoveKind::DoubleStep => {
                let via = (Self::board().crab_push[us.index()][mv.from as usize]).lsb();
                next.ep_target = via;
                next.ep_victim = mv.to;
                next.hash ^= ep_key(via, mv.to);
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let (rook_from, rook_to) = castle_rook(us, mv.kind);
                next.remove(rook_from);
                next.put(us, Kind::Rook, rook_to);
            }
            MoveKind::Quiet => {}
        }
        next.put(us, mv.promotion.unwrap_or(mover.kind()), mv.to);
        let rights = self.castling & rights_kept(mv.from) & rights_kept(mv.to);
        if rights != self.castling {
            next.hash ^= CASTLING_KEYS[self.castling as usize] ^ CASTLING_KEYS[rights as usize];
            next.castling = rights;
        }
        next.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::White {
            // Black moves first, so a full move ends with White's reply.
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = !us;
        next.hash ^= WHITE_TO_MOVE_KEY;
        next
    }
}
