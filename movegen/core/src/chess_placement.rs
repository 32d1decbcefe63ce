//! The piece-placement field of an 8x8 FEN with the orthodox army (ranks 8 to 1, `/`
//! between ranks, digits for empty squares, upper case for White), read and written for the
//! games that use it (FIDE chess, Checker-capture). Squares are `rank * 8 + file`, a1 = 0.

use crate::{ChessKind, Color, FenError, Square};

/// Reads a placement field, calling `put` for every piece. Errors name the faulty rank.
pub fn read_chess_placement(
    board: &str,
    mut put: impl FnMut(Color, ChessKind, Square),
) -> Result<(), FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::new(format!(
            "the board needs 8 ranks separated by '/', found {}",
            rows.len()
        )));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::new(format!("bad empty-square count '{c}'")));
                }
                file += d as u8;
            } else {
                let kind = ChessKind::from_letter(c)
                    .ok_or_else(|| FenError::new(format!("unknown piece letter '{c}'")))?;
                if file >= 8 {
                    return Err(too_long(rank));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                put(color, kind, rank * 8 + file);
                file += 1;
            }
            if file > 8 {
                return Err(too_long(rank));
            }
        }
        if file != 8 {
            return Err(FenError::new(format!(
                "rank {} has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok(())
}

fn too_long(rank: u8) -> FenError {
    FenError::new(format!("rank {} has more than 8 squares", rank + 1))
}

/// Writes the placement field of the board `piece_at` describes.
pub fn write_chess_placement(piece_at: impl Fn(Square) -> Option<(Color, ChessKind)>) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut gap = 0u8;
        for file in 0..8u8 {
            match piece_at(rank * 8 + file) {
                None => gap += 1,
                Some((color, kind)) => {
                    if gap > 0 {
                        s.push(char::from(b'0' + gap));
                        gap = 0;
                    }
                    s.push(match color {
                        Color::White => kind.letter(),
                        Color::Black => kind.letter().to_ascii_lowercase(),
                    });
                }
            }
        }
        if gap > 0 {
            s.push(char::from(b'0' + gap));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";

    #[test]
    fn round_trip() {
        let mut board = [None; 64];
        read_chess_placement(START, |c, k, sq| board[sq as usize] = Some((c, k))).unwrap();
        assert_eq!(board[4], Some((Color::White, ChessKind::King)));
        assert_eq!(board[28], Some((Color::White, ChessKind::Pawn)));
        assert_eq!(board[59], Some((Color::Black, ChessKind::Queen)));
        assert_eq!(write_chess_placement(|sq| board[sq as usize]), START);
    }

    #[test]
    fn errors_name_the_fault() {
        let err = |b: &str| {
            read_chess_placement(b, |_, _, _| {})
                .unwrap_err()
                .to_string()
        };
        assert!(err("8/8/8").contains("8 ranks"));
        assert!(err("9/8/8/8/8/8/8/8").contains("empty-square"));
        assert!(err("0/8/8/8/8/8/8/8").contains("empty-square"));
        assert!(err("8/8/8/8/8/8/8/7x").contains("unknown piece letter 'x'"));
        assert!(err("8/8/8/8/8/8/8/8p").contains("rank 1 has more than 8"));
        assert!(err("8/8/8/8/8/8/8/44p").contains("rank 1 has more than 8"));
        assert!(err("8/7/8/8/8/8/8/8").contains("rank 7 has 7 squares"));
    }
}
