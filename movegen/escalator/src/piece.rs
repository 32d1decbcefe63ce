//! Piece kinds and coloured pieces: FEN letters and the compact one-byte encoding used by
//! the position's square-by-square board.

use escalade_core::Color;

/// A kind of piece. `Crab` is the pawn of this game; `Chancellor` (R+N) replaces the Queen
/// in `escalator-almost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The crab (the escalator's pawn).
    Crab = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// Chancellor (rook and knight).
    Chancellor = 5,
    /// King.
    King = 6,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 7] = [
        Kind::Crab,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::Chancellor,
        Kind::King,
    ];

    /// Index into per-kind arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index (0..7).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// White's FEN letter (Black's is the lower case).
    pub const fn letter(self) -> char {
        match self {
            Kind::Crab => 'C',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::Chancellor => 'A',
            Kind::King => 'K',
        }
    }

    /// The kind of an upper-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }
}

/// A piece on a square, packed in one byte: 0 = empty, else `1 + kind + 8 * colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);

    /// A piece of `side` and `kind`.
    #[inline(always)]
    pub const fn new(side: Color, kind: Kind) -> Cell {
        Cell(1 + kind as u8 + 8 * side as u8)
    }

    /// Whether the square is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece's kind (the cell must be occupied).
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::from_index(((self.0 - 1) & 7) as usize)
    }

    /// The piece's colour (the cell must be occupied).
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 > 8 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The FEN letter (upper case for White).
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}
