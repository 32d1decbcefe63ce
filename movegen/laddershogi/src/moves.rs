//! The turn type: one move, two moves of one piece (Cricket infusion), two moves of two
//! pieces (Dragon energizing) or a drop, each sub-move carrying its experience split.
//!
//! Equality and hashing look at the turn's content only; the move code and the hash of the
//! position the turn reaches are filled in by move generation.

use std::hash::{Hash, Hasher};

use escalade_core::{Bitboard, Square};

use crate::tables::TABLES;

/// "No square": marks an absent second sub-move.
pub const NO_SQUARE: Square = 127;

/// One sub-move: from, to, and the excess experience given to adjacent friends.
///
/// `split` holds one 4-bit amount per compass direction (N, NE, E, SE, S, SW, W, NW) seen
/// from `to`; 0 when there is no excess or it is not given away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubMove {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Experience split, 4 bits per direction from `to`.
    pub split: u32,
}

impl SubMove {
    /// A sub-move without experience split.
    pub const fn plain(from: Square, to: Square) -> SubMove {
        SubMove { from, to, split: 0 }
    }

    /// The amount given in compass direction `dir` (0-7).
    pub const fn given(self, dir: usize) -> u8 {
        ((self.split >> (4 * dir)) & 15) as u8
    }

    /// Where the experience split goes: (receiving square, amount) for every compass
    /// direction from `to` with an amount, in direction order (N, NE, E, SE, S, SW, W, NW).
    pub fn gifts(self) -> impl Iterator<Item = (Square, u8)> {
        (0..8)
            .filter(move |&d| self.given(d) > 0)
            .map(move |d| (TABLES.geo.step(self.to, d).lsb(), self.given(d)))
    }

    const NONE: SubMove = SubMove {
        from: NO_SQUARE,
        to: NO_SQUARE,
        split: 0,
    };
}

/// One whole turn.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) first: SubMove,
    pub(crate) second: SubMove,
    /// Hand index + 1 of a dropped piece (its square is `first.to`), 0 for moves.
    pub(crate) drop: u8,
    pub(crate) code: u32,
    pub(crate) child: u64,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.first == other.first && self.second == other.second && self.drop == other.drop
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.first.hash(state);
        self.second.hash(state);
        self.drop.hash(state);
    }
}

impl Move {
    pub(crate) const fn single(first: SubMove) -> Move {
        Move {
            first,
            second: SubMove::NONE,
            drop: 0,
            code: 0,
            child: 0,
        }
    }

    pub(crate) const fn double(first: SubMove, second: SubMove) -> Move {
        Move {
            first,
            second,
            drop: 0,
            code: 0,
            child: 0,
        }
    }

    pub(crate) const fn drop_piece(hand: usize, sq: Square) -> Move {
        Move {
            first: SubMove {
                from: NO_SQUARE,
                to: sq,
                split: 0,
            },
            second: SubMove::NONE,
            drop: hand as u8 + 1,
            code: 0,
            child: 0,
        }
    }

    /// The dropped hand kind and square, for a drop.
    pub fn dropped(self) -> Option<(usize, Square)> {
        (self.drop != 0).then(|| (self.drop as usize - 1, self.first.to))
    }

    /// The sub-moves of a moving turn (empty for a drop).
    pub fn sub_moves(self) -> impl Iterator<Item = SubMove> {
        let first = (self.drop == 0).then_some(self.first);
        let second = (self.second.from != NO_SQUARE).then_some(self.second);
        first.into_iter().chain(second)
    }

    /// Whether the turn has two sub-moves.
    pub fn is_double(self) -> bool {
        self.second.from != NO_SQUARE
    }

    /// Whether both sub-moves are made by the same piece (Cricket infusion).
    pub fn is_infused(self) -> bool {
        self.is_double() && self.second.from == self.first.to
    }

    /// The Zobrist hash of the position this turn reaches (set by move generation).
    pub fn child_hash(self) -> u64 {
        self.child
    }

    /// The move code: structural when there is no experience split, else the turn's rank
    /// among the split turns of its position (both unique within one position).
    pub(crate) fn structural_code(self, split_rank: u32) -> u32 {
        let (a, b) = (self.first, self.second);
        let sq = |s: Square| s as u32 & 127;
        if let Some((hk, s)) = self.dropped() {
            return (2 << 30) | ((hk as u32) << 7) | sq(s);
        }
        if a.split != 0 || b.split != 0 {
            return (3 << 30) | split_rank;
        }
        if !self.is_double() {
            (sq(a.from) << 14) | (sq(a.to) << 7) | 127
        } else if self.is_infused() {
            (1 << 29) | (sq(a.from) << 14) | (sq(a.to) << 7) | sq(b.to)
        } else {
            (1 << 30) | (sq(a.from) << 21) | (sq(a.to) << 14) | (sq(b.from) << 7) | sq(b.to)
        }
    }
}
