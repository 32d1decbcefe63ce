//! Piece kinds and the move value: one whole turn, identified by origin, final square,
//! captured set and promotion (different jump paths with the same result are one move).

use escalade_core::Square;

/// A piece kind: the orthodox six. `King` is last; the others but `Pawn` may be
/// promotion targets ([`Kind::PROMOTIONS`]).
pub use escalade_core::ChessKind as Kind;

/// What a turn does, beyond its origin and final square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A normal move onto an empty square (pawn single step, piece move, king step).
    Quiet,
    /// A never-moved pawn's two-square step (main rules).
    DoubleStep,
    /// Castling, written as the king's move; the rook follows.
    Castle,
    /// A jump sequence (one or more short jumps by the same piece).
    Jump,
    /// A FIDE displacement capture (displacement forms).
    Displace,
    /// Simpler variation: a pawn on its last rank promotes in place, then the new piece makes
    /// one normal move to `to` (or stays, `to == from`, when it has none).
    PromoteInPlace,
}

/// One complete turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Squares of the pieces captured (jumped, or the displaced square).
    pub captured: u64,
    /// The moving piece's square at the start of the turn.
    pub from: Square,
    /// Its square at the end of the turn.
    pub to: Square,
    /// The promotion piece, if the turn promotes.
    pub promotion: Option<Kind>,
    /// The kind of turn.
    pub kind: MoveKind,
}

impl Move {
    /// A move without capture or promotion.
    #[inline(always)]
    pub const fn simple(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            captured: 0,
            from,
            to,
            promotion: None,
            kind,
        }
    }

    /// Whether the turn captures anything.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// The transposition-table code: bits 0-5 origin, 6-11 final square, 12-14 promotion
    /// (0 none, else 1 + kind index), 15-31 a 17-bit multiplicative hash of the captured
    /// set. Moves of one position that share origin, final square and promotion differ
    /// only in their captured sets (jump sequences), so two legal moves collide only if
    /// those sets collide in 17 bits: impossible in the test positions and vanishingly
    /// rare otherwise (the search never trusts a code without matching a legal move).
    #[inline]
    pub const fn code(self) -> u32 {
        let promo = match self.promotion {
            None => 0,
            Some(k) => 1 + k as u32,
        };
        let mixed = (self.captured ^ (self.captured >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (self.from as u32) | (self.to as u32) << 6 | promo << 12 | ((mixed >> 47) as u32) << 15
    }
}
