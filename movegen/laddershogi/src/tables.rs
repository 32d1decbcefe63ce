//! Board geometry and attack tables, built once: the 10x10 board from the core's
//! `GeometryBuilder`, king steps, each kind's single steps and leaps, its attacks on an empty
//! board, the squares between two aligned squares, and rank masks.
//!
//! Squares are `rank * 10 + file` (a1 = 0, j10 = 99). Directions are the core's `COMPASS`
//! (N, NE, E, SE, S, SW, W, NW); a Black piece uses White's directions turned by 180 degrees.

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square, COMPASS, KNIGHT_LEAPS};

use crate::piece::*;

/// Number of squares.
pub const SQUARES: usize = 100;

/// How one kind moves, for White (Black turns every direction by 180 degrees).
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    /// Directions of single steps (bit `d` = `COMPASS[d]`).
    pub step: u8,
    /// Directions of lame moves of one or two squares.
    pub two: u8,
    /// Directions of unlimited riding.
    pub ride: u8,
    /// Leaps as (file, rank) offsets.
    pub leaps: &'static [(i8, i8)],
}

const ALL: u8 = 0xFF;
const ORTH: u8 = 0b0101_0101;
const DIAG: u8 = 0b1010_1010;
const N: u8 = 1;
const NE: u8 = 2;
const E: u8 = 4;
const S: u8 = 16;
const W: u8 = 64;
const NW: u8 = 128;
const HORSE_LEAPS: &[(i8, i8)] = &[(1, 2), (-1, 2)];

/// The motion of `kind` for White.
pub const fn motion(kind: Kind) -> Motion {
    let (step, two, ride, leaps): (u8, u8, u8, &'static [(i8, i8)]) = match kind {
        1 => (N, 0, 0, &[]),
        2 => (NE | NW, 0, 0, &[]),
        3 => (N | E | W, 0, 0, &[]),
        4 => (NE | NW | E | W, 0, 0, &[]),
        5 => (0, N | DIAG, 0, &[]),
        6 => (0, ORTH | NE | NW, 0, &[]),
        7 => (0, ALL & !S, 0, &[]),
        8 => (ORTH, 0, DIAG, &[]),
        9 => (DIAG, 0, ORTH, &[]),
        10 | BURAKUMIN => (0, 0, ALL, &[]),
        KING | DRAGON | CRICKET | KAPPA => (ALL, 0, 0, &[]),
        LANCE => (0, 0, N, &[]),
        NINJA => (0, 0, NE | NW, &[]),
        HORSE => (0, 0, 0, HORSE_LEAPS),
        ROOK => (0, 0, ORTH, &[]),
        BISHOP => (0, 0, DIAG, &[]),
        SHOGUN => (0, 0, 0, &KNIGHT_LEAPS),
        _ => (0, 0, 0, &[]),
    };
    Motion {
        step,
        two,
        ride,
        leaps,
    }
}

/// A White direction mask turned for `color`.
#[inline(always)]
pub const fn oriented(mask: u8, color: Color) -> u8 {
    match color {
        Color::White => mask,
        Color::Black => mask.rotate_left(4),
    }
}

/// Every precomputed table.
pub struct Tables {
    /// The board.
    pub geo: Geometry<u128>,
    /// King steps from each square.
    pub king: [u128; SQUARES],
    /// Single steps and leaps, by `table_index(kind, color, sq)`.
    pub steps: Vec<u128>,
    /// Everything a kind attacks on an empty board, by `table_index(kind, color, sq)`.
    pub attacks: Vec<u128>,
    /// Squares from which some capturing kind of a colour attacks a square, by
    /// `color * SQUARES + target`.
    pub super_attackers: Vec<u128>,
    /// Squares a kind attacks on an empty board after one non-capturing (or non-value)
    /// first move, promotion included: where it "reaches in two", by `table_index`.
    pub reach_two: Vec<u128>,
    /// Squares strictly between two squares on one line (empty when not aligned).
    pub between: Vec<u128>,
    /// The last rank for each colour (rank 10 for White, rank 1 for Black).
    pub last_rank: [u128; 2],
    /// The last two ranks for each colour.
    pub last_two: [u128; 2],
    /// Every square.
    pub all: u128,
    /// The a-file.
    pub file_a: u128,
    /// The j-file.
    pub file_j: u128,
    /// Directions of lame two-square moves, by `kind * 2 + color`.
    pub two_dirs: [u8; KINDS * 2],
    /// Directions of riding moves, by `kind * 2 + color`.
    pub ride_dirs: [u8; KINDS * 2],
}

/// Index into `Tables::steps` and `Tables::attacks`.
#[inline(always)]
pub const fn table_index(kind: Kind, color: Color, sq: Square) -> usize {
    ((kind as usize) * 2 + color as usize) * SQUARES + sq as usize
}

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The name of square (file, rank), 0-based: `a1` .. `j10`.
pub fn square_name(file: i8, rank: i8) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn build() -> Tables {
    let geo: Geometry<u128> = GeometryBuilder::grid(10, 10, 10, &COMPASS, &[], square_name).build();
    let mut king = [0u128; SQUARES];
    for s in geo.squares().squares() {
        king[s as usize] = geo.step_all(s, &[0, 1, 2, 3, 4, 5, 6, 7]);
    }
    let (steps, attacks) = step_and_attack_tables(&geo);
    let (attackers, reach_two) = attacker_tables(&geo, &attacks);
    let super_attackers = super_attacker_table(&geo, &attackers);
    let between = between_table(&geo);
    let rank = |r: i8| {
        geo.squares()
            .squares()
            .filter(|&s| geo.coords(s).1 == r)
            .fold(0u128, |b, s| b | u128::bit(s))
    };
    let last_rank = [rank(9), rank(0)];
    let last_two = [rank(9) | rank(8), rank(0) | rank(1)];
    let mut two_dirs = [0u8; KINDS * 2];
    let mut ride_dirs = [0u8; KINDS * 2];
    for kind in 1..KINDS as Kind {
        for color in Color::BOTH {
            let m = motion(kind);
            two_dirs[kind as usize * 2 + color as usize] = oriented(m.two, color);
            ride_dirs[kind as usize * 2 + color as usize] = oriented(m.ride, color);
        }
    }
    let file = |f: i8| {
        geo.squares()
            .squares()
            .filter(|&s| geo.coords(s).0 == f)
            .fold(0u128, |b, s| b | u128::bit(s))
    };
    Tables {
        file_a: file(0),
        file_j: file(9),
        two_dirs,
        ride_dirs,
        all: geo.squares(),
        geo,
        king,
        steps,
        attacks,
        super_attackers,
        reach_two,
        between,
        last_rank,
        last_two,
    }
}

/// Per (kind, colour, square): the plain steps and leaps, and every square attacked on an
/// empty board.
fn step_and_attack_tables(geo: &Geometry<u128>) -> (Vec<u128>, Vec<u128>) {
    let mut steps = vec![0u128; KINDS * 2 * SQUARES];
    let mut attacks = vec![0u128; KINDS * 2 * SQUARES];
    for kind in 1..KINDS as Kind {
        let m = motion(kind);
        for color in Color::BOTH {
            let leaps: Vec<(i8, i8)> = m
                .leaps
                .iter()
                .map(|&(f, r)| {
                    if color == Color::White {
                        (f, r)
                    } else {
                        (-f, -r)
                    }
                })
                .collect();
            let leap_table = geo.leap_table(&leaps);
            for s in geo.squares().squares() {
                let i = table_index(kind, color, s);
                let mut st = leap_table[s as usize];
                for d in 0..8 {
                    if oriented(m.step, color) & (1 << d) != 0 {
                        st |= geo.step(s, d);
                    }
                }
                steps[i] = st;
                attacks[i] = st | reach_with(geo, kind, color, s, 0, st);
            }
        }
    }
    (steps, attacks)
}

/// Per (kind, colour, target): the squares attacking it, and the squares a piece reaches
/// in two moves (with the promotion a first move may bring).
fn attacker_tables(geo: &Geometry<u128>, attacks: &[u128]) -> (Vec<u128>, Vec<u128>) {
    let mut attackers = vec![0u128; KINDS * 2 * SQUARES];
    let mut reach_two = vec![0u128; KINDS * 2 * SQUARES];
    let last = |color: Color, s: Square| {
        let r = geo.coords(s).1;
        if color == Color::White {
            r
        } else {
            9 - r
        }
    };
    for kind in 1..KINDS as Kind {
        for color in Color::BOTH {
            for s in geo.squares().squares() {
                let from = attacks[table_index(kind, color, s)];
                for t in from.squares() {
                    attackers[table_index(kind, color, t)] |= u128::bit(s);
                    let after = match kind {
                        LANCE if last(color, t) == 9 => ROOK,
                        NINJA if last(color, t) == 9 => BISHOP,
                        HORSE if last(color, t) >= 8 => SHOGUN,
                        k => k,
                    };
                    reach_two[table_index(kind, color, s)] |= attacks[table_index(after, color, t)];
                }
            }
        }
    }
    (attackers, reach_two)
}

/// Per (colour, target): the squares from which any capturing piece could attack it.
fn super_attacker_table(geo: &Geometry<u128>, attackers: &[u128]) -> Vec<u128> {
    let mut super_attackers = vec![0u128; 2 * SQUARES];
    for color in Color::BOTH {
        for t in geo.squares().squares() {
            for kind in (1..KINDS as Kind).filter(|&k| can_capture(k)) {
                super_attackers[color as usize * SQUARES + t as usize] |=
                    attackers[table_index(kind, color, t)];
            }
        }
    }
    super_attackers
}

/// Per (from, to) on one line: the squares strictly between them.
fn between_table(geo: &Geometry<u128>) -> Vec<u128> {
    let mut between = vec![0u128; SQUARES * SQUARES];
    for s in geo.squares().squares() {
        for d in 0..8 {
            let mut path = 0u128;
            let mut cur = geo.step(s, d);
            while cur.any() {
                let t = cur.lsb();
                between[s as usize * SQUARES + t as usize] = path;
                path |= cur;
                cur = geo.step(t, d);
            }
        }
    }
    between
}

/// Targets of the lame two-square and riding moves of `kind` against `blockers`
/// (the first blocked square of each line included), plus `steps`.
fn reach_with(
    geo: &Geometry<u128>,
    kind: Kind,
    color: Color,
    s: Square,
    blockers: u128,
    steps: u128,
) -> u128 {
    let m = motion(kind);
    let mut out = steps;
    let two = oriented(m.two, color);
    let ride = oriented(m.ride, color);
    for d in 0..8 {
        let bit = 1u8 << d;
        if two & bit != 0 {
            let first = geo.step(s, d);
            if first.any() {
                out |= first;
                if (first & blockers).is_empty() {
                    out |= geo.step(first.lsb(), d);
                }
            }
        }
        if ride & bit != 0 {
            out |= geo.slide(s, d, blockers);
        }
    }
    out
}

impl Tables {
    /// Squares `kind` of `color` on `s` reaches against `blockers`: steps, leaps, lame
    /// two-square moves and rides, each line including its first blocked square.
    #[inline]
    pub fn reach(&self, kind: Kind, color: Color, s: Square, blockers: u128) -> u128 {
        let k = kind as usize * 2 + color as usize;
        let mut out = self.steps[table_index(kind, color, s)];
        let mut two = self.two_dirs[k];
        while two != 0 {
            let d = two.trailing_zeros() as usize;
            two &= two - 1;
            let first = self.geo.step(s, d);
            if first.any() {
                out |= first;
                if (first & blockers).is_empty() {
                    out |= self.geo.step(first.lsb(), d);
                }
            }
        }
        let mut ride = self.ride_dirs[k];
        while ride != 0 {
            let d = ride.trailing_zeros() as usize;
            ride &= ride - 1;
            out |= self.geo.slide(s, d, blockers);
        }
        out
    }

    /// Whether `kind` of `color` on `s` attacks `t` on an empty board.
    #[inline(always)]
    pub fn attacks(&self, kind: Kind, color: Color, s: Square, t: Square) -> bool {
        self.attacks[table_index(kind, color, s)].has(t)
    }

    /// Squares strictly between `s` and `t` when aligned.
    #[inline(always)]
    pub fn between(&self, s: Square, t: Square) -> u128 {
        self.between[s as usize * SQUARES + t as usize]
    }

    /// Every square adjacent to some square of `set` (shifts, whatever the set's size).
    #[inline]
    pub fn around(&self, set: u128) -> u128 {
        let east = set & !self.file_j;
        let west = set & !self.file_a;
        let out = (set << 10)
            | (set >> 10)
            | (east << 1)
            | (east << 11)
            | (east >> 9)
            | (west >> 1)
            | (west << 9)
            | (west >> 11);
        out & self.all
    }

    /// Whether a non-Burakumin `kind` on `s` captures on `t`, given blockers `blockers`
    /// (occupied squares and squares it may not pass) and `forbidden` (squares it may
    /// neither pass nor end on). Petrification is the caller's business.
    #[inline]
    pub fn hits(
        &self,
        kind: Kind,
        color: Color,
        s: Square,
        t: Square,
        blockers: u128,
        forbidden: u128,
    ) -> bool {
        can_capture(kind)
            && self.attacks(kind, color, s, t)
            && !forbidden.has(t)
            && (self.between(s, t) & (blockers | forbidden)).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn around_by_shifts_matches_king_steps() {
        let t = &*TABLES;
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x = escalade_core::splitmix64(x);
            let y = escalade_core::splitmix64(x);
            let set = (((x as u128) << 64) | y as u128) & t.all & ((x as u128) * 3);
            let slow = set.squares().fold(0u128, |acc, s| acc | t.king[s as usize]);
            assert_eq!(t.around(set), slow);
        }
        for s in t.all.squares() {
            assert_eq!(t.around(u128::bit(s)), t.king[s as usize]);
        }
    }
}
