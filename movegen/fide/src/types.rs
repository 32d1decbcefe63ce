//! Piece kinds, pieces and the 16-bit move encoding of FIDE chess.

use escalade_core::{Color, Square};

/// The six piece kinds, in value order (letters upper case; Black's are lower case).
pub use escalade_core::ChessKind as Kind;

/// A coloured piece, stored in the mailbox as `1 + color * 6 + kind` (0 = empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
}

impl Piece {
    /// The mailbox code of this piece (never 0).
    #[inline(always)]
    pub(crate) const fn code(self) -> u8 {
        1 + self.color as u8 * 6 + self.kind as u8
    }

    /// Decodes a non-zero mailbox code.
    #[inline(always)]
    pub(crate) fn from_code(code: u8) -> Piece {
        let i = (code - 1) as usize;
        Piece {
            color: if i >= 6 { Color::Black } else { Color::White },
            kind: Kind::from_index(i % 6),
        }
    }

    /// FEN letter: upper case for White.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// What kind of move a [`Move`] is (4 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flag {
    Normal = 0,
    DoublePush = 1,
    Castle = 2,
    EnPassant = 3,
    PromoteKnight = 4,
    PromoteBishop = 5,
    PromoteRook = 6,
    PromoteQueen = 7,
}

/// A move: from (6 bits), to (6 bits), flag (4 bits). Castling is encoded king-from to
/// king-destination.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u16);

impl Move {
    #[inline(always)]
    pub(crate) const fn new(from: Square, to: Square, flag: Flag) -> Move {
        Move(from as u16 | (to as u16) << 6 | (flag as u16) << 12)
    }
    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }
    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }
    #[inline(always)]
    pub(crate) const fn flag_bits(self) -> u16 {
        self.0 >> 12
    }
    /// The promotion piece, if any.
    #[inline(always)]
    pub fn promotion(self) -> Option<Kind> {
        match self.flag_bits() {
            4 => Some(Kind::Knight),
            5 => Some(Kind::Bishop),
            6 => Some(Kind::Rook),
            7 => Some(Kind::Queen),
            _ => None,
        }
    }
    /// Whether this is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.flag_bits() == Flag::Castle as u16
    }
    /// Whether this is an en-passant capture.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.flag_bits() == Flag::EnPassant as u16
    }
    #[inline(always)]
    pub(crate) const fn is_double_push(self) -> bool {
        self.flag_bits() == Flag::DoublePush as u16
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({}->{} flag {})",
            self.from(),
            self.to(),
            self.flag_bits()
        )
    }
}
