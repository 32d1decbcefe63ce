//! Zobrist keys of the rope, built at compile time with the core's `zobrist_table`:
//! pieces on squares, promoted markers, side to move, swap rights, hands, regeneration
//! stacks and cooldowns, check counts and a pending survival roll.

use escalade_core::{zobrist_table, Color, Square};

use crate::tables::MAX_SQUARES;
use crate::Kind;

/// Largest number of pieces of one kind a hand may hold.
pub const MAX_HAND: usize = 40;
/// Deepest regeneration stack.
pub const MAX_STACK: usize = 21;
/// Highest check count that is hashed (three checks end the game).
pub const MAX_CHECKS: usize = 3;

static PIECE: [u64; 2 * 7 * MAX_SQUARES] = zobrist_table(0x0209_0001);
static PROMOTED: [u64; MAX_SQUARES] = zobrist_table(0x0209_0002);
static MISC: [u64; 8] = zobrist_table(0x0209_0003);
static HAND: [u64; 2 * 7 * MAX_HAND] = zobrist_table(0x0209_0004);
static STACK: [u64; 2 * MAX_STACK * 7] = zobrist_table(0x0209_0005);
static CHECKS: [u64; 2 * (MAX_CHECKS + 1)] = zobrist_table(0x0209_0006);
static PENDING: [u64; MAX_SQUARES] = zobrist_table(0x0209_0007);

/// A piece of `color` and `kind` on `sq`.
#[inline(always)]
pub fn piece(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE[(color.index() * 7 + kind.index()) * MAX_SQUARES + sq as usize]
}

/// The piece on `sq` is a promoted pawn.
#[inline(always)]
pub fn promoted(sq: Square) -> u64 {
    PROMOTED[sq as usize]
}

/// Black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    MISC[0]
}

/// `color` may still make the King-Gold swap.
#[inline(always)]
pub fn swap_right(color: Color) -> u64 {
    MISC[1 + color.index()]
}

/// `color` regenerated after its last move (cooldown).
#[inline(always)]
pub fn cooldown(color: Color) -> u64 {
    MISC[3 + color.index()]
}

/// The `count`-th piece (1-based) of `kind` in `color`'s hand.
#[inline(always)]
pub fn hand(color: Color, kind: Kind, count: u8) -> u64 {
    HAND[(color.index() * 7 + kind.index()) * MAX_HAND + count as usize - 1]
}

/// A piece of `kind` at depth `depth` (0 = bottom) of `color`'s regeneration stack.
#[inline(always)]
pub fn stack(color: Color, depth: usize, kind: Kind) -> u64 {
    STACK[(color.index() * MAX_STACK + depth) * 7 + kind.index()]
}

/// `color` has given `count` checks.
#[inline(always)]
pub fn checks(color: Color, count: u8) -> u64 {
    CHECKS[color.index() * (MAX_CHECKS + 1) + (count as usize).min(MAX_CHECKS)]
}

/// The piece on `sq` waits for its survival roll.
#[inline(always)]
pub fn pending(sq: Square) -> u64 {
    PENDING[sq as usize]
}
