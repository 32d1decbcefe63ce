//! Attack sets of the orthodox pieces on the 8x8 board, for code outside move generation
//! (the evaluation's mobility, king attack and pawn control): the same tables the move
//! generator uses (leapers, magic sliders), plus set-wise pawn attacks.

use escalade_core::{Color, Square};

use crate::tables::tables;
use crate::types::Kind;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Knight moves from `sq`.
#[inline(always)]
pub fn knight(sq: Square) -> u64 {
    tables().knight[sq as usize]
}

/// King moves from `sq`.
#[inline(always)]
pub fn king(sq: Square) -> u64 {
    tables().king[sq as usize]
}

/// Rook attacks from `sq` against `occupied` (the first blocker of each ray included).
#[inline(always)]
pub fn rook(sq: Square, occupied: u64) -> u64 {
    tables().rook_attacks(sq, occupied)
}

/// Bishop attacks from `sq` against `occupied` (the first blocker of each ray included).
#[inline(always)]
pub fn bishop(sq: Square, occupied: u64) -> u64 {
    tables().bishop_attacks(sq, occupied)
}

/// The squares a piece of `kind` on `sq` attacks against `occupied`; a pawn's depend on
/// its colour (`pawn_attacks`), so it has none here.
#[inline(always)]
pub fn piece(kind: Kind, sq: Square, occupied: u64) -> u64 {
    match kind {
        Kind::Knight => knight(sq),
        Kind::Bishop => bishop(sq, occupied),
        Kind::Rook => rook(sq, occupied),
        Kind::Queen => rook(sq, occupied) | bishop(sq, occupied),
        Kind::King => king(sq),
        Kind::Pawn => 0,
    }
}

/// Every square attacked by `color`'s pawns standing on `pawns`.
#[inline(always)]
pub fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns << 9) & !FILE_A) | ((pawns << 7) & !FILE_H),
        Color::Black => ((pawns >> 7) & !FILE_A) | ((pawns >> 9) & !FILE_H),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leapers_sliders_and_pawns_on_known_squares() {
        assert_eq!(knight(0).count_ones(), 2);
        assert_eq!(knight(27).count_ones(), 8);
        assert_eq!(king(0).count_ones(), 3);
        assert_eq!(rook(0, 0).count_ones(), 14);
        assert_eq!(bishop(27, 0).count_ones(), 13);
        // a rook on d4 blocked on d6 and f4
        let occ = (1u64 << 43) | (1u64 << 29);
        let a = rook(27, occ);
        assert!(a & (1 << 43) != 0 && a & (1 << 51) == 0);
        assert!(a & (1 << 29) != 0 && a & (1 << 30) == 0);
        assert_eq!(pawn_attacks(Color::White, 1 << 8), 1 << 17);
        assert_eq!(pawn_attacks(Color::Black, 1 << 55), 1 << 46);
        // the a- and h-files do not wrap
        assert_eq!(pawn_attacks(Color::White, 1 << 15), 1 << 22);
        assert_eq!(pawn_attacks(Color::Black, 1 << 48), 1 << 41);
        for sq in 0..64u8 {
            let one = 1u64 << sq;
            assert_eq!(
                pawn_attacks(Color::White, one),
                tables().pawn_attacks(Color::White, sq)
            );
            assert_eq!(
                pawn_attacks(Color::Black, one),
                tables().pawn_attacks(Color::Black, sq)
            );
        }
    }
}
