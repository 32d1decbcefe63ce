//! A regeneration stack: the LIFO pile of a player's own captured pieces, packed into one
//! word (three bits per piece, bottom first) so a position stays a small `Copy`-like value.

use crate::zobrist::MAX_STACK;
use crate::Kind;

/// A LIFO stack of piece kinds (never the King).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    bits: u64,
    len: u8,
}

impl Stack {
    /// Number of pieces on the stack.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the stack is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Whether another piece fits.
    pub fn is_full(self) -> bool {
        self.len as usize >= MAX_STACK
    }

    /// The piece at `depth` (0 = bottom).
    #[inline(always)]
    pub fn get(self, depth: usize) -> Kind {
        Kind::from_index(((self.bits >> (3 * depth)) & 7) as usize)
    }

    /// The piece that would come back next.
    #[inline(always)]
    pub fn top(self) -> Option<Kind> {
        (self.len > 0).then(|| self.get(self.len as usize - 1))
    }

    /// Puts `kind` on top. The caller checks [`is_full`](Self::is_full).
    #[inline(always)]
    pub fn push(&mut self, kind: Kind) {
        debug_assert!(!self.is_full() && kind != Kind::King);
        self.bits |= (kind.index() as u64) << (3 * self.len as u64);
        self.len += 1;
    }

    /// Removes the top piece. The caller checks the stack is not empty.
    #[inline(always)]
    pub fn pop(&mut self) -> Kind {
        let k = self.get(self.len as usize - 1);
        self.len -= 1;
        self.bits &= !(7u64 << (3 * self.len as u64));
        k
    }

    /// The pieces, bottom first.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        (0..self.len()).map(move |d| self.get(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_in_first_out() {
        let mut s = Stack::default();
        s.push(Kind::Pawn);
        s.push(Kind::Router);
        assert_eq!(s.len(), 2);
        assert_eq!(s.top(), Some(Kind::Router));
        assert_eq!(s.pop(), Kind::Router);
        assert_eq!(s.pop(), Kind::Pawn);
        assert!(s.is_empty());
        assert_eq!(s, Stack::default());
    }
}
