//! Ladder Shogi (Mason Green, 2005) for Escalade: a 10x10 shogi variant with value pieces
//! climbing stages 1-10 by experience, hands and drops, Dragon and Cricket double turns,
//! Kappa petrification, Burakumin untouchability and royal-capture legality.
//!
//! The rules as implemented, FEN and move text are documented in `docs/rules/laddershogi.md`.
//! This file only wires the pieces into the core's `Position` traits (`Rules`, `SearchHints`, `MoveNotation`).

mod diagram;
mod display;
pub mod eval;
mod exchange;
mod fen;
mod game_end;
mod legal;
mod moves;
mod notation;
mod piece;
mod position;
mod shortcut;
mod submove;
mod tables;
mod threat;
mod turns;
mod zobrist;

#[cfg(test)]
mod threat_tests;

use escalade_core::{Bitboard, FenError, Form, GameResult, MoveError, Pruning};
use escalade_core::{MoveNotation, Rules, SearchHints};

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
    /// Whether the side to move's King could be captured by the opponent's next turn.
    pub fn is_check(&self) -> bool {
        self.is_in_check()
    }

    /// Whether `color`'s King could be captured by its opponent's next turn.
    pub fn king_threatened(&self, color: escalade_core::Color) -> bool {
        if color == self.side {
            return self.is_in_check();
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

    /// Squares next to a Burakumin (no other piece may go there).
    pub fn untouchable_zone(&self) -> u128 {
        self.burakumin_zone()
    }
}

impl Rules for LadderShogi {
    type Move = Move;

    const FORMS: &'static [Form] = &[Form {
        name: "laddershogi",
        aliases: &["ladder-shogi", "ladder"],
        description: "Ladder Shogi (Mason Green, 2005): 10x10, value pieces climb stages 1-10, drops, double turns",
    }];

    const REPETITIONS_TO_DRAW: usize = 4;

    fn startpos(_form: usize) -> Self {
        LadderShogi::parse_fen(START_FEN).expect("the start FEN is valid")
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        if form != 0 {
            return Err(FenError::new(format!(
                "laddershogi has one form, not form {form}"
            )));
        }
        LadderShogi::parse_fen(fen)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> escalade_core::Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        self.legal_turns(out);
    }

    fn play(&self, mv: Move) -> Self {
        self.after(mv)
    }

    fn in_check(&self) -> bool {
        self.is_in_check()
    }

    fn rule_result(&self) -> Option<GameResult> {
        self.dead_position()
    }

    fn no_move_result(&self) -> GameResult {
        self.no_turn_result()
    }

    fn reversible_plies(&self) -> u32 {
        self.reversible
    }

    fn repetition_result(history: &[Self]) -> GameResult {
        LadderShogi::repetition_verdict(history, Self::REPETITIONS_TO_DRAW)
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
            self.gain_of(mv.sub_moves())
        } else {
            0
        }
    }

    fn null_move(&self) -> Option<Self> {
        if self.is_in_check() {
            return None;
        }
        let mut p = self.clone();
        p.finish_turn(self.reversible, false);
        p.check.forget();
        Some(p)
    }
}

impl MoveNotation for LadderShogi {
    fn move_text(&self, mv: Move) -> String {
        self.turn_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_turn(text)
    }

    fn board_text(&self) -> String {
        self.drawing()
    }
}
