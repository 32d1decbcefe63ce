//! Attack tables of FIDE chess, built once from the core geometry of the 8x8 board:
//! leapers from coordinate offsets, sliders through magics, and the `between`/`line`
//! tables that legal move generation uses for checks and pins.

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square, COMPASS};

use crate::magic::SliderTable;

/// Rook directions in the compass order (N, E, S, W).
const ROOK_DIRS: [usize; 4] = [0, 2, 4, 6];
/// Bishop directions in the compass order (NE, SE, SW, NW).
const BISHOP_DIRS: [usize; 4] = [1, 3, 5, 7];

/// Every table, built on first use.
pub(crate) struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    pub pawn_attacks: [[u64; 64]; 2],
    between: Vec<u64>,
    line: Vec<u64>,
    rook: SliderTable,
    bishop: SliderTable,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables (built on first call).
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

/// The 8x8 board: squares a1 = 0 ... h8 = 63, compass directions.
pub fn chess_geometry() -> Geometry<u64> {
    GeometryBuilder::grid(8, 8, 8, &COMPASS, &[], |f, r| format!("{}{}", (b'a' + f as u8) as char, r + 1)).build()
}

fn to_array(v: Vec<u64>) -> [u64; 64] {
    v.try_into().expect("64 squares")
}

impl Tables {
    fn build() -> Tables {
        let geometry = chess_geometry();
        let knight = to_array(geometry.leap_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]));
        let king = to_array(geometry.leap_table(&COMPASS));
        let white_pawn = to_array(geometry.leap_table(&[(-1, 1), (1, 1)]));
        let black_pawn = to_array(geometry.leap_table(&[(-1, -1), (1, -1)]));
        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for s in 0..64u8 {
            for d in 0..8 {
                let opposite = (d + 4) % 8;
                let full = geometry.ray(s, d) | geometry.ray(s, opposite) | u64::bit(s);
                for t in geometry.ray(s, d).squares() {
                    let i = s as usize * 64 + t as usize;
                    between[i] = geometry.ray(s, d) & geometry.ray(t, opposite);
                    line[i] = full;
                }
            }
        }
        let rook = SliderTable::build(&geometry, &ROOK_DIRS, 0x5EED_0001);
        let bishop = SliderTable::build(&geometry, &BISHOP_DIRS, 0x5EED_0002);
        Tables { knight, king, pawn_attacks: [white_pawn, black_pawn], between, line, rook, bishop }
    }

    /// Squares strictly between two aligned squares (empty if not aligned).
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> u64 {
        self.between[a as usize * 64 + b as usize]
    }

    /// The whole line through two aligned squares (empty if not aligned).
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> u64 {
        self.line[a as usize * 64 + b as usize]
    }

    #[inline(always)]
    pub fn rook_attacks(&self, sq: Square, occupied: u64) -> u64 {
        self.rook.attacks(sq, occupied)
    }

    #[inline(always)]
    pub fn bishop_attacks(&self, sq: Square, occupied: u64) -> u64 {
        self.bishop.attacks(sq, occupied)
    }

    #[inline(always)]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> u64 {
        self.pawn_attacks[color.index()][sq as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_agree_with_geometry_walks() {
        let t = tables();
        let geometry = chess_geometry();
        let mut occ = 0x0123_4567_89AB_CDEFu64;
        for sq in 0..64u8 {
            occ = escalade_core::splitmix64(occ) & escalade_core::splitmix64(occ ^ 1);
            assert_eq!(t.rook_attacks(sq, occ), geometry.slide_all(sq, &ROOK_DIRS, occ));
            assert_eq!(t.bishop_attacks(sq, occ), geometry.slide_all(sq, &BISHOP_DIRS, occ));
        }
    }

    #[test]
    fn between_and_line() {
        let t = tables();
        // a1 (0) and h8 (63): between holds b2..g7
        assert_eq!(t.between(0, 63).count(), 6);
        assert_eq!(t.line(0, 63).count(), 8);
        assert_eq!(t.between(0, 10), 0); // a1, c2: not aligned
    }
}
