//! Slanted Escalator Chess (David Short, 2002) and its two ZRF forms, `escalator-noleap`
//! (no cross-barrier knight leaps) and `escalator-almost` (Chancellors instead of Queens).
//!
//! The board is a 60-square graph with forked links (see `docs/rules/escalator.md`); every
//! table is derived from the rules' graph file at first use ([`board`]). One position type,
//! [`Escalator`], plays all three forms and carries its form.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
mod diagram;
pub mod eval;
mod fen;
mod hints;
mod movegen;
mod moves;
mod notation;
mod piece;
mod play;
mod position;
mod zobrist;

pub use fen::{rank_squares, START_FEN, START_FEN_ALMOST};
pub use hints::ORDER_VALUE;
pub use moves::{Move, MoveKind};
pub use piece::{Cell, Kind};
pub use position::{
    Escalator, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, FORMS, FORM_ALMOST, FORM_NOLEAP, WHITE_KING_SIDE,
    WHITE_QUEEN_SIDE,
};

/// Form number of `escalator`.
pub const FORM_STANDARD: usize = 0;
