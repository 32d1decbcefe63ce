//! The position value ([`CheckerCapture`]): bitboards per kind and colour, side to move,
//! castling rights, the never-moved pawns (double-step rights), the move clocks, the form,
//! and the incrementally kept Zobrist hash, with its keys.

use escalade_core::{zobrist_table, Bitboard, Color, Square};

use crate::forms::{FormRules, RULES};
use crate::types::Kind;

const PIECE_KEYS: [u64; 2 * 6 * 64] = zobrist_table(0xC4EC_CA97);
pub(crate) const CASTLE_KEYS: [u64; 16] = zobrist_table(0xC4EC_CA98);
pub(crate) const UNMOVED_KEYS: [u64; 64] = zobrist_table(0xC4EC_CA99);
pub(crate) const SIDE_KEY: u64 = zobrist_table::<1>(0xC4EC_CA9A)[0];

/// The Zobrist key of a piece on a square.
#[inline(always)]
pub(crate) fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS[(color.index() * 6 + kind.index()) * 64 + sq as usize]
}

/// A Checker-capture Chess position of one of the eight forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckerCapture {
    pub(crate) kinds: [u64; 6],
    pub(crate) colors: [u64; 2],
    /// Pawns that have never moved (main rules only; empty in the simpler variation).
    pub(crate) unmoved: u64,
    pub(crate) hash: u64,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) form: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl CheckerCapture {
    /// An empty board of form `form` (White to move, no rights).
    pub(crate) fn empty(form: usize) -> Self {
        CheckerCapture {
            kinds: [0; 6],
            colors: [0; 2],
            unmoved: 0,
            hash: 0,
            side: Color::White,
            castling: 0,
            form: form as u8,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The rules of this position's form.
    #[inline(always)]
    pub fn rules(&self) -> FormRules {
        RULES[self.form as usize]
    }

    /// The pieces of one colour and kind.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> u64 {
        self.kinds[kind.index()] & self.colors[color.index()]
    }

    /// All pieces of one colour.
    #[inline(always)]
    pub fn side_pieces(&self, color: Color) -> u64 {
        self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The king's square, if that side still has its king.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let k = self.pieces(color, Kind::King);
        k.any().then(|| k.lsb())
    }

    /// The kind of the piece on an occupied square.
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| self.kinds[k.index()].has(sq))
    }

    /// The colour of the piece on an occupied square.
    #[inline(always)]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.colors[c.index()].has(sq))
    }

    /// Castling rights as bits (see `tables::WHITE_SHORT` and friends).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Pawns that have never moved (they may double-step in the main rules).
    pub fn unmoved_pawns(&self) -> u64 {
        self.unmoved
    }

    /// Places a piece, updating the hash.
    #[inline(always)]
    pub(crate) fn put(&mut self, color: Color, kind: Kind, sq: Square) {
        let b = u64::bit(sq);
        self.kinds[kind.index()] |= b;
        self.colors[color.index()] |= b;
        self.hash ^= piece_key(color, kind, sq);
    }

    /// Removes a known piece, updating the hash.
    #[inline(always)]
    pub(crate) fn remove(&mut self, color: Color, kind: Kind, sq: Square) {
        let b = u64::bit(sq);
        self.kinds[kind.index()] ^= b;
        self.colors[color.index()] ^= b;
        self.hash ^= piece_key(color, kind, sq);
    }
}
