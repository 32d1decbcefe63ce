//! Checker-capture Chess ((zzo38) A. Black, 2008) and its seven other forms for Escalade.
//!
//! FIDE setup and normal moves onto empty squares; every piece captures by short jumps in 8
//! directions, compulsory for the side and continued by the same piece while it can; a turn
//! is one [`Move`] identified by origin, final square, captured set and promotion. King
//! capture ends the game. One position type, [`CheckerCapture`], carries its form (see
//! [`FORMS`]); the rules as implemented and each decision's test are in
//! `docs/rules/checkercapture.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod diagram;
pub mod eval;
mod fen;
mod forms;
mod hints;
mod jumps;
mod movegen;
mod notation;
mod play;
mod position;
mod tables;
mod types;

pub use fen::START_FEN;
pub use forms::{form_index, FormRules, Goal, FORMS, RULES};
pub use play::DRAW_PLIES;
pub use position::CheckerCapture;
pub use tables::{parse_square, square_name};
pub use types::{Kind, Move, MoveKind};
