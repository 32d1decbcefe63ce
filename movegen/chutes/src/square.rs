//! Square indices of the two stacked boards: `board * 64 + rank * 8 + file`, so board 0
//! is the low half of a `u128` and board 1 the high half. A *file-rank* (`fr`, 0..64) is the
//! board-less pair that chutes and ladders are attached to. Names look like `0e2`, `1d8`.

use escalade_core::Square;

/// No square (used for an absent en-passant right).
pub const NO_SQUARE: Square = 255;

/// The square on `board` (0 or 1) at `file` and `rank` (both 0..8).
#[inline(always)]
pub const fn square(board: u8, file: u8, rank: u8) -> Square {
    board * 64 + rank * 8 + file
}

/// The board (0 or 1) of a square.
#[inline(always)]
pub const fn board_of(sq: Square) -> u8 {
    sq >> 6
}

/// The file-rank (0..64) of a square.
#[inline(always)]
pub const fn fr_of(sq: Square) -> u8 {
    sq & 63
}

/// The file (0..8) of a square or file-rank.
#[inline(always)]
pub const fn file_of(sq: Square) -> u8 {
    sq & 7
}

/// The rank (0..8) of a square or file-rank.
#[inline(always)]
pub const fn rank_of(sq: Square) -> u8 {
    (sq >> 3) & 7
}

/// A file-rank as text, e.g. `e4`.
pub fn fr_name(fr: u8) -> String {
    format!("{}{}", (b'a' + file_of(fr)) as char, rank_of(fr) + 1)
}

/// A square as text, e.g. `0e4`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", board_of(sq), fr_name(fr_of(sq)))
}

/// Reads a file-rank such as `e4`.
pub fn parse_fr(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// Reads a square such as `0e4`.
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 3 || !(b'0'..=b'1').contains(&b[0]) {
        return None;
    }
    Some((b[0] - b'0') * 64 + parse_fr(&text[1..])?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..128u8 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(square_name(square(1, 3, 7)), "1d8");
        assert_eq!(parse_square("2e4"), None);
        assert_eq!(parse_square("0i4"), None);
        assert_eq!(parse_square("0e9"), None);
    }
}
