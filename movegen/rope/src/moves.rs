//! The rope's move type: one turn (a board move, a promotion, the King-Gold swap, a drop)
//! or, at a "Hold on dice!" chance node, one outcome of the survival roll.

use escalade_core::Square;

use crate::Kind;

/// What kind of turn a [`RopeMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A step, slide, leap or hop, capturing whatever enemy piece stands on `to`.
    Normal,
    /// A pawn move ending in the zone that promotes to the given kind.
    Promote(Kind),
    /// The King on `from` exchanges places with the own Gold on `to`.
    Swap,
    /// A piece of the given kind from hand is put on `to` (`from` is unused).
    Drop(Kind),
    /// Chance outcome: the piece that just moved survives.
    Survives,
    /// Chance outcome: the piece that just moved falls off the rope.
    Falls,
}

/// One turn or chance outcome. Squares are 0-based indices (square name = index + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RopeMove {
    /// Origin square (the King for a swap, 0 for drops and outcomes).
    pub from: Square,
    /// Destination square (the Gold for a swap, 0 for outcomes).
    pub to: Square,
    /// The kind of turn.
    pub kind: MoveKind,
}

impl RopeMove {
    /// A normal move.
    pub const fn normal(from: Square, to: Square) -> Self {
        RopeMove {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// The "survives" chance outcome.
    pub const SURVIVES: RopeMove = RopeMove {
        from: 0,
        to: 0,
        kind: MoveKind::Survives,
    };
    /// The "falls" chance outcome.
    pub const FALLS: RopeMove = RopeMove {
        from: 0,
        to: 0,
        kind: MoveKind::Falls,
    };

    /// Whether this is a chance outcome rather than a player's turn.
    pub const fn is_outcome(self) -> bool {
        matches!(self.kind, MoveKind::Survives | MoveKind::Falls)
    }

    /// A 32-bit code unique among the legal moves of one position:
    /// bits 0-4 destination, 5-9 origin, 10-14 the kind of turn.
    pub const fn code(self) -> u32 {
        let kind = match self.kind {
            MoveKind::Normal => 0,
            MoveKind::Promote(k) => 1 + k as u32,
            MoveKind::Swap => 8,
            MoveKind::Drop(k) => 9 + k as u32,
            MoveKind::Survives => 16,
            MoveKind::Falls => 17,
        };
        (kind << 10) | ((self.from as u32) << 5) | self.to as u32
    }
}
