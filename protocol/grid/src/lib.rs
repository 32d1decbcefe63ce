//! The XBoard/WinBoard grid dialect of every game.
//!
//! A grid GUI draws rectangular boards of files and ranks with XBoard's piece types; each
//! game is mapped onto one here, apart from its rules: the board size and holdings, the
//! piece letters and Betza moves (`setup`, `piece`), the position as a GUI FEN, the move as
//! the GUI writes it, the squares to highlight when a piece is lifted, and what XBoard
//! cannot carry (a refusal's reason). The trait [`GuiBoard`] and the grid helpers
//! ([`GuiLayout`], [`split_coordinate_move`], [`fen_board_size`]) are in `board.rs`; one
//! module per game implements the trait on the game's position type through the rules
//! crate's public API. The rules crates know nothing of XBoard; the neutral description
//! every board (XBoard, the terminal, the browser) draws from is `escalade_core::Diagram`.
//!
//! The mappings are documented in the "GUI mapping" section of each game's
//! `docs/rules/<game>.md`. Nothing here is on a hot path: the protocols call it once per
//! command.

#![forbid(unsafe_code)]

mod board;
mod checkercapture;
mod chutes;
mod escalator;
mod fide;
mod laddershogi;
mod rope;

pub use board::{
    fen_board_size, split_coordinate_move, split_square, GuiBoard, GuiLayout, FIDE_PIECE_TO_CHAR,
};
