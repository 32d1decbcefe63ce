//! Reading Standard Algebraic Notation (`e4`, `Nf3`, `exd5`, `e8=Q`, `Nbd2`, `R1a3`,
//! `O-O`), the way people and PGN files write chess moves: check marks and annotations
//! (`+`, `#`, `!?`) are ignored, `0-0` is castling, `x`/`:` for captures and `=` before a
//! promotion are optional. A SAN that fits two legal moves is refused with both.

use escalade_core::{bare_record, MoveError, MoveNotation, Rules, Square};

use crate::fen::parse_square;
use crate::{Chess, Kind, Move};

/// What a SAN says: the piece, the part of its square it gives, the destination and the
/// promotion.
#[derive(Debug, PartialEq, Eq)]
struct San {
    kind: Kind,
    file: Option<u8>,
    rank: Option<u8>,
    to: Square,
    promotion: Option<Kind>,
}

/// Splits a SAN without check marks (`Nbd2`, `exd5`, `e8=Q`) into its parts.
fn parse_san(text: &str) -> Option<San> {
    if !text.is_ascii() || text.len() < 2 {
        return None;
    }
    let (body, promotion) = match text.rsplit_once('=') {
        Some((body, p)) => (body, Some(promotion_kind(p)?)),
        None => match text.as_bytes()[text.len() - 1] {
            c @ (b'N' | b'B' | b'R' | b'Q') => {
                (&text[..text.len() - 1], Kind::from_letter(c as char))
            }
            _ => (text, None),
        },
    };
    let (kind, rest) = match body.as_bytes().first()? {
        b'P' => (Kind::Pawn, &body[1..]),
        c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => (Kind::from_letter(*c as char)?, &body[1..]),
        _ => (Kind::Pawn, body),
    };
    if rest.len() < 2 {
        return None;
    }
    let to = parse_square(&rest[rest.len() - 2..])?;
    let (mut file, mut rank) = (None, None);
    for c in rest[..rest.len() - 2].bytes() {
        match c {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            b'x' | b':' => {}
            _ => return None,
        }
    }
    if kind == Kind::Pawn && file.is_none() {
        file = Some(to % 8); // a pawn that names no file pushes straight ahead
    }
    Some(San {
        kind,
        file,
        rank,
        to,
        promotion,
    })
}

/// The piece a promotion suffix names (`Q`, `q`, ...).
fn promotion_kind(text: &str) -> Option<Kind> {
    let mut chars = text.chars();
    match (chars.next().and_then(Kind::from_letter), chars.next()) {
        (Some(k @ (Kind::Knight | Kind::Bishop | Kind::Rook | Kind::Queen)), None) => Some(k),
        _ => None,
    }
}

/// `a, b or c`.
fn either(texts: &[String]) -> String {
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.concat(),
    }
}

impl Chess {
    /// Reads coordinates (`e2e4`) or SAN (`e4`, `Nf3`, `O-O+`, `exd5!?`), and checks the
    /// move is legal; an ambiguous SAN is refused with the moves it could be.
    pub(crate) fn read_san(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let coordinates = match self.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        let bare = bare_record(text);
        if bare.starts_with("O-O") {
            return self.parse_move(bare);
        }
        let Some(san) = parse_san(bare) else {
            return Err(match coordinates {
                MoveError::Unparsable(_) => MoveError::Unparsable(format!(
                    "'{text}' is not a move like e4, Nf3, O-O or e2e4"
                )),
                illegal => illegal,
            });
        };
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let fits = |m: &&Move| {
            let from = m.from();
            m.to() == san.to
                && self.piece_at(from).is_some_and(|p| p.kind == san.kind)
                && san.file.is_none_or(|f| from % 8 == f)
                && san.rank.is_none_or(|r| from / 8 == r)
                && !m.is_castle()
        };
        let candidates: Vec<Move> = moves.iter().filter(fits).copied().collect();
        let chosen: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| m.promotion() == san.promotion)
            .collect();
        match chosen.as_slice() {
            [m] => Ok(*m),
            [] if san.promotion.is_none() && !candidates.is_empty() => Err(MoveError::Illegal(
                "a promotion needs a piece, e.g. e8=Q".into(),
            )),
            [] => Err(MoveError::Illegal(format!(
                "{bare} is not a legal move here"
            ))),
            many => {
                let names: Vec<String> = many.iter().map(|&m| self.san_without_check(m)).collect();
                Err(MoveError::Illegal(format!(
                    "ambiguous: {bare} could be {}",
                    either(&names)
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(fen: &str, text: &str) -> Result<String, MoveError> {
        let p = Chess::from_fen(0, fen).expect("valid FEN");
        p.read_move(text).map(|m| p.move_text(m))
    }

    #[test]
    fn san_coordinates_and_decorations_read() {
        let start = crate::START_FEN;
        for (text, coordinates) in [
            ("e4", "e2e4"),
            ("Nf3", "g1f3"),
            ("g1f3", "g1f3"),
            ("Nf3!?", "g1f3"),
            ("Ng1f3", "g1f3"),
            ("Pe4", "e2e4"),
            (" d4 ", "d2d4"),
        ] {
            assert_eq!(read(start, text).as_deref(), Ok(coordinates), "{text}");
        }
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(read(fen, "exd5").as_deref(), Ok("e4d5"));
        assert_eq!(read(fen, "ed5").as_deref(), Ok("e4d5"));
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for (text, coordinates) in [
            ("O-O", "e1g1"),
            ("0-0", "e1g1"),
            ("O-O+", "e1g1"),
            ("O-O-O", "e1c1"),
            ("0-0-0#", "e1c1"),
        ] {
            assert_eq!(read(castle, text).as_deref(), Ok(coordinates), "{text}");
        }
        let promo = "8/1P5k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(read(promo, "b8=Q").as_deref(), Ok("b7b8q"));
        assert_eq!(read(promo, "b8N").as_deref(), Ok("b7b8n"));
        assert_eq!(read(promo, "b8=Q+").as_deref(), Ok("b7b8q"));
    }

    #[test]
    fn ambiguous_and_illegal_san_are_refused_with_reasons() {
        let fen = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
        let e = read(fen, "Nd2").unwrap_err();
        assert_eq!(e.reason(), "ambiguous: Nd2 could be Nbd2 or Nfd2");
        assert_eq!(read(fen, "Nbd2").as_deref(), Ok("b1d2"));
        assert_eq!(read(fen, "R5a3").as_deref(), Ok("a5a3"));
        assert!(read(fen, "Ra3")
            .unwrap_err()
            .reason()
            .starts_with("ambiguous"));
        let start = crate::START_FEN;
        assert_eq!(
            read(start, "Nf4").unwrap_err(),
            MoveError::Illegal("Nf4 is not a legal move here".into())
        );
        assert!(read(start, "e5").is_err());
        assert!(read(start, "exd3").is_err(), "no capture there");
        assert!(matches!(
            read(start, "hello"),
            Err(MoveError::Unparsable(_))
        ));
        assert!(matches!(read(start, ""), Err(MoveError::Unparsable(_))));
        assert!(matches!(read(start, "Zz9"), Err(MoveError::Unparsable(_))));
        let promo = "8/1P5k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            read(promo, "b8").unwrap_err().reason(),
            "a promotion needs a piece, e.g. e8=Q"
        );
        assert!(read(promo, "b8=K").is_err());
    }

    #[test]
    fn every_legal_moves_san_reads_back_as_that_move() {
        // Kiwipete and a promotion race, two plies deep: castling both ways, en passant,
        // promotions with capture, pins, disambiguation by file and rank
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let root = Chess::from_fen(0, fen).expect("valid FEN");
            let mut first = Vec::new();
            root.generate_moves(&mut first);
            for &m in &first {
                let child = root.play(m);
                let mut second = Vec::new();
                child.generate_moves(&mut second);
                for (pos, mv) in
                    std::iter::once((&root, m)).chain(second.iter().map(|&r| (&child, r)))
                {
                    let san = pos.record_text(mv);
                    assert_eq!(pos.read_move(&san), Ok(mv), "{san} in {}", pos.to_fen());
                }
            }
        }
    }

    #[test]
    fn garbage_is_refused_without_a_panic() {
        let pos = Chess::from_fen(0, crate::START_FEN).expect("valid FEN");
        let alphabet = [
            "", "N", "x", "=", "Q", "e", "8", "1", "+", "O-", "0", "-", "é", " ", "a9",
        ];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = format!("{a}{b}{c}");
                    let _ = pos.read_move(&text);
                }
            }
        }
    }
}
