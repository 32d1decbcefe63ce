//! Why a board refused a request: the text of the `error` message the page gets. A refused
//! request changes nothing: not the game, not the engine's search or analysis, not the
//! clocks (the board's table, `table.rs`, checks every request before it touches any of
//! them).

use escalade_core::{FenError, MoveError};
use escalade_session::options::OptionError;
use escalade_session::output::error_chain;
use escalade_session::registry::UnknownVariant;
use thiserror::Error;

use crate::budget::BudgetError;
use crate::record::ImportError;

/// A request the game refused.
#[derive(Debug, Error)]
pub enum Refusal {
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    #[error("it is the engine's turn")]
    EngineToMove,
    #[error("illegal move ({error}): {text}")]
    IllegalMove { text: String, error: MoveError },
    #[error("cannot take back {asked} turns: {played} played")]
    TakeBack { asked: usize, played: usize },
    #[error("no position after {0} turns")]
    NoPosition(usize),
    #[error("illegal move in the line ({0})")]
    IllegalLine(MoveError),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("option {0} is not set from the board")]
    NotABoardOption(String),
    #[error(transparent)]
    Budget(#[from] BudgetError),
    #[error("the engine is playing a move; set both sides to human to analyse")]
    EngineMoving,
    #[error("invalid FEN ({})", error_chain(.0))]
    Fen(FenError),
    #[error(transparent)]
    Import(#[from] ImportError),
}
