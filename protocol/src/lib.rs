//! The `escalade` front end: the variant registry and every command of the binary
//! (perft, bench, protocols, terminal play, the match runner). The binary's `main.rs` only
//! parses the command line and reports errors.

pub mod bench;
pub mod detect;
pub mod input;
pub mod matchrunner;
pub mod options;
pub mod output;
pub mod perft;
pub mod play;
pub mod registry;
pub mod search;
pub mod selfcheck;
pub mod session;
pub mod setup;
pub mod uci;
pub mod xboard;
