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
//! line), `record` (a finished game).

#![forbid(unsafe_code)]

pub mod adjudication;
pub mod args;
pub mod book;
pub mod config;
pub mod engine;
pub mod engines_file;
pub mod limits_args;
pub mod openings;
pub mod pgn;
pub mod record;
pub mod referee;
pub mod report;
pub mod schedule;
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
    #[error(transparent)]
    Args(#[from] ArgError),
    #[error(transparent)]
    Variant(#[from] escalade_session::registry::UnknownVariant),
    #[error("engine {number} ({cmd}) does not start")]
    EngineStart {
        number: usize,
        cmd: String,
        #[source]
        source: engine::Failure,
    },
    #[error(transparent)]
    Openings(#[from] openings::OpeningError),
    #[error(transparent)]
    Pgn(#[from] pgn::PgnError),
    #[error("-epdout: cannot write {}", path.display())]
    Epdout {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
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
    let cfg = args::parse(args, clock_seed())?;
    run_match(&cfg).map(|_| ())
}
