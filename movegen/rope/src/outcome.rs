//! How a rope game ends: mate, stalemate, three checks, a King exposed by a fall,
//! insufficient material and the no-progress rule (repetition is judged by the core's
//! `Game` from the history).

use escalade_core::{Color, GameResult};

use crate::position::{Rope, NO_SQUARE};
use crate::Kind;

impl Rope {
    /// The win that has ended the game at once, with its reason.
    pub(crate) fn decided_result(&self) -> Option<GameResult> {
        let w = self.decided_winner()?;
        let three_checks = self.checks[w.index()] >= 3;
        Some(GameResult::Win(
            w,
            match (w, three_checks) {
                (Color::White, true) => "White gives the third check",
                (Color::Black, true) => "Black gives the third check",
                (Color::White, false) => "Black's King is exposed by a fall",
                (Color::Black, false) => "White's King is exposed by a fall",
            },
        ))
    }

    /// Non-King pieces `color` owns: on the line, in hand and on its regeneration stack.
    fn material(&self, color: Color) -> impl Iterator<Item = Kind> + '_ {
        let c = color.index();
        Kind::CAPTURABLE
            .into_iter()
            .flat_map(move |k| {
                let n = self.pieces[c][k.index()].count_ones() + self.hands[c][k.index()] as u32;
                (0..n).map(move |_| k)
            })
            .chain(self.stacks[c].iter())
    }

    /// K v K, K+G v K, and (21 squares) K+T v K, counting hands and stacks as material.
    pub fn insufficient_material(&self) -> bool {
        if self.occupied().count_ones() > 3 {
            return false;
        }
        let mut all = self
            .material(Color::White)
            .chain(self.material(Color::Black));
        match (all.next(), all.next()) {
            (None, _) => true,
            (Some(Kind::Gold), None) => true,
            (Some(Kind::Torch), None) => self.rules().torch_insufficient,
            _ => false,
        }
    }

    /// The verdict of the position alone (see [`escalade_core::Position::rule_result`]).
    pub(crate) fn rule_verdict(&self) -> Option<GameResult> {
        if self.pending != NO_SQUARE {
            return None;
        }
        if let Some(r) = self.decided_result() {
            return Some(r);
        }
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        if self.halfmove >= self.rules().no_progress {
            // a mate on the last ply is progress: it wins
            if self.king_attacked(self.side) && !self.has_legal_move() {
                return None;
            }
            return Some(GameResult::Draw("Draw by the no-progress rule"));
        }
        None
    }

    /// The result when the side to move has no legal move.
    pub(crate) fn no_move_verdict(&self) -> GameResult {
        if let Some(r) = self.decided_result() {
            return r;
        }
        if self.king_attacked(self.side) {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Draw by stalemate")
        }
    }
}
