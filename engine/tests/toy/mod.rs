//! Tiny games that exercise the search through the `Position` trait alone: tic-tac-toe
//! (mates and draws), Nim in its normal and misère forms (a side with no move wins or
//! loses), a toggle game (repetitions), a dice game (chance nodes, exact expectimax) and
//! a wide endless game (node limits, threads, stopping).
#![allow(dead_code)]

use escalade_core::{Color, FenError, Form};

/// `SearchHints` for a toy game without captures: a move is its own code, none is tactical,
/// and the search prunes as `$pruning` says.
macro_rules! quiet_hints {
    ($game:ty, $pruning:expr) => {
        impl escalade_core::SearchHints for $game {
            const PRUNING: escalade_core::Pruning = $pruning;

            fn move_code(mv: u8) -> u32 {
                mv as u32
            }

            fn is_tactical(&self, _mv: u8) -> bool {
                false
            }

            fn tactical_gain(&self, _mv: u8) -> i32 {
                0
            }
        }
    };
}

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
