//! What FIDE chess shows ([`MoveNotation`]): the engine's coordinate move text (`e2e4`,
//! `e7e8q`; castling as the king's move `e1g1`), read leniently (`O-O`, `0-0-0`); game
//! records in Standard Algebraic Notation (the PGN standard's move text, section 8.2.3:
//! piece letter, the least disambiguation (file, else rank, else both), `x` for captures,
//! `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#` for check and mate), read back by
//! `crate::san`; and the terminal drawing.

use escalade_core::{Color, MoveError, MoveNotation, Rules};

use crate::fen::{parse_square, square_name};
use crate::{Chess, Kind, Move};

impl MoveNotation for Chess {
    /// Standard Algebraic Notation: piece letter, the least disambiguation, `x` for
    /// captures, `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#` for check and mate.
    fn record_text(&self, mv: Move) -> String {
        let mut s = self.san_without_check(mv);
        let after = self.play(mv);
        if after.in_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// Coordinates: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    fn move_text(&self, mv: Move) -> String {
        let mut s = square_name(mv.from()) + &square_name(mv.to());
        if let Some(k) = mv.promotion() {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Reads coordinates, or `O-O`, `O-O-O`, `0-0`, `0-0-0`, and checks the move is legal.
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

    /// Coordinates or Standard Algebraic Notation (`crate::san`), an ambiguous SAN refused
    /// with the moves it could be.
    fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_san(text)
    }

    /// The board, rank 8 at the top, and the side to move.
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

impl Chess {
    /// The SAN of `mv` without the check or mate sign.
    pub(crate) fn san_without_check(&self, mv: Move) -> String {
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castle() {
            return if to % 8 > from % 8 { "O-O" } else { "O-O-O" }.into();
        }
        let Some(piece) = self.piece_at(from) else {
            return format!("{}{}", square_name(from), square_name(to));
        };
        let capture = mv.is_en_passant() || self.piece_at(to).is_some();
        let mut s = String::new();
        if piece.kind == Kind::Pawn {
            if capture {
                s.push(file_letter(from));
            }
        } else {
            s.push(piece.kind.letter());
            s.push_str(&self.disambiguation(mv, piece.kind));
        }
        if capture {
            s.push('x');
        }
        s.push_str(&square_name(to));
        if let Some(k) = mv.promotion() {
            s.push('=');
            s.push(k.letter());
        }
        s
    }

    /// What tells `mv` apart from the other legal moves of a `kind` to the same square.
    fn disambiguation(&self, mv: Move, kind: Kind) -> String {
        let mut legal = Vec::new();
        self.generate_moves(&mut legal);
        let rivals: Vec<Move> = legal
            .into_iter()
            .filter(|m| {
                m.to() == mv.to()
                    && m.from() != mv.from()
                    && self.piece_at(m.from()).is_some_and(|p| p.kind == kind)
            })
            .collect();
        if rivals.is_empty() {
            return String::new();
        }
        let from = mv.from();
        let same_file = rivals.iter().any(|m| m.from() % 8 == from % 8);
        let same_rank = rivals.iter().any(|m| m.from() / 8 == from / 8);
        let name = square_name(from);
        if !same_file {
            name[..1].to_string()
        } else if !same_rank {
            name[1..].to_string()
        } else {
            name
        }
    }
}

fn file_letter(sq: escalade_core::Square) -> char {
    square_name(sq).chars().next().unwrap_or('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, coordinates: &str) -> String {
        let p = Chess::from_fen(0, fen).expect("valid FEN");
        let mv = p.parse_move(coordinates).expect("legal move");
        p.record_text(mv)
    }

    #[test]
    fn pieces_pawns_and_captures() {
        let start = crate::START_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
        let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        assert_eq!(san_of(ep, "e5f6"), "exf6");
    }

    #[test]
    fn disambiguation_by_file_rank_or_both() {
        // knights on b1 and f1 both reach d2; rooks on a1 and a5 both reach a3
        let fen = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        assert_eq!(san_of(fen, "a1a3"), "R1a3");
        assert_eq!(san_of(fen, "a5a3"), "R5a3");
        // three queens reach e1: the one on h4 needs file and rank
        let queens = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert_eq!(san_of(queens, "h4e1"), "Qh4e1");
    }

    #[test]
    fn castling_promotion_check_and_mate() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(castle, "e1g1"), "O-O");
        assert_eq!(san_of(castle, "e1c1"), "O-O-O");
        let promo = "8/1P5k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(san_of(promo, "b7b8q"), "b8=Q");
        assert_eq!(san_of(promo, "b7b8n"), "b8=N");
        let mate = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";
        assert_eq!(san_of(mate, "a1a8"), "Ra8#");
        assert_eq!(san_of(mate, "a1a7"), "Ra7");
        let check = "7k/8/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(san_of(check, "a1a8"), "Ra8+");
    }
}
