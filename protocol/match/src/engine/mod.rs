//! The engines as the runner sees them: a [`Player`] (a CECP or UCI client over an
//! [`EngineProcess`]) that is started, told about a new game, asked for a move with the
//! game's moves so far and both clocks, and told the result. Every failure is a
//! [`Failure`], which the referee turns into a loss with the right reason.

mod cecp;
mod process;
mod uci;

use std::time::{Duration, Instant};

pub use cecp::Cecp;
pub use process::{EngineProcess, Launch, ReadError, SpawnError};
pub use uci::Uci;

use super::args::{EngineSpec, Proto};
use super::timecontrol::{Clock, SearchLimits};

/// An engine's evaluation of its move, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl EngineScore {
    /// Centipawns for adjudication; mates count as huge scores (at least 20,000 in
    /// magnitude, whatever mate distance an engine reports).
    pub fn centipawns(self) -> i32 {
        let distance = |n: i32| n.unsigned_abs().min(10_000) as i32;
        match self {
            EngineScore::Cp(c) => c,
            EngineScore::Mate(n) if n >= 0 => 30_000 - distance(n),
            EngineScore::Mate(n) => -30_000 + distance(n),
        }
    }

    /// The same score from the other side's point of view (for `whitepov` engines
    /// playing Black).
    pub fn flipped(self) -> EngineScore {
        match self {
            EngineScore::Cp(c) => EngineScore::Cp(c.saturating_neg()),
            EngineScore::Mate(n) => EngineScore::Mate(n.saturating_neg()),
        }
    }

    /// cutechess-style text: `+0.35`, `-1.20`, `+M3`, `-M2`.
    pub fn text(self) -> String {
        match self {
            EngineScore::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
            EngineScore::Mate(n) if n >= 0 => format!("+M{n}"),
            EngineScore::Mate(n) => format!("-M{}", n.unsigned_abs()),
        }
    }
}

/// A move as the engine sent it, with what it said about it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReply {
    /// The move as the engine wrote it (UCI `bestmove`, CECP `move`).
    pub text: String,
    /// The score of its last thinking line before the move, as reported (`None`: it sent
    /// none).
    pub score: Option<EngineScore>,
    /// The depth of its last thinking line before the move (`None`: it sent none).
    pub depth: Option<u32>,
    /// Measured by the runner, from the request (or the `ponderhit`) to the move.
    pub elapsed: Duration,
    /// The time the engine last reported for its search (UCI `info ... time MS`, CECP
    /// thinking lines' centiseconds; `None`: it reported none), for `-show-latency`.
    pub reported: Option<Duration>,
    /// The reply the engine expects (UCI `bestmove X ponder Y`), as it wrote it.
    pub ponder: Option<String>,
}

/// Why an engine could not go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// No answer before the deadline.
    #[error("no answer in time")]
    Timeout,
    /// The process closed its output or refused input (crashed or exited).
    #[error("the engine exited or closed its pipes")]
    Disconnected,
    /// The engine resigned.
    #[error("the engine resigned")]
    Resigned,
    /// The engine cannot do what the game needs (a variant, a position), or broke the
    /// protocol.
    #[error("{0}")]
    Protocol(String),
}

impl From<ReadError> for Failure {
    fn from(e: ReadError) -> Failure {
        match e {
            ReadError::Timeout => Failure::Timeout,
            ReadError::Disconnected => Failure::Disconnected,
        }
    }
}

/// What a game needs from an engine before the first move.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup<'a> {
    /// The canonical variant name (`normal` is sent as no variant at all).
    pub variant: &'a str,
    /// The start position, when it is not the variant's own (UCI: the game's FEN).
    pub fen: Option<&'a str>,
    /// The same position as the grid GUI's FEN (CECP `setboard`).
    pub gui_fen: Option<&'a str>,
    /// The engine's clock, move time, depth and node limits for the game.
    pub limits: &'a SearchLimits,
}

/// One request for a move.
#[derive(Clone, Copy, Debug)]
pub struct TurnRequest<'a> {
    /// Every move of the game so far (chance outcomes included), in the variant's text
    /// (sent to UCI engines).
    pub moves: &'a [String],
    /// The same moves in the grid GUI's text, chance outcomes joined to their move as a die
    /// face (`a1d1/5`) where the variant reads one (sent to CECP engines).
    pub joined: &'a [String],
    /// The clock of the engine asked to move.
    pub own: &'a Clock,
    /// The opponent's clock.
    pub other: &'a Clock,
    /// Whether the engine plays White.
    pub white: bool,
    /// When the runner stops waiting.
    pub deadline: Instant,
}

/// A request to think on the opponent's time (UCI `go ponder`).
#[derive(Clone, Copy, Debug)]
pub struct PonderRequest<'a> {
    /// Every move of the game so far and then the reply the engine expects.
    pub moves: &'a [String],
    /// The clock of the pondering engine.
    pub own: &'a Clock,
    /// The opponent's clock.
    pub other: &'a Clock,
    /// Whether the pondering engine plays White.
    pub white: bool,
}

/// How long an engine may take to start up or answer a ping.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);

/// A running engine speaking one of the two protocols.
pub enum Player {
    /// An engine speaking CECP (`proto=xboard`).
    Cecp(Cecp),
    /// An engine speaking UCI (`proto=uci`).
    Uci(Uci),
}

impl Player {
    /// Starts the engine of `spec`, sends its `initstr=` lines and completes the
    /// protocol's handshake.
    pub fn start(spec: &EngineSpec, label: &str, debug: bool) -> Result<Player, Failure> {
        let mut process = EngineProcess::spawn(&Launch {
            program: &spec.cmd,
            args: &spec.args,
            dir: spec.dir.as_deref(),
            stderr: spec.stderr.as_deref(),
            label,
            debug,
        })
        .map_err(|e| Failure::Protocol(crate::error_chain(&e)))?;
        for line in &spec.init_strings {
            process.send(line)?;
        }
        Ok(match spec.proto {
            Proto::Xboard => Player::Cecp(Cecp::start(process, &spec.options, spec.ponder)?),
            Proto::Uci => Player::Uci(Uci::start(process, &spec.options, spec.ponder)?),
        })
    }

    /// The name the engine gave itself, if any.
    pub fn name(&self) -> Option<&str> {
        match self {
            Player::Cecp(e) => e.name(),
            Player::Uci(e) => e.name(),
        }
    }

    /// Prepares a new game.
    pub fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        match self {
            Player::Cecp(e) => e.new_game(setup),
            Player::Uci(e) => e.new_game(setup),
        }
    }

    /// Asks for a move.
    pub fn think(&mut self, req: &TurnRequest) -> Result<MoveReply, Failure> {
        match self {
            Player::Cecp(e) => e.think(req),
            Player::Uci(e) => e.think(req),
        }
    }

    /// Thinks on the opponent's time about the position after `req.moves` (UCI: `go
    /// ponder`; CECP engines ponder by themselves after `hard`).
    pub fn ponder(&mut self, req: &PonderRequest) -> Result<(), Failure> {
        match self {
            Player::Cecp(_) => Ok(()),
            Player::Uci(e) => e.ponder(req),
        }
    }

    /// Ends the process without a game (after reading its name).
    pub fn quit(self) {
        match self {
            Player::Cecp(mut e) => e.quit(),
            Player::Uci(mut e) => e.finish(),
        }
    }

    /// Tells the engine the result (`1-0`, `0-1`, `1/2-1/2`, `*`) and ends the process.
    pub fn finish(mut self, score_text: &str, reason: &str) {
        match &mut self {
            Player::Cecp(e) => e.finish(score_text, reason),
            Player::Uci(e) => e.finish(),
        }
    }
}

/// Splits `line` into its first word and the rest.
pub(crate) fn first_word(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((a, b)) => (a, b.trim_start()),
        None => (line, ""),
    }
}
