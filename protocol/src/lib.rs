//! The `escalade` front end: the variant registry and every command of the binary
//! (perft, bench, protocols, terminal play, the match runner). The binary's `main.rs` only
//! parses the command line and reports errors.

pub mod perft;
pub mod registry;
pub mod setup;
