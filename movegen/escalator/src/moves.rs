//! The move type: one turn, as origin, destination, a kind flag and an optional promotion.
//! The flag matters on this board: a crab may step quietly onto the e.p. square or capture
//! en passant there, two different moves with the same squares.

use crate::piece::Kind;

/// What a move does besides moving one piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A non-capturing move (crab single steps included).
    Quiet = 0,
    /// A capture of the piece on `to`.
    Capture = 1,
    /// A crab's initial double step (sets the e.p. target).
    DoubleStep = 2,
    /// An en passant capture: the crab lands on the e.p. target and removes the crab that
    /// double-stepped past it.
    EnPassant = 3,
    /// King-side castling (the king moves two squares towards the h-file).
    CastleKing = 4,
    /// Queen-side castling.
    CastleQueen = 5,
}

/// One turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: u8,
    /// Destination square.
    pub to: u8,
    /// What kind of move.
    pub kind: MoveKind,
    /// The piece a crab promotes to, if any.
    pub promotion: Option<Kind>,
}

impl Move {
    /// A move without promotion.
    #[inline(always)]
    pub const fn new(from: u8, to: u8, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
        }
    }

    /// Whether the move removes an enemy piece.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        matches!(self.kind, MoveKind::Capture | MoveKind::EnPassant)
    }

    /// A 32-bit code, unique per move: from, to, kind and promotion in separate bits.
    #[inline(always)]
    pub const fn code(self) -> u32 {
        let promo = match self.promotion {
            Some(k) => k as u32 + 1,
            None => 0,
        };
        self.from as u32 | (self.to as u32) << 6 | (self.kind as u32) << 12 | promo << 16
    }
}
