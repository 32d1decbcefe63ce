//! Zobrist keys, made at compile time by the core's `zobrist_table`: men (colour, kind,
//! square), things (type, owner, file-rank), castling rights, the en-passant right (target
//! and the victim's current square), the side to move and the White-first-turn flag.

use escalade_core::{zobrist_table, Color, Square};

use crate::men::Kind;

static MAN_KEYS: [u64; 2 * 6 * 128] = zobrist_table(0xC4u64 << 8 | 1);
static THING_KEYS: [u64; 4 * 64] = zobrist_table(0xC4u64 << 8 | 2);
static CASTLE_KEYS: [u64; 8] = zobrist_table(0xC4u64 << 8 | 3);
static EP_TARGET_KEYS: [u64; 128] = zobrist_table(0xC4u64 << 8 | 4);
static EP_VICTIM_KEYS: [u64; 128] = zobrist_table(0xC4u64 << 8 | 5);
static MISC_KEYS: [u64; 2] = zobrist_table(0xC4u64 << 8 | 6);

/// Key of a man on a square.
#[inline(always)]
pub fn man(side: Color, kind: Kind, sq: Square) -> u64 {
    MAN_KEYS[(side.index() * 6 + kind.index()) * 128 + sq as usize]
}

/// Key of a thing (`chute` false for a ladder) of `owner` at file-rank `fr`.
#[inline(always)]
pub fn thing(chute: bool, owner: Color, fr: u8) -> u64 {
    THING_KEYS[(chute as usize * 2 + owner.index()) * 64 + fr as usize]
}

/// Key of a set of castling rights (bit per board, colour and wing).
#[inline]
pub fn castling(rights: u8) -> u64 {
    (0..8)
        .filter(|b| rights >> b & 1 != 0)
        .fold(0, |h, b| h ^ CASTLE_KEYS[b])
}

/// Key of an en-passant right.
#[inline(always)]
pub fn en_passant(target: Square, victim: Square) -> u64 {
    EP_TARGET_KEYS[target as usize] ^ EP_VICTIM_KEYS[victim as usize]
}

/// Key of Black to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    MISC_KEYS[0]
}

/// Key of "White's first turn (without Part 2) is still to come".
#[inline(always)]
pub fn first_turn() -> u64 {
    MISC_KEYS[1]
}
