//! Chutes and Ladders Chess (Ralph Betza, 2003): two stacked 8x8 boards on one `u128`
//! bitboard, two FIDE armies with two Kings each, and turns of two parts: a chess move on
//! either board (transported by the chutes and ladders it stops on) and optionally making a
//! ladder or a chute, or removing one's own. The rules as implemented, the FEN and the move
//! text are in `docs/rules/chutes.md`; the decisions come from `shared/rules/chutes.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod diagram;
pub mod eval;
mod fen;
mod keys;
mod men;
mod moves;
mod notation;
mod part1;
mod part2;
mod position;
#[cfg(test)]
mod reference;
mod rules;
mod square;
mod staged;
mod tables;

pub use fen::START_FEN;
pub use men::{Kind, Men};
pub use moves::{Move, Part2, Special};
pub use notation::part2_text;
pub use position::{castle_bit, Chutes, KING_SIDE, QUEEN_SIDE};
pub use rules::{men_of, CHUTES_FORMS};
pub use square::{board_of, file_of, fr_name, fr_of, parse_square, rank_of, square, square_name};
pub use tables::{board_mask, rank_mask};
