//! FIDE chess as an `escalade_core::Position`: move text, game ends, search hints.

use escalade_core::{Bitboard, Color, FenError, Form, GameResult, MoveError};
use escalade_core::{MoveNotation, Rules, SearchHints};

use crate::board::Chess;
use crate::fen::{parse_fen, parse_square, square_name, to_fen, START_FEN};
use crate::movegen::{generate, perft, Counter};
use crate::types::{Kind, Move};

/// Light squares of the board (for same-coloured bishops).
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;
/// Victim values for move ordering (pawn .. king).
const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

impl Chess {
    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut c = Counter(0);
        generate(self, &mut c);
        c.0 > 0
    }

    /// Neither side can ever mate: K v K, K+minor v K, or only bishops all on one colour.
    pub fn insufficient_material(&self) -> bool {
        if self.kind_bb(Kind::Pawn) | self.kind_bb(Kind::Rook) | self.kind_bb(Kind::Queen) != 0 {
            return false;
        }
        let knights = self.kind_bb(Kind::Knight);
        let bishops = self.kind_bb(Kind::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights == 0 && (bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0)
    }
}

impl Rules for Chess {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = &[Form {
        name: "normal",
        aliases: &["chess", "fide", "standard"],
        description: "Standard FIDE chess",
    }];

    fn startpos(_form: usize) -> Self {
        parse_fen(START_FEN).expect("the start position is valid")
    }

    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        parse_fen(fen)
    }

    fn to_fen(&self) -> String {
        to_fen(self)
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        generate(self, out);
    }

    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    fn rule_result(&self) -> Option<GameResult> {
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        // FIDE 9.6.2: 75 moves without a capture or pawn move end the game by themselves
        // (unless the last move mated)
        if self.halfmove >= 150 && (!self.in_check() || self.has_legal_move()) {
            return Some(GameResult::Draw("Draw by seventy-five-move rule"));
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        // a mate given on the hundredth ply still counts
        (self.halfmove >= 100 && (!self.in_check() || self.has_legal_move()))
            .then_some(GameResult::Draw("Draw by fifty-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        if self.in_check() {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Stalemate")
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}

impl SearchHints for Chess {
    fn move_code(mv: Move) -> u32 {
        mv.0 as u32
    }

    /// The moving piece (colour and kind) and its destination: below 768.
    fn history_key(&self, mv: Move) -> u32 {
        let piece = self
            .piece_at(mv.from())
            .map_or(0, |p| p.color.index() * 6 + p.kind.index());
        (piece * 64 + mv.to() as usize) as u32
    }

    fn is_tactical(&self, mv: Move) -> bool {
        self.piece_at(mv.to()).is_some() || mv.is_en_passant() || mv.promotion().is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let victim = match self.piece_at(mv.to()) {
            Some(p) => ORDER_VALUE[p.kind.index()],
            None if mv.is_en_passant() => ORDER_VALUE[0],
            None => 0,
        };
        let promo = mv
            .promotion()
            .map_or(0, |k| ORDER_VALUE[k.index()] - ORDER_VALUE[0]);
        if victim == 0 && promo == 0 {
            return 0;
        }
        let attacker = self
            .piece_at(mv.from())
            .map_or(0, |p| p.kind.index() as i32);
        victim * 8 + promo - attacker
    }

    fn generate_tactical(&self, out: &mut Vec<Move>) -> bool {
        self.generate_tactical_moves(out)
    }

    /// One move checked by its shape and the king's safety after it (`legality.rs`).
    fn move_from_code(&self, code: u32) -> Option<Move> {
        self.legal_move_from_code(code)
    }

    fn gives_check(&self, mv: Move) -> Option<bool> {
        self.move_gives_check(mv)
    }

    fn null_move(&self) -> Option<Self> {
        (!self.in_check()).then(|| self.make_null())
    }
}

impl MoveNotation for Chess {
    fn record_text(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn move_text(&self, mv: Move) -> String {
        let mut s = square_name(mv.from()) + &square_name(mv.to());
        if let Some(k) = mv.promotion() {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let (from, to, promo) = parse_coordinates(self, text)?;
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let found = moves
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promo);
        match found {
            Some(m) => Ok(m),
            None if promo.is_none() && moves.iter().any(|m| m.from() == from && m.to() == to) => {
                Err(MoveError::Illegal(
                    "a promotion needs a piece letter, e.g. e7e8q".into(),
                ))
            }
            None => Err(MoveError::Illegal(illegal_reason(self, from))),
        }
    }

    fn board_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let c = self.piece_at(rank * 8 + file).map_or('.', |p| p.letter());
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h\n");
        s.push_str(&format!("{} to move\n", self.side.name()));
        s
    }
}

/// Reads `e2e4`, `e7e8q`, and the castling spellings `O-O`, `O-O-O`, `0-0`, `0-0-0`.
fn parse_coordinates(pos: &Chess, text: &str) -> Result<(u8, u8, Option<Kind>), MoveError> {
    let home = if pos.side == Color::White { 4 } else { 60 };
    match text {
        "O-O" | "0-0" => return Ok((home, home + 2, None)),
        "O-O-O" | "0-0-0" => return Ok((home, home - 2, None)),
        _ => {}
    }
    let unparsable = || MoveError::Unparsable(format!("'{text}' is not a move like e2e4 or e7e8q"));
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(unparsable());
    }
    let from = parse_square(&text[0..2]).ok_or_else(unparsable)?;
    let to = parse_square(&text[2..4]).ok_or_else(unparsable)?;
    let promo = match text[4..].chars().next() {
        None => None,
        Some(c) => match Kind::from_letter(c) {
            Some(k @ (Kind::Knight | Kind::Bishop | Kind::Rook | Kind::Queen)) => Some(k),
            _ => {
                return Err(MoveError::Unparsable(format!(
                    "'{c}' is not a promotion piece"
                )))
            }
        },
    };
    Ok((from, to, promo))
}

fn illegal_reason(pos: &Chess, from: u8) -> String {
    match pos.piece_at(from) {
        None => format!("no piece on {}", square_name(from)),
        Some(p) if p.color != pos.side => {
            format!("the piece on {} is not yours", square_name(from))
        }
        Some(_) if pos.in_check() => "that move does not get out of check".into(),
        Some(_) => "that piece cannot move there".into(),
    }
}
