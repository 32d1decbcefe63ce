//! The `Position` implementation: the glue between the escalator rules and the generic
//! engine (forms, start positions, game-end rules, move codes, tactical move facts).

use escalade_core::{Bitboard, Color, FenError, Form, GameResult, MoveError, Pruning};
use escalade_core::{MoveNotation, Rules, SearchHints};

use crate::fen::{START_FEN, START_FEN_ALMOST};
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::{Escalator, FORMS, FORM_ALMOST};

/// Rough piece values for move ordering (centipawns; the evaluation has its own).
pub const ORDER_VALUE: [i32; 7] = [100, 320, 330, 500, 900, 850, 0];

impl Escalator {
    /// Whether neither side can ever mate: K v K, K+B v K, K+N v K (the rules verified that
    /// no mate exists with a lone minor on this board, whatever the bishop's square colour).
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.kind_pieces(Kind::Crab)
            | self.kind_pieces(Kind::Rook)
            | self.kind_pieces(Kind::Queen)
            | self.kind_pieces(Kind::Chancellor);
        let minors = self.kind_pieces(Kind::Knight) | self.kind_pieces(Kind::Bishop);
        heavy == 0 && minors.count() <= 1
    }
}

impl Rules for Escalator {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = &FORMS;

    fn startpos(form: usize) -> Self {
        let fen = if form == FORM_ALMOST {
            START_FEN_ALMOST
        } else {
            START_FEN
        };
        Escalator::parse_fen(form, fen).expect("the start FEN is valid")
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        Escalator::parse_fen(form, fen)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn form(&self) -> usize {
        self.form as usize
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        crate::zobrist::hash_from_scratch(self)
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn rule_result(&self) -> Option<GameResult> {
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        if self.halfmove < 100 {
            return None;
        }
        // a mate given on the hundredth ply still counts (the no-move verdict comes first)
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        (!(moves.is_empty() && self.in_check()))
            .then_some(GameResult::Draw("Draw by the 50-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        if self.in_check() {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Draw by stalemate")
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }
}

impl SearchHints for Escalator {
    const PRUNING: Pruning = Pruning::ALL;

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion.is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let mut gain = 0;
        if mv.is_capture() {
            let victim = if mv.kind == crate::moves::MoveKind::EnPassant {
                Kind::Crab
            } else {
                self.cell(mv.to).kind()
            };
            let attacker = self.cell(mv.from).kind();
            gain += ORDER_VALUE[victim.index()] - ORDER_VALUE[attacker.index()] / 16;
        }
        if let Some(k) = mv.promotion {
            gain += ORDER_VALUE[k.index()] - ORDER_VALUE[Kind::Crab.index()];
        }
        gain
    }

    fn null_move(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        if let Some((t, v)) = self.en_passant() {
            next.hash ^= crate::zobrist::ep_key(t, v);
            next.ep_target = crate::position::NO_SQUARE;
            next.ep_victim = crate::position::NO_SQUARE;
        }
        next.side = !self.side;
        next.hash ^= crate::zobrist::WHITE_TO_MOVE_KEY;
        next.halfmove = self.halfmove.saturating_add(1);
        Some(next)
    }
}

impl MoveNotation for Escalator {
    fn move_text(&self, mv: Move) -> String {
        self.text_of(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_text(text)
    }

    fn board_text(&self) -> String {
        crate::display::board_text(self)
    }
}
