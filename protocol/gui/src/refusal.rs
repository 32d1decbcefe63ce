//! Why a board refused a request: the text of the `error` message the page gets. A refused
//! request changes nothing: not the game, not the engine's search or analysis, not the
//! clocks (the board's table, `table.rs`, checks every request before it touches any of
//! them).

use escalade_core::{FenError, MoveError};
use escalade_session::options::OptionError;
use escalade_session::output::excerpt;
use escalade_session::registry::UnknownVariant;
use thiserror::Error;

use crate::budget::BudgetError;
use crate::record::ImportError;

/// A request the game refused.
#[derive(Debug, Error)]
pub enum Refusal {
    /// A move or analysis after the game ended (the result's reason).
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// A human move while the engine plays the side to move.
    #[error("it is the engine's turn")]
    EngineToMove,
    /// A `move` that is not legal here (the reason and the text each said once, a long one
    /// cut).
    #[error("illegal move ({}): {}", excerpt(error.reason()), excerpt(text))]
    IllegalMove {
        /// The move text as sent.
        text: String,
        /// Why the move was refused.
        error: MoveError,
    },
    /// An `undo` of more turns than the game has.
    #[error("cannot take back {asked} turns: {played} played")]
    TakeBack {
        /// Turns asked to take back.
        asked: usize,
        /// Turns played so far.
        played: usize,
    },
    /// A `view` of a ply past the end of the game (the ply asked for).
    #[error("no position after {0} turns")]
    NoPosition(usize),
    /// A `preview` line with a move that is not legal where it is played.
    #[error("illegal move in the line ({})", excerpt(.0.reason()))]
    IllegalLine(MoveError),
    /// A `new` game of an unknown variant.
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// An `option` with an unknown name or a bad value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// An `option` the board does not offer (the name as sent).
    #[error("option {0} is not set from the board")]
    NotABoardOption(String),
    /// A `Hash` past what the server's hash budget leaves.
    #[error(transparent)]
    Budget(#[from] BudgetError),
    /// Analysis asked for while the engine is thinking about its move.
    #[error("the engine is playing a move; set both sides to human to analyse")]
    EngineMoving,
    /// A `fen` that is not a position of the current variant.
    #[error("invalid FEN ({})", excerpt(&.0.0))]
    Fen(FenError),
    /// A `pgn_import` whose game could not be loaded.
    #[error(transparent)]
    Import(#[from] ImportError),
}
