//! Read-only facts about a position for the evaluation: which pieces can be jumped right
//! now, which empty squares are unsafe to step onto, how exposed pieces are to future jumps,
//! and how much safe normal mobility each side has. Nothing here changes the rules.

use escalade_core::{Bitboard, Color};

use crate::movegen::piece_targets;
use crate::position::CheckerCapture;
use crate::tables::{shift, tables};
use crate::types::Kind;

impl CheckerCapture {
    /// Pieces of `!attacker` that `attacker` could jump with a first jump right now
    /// (whoever is to move): per direction, the victims next to an attacker with an empty
    /// square beyond.
    pub fn jumpable(&self, attacker: Color) -> u64 {
        let victims = self.colors[(!attacker).index()];
        let empty = !self.occupied();
        let attackers = self.colors[attacker.index()];
        (0..8).fold(0, |out, d| {
            out | shift(attackers, d) & victims & shift(empty, (d + 4) % 8)
        })
    }

    /// Empty squares on which a piece of `!attacker` could be jumped at once by `attacker`:
    /// per direction, the empty squares next to an attacker with an empty square beyond.
    pub fn unsafe_squares(&self, attacker: Color) -> u64 {
        let empty = !self.occupied();
        let attackers = self.colors[attacker.index()];
        (0..8).fold(0, |out, d| {
            out | shift(attackers, d) & empty & shift(empty, (d + 4) % 8)
        })
    }

    /// How many (piece, line) pairs of `color`'s pieces in `set` are open to a future jump:
    /// a line (orthogonal or diagonal axis) through the piece whose both neighbours are on
    /// the board and neither is a friendly piece. Pieces on the edge or shoulder to shoulder
    /// with friends have fewer.
    pub fn open_lines(&self, color: Color, set: u64) -> u32 {
        let own = self.colors[color.index()];
        let pieces = set & own;
        (0..4)
            .map(|d| {
                // squares with a neighbour on the board each way, none of them friendly
                let room = shift(!0, d) & shift(!0, d + 4);
                let crowded = shift(own, d) | shift(own, d + 4);
                (pieces & room & !crowded).count()
            })
            .sum()
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
        t.geometry.ray(sq, t.forward[color.index()]) & self.occupied() == 0
    }
}

#[cfg(test)]
mod tests {
    use escalade_core::{Bitboard, Color, Rules, SeededRng};

    use crate::position::CheckerCapture;
    use crate::tables::tables;

    /// The facts square by square, as the set-wise code must find them.
    fn reference(p: &CheckerCapture, side: Color) -> (u64, u64, u32, Vec<bool>) {
        let t = tables();
        let occ = p.occupied();
        let (mut jumpable, mut unsafe_squares) = (0, 0);
        for a in p.colors[side.index()].squares() {
            for s in t.jumps[a as usize].as_slice() {
                if !occ.has(s.land) {
                    jumpable |= u64::bit(s.over) & p.colors[(!side).index()];
                    unsafe_squares |= u64::bit(s.over) & !occ;
                }
            }
        }
        let own = p.colors[side.index()];
        let mut open = 0;
        for sq in own.squares() {
            for d in 0..4 {
                let (a, b) = (t.geometry.step(sq, d), t.geometry.step(sq, d + 4));
                open += u32::from(a.any() && b.any() && (a | b) & own == 0);
            }
        }
        let clear = (0..64u8)
            .map(|sq| {
                let mut cur = t.geometry.step(sq, t.forward[side.index()]);
                while cur.any() && cur & occ == 0 {
                    cur = t.geometry.step(cur.lsb(), t.forward[side.index()]);
                }
                cur.is_empty()
            })
            .collect();
        (jumpable, unsafe_squares, open, clear)
    }

    #[test]
    fn set_wise_facts_match_the_square_by_square_ones() {
        let mut rng = SeededRng::new(7);
        let mut moves = Vec::new();
        for form in 0..8 {
            for _ in 0..20 {
                let mut pos = CheckerCapture::startpos(form);
                for _ in 0..60 {
                    for side in Color::BOTH {
                        let (jumpable, unsafe_squares, open, clear) = reference(&pos, side);
                        assert_eq!(pos.jumpable(side), jumpable);
                        assert_eq!(pos.unsafe_squares(side), unsafe_squares);
                        assert_eq!(pos.open_lines(side, !0), open);
                        for sq in 0..64u8 {
                            assert_eq!(pos.pawn_path_clear(side, sq), clear[sq as usize]);
                        }
                    }
                    pos.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
    }
}
