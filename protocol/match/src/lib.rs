//! `escalade match`: a tournament runner that referees every registered variant with
//! Escalade's own rules crates, so it can never disagree with the engines' rules about
//! legality. cutechess-cli's command line keeps its meaning (`-engine` with `conf=` from
//! `engines.json`, `-each`, `-rounds`, `-games`, `-repeat`, `-noswap`, `-concurrency`,
//! `-openings` with PGN books, `-pgnout`, `-epdout`, `-sprt`, `-draw`, `-resign`,
//! `-ratinginterval`, `-outcomeinterval`, `-wait`, ...), and so does its output.
//!
//! Inside: `args` (the command line), `engines_file` (`engines.json`), `timecontrol` (time
//! controls, clocks), `engine` (the CECP and UCI clients over processes read on their own
//! threads), `referee` (one game), `adjudication`, `openings` and `book` (FEN/EPD files,
//! PGN books), `schedule` (pairings), `tournament` (concurrency, SPRT), `stats` (Elo, LOS,
//! LLR), `pgn`, `report` (progress and results), `summary` (outcomes, oversteps, SPRT
//! line), `record` (a finished game), `resultformat` (cutechess's `-resultformat`),
//! `polyglot` (`book=`).
//!
//! fastchess's flags where they apply to every variant: `fastchess` (`-report penta=`),
//! `state` (`-config`, `-autosaveinterval`), `affinity` (`-use-affinity`), `runlog` (`-log`,
//! `-show-latency`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adjudication;
pub mod affinity;
pub mod args;
pub mod book;
pub mod config;
pub mod engine;
pub mod engines_file;
pub mod fastchess;
pub mod limits_args;
pub mod openings;
pub mod pgn;
pub mod polyglot;
pub mod record;
pub mod referee;
pub mod report;
pub mod resultformat;
pub mod runlog;
pub mod schedule;
pub mod state;
pub mod stats;
pub mod summary;
pub mod timecontrol;
pub mod tournament;

use escalade_eval::Evaluate;
use escalade_grid::GuiBoard;

use escalade_session::registry::{dispatch, GameVisitor};

pub use args::{ArgError, MatchConfig, USAGE};
pub use tournament::{MatchSummary, SprtVerdict};

/// Why a match could not be played (a lost game is never an error: it is a result).
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The command line was refused.
    #[error(transparent)]
    Args(#[from] ArgError),
    /// The variant is not in the registry.
    #[error(transparent)]
    Variant(#[from] escalade_session::registry::UnknownVariant),
    /// An engine did not start or complete the protocol's handshake (when asked its name).
    #[error("engine {number} ({cmd}) does not start")]
    EngineStart {
        /// The engine's place among the `-engine` flags, from 1.
        number: usize,
        /// Its `cmd=`.
        cmd: String,
        /// Why it did not start or finish the handshake.
        #[source]
        source: engine::Failure,
    },
    /// The `-openings` file could not be used.
    #[error(transparent)]
    Openings(#[from] openings::OpeningError),
    /// The `-pgnout` file could not be opened or written.
    #[error(transparent)]
    Pgn(#[from] pgn::PgnError),
    /// The `-epdout` file could not be written.
    #[error("-epdout: cannot write {}", path.display())]
    Epdout {
        /// The `-epdout` file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The `-log` file could not be opened.
    #[error("-log: cannot open {}", path.display())]
    Log {
        /// The `-log` file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// `-config`: the state to resume does not read or fit.
    #[error(transparent)]
    Config(#[from] state::ConfigError),
    /// The run's state could not be saved.
    #[error("cannot save the run's state")]
    Save(#[source] state::StateError),
    /// A Polyglot book (`book=`) could not be read.
    #[error(transparent)]
    Book(#[from] polyglot::BookError),
    /// `-use-affinity`: not enough CPUs for the concurrent games.
    #[error("-use-affinity: {0}")]
    Affinity(String),
    /// `-engines`: no `engines.json` to list, or it does not read.
    #[error("-engines")]
    EnginesFile(#[source] engines_file::EnginesFileError),
}

pub use escalade_session::output::error_chain;

/// Plays the match `cfg` describes.
pub fn run_match(cfg: &MatchConfig) -> Result<MatchSummary, MatchError> {
    struct Visit<'a>(&'a MatchConfig);
    impl GameVisitor for Visit<'_> {
        type Output = Result<MatchSummary, MatchError>;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> Self::Output {
            tournament::run::<P>(form, self.0)
        }
    }
    dispatch(&cfg.variant, Visit(cfg))?
}

/// A seed from the clock, for matches run without `-seed`.
pub fn clock_seed() -> u64 {
    escalade_core::SeededRng::from_clock().next_u64()
}

/// `escalade match ARGS...`: parses cutechess-style arguments and plays the match. As in
/// cutechess-cli, `-help`, `-version` and `-engines` (the names in `engines.json`) answer
/// and return wherever they stand.
pub fn run(args: &[String]) -> Result<(), MatchError> {
    let has = |names: &[&str]| args.iter().any(|a| names.contains(&a.as_str()));
    if args.is_empty() || has(&["-h", "-help", "--help"]) {
        report::say(&format!("{USAGE}\n"));
        return Ok(());
    }
    if has(&["-version", "--version", "-v"]) {
        report::say(&format!("escalade match {}\n", env!("CARGO_PKG_VERSION")));
        return Ok(());
    }
    if has(&["-engines", "--engines"]) {
        let file = engines_file::EnginesFile::find().map_err(MatchError::EnginesFile)?;
        report::say(&format!("{}\n", file.names().join("\n")));
        return Ok(());
    }
    if args
        .windows(2)
        .any(|w| w[0] == "-resultformat" && w[1] == "help")
    {
        report::say(&resultformat::help());
        return Ok(());
    }
    let cfg = state::prepare(args, clock_seed())?;
    run_match(&cfg).map(|_| ())
}
