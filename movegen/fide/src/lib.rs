//! Standard FIDE chess for Escalade: the perft reference and the base of three seed games.
//!
//! A copy-make position ([`Chess`]) with bitboards and a mailbox, legal move generation with
//! check and pin masks, magic-bitboard sliders built from the core geometry (also public as [`attacks`]), FEN, UCI-style
//! move text (`e2e4`, `e7e8q`; castling as the king's move `e1g1`), incremental Zobrist and
//! a bulk-counting perft. Everything else sees it through `escalade_core::Position`.

#![warn(missing_docs)]

pub mod attacks;
mod board;
mod diagram;
pub mod eval;
mod fen;
mod hints;
mod magic;
mod movegen;
mod notation;
mod rules;
mod san;
mod tables;
mod types;

pub use board::Chess;
pub use fen::{parse_fen, parse_square, square_name, START_FEN};
pub use tables::chess_geometry;
pub use types::{Kind, Move, Piece};
