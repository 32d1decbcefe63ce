//! The rules of Checker-capture Chess as the core sees them ([`Rules`]): the position after
//! a move (copy-make, the hash updated incrementally), the legal moves (`jumps.rs`,
//! `movegen.rs`), the game-end verdicts of each form, FEN in field order (the fields are
//! read and written in `fen.rs`) and the hash from scratch.

use escalade_core::{read_chess_placement, write_chess_placement, Bitboard, Color};
use escalade_core::{FenError, Form, GameResult, Rules};

use crate::fen::{
    read_castling, read_moved, read_number, start_pawns, validate, write_castling, write_moved,
    START_FEN,
};
use crate::forms::{Goal, FORMS, RULES};
use crate::position::{piece_key, CheckerCapture, CASTLE_KEYS, SIDE_KEY, UNMOVED_KEYS};
use crate::tables::{square_at, tables};
use crate::types::{Kind, Move, MoveKind};

/// Plies without a pawn move or capture that draw the game (the 50-move rule).
pub const DRAW_PLIES: u32 = 100;

/// `name` picked by colour.
fn by_color(c: Color, white: &'static str, black: &'static str) -> &'static str {
    match c {
        Color::White => white,
        Color::Black => black,
    }
}

impl Rules for CheckerCapture {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = FORMS;

    fn startpos(form: usize) -> Self {
        CheckerCapture::from_fen(form, START_FEN).expect("the start FEN is valid")
    }

    /// Placement and side, then castling, moved pawns and the clocks if given. In the
    /// simpler variation castling rights and moved pawns are read but dropped.
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let rules = *RULES
            .get(form)
            .ok_or_else(|| FenError::new(format!("no form number {form}")))?;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(FenError::new(format!(
                "expected 2 to 6 fields, found {}",
                fields.len()
            )));
        }
        let mut p = CheckerCapture::empty(form);
        read_chess_placement(fields[0], |color, kind, sq| p.put(color, kind, sq))?;
        p.side = Color::from_fen(fields[1])
            .ok_or_else(|| FenError::new(format!("side to move '{}' is not w or b", fields[1])))?;
        validate(&p)?;
        if let Some(&castling) = fields.get(2) {
            let rights = read_castling(&p, castling)?;
            p.castling = if rules.simple { 0 } else { rights };
        }
        let moved = match fields.get(3) {
            Some(&f) => read_moved(start_pawns(&p), f)?,
            None => 0,
        };
        p.unmoved = if rules.simple {
            0
        } else {
            start_pawns(&p) & !moved
        };
        p.halfmove = read_number(fields.get(4), 0, "halfmove clock")?;
        p.fullmove = read_number(fields.get(5), 1, "fullmove number")?.max(1);
        p.hash = p.hash_from_scratch();
        Ok(p)
    }

    fn to_fen(&self) -> String {
        let placement = write_chess_placement(|sq| self.color_at(sq).zip(self.kind_at(sq)));
        let side = self.side.fen_char().to_string();
        let (halfmove, fullmove) = (self.halfmove.to_string(), self.fullmove.to_string());
        [
            placement,
            side,
            write_castling(self),
            write_moved(self),
            halfmove,
            fullmove,
        ]
        .join(" ")
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
        let mut h = 0;
        for color in Color::BOTH {
            for kind in Kind::ALL {
                for sq in self.pieces(color, kind).squares() {
                    h ^= piece_key(color, kind, sq);
                }
            }
        }
        for sq in self.unmoved.squares() {
            h ^= UNMOVED_KEYS[sq as usize];
        }
        h ^= CASTLE_KEYS[self.castling as usize];
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// Jumps first (compulsory for the whole side, `jumps.rs`), otherwise the normal moves
    /// (`movegen.rs`); none once the game is decided.
    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_decided() {
            return;
        }
        if !self.generate_jumps(out) {
            self.generate_normal(out);
        }
    }

    /// Copy-make: the pieces moved and captured, the castling rights and never-moved pawns
    /// the move touches cleared, the clocks and the side to move updated.
    fn play(&self, mv: Move) -> Self {
        let t = tables();
        let mut p = *self;
        let us = self.side;
        let them = !us;
        let mover = self
            .kind_at(mv.from)
            .expect("a legal move starts on a piece");
        p.remove(us, mover, mv.from);
        let mut touched = u64::bit(mv.from) | u64::bit(mv.to) | mv.captured;
        for sq in mv.captured.squares() {
            let victim = self.kind_at(sq).expect("a captured square holds a piece");
            p.remove(them, victim, sq);
        }
        p.put(us, mv.promotion.unwrap_or(mover), mv.to);
        if mv.kind == MoveKind::Castle {
            let rank = mv.from / 8;
            let (rook_from, rook_to) = if mv.to > mv.from {
                (square_at(7, 0), square_at(5, 0))
            } else {
                (square_at(0, 0), square_at(3, 0))
            };
            p.remove(us, Kind::Rook, rook_from + rank * 8);
            p.put(us, Kind::Rook, rook_to + rank * 8);
            touched |= u64::bit(rook_from + rank * 8);
        }
        let mut keep = 0x0F;
        for sq in touched.squares() {
            keep &= t.castle_keep[sq as usize];
        }
        if p.castling & !keep != 0 {
            p.hash ^= CASTLE_KEYS[p.castling as usize];
            p.castling &= keep;
            p.hash ^= CASTLE_KEYS[p.castling as usize];
        }
        for sq in (p.unmoved & touched).squares() {
            p.hash ^= UNMOVED_KEYS[sq as usize];
        }
        p.unmoved &= !touched;
        if mover == Kind::Pawn || mv.captured != 0 {
            p.halfmove = 0;
        } else {
            p.halfmove += 1;
        }
        p.hand_over();
        p
    }

    fn in_check(&self) -> bool {
        false
    }

    fn rule_result(&self) -> Option<GameResult> {
        let goal = self.rules().goal;
        if self.pieces(self.side, Kind::King) == 0 {
            let victim = self.side;
            return Some(match goal {
                Goal::Misere => GameResult::win(
                    victim,
                    by_color(
                        victim,
                        "White's king was captured (misère win)",
                        "Black's king was captured (misère win)",
                    ),
                ),
                _ => GameResult::win(
                    !victim,
                    by_color(
                        !victim,
                        "White captures the king",
                        "Black captures the king",
                    ),
                ),
            });
        }
        if goal == Goal::SemiMisere {
            let white = self.pieces(Color::White, Kind::Pawn) == 0;
            let black = self.pieces(Color::Black, Kind::Pawn) == 0;
            match (white, black) {
                (true, true) => return Some(GameResult::Draw("Both sides have no pawns")),
                (true, false) => {
                    return Some(GameResult::win(
                        Color::White,
                        "White has no pawns (semi-misère win)",
                    ))
                }
                (false, true) => {
                    return Some(GameResult::win(
                        Color::Black,
                        "Black has no pawns (semi-misère win)",
                    ))
                }
                (false, false) => {}
            }
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        (self.halfmove >= DRAW_PLIES).then_some(GameResult::Draw("Draw by the 50-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        let stuck = self.side;
        match self.rules().goal {
            Goal::Misere | Goal::SemiMisere => GameResult::win(
                stuck,
                by_color(
                    stuck,
                    "White cannot move (misère win)",
                    "Black cannot move (misère win)",
                ),
            ),
            _ => GameResult::win(
                !stuck,
                by_color(
                    stuck,
                    "White cannot move and loses",
                    "Black cannot move and loses",
                ),
            ),
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove
    }
}

impl CheckerCapture {
    /// The position after the side to move passes: nothing moves, the clocks run.
    pub(crate) fn passed(&self) -> Self {
        let mut p = *self;
        p.halfmove += 1;
        p.hand_over();
        p
    }

    /// Ends a turn: the move number after Black's turn, the other side to move.
    fn hand_over(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
    }
}
