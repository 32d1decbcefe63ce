//! The escalator position: piece bitboards, the square-by-square board, side to move,
//! castling rights, the e.p. state, the move clocks, the hash and the form; plus the
//! attack queries (who attacks a square, is a side in check) all other modules use.

use escalade_core::{Bitboard, Color, Form, Square};

use crate::board::{Board, BOARD, DIAGONAL, ORTHOGONAL};
use crate::piece::{Cell, Kind};
use crate::zobrist::piece_key;

/// The forms of the game, in form-number order.
pub const FORMS: [Form; 3] = [
    Form {
        name: "escalator",
        aliases: &["slanted-escalator"],
        description: "Slanted Escalator Chess (Short, 2002): 60-square board with escalators, Crabs, Black first",
    },
    Form {
        name: "escalator-noleap",
        aliases: &[],
        description: "Slanted Escalator Chess without cross-barrier Knight moves",
    },
    Form {
        name: "escalator-almost",
        aliases: &[],
        description: "Almost Slanted Escalator Chess: Chancellors instead of Queens",
    },
];

/// Form number of `escalator-noleap`.
pub const FORM_NOLEAP: usize = 1;
/// Form number of `escalator-almost`.
pub const FORM_ALMOST: usize = 2;

/// Castling-right bit: White on the king's side.
pub const WHITE_KING_SIDE: u8 = 1;
/// Castling-right bit: White on the queen's side.
pub const WHITE_QUEEN_SIDE: u8 = 2;
/// Castling-right bit: Black on the king's side.
pub const BLACK_KING_SIDE: u8 = 4;
/// Castling-right bit: Black on the queen's side.
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// A position of any of the three forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escalator {
    pub(crate) by_kind: [u64; 7],
    pub(crate) by_color: [u64; 2],
    pub(crate) cells: [Cell; 64],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// E.p. target (the square passed over) and the crab that passed it; 0xFF = none.
    pub(crate) ep_target: u8,
    pub(crate) ep_victim: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
    pub(crate) form: u8,
}

/// No e.p. target.
pub const NO_SQUARE: u8 = 0xFF;

impl Escalator {
    /// An empty board of form `form`, Black to move, no rights.
    pub(crate) fn empty(form: usize) -> Self {
        Escalator {
            by_kind: [0; 7],
            by_color: [0; 2],
            cells: [Cell::EMPTY; 64],
            side: Color::Black,
            castling: 0,
            ep_target: NO_SQUARE,
            ep_victim: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            form: form as u8,
        }
    }

    /// The board tables.
    #[inline(always)]
    pub fn board() -> &'static Board {
        &BOARD
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Castling rights (bits `WHITE_KING_SIDE` ...).
    #[inline(always)]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The e.p. target and the crab an e.p. capture there removes.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<(Square, Square)> {
        (self.ep_target != NO_SQUARE).then_some((self.ep_target, self.ep_victim))
    }

    /// Plies since the last capture or crab move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// The pieces of one side and kind.
    #[inline(always)]
    pub fn pieces(&self, side: Color, kind: Kind) -> u64 {
        self.by_kind[kind.index()] & self.by_color[side.index()]
    }

    /// All pieces of one side.
    #[inline(always)]
    pub fn side_pieces(&self, side: Color) -> u64 {
        self.by_color[side.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// All pieces of one kind, both colours.
    #[inline(always)]
    pub fn kind_pieces(&self, kind: Kind) -> u64 {
        self.by_kind[kind.index()]
    }

    /// What stands on `sq`.
    #[inline(always)]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq as usize]
    }

    /// The king square of `side` (every legal position has exactly one king per side).
    #[inline(always)]
    pub fn king_square(&self, side: Color) -> Square {
        self.pieces(side, Kind::King).lsb()
    }

    /// Whether knights may leap the barriers in this form.
    #[inline(always)]
    pub(crate) fn knight_table(&self) -> &'static [u64; 64] {
        &BOARD.knight[usize::from(self.form as usize == crate::position::FORM_NOLEAP)]
    }

    /// Puts a piece on an empty square, updating the hash.
    #[inline(always)]
    pub(crate) fn put(&mut self, side: Color, kind: Kind, sq: Square) {
        let b = u64::bit(sq);
        self.by_kind[kind.index()] |= b;
        self.by_color[side.index()] |= b;
        self.cells[sq as usize] = Cell::new(side, kind);
        self.hash ^= piece_key(side, kind, sq);
    }

    /// Removes the piece on an occupied square, updating the hash.
    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square) -> Cell {
        let cell = self.cells[sq as usize];
        let b = u64::bit(sq);
        let (side, kind) = (cell.color(), cell.kind());
        self.by_kind[kind.index()] &= !b;
        self.by_color[side.index()] &= !b;
        self.cells[sq as usize] = Cell::EMPTY;
        self.hash ^= piece_key(side, kind, sq);
        cell
    }

    /// Pieces of `by` (restricted to `alive`) attacking `sq` when the board's occupancy is
    /// `occ`. Every link of the graph is reversible, so a rider on `s` reaches `sq` exactly
    /// when `sq` reaches `s` along the same kind of line.
    #[inline]
    pub(crate) fn attackers_with(&self, sq: Square, by: Color, occ: u64, alive: u64) -> u64 {
        let b = &*BOARD;
        let theirs = self.by_color[by.index()] & alive;
        let i = sq as usize;
        let mut found = self.knight_table()[i]
            & theirs
            & (self.by_kind[Kind::Knight.index()] | self.by_kind[Kind::Chancellor.index()]);
        found |= b.king[i] & theirs & self.by_kind[Kind::King.index()];
        found |= b.crab_diag[(!by).index()][i] & theirs & self.by_kind[Kind::Crab.index()];
        let straight = theirs
            & (self.by_kind[Kind::Rook.index()]
                | self.by_kind[Kind::Queen.index()]
                | self.by_kind[Kind::Chancellor.index()]);
        if straight & b.rook_rays[i] != 0 {
            found |= b.geo.slide_all(sq, &ORTHOGONAL, occ) & straight;
        }
        let slanted =
            theirs & (self.by_kind[Kind::Bishop.index()] | self.by_kind[Kind::Queen.index()]);
        if slanted & b.bishop_rays[i] != 0 {
            found |= b.geo.slide_all(sq, &DIAGONAL, occ) & slanted;
        }
        found
    }

    /// Pieces of `by` attacking `sq` in this position.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color) -> u64 {
        self.attackers_with(sq, by, self.occupied(), !0)
    }

    /// Whether `side`'s king is attacked.
    #[inline]
    pub fn king_attacked(&self, side: Color) -> bool {
        self.attackers(self.king_square(side), !side) != 0
    }

    /// Squares a piece of `kind` and colour `side` on `sq` attacks (for the evaluation and
    /// tests): crabs attack diagonally forward.
    pub fn attacks_from(&self, side: Color, kind: Kind, sq: Square, occ: u64) -> u64 {
        let b = &*BOARD;
        let i = sq as usize;
        match kind {
            Kind::Crab => b.crab_diag[side.index()][i],
            Kind::Knight => self.knight_table()[i],
            Kind::Bishop => b.geo.slide_all(sq, &DIAGONAL, occ),
            Kind::Rook => b.geo.slide_all(sq, &ORTHOGONAL, occ),
            Kind::Queen => {
                b.geo.slide_all(sq, &ORTHOGONAL, occ) | b.geo.slide_all(sq, &DIAGONAL, occ)
            }
            Kind::Chancellor => b.geo.slide_all(sq, &ORTHOGONAL, occ) | self.knight_table()[i],
            Kind::King => b.king[i],
        }
    }
}
