//! The inputs of the Ladder Shogi evaluation network, 4,304 per perspective:
//!
//! * 4,200 pieces on the board: one per side (the perspective's own or the other's), kind
//!   (21: the value pieces by stage, 1-10, then King, Dragon, Cricket, Kappa, Lance, Ninja,
//!   Horse, Burakumin, Flying Chariot, Angled Chariot and Shogun) and square (100). A value
//!   piece's stage is its kind, so one input per (stage, square) costs 1,000 inputs a side
//!   and tells the network where each stage stands (a Merchant is a pawn, a Dragon Emperor a
//!   queen); a piece that gains experience changes one input for another.
//! * 104 pieces in hand: one per side, hand kind and count k, active when the side holds at
//!   least k of that kind, for k up to every piece of the kind in the game (32 value
//!   pieces, 2 Dragons, Crickets, Kappas and Burakumins, 4 Lances, Ninjas and Horses: 52
//!   a side; a composed position holding more counts as holding that many). A capture or a
//!   drop changes one input, and the network may value the fifth piece in hand otherwise
//!   than the first.
//!
//! A position has one input per piece on the board and per piece in hand (54 at the start,
//! where every piece stands on the board). A turn of two moves (a Cricket's infused double
//! move, a Dragon's pair) is one move of the game and leaves no state between its halves,
//! so there is no input for it; nor for the repetition count.
//!
//! The rules are the same for both sides with the board turned by 180 degrees: Black's
//! pieces move as White's turned round, the promotion ranks are each side's last, and the
//! start position is its own image turned round with the colours swapped. So Black's
//! perspective reads each square turned round (`99 - square`) and one set of weights serves
//! both (`tests.rs` checks, along random games, that a position's colour-swapped image has
//! as many legal turns and gives each side the inputs the position gives the other).

use escalade_core::{Bitboard, Color};
use escalade_eval::InputSet;

use crate::{LadderShogi, HAND_KINDS, SHOGUN};

/// Piece kinds on the board (kind indices 1..=21).
const KINDS: usize = SHOGUN as usize;
/// Squares.
const SQUARES: usize = 100;
/// Where the hand inputs start.
const HANDS: usize = 2 * KINDS * SQUARES;
/// The most pieces of each hand kind (V D C P L J H U) that a hand's inputs count: every
/// piece of the kind in the game.
pub(crate) const HAND_CAPS: [usize; HAND_KINDS] = [32, 2, 2, 2, 4, 4, 4, 2];
/// Hand inputs per side.
const HAND_INPUTS: usize = {
    let mut sum = 0;
    let mut i = 0;
    while i < HAND_KINDS {
        sum += HAND_CAPS[i];
        i += 1;
    }
    sum
};
/// Inputs per perspective.
pub const INPUTS: usize = HANDS + 2 * HAND_INPUTS;

/// Appends the active inputs of `pos` seen from `side` as bit sets, in increasing order of
/// base: for each side and kind, the squares 0-63 and 64-99 (as `side` sees them, Black's
/// turned round) where it has pieces; then each hand kind's counts.
pub fn input_sets(pos: &LadderShogi, side: Color, out: &mut Vec<InputSet>) {
    // two sets a side and kind: its squares below 64 and from 64 on
    let mut boards = [0_u64; 2 * KINDS * 2];
    for (relative, color) in [(0, side), (1, !side)] {
        for sq in pos.pieces(color).squares() {
            let Some((kind, _)) = pos.piece_at(sq) else {
                continue;
            };
            let seen = match side {
                Color::White => usize::from(sq),
                Color::Black => SQUARES - 1 - usize::from(sq),
            };
            let block = relative * KINDS + usize::from(kind) - 1;
            boards[2 * block + seen / 64] |= 1 << (seen % 64);
        }
    }
    for (half, &bits) in boards.iter().enumerate() {
        if bits != 0 {
            out.push(InputSet::new((half / 2) * SQUARES + (half % 2) * 64, bits));
        }
    }
    for (relative, color) in [(0, side), (1, !side)] {
        let mut base = HANDS + relative * HAND_INPUTS;
        for (hk, &cap) in HAND_CAPS.iter().enumerate() {
            let held = usize::from(pos.hand_count(color, hk)).min(cap);
            if held > 0 {
                out.push(InputSet::new(base, u64::MAX >> (64 - held)));
            }
            base += cap;
        }
    }
}
