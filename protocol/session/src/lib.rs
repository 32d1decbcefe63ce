//! What every front end of the engine shares: one game in progress behind the
//! variant-independent [`session::Session`], the variant [`registry`] (the one place that
//! names every game), the engine [`options`] declared once, the search thread
//! ([`search`]), and the protocol input and output ([`input`], [`output`]).
//!
//! ```
//! use escalade_session::session::{self, Notation, Settings};
//!
//! // a game of any registered variant, driven by move text
//! let mut game = session::open("rope", Settings::default()).unwrap();
//! let first = game.legal_moves(Notation::Engine)[0].clone();
//! game.play(&first, Notation::Engine).unwrap();
//! assert_eq!(game.turns(), 1);
//! assert!(game.result().is_none());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod game;
mod game_board;
mod game_grid;
pub mod grid_view;
pub mod input;
pub mod options;
pub mod output;
pub mod pgn;
pub mod registry;
pub mod search;
pub mod session;
pub mod setup;
