//! Bitboards generic over their width: one trait implemented for `u64` (boards of up to
//! 64 squares) and `u128` (up to 128 squares). Each variant picks its width once and the
//! code is monomorphized, so there is no dynamic dispatch in move generation.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::{Color, Square};

/// A set of squares, one bit per square index.
pub trait Bitboard:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits (the largest board this width can hold).
    const BITS: u32;
    /// The empty set.
    const EMPTY: Self;
    /// Every bit set (mask it with the board's square set before use).
    const FULL: Self;

    /// The set holding only `sq`.
    fn bit(sq: Square) -> Self;
    /// Whether `sq` is in the set.
    fn has(self, sq: Square) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Lowest square of a non-empty set.
    fn lsb(self) -> Square;
    /// Highest square of a non-empty set.
    fn msb(self) -> Square;
    /// Whether the set is empty.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Whether the set is non-empty.
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    /// Whether more than one square is set.
    fn several(self) -> bool;
    /// Removes and returns the lowest square of a non-empty set.
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self = self.without_lsb();
        sq
    }
    /// The set without its lowest square.
    fn without_lsb(self) -> Self;
    /// Iterates the squares from lowest to highest.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

macro_rules! impl_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            const EMPTY: Self = 0;
            const FULL: Self = !0;
            #[inline(always)]
            fn bit(sq: Square) -> Self {
                1 << sq
            }
            #[inline(always)]
            fn has(self, sq: Square) -> bool {
                (self >> sq) & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> Square {
                self.trailing_zeros() as Square
            }
            #[inline(always)]
            fn msb(self) -> Square {
                (<$t>::BITS - 1 - self.leading_zeros()) as Square
            }
            #[inline(always)]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_bitboard!(u64);
impl_bitboard!(u128);

/// An 8x8 board (`u64`, square = rank * 8 + file) as `side` sees it: White as it stands,
/// Black turned over rank by rank (square `^ 56`). Turning the board is reversing its
/// bytes, so the turned set still lists its squares in increasing order.
///
/// ```
/// use escalade_core::{board_seen_by, Color};
/// let a2 = 1u64 << 8;
/// assert_eq!(board_seen_by(a2, Color::White), a2);
/// assert_eq!(board_seen_by(a2, Color::Black), 1u64 << (8 ^ 56));
/// ```
#[inline]
pub fn board_seen_by(board: u64, side: Color) -> u64 {
    match side {
        Color::White => board,
        Color::Black => board.swap_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<B: Bitboard>() {
        let top = (B::BITS - 1) as Square;
        let b = B::bit(0) | B::bit(5) | B::bit(top);
        assert_eq!(b.count(), 3);
        assert_eq!(b.lsb(), 0);
        assert_eq!(b.msb(), top);
        assert!(b.several());
        assert!(!B::bit(7).several());
        assert_eq!(b.squares().collect::<Vec<_>>(), vec![0, 5, top]);
        assert!(b.has(5) && !b.has(6));
    }

    #[test]
    fn both_widths_behave_alike() {
        roundtrip::<u64>();
        roundtrip::<u128>();
    }
}
