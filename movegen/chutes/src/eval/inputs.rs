//! The inputs of the Chutes and Ladders evaluation network, 1,800 per perspective:
//!
//! * 1,536 men: one per side (the perspective's own or the other's), kind (6) and square
//!   of either board (128);
//! * 256 chutes and ladders: one per owner (own or other), type (ladder or chute) and
//!   file-rank (64). The owner matters: only the owner may remove a thing, and each one
//!   takes one of its owner's two slots of that type;
//! * 8 slots in use: one per owner, type and count 1..=2, active for each count the owner
//!   has reached ("at least one ladder", "both ladders"), so a thing made or removed changes
//!   one input. A side with both slots of a type used can no longer make that type of thing
//!   under an enemy King (transporting it into an attack, the game's sharpest threat), which
//!   the network would otherwise have to count up from the 128 thing inputs itself.
//!
//! Castling rights, the en-passant right and White's first turn (no Part 2) are left out:
//! they matter for a few plies only. A position has one input per man and per thing plus
//! up to eight slot inputs: 64 at the start (64 men, no things), 71 in the bench's
//! middlegame (55 men, eight things, eight slots), 67-80 along random games.
//!
//! The rules are the same for both sides with each board turned over (square `^ 56` keeps
//! the board and mirrors the rank): pawns go up for White and down for Black on both
//! boards, ladders lift from board 0 to board 1 and chutes drop from board 1 to board 0
//! whoever made them. So Black's perspective reads every square and file-rank turned over
//! and one set of weights serves both (`tests.rs` checks, along random games, that a
//! position's colour-swapped image has as many legal turns and gives each side the inputs
//! the position gives the other). The only difference is White's first turn, which has no
//! Part 2 and which the inputs ignore.

use escalade_core::{board_seen_by, Color};
use escalade_eval::InputSet;

use crate::{Chutes, Kind};

/// Kinds of men.
const KINDS: usize = 6;
/// Squares of both boards.
const SQUARES: usize = 128;
/// File-ranks (where things stand).
const FILE_RANKS: usize = 64;
/// The most things of one type an owner holds.
const SLOTS: usize = 2;
/// Where the thing inputs start.
const THINGS: usize = 2 * KINDS * SQUARES;
/// Where the slot inputs start.
const SLOTS_USED: usize = THINGS + 2 * 2 * FILE_RANKS;
/// Inputs per perspective.
pub const INPUTS: usize = SLOTS_USED + 2 * 2 * SLOTS;

/// Appends the active inputs of `pos` seen from `side` as bit sets: two per side and kind
/// (the low board's squares, the high board's), one per owner and kind of chute or ladder
/// (their file-ranks), one per owner and kind of slots used; each board turned over for
/// Black.
pub fn input_sets(pos: &Chutes, side: Color, out: &mut Vec<InputSet>) {
    let men = pos.men();
    let owners = [(0, side), (1, !side)];
    for (relative, color) in owners {
        for kind in Kind::ALL {
            let base = (relative * KINDS + kind.index()) * SQUARES;
            let on = men.of(color, kind);
            out.push(InputSet::new(base, board_seen_by(on as u64, side)));
            out.push(InputSet::new(
                base + 64,
                board_seen_by((on >> 64) as u64, side),
            ));
        }
    }
    for (relative, color) in owners {
        for (chute, things) in [(false, pos.ladders), (true, pos.chutes)] {
            let kind = relative * 2 + usize::from(chute);
            let base = THINGS + kind * FILE_RANKS;
            out.push(InputSet::new(
                base,
                board_seen_by(things & pos.owned_by(color), side),
            ));
        }
    }
    for (relative, color) in owners {
        for chute in [false, true] {
            let kind = relative * 2 + usize::from(chute);
            let used = (pos.owned_count(color, chute) as usize).min(SLOTS);
            out.push(InputSet::new(SLOTS_USED + kind * SLOTS, (1 << used) - 1));
        }
    }
}
