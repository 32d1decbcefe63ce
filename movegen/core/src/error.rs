//! Typed errors of the rules crates: a bad FEN, a bad move text, an illegal move.

use std::fmt;

/// A position description that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl FenError {
    /// An error with the given reason.
    pub fn new(reason: impl Into<String>) -> Self {
        FenError(reason.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this variant's notation.
    Unparsable(String),
    /// The text names a move, but it is not legal here.
    Illegal(String),
}

impl MoveError {
    /// The short reason, as used in `Illegal move (reason): MOVE`.
    pub fn reason(&self) -> &str {
        match self {
            MoveError::Unparsable(r) | MoveError::Illegal(r) => r,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparsable(r) => write!(f, "unparsable move: {r}"),
            MoveError::Illegal(r) => write!(f, "illegal move: {r}"),
        }
    }
}

impl std::error::Error for MoveError {}
