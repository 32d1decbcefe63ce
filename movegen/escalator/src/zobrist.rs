//! Zobrist keys of the escalator position (built at compile time by the core's
//! `zobrist_table`).

use escalade_core::{zobrist_table, Color};

use crate::piece::Kind;

/// One key per (colour, kind, square): index `(colour * 7 + kind) * 64 + square`.
pub static PIECE_KEYS: [u64; 2 * 7 * 64] = zobrist_table(0xE5CA_1A70_0001);
/// One key per castling-rights mask (4 bits).
pub static CASTLING_KEYS: [u64; 16] = zobrist_table(0xE5CA_1A70_0002);
/// E.p. keys: `[target]` and `[64 + victim square]`.
pub static EP_KEYS: [u64; 128] = zobrist_table(0xE5CA_1A70_0003);
/// Toggled when White is to move.
pub const WHITE_TO_MOVE_KEY: u64 = zobrist_table::<1>(0xE5CA_1A70_0004)[0];

/// The key of a piece on a square.
#[inline(always)]
pub fn piece_key(side: Color, kind: Kind, sq: u8) -> u64 {
    PIECE_KEYS[(side.index() * 7 + kind.index()) * 64 + sq as usize]
}

/// The key of an e.p. state (target square and the crab it would remove).
#[inline(always)]
pub fn ep_key(target: u8, victim: u8) -> u64 {
    EP_KEYS[target as usize] ^ EP_KEYS[64 + victim as usize]
}
