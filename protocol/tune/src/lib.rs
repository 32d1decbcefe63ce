//! Tuning from games, the same code for every game: `escalade datagen` plays self-play
//! games at a fixed node count per move and writes every quiet position after the opening
//! with the game's result (`FEN;RESULT`, White's view), and `escalade tune` fits the
//! weights of a [`Tunable`](escalade_eval::Tunable) game to such a file with the Texel
//! tuners (`escalade_eval::gradient`, `escalade_eval::texel`) and writes them as the
//! generated Rust table the game loads its weights from.
//!
//! `escalade net-inputs` turns a `datagen --scores` file into the inputs of the game's
//! evaluation network, which `scripts/strength/train-game-net.py` trains on (`net_inputs`).
//!
//! `escalade openings` writes a book of unbalanced positions (`openings`) for matches in
//! variants whose balanced openings are mostly drawn.
//!
//! `genfens` prints balanced opening positions on request, as OpenBench asks an engine
//! for them (`genfens`).
//!
//! `escalade spsa` tunes the search constants by SPSA (`spsa`), playing its games
//! through `escalade match` (`spsa_match`).
//!
//! Datagen runs for every registered variant (through the registry's `GameVisitor`); tune
//! runs for the games listed in [`tune`] (every game).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod datagen;
pub mod genfens;
pub mod net_inputs;
pub mod openings;
pub mod spsa;
pub mod spsa_match;
pub mod tune;

/// The result of a game from White's view as a label: 1.0, 0.5 or 0.0.
pub fn label(result: escalade_core::GameResult) -> f64 {
    match result.winner() {
        Some(escalade_core::Color::White) => 1.0,
        Some(escalade_core::Color::Black) => 0.0,
        None => 0.5,
    }
}
