//! Building the position a command starts from: a variant's start position or a FEN,
//! followed by moves in the variant's move text. Every failure is a typed error, never a
//! panic.

use escalade_core::{FenError, MoveError, Position};
use thiserror::Error;

/// Why a start position could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The FEN does not parse.
    #[error(transparent)]
    Fen(FenError),
    /// A move is not legal in the position it is played from.
    #[error("move {number} '{text}'")]
    Move {
        /// Which move of the list, from 1.
        number: usize,
        /// The move text as given.
        text: String,
        /// Why the move was refused.
        #[source]
        error: MoveError,
    },
}

/// The start position (or `fen`) of form `form` after `moves`.
pub fn start_position<P: Position>(
    form: usize,
    fen: Option<&str>,
    moves: &[String],
) -> Result<P, SetupError> {
    let mut pos = match fen {
        Some(f) => P::from_fen(form, f).map_err(SetupError::Fen)?,
        None => P::startpos(form),
    };
    for (i, text) in moves.iter().enumerate() {
        let mv = pos.parse_move(text).map_err(|error| SetupError::Move {
            number: i + 1,
            text: text.clone(),
            error,
        })?;
        pos = pos.play(mv);
    }
    Ok(pos)
}
