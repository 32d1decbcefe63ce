//! What a match is made of once its command line is read: the engines, the openings, the
//! SPRT, the adjudication rules and the tournament ([`MatchConfig`]).

use std::path::PathBuf;

use super::timecontrol::SearchLimits;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// XBoard / CECP protocol version 2.
    Xboard,
    Uci,
}

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name given with `name=` (otherwise the engine's own, otherwise the command).
    pub name: Option<String>,
    /// The program; a `cmd=` with spaces is split into program and arguments.
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub proto: Proto,
    /// `option.NAME=VALUE`, sent with `setoption` (UCI) or `option` (CECP).
    pub options: Vec<(String, String)>,
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
    Sequential,
    Random,
}

/// Where games start.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningSpec {
    /// A file of start positions (none: the variant's start position).
    pub file: Option<PathBuf>,
    /// `format=` (`None`: from the file's extension or its first line).
    pub format: Option<OpeningFormat>,
    pub order: OpeningOrder,
    /// `plies=`: PGN lines are cut after this many plies; after a FEN/EPD position or the
    /// start position, this many random legal plies are played (by the runner, seeded).
    pub plies: Option<u32>,
    /// The first opening to use (1-based), as cutechess's `start=`.
    pub start: usize,
    pub policy: OpeningPolicy,
}

/// Sequential probability ratio test on the first engine against the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// `-draw`: a draw when both engines' scores stay within `score` centipawns for
/// `movecount` consecutive moves each, from move `movenumber` on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// `-resign`: a loss for an engine whose score stays at or below `-score` for `movecount`
/// consecutive moves (with `twosided`, the opponent must agree with a matching score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    pub twosided: bool,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    RoundRobin,
    /// The first engine plays every other engine.
    Gauntlet,
    /// Every engine plays all the engines listed before it.
    Pyramid,
}

/// Everything `escalade match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    /// The canonical variant name.
    pub variant: String,
    pub tournament: TournamentKind,
    pub rounds: usize,
    /// Games per encounter in each round.
    pub games: usize,
    /// How many consecutive games share an opening (colours alternate).
    pub repeat: usize,
    pub concurrency: usize,
    pub openings: OpeningSpec,
    pub pgnout: Option<PathBuf>,
    pub sprt: Option<SprtSpec>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// Draw after this many full moves.
    pub maxmoves: Option<u32>,
    /// The master seed (dice, random plies, opening order).
    pub seed: u64,
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
}
