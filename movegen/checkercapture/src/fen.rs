//! FEN in and out. Six fields: placement (FIDE letters, rank 8 first), side (`w`/`b`),
//! castling (`KQkq` or `-`), moved pawns, halfmove clock, fullmove number. The fourth field
//! (FIDE's en-passant slot; there is no en passant here) lists the pawns standing on their
//! own start rank that have already moved and so may not double-step (D8), or `-`. A FIDE
//! en-passant square (rank 3 or 6) there is accepted and ignored. The clocks may be left out.
//! In the simpler variation castling rights and moved pawns are read but dropped (written `-`).

use escalade_core::{read_chess_placement, write_chess_placement, Bitboard, Color, FenError};

use crate::forms::RULES;
use crate::position::CheckerCapture;
use crate::tables::{
    parse_square, square_at, square_name, tables, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT,
};
use crate::types::Kind;

/// The FIDE start position (every form starts from it).
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// (right, king square, rook square, letter) for each castling right.
const CASTLES: [(u8, u8, u8, char); 4] = [
    (WHITE_SHORT, square_at(4, 0), square_at(7, 0), 'K'),
    (WHITE_LONG, square_at(4, 0), square_at(0, 0), 'Q'),
    (BLACK_SHORT, square_at(4, 7), square_at(7, 7), 'k'),
    (BLACK_LONG, square_at(4, 7), square_at(0, 7), 'q'),
];

impl CheckerCapture {
    /// Reads a FEN of form `form`.
    pub fn parse_fen(form: usize, fen: &str) -> Result<Self, FenError> {
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
        let t = tables();
        for color in Color::BOTH {
            if p.pieces(color, Kind::King).several() {
                return Err(FenError::new(format!(
                    "{} has more than one king",
                    color.name()
                )));
            }
            if !rules.simple && p.pieces(color, Kind::Pawn) & t.last_rank(color) != 0 {
                return Err(FenError::new(format!(
                    "a {} pawn stands on its last rank (it would have promoted)",
                    color.name()
                )));
            }
        }
        if p.pieces(!p.side, Kind::King).is_empty() {
            return Err(FenError::new("the side that just moved has no king"));
        }
        if let Some(&castling) = fields.get(2) {
            let rights = read_castling(&p, castling)?;
            p.castling = if rules.simple { 0 } else { rights };
        }
        let start_pawns = (p.pieces(Color::White, Kind::Pawn) & t.pawn_rank(Color::White))
            | (p.pieces(Color::Black, Kind::Pawn) & t.pawn_rank(Color::Black));
        let moved = match fields.get(3) {
            Some(&f) => read_moved(start_pawns, f)?,
            None => 0,
        };
        p.unmoved = if rules.simple {
            0
        } else {
            start_pawns & !moved
        };
        p.halfmove = read_number(fields.get(4), 0, "halfmove clock")?;
        p.fullmove = read_number(fields.get(5), 1, "fullmove number")?.max(1);
        p.rehash();
        Ok(p)
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        let mut s = write_chess_placement(|sq| match (self.color_at(sq), self.kind_at(sq)) {
            (Some(c), Some(k)) => Some((c, k)),
            _ => None,
        });
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        let rights: String = CASTLES
            .iter()
            .filter(|c| self.castling & c.0 != 0)
            .map(|c| c.3)
            .collect();
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push(' ');
        let t = tables();
        let moved = if self.rules().simple {
            0
        } else {
            ((self.pieces(Color::White, Kind::Pawn) & t.pawn_rank(Color::White))
                | (self.pieces(Color::Black, Kind::Pawn) & t.pawn_rank(Color::Black)))
                & !self.unmoved
        };
        if moved == 0 {
            s.push('-');
        } else {
            for sq in moved.squares() {
                s.push_str(square_name(sq));
            }
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }
}

fn read_castling(p: &CheckerCapture, field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let Some(&(bit, king, rook, _)) = CASTLES.iter().find(|x| x.3 == c) else {
            return Err(FenError::new(format!("unknown castling letter '{c}'")));
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if !p.pieces(color, Kind::King).has(king) || !p.pieces(color, Kind::Rook).has(rook) {
            return Err(FenError::new(format!(
                "castling right '{c}' without king and rook on their squares"
            )));
        }
        if rights & bit != 0 {
            return Err(FenError::new(format!("castling letter '{c}' repeated")));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn read_moved(start_pawns: u64, field: &str) -> Result<u64, FenError> {
    if field == "-" {
        return Ok(0);
    }
    if field.len() & 1 != 0 {
        return Err(FenError::new(format!(
            "moved-pawns field '{field}' is not a list of squares"
        )));
    }
    let mut moved = 0u64;
    for i in (0..field.len()).step_by(2) {
        let name = field.get(i..i + 2).unwrap_or("");
        let sq =
            parse_square(name).ok_or_else(|| FenError::new(format!("'{name}' is not a square")))?;
        let rank = sq / 8;
        if rank == 2 || rank == 5 {
            continue; // a FIDE en-passant target: meaningless here
        }
        if !start_pawns.has(sq) {
            return Err(FenError::new(format!(
                "moved pawn {name}: no pawn on its start rank there"
            )));
        }
        moved |= u64::bit(sq);
    }
    Ok(moved)
}

fn read_number(field: Option<&&str>, default: u32, what: &str) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| FenError::new(format!("{what} '{s}' is not a number"))),
    }
}
