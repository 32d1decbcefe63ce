//! The Ladder Shogi position: board (one byte per square plus bitboards by colour and by
//! kind), both hands, side to move, King squares, the incremental Zobrist hash and the
//! reversible-ply count. Only the primitive edits (put, take, hand counts) live here.

use std::sync::atomic::{AtomicU8, Ordering};

use escalade_core::{Bitboard, Color, Rules, Square};

use crate::piece::*;
use crate::tables::{SQUARES, TABLES};
use crate::zobrist::{hand_key, piece_key, BLACK_TO_MOVE};

/// The `tracked` slot of a kind: 0 value pieces, 1 King, 2 Dragon, 3 Cricket, 4 Kappa,
/// 5 Burakumin, 6 anything else.
#[inline(always)]
pub(crate) const fn slot(kind: Kind) -> usize {
    const SLOTS: [u8; KINDS] = [
        6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6, 6, 6, 5, 6, 6, 6,
    ];
    SLOTS[kind as usize] as usize
}

/// A Ladder Shogi position (the one form, `laddershogi`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderShogi {
    pub(crate) board: [Piece; SQUARES],
    pub(crate) by_color: [u128; 2],
    /// Squares of value pieces, Kings, Dragons, Crickets, Kappas, Burakumins (both colours),
    /// by [`slot`]; the last slot collects the other kinds and is never read.
    pub(crate) tracked: [u128; 7],
    pub(crate) hands: [[u8; HAND_KINDS]; 2],
    pub(crate) side: Color,
    pub(crate) kings: [Square; 2],
    pub(crate) hash: u64,
    pub(crate) reversible: u32,
    /// Whether the side to move's King can be captured now ("check"), worked out on first
    /// demand (`Rules::in_check`, `play.rs`) and forgotten by `play` and the null move; the
    /// positions built while turns are enumerated never read it.
    pub(crate) check: CheckCache,
}

/// A remembered answer to "is the side to move in check?": unknown, no or yes. Atomic so
/// that positions stay `Sync`; it never takes part in comparisons.
#[derive(Debug, Default)]
pub(crate) struct CheckCache(AtomicU8);

impl CheckCache {
    const UNKNOWN: u8 = 0;
    const NO: u8 = 1;
    const YES: u8 = 2;

    /// The remembered answer, if any.
    #[inline]
    pub(crate) fn get(&self) -> Option<bool> {
        match self.0.load(Ordering::Relaxed) {
            Self::NO => Some(false),
            Self::YES => Some(true),
            _ => None,
        }
    }

    /// Remembers `check`.
    #[inline]
    pub(crate) fn set(&self, check: bool) {
        let v = if check { Self::YES } else { Self::NO };
        self.0.store(v, Ordering::Relaxed);
    }

    /// Forgets the answer (the position changed).
    #[inline]
    pub(crate) fn forget(&mut self) {
        *self.0.get_mut() = Self::UNKNOWN;
    }
}

impl Clone for CheckCache {
    fn clone(&self) -> Self {
        CheckCache(AtomicU8::new(self.0.load(Ordering::Relaxed)))
    }
}

impl PartialEq for CheckCache {
    fn eq(&self, _: &CheckCache) -> bool {
        true
    }
}

impl Eq for CheckCache {}

impl LadderShogi {
    /// An empty board, White to move, empty hands (kings must be placed before use).
    pub(crate) fn empty() -> Self {
        let mut p = LadderShogi {
            board: [Piece::EMPTY; SQUARES],
            by_color: [0; 2],
            tracked: [0; 7],
            hands: [[0; HAND_KINDS]; 2],
            side: Color::White,
            kings: [0; 2],
            hash: 0,
            reversible: 0,
            check: CheckCache::default(),
        };
        p.hash = p.hash_from_scratch();
        p
    }

    /// The piece on `sq` (`None` when empty).
    pub fn piece_at(&self, sq: Square) -> Option<(Kind, Color)> {
        let p = self.board[sq as usize];
        (!p.is_empty()).then(|| (p.kind(), p.color()))
    }

    /// How many pieces of hand kind `hk` (see [`HAND_LETTERS`]) `color` holds.
    pub fn hand_count(&self, color: Color, hk: usize) -> u8 {
        self.hands[color.index()][hk]
    }

    /// The square of `color`'s King.
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Squares occupied by `color`.
    pub fn pieces(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    /// Squares occupied by pieces of `kind` (both colours).
    pub fn kind_squares(&self, kind: Kind) -> u128 {
        (0..SQUARES as Square)
            .filter(|&s| self.board[s as usize].kind() == kind && kind != 0)
            .fold(0, |b, s| b | u128::bit(s))
    }

    /// Squares of the tracked kind `kind` (King, Dragon, Cricket, Kappa, Burakumin).
    #[inline(always)]
    pub(crate) fn bb(&self, kind: Kind) -> u128 {
        debug_assert!(slot(kind) != 0 && slot(kind) != 6);
        self.tracked[slot(kind)]
    }

    /// Squares of value pieces (both colours).
    #[inline(always)]
    pub(crate) fn values(&self) -> u128 {
        self.tracked[0]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares adjacent to any Burakumin: no other piece may pass or stop there.
    #[inline]
    pub fn burakumin_zone(&self) -> u128 {
        TABLES.around(self.bb(BURAKUMIN))
    }

    /// Squares adjacent to an enemy Kappa of `color`'s pieces: `color`'s pieces there are petrified.
    #[inline]
    pub(crate) fn petrified(&self, color: Color) -> u128 {
        TABLES.around(self.bb(KAPPA) & self.by_color[(!color).index()])
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, kind: Kind, color: Color) {
        debug_assert!(self.board[sq as usize].is_empty());
        self.board[sq as usize] = Piece::new(kind, color);
        let b = u128::bit(sq);
        self.by_color[color.index()] |= b;
        self.tracked[slot(kind)] |= b;
        self.hash ^= piece_key(kind, color, sq);
        if kind == KING {
            self.kings[color.index()] = sq;
        }
    }

    /// Removes and returns the piece on an occupied square.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Piece {
        let p = self.board[sq as usize];
        debug_assert!(!p.is_empty());
        self.board[sq as usize] = Piece::EMPTY;
        let b = u128::bit(sq);
        self.by_color[p.color().index()] &= !b;
        self.tracked[slot(p.kind())] &= !b;
        self.hash ^= piece_key(p.kind(), p.color(), sq);
        p
    }

    /// Changes a hand count by `delta`.
    #[inline]
    pub(crate) fn add_hand(&mut self, color: Color, hk: usize, delta: i8) {
        let c = &mut self.hands[color.index()][hk];
        self.hash ^= hand_key(color, hk, *c);
        *c = c.wrapping_add_signed(delta);
        self.hash ^= hand_key(color, hk, *c);
    }

    /// Hands the turn to the other side.
    #[inline]
    pub(crate) fn flip_side(&mut self) {
        self.side = !self.side;
        self.hash ^= BLACK_TO_MOVE;
    }
}
