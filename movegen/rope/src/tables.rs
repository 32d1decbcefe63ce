//! Attack tables of the line, built once per board length from a core [`Geometry`]
//! (squares linked in two directions, "up" towards higher numbers and "down").
//!
//! Steps, hops and leaps are per-square tables; the Router slides with the geometry's
//! first-blocker cut, and the Torch does the same against the occupancy restricted to the
//! squares at odd distance (the squares of the other parity).

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square};

/// Direction towards higher square numbers (White's forward).
pub const UP: usize = 0;
/// Direction towards lower square numbers (Black's forward).
pub const DOWN: usize = 1;

/// Largest board: tables are sized for it.
pub const MAX_SQUARES: usize = 21;

/// Everything the move generator looks up for one board length.
#[derive(Debug)]
pub struct Tables {
    /// The line as a core geometry (square `i` is named `i + 1`).
    pub geo: Geometry<u64>,
    /// Number of squares.
    pub n: u8,
    /// Every square.
    pub board: u64,
    /// Single steps both ways (Gold, King).
    pub step: [u64; MAX_SQUARES],
    /// Hop per direction: the square jumped over and the landing square.
    pub hop: [[(u64, u64); MAX_SQUARES]; 2],
    /// Dabbaba leaps (1 or 2 squares).
    pub dabbaba: [u64; MAX_SQUARES],
    /// Dove leaps (2 or 3 squares).
    pub dove: [u64; MAX_SQUARES],
    /// A pawn's forward step, per colour.
    pub pawn_step: [[u64; MAX_SQUARES]; 2],
    /// Squares from which a pawn of the colour attacks the square.
    pub pawn_attackers: [[u64; MAX_SQUARES]; 2],
    /// Squares of even index and of odd index (same parity = even distance).
    pub parity: [u64; 2],
    /// Promotion zone per colour (the last four squares).
    pub zone: [u64; 2],
    /// The last square per colour, where a pawn must promote.
    pub last: [Square; 2],
    /// The home square per colour (1 for White, the top square for Black).
    pub home: [Square; 2],
}

impl Tables {
    fn build(n: u8) -> Tables {
        let mut b = GeometryBuilder::new(n as usize, 2);
        for i in 0..n {
            b.square(i, &(i + 1).to_string(), i as i8, 0);
        }
        for i in 0..n - 1 {
            b.link(i, UP, i + 1).link(i + 1, DOWN, i);
        }
        let geo: Geometry<u64> = b.build();
        let dab = geo.leap_table(&[(1, 0), (-1, 0), (2, 0), (-2, 0)]);
        let dov = geo.leap_table(&[(2, 0), (-2, 0), (3, 0), (-3, 0)]);
        let mut t = Tables {
            board: geo.squares(),
            n,
            step: [0; MAX_SQUARES],
            hop: [[(0, 0); MAX_SQUARES]; 2],
            dabbaba: [0; MAX_SQUARES],
            dove: [0; MAX_SQUARES],
            pawn_step: [[0; MAX_SQUARES]; 2],
            pawn_attackers: [[0; MAX_SQUARES]; 2],
            parity: [0; 2],
            zone: [0; 2],
            last: [n - 1, 0],
            home: [0, n - 1],
            geo,
        };
        for s in 0..n {
            let i = s as usize;
            t.step[i] = t.geo.step_all(s, &[UP, DOWN]);
            for d in [UP, DOWN] {
                let over = t.geo.step(s, d);
                let land = if over.any() {
                    t.geo.step(over.lsb(), d)
                } else {
                    0
                };
                t.hop[d][i] = if land.any() { (over, land) } else { (0, 0) };
            }
            t.dabbaba[i] = dab[i];
            t.dove[i] = dov[i];
            t.pawn_step[Color::White.index()][i] = t.geo.step(s, UP);
            t.pawn_step[Color::Black.index()][i] = t.geo.step(s, DOWN);
            t.pawn_attackers[Color::White.index()][i] = t.geo.step(s, DOWN);
            t.pawn_attackers[Color::Black.index()][i] = t.geo.step(s, UP);
            t.parity[i % 2] |= u64::bit(s);
            if s + 4 >= n {
                t.zone[Color::White.index()] |= u64::bit(s);
            }
            if s < 4 {
                t.zone[Color::Black.index()] |= u64::bit(s);
            }
        }
        t
    }

    /// Squares of the same parity as `sq` (even distance from it).
    #[inline(always)]
    pub fn same_parity(&self, sq: Square) -> u64 {
        self.parity[sq as usize & 1]
    }

    /// Router targets from `sq`: every square up to and including the first occupied one
    /// each way (friendly ones included; the caller removes them).
    #[inline(always)]
    pub fn router(&self, sq: Square, occ: u64) -> u64 {
        self.geo.slide(sq, UP, occ) | self.geo.slide(sq, DOWN, occ)
    }

    /// Torch targets from `sq`: the odd-distance squares up to and including the first
    /// occupied odd-distance square each way (pieces at even distance are ignored).
    #[inline(always)]
    pub fn torch(&self, sq: Square, occ: u64) -> u64 {
        let odd = !self.same_parity(sq) & self.board;
        let o = occ & odd;
        (self.geo.slide(sq, UP, o) | self.geo.slide(sq, DOWN, o)) & odd
    }

    /// Squares from which a Torch would attack `sq`: the Torch looks only at squares of
    /// `sq`'s parity, so the rays from `sq` are cut by occupied squares of that parity and
    /// the Torches sit on the other parity.
    #[inline(always)]
    pub fn torch_attackers(&self, sq: Square, occ: u64) -> u64 {
        let same = self.same_parity(sq);
        let o = occ & same;
        (self.geo.slide(sq, UP, o) | self.geo.slide(sq, DOWN, o)) & !same & self.board
    }

    /// Gold/King hop targets from `sq`: over an occupied neighbour onto an empty square.
    #[inline(always)]
    pub fn hops(&self, sq: Square, occ: u64) -> u64 {
        let i = sq as usize;
        let mut out = 0;
        for d in [UP, DOWN] {
            let (over, land) = self.hop[d][i];
            if over & occ != 0 && land & occ == 0 {
                out |= land;
            }
        }
        out
    }
}

/// Tables of the 21-square line.
pub static LONG: LazyLock<Tables> = LazyLock::new(|| Tables::build(21));
/// Tables of the 15-square line.
pub static SHORT: LazyLock<Tables> = LazyLock::new(|| Tables::build(15));

/// The tables for a board of `n` squares (21 or 15).
#[inline(always)]
pub fn tables(n: u8) -> &'static Tables {
    if n == 15 {
        &SHORT
    } else {
        &LONG
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(squares: &[u8]) -> u64 {
        squares.iter().fold(0, |b, &s| b | 1 << (s - 1))
    }

    #[test]
    fn torch_example_of_the_rules() {
        // T on 4, pieces on 1, 6 and 9
        let t = &*LONG;
        let occ = bits(&[1, 4, 6, 9]);
        assert_eq!(t.torch(3, occ), bits(&[1, 3, 5, 7, 9]));
        // 9 is attacked from 4 (6 is at even distance from the Torch)
        assert!(t.torch_attackers(8, occ) & bits(&[4]) != 0);
        // a blocker on 7 (odd distance from 4) cuts it
        assert_eq!(t.torch_attackers(8, occ | bits(&[7])) & bits(&[4]), 0);
    }

    #[test]
    fn leaps_and_hops() {
        let t = &*LONG;
        assert_eq!(t.dabbaba[0], bits(&[2, 3]));
        assert_eq!(t.dove[9], bits(&[7, 8, 12, 13]));
        assert_eq!(t.hops(0, bits(&[2])), bits(&[3]));
        assert_eq!(t.hops(0, bits(&[2, 3])), 0);
        assert_eq!(SHORT.zone, [bits(&[12, 13, 14, 15]), bits(&[1, 2, 3, 4])]);
        assert_eq!(LONG.zone[0], bits(&[18, 19, 20, 21]));
    }
}
