//! Why the command line of `escalade match` was refused.

use escalade_session::registry;

use super::{MAX_ELO, MAX_GAMES, MAX_SECONDS, USAGE};
use crate::engines_file::EnginesFileError;
use crate::timecontrol::TimeControlError;

/// Why the command line of `escalade match` was refused: every variant names the flag
/// (and the key) at fault. The messages are the ones the binary prints after `escalade: `.
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    /// A flag's value is refused, for the reason given.
    #[error("-{flag}: {reason}")]
    Refused {
        /// The flag at fault, without its dash.
        flag: String,
        /// Why, in words.
        reason: String,
    },
    /// `-resultformat` names a field cutechess does not know.
    #[error("-resultformat")]
    ResultFormat(#[source] crate::resultformat::UnknownField),
    /// A value stands before the first flag.
    #[error("unexpected '{value}' before any flag")]
    StrayValue {
        /// The value as written.
        value: String,
    },
    /// A flag that takes `KEY=VALUE` pairs got a token without `=`.
    #[error("-{flag}: expected KEY=VALUE, got '{token}'")]
    NotKeyValue {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The token as written.
        token: String,
    },
    /// A key's value does not read (not a number, not one of the words the key takes).
    #[error("-{flag}: bad value '{value}' for {key}")]
    BadValue {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The key at fault (`tc`, `elo0`, ...), or `N` for the flag's bare value.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A count or limit that is not a whole number within its range.
    #[error(
        "-{flag}: bad value '{value}' for {key} (expected a whole number from {min} to {max})"
    )]
    NotWholeNumber {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The key at fault (`tc`, `elo0`, ...), or `N` for the flag's bare value.
        key: String,
        /// The value as written.
        value: String,
        /// The smallest value the key takes.
        min: u64,
        /// The largest value the key takes.
        max: u64,
    },
    /// A time in seconds (`st=`, `stall=`) that is not above 0 and at most `MAX_SECONDS`.
    #[error("-{flag}: bad time '{value}' for {key} (expected seconds, more than 0 and at most {MAX_SECONDS})")]
    BadTime {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The key at fault (`tc`, `elo0`, ...), or `N` for the flag's bare value.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A flag that takes one value got none or several.
    #[error("-{flag} takes exactly one value")]
    NotSingle {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
    },
    /// `proto=` names neither protocol.
    #[error("-{flag}: proto must be xboard or uci, not '{value}'")]
    BadProto {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The value as written.
        value: String,
    },
    /// `tc=` does not read as a cutechess-cli time control.
    #[error("-{flag}: tc")]
    TimeControl {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// Why the time control was refused.
        #[source]
        source: TimeControlError,
    },
    /// A key the flag does not take.
    #[error("-{flag}: unknown key '{key}'")]
    UnknownKey {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The key at fault (`tc`, `elo0`, ...), or `N` for the flag's bare value.
        key: String,
    },
    /// A flag of cutechess-cli that has no meaning for these games (`-tb`).
    #[error("-{flag}: {reason}")]
    Inapplicable {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// Why the flag means nothing here.
        reason: &'static str,
    },
    /// An engine key of cutechess-cli that has no meaning here (`book=`).
    #[error("-{flag}: {key}=: {reason}")]
    InapplicableKey {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The key at fault (`tc`, `elo0`, ...), or `N` for the flag's bare value.
        key: String,
        /// Why the key means nothing here.
        reason: &'static str,
    },
    /// `conf=` names no usable entry of `engines.json`, or the file does not read.
    #[error("-{flag}: conf={name}")]
    Conf {
        /// The flag at fault, without its dash (`engine`, `each`, `sprt`, ...).
        flag: String,
        /// The name given to `conf=`.
        name: String,
        /// Why the entry could not be had.
        #[source]
        source: EnginesFileError,
    },
    /// An engine whose `engines.json` entry lists variants, none of them the match's.
    #[error("-engine number {number} ({name}) does not play variant {variant}: its engines.json entry lists {listed}")]
    EngineVariant {
        /// The engine's place among the `-engine` flags, from 1.
        number: usize,
        /// The engine's `name=`, else its `cmd=`.
        name: String,
        /// The match's variant (canonical name).
        variant: String,
        /// The entry's variants, comma-separated.
        listed: String,
    },
    /// `-variant` names no registered variant.
    #[error("-variant")]
    Variant(#[source] registry::UnknownVariant),
    /// `-tournament` names no kind of tournament.
    #[error("-tournament: unknown kind '{value}' (round-robin, gauntlet or pyramid)")]
    UnknownTournament {
        /// The kind as written.
        value: String,
    },
    /// `-tournament knockout`, which cutechess-cli has and this runner does not.
    #[error("-tournament: knockout is not supported (round-robin, gauntlet or pyramid)")]
    Knockout,
    /// `-repeat` with more than one value.
    #[error("-repeat takes at most one value")]
    RepeatValues,
    /// `-pgnout` without a file name.
    #[error("-pgnout needs a file name")]
    PgnoutFile,
    /// A word after `-pgnout`'s file name other than `min` or `fi`.
    #[error("-pgnout: unknown option '{value}' after the file name (min or fi)")]
    PgnoutMode {
        /// The word as written.
        value: String,
    },
    /// `-epdout` without a file name.
    #[error("-epdout needs a file name")]
    EpdoutFile,
    /// `-openings format=` other than `pgn`, `epd` or `fen`.
    #[error("-openings: format must be pgn, epd or fen, not '{value}'")]
    OpeningFormat {
        /// The format as written.
        value: String,
    },
    /// `-openings order=` other than `random` or `sequential`.
    #[error("-openings: unknown order '{value}'")]
    OpeningOrder {
        /// The order as written.
        value: String,
    },
    /// `-openings policy=` other than `default`, `encounter` or `round`.
    #[error("-openings: unknown policy '{value}' (default, encounter or round)")]
    OpeningPolicy {
        /// The policy as written.
        value: String,
    },
    /// A `-sprt` number (`elo0`, `elo1`, `alpha`, `beta`) that does not read as a finite
    /// number.
    #[error("-sprt: bad value '{value}' for {key} (expected a finite number)")]
    SprtNotFinite {
        /// The `-sprt` key at fault.
        key: String,
        /// The value as written.
        value: String,
    },
    /// `-sprt` error rates outside (0, 0.5), or `elo0` not below `elo1`.
    #[error("-sprt: need 0 < alpha, beta < 0.5 and elo0 < elo1")]
    SprtBounds,
    /// `-sprt` bounds beyond ±`MAX_ELO`.
    #[error("-sprt: elo0 and elo1 must be from -{MAX_ELO} to {MAX_ELO}")]
    SprtElo,
    /// `-sprt` with other than two engines.
    #[error("-sprt needs exactly two engines")]
    SprtEngines,
    /// `-draw` without a `movecount=` of at least 1.
    #[error("-draw needs movecount=N (N >= 1)")]
    DrawMovecount,
    /// `-resign` without both a positive `movecount=` and a positive `score=`.
    #[error("-resign needs movecount=N and score=CP (both positive)")]
    ResignNeeds,
    /// `-help` among other flags: the usage text.
    #[error("{USAGE}")]
    Help,
    /// A flag neither cutechess-cli nor this runner knows.
    #[error("unknown flag -{flag}\n{USAGE}")]
    UnknownFlag {
        /// The flag as written, without its dash.
        flag: String,
    },
    /// An engine without a command to start, from its flags, `-each` or its `conf=`.
    #[error("-engine number {number} has no cmd=")]
    NoCmd {
        /// The engine's place among the `-engine` flags, from 1.
        number: usize,
    },
    /// An engine without `tc=`, `st=`, `depth=` or `nodes=`, from its flags or `-each`.
    #[error("-engine number {number} has no limit: give tc=, st=, depth= or nodes= (or -each)")]
    NoLimit {
        /// The engine's place among the `-engine` flags, from 1.
        number: usize,
    },
    /// Fewer than two `-engine` flags.
    #[error("a match needs at least two -engine\n{USAGE}")]
    TooFewEngines,
    /// `-rounds`, `-games`, `-repeat` or `-concurrency` given as 0.
    #[error("-rounds, -games, -repeat and -concurrency must be at least 1")]
    ZeroCount,
    /// The schedule would hold more than `MAX_GAMES` games.
    #[error("too many games: {engines} engines, -rounds {rounds} and -games {games} make more than {MAX_GAMES}")]
    TooManyGames {
        /// The number of `-engine` flags.
        engines: u64,
        /// The `-rounds` given.
        rounds: usize,
        /// The `-games` given.
        games: usize,
    },
}
