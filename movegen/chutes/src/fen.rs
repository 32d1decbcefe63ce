//! FEN for Chutes and Ladders Chess, field by field (`Rules::from_fen` and `Rules::to_fen`
//! in `rules.rs` put the fields in order; documented in `docs/rules/chutes.md`):
//! `BOARD0|BOARD1 SIDE CASTLING EP THINGS FIRST HALFMOVE FULLMOVE`, e.g. the start position
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - first 0 1`.

use escalade_core::{Bitboard, Color, FenError};

use crate::men::Kind;
use crate::position::{castle_bit, Chutes, KING_SIDE, QUEEN_SIDE};
use crate::square::{fr_name, fr_of, parse_fr, parse_square, rank_of, square, square_name};

/// The start position's FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - first 0 1";

fn err<T>(reason: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(reason))
}

/// The boards field: board 0, `|`, board 1.
pub(crate) fn write_boards(p: &Chutes) -> String {
    [0u8, 1].map(|b| write_board(p, b)).join("|")
}

/// The castling field: per board `KQkq` or a part of it, joined by `|`; `-` when no right is
/// left on either board.
pub(crate) fn write_castling(p: &Chutes) -> String {
    if p.castling == 0 {
        return "-".to_string();
    }
    [0u8, 1]
        .map(|b| {
            let mut s = String::new();
            for (side, wing, c) in CASTLE_LETTERS {
                if p.castling & castle_bit(b, side, wing) != 0 {
                    s.push(c);
                }
            }
            if s.is_empty() {
                s.push('-');
            }
            s
        })
        .join("|")
}

/// The e.p. field: `target:victim` or `-`.
pub(crate) fn write_en_passant(p: &Chutes) -> String {
    match p.en_passant() {
        Some((t, v)) => format!("{}:{}", square_name(t), square_name(v)),
        None => "-".into(),
    }
}

/// The things field: each ladder (`L`) or chute (`C`, lower case Black's) with its square,
/// joined by `,`; `-` when there is none.
pub(crate) fn write_things(p: &Chutes) -> String {
    let mut things: Vec<String> = Vec::new();
    for fr in 0..64u8 {
        if let Some((chute, owner)) = p.thing_at(fr) {
            let c = if chute { 'C' } else { 'L' };
            let c = if owner == Color::White {
                c
            } else {
                c.to_ascii_lowercase()
            };
            things.push(format!("{c}{}", fr_name(fr)));
        }
    }
    if things.is_empty() {
        "-".to_string()
    } else {
        things.join(",")
    }
}

/// Reads the first-turn field: `first` (White's first turn is still to come) or `-`.
pub(crate) fn read_first_turn(p: &mut Chutes, text: &str) -> Result<(), FenError> {
    p.first_turn = match text {
        "first" => true,
        "-" => false,
        other => {
            return err(format!(
                "first-turn field must be `first` or `-`, not `{other}`"
            ))
        }
    };
    if p.first_turn && p.side != Color::White {
        return err("only White can have the first turn to come");
    }
    Ok(())
}

/// Reads the halfmove clock and the fullmove number.
pub(crate) fn read_clocks(p: &mut Chutes, halfmove: &str, fullmove: &str) -> Result<(), FenError> {
    p.halfmove = halfmove
        .parse()
        .map_err(|_| FenError::new("bad halfmove clock"))?;
    p.fullmove = fullmove
        .parse()
        .map_err(|_| FenError::new("bad fullmove number"))?;
    if p.fullmove == 0 {
        return err("fullmove number starts at 1");
    }
    Ok(())
}

const CASTLE_LETTERS: [(Color, u8, char); 4] = [
    (Color::White, KING_SIDE, 'K'),
    (Color::White, QUEEN_SIDE, 'Q'),
    (Color::Black, KING_SIDE, 'k'),
    (Color::Black, QUEEN_SIDE, 'q'),
];

fn write_board(p: &Chutes, board: u8) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match p.men.at(square(board, file, rank)) {
                None => empty += 1,
                Some((side, kind)) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = kind.letter();
                    s.push(if side == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

pub(crate) fn read_boards(p: &mut Chutes, text: &str) -> Result<(), FenError> {
    let boards: Vec<&str> = text.split('|').collect();
    if boards.len() != 2 {
        return err("expected two boards separated by `|`");
    }
    for (b, board) in boards.iter().enumerate() {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return err(format!("board {b} must have 8 ranks"));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return err(format!("bad empty-square count `{c}`"));
                    }
                    file += d as u8;
                } else {
                    let kind = Kind::from_letter(c)
                        .ok_or_else(|| FenError::new(format!("unknown piece `{c}`")))?;
                    if file >= 8 {
                        return err(format!(
                            "board {b} rank {} is longer than 8 squares",
                            rank + 1
                        ));
                    }
                    let side = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    p.men.put(square(b as u8, file, rank), side, kind);
                    file += 1;
                }
                if file > 8 {
                    return err(format!(
                        "board {b} rank {} is longer than 8 squares",
                        rank + 1
                    ));
                }
            }
            if file != 8 {
                return err(format!(
                    "board {b} rank {} does not have 8 squares",
                    rank + 1
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn read_castling(p: &mut Chutes, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() != 2 {
        return err("castling must be `-` or two boards' rights separated by `|`, e.g. `KQkq|-`");
    }
    for (b, part) in parts.iter().enumerate() {
        if *part == "-" {
            continue;
        }
        for c in part.chars() {
            let (side, wing, _) = CASTLE_LETTERS
                .into_iter()
                .find(|&(_, _, l)| l == c)
                .ok_or_else(|| FenError::new(format!("bad castling letter `{c}`")))?;
            let rank = if side == Color::White { 0 } else { 7 };
            let rook_file = if wing == KING_SIDE { 7 } else { 0 };
            if !p.men.of(side, Kind::King).has(square(b as u8, 4, rank))
                || !p
                    .men
                    .of(side, Kind::Rook)
                    .has(square(b as u8, rook_file, rank))
            {
                return err(format!(
                    "castling right `{c}` on board {b} without King and Rook at home"
                ));
            }
            p.castling |= castle_bit(b as u8, side, wing);
        }
    }
    Ok(())
}

pub(crate) fn read_things(p: &mut Chutes, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    for item in text.split(',') {
        let mut chars = item.chars();
        let c = chars.next().ok_or_else(|| FenError::new("empty thing"))?;
        let chute = match c.to_ascii_uppercase() {
            'L' => false,
            'C' => true,
            _ => return err(format!("thing `{item}` must start with L, l, C or c")),
        };
        let owner = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let fr = parse_fr(chars.as_str())
            .ok_or_else(|| FenError::new(format!("bad thing square in `{item}`")))?;
        if p.thing_at(fr).is_some() {
            return err(format!("two things on {}", fr_name(fr)));
        }
        if p.owned_count(owner, chute) >= 2 {
            return err(format!(
                "{} owns more than two {}",
                owner.name(),
                if chute { "chutes" } else { "ladders" }
            ));
        }
        p.add_thing(chute, owner, fr);
    }
    if p.entrances() & p.men.occupied() != 0 {
        return err("a man stands on a chute or ladder entrance");
    }
    Ok(())
}

pub(crate) fn read_en_passant(p: &mut Chutes, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let (target, victim) = match text.split_once(':') {
        Some((t, v)) => (parse_square(t), parse_square(v)),
        None => {
            let t = parse_square(text);
            let v = t.map(|t| {
                if p.side == Color::Black {
                    t + 8
                } else {
                    t.wrapping_sub(8)
                }
            });
            (t, v)
        }
    };
    let (Some(target), Some(victim)) = (target, victim) else {
        return err(format!("bad en-passant field `{text}`"));
    };
    let mover = !p.side;
    let (target_rank, victim_rank) = if mover == Color::White {
        (2, 3)
    } else {
        (5, 4)
    };
    let bad = || {
        FenError::new(format!(
            "en-passant right `{text}` does not fit the position"
        ))
    };
    if rank_of(target) != target_rank || victim >= 128 || rank_of(victim) != victim_rank {
        return Err(bad());
    }
    let victim_fr = if mover == Color::White {
        fr_of(target) + 8
    } else {
        fr_of(target) - 8
    };
    if fr_of(victim) != victim_fr
        || !p.men.of(mover, Kind::Pawn).has(victim)
        || p.men.occupied().has(target)
    {
        return Err(bad());
    }
    p.ep_target = target;
    p.ep_victim = victim;
    Ok(())
}

pub(crate) fn validate(p: &Chutes) -> Result<(), FenError> {
    for side in Color::BOTH {
        let kings = p.men.of(side, Kind::King).count();
        if !(1..=2).contains(&kings) {
            return err(format!("{} must have one or two Kings", side.name()));
        }
    }
    let back_ranks: u128 = crate::tables::rank_mask(0) | crate::tables::rank_mask(7);
    if p.men.kinds[Kind::Pawn.index()] & back_ranks != 0 {
        return err("a pawn stands on rank 1 or 8");
    }
    if p.king_attacked(!p.side) {
        return err("the side not to move has a King in check");
    }
    Ok(())
}
