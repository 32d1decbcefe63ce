//! The 8x8 board geometry and every lookup table the move generator reads: short jumps
//! (jumped square and landing square per direction), knight and king targets, pawn
//! directions per side, rank masks and castling-right masks. Built once from the core
//! `GeometryBuilder` in a lazily initialised static; read-only afterwards. Also the shift of
//! a whole set one step in a direction; rook and bishop attacks come from FIDE chess's magic
//! tables (the same board, numbered alike).

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square, COMPASS, KNIGHT_LEAPS};

/// Direction indices into [`COMPASS`].
pub const NORTH: usize = 0;
pub const NORTH_EAST: usize = 1;
pub const SOUTH_EAST: usize = 3;
pub const SOUTH: usize = 4;
pub const SOUTH_WEST: usize = 5;
pub const NORTH_WEST: usize = 7;

/// One short jump from a square: the square jumped over and the landing square.
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpStep {
    pub over: Square,
    pub land: Square,
}

/// Every short jump that stays on the board from one square (at most eight).
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpList {
    pub steps: [JumpStep; 8],
    pub len: u8,
}

impl JumpList {
    /// The jumps as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[JumpStep] {
        &self.steps[..self.len as usize]
    }
}

/// All tables of the board.
pub struct Tables {
    pub geometry: Geometry<u64>,
    /// Short jumps from each square.
    pub jumps: [JumpList; 64],
    /// Knight targets from each square.
    pub knight: [u64; 64],
    /// Squares one king step away (also the squares a piece there could jump over).
    pub king: [u64; 64],
    /// The squares of each rank, rank 1 first.
    pub rank: [u64; 8],
    /// Forward direction per side (index by `Color::index`).
    pub forward: [usize; 2],
    /// Diagonal-forward directions per side (FIDE pawn captures).
    pub pawn_captures: [[usize; 2]; 2],
    /// Castling rights kept when a piece leaves, lands on or is captured on a square.
    pub castle_keep: [u8; 64],
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Every square of `set` moved one step in compass direction `d` (N, NE, E, SE, S, SW, W,
/// NW), those stepping off the board dropped: `step` of each square at once.
#[inline(always)]
pub const fn shift(set: u64, d: usize) -> u64 {
    match d {
        0 => set << 8,
        1 => (set & !FILE_H) << 9,
        2 => (set & !FILE_H) << 1,
        3 => (set & !FILE_H) >> 7,
        4 => set >> 8,
        5 => (set & !FILE_A) >> 9,
        6 => (set & !FILE_A) >> 1,
        _ => (set & !FILE_A) << 7,
    }
}

impl Tables {
    /// The rank (0-based, from White's side) a side's pawns promote on.
    #[inline(always)]
    pub fn last_rank(&self, side: Color) -> u64 {
        self.rank[if side == Color::White { 7 } else { 0 }]
    }

    /// Rook moves: the four orthogonal slides (N, E, S, W), by FIDE chess's magic sliders
    /// (the same board, numbered alike).
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: u64) -> u64 {
        escalade_fide::attacks::rook(sq, occ)
    }

    /// Bishop moves: the four diagonal slides (NE, SE, SW, NW), by the magic sliders.
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: u64) -> u64 {
        escalade_fide::attacks::bishop(sq, occ)
    }

    /// The rank a side's pawns start on.
    #[inline(always)]
    pub fn pawn_rank(&self, side: Color) -> u64 {
        self.rank[if side == Color::White { 1 } else { 6 }]
    }
}

/// Castling-right bits: White O-O, White O-O-O, Black O-O, Black O-O-O.
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;

/// Square index of file `f` (0 = a) and rank `r` (0 = rank 1).
pub const fn square_at(f: u8, r: u8) -> Square {
    r * 8 + f
}

fn build() -> Tables {
    let geometry: Geometry<u64> = GeometryBuilder::grid(8, 8, 8, &COMPASS, &[], |f, r| {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    })
    .build();
    let mut jumps = [JumpList::default(); 64];
    let mut king = [0u64; 64];
    let mut rank = [0u64; 8];
    for sq in geometry.squares().squares() {
        let list = &mut jumps[sq as usize];
        for d in 0..8 {
            let over = geometry.step(sq, d);
            if over.is_empty() {
                continue;
            }
            king[sq as usize] |= over;
            let land = geometry.step(over.lsb(), d);
            if land.any() {
                list.steps[list.len as usize] = JumpStep {
                    over: over.lsb(),
                    land: land.lsb(),
                };
                list.len += 1;
            }
        }
        let (_, r) = geometry.coords(sq);
        rank[r as usize] |= u64::bit(sq);
    }
    let leaps = geometry.leap_table(&KNIGHT_LEAPS);
    let mut knight = [0u64; 64];
    knight.copy_from_slice(&leaps);
    let mut castle_keep = [0x0Fu8; 64];
    castle_keep[square_at(4, 0) as usize] &= !(WHITE_SHORT | WHITE_LONG);
    castle_keep[square_at(7, 0) as usize] &= !WHITE_SHORT;
    castle_keep[square_at(0, 0) as usize] &= !WHITE_LONG;
    castle_keep[square_at(4, 7) as usize] &= !(BLACK_SHORT | BLACK_LONG);
    castle_keep[square_at(7, 7) as usize] &= !BLACK_SHORT;
    castle_keep[square_at(0, 7) as usize] &= !BLACK_LONG;
    Tables {
        geometry,
        jumps,
        knight,
        king,
        rank,
        forward: [NORTH, SOUTH],
        pawn_captures: [[NORTH_EAST, NORTH_WEST], [SOUTH_EAST, SOUTH_WEST]],
        castle_keep,
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The board's tables (built on first use).
#[inline(always)]
pub fn tables() -> &'static Tables {
    &TABLES
}

/// The name of a square, e.g. `e4`.
pub fn square_name(sq: Square) -> &'static str {
    tables().geometry.name(sq)
}

/// Reads a square name such as `e4`.
pub fn parse_square(name: &str) -> Option<Square> {
    tables().geometry.parse_square(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_counts_match_the_board() {
        let t = tables();
        // a corner has 3 jumps, a central square 8, b2 has 3 (its jumps over a-file or rank 1 fall off)
        assert_eq!(t.jumps[square_at(0, 0) as usize].len, 3);
        assert_eq!(t.jumps[square_at(3, 3) as usize].len, 8);
        assert_eq!(t.jumps[square_at(1, 1) as usize].len, 3);
        let j = t.jumps[square_at(2, 2) as usize].as_slice()[0];
        assert_eq!((square_name(j.over), square_name(j.land)), ("c4", "c5"));
    }

    #[test]
    fn shifts_and_magic_sliders_match_the_geometry() {
        let t = tables();
        for sq in 0..64u8 {
            for d in 0..8 {
                assert_eq!(shift(1 << sq, d), t.geometry.step(sq, d));
            }
        }
        let mut occ = 0x0012_4080_2100_9A04u64;
        for _ in 0..50 {
            for sq in 0..64 {
                let slides = |dirs: [usize; 4]| {
                    dirs.iter()
                        .fold(0, |a, &d| a | t.geometry.slide(sq, d, occ))
                };
                assert_eq!(t.rook(sq, occ), slides([0, 2, 4, 6]));
                assert_eq!(t.bishop(sq, occ), slides([1, 3, 5, 7]));
            }
            occ = escalade_core::splitmix64(occ);
        }
    }
}
