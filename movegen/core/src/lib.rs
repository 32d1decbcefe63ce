//! Escalade's shared move-generation core.
//!
//! Owns what every game has in common: bitboards generic over width ([`Bitboard`] for
//! `u64` and `u128`), board geometry built from an adjacency description
//! ([`GeometryBuilder`], [`Geometry`]), Zobrist key tables ([`zobrist_table`]), the
//! [`Position`] trait every game implements, the orthodox piece kinds ([`ChessKind`])
//! and their 8x8 FEN placement ([`read_chess_placement`]),
//! game records with the rules' verdict ([`Game`]), generic perft ([`perft`]) and the
//! [`testsuite`] every game runs.
//! See `movegen/README.md` for the design.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bitboard;
mod chess_kind;
mod chess_placement;
mod color;
mod diagram;
mod error;
mod game;
mod geometry;
mod outcome;
pub mod perft;
mod position;
mod random_play;
mod rng;
mod stage;
pub mod testsuite;
mod zobrist;

pub use bitboard::{board_seen_by, Bitboard, Squares};
pub use chess_kind::ChessKind;
pub use chess_placement::{read_chess_placement, write_chess_placement};
pub use color::Color;
pub use diagram::{
    chess_choice, chess_legend, chess_man, chess_placement_pieces, grid_cells, grid_label,
    link_legend_kind, square_name, Cell, Click, Diagram, HandGroup, Link, LinkKind, Man, Picture,
    PieceInfo, Placed, Shade,
};
pub use error::{FenError, MoveError};
pub use game::Game;
pub use geometry::{Geometry, GeometryBuilder, COMPASS, COMPASS_NAMES, KNIGHT_LEAPS};
pub use outcome::GameResult;
pub use position::{bare_record, Form, MoveNotation, Position, Pruning, Rules, SearchHints};
pub use random_play::roll_outcome;
pub use rng::SeededRng;
pub use stage::Stage;
pub use zobrist::{splitmix64, zobrist_table};

/// A square index into a bitboard (0-based; the variant names it).
pub type Square = u8;
