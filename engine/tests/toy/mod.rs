//! Tiny games that exercise the search through the `Position` trait alone: tic-tac-toe
//! (mates and draws), Nim in its normal and misère forms (a side with no move wins or
//! loses), a toggle game (repetitions), a dice game (chance nodes, exact expectimax) and
//! a wide endless game (node limits, threads, stopping).
#![allow(dead_code)]

use escalade_core::{Color, FenError, Form};

mod dice;
mod nim;
mod tictactoe;
mod toggles;
mod wide;

pub use dice::Dice;
pub use nim::Nim;
pub use tictactoe::TicTacToe;
pub use toggles::Toggles;
pub use wide::Wide;

const ONE_FORM: &[Form] = &[Form {
    name: "toy",
    aliases: &[],
    description: "a test game",
}];

fn side_from(c: char) -> Result<Color, FenError> {
    Color::from_fen(&c.to_string()).ok_or_else(|| FenError::new("side"))
}
