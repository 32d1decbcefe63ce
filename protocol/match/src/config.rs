//! What a match is made of once its command line is read: the engines, the openings, the
//! SPRT, the adjudication rules and the tournament ([`MatchConfig`]).

use std::path::PathBuf;

use super::timecontrol::SearchLimits;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// XBoard / CECP protocol version 2.
    Xboard,
    /// The Universal Chess Interface.
    Uci,
}

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name given with `name=` (otherwise the engine's own, otherwise the command).
    pub name: Option<String>,
    /// The program; a `cmd=` with spaces is split into program and arguments.
    pub cmd: String,
    /// The program's arguments: the rest of a `cmd=` with spaces, then each `arg=`.
    pub args: Vec<String>,
    /// `dir=`: the working directory the engine is started in (`None`: the runner's).
    pub dir: Option<PathBuf>,
    /// `proto=`: the protocol the engine speaks.
    pub proto: Proto,
    /// `option.NAME=VALUE`, sent with `setoption` (UCI) or `option` (CECP).
    pub options: Vec<(String, String)>,
    /// `tc=`, `st=`, `depth=`, `nodes=`, `timemargin=` and `stall=`: how long it may think.
    pub limits: SearchLimits,
    /// `ponder`: think on the opponent's time (UCI `go ponder`/`ponderhit`, CECP `hard`).
    pub ponder: bool,
    /// `whitepov`: the engine reports scores from White's point of view (inverted for
    /// adjudication when it plays Black).
    pub whitepov: bool,
    /// `initstr=`: lines sent to the engine before the protocol's handshake.
    pub init_strings: Vec<String>,
    /// `stderr=`: the file the engine's standard error is appended to.
    pub stderr: Option<PathBuf>,
    /// `book=`: a Polyglot opening book the runner plays the engine's moves from while it
    /// has them (FIDE chess only).
    pub book: Option<PathBuf>,
    /// `bookdepth=`: the book is used for at most this many full moves of the game
    /// (cutechess-cli's default 1000).
    pub book_depth: u32,
    /// The variants an `engines.json` entry says the engine plays (`None`: not said).
    pub variants: Option<Vec<String>>,
}

/// How the opening file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One FEN per line.
    Fen,
    /// EPD: the first four FEN fields, then operations (ignored); move counters are added.
    Epd,
    /// PGN games: `[Variant]` and `[FEN]` tags and the moves of the opening line.
    Pgn,
}

/// When a new opening is taken (cutechess-cli's `policy=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningPolicy {
    /// A new opening for every new encounter and every `-repeat` games within one.
    Default,
    /// One opening per encounter.
    Encounter,
    /// One opening per round.
    Round,
}

/// The order openings are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// File order from `start=`, wrapping around at the end (cutechess-cli's default).
    Sequential,
    /// A seeded random order (`order=random`).
    Random,
}

/// Where games start.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningSpec {
    /// A file of start positions (none: the variant's start position).
    pub file: Option<PathBuf>,
    /// `format=` (`None`: from the file's extension or its first line).
    pub format: Option<OpeningFormat>,
    /// `order=`: sequential or random.
    pub order: OpeningOrder,
    /// `plies=`: PGN lines are cut after this many plies; after a FEN/EPD position or the
    /// start position, this many random legal plies are played (by the runner, seeded).
    pub plies: Option<u32>,
    /// The first opening to use (1-based), as cutechess's `start=`.
    pub start: usize,
    /// `policy=`: when the next opening is taken.
    pub policy: OpeningPolicy,
}

/// Sequential probability ratio test on the first engine against the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    /// `elo0=`: the Elo difference of the null hypothesis H0.
    pub elo0: f64,
    /// `elo1=`: the Elo difference of the alternative hypothesis H1 (above `elo0`).
    pub elo1: f64,
    /// `alpha=`: the chance of accepting H1 when H0 holds (false positive), in (0, 0.5).
    pub alpha: f64,
    /// `beta=`: the chance of accepting H0 when H1 holds (false negative), in (0, 0.5).
    pub beta: f64,
}

/// `-draw`: a draw when both engines' scores stay within `score` centipawns for
/// `movecount` consecutive moves each, from move `movenumber` on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    /// `movenumber=`: the full move from which the rule applies (0: from the start).
    pub movenumber: u32,
    /// `movecount=`: consecutive moves of each engine within the bound, at least 1.
    pub movecount: u32,
    /// `score=`: the bound in centipawns on the absolute score.
    pub score: i32,
}

/// `-resign`: a loss for an engine whose score stays at or below `-score` for `movecount`
/// consecutive moves (with `twosided`, the opponent must agree with a matching score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// `movecount=`: consecutive moves at or below the bound, at least 1.
    pub movecount: u32,
    /// `score=`: the bound in centipawns, positive (the engine's score must be at most
    /// `-score`).
    pub score: i32,
    /// `twosided=`: the opponent's score must agree, at or above `score` for as many moves.
    pub twosided: bool,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// Every engine plays every other engine (cutechess-cli's default).
    RoundRobin,
    /// The first engine plays every other engine.
    Gauntlet,
    /// Every engine plays all the engines listed before it.
    Pyramid,
}

/// Everything `escalade match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The `-engine`s, in command-line order, with `-each` applied.
    pub engines: Vec<EngineSpec>,
    /// The canonical variant name.
    pub variant: String,
    /// `-tournament`: who plays whom (default round-robin).
    pub tournament: TournamentKind,
    /// `-rounds`: how many times the whole schedule is played, at least 1.
    pub rounds: usize,
    /// Games per encounter in each round.
    pub games: usize,
    /// How many consecutive games share an opening (colours alternate).
    pub repeat: usize,
    /// `-concurrency`: games played at the same time, at least 1.
    pub concurrency: usize,
    /// `-openings`: where games start.
    pub openings: OpeningSpec,
    /// `-pgnout`: every finished game is appended to this file.
    pub pgnout: Option<PathBuf>,
    /// `-sprt`: stop the match once the test decides (`None`: play every game).
    pub sprt: Option<SprtSpec>,
    /// `-draw`: score-based draw adjudication (`None`: off).
    pub draw: Option<DrawRule>,
    /// `-resign`: score-based loss adjudication (`None`: off).
    pub resign: Option<ResignRule>,
    /// Draw after this many full moves.
    pub maxmoves: Option<u32>,
    /// The master seed (dice, random plies, opening order).
    pub seed: u64,
    /// The PGN `Event` tag (`-event`, default `escalade match`).
    pub event: String,
    /// The PGN `Site` tag (`-site`, default `?`).
    pub site: String,
    /// `-epdout`: the final position of every game is appended to this file.
    pub epdout: Option<PathBuf>,
    /// `-wait`: the pause before each game after the first.
    pub wait: std::time::Duration,
    /// Colours alternate between the games of an encounter (`-noswap` turns it off).
    pub swap: bool,
    /// `-reverse`: the second engine of each encounter has White first.
    pub reverse: bool,
    /// `-ratinginterval`: the results table every N games (0: at the end only).
    pub rating_interval: usize,
    /// `-outcomeinterval`: the outcome counts every N games (0: at the end only).
    pub outcome_interval: usize,
    /// `-pgnout FILE min`: only the seven tag roster, the moves and the result.
    pub pgn_minimal: bool,
    /// Log every line sent to and read from the engines (stderr, `log` at info level).
    pub debug: bool,
    /// `-report penta=true|false`: fastchess's report block instead of cutechess's
    /// results table, its figures from game pairs (`true`) or single games (`None`: the
    /// cutechess table).
    pub report_penta: Option<bool>,
    /// `-resultformat`: the field tokens of the table of three or more engines (`None`:
    /// the runner's own columns).
    pub result_format: Option<Vec<String>>,
    /// `-log`: fastchess's run log (`None`: no log file).
    pub log: Option<crate::runlog::LogSpec>,
    /// `-show-latency`: each move's latency (measured time beyond the engine's reported
    /// time), as fastchess reports it.
    pub show_latency: bool,
    /// `-use-affinity [CPUS]`: pin each concurrent game to a CPU of the list (empty: of
    /// the machine); `None`: no pinning.
    pub affinity: Option<Vec<usize>>,
    /// `-autosaveinterval N` as given (`None`: not given).
    pub autosave_interval: Option<usize>,
    /// Where and how often the run's state is saved (set when a run is prepared from `-config`/`-autosaveinterval`).
    pub autosave: Option<Autosave>,
    /// The games a resumed run (`-config file=`) had finished.
    pub resumed: Vec<crate::record::GameRecord>,
}

/// Where and how often the run's state is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autosave {
    /// The state file.
    pub path: PathBuf,
    /// Every this many games (0: only at the end).
    pub interval: usize,
    /// The command line saved with the games.
    pub args: Vec<String>,
}
