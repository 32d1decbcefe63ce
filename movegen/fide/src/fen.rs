//! FEN in and out for FIDE chess, with validation into a typed error (`Rules::to_fen`, in
//! `rules.rs`, puts the written fields in order).

use escalade_core::{read_chess_placement, Bitboard, Color, FenError, Square};

use crate::board::{Chess, BK, BQ, WK, WQ};
use crate::types::{Kind, Piece};

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads a FEN (the move counters may be omitted).
pub fn parse_fen(fen: &str) -> Result<Chess, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(FenError::new("expected 2 to 6 space-separated fields"));
    }
    let mut pos = Chess::empty();
    read_chess_placement(fields[0], |color, kind, sq| {
        pos.put(Piece { color, kind }, sq)
    })?;
    pos.side = Color::from_fen(fields[1])
        .ok_or_else(|| FenError::new("side to move must be 'w' or 'b'"))?;
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" {
        for c in castling.chars() {
            pos.castling |= match c {
                'K' => WK,
                'Q' => WQ,
                'k' => BK,
                'q' => BQ,
                _ => return Err(FenError::new(format!("bad castling flag '{c}'"))),
            };
        }
    }
    validate_material(&pos)?;
    drop_impossible_castling(&mut pos);
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        let sq = parse_square(ep)
            .ok_or_else(|| FenError::new(format!("bad en-passant square '{ep}'")))?;
        let expected_rank = if pos.side == Color::White { 5 } else { 2 };
        if sq / 8 != expected_rank {
            return Err(FenError::new(format!(
                "en-passant square '{ep}' is on the wrong rank"
            )));
        }
        pos.set_ep_from_fen(sq);
    }
    pos.halfmove = parse_counter(fields.get(4), 0, "halfmove clock")?;
    pos.fullmove = parse_counter(fields.get(5), 1, "fullmove number")?.max(1);
    pos.finish_setup();
    Ok(pos)
}

fn parse_counter(field: Option<&&str>, default: u16, what: &str) -> Result<u16, FenError> {
    match field {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| FenError::new(format!("bad {what} '{s}'"))),
    }
}

fn validate_material(pos: &Chess) -> Result<(), FenError> {
    for color in Color::BOTH {
        if pos.pieces(color, Kind::King).count() != 1 {
            return Err(FenError::new(format!(
                "{} must have exactly one king",
                color.name()
            )));
        }
    }
    if pos.kind_bb(Kind::Pawn) & 0xFF00_0000_0000_00FF != 0 {
        return Err(FenError::new(
            "pawns cannot stand on the first or last rank",
        ));
    }
    if pos.attacked_by(pos.king_square(!pos.side), pos.side) {
        return Err(FenError::new("the side not to move is in check"));
    }
    Ok(())
}

/// Castling flags without their king and rook on the home squares are dropped.
fn drop_impossible_castling(pos: &mut Chess) {
    let has = |sq: Square, color: Color, kind: Kind| pos.pieces(color, kind).has(sq);
    let mut rights = pos.castling;
    if !has(4, Color::White, Kind::King) {
        rights &= !(WK | WQ);
    }
    if !has(60, Color::Black, Kind::King) {
        rights &= !(BK | BQ);
    }
    for (flag, sq, color) in [
        (WK, 7, Color::White),
        (WQ, 0, Color::White),
        (BK, 63, Color::Black),
        (BQ, 56, Color::Black),
    ] {
        if !has(sq, color, Kind::Rook) {
            rights &= !flag;
        }
    }
    pos.castling = rights;
}

/// `e4` -> square index.
pub fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// Square index -> `e4`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// The castling field: `KQkq`, a part of it, or `-`.
pub(crate) fn write_castling(pos: &Chess) -> String {
    let rights: String = [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')]
        .into_iter()
        .filter(|&(flag, _)| pos.castling & flag != 0)
        .map(|(_, c)| c)
        .collect();
    if rights.is_empty() {
        "-".into()
    } else {
        rights
    }
}

/// The en-passant field: the target square, or `-`.
pub(crate) fn write_en_passant(pos: &Chess) -> String {
    if pos.ep < 64 {
        square_name(pos.ep)
    } else {
        "-".into()
    }
}
