//! What the escalator shows ([`MoveNotation`]): move text and the terminal drawing.
//!
//! Move text: origin and destination square names, a promotion letter, and `x` before the
//! destination of an en passant capture (the one case where two legal moves share both
//! squares: the crab's quiet diagonal step onto the e.p. square and the e.p. capture).
//! Examples: `b7bc5`, `b3ab4`, `e1g1` (castling), `b7b8q`, `ab5xb6` (e.p.).
//! Reading also accepts `-` or `x` between the squares, `=` before the promotion letter and
//! upper-case promotion letters.
//!
//! The drawing is the 8x8 grid with the holes drawn as `##`, the escalator squares slanted
//! (`\` on the left, `/` on the right), and the FEN below.

use escalade_core::{Color, MoveError, MoveNotation, Rules, Square};

use crate::board::{parse_square, square_at_grid, NAMES};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Escalator;

/// The parts of a move text.
struct MoveParts {
    from: Square,
    to: Square,
    marked_capture: bool,
    promotion: Option<Kind>,
}

/// Splits a leading square name (one or two letters, one digit) off `text`.
fn take_square(text: &str) -> Result<(Square, &str), MoveError> {
    let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
    let len = letters + 1;
    if !(1..=2).contains(&letters) || text.len() < len || !text.as_bytes()[letters].is_ascii_digit()
    {
        return Err(MoveError::Unparsable(format!(
            "expected a square name at '{text}'"
        )));
    }
    let sq = parse_square(&text[..len]).map_err(|e| MoveError::Unparsable(e.to_string()))?;
    Ok((sq, &text[len..]))
}

fn parse_parts(text: &str) -> Result<MoveParts, MoveError> {
    let (from, rest) = take_square(text)?;
    let (marked_capture, rest) = match rest.as_bytes().first() {
        Some(b'x') => (true, &rest[1..]),
        Some(b'-') => (false, &rest[1..]),
        _ => (false, rest),
    };
    let (to, rest) = take_square(rest)?;
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let promotion = match rest {
        "" => None,
        p if p.len() == 1 => {
            let kind = Kind::from_letter(p.chars().next().unwrap_or(' ').to_ascii_uppercase())
                .filter(|k| !matches!(k, Kind::King | Kind::Crab))
                .ok_or_else(|| MoveError::Unparsable(format!("'{p}' is not a promotion piece")))?;
            Some(kind)
        }
        other => {
            return Err(MoveError::Unparsable(format!(
                "unexpected '{other}' after the move"
            )))
        }
    };
    Ok(MoveParts {
        from,
        to,
        marked_capture,
        promotion,
    })
}

impl MoveNotation for Escalator {
    /// `b7bc5`, `e1g1` (castling), `b7b8q`, `ab5xb6` (e.p.).
    fn move_text(&self, mv: Move) -> String {
        let sep = if mv.kind == MoveKind::EnPassant {
            "x"
        } else {
            ""
        };
        let mut s = format!("{}{sep}{}", NAMES[mv.from as usize], NAMES[mv.to as usize]);
        if let Some(k) = mv.promotion {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Reads a move text and finds the legal move it names.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Unparsable("empty move".into()));
        }
        let parts = parse_parts(text)?;
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let same_squares = |m: &&Move| m.from == parts.from && m.to == parts.to;
        let candidates: Vec<Move> = moves.iter().filter(same_squares).copied().collect();
        if candidates.is_empty() {
            return Err(MoveError::Illegal(self.why_not(parts.from)));
        }
        if candidates.iter().any(|m| m.promotion.is_some()) {
            return match parts.promotion {
                None => Err(MoveError::Illegal(
                    "a crab reaching the last rank must promote (add q, r, b, n or a)".into(),
                )),
                Some(k) => candidates
                    .into_iter()
                    .find(|m| m.promotion == Some(k))
                    .ok_or_else(|| {
                        MoveError::Illegal(format!(
                            "a crab cannot promote to {} in this form",
                            k.letter()
                        ))
                    }),
            };
        }
        if parts.promotion.is_some() {
            return Err(MoveError::Illegal(
                "only a crab reaching the last rank promotes".into(),
            ));
        }
        let pick = if parts.marked_capture {
            candidates.iter().find(|m| m.is_capture())
        } else {
            candidates
                .iter()
                .find(|m| m.kind != MoveKind::EnPassant)
                .or(candidates.first())
        };
        pick.copied()
            .ok_or_else(|| MoveError::Illegal("that move does not capture".into()))
    }

    /// The drawing, rank 8 at the top (see the module documentation).
    fn board_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8i8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8i8 {
                let cell = match square_at_grid(file, rank) {
                    None => "##".to_string(),
                    Some(sq) => {
                        let c = self.cell(sq);
                        let mark = if c.is_empty() { '.' } else { c.letter() };
                        let slant = match (rank, file) {
                            (3 | 4, 0 | 1) => '\\',
                            (3 | 4, 6 | 7) => '/',
                            _ => ' ',
                        };
                        format!("{slant}{mark}")
                    }
                };
                out.push_str(&cell);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str(
            "   a  b  c  d  e  f  g  h    (rank 4/5: \\ = ab, bc  / = fg, gh; ## = hole)\n",
        );
        let side = match self.side() {
            Color::White => "White",
            Color::Black => "Black",
        };
        out.push_str(&format!("{side} to move   {}\n", self.to_fen()));
        out
    }
}

impl Escalator {
    /// Why no legal move goes from `from` to the wanted square.
    fn why_not(&self, from: Square) -> String {
        let cell = self.cell(from);
        if cell.is_empty() {
            format!("no piece on {}", NAMES[from as usize])
        } else if cell.color() != self.side {
            format!(
                "the piece on {} is not {}'s",
                NAMES[from as usize],
                self.side.name()
            )
        } else {
            format!(
                "the piece on {} cannot go there (or it would leave the king in check)",
                NAMES[from as usize]
            )
        }
    }
}
