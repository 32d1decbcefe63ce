//! Why the command line of `escalade match` was refused.

use escalade_session::registry;

use super::{MAX_ELO, MAX_GAMES, MAX_SECONDS, USAGE};
use crate::engines_file::EnginesFileError;
use crate::timecontrol::TimeControlError;

/// Why the command line of `escalade match` was refused: every variant names the flag
/// (and the key) at fault. The messages are the ones the binary prints after `escalade: `.
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    #[error("unexpected '{value}' before any flag")]
    StrayValue { value: String },
    #[error("-{flag}: expected KEY=VALUE, got '{token}'")]
    NotKeyValue { flag: String, token: String },
    #[error("-{flag}: bad value '{value}' for {key}")]
    BadValue {
        flag: String,
        key: String,
        value: String,
    },
    #[error(
        "-{flag}: bad value '{value}' for {key} (expected a whole number from {min} to {max})"
    )]
    NotWholeNumber {
        flag: String,
        key: String,
        value: String,
        min: u64,
        max: u64,
    },
    #[error("-{flag}: bad time '{value}' for {key} (expected seconds, more than 0 and at most {MAX_SECONDS})")]
    BadTime {
        flag: String,
        key: String,
        value: String,
    },
    #[error("-{flag} takes exactly one value")]
    NotSingle { flag: String },
    #[error("-{flag}: proto must be xboard or uci, not '{value}'")]
    BadProto { flag: String, value: String },
    #[error("-{flag}: tc")]
    TimeControl {
        flag: String,
        #[source]
        source: TimeControlError,
    },
    #[error("-{flag}: unknown key '{key}'")]
    UnknownKey { flag: String, key: String },
    /// A flag of cutechess-cli that has no meaning for these games (`-tb`).
    #[error("-{flag}: {reason}")]
    Inapplicable { flag: String, reason: &'static str },
    /// An engine key of cutechess-cli that has no meaning here (`book=`).
    #[error("-{flag}: {key}=: {reason}")]
    InapplicableKey {
        flag: String,
        key: String,
        reason: &'static str,
    },
    #[error("-{flag}: conf={name}")]
    Conf {
        flag: String,
        name: String,
        #[source]
        source: EnginesFileError,
    },
    #[error("-engine number {number} ({name}) does not play variant {variant}: its engines.json entry lists {listed}")]
    EngineVariant {
        number: usize,
        name: String,
        variant: String,
        listed: String,
    },
    #[error("-variant")]
    Variant(#[source] registry::UnknownVariant),
    #[error("-tournament: unknown kind '{value}' (round-robin, gauntlet or pyramid)")]
    UnknownTournament { value: String },
    #[error("-tournament: knockout is not supported (round-robin, gauntlet or pyramid)")]
    Knockout,
    #[error("-repeat takes at most one value")]
    RepeatValues,
    #[error("-pgnout needs a file name")]
    PgnoutFile,
    #[error("-pgnout: unknown option '{value}' after the file name (min or fi)")]
    PgnoutMode { value: String },
    #[error("-epdout needs a file name")]
    EpdoutFile,
    #[error("-openings: format must be pgn, epd or fen, not '{value}'")]
    OpeningFormat { value: String },
    #[error("-openings: unknown order '{value}'")]
    OpeningOrder { value: String },
    #[error("-openings: unknown policy '{value}' (default, encounter or round)")]
    OpeningPolicy { value: String },
    #[error("-sprt: bad value '{value}' for {key} (expected a finite number)")]
    SprtNotFinite { key: String, value: String },
    #[error("-sprt: need 0 < alpha, beta < 0.5 and elo0 < elo1")]
    SprtBounds,
    #[error("-sprt: elo0 and elo1 must be from -{MAX_ELO} to {MAX_ELO}")]
    SprtElo,
    #[error("-sprt needs exactly two engines")]
    SprtEngines,
    #[error("-draw needs movecount=N (N >= 1)")]
    DrawMovecount,
    #[error("-resign needs movecount=N and score=CP (both positive)")]
    ResignNeeds,
    /// `-help` among other flags: the usage text.
    #[error("{USAGE}")]
    Help,
    #[error("unknown flag -{flag}\n{USAGE}")]
    UnknownFlag { flag: String },
    #[error("-engine number {number} has no cmd=")]
    NoCmd { number: usize },
    #[error("-engine number {number} has no limit: give tc=, st=, depth= or nodes= (or -each)")]
    NoLimit { number: usize },
    #[error("a match needs at least two -engine\n{USAGE}")]
    TooFewEngines,
    #[error("-rounds, -games, -repeat and -concurrency must be at least 1")]
    ZeroCount,
    #[error("too many games: {engines} engines, -rounds {rounds} and -games {games} make more than {MAX_GAMES}")]
    TooManyGames {
        engines: u64,
        rounds: usize,
        games: usize,
    },
}
