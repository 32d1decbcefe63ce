//! What ends a rope game besides mate and stalemate: three checks, a King exposed by a
//! fall, insufficient material. `Rules::rule_result` and `Rules::no_move_result`
//! (`play.rs`) give the verdicts, with the no-progress rule; repetition is judged by the
//! core's `Game` from the history.

use escalade_core::{Color, GameResult};

use crate::position::Rope;
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
}
