//! The [`Chutes`] position: men on both boards, the things (chutes and ladders with their
//! owners), castling rights, the en-passant right, counters and the hash, with the
//! hash-keeping primitives every change goes through.

use escalade_core::{Bitboard, Color, Square};

use crate::keys;
use crate::men::{Kind, Men};
use crate::square::{board_of, file_of, rank_of, NO_SQUARE};

/// A Chutes and Ladders Chess position (one form, `chutes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chutes {
    pub(crate) men: Men,
    /// File-ranks with a ladder (entrance on board 0).
    pub(crate) ladders: u64,
    /// File-ranks with a chute (entrance on board 1).
    pub(crate) chutes: u64,
    /// File-ranks whose thing Black owns (the others are White's).
    pub(crate) black_things: u64,
    /// Castling rights, bit [`castle_bit`].
    pub(crate) castling: u8,
    /// En-passant capture square, or [`NO_SQUARE`].
    pub(crate) ep_target: Square,
    /// Where the pawn that may be captured en passant stands now.
    pub(crate) ep_victim: Square,
    pub(crate) side: Color,
    /// White's first turn (Part 1 only) is still to come.
    pub(crate) first_turn: bool,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

/// Castling wings.
pub const KING_SIDE: u8 = 0;
/// The queen-side wing.
pub const QUEEN_SIDE: u8 = 1;

/// The bit of the castling right of `side` on `board` and `wing`.
#[inline(always)]
pub const fn castle_bit(board: u8, side: Color, wing: u8) -> u8 {
    1 << (board * 4 + side as u8 * 2 + wing)
}

/// Castling rights that survive when square `sq` is vacated or captured on.
#[inline(always)]
pub fn castle_keep_mask(sq: Square) -> u8 {
    let (b, f, r) = (board_of(sq), file_of(sq), rank_of(sq));
    let side = match r {
        0 => Color::White,
        7 => Color::Black,
        _ => return 0xFF,
    };
    let lost = match f {
        4 => castle_bit(b, side, KING_SIDE) | castle_bit(b, side, QUEEN_SIDE),
        7 => castle_bit(b, side, KING_SIDE),
        0 => castle_bit(b, side, QUEEN_SIDE),
        _ => 0,
    };
    !lost
}

impl Chutes {
    /// An empty position (no men, no things), White to move, not the first turn.
    pub(crate) fn empty() -> Chutes {
        Chutes {
            men: Men::default(),
            ladders: 0,
            chutes: 0,
            black_things: 0,
            castling: 0,
            ep_target: NO_SQUARE,
            ep_victim: NO_SQUARE,
            side: Color::White,
            first_turn: false,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The men on both boards.
    pub fn men(&self) -> &Men {
        &self.men
    }

    /// Entrance squares of every thing: ladders on board 0, chutes on board 1.
    #[inline(always)]
    pub fn entrances(&self) -> u128 {
        self.ladders as u128 | (self.chutes as u128) << 64
    }

    /// File-ranks holding a thing.
    #[inline(always)]
    pub fn things(&self) -> u64 {
        self.ladders | self.chutes
    }

    /// File-ranks whose thing `side` owns.
    #[inline(always)]
    pub fn owned_by(&self, side: Color) -> u64 {
        match side {
            Color::White => self.things() & !self.black_things,
            Color::Black => self.black_things,
        }
    }

    /// The thing at file-rank `fr`: `Some((is_chute, owner))`.
    pub fn thing_at(&self, fr: u8) -> Option<(bool, Color)> {
        if self.things() >> fr & 1 == 0 {
            return None;
        }
        let owner = if self.black_things >> fr & 1 != 0 {
            Color::Black
        } else {
            Color::White
        };
        Some((self.chutes >> fr & 1 != 0, owner))
    }

    /// How many ladders (`chute` false) or chutes `side` owns.
    #[inline(always)]
    pub fn owned_count(&self, side: Color, chute: bool) -> u32 {
        let kind = if chute { self.chutes } else { self.ladders };
        (kind & self.owned_by(side)).count_ones()
    }

    /// Where a man stepping onto `sq` ends: the exit if `sq` is an entrance, else `sq`.
    #[inline(always)]
    pub fn landing(&self, sq: Square) -> Square {
        if self.entrances().has(sq) {
            sq ^ 64
        } else {
            sq
        }
    }

    /// Whether White's first turn (Part 1 only) is still to come.
    pub fn is_first_turn(&self) -> bool {
        self.first_turn
    }

    /// The en-passant right: (capture square, where the victim stands now).
    pub fn en_passant(&self) -> Option<(Square, Square)> {
        (self.ep_target != NO_SQUARE).then_some((self.ep_target, self.ep_victim))
    }

    /// Castling rights, one bit per board, side and wing ([`castle_bit`]).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Plies since the last capture or pawn move (the FEN's halfmove clock).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after Black's turn).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether a King of `side` is attacked.
    pub fn king_attacked(&self, side: Color) -> bool {
        !self.men.kings_safe(side)
    }

    // ---- hash-keeping primitives ----

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, side: Color, kind: Kind) {
        self.men.put(sq, side, kind);
        self.hash ^= keys::man(side, kind, sq);
    }

    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square, side: Color, kind: Kind) {
        self.men.take(sq, side, kind);
        self.hash ^= keys::man(side, kind, sq);
    }

    #[inline(always)]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            self.hash ^= keys::castling(self.castling) ^ keys::castling(rights);
            self.castling = rights;
        }
    }

    #[inline(always)]
    pub(crate) fn set_en_passant(&mut self, target: Square, victim: Square) {
        if self.ep_target != NO_SQUARE {
            self.hash ^= keys::en_passant(self.ep_target, self.ep_victim);
        }
        self.ep_target = target;
        self.ep_victim = victim;
        if target != NO_SQUARE {
            self.hash ^= keys::en_passant(target, victim);
        }
    }

    #[inline(always)]
    pub(crate) fn add_thing(&mut self, chute: bool, owner: Color, fr: u8) {
        let b = 1u64 << fr;
        if chute {
            self.chutes |= b;
        } else {
            self.ladders |= b;
        }
        if owner == Color::Black {
            self.black_things |= b;
        }
        self.hash ^= keys::thing(chute, owner, fr);
    }

    #[inline(always)]
    pub(crate) fn remove_thing(&mut self, fr: u8) {
        if let Some((chute, owner)) = self.thing_at(fr) {
            let keep = !(1u64 << fr);
            self.ladders &= keep;
            self.chutes &= keep;
            self.black_things &= keep;
            self.hash ^= keys::thing(chute, owner, fr);
        }
    }
}
