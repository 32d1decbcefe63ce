//! Resumable runs, with fastchess's flags: `-autosaveinterval N` saves the run's state
//! every N games (and at the end) to a JSON file, and `-config file=F` resumes from it.
//! The state is the command line (with the seed the run was played with, so the
//! schedule, the opening order and every game's dice are the same) and the finished
//! games (who played, the result and its reason, the termination, the final position and
//! the oversteps), from which the results, the pairs and the SPRT go on with the same
//! counts. The file is escalade's own JSON (`"format": "escalade match state 1"`): the
//! flags keep fastchess's names and meaning, the fields cannot be fastchess's (its file
//! holds its own engine and tournament structures).

use std::path::{Path, PathBuf};
use std::time::Duration;

use escalade_core::Color;
use serde::{Deserialize, Serialize};

use super::args::{self, MatchConfig};
pub use super::config::Autosave;
use super::record::{GameRecord, Outcome, Oversteps, Termination};

/// The `format` of the files this version writes and reads.
pub const FORMAT: &str = "escalade match state 1";

/// fastchess's default autosave file, in the working directory.
pub const DEFAULT_FILE: &str = "config.json";

/// fastchess's default autosave interval, in games.
pub const DEFAULT_INTERVAL: usize = 20;

/// Why a state file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The file cannot be read or written.
    #[error("{}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a state this version reads.
    #[error("{}: not an escalade match state ({reason})", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// One finished game, as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The game's number in the schedule.
    pub number: usize,
    /// Its round.
    pub round: usize,
    /// White's engine index.
    pub white: usize,
    /// Black's engine index.
    pub black: usize,
    /// `white`, `black`, or `null` for a draw.
    pub winner: Option<String>,
    /// The result's reason (`White mates`).
    pub reason: String,
    /// The PGN `Termination` value.
    pub termination: String,
    /// The final position.
    pub final_fen: String,
    /// The game's dice seed.
    pub seed: u64,
    /// White's and Black's oversteps: count and worst lateness in microseconds.
    pub oversteps: [(u32, u64); 2],
}

/// The saved state of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedState {
    /// [`FORMAT`].
    pub format: String,
    /// The command line, `-config` left out and `-seed N` added.
    pub args: Vec<String>,
    /// The finished games, in schedule order.
    pub games: Vec<SavedGame>,
}

/// The termination of a PGN `Termination` value.
fn termination(text: &str) -> Option<Termination> {
    [
        Termination::Normal,
        Termination::Adjudication,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Abandoned,
        Termination::StalledConnection,
    ]
    .into_iter()
    .find(|t| t.pgn_text() == text)
}

impl SavedGame {
    /// The saved form of `rec` (its moves are not kept: they are in the PGN).
    pub fn of(rec: &GameRecord) -> Self {
        SavedGame {
            number: rec.number,
            round: rec.round,
            white: rec.white,
            black: rec.black,
            winner: rec.outcome.winner.map(|c| c.name().to_ascii_lowercase()),
            reason: rec.outcome.reason.clone(),
            termination: rec.outcome.termination.pgn_text().into(),
            final_fen: rec.final_fen.clone(),
            seed: rec.seed,
            oversteps: rec
                .oversteps
                .map(|o| (o.count, o.worst.as_micros().min(u64::MAX as u128) as u64)),
        }
    }

    /// The game again (without moves), or what is wrong with it.
    pub fn record(&self, engines: usize) -> Result<GameRecord, String> {
        let winner = match self.winner.as_deref() {
            None => None,
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            Some(w) => return Err(format!("game {}: winner '{w}'", self.number)),
        };
        let t = termination(&self.termination)
            .ok_or_else(|| format!("game {}: termination '{}'", self.number, self.termination))?;
        if self.white >= engines || self.black >= engines || self.number == 0 {
            return Err(format!("game {}: no such engines or number", self.number));
        }
        Ok(GameRecord {
            number: self.number,
            round: self.round,
            white: self.white,
            black: self.black,
            start_fen: None,
            first_side: Color::White,
            moves: Vec::new(),
            outcome: Outcome {
                winner,
                reason: self.reason.clone(),
                termination: t,
            },
            seed: self.seed,
            final_fen: self.final_fen.clone(),
            oversteps: self.oversteps.map(|(count, us)| Oversteps {
                count,
                worst: Duration::from_micros(us),
            }),
        })
    }
}

/// Reads the state in `path`.
pub fn load(path: &Path) -> Result<SavedState, StateError> {
    let text = std::fs::read_to_string(path).map_err(|source| StateError::Io {
        path: path.into(),
        source,
    })?;
    let state: SavedState = serde_json::from_str(&text).map_err(|e| StateError::Format {
        path: path.into(),
        reason: e.to_string(),
    })?;
    if state.format != FORMAT {
        return Err(StateError::Format {
            path: path.into(),
            reason: format!("format '{}', expected '{FORMAT}'", state.format),
        });
    }
    Ok(state)
}

/// Writes `state` to `path` (replacing it).
pub fn save(path: &Path, state: &SavedState) -> Result<(), StateError> {
    let text = serde_json::to_string_pretty(state).map_err(|e| StateError::Format {
        path: path.into(),
        reason: e.to_string(),
    })?;
    std::fs::write(path, text + "\n").map_err(|source| StateError::Io {
        path: path.into(),
        source,
    })
}

/// `-config [file=F] [outname=F] [discard=true|false] [stats=true|false]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigFlag {
    /// `file=`: the state to resume from.
    pub file: Option<PathBuf>,
    /// `outname=`: where the state is saved.
    pub outname: Option<PathBuf>,
    /// `discard=true`: the file's state is not used (only where to save).
    pub discard: bool,
    /// `stats=false`: the file's games are not counted (the settings are used).
    pub no_stats: bool,
}

/// Splits `-config KEY=VALUE...` off `args`: the other arguments and the flag's keys
/// (`Err`: a key that is not fastchess's, with its text).
pub fn split_config(args: &[String]) -> Result<(Vec<String>, Option<ConfigFlag>), String> {
    let mut rest = Vec::new();
    let mut flag: Option<ConfigFlag> = None;
    let mut inside = false;
    for a in args {
        if a == "-config" || a == "--config" {
            inside = true;
            flag.get_or_insert_with(ConfigFlag::default);
            continue;
        }
        if inside && !a.starts_with('-') {
            let c = flag.get_or_insert_with(ConfigFlag::default);
            match a.split_once('=') {
                Some(("file", v)) => c.file = Some(PathBuf::from(v)),
                Some(("outname", v)) => c.outname = Some(PathBuf::from(v)),
                Some(("discard", "true" | "false")) => c.discard = a.ends_with("true"),
                Some(("stats", "true" | "false")) => c.no_stats = a.ends_with("false"),
                _ => return Err(a.clone()),
            }
            continue;
        }
        inside = false;
        rest.push(a.clone());
    }
    Ok((rest, flag))
}

/// Why `-config` was refused.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A key that is not fastchess's.
    #[error("-config: unknown key or bad value '{0}' (file=, outname=, discard=, stats=)")]
    Key(String),
    /// `-engine` or `-each` given with a state to resume.
    #[error("-config file=: the engines are the saved run's; give no -engine or -each (or discard=true)")]
    Engines,
    /// The state file.
    #[error("-config")]
    State(#[source] StateError),
    /// A saved game that does not fit the saved command line.
    #[error("-config: {}: {reason}", path.display())]
    Game {
        /// The state file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// The match of `args` (cutechess-cli's command line with fastchess's `-config` and
/// `-autosaveinterval`): a resumed run's saved command line and games when `-config
/// file=F` names a state, and where its state is saved.
pub fn prepare(args: &[String], default_seed: u64) -> Result<MatchConfig, crate::MatchError> {
    let (rest, flag) = split_config(args).map_err(ConfigError::Key)?;
    let flag = flag.unwrap_or_default();
    let loaded = match (&flag.file, flag.discard) {
        (Some(f), false) => Some((f, load(f).map_err(ConfigError::State)?)),
        _ => None,
    };
    let mut line = Vec::new();
    if let Some((_, state)) = &loaded {
        if rest.iter().any(|a| a == "-engine" || a == "-each") {
            return Err(ConfigError::Engines.into());
        }
        line.extend(state.args.iter().cloned());
    }
    line.extend(rest);
    let mut cfg = args::parse(&line, default_seed)?;
    if let Some((path, state)) = loaded.filter(|_| !flag.no_stats) {
        for g in &state.games {
            let rec = g
                .record(cfg.engines.len())
                .map_err(|reason| ConfigError::Game {
                    path: path.clone(),
                    reason,
                })?;
            cfg.resumed.push(rec);
        }
    }
    let wanted = flag.file.is_some() || flag.outname.is_some() || cfg.autosave_interval.is_some();
    if wanted && cfg.autosave_interval != Some(0) {
        let mut saved: Vec<String> = line.iter().filter(|a| !a.is_empty()).cloned().collect();
        saved.extend(["-seed".to_string(), cfg.seed.to_string()]);
        cfg.autosave = Some(Autosave {
            path: flag
                .outname
                .or(flag.file)
                .unwrap_or_else(|| PathBuf::from(DEFAULT_FILE)),
            interval: cfg.autosave_interval.unwrap_or(DEFAULT_INTERVAL),
            args: saved,
        });
    }
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_config_flag_is_split_off() {
        let (rest, c) = split_config(&words(
            "-rounds 2 -config file=a.json outname=b.json -games 2",
        ))
        .unwrap();
        assert_eq!(rest, words("-rounds 2 -games 2"));
        let c = c.unwrap();
        assert_eq!(c.file, Some(PathBuf::from("a.json")));
        assert_eq!(c.outname, Some(PathBuf::from("b.json")));
        assert!(!c.discard && !c.no_stats);
        assert_eq!(split_config(&words("-config fil=x")).unwrap_err(), "fil=x");
        assert_eq!(split_config(&words("-games 2")).unwrap().1, None);
    }

    #[test]
    fn games_survive_a_round_trip() {
        let g = SavedGame {
            number: 3,
            round: 2,
            white: 1,
            black: 0,
            winner: Some("black".into()),
            reason: "Black mates".into(),
            termination: "normal".into(),
            final_fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            seed: 7,
            oversteps: [(1, 2500), (0, 0)],
        };
        let rec = g.record(2).unwrap();
        assert_eq!(rec.winner_engine(), Some(0));
        assert_eq!(SavedGame::of(&rec), g);
        assert!(g.record(1).is_err());
        let bad = SavedGame {
            termination: "boredom".into(),
            ..g
        };
        assert!(bad.record(2).is_err());
    }
}
