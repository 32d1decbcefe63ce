//! What Checker-capture Chess shows ([`MoveNotation`]): move text and the terminal drawing
//! (the board, then the form, side to move, castling rights and clocks).
//!
//! Move text. Written: normal moves as origin and destination (`e2e4`, castling as the king's
//! move `e1g1`, a displacement capture `d1d4`), a promotion letter appended (`e7e8q`); jump
//! sequences as the landing path joined by `x` (`c3xe5xe7`, `c6xe8q`); the simpler
//! variation's promotion in place as origin, destination of the new piece and its letter
//! (`c8d8q`, or `c8c8q` when the new piece cannot move). Read: the same, plus any valid jump
//! path for the same move, only origin and final square when that is unambiguous, XBoard
//! legs (`c3d4,d4e5`: each jump as origin-to-victim then victim-to-landing), `=Q` promotion
//! suffixes and `O-O` / `O-O-O`.

use escalade_core::{Bitboard, Color, MoveError, MoveNotation, Rules, Square};

use crate::fen::{write_castling, write_moved};
use crate::forms::FORMS;
use crate::position::CheckerCapture;
use crate::tables::{square_at, square_name, tables};
use crate::types::{Kind, Move, MoveKind};

/// The squares and promotion letter found in a move text.
struct Tokens {
    squares: Vec<Square>,
    promotion: Option<Kind>,
}

fn tokenize(text: &str) -> Result<Tokens, MoveError> {
    let chars: Vec<char> = text.chars().collect();
    let mut squares: Vec<Square> = Vec::new();
    let mut promotion = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if ('a'..='h').contains(&c) && next.is_some_and(|n| ('1'..='8').contains(&n)) {
            let sq = (c as u8 - b'a') + 8 * (next.unwrap_or('1') as u8 - b'1');
            if squares.last() != Some(&sq) {
                squares.push(sq);
            }
            i += 2;
            continue;
        }
        match c {
            'x' | 'X' | '-' | ':' | ',' | '=' => {}
            'q' | 'r' | 'b' | 'n' | 'Q' | 'R' | 'B' | 'N' => {
                if promotion.is_some() {
                    return Err(MoveError::Unparsable("two promotion letters".into()));
                }
                promotion = Kind::from_letter(c);
            }
            _ => return Err(MoveError::Unparsable(format!("unexpected character '{c}'"))),
        }
        i += 1;
    }
    if squares.is_empty() {
        return Err(MoveError::Unparsable("no square in the move".into()));
    }
    Ok(Tokens { squares, promotion })
}

impl MoveNotation for CheckerCapture {
    /// Origin and destination, or a jump's landing path joined by `x`; a promotion letter
    /// appended.
    fn move_text(&self, mv: Move) -> String {
        let mut s = String::with_capacity(12);
        if mv.kind == MoveKind::Jump {
            for (i, sq) in self.jump_path(mv).into_iter().enumerate() {
                if i > 0 {
                    s.push('x');
                }
                s.push_str(square_name(sq));
            }
        } else {
            s.push_str(square_name(mv.from));
            s.push_str(square_name(mv.to));
        }
        if let Some(k) = mv.promotion {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Reads a move text (see the module documentation) and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Unparsable("empty move".into()));
        }
        let tokens = match castling_text(text) {
            Some(long) => {
                let base = if self.side == escalade_core::Color::White {
                    0
                } else {
                    56
                };
                Tokens {
                    squares: vec![base + 4, base + if long { 2 } else { 6 }],
                    promotion: None,
                }
            }
            None => tokenize(text)?,
        };
        let from = tokens.squares[0];
        if !self.side_pieces(self.side).has(from) {
            return Err(MoveError::Illegal(format!(
                "no {} piece on {}",
                self.side.name(),
                square_name(from)
            )));
        }
        let mut legal = Vec::new();
        self.generate_moves(&mut legal);
        legal.retain(|m| m.from == from);
        let promo_ok = |m: &Move| tokens.promotion.is_none() || m.promotion == tokens.promotion;
        let path_result = if tokens.squares.len() >= 2 {
            self.follow_path(&tokens.squares)
        } else {
            Err(MoveError::Illegal(String::new()))
        };
        if let Ok((to, captured)) = path_result {
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.kind == MoveKind::Jump && m.to == to && m.captured == captured && promo_ok(m)
                })
                .collect();
            if let Some(mv) = pick(&found, tokens.promotion)? {
                return Ok(mv);
            }
        }
        if tokens.squares.len() > 2 {
            return Err(MoveError::Illegal(match path_result {
                Err(e) => e.reason().to_string(),
                Ok(_) => "the path is not a complete legal jump sequence (a piece must keep jumping while it can)".into(),
            }));
        }
        let to = *tokens.squares.last().unwrap_or(&from);
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.to == to && promo_ok(m))
            .collect();
        if found.is_empty() {
            let any_jump = legal.iter().any(|m| m.kind == MoveKind::Jump) || self.has_jump();
            return Err(MoveError::Illegal(if any_jump {
                "a jump is compulsory: write the jump path, e.g. c3xe5".into()
            } else {
                format!(
                    "no legal move from {} to {}",
                    square_name(from),
                    square_name(to)
                )
            }));
        }
        if found.iter().any(|m| m.captured != found[0].captured) {
            return Err(MoveError::Illegal(format!(
                "ambiguous: several jump sequences from {} end on {}; write the whole path",
                square_name(from),
                square_name(to)
            )));
        }
        pick(&found, tokens.promotion)?
            .ok_or_else(|| MoveError::Illegal("not a legal move here".into()))
    }

    /// The 8x8 board with coordinates (White at the bottom; upper case White, lower case
    /// Black), then the form, side to move, castling rights and clocks.
    fn board_text(&self) -> String {
        let mut s = String::new();
        s.push_str("   +-----------------+\n");
        for rank in (0..8u8).rev() {
            s.push_str(&format!(" {} |", rank + 1));
            for file in 0..8u8 {
                let sq = square_at(file, rank);
                let c = match (self.kind_at(sq), self.color_at(sq)) {
                    (Some(k), Some(Color::White)) => k.letter(),
                    (Some(k), Some(Color::Black)) => k.letter().to_ascii_lowercase(),
                    _ => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push_str(" |\n");
        }
        s.push_str("   +-----------------+\n");
        s.push_str("     a b c d e f g h\n");
        s.push_str(&format!(
            "{}, {} to move, castling {}, moved pawns {}, {} plies since pawn move or capture",
            FORMS[self.form as usize].name,
            self.side.name(),
            write_castling(self),
            write_moved(self),
            self.halfmove
        ));
        s
    }
}

impl CheckerCapture {
    /// Follows a jump path (landing squares, or XBoard legs through the victims) from the
    /// side to move's piece on `path[0]`; returns the final square and the captured set.
    fn follow_path(&self, path: &[Square]) -> Result<(Square, u64), MoveError> {
        let t = tables();
        let us = self.side;
        let own = self.colors[us.index()] ^ u64::bit(path[0]);
        let mut enemies = self.colors[(!us).index()];
        let king = self.pieces(!us, Kind::King);
        let (mut cur, mut captured, mut i) = (path[0], 0u64, 1);
        while i < path.len() {
            if captured & king != 0 {
                return Err(MoveError::Illegal(
                    "the turn ends when the king is captured".into(),
                ));
            }
            let jumps = t.jumps[cur as usize].as_slice();
            let step = if let Some(s) = jumps.iter().find(|s| s.land == path[i]) {
                i += 1;
                *s
            } else if let Some(s) = jumps
                .iter()
                .find(|s| s.over == path[i] && path.get(i + 1) == Some(&s.land))
            {
                i += 2;
                *s
            } else {
                return Err(MoveError::Illegal(format!(
                    "{} to {} is not a short jump",
                    square_name(cur),
                    square_name(path[i])
                )));
            };
            if !enemies.has(step.over) {
                return Err(MoveError::Illegal(format!(
                    "no enemy piece to jump on {}",
                    square_name(step.over)
                )));
            }
            if (own | enemies).has(step.land) {
                return Err(MoveError::Illegal(format!(
                    "the landing square {} is not empty",
                    square_name(step.land)
                )));
            }
            enemies ^= u64::bit(step.over);
            captured |= u64::bit(step.over);
            cur = step.land;
        }
        Ok((cur, captured))
    }
}

/// The move among `found` (all with one origin, final square and captured set), asking for a
/// promotion letter when they are promotions.
fn pick(found: &[Move], promotion: Option<Kind>) -> Result<Option<Move>, MoveError> {
    match found {
        [] => Ok(None),
        [only] => Ok(Some(*only)),
        [first, ..] if promotion.is_none() && first.promotion.is_some() => Err(MoveError::Illegal(
            "a promotion piece is required: add q, r, b or n".into(),
        )),
        [first, ..] => Ok(Some(*first)),
    }
}

/// `Some(false)` for O-O, `Some(true)` for O-O-O (letter O or digit 0).
fn castling_text(text: &str) -> Option<bool> {
    match text.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" => Some(false),
        "O-O-O" => Some(true),
        _ => None,
    }
}
