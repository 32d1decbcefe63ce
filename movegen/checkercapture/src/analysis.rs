//! Read-only facts about a position for the evaluation: which pieces can be jumped right
//! now, which empty squares are unsafe to step onto, how exposed pieces are to future jumps,
//! and how much safe normal mobility each side has. Nothing here changes the rules.

use escalade_core::{Bitboard, Color};

use crate::movegen::piece_targets;
use crate::position::CheckerCapture;
use crate::tables::tables;
use crate::types::Kind;

impl CheckerCapture {
    /// Pieces of `!attacker` that `attacker` could jump with a first jump right now
    /// (whoever is to move).
    pub fn jumpable(&self, attacker: Color) -> u64 {
        let t = tables();
        let victims = self.colors[(!attacker).index()];
        let occ = self.occupied();
        let mut out = 0;
        for a in self.colors[attacker.index()].squares() {
            if t.king[a as usize] & victims == 0 {
                continue;
            }
            for s in t.jumps[a as usize].as_slice() {
                if victims.has(s.over) && !occ.has(s.land) {
                    out |= u64::bit(s.over);
                }
            }
        }
        out
    }

    /// Empty squares on which a piece of `!attacker` could be jumped at once by `attacker`.
    pub fn unsafe_squares(&self, attacker: Color) -> u64 {
        let t = tables();
        let occ = self.occupied();
        let mut out = 0;
        for a in self.colors[attacker.index()].squares() {
            for s in t.jumps[a as usize].as_slice() {
                if !occ.has(s.over) && !occ.has(s.land) {
                    out |= u64::bit(s.over);
                }
            }
        }
        out
    }

    /// How many (piece, line) pairs of `color`'s pieces in `set` are open to a future jump:
    /// a line (orthogonal or diagonal axis) through the piece whose both neighbours are on
    /// the board and neither is a friendly piece. Pieces on the edge or shoulder to shoulder
    /// with friends have fewer.
    pub fn open_lines(&self, color: Color, set: u64) -> u32 {
        let t = tables();
        let own = self.colors[color.index()];
        let mut n = 0;
        for sq in (set & own).squares() {
            for d in 0..4 {
                let a = t.geometry.step(sq, d);
                let b = t.geometry.step(sq, d + 4);
                if a.any() && b.any() && (a | b) & own == 0 {
                    n += 1;
                }
            }
        }
        n
    }

    /// (all, safe) counts of the normal-move targets of `color`'s knights, bishops, rooks,
    /// queens and king: empty squares they reach, and those not in `unsafe_squares(!color)`.
    pub fn mobility(&self, color: Color) -> (u32, u32) {
        let t = tables();
        let occ = self.occupied();
        let danger = self.unsafe_squares(!color);
        let (mut all, mut safe) = (0, 0);
        for kind in [
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
            Kind::King,
        ] {
            for sq in self.pieces(color, kind).squares() {
                let targets = piece_targets(t, kind, sq, occ) & !occ;
                all += targets.count();
                safe += (targets & !danger).count();
            }
        }
        (all, safe)
    }

    /// Plies a pawn of `color` on `sq` needs to reach its last rank by steps.
    pub fn pawn_distance(&self, color: Color, sq: u8) -> u32 {
        let rank = (sq / 8) as u32;
        match color {
            Color::White => 7 - rank,
            Color::Black => rank,
        }
    }

    /// Whether every square ahead of the pawn on `sq`, up to its last rank, is empty.
    pub fn pawn_path_clear(&self, color: Color, sq: u8) -> bool {
        let t = tables();
        let fwd = t.forward[color.index()];
        let occ = self.occupied();
        let mut cur = t.geometry.step(sq, fwd);
        while cur.any() {
            if cur & occ != 0 {
                return false;
            }
            cur = t.geometry.step(cur.lsb(), fwd);
        }
        true
    }
}
