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
}

/// How the opening file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One FEN per line.
    Fen,
    /// EPD: the first four FEN fields, then operations (ignored); move counters are added.
    Epd,
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
    pub format: OpeningFormat,
    pub order: OpeningOrder,
    /// Random legal plies played (by the runner, seeded) after the start position.
    pub plies: u32,
    /// The first opening to use (1-based), as cutechess's `start=`.
    pub start: usize,
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
    /// Log every line sent to and read from the engines (stderr, `log` at info level).
    pub debug: bool,
}
