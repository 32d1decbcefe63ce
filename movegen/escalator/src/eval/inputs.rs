//! The inputs of the escalator's evaluation network, one for every piece kind, side (the
//! perspective's own or the other's) and square, in a block of its own for each
//! perspective: 2 x 2 x 7 x 60 = 1,680, shared by all three forms (the Queen's and the
//! Chancellor's inputs are each used by the forms that have them).
//!
//! The board's graph is symmetric left to right but not top to bottom (the escalators
//! slant the same way for both sides), so Black's view of a position is not White's view
//! of a mirrored one: each perspective reads the squares as they are, through weights of
//! its own (`tests.rs` checks the graph's asymmetry that makes this needed).

use escalade_core::Color;
use escalade_eval::InputSet;

use crate::board::SQUARES;
use crate::{Escalator, Kind};

/// Piece kinds.
const KINDS: usize = 7;
/// Inputs of one perspective's block.
const BLOCK: usize = 2 * KINDS * SQUARES;
/// Inputs per perspective (both blocks: a perspective uses its own).
pub const INPUTS: usize = 2 * BLOCK;

/// Appends the active inputs of `pos` seen from `side` as bit sets, one per side and
/// kind, in `side`'s block.
pub fn input_sets(pos: &Escalator, side: Color, out: &mut Vec<InputSet>) {
    let block = side.index() * BLOCK;
    for (relative, color) in [(0, side), (1, !side)] {
        for kind in Kind::ALL {
            let base = block + (relative * KINDS + kind.index()) * SQUARES;
            out.push(InputSet::new(base, pos.pieces(color, kind)));
        }
    }
}
