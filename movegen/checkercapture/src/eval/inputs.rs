//! The inputs of Checker-capture Chess's evaluation network, one layout for all eight forms
//! (776 per perspective), written relative to the perspective: one input per piece kind,
//! side (the perspective's own or the other's) and square, the squares seen from the
//! perspective's side (ranks mirrored for Black, `square ^ 56`), 2 x 6 x 64 = 768; and one
//! input per form (8), active in both perspectives, so one network can serve every form:
//! the forms' goals differ (misère wins by losing the king, semi-misère by losing the pawns)
//! and so does what a piece is worth.
//!
//! The rules are symmetric between the sides under the rank mirror: every form starts from
//! the FIDE position, whose mirror with the colours swapped is itself; the short jumps go in
//! all eight directions; pawns move, promote and double-step the same way towards their own
//! last rank; castling has the same squares on both back ranks. So Black's view of a
//! position is White's view of its colour-swapped mirror and one block of weights serves
//! both perspectives (`tests.rs` checks, along random games of every form, that a position
//! and its mirror have as many legal moves and give the mirrored sides the same inputs).
//!
//! Left out: castling rights and the double-step rights of the pawns that have not moved
//! (a pawn on its start rank has almost always never moved).

use escalade_core::{board_seen_by, Color, Rules};
use escalade_eval::InputSet;

use crate::{CheckerCapture, Kind, FORMS};

/// Piece kinds.
const KINDS: usize = 6;
/// Where the form inputs start.
const FORM: usize = 2 * KINDS * 64;
/// Inputs per perspective.
pub const INPUTS: usize = FORM + FORMS.len();

/// Appends the active inputs of `pos` seen from `side` as bit sets: a set per side and
/// kind (its squares turned over for Black), then the form's.
pub fn input_sets(pos: &CheckerCapture, side: Color, out: &mut Vec<InputSet>) {
    for (rel, color) in [(0, side), (1, !side)] {
        for kind in Kind::ALL {
            let base = (rel * KINDS + kind.index()) * 64;
            out.push(InputSet::new(
                base,
                board_seen_by(pos.pieces(color, kind), side),
            ));
        }
    }
    out.push(InputSet::new(FORM, 1 << pos.form()));
}
