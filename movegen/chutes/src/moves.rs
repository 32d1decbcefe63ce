//! The turn type: Part 1 (a chess move on one board) and the optional Part 2 (make a ladder,
//! make a chute, remove one's own thing), packed in 25 bits of a `u32`:
//! bits 0-6 origin, 7-13 the square stepped on (same board as the origin; transport is
//! implied by the things), 14-16 [`Special`], 17-18 [`Part2`] kind, 19-24 Part 2 file-rank.

use escalade_core::Square;

use crate::men::Kind;

/// What kind of Part 1 a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Any ordinary move or capture.
    Normal = 0,
    /// A pawn's double step.
    DoubleStep = 1,
    /// An en-passant capture.
    EnPassant = 2,
    /// Castling (the King's move; the rook follows).
    Castle = 3,
    /// Promotion to a knight.
    PromoteKnight = 4,
    /// Promotion to a bishop.
    PromoteBishop = 5,
    /// Promotion to a rook.
    PromoteRook = 6,
    /// Promotion to a queen.
    PromoteQueen = 7,
}

impl Special {
    const ALL: [Special; 8] = [
        Special::Normal,
        Special::DoubleStep,
        Special::EnPassant,
        Special::Castle,
        Special::PromoteKnight,
        Special::PromoteBishop,
        Special::PromoteRook,
        Special::PromoteQueen,
    ];

    /// The promotion kind, if this is a promotion.
    pub const fn promotion(self) -> Option<Kind> {
        match self {
            Special::PromoteKnight => Some(Kind::Knight),
            Special::PromoteBishop => Some(Kind::Bishop),
            Special::PromoteRook => Some(Kind::Rook),
            Special::PromoteQueen => Some(Kind::Queen),
            _ => None,
        }
    }

    /// The four promotions, queen first.
    pub const PROMOTIONS: [Special; 4] = [
        Special::PromoteQueen,
        Special::PromoteRook,
        Special::PromoteBishop,
        Special::PromoteKnight,
    ];
}

/// The second part of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part2 {
    /// No second part.
    Nothing,
    /// Make a ladder (entrance on board 0) at a file-rank.
    Ladder(u8),
    /// Make a chute (entrance on board 1) at a file-rank.
    Chute(u8),
    /// Remove the mover's thing at a file-rank.
    Remove(u8),
}

/// One whole turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    /// A Part 1 with no Part 2.
    #[inline(always)]
    pub const fn part1(from: Square, to: Square, special: Special) -> Move {
        Move(from as u32 | (to as u32) << 7 | (special as u32) << 14)
    }

    /// This move's Part 1 with `part2` attached (replacing any it had).
    #[inline(always)]
    pub const fn with(self, part2: Part2) -> Move {
        let (kind, fr) = match part2 {
            Part2::Nothing => (0, 0),
            Part2::Ladder(fr) => (1, fr),
            Part2::Chute(fr) => (2, fr),
            Part2::Remove(fr) => (3, fr),
        };
        Move(self.0 & 0x1FFFF | kind << 17 | (fr as u32) << 19)
    }

    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 127) as Square
    }

    /// The square stepped on (before any transport), on the origin's board.
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 7) & 127) as Square
    }

    /// The kind of Part 1.
    #[inline(always)]
    pub const fn special(self) -> Special {
        Special::ALL[((self.0 >> 14) & 7) as usize]
    }

    /// The Part 2.
    #[inline(always)]
    pub const fn part2(self) -> Part2 {
        let fr = ((self.0 >> 19) & 63) as u8;
        match (self.0 >> 17) & 3 {
            0 => Part2::Nothing,
            1 => Part2::Ladder(fr),
            2 => Part2::Chute(fr),
            _ => Part2::Remove(fr),
        }
    }

    /// The move without its Part 2.
    #[inline(always)]
    pub const fn first_part(self) -> Move {
        Move(self.0 & 0x1FFFF)
    }

    /// The turn packed as `code` (the inverse of [`code`](Self::code)), if the code is
    /// well formed (legality is the caller's business).
    pub(crate) const fn from_code(code: u32) -> Option<Move> {
        let no_part2_with_square = (code >> 17) & 3 == 0 && code >> 19 != 0;
        if code >> 25 != 0 || code & 127 == (code >> 7) & 127 || no_part2_with_square {
            None
        } else {
            Some(Move(code))
        }
    }

    /// The packed value (unique per turn).
    #[inline(always)]
    pub const fn code(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let m = Move::part1(127, 120, Special::PromoteQueen).with(Part2::Remove(63));
        assert_eq!(
            (m.from(), m.to(), m.special(), m.part2()),
            (127, 120, Special::PromoteQueen, Part2::Remove(63))
        );
        assert_eq!(m.first_part(), Move::part1(127, 120, Special::PromoteQueen));
        assert_eq!(m.with(Part2::Ladder(5)).part2(), Part2::Ladder(5));
        assert_eq!(m.with(Part2::Nothing).part2(), Part2::Nothing);
    }
}
