//! What the search may ask of Checker-capture Chess beyond its rules ([`SearchHints`]):
//! which pruning is sound where captures are compulsory, move codes, which moves are
//! tactical and what they win.

use escalade_core::{Pruning, SearchHints};

use crate::position::CheckerCapture;
use crate::types::{Kind, Move};

/// Move-ordering values of captured pieces (a captured king decides the game).
const GAIN: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

impl SearchHints for CheckerCapture {
    /// Captures are compulsory and there is no check: quiescence may not stand pat (a side
    /// with a jump must take it), and a quiet move can force a losing multi-jump on the
    /// opponent, so futility margins are unsound (they lost over 200 Elo by SPRT).
    /// Passing is never legal, but the null move wins games where no jump is compulsory
    /// and the enemy King is the goal (`null_move`, `null_move_safe`). Late-move
    /// reductions only reduce (re-searched on fail-high) and stay on.
    const PRUNING: Pruning = Pruning {
        null_move: true,
        late_move_reductions: true,
        futility: false,
        stand_pat: false,
        check_evasion_plies: None,
        quiescence_plies: None,
    };

    /// Passing (a search heuristic only), never while a jump is compulsory.
    fn null_move(&self) -> Option<Self> {
        if self.has_jump() {
            return None;
        }
        Some(self.passed())
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.captured != 0 || mv.promotion.is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let mut gain = 0;
        let mut caps = mv.captured;
        while caps != 0 {
            let sq = caps.trailing_zeros() as u8;
            caps &= caps - 1;
            gain += self.kind_at(sq).map_or(0, |k| GAIN[k.index()]);
        }
        if let Some(k) = mv.promotion {
            gain += GAIN[k.index()] - GAIN[Kind::Pawn.index()];
        }
        gain
    }
}
