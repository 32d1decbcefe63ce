//! The `escalade` command: `main.rs` parses the command line and calls the crates that do
//! the work; this library names them for the cross-crate tests.
//!
//! | crate | what it owns |
//! |---|---|
//! | `escalade-session` | the session, registry, options, input and output every front end shares |
//! | `escalade-uci`, `escalade-xboard` | the two engine protocols |
//! | `escalade-match` | the match runner |
//! | `escalade-play` | terminal play |
//! | `escalade-selfcheck` | robustness runs |
//! | `escalade-bench` | perft and bench |
//! | `escalade-gui` | the browser board (`escalade gui`) |
//! | `escalade-tune` | tuning from games (`escalade datagen`, `escalade tune`, `escalade spsa`), unbalanced opening books (`escalade openings`) and OpenBench's balanced ones (`genfens`) |

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod detect;

/// The release and the commit it was built from, as `escalade --version` prints them after
/// the name: `1.0.0 (0123456789ab)`. The commit is the short hash of the repository's `HEAD`
/// when the build could ask git (`build.rs`), else `unknown` (a build from a tarball).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("ESCALADE_COMMIT"),
    ")"
);

pub use escalade_bench::{bench, perft};
pub use escalade_gui as gui;
pub use escalade_match as matchrunner;
pub use escalade_play as play;
pub use escalade_selfcheck as selfcheck;
pub use escalade_session::{input, options, output, registry, search, session, setup};
pub use escalade_tune::{datagen, genfens, net_inputs, openings, spsa_match as spsa, tune};
pub use escalade_uci as uci;
pub use escalade_xboard as xboard;
