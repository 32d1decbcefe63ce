//! FEN of Ladder Shogi, field by field (`Rules::from_fen` and `Rules::to_fen` in `play.rs`
//! put the fields in order): `<board> <side> <hands> [<reversible plies>]`.
//!
//! * board: ranks 10 to 1 separated by `/`, files a to j; a digit run (1-10) counts empty
//!   squares; White pieces uppercase, Black lowercase. Value pieces are `V` plus the stage
//!   (`1`-`9`, `X` for 10); non-value pieces are K King, D Dragon, C Cricket, P Kappa, L Lance,
//!   J Ninja, H Honorable Horse, U Burakumin, R Flying Chariot, B Angled Chariot, N Shogun.
//! * side: `w` or `b`.
//! * hands: `-`, or a count (omitted for 1) before each hand letter V D C P L J H U,
//!   uppercase for White's hand, lowercase for Black's, e.g. `2VLp`.
//! * reversible plies: turns since the last capture, promotion, removal to hand or drop.

use escalade_core::{Bitboard, Color, FenError, Square};

use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::TABLES;
use crate::zobrist::MAX_HAND;

/// The start position.
pub const START_FEN: &str = "ljcdkpjl1u/hv4v3v2v2v3v4h2/v1v1v1v2v2v1v1v1v1v1/10/10/10/10/V1V1V1V1V1V2V2V1V1V1/2HV4V3V2V2V3V4H/U1LJPKDCJL w - 0";

/// The board field, rank 10 first.
pub(crate) fn write_board(pos: &LadderShogi) -> String {
    let mut s = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..10 {
            let p = pos.board[rank * 10 + file];
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s += &empty.to_string();
                empty = 0;
            }
            let (l, stage) = if is_value(p.kind()) {
                ('V', Some(stage_char(p.kind())))
            } else {
                (letter(p.kind()), None)
            };
            s.push(if p.color() == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            });
            if let Some(c) = stage {
                s.push(c);
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The hands field: `-`, or each hand letter with its count before it (omitted for 1).
pub(crate) fn write_hands(pos: &LadderShogi) -> String {
    let mut hands = String::new();
    for color in Color::BOTH {
        for (hk, &l) in HAND_LETTERS.iter().enumerate() {
            let n = pos.hands[color.index()][hk];
            if n > 1 {
                hands += &n.to_string();
            }
            if n > 0 {
                hands.push(if color == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    hands
}

/// Checks each side has exactly one King.
pub(crate) fn check_kings(pos: &LadderShogi) -> Result<(), FenError> {
    for color in Color::BOTH {
        let kings = pos.bb(KING) & pos.by_color[color.index()];
        if kings.count() != 1 {
            return Err(FenError::new(format!(
                "{} must have exactly one King",
                color.name()
            )));
        }
    }
    Ok(())
}

pub(crate) fn parse_board(pos: &mut LadderShogi, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::new(format!(
            "expected 10 ranks, found {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i;
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                if n == 1 && chars.peek() == Some(&'0') {
                    chars.next();
                    n = 10;
                }
                if n == 0 {
                    return Err(FenError::new("an empty-square count cannot be 0"));
                }
                file += n;
                if file > 10 {
                    return Err(FenError::new(format!(
                        "rank {} has more than 10 squares",
                        rank + 1
                    )));
                }
                continue;
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let up = c.to_ascii_uppercase();
            let kind = if up == 'V' {
                match chars.next().map(|s| s.to_ascii_uppercase()) {
                    Some(s @ '1'..='9') => s as u8 - b'0',
                    Some('X') => 10,
                    _ => return Err(FenError::new("a value piece V needs a stage 1-9 or X")),
                }
            } else {
                kind_of_letter(up)
                    .ok_or_else(|| FenError::new(format!("unknown piece letter '{c}'")))?
            };
            if file >= 10 {
                return Err(FenError::new(format!(
                    "rank {} has more than 10 squares",
                    rank + 1
                )));
            }
            pos.put((rank * 10 + file) as Square, kind, color);
            file += 1;
        }
        if file != 10 {
            return Err(FenError::new(format!(
                "rank {} has {file} squares, not 10",
                rank + 1
            )));
        }
    }
    Ok(())
}

pub(crate) fn parse_hands(pos: &mut LadderShogi, hands: &str) -> Result<(), FenError> {
    if hands == "-" {
        return Ok(());
    }
    let mut count = String::new();
    for c in hands.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let hk = HAND_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .ok_or_else(|| FenError::new(format!("unknown hand letter '{c}'")))?;
        let n: usize = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| FenError::new("bad hand count"))?
        };
        count.clear();
        let total = pos.hands[color.index()][hk] as usize + n;
        if n == 0 || total > MAX_HAND {
            return Err(FenError::new(format!(
                "hand count of '{c}' must be 1 to {MAX_HAND}"
            )));
        }
        pos.hands[color.index()][hk] = total as u8;
    }
    if !count.is_empty() {
        return Err(FenError::new("hand count without a piece letter"));
    }
    Ok(())
}

pub(crate) fn check_placement(pos: &LadderShogi) -> Result<(), FenError> {
    let t = &*TABLES;
    let ubb = pos.bb(BURAKUMIN);
    if (t.around(ubb) & pos.occupied() & !ubb).any() {
        return Err(FenError::new("a piece stands next to a Burakumin"));
    }
    for color in Color::BOTH {
        let own = pos.by_color[color.index()];
        let last = t.last_rank[color.index()];
        let stuck = (pos.kind_squares(1)
            | pos.kind_squares(2)
            | pos.kind_squares(LANCE)
            | pos.kind_squares(NINJA))
            & last
            | pos.kind_squares(HORSE) & t.last_two[color.index()];
        if (stuck & own).any() {
            return Err(FenError::new(format!(
                "{} has a piece that could never move (unpromoted on its last ranks)",
                color.name()
            )));
        }
    }
    Ok(())
}
