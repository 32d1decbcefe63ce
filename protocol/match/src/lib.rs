//! `escalade match`: a tournament runner that referees every registered variant with
//! Escalade's own rules crates, so it can never disagree with the engines' rules about
//! legality. cutechess-cli's flags (`-engine`, `-each`, `-rounds`, `-games`, `-repeat`,
//! `-concurrency`, `-openings`, `-pgnout`, `-sprt`, `-draw`, `-resign`) keep their meaning.
//!
//! Inside: `args` (the command line), `timecontrol` (time controls, clocks), `engine` (the
//! CECP and UCI clients over processes read on their own threads), `referee` (one game),
//! `adjudication`, `openings`, `schedule` (pairings), `tournament` (concurrency, SPRT),
//! `stats` (Elo, LOS, LLR), `pgn`, `report` (progress and results), `record` (a finished
//! game), `rng` (the seeded dice).

pub mod adjudication;
pub mod args;
pub mod config;
pub mod engine;
pub mod limits_args;
pub mod openings;
pub mod pgn;
pub mod record;
pub mod referee;
pub mod report;
pub mod schedule;
pub mod stats;
pub mod timecontrol;
pub mod tournament;

use escalade_core::GuiBoard;
use escalade_eval::Evaluate;

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

/// `escalade match ARGS...`: parses cutechess-style arguments and plays the match.
pub fn run(args: &[String]) -> Result<(), MatchError> {
    if args.is_empty()
        || args
            .iter()
            .any(|a| matches!(a.as_str(), "-h" | "-help" | "--help"))
    {
        report::say(&format!("{USAGE}\n"));
        return Ok(());
    }
    let cfg = args::parse(args, clock_seed())?;
    run_match(&cfg).map(|_| ())
}
