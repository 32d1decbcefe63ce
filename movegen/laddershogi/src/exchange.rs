//! A cheap static-exchange test for the search: a capturing turn is *losing* when a piece it
//! leaves on a square the opponent attacks with a single move is worth more than everything
//! the turn captured. Quiescence skips such turns and the main search tries them late; it
//! is what keeps quiescence's capture chains short on a board of eighty pieces. Also the
//! rough worth of what a turn captures, for move ordering.

use escalade_core::{Bitboard, Color, Rules, Square};

use crate::moves::Move;
use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::{SQUARES, TABLES};

impl LadderShogi {
    /// Whether the capturing turn `mv` loses material by a single-move recapture (see the
    /// module text). Drops and turns that capture nothing are never losing.
    pub(crate) fn capture_loses(&self, mv: Move) -> bool {
        if mv.dropped().is_some() {
            return false;
        }
        let gain = self.gain_of(mv);
        if gain == 0 {
            return false;
        }
        let child = self.play(mv);
        let us = self.side;
        let at_risk = mv
            .sub_moves()
            .map(|s| s.to)
            .filter(|&to| child.by_color[us.index()].has(to))
            .filter(|&to| child.attacked_by_single(!us, to))
            .map(|to| Self::capture_worth(child.board[to as usize].kind()))
            .max()
            .unwrap_or(0);
        at_risk > gain
    }

    /// Whether `by` can capture the piece on `target` with a single move (petrification and
    /// the Burakumin's zone respected, as for the King in `threat.rs`).
    pub(crate) fn attacked_by_single(&self, by: Color, target: Square) -> bool {
        let t = &*TABLES;
        let def = !by;
        let ubb = self.bb(BURAKUMIN);
        let zone = t.around(ubb);
        let occ = self.occupied();
        let frozen = t.around(self.bb(KAPPA) & self.by_color[def.index()]);
        let free = self.by_color[by.index()] & !frozen;
        (free & t.super_attackers[by.index() * SQUARES + target as usize])
            .squares()
            .any(|s| {
                let kind = self.board[s as usize].kind();
                kind != BURAKUMIN && t.hits(kind, by, s, target, occ, zone)
            })
    }

    /// Rough worth of what a turn captures, for move ordering.
    pub(crate) fn capture_worth(kind: Kind) -> i32 {
        match kind {
            1..=10 => 60 + 40 * kind as i32,
            KING => 10_000,
            BURAKUMIN => 700,
            ROOK | BISHOP => 600,
            LANCE | NINJA | SHOGUN => 350,
            HORSE => 250,
            DRAGON | CRICKET | KAPPA => 400,
            _ => 0,
        }
    }

    /// Total worth of the pieces the turn `mv` captures (a drop captures nothing). A single
    /// move reads its victim off the board; only a double turn, whose second sub-move
    /// starts where the first left the board, is played out on a copy.
    pub(crate) fn gain_of(&self, mv: Move) -> i32 {
        if mv.dropped().is_some() {
            return 0;
        }
        if !mv.is_double() {
            let victim = self.board[mv.first.to as usize];
            return if victim.is_empty() {
                0
            } else {
                Self::capture_worth(victim.kind())
            };
        }
        let mut pos = self.clone();
        let mut gain = 0;
        for sub in mv.sub_moves() {
            let victim = pos.board[sub.to as usize];
            if !victim.is_empty() {
                gain += Self::capture_worth(victim.kind());
            }
            pos.apply_sub(sub);
        }
        gain
    }
}

#[cfg(test)]
mod tests {
    use escalade_core::{MoveNotation, Rules};
    use escalade_eval::Evaluate;

    use crate::LadderShogi;

    /// The losing captures of `fen`, as text, in generation order.
    fn losing(fen: &str) -> Vec<String> {
        let pos = LadderShogi::from_fen(0, fen).expect("valid FEN");
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        moves
            .into_iter()
            .filter(|&m| pos.is_losing_tactical(m))
            .map(|m| pos.move_text(m))
            .collect()
    }

    #[test]
    fn a_dragon_king_taking_a_defended_merchant_loses_and_an_undefended_one_does_not() {
        // White's Dragon King (V9) on e4 may take the Merchant on e5; Black's Gold (v6) on
        // e6 defends it in the first position only.
        let defended = "4k5/10/10/10/4v65/4v15/4V95/10/10/5K4 w - 0";
        let free = "4k5/10/10/10/10/4v15/4V95/10/10/5K4 w - 0";
        assert!(
            losing(defended).contains(&"e4xe5".to_string()),
            "{:?}",
            losing(defended)
        );
        assert!(losing(free).is_empty(), "{:?}", losing(free));
    }
}
