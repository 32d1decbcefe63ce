//! The moves quiescence searches: captures (en passant included) and promotions, in the
//! order the full generator lists them, without storing the quiet moves around them.

use escalade_core::{Bitboard, Square};

use crate::board::Chess;
use crate::movegen::{generate, Sink};
use crate::types::{Flag, Move};

/// Keeps the tactical moves of a generation and notes whether there was any move at all.
struct Tactical<'a> {
    out: &'a mut Vec<Move>,
    /// The opponent's pieces: a move to one of them is a capture.
    enemy: u64,
    any: bool,
}

impl Sink for Tactical<'_> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.any = true;
        if self.enemy.has(mv.to()) || mv.is_en_passant() || mv.promotion().is_some() {
            self.out.push(mv);
        }
    }
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: u64) {
        self.any |= targets != 0;
        for to in (targets & self.enemy).squares() {
            self.out.push(Move::new(from, to, Flag::Normal));
        }
    }
    #[inline(always)]
    fn pawn_targets(&mut self, targets: u64, delta: i8) {
        self.any |= targets != 0;
        for to in (targets & self.enemy).squares() {
            self.out
                .push(Move::new((to as i8 - delta) as Square, to, Flag::Normal));
        }
    }
}

impl Chess {
    /// Clears `out` and fills it with the legal captures and promotions, in generation
    /// order; returns whether the position has any legal move.
    #[inline]
    pub(crate) fn generate_tactical_moves(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        let enemy = self.color_bb(!self.side());
        let mut sink = Tactical {
            out,
            enemy,
            any: false,
        };
        generate(self, &mut sink);
        sink.any
    }
}

#[cfg(test)]
mod tests {
    use escalade_core::{splitmix64, Rules, SearchHints};

    use crate::Chess;

    /// Along random games: the tactical moves are the full list's, in its order, and the
    /// answer to "any move at all" is the full list's.
    #[test]
    fn tactical_moves_are_the_full_lists_captures_and_promotions_in_order() {
        let fens = [
            "4k3/1P6/8/8/1B6/2N5/8/R3K2r w Q - 0 1",
            "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
            "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ];
        let mut seed = 11;
        let mut checked = 0;
        for fen in fens {
            let start = Chess::from_fen(0, fen).unwrap();
            for _game in 0..40 {
                let mut pos = start;
                for _ply in 0..120 {
                    let (mut all, mut tactical) = (Vec::new(), vec![Default::default(); 3]);
                    pos.generate_moves(&mut all);
                    let any = pos.generate_tactical(&mut tactical);
                    let expected: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|&m| pos.is_tactical(m))
                        .collect();
                    assert_eq!(tactical, expected, "{}", pos.to_fen());
                    assert_eq!(any, !all.is_empty(), "{}", pos.to_fen());
                    checked += 1;
                    if all.is_empty() {
                        break;
                    }
                    seed = splitmix64(seed);
                    pos = pos.play(all[(seed % all.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
