//! Chess on the Rope (Lev Grigoriev, 2023) and its forms: `rope` (21 squares),
//! `rope-mini` (15), `rope-3check`, `rope-regen`, `rope-house` and `rope-dice`.
//!
//! One position type, [`Rope`], carries its form; the line is a core geometry of 21 or 15
//! squares with `u64` bitboards. The rules as implemented, the FEN and the move text are
//! documented in `docs/rules/rope.md`; this file wires the pieces into the core's
//! `Position` traits (`Rules`, `SearchHints`, `MoveNotation`).

mod diagram;
mod display;
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

use escalade_core::{FenError, GameResult, MoveError, Pruning};
use escalade_core::{MoveNotation, SearchHints};

pub use form::{Rules, Special, FORMS, RULES};
pub use moves::{MoveKind, RopeMove};
pub use notation::{split_outcome, split_roll};
pub use piece::Kind;
pub use position::Rope;
pub use stack::Stack;

impl escalade_core::Rules for Rope {
    type Move = RopeMove;

    const FORMS: &'static [escalade_core::Form] = FORMS;

    const HAS_CHANCE: bool = true;

    fn startpos(form: usize) -> Self {
        Rope::parse_fen(form, RULES[form].start_fen).expect("start positions are valid")
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        Rope::parse_fen(form, fen)
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }

    fn form(&self) -> usize {
        self.form as usize
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

    fn generate_moves(&self, out: &mut Vec<RopeMove>) {
        self.legal_moves(out);
    }

    fn play(&self, mv: RopeMove) -> Self {
        self.play_turn(mv)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn is_chance(&self) -> bool {
        self.pending_roll().is_some()
    }

    fn outcome_probability(&self, mv: RopeMove) -> f64 {
        let Some(sq) = self.pending_roll() else {
            return 1.0;
        };
        let survive = self.kind_at(self.side, sq).dice_level() as f64 / 6.0;
        match mv.kind {
            MoveKind::Survives => survive,
            MoveKind::Falls => 1.0 - survive,
            _ => 0.0,
        }
    }

    fn rule_result(&self) -> Option<GameResult> {
        self.rule_verdict()
    }

    fn no_move_result(&self) -> GameResult {
        self.no_move_verdict()
    }

    /// Plies back to the last turn before which no position can recur. Captures reset it,
    /// except where captured pieces come back (hands, stacks): there it is the whole game.
    /// In `rope-dice` a chance node is an extra step of the game record, so it is doubled.
    fn reversible_plies(&self) -> u32 {
        let plies_played = 2 * (self.fullmove as u32 - 1) + self.side.index() as u32;
        match self.special() {
            Special::House | Special::Regeneration => plies_played.max(self.halfmove as u32),
            Special::Dice => 2 * self.halfmove as u32 + 1,
            _ => self.halfmove as u32,
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        self.fast_perft(depth)
    }
}

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

impl MoveNotation for Rope {
    fn move_text(&self, mv: RopeMove) -> String {
        self.text_of(mv)
    }

    fn parse_move(&self, text: &str) -> Result<RopeMove, MoveError> {
        self.read_move(text)
    }

    fn board_text(&self) -> String {
        self.drawing()
    }
}
