//! The men on the two boards: one bitboard per kind and per colour, with the attack test
//! used for check, Rule 6 and castling. Attacks never cross boards.

use escalade_core::{Bitboard, Color, Square};

use crate::tables::TABLES;

/// A kind of man: the orthodox six.
pub use escalade_core::ChessKind as Kind;

/// The placement of every man on both boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Men {
    /// Squares holding a man of each kind (either colour).
    pub kinds: [u128; 6],
    /// Squares holding a man of each colour.
    pub sides: [u128; 2],
}

impl Men {
    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.sides[0] | self.sides[1]
    }

    /// Men of `side` and `kind`.
    #[inline(always)]
    pub fn of(&self, side: Color, kind: Kind) -> u128 {
        self.sides[side.index()] & self.kinds[kind.index()]
    }

    /// The man on `sq`, if any.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<(Color, Kind)> {
        let side = if self.sides[0].has(sq) {
            Color::White
        } else if self.sides[1].has(sq) {
            Color::Black
        } else {
            return None;
        };
        Kind::ALL
            .into_iter()
            .find(|k| self.kinds[k.index()].has(sq))
            .map(|k| (side, k))
    }

    /// Puts a man on an empty square.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, side: Color, kind: Kind) {
        let b = u128::bit(sq);
        self.kinds[kind.index()] |= b;
        self.sides[side.index()] |= b;
    }

    /// Takes a man off its square.
    #[inline(always)]
    pub fn take(&mut self, sq: Square, side: Color, kind: Kind) {
        let b = !u128::bit(sq);
        self.kinds[kind.index()] &= b;
        self.sides[side.index()] &= b;
    }

    /// Whether a man of `by` attacks `sq` (on `sq`'s board) with the given occupancy.
    #[inline]
    pub fn attacked(&self, sq: Square, by: Color, occ: u128) -> bool {
        let t = &*TABLES;
        let them = self.sides[by.index()];
        let s = sq as usize;
        if t.knight[s] & self.kinds[Kind::Knight.index()] & them != 0
            || t.king[s] & self.kinds[Kind::King.index()] & them != 0
            || t.pawn(!by, sq) & self.kinds[Kind::Pawn.index()] & them != 0
        {
            return true;
        }
        let queens = self.kinds[Kind::Queen.index()];
        let rq = (self.kinds[Kind::Rook.index()] | queens) & them;
        if rq & t.rook_rays[s] != 0 && t.rook(sq, occ) & rq != 0 {
            return true;
        }
        let bq = (self.kinds[Kind::Bishop.index()] | queens) & them;
        bq & t.bishop_rays[s] != 0 && t.bishop(sq, occ) & bq != 0
    }

    /// Every square some man of `by` attacks with the given occupancy: the union of
    /// [`attacks_from`](Self::attacks_from), so that `attack_map(by, occ).has(sq)` is
    /// `attacked(sq, by, occ)` for every square at once.
    pub fn attack_map(&self, by: Color, occ: u128) -> u128 {
        let mut map = 0;
        for kind in Kind::ALL {
            for sq in self.of(by, kind).squares() {
                map |= self.attacks_from(kind, by, sq, occ);
            }
        }
        map
    }

    /// Squares a man of `kind` and `side` on `sq` attacks, with the given occupancy.
    #[inline]
    pub fn attacks_from(&self, kind: Kind, side: Color, sq: Square, occ: u128) -> u128 {
        let t = &*TABLES;
        match kind {
            Kind::Pawn => t.pawn(side, sq),
            Kind::Knight => t.knight[sq as usize],
            Kind::Bishop => t.bishop(sq, occ),
            Kind::Rook => t.rook(sq, occ),
            Kind::Queen => t.rook(sq, occ) | t.bishop(sq, occ),
            Kind::King => t.king[sq as usize],
        }
    }

    /// Whether no King of `side` is attacked.
    #[inline]
    pub fn kings_safe(&self, side: Color) -> bool {
        let occ = self.occupied();
        self.of(side, Kind::King)
            .squares()
            .all(|k| !self.attacked(k, !side, occ))
    }
}
