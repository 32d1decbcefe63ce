//! Escalade's browser board (`escalade gui`): a local web server that serves one embedded
//! page and runs one game per WebSocket connection. The page holds no rules: the server
//! sends each position's picture and its legal moves as a click tree, built from the rules
//! crates' neutral board description (`escalade_core::Diagram`). The message protocol is in
//! `docs/gui-protocol.md`.
//!
//! Rooms: [`server`] (HTTP, binding, the URL), [`host`] (the `Host` check), [`socket`]
//! (the `Origin` check and the frames), [`queues`] (a connection's bounded queues),
//! [`budget`] (the hash budget all boards share), [`table`] (one game's loop: requests,
//! engine, clocks, dice), [`refusal`] (why a request was refused), [`request`] and
//! [`reply`]/[`state`] (the messages), [`tree`] (the click tree), [`record`] (PGN),
//! [`clock`], [`assets`] (the embedded page).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod assets;
pub mod budget;
pub mod clock;
pub mod host;
pub mod queues;
pub mod record;
pub mod refusal;
pub mod reply;
pub mod request;
pub mod server;
pub mod socket;
pub mod state;
pub mod table;
pub mod tree;

pub use server::{serve, GuiError, GuiOptions};
