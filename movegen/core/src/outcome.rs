//! How a game ends: who won (or a draw) and the reason, in words a GUI can show.

use crate::Color;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The given side won.
    Win(Color, &'static str),
    /// A draw.
    Draw(&'static str),
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(self) -> &'static str {
        match self {
            GameResult::Win(Color::White, _) => "1-0",
            GameResult::Win(Color::Black, _) => "0-1",
            GameResult::Draw(_) => "1/2-1/2",
        }
    }

    /// The reason, e.g. `White mates`, `Draw by repetition`.
    pub fn reason(self) -> &'static str {
        match self {
            GameResult::Win(_, r) | GameResult::Draw(r) => r,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win(c, _) => Some(c),
            GameResult::Draw(_) => None,
        }
    }

    /// A win for `side` with a reason.
    pub fn win(side: Color, reason: &'static str) -> Self {
        GameResult::Win(side, reason)
    }

    /// The usual checkmate claim for the side that mated.
    pub fn mate(winner: Color) -> Self {
        match winner {
            Color::White => GameResult::Win(Color::White, "White mates"),
            Color::Black => GameResult::Win(Color::Black, "Black mates"),
        }
    }
}
