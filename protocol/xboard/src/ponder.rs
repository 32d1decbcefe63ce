//! XBoard pondering (`hard`) that turns into thinking: the search of the position after the
//! expected reply starts with the clock standing still (`Limits::ponder`); when the opponent
//! plays that very move, the move is played and the same search goes on as the engine's
//! own, its clock running from then with the clocks XBoard has just sent (`time`, `otim`).
//! Any other move or command stops it as before.

use escalade_engine::{Limits, PonderHit};

use super::{Mode, XBoard};
use escalade_session::session::Notation;

impl XBoard {
    /// The limits of a ponder search: those of the engine's next move, the clock standing
    /// still until [`ponder_hit`](Self::ponder_hit) gives the signal.
    pub(super) fn ponder_limits(&mut self, predicted: &str) -> Limits {
        let hit = PonderHit::new();
        self.pondering = Some((hit.clone(), predicted.to_string()));
        Limits {
            ponder: Some(hit),
            ..self.clock.limits(self.session.turns() + 1)
        }
    }

    /// When `text` is the move being pondered on: plays it, lets the running search go on
    /// as the engine's own move, and returns true. False (nothing done) for another move.
    pub(super) fn ponder_hit(&mut self, text: &str) -> bool {
        let Some((_, predicted)) = &self.pondering else {
            return false;
        };
        let code = |t: &str| self.session.move_code(t, Notation::Gui).ok();
        let played_code = code(text);
        if self.mode != Some(Mode::Ponder)
            || played_code.is_none()
            || played_code != code(predicted)
        {
            return false;
        }
        let Ok(played) = self.session.play(text, Notation::Gui) else {
            return false;
        };
        let Some((hit, _)) = self.pondering.take() else {
            return false;
        };
        self.after_move(&played);
        self.engine_side = Some(self.session.side_to_move());
        let limits = self.clock.limits(self.session.turns());
        hit.hit_with_budget(self.session.time_budget(&limits));
        self.mode = Some(Mode::Think);
        true
    }
}
