//! FEN, field by field (`Rules::from_fen` and `Rules::to_fen` in `play.rs` put the fields
//! in order). Six fields: placement (FIDE letters, rank 8 first), side (`w`/`b`),
//! castling (`KQkq` or `-`), moved pawns, halfmove clock, fullmove number. The fourth field
//! (FIDE's en-passant slot; there is no en passant here) lists the pawns standing on their
//! own start rank that have already moved and so may not double-step (D8), or `-`. A FIDE
//! en-passant square (rank 3 or 6) there is accepted and ignored. The clocks may be left out.
//! In the simpler variation castling rights and moved pawns are read but dropped (written `-`).

use escalade_core::{Bitboard, Color, FenError};

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

/// Checks what the rules need of a placement: at most one king each (a captured king ends
/// the game), no pawn on its last rank outside the simpler variation, and a king for the side
/// that just moved.
pub(crate) fn validate(p: &CheckerCapture) -> Result<(), FenError> {
    let t = tables();
    for color in Color::BOTH {
        if p.pieces(color, Kind::King).several() {
            return Err(FenError::new(format!(
                "{} has more than one king",
                color.name()
            )));
        }
        if !p.rules().simple && p.pieces(color, Kind::Pawn) & t.last_rank(color) != 0 {
            return Err(FenError::new(format!(
                "a {} pawn stands on its last rank (it would have promoted)",
                color.name()
            )));
        }
    }
    if p.pieces(!p.side, Kind::King).is_empty() {
        return Err(FenError::new("the side that just moved has no king"));
    }
    Ok(())
}

/// The pawns standing on their own start rank.
pub(crate) fn start_pawns(p: &CheckerCapture) -> u64 {
    let t = tables();
    (p.pieces(Color::White, Kind::Pawn) & t.pawn_rank(Color::White))
        | (p.pieces(Color::Black, Kind::Pawn) & t.pawn_rank(Color::Black))
}

/// The castling field: `KQkq`, a part of it, or `-`.
pub(crate) fn write_castling(p: &CheckerCapture) -> String {
    let rights: String = CASTLES
        .iter()
        .filter(|c| p.castling & c.0 != 0)
        .map(|c| c.3)
        .collect();
    if rights.is_empty() {
        "-".into()
    } else {
        rights
    }
}

/// The moved-pawns field: the pawns on their start rank that have moved, or `-` (always
/// `-` in the simpler variation).
pub(crate) fn write_moved(p: &CheckerCapture) -> String {
    let moved = if p.rules().simple {
        0
    } else {
        start_pawns(p) & !p.unmoved
    };
    if moved == 0 {
        return "-".into();
    }
    moved.squares().map(square_name).collect()
}

pub(crate) fn read_castling(p: &CheckerCapture, field: &str) -> Result<u8, FenError> {
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

pub(crate) fn read_moved(start_pawns: u64, field: &str) -> Result<u64, FenError> {
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

pub(crate) fn read_number(field: Option<&&str>, default: u32, what: &str) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| FenError::new(format!("{what} '{s}' is not a number"))),
    }
}
