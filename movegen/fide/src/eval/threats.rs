//! What the opponent threatens, for ordering quiet moves (`Evaluate::ordering_facts` and
//! `Evaluate::quiet_gain`): a piece attacked by a lesser enemy piece is worth moving, and
//! a quiet move that takes it to a square no such piece attacks gains the piece's value
//! before any history (Stockfish 15.1 orders its quiet moves alike).

use escalade_core::{Bitboard, Rules};
use escalade_eval::OrderingFacts;

use super::{bishop, knight, pawn_attacks, rook};
use crate::{Chess, Kind, Move};

/// The ordering worth of moving a threatened piece to safety, per kind.
const QUEEN_ESCAPE: i32 = 1000;
const ROOK_ESCAPE: i32 = 500;
const MINOR_ESCAPE: i32 = 300;

/// The words of [`OrderingFacts`], in order: the squares the opponent's pawns attack, its
/// pawns and minor pieces, its pawns, minor pieces and rooks; and the side to move's pieces
/// attacked by a lesser enemy piece ([`quiet_gain`] reads them in the same order).
pub(super) fn ordering_facts(pos: &Chess) -> OrderingFacts {
    let us = pos.side_to_move();
    let them = !us;
    let occupied = pos.occupied();
    let by_pawn = pawn_attacks(them, pos.pieces(them, Kind::Pawn));
    let mut by_minor = by_pawn;
    for sq in pos.pieces(them, Kind::Knight).squares() {
        by_minor |= knight(sq);
    }
    for sq in pos.pieces(them, Kind::Bishop).squares() {
        by_minor |= bishop(sq, occupied);
    }
    let mut by_rook = by_minor;
    for sq in pos.pieces(them, Kind::Rook).squares() {
        by_rook |= rook(sq, occupied);
    }
    let minors = pos.pieces(us, Kind::Knight) | pos.pieces(us, Kind::Bishop);
    let threatened = (minors & by_pawn)
        | (pos.pieces(us, Kind::Rook) & by_minor)
        | (pos.pieces(us, Kind::Queen) & by_rook);
    OrderingFacts([by_pawn, by_minor, by_rook, threatened])
}

/// The value of the threatened piece `mv` moves to a square no lesser enemy piece
/// attacks; 0 for any other move.
pub(super) fn quiet_gain(pos: &Chess, mv: Move, facts: &OrderingFacts) -> i32 {
    let [by_pawn, by_minor, by_rook, threatened] = facts.0;
    let from = 1u64 << mv.from();
    if threatened & from == 0 {
        return 0;
    }
    let to = 1u64 << mv.to();
    let (value, attacked) = match pos.piece_at(mv.from()).map(|p| p.kind) {
        Some(Kind::Queen) => (QUEEN_ESCAPE, by_rook),
        Some(Kind::Rook) => (ROOK_ESCAPE, by_minor),
        Some(Kind::Knight | Kind::Bishop) => (MINOR_ESCAPE, by_pawn),
        _ => return 0,
    };
    if attacked & to == 0 {
        value
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_core::MoveNotation;

    fn gain_of(fen: &str, text: &str) -> i32 {
        let pos = Chess::from_fen(0, fen).unwrap();
        let mv = pos.parse_move(text).unwrap();
        quiet_gain(&pos, mv, &ordering_facts(&pos))
    }

    #[test]
    fn a_threatened_piece_gains_its_value_where_it_is_safe() {
        // the knight on d4 is attacked by the pawn on e5 (which attacks d4 and f4 only)
        let fen = "4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1";
        assert_eq!(gain_of(fen, "d4f3"), MINOR_ESCAPE);
        assert_eq!(gain_of(fen, "d4c6"), MINOR_ESCAPE);
        assert_eq!(gain_of(fen, "d4f5"), MINOR_ESCAPE);
    }

    #[test]
    fn a_move_to_an_attacked_square_or_of_an_unthreatened_piece_gains_nothing() {
        // queen on d1 attacked by the rook on d8; d2 is still on the rook's file
        let fen = "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert_eq!(gain_of(fen, "d1d2"), 0);
        assert_eq!(gain_of(fen, "d1a4"), QUEEN_ESCAPE);
        // a knight attacked by a rook only is no threat by a lesser piece
        let fen = "3rk3/8/8/8/3N4/8/8/4K3 w - - 0 1";
        assert_eq!(gain_of(fen, "d4f3"), 0);
    }
}
