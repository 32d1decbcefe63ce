//! Ladder Shogi (Mason Green, 2005) for Escalade: a 10x10 shogi variant with value pieces
//! climbing stages 1-10 by experience, hands and drops, Dragon and Cricket double turns,
//! Kappa petrification, Burakumin untouchability and royal-capture legality.
//!
//! The rules as implemented, FEN and move text are documented in `docs/rules/laddershogi.md`.
//! The core's `Position` traits are implemented where their work is done: `Rules` in
//! `play.rs`, `MoveNotation` in `notation.rs`, and the search's `SearchHints` here.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod diagram;
pub mod eval;
mod exchange;
mod fen;
mod legal;
mod moves;
mod notation;
mod piece;
mod play;
mod position;
mod shortcut;
mod submove;
mod tables;
mod threat;
mod turns;
mod zobrist;

#[cfg(test)]
mod threat_tests;

use escalade_core::{Bitboard, Pruning, Rules, SearchHints};

pub use fen::START_FEN;
pub use moves::{Move, SubMove};
pub use piece::{
    hand_index, is_value, letter as kind_letter, name as kind_name, stage_char, Kind, HAND_BASE,
    HAND_KINDS, HAND_LETTERS, HAND_VALUE, KINDS,
};
pub use piece::{
    BISHOP, BURAKUMIN, CRICKET, DRAGON, HORSE, KAPPA, KING, LANCE, NINJA, ROOK, SHOGUN,
};
pub use position::LadderShogi;
pub use submove::{count_splits, MANDATORY_TRANSFER};
pub use tables::square_name;

/// Public helpers for evaluation and tools.
impl LadderShogi {
    /// Whether `color`'s King could be captured by its opponent's next turn.
    pub fn king_threatened(&self, color: escalade_core::Color) -> bool {
        if color == self.side {
            return self.in_check();
        }
        self.king_capturable(!color)
    }

    /// Squares `color`'s pieces stand on that an enemy Kappa petrifies.
    pub fn petrified_pieces(&self, color: escalade_core::Color) -> u128 {
        self.petrified(color) & self.pieces(color)
    }

    /// Where the piece on `sq` could move in one sub-move (empty if petrified or no piece).
    pub fn piece_targets(&self, sq: escalade_core::Square) -> u128 {
        match self.piece_at(sq) {
            Some((_, c)) if !self.petrified(c).has(sq) => self.sub_targets(sq, 0),
            _ => 0,
        }
    }
}

impl SearchHints for LadderShogi {
    /// Quiescence answers checks with every evasion for its first 6 plies only: drops and
    /// double moves give check after check. It searches every capture that does not lose
    /// material (`exchange.rs`) for its first 3 plies, then only the best-ordered one: on a
    /// board of eighty pieces, most of them next to an enemy, even captures chain for 30
    /// plies, and one depth-2 search ran 2.6 million nodes (35 s) before the bound.
    const PRUNING: Pruning = Pruning {
        check_evasion_plies: Some(6),
        quiescence_plies: Some(3),
        ..Pruning::ALL
    };

    /// A node generates and tests every turn, drops and double moves included (tens of
    /// thousands of nodes a second, fewer in a late middlegame with full hands): the clock
    /// is read every 64 nodes, a millisecond or two apart.
    const NODES_PER_POLL: u64 = 64;

    fn move_code(mv: Move) -> u32 {
        mv.code
    }

    fn is_tactical(&self, mv: Move) -> bool {
        let enemy = self.pieces(!self.side);
        mv.sub_moves().any(|s| enemy.has(s.to))
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        if self.is_tactical(mv) {
            self.gain_of(mv)
        } else {
            0
        }
    }

    fn null_move(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut p = self.clone();
        p.finish_turn(self.reversible, false);
        p.check.forget();
        Some(p)
    }
}
