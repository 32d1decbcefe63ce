//! Chess on the Rope (Lev Grigoriev, 2023) and its forms: `rope` (21 squares),
//! `rope-mini` (15), `rope-3check`, `rope-regen`, `rope-house` and `rope-dice`.
//!
//! One position type, [`Rope`], carries its form; the line is a core geometry of 21 or 15
//! squares with `u64` bitboards. The rules as implemented, the FEN and the move text are
//! documented in `docs/rules/rope.md`. The core's `Position` traits are implemented where
//! their work is done: `Rules` in `play.rs`, `MoveNotation` in `notation.rs`, and the
//! search's `SearchHints` here.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod diagram;
pub mod eval;
mod fen;
pub mod form;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod play;
mod position;
mod stack;
mod tables;
mod zobrist;

use escalade_core::{Pruning, SearchHints};

pub use form::{Rules, Special, FORMS, RULES};
pub use moves::{MoveKind, RopeMove};
pub use notation::{split_outcome, split_roll};
pub use piece::Kind;
pub use position::Rope;
pub use stack::Stack;

impl SearchHints for Rope {
    /// Null move is off: on a line, pieces block one another and zugzwang is the rule.
    const PRUNING: Pruning = Pruning {
        null_move: false,
        late_move_reductions: true,
        futility: true,
        stand_pat: true,
        check_evasion_plies: None,
        quiescence_plies: None,
    };

    fn move_code(mv: RopeMove) -> u32 {
        mv.code()
    }

    fn is_tactical(&self, mv: RopeMove) -> bool {
        match mv.kind {
            MoveKind::Promote(_) => true,
            MoveKind::Normal => self.color_set(!self.side) & (1 << mv.to) != 0,
            _ => false,
        }
    }

    fn tactical_gain(&self, mv: RopeMove) -> i32 {
        let mut gain = 0;
        if matches!(mv.kind, MoveKind::Normal | MoveKind::Promote(_)) {
            if let Some((c, victim)) = self.piece_at(mv.to) {
                if c != self.side {
                    gain += 100 * victim.value() - self.kind_at(self.side, mv.from).value();
                }
            }
        }
        if let MoveKind::Promote(k) = mv.kind {
            gain += 100 * (k.value() - Kind::Pawn.value());
        }
        gain
    }
}
