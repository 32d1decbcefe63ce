//! Zobrist keys of Ladder Shogi, built at compile time: one key per (colour, kind, square),
//! one per (colour, hand kind, count) and one for Black to move.

use escalade_core::{zobrist_table, Color, Square};

use crate::piece::{Kind, HAND_KINDS, KINDS};
use crate::tables::SQUARES;

/// Largest hand count with its own key (there are 32 value pieces in the game).
pub const MAX_HAND: usize = 40;

static PIECE_KEYS: [u64; 2 * KINDS * SQUARES] = zobrist_table(0x1add_e75b_0a1d);
static HAND_KEYS: [u64; 2 * HAND_KINDS * (MAX_HAND + 1)] = zobrist_table(0x1add_e75b_4a2d);
/// Key of "Black to move".
pub const BLACK_TO_MOVE: u64 = 0x5d1c_7a3e_9b40_f28d;

/// Key of a piece on a square.
#[inline(always)]
pub fn piece_key(kind: Kind, color: Color, sq: Square) -> u64 {
    PIECE_KEYS[(color as usize * KINDS + kind as usize) * SQUARES + sq as usize]
}

/// Key of a hand holding `count` pieces of hand kind `hk`.
#[inline(always)]
pub fn hand_key(color: Color, hk: usize, count: u8) -> u64 {
    HAND_KEYS[(color as usize * HAND_KINDS + hk) * (MAX_HAND + 1) + count as usize]
}
