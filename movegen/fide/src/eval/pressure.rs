//! Terms that weigh one side's attacks against the other's: pieces and pawns attacked and
//! not defended, a passed pawn whose next square the enemy does not attack, and space
//! (safe squares behind the own pawns in the centre), from both sides' attack maps
//! (gathered by `side_terms` in `mod.rs`).

use super::{Terms, Weights};
use crate::attacks::pawn_attacks;
use crate::{Chess, Kind};
use escalade_core::{Bitboard, Color};

/// Files c to f on relative ranks 2 to 4, seen from White and from Black.
const SPACE: [u64; 2] = [0x0000_0000_3C3C_3C00, 0x003C_3C3C_0000_0000];

/// Hanging pieces and weak pawns of the enemy, and our space; `maps`: the attack maps of
/// White and Black.
pub(super) fn pressure(t: &mut Terms, w: &Weights, pos: &Chess, us: Color, maps: [u64; 2]) {
    let them = !us;
    let (ours, theirs) = (maps[us.index()], maps[them.index()]);
    let their_pawns = pos.pieces(them, Kind::Pawn);
    let pieces = pos.color_bb(them) & !their_pawns & !pos.pieces(them, Kind::King);
    t.add_times(w.hanging, (pieces & ours & !theirs).count_ones() as i32);
    t.add_times(
        w.weak_pawn,
        (their_pawns & ours & !theirs).count_ones() as i32,
    );
    let safe = SPACE[us.index()] & !pos.pieces(us, Kind::Pawn) & !pawn_attacks(them, their_pawns);
    t.mg += w.space * safe.count_ones() as i32;
}

/// Whether the enemy leaves a passed pawn's next square `stop` empty and unattacked.
#[inline(always)]
pub(super) fn free_path(pos: &Chess, stop: u8, their_map: u64) -> bool {
    (pos.occupied() | their_map) & u64::bit(stop) == 0
}
