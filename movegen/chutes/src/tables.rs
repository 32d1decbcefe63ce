//! The board geometry (two 8x8 boards, linked only within each board, built with the core's
//! [`GeometryBuilder`]) and the attack tables derived from it, built once in a lazy static.

use std::sync::LazyLock;

use escalade_core::{Color, Geometry, GeometryBuilder, Square, COMPASS, KNIGHT_LEAPS};

use crate::square::{board_of, file_of, rank_of, square, square_name};

/// Compass direction indices (into [`COMPASS`]) a rook rides along.
pub const ROOK_DIRS: [usize; 4] = [0, 2, 4, 6];
/// Compass direction indices a bishop rides along.
pub const BISHOP_DIRS: [usize; 4] = [1, 3, 5, 7];
/// North-east and north-west: where a White pawn captures.
const WHITE_PAWN_DIRS: [usize; 2] = [1, 7];
/// South-east and south-west: where a Black pawn captures.
const BLACK_PAWN_DIRS: [usize; 2] = [3, 5];

/// Display columns between the two boards' a-files: board 1 is drawn 10 columns to the right,
/// so no leap of at most two columns can reach from one board to the other.
pub const BOARD_COLUMN_OFFSET: i8 = 10;

/// Everything precomputed about the squares.
pub struct Tables {
    /// The 128-square geometry (names `0a1`..`1h8`).
    pub geo: Geometry<u128>,
    /// Knight targets per square.
    pub knight: Vec<u128>,
    /// King targets per square.
    pub king: Vec<u128>,
    /// Pawn capture targets per colour and square.
    pub pawn_attacks: [Vec<u128>; 2],
    /// Empty-board rook rays per square (a quick filter before sliding).
    pub rook_rays: Vec<u128>,
    /// Empty-board bishop rays per square.
    pub bishop_rays: Vec<u128>,
}

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(build);

fn build() -> Tables {
    let mut b = GeometryBuilder::new(128, COMPASS.len());
    for sq in 0..128u8 {
        let col = file_of(sq) as i8 + BOARD_COLUMN_OFFSET * board_of(sq) as i8;
        b.square(sq, &square_name(sq), col, rank_of(sq) as i8);
    }
    for sq in 0..128u8 {
        let (f, r) = (file_of(sq) as i8, rank_of(sq) as i8);
        for (d, &(df, dr)) in COMPASS.iter().enumerate() {
            let (tf, tr) = (f + df, r + dr);
            if (0..8).contains(&tf) && (0..8).contains(&tr) {
                b.link(sq, d, square(board_of(sq), tf as u8, tr as u8));
            }
        }
    }
    let geo: Geometry<u128> = b.build();
    let all: Vec<usize> = (0..8).collect();
    let per_square = |f: &dyn Fn(Square) -> u128| (0..128u8).map(f).collect::<Vec<u128>>();
    Tables {
        knight: geo.leap_table(&KNIGHT_LEAPS),
        king: per_square(&|s| geo.step_all(s, &all)),
        pawn_attacks: [
            per_square(&|s| geo.step_all(s, &WHITE_PAWN_DIRS)),
            per_square(&|s| geo.step_all(s, &BLACK_PAWN_DIRS)),
        ],
        rook_rays: per_square(&|s| ROOK_DIRS.iter().fold(0, |a, &d| a | geo.ray(s, d))),
        bishop_rays: per_square(&|s| BISHOP_DIRS.iter().fold(0, |a, &d| a | geo.ray(s, d))),
        geo,
    }
}

impl Tables {
    /// Rook attacks from `sq` against `occ` (on `sq`'s own board only): FIDE chess's magic
    /// sliders on that board, as a board of this game is an 8x8 chess board numbered alike.
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: u128) -> u128 {
        on_own_board(sq, occ, escalade_fide::attacks::rook)
    }

    /// Bishop attacks from `sq` against `occ` (on `sq`'s own board only).
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: u128) -> u128 {
        on_own_board(sq, occ, escalade_fide::attacks::bishop)
    }

    /// Squares a pawn of `side` on `sq` captures on.
    #[inline(always)]
    pub fn pawn(&self, side: Color, sq: Square) -> u128 {
        self.pawn_attacks[side.index()][sq as usize]
    }
}

/// `attacks(square, occupancy)` of an 8x8 board applied to `sq`'s board of the two.
#[inline(always)]
fn on_own_board(sq: Square, occ: u128, attacks: fn(Square, u64) -> u64) -> u128 {
    let shift = u32::from(sq & 64);
    u128::from(attacks(sq & 63, (occ >> shift) as u64)) << shift
}

/// Squares of one board (0 or 1).
pub const fn board_mask(board: u8) -> u128 {
    (u64::MAX as u128) << (64 * board as u32)
}

/// A rank (0..8) on both boards.
pub const fn rank_mask(rank: u8) -> u128 {
    let one = 0xFFu128 << (8 * rank as u32);
    one | (one << 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::parse_square;
    use escalade_core::Bitboard;

    fn sq(t: &str) -> Square {
        parse_square(t).unwrap()
    }

    #[test]
    fn tables_stay_on_their_board() {
        let t = &*TABLES;
        assert_eq!(t.knight[sq("0h1") as usize].count(), 2);
        assert_eq!(t.knight[sq("1d4") as usize].count(), 8);
        assert!(t.knight[sq("0h7") as usize] & board_mask(1) == 0);
        assert_eq!(t.king[sq("0h8") as usize].count(), 3);
        assert!(t.king[sq("0h8") as usize] & board_mask(1) == 0);
        assert_eq!(t.rook(sq("0a8"), 0).count(), 14);
        assert!(t.rook(sq("0a8"), 0) & board_mask(1) == 0);
        assert_eq!(t.bishop(sq("1a1"), 0).count(), 7);
        assert_eq!(t.pawn(Color::White, sq("0a8")), 0);
        assert_eq!(t.pawn(Color::Black, sq("1e5")).count(), 2);
    }

    #[test]
    fn magic_sliders_agree_with_the_geometry() {
        use rand::{Rng, SeedableRng};
        let t = &*TABLES;
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..2000 {
            let occ: u128 = rng.gen::<u128>() & rng.gen::<u128>();
            for s in 0..128u8 {
                assert_eq!(t.rook(s, occ), t.geo.slide_all(s, &ROOK_DIRS, occ));
                assert_eq!(t.bishop(s, occ), t.geo.slide_all(s, &BISHOP_DIRS, occ));
            }
        }
    }
}
