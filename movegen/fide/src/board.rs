//! The FIDE position: bitboards by kind and colour, a mailbox, castling rights, en-passant
//! square, counters and the incremental Zobrist hash with its keys; attack queries and the
//! primitive edits (copy-make itself is `Rules::play`, in `rules.rs`).

use escalade_core::{zobrist_table, Bitboard, Color, Rules, Square};

use crate::tables::tables;
use crate::types::{Kind, Piece};

/// Castling-right bits: White king side, White queen side, Black king side, Black queen side.
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

/// Zobrist keys: 12 x 64 piece-squares, 16 castling states, 8 en-passant files, side.
pub(crate) const KEYS: [u64; 12 * 64 + 16 + 8 + 1] = zobrist_table(0xF1DE_C4E5);
pub(crate) const CASTLE_KEYS: usize = 12 * 64;
pub(crate) const EP_KEYS: usize = CASTLE_KEYS + 16;
pub(crate) const SIDE_KEY: usize = EP_KEYS + 8;

#[inline(always)]
pub(crate) fn piece_key(p: Piece, sq: Square) -> u64 {
    KEYS[(p.code() as usize - 1) * 64 + sq as usize]
}

/// Rights that survive a move touching a square (a rook or king leaving or being captured).
const fn castle_masks() -> [u8; 64] {
    let mut m = [0xFu8; 64];
    m[0] = 0xF & !WQ;
    m[7] = 0xF & !WK;
    m[4] = 0xF & !(WK | WQ);
    m[56] = 0xF & !BQ;
    m[63] = 0xF & !BK;
    m[60] = 0xF & !(BK | BQ);
    m
}
pub(crate) const CASTLE_MASK: [u8; 64] = castle_masks();

/// A FIDE chess position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Chess {
    pub(crate) kinds: [u64; 6],
    pub(crate) colors: [u64; 2],
    pub(crate) mailbox: [u8; 64],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// En-passant target square, or 64 when there is none (set only when a capture is possible).
    pub(crate) ep: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chess({})", self.to_fen())
    }
}

impl Chess {
    pub(crate) fn empty() -> Chess {
        Chess {
            kinds: [0; 6],
            colors: [0; 2],
            mailbox: [0; 64],
            side: Color::White,
            castling: 0,
            ep: 64,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.mailbox[sq as usize] {
            0 => None,
            c => Some(Piece::from_code(c)),
        }
    }

    /// Squares occupied by `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> u64 {
        self.kinds[kind.index()] & self.colors[color.index()]
    }

    /// Squares occupied by `color`.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> u64 {
        self.colors[color.index()]
    }

    /// Squares occupied by anything.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// Squares of `kind` of both colours.
    #[inline(always)]
    pub fn kind_bb(&self, kind: Kind) -> u64 {
        self.kinds[kind.index()]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Kind::King).lsb()
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    pub(crate) fn put(&mut self, p: Piece, sq: Square) {
        let b = u64::bit(sq);
        self.kinds[p.kind.index()] |= b;
        self.colors[p.color.index()] |= b;
        self.mailbox[sq as usize] = p.code();
        self.hash ^= piece_key(p, sq);
    }

    pub(crate) fn remove(&mut self, p: Piece, sq: Square) {
        let b = u64::bit(sq);
        self.kinds[p.kind.index()] ^= b;
        self.colors[p.color.index()] ^= b;
        self.mailbox[sq as usize] = 0;
        self.hash ^= piece_key(p, sq);
    }

    /// Pieces of either colour attacking `sq` with the given occupancy.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: u64) -> u64 {
        let t = tables();
        let rq = self.kinds[Kind::Rook.index()] | self.kinds[Kind::Queen.index()];
        let bq = self.kinds[Kind::Bishop.index()] | self.kinds[Kind::Queen.index()];
        (t.pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Kind::Pawn))
            | (t.pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Kind::Pawn))
            | (t.knight[sq as usize] & self.kinds[Kind::Knight.index()])
            | (t.king[sq as usize] & self.kinds[Kind::King.index()])
            | (t.rook_attacks(sq, occupied) & rq)
            | (t.bishop_attacks(sq, occupied) & bq)
    }

    /// Whether `by` attacks `sq`.
    #[inline(always)]
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        self.attackers_to(sq, self.occupied()) & self.color_bb(by) != 0
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> u64 {
        let ksq = self.king_square(self.side);
        self.attackers_to(ksq, self.occupied()) & self.color_bb(!self.side)
    }

    /// Whether a pawn of `capturer` stands ready to take en passant on `target`.
    #[inline(always)]
    pub(crate) fn ep_capturable(&self, target: Square, capturer: Color) -> bool {
        tables().pawn_attacks(!capturer, target) & self.pieces(capturer, Kind::Pawn) != 0
    }

    /// The position after passing (for null-move pruning); only valid when not in check.
    pub fn make_null(&self) -> Chess {
        let mut p = *self;
        if p.ep < 64 {
            p.hash ^= KEYS[EP_KEYS + (p.ep % 8) as usize];
            p.ep = 64;
        }
        p.side = !p.side;
        p.hash ^= KEYS[SIDE_KEY];
        p.halfmove += 1;
        p
    }

    pub(crate) fn finish_setup(&mut self) {
        self.hash = self.hash_from_scratch();
    }

    /// Sets the en-passant square read from a FEN (kept only if a capture is possible).
    pub(crate) fn set_ep_from_fen(&mut self, target: Square) {
        if self.ep_capturable(target, self.side) {
            self.ep = target;
        }
    }
}
