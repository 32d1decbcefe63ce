//! FEN for the escalator board: reading (with validation into a typed [`FenError`]) and
//! writing. Ranks 8..1 separated by `/`; ranks 4 and 5 have six squares
//! (`ab bc d e fg gh`), the others eight; digits count empty squares, holes are not written.
//! Letters: K Q R B N, C = Crab, A = Chancellor (upper case White). Then side (`b`/`w`),
//! castling (`KQkq`/`-`), e.p. target (`b3`, or `b3:ab4` when two crabs could have
//! passed it), halfmove clock, fullmove number (incremented after White's move).

use std::ops::Range;

use escalade_core::{Bitboard, Color, FenError, Square};

use crate::board::{crab_start_rank, promotion_rank, NAMES};
use crate::piece::Kind;
use crate::position::{
    Escalator, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, NO_SQUARE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};

/// Start position of `escalator` and `escalator-noleap`.
pub const START_FEN: &str = "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1";
/// Start position of `escalator-almost` (Chancellors on d1/d8).
pub const START_FEN_ALMOST: &str = "rnbakbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBAKBNR b KQkq - 0 1";

/// The square indices of rank `r` (0 = rank 1), in file order.
pub fn rank_squares(r: usize) -> Range<Square> {
    match r {
        0..=2 => (r as Square * 8)..(r as Square * 8 + 8),
        3 => 24..30,
        4 => 30..36,
        _ => (36 + (r as Square - 5) * 8)..(44 + (r as Square - 5) * 8),
    }
}

const CASTLING_LETTERS: [(char, u8); 4] = [
    ('K', WHITE_KING_SIDE),
    ('Q', WHITE_QUEEN_SIDE),
    ('k', BLACK_KING_SIDE),
    ('q', BLACK_QUEEN_SIDE),
];

fn err<T>(reason: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(reason))
}

pub(crate) fn parse_placement(pos: &mut Escalator, field: &str) -> Result<(), FenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return err(format!("expected 8 ranks, found {}", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let squares = rank_squares(rank);
        let width = squares.len();
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return err(format!(
                        "rank {}: 0 is not a count of empty squares",
                        rank + 1
                    ));
                }
                file += d as usize;
            } else {
                let side = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = Kind::from_letter(c.to_ascii_uppercase())
                    .ok_or_else(|| FenError::new(format!("unknown piece letter '{c}'")))?;
                if file >= width {
                    return err(format!("rank {} has more than {width} squares", rank + 1));
                }
                pos.put(side, kind, squares.start + file as Square);
                file += 1;
            }
            if file > width {
                return err(format!("rank {} has more than {width} squares", rank + 1));
            }
        }
        if file != width {
            return err(format!(
                "rank {} has {file} squares instead of {width}",
                rank + 1
            ));
        }
    }
    Ok(())
}

pub(crate) fn parse_castling(pos: &mut Escalator, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let (_, bit) = CASTLING_LETTERS
            .iter()
            .find(|(l, _)| *l == c)
            .ok_or_else(|| FenError::new(format!("unknown castling letter '{c}'")))?;
        pos.castling |= bit;
    }
    for (letter, bit, king, rook, side) in [
        ('K', WHITE_KING_SIDE, 4, 7, Color::White),
        ('Q', WHITE_QUEEN_SIDE, 4, 0, Color::White),
        ('k', BLACK_KING_SIDE, 56, 59, Color::Black),
        ('q', BLACK_QUEEN_SIDE, 56, 52, Color::Black),
    ] {
        if pos.castling & bit != 0
            && !(pos.pieces(side, Kind::King).has(king) && pos.pieces(side, Kind::Rook).has(rook))
        {
            return err(format!(
                "castling right '{letter}' without king and rook on their squares"
            ));
        }
    }
    Ok(())
}

pub(crate) fn parse_en_passant(pos: &mut Escalator, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let (target, named_victim) = match field.split_once(':') {
        Some((t, v)) => (t, Some(v)),
        None => (field, None),
    };
    let square = |name: &str| {
        crate::board::parse_square(name).map_err(|e| FenError::new(format!("e.p. field: {e}")))
    };
    let target = square(target)?;
    let mover = !pos.side;
    let b = Escalator::board();
    let passed_from = b.crab_push[pos.side.index()][target as usize];
    if pos.occupied().has(target)
        || passed_from & crab_start_rank(mover) == 0
        || pos.occupied() & passed_from != 0
    {
        return err(format!(
            "{} cannot be an e.p. target here",
            NAMES[target as usize]
        ));
    }
    let candidates = b.crab_push[mover.index()][target as usize] & pos.pieces(mover, Kind::Crab);
    let victim = match named_victim {
        Some(v) => {
            let v = square(v)?;
            if !candidates.has(v) {
                return err(format!(
                    "no crab on {} passed {}",
                    NAMES[v as usize], NAMES[target as usize]
                ));
            }
            v
        }
        None if candidates.count() == 1 => candidates.lsb(),
        None if candidates.is_empty() => {
            return err(format!(
                "no crab passed the e.p. target {}",
                NAMES[target as usize]
            ))
        }
        None => return err("e.p. target needs the crab that passed it (e.g. b3:ab4)"),
    };
    pos.ep_target = target;
    pos.ep_victim = victim;
    Ok(())
}

pub(crate) fn parse_number(field: Option<&str>, default: u16, what: &str) -> Result<u16, FenError> {
    match field {
        None => Ok(default),
        Some(f) => f
            .parse()
            .map_err(|_| FenError::new(format!("{what} '{f}' is not a number"))),
    }
}

pub(crate) fn validate(pos: &Escalator) -> Result<(), FenError> {
    for side in Color::BOTH {
        let kings = pos.pieces(side, Kind::King).count();
        if kings != 1 {
            return err(format!("{} has {kings} kings instead of 1", side.name()));
        }
        if pos.pieces(side, Kind::Crab) & promotion_rank(side) != 0 {
            return err(format!("a {} crab stands on its last rank", side.name()));
        }
    }
    if pos.king_attacked(!pos.side) {
        return err("the side not to move is in check");
    }
    Ok(())
}

/// The placement field: ranks 8..1, digits for runs of empty squares.
pub(crate) fn write_placement(pos: &Escalator) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for sq in rank_squares(rank) {
            let cell = pos.cell(sq);
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(cell.letter());
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The castling field: `KQkq`, a part of it, or `-`.
pub(crate) fn write_castling(pos: &Escalator) -> String {
    let rights: String = CASTLING_LETTERS
        .iter()
        .filter(|&&(_, bit)| pos.castling & bit != 0)
        .map(|&(letter, _)| letter)
        .collect();
    if rights.is_empty() {
        "-".into()
    } else {
        rights
    }
}

/// The e.p. field: `-`, the target, or `target:victim` when two crabs could have passed it.
pub(crate) fn write_en_passant(pos: &Escalator) -> String {
    if pos.ep_target == NO_SQUARE {
        return "-".into();
    }
    let mut out = NAMES[pos.ep_target as usize].to_string();
    let b = Escalator::board();
    let mover = !pos.side;
    let candidates =
        b.crab_push[mover.index()][pos.ep_target as usize] & pos.pieces(mover, Kind::Crab);
    if candidates.several() {
        out.push(':');
        out.push_str(NAMES[pos.ep_victim as usize]);
    }
    out
}
