//! The command line of `escalade match`, in cutechess-cli's style: `-flag key=value ...`
//! groups (`-engine cmd=... proto=uci name=... option.Hash=64 tc=10+0.1`, `-each ...`,
//! `-openings file=... format=pgn`, `-sprt elo0=0 elo1=5 ...`) parsed into a
//! [`MatchConfig`]. Every mistake is a message naming the flag, never a panic; a flag of
//! cutechess-cli that cannot apply to these games (`-tb`) is refused with its reason.

mod engine_keys;
mod error;
mod fastchess_flags;
mod rules;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::time::Duration;

use escalade_session::registry;

use engine_keys::{build_engines, check_variants, engine_pairs, EngineFlags, EngineKeys};
use fastchess_flags::{parse_log, parse_report};
use rules::{parse_draw, parse_openings, parse_pgnout, parse_resign, parse_sprt};

pub use crate::config::*;
pub use crate::limits_args::*;
pub use error::ArgError;

/// The usage text of `escalade match --help`.
pub const USAGE: &str = "\
usage: escalade match -engine cmd=PROG [name=N] [proto=xboard|uci] [option.NAME=VALUE]...
                      -engine ... [-each KEY=VALUE...] [flags]
engine keys: conf=NAME cmd= arg= dir= name= proto=xboard|uci option.NAME=VALUE
             tc=[MOVES/]TIME[+INC] st=SECONDS depth=N nodes=N timemargin=MS ponder
             whitepov initstr=TEXT stderr=FILE stall=SECONDS book=FILE bookdepth=N
             (tc=hgTIME: hourglass; -each keys win over an engine's own)
flags:
  -variant NAME                 any variant of `escalade variants` (default normal)
  -tournament round-robin|gauntlet|pyramid
  -rounds N  -games N  -repeat [N]  -noswap  -reverse  -concurrency N  -wait MS
  -openings [file=F] [format=pgn|epd|fen] [order=random|sequential] [plies=N] [start=N]
            [policy=default|encounter|round]
  -pgnout FILE [min] [fi]  -epdout FILE  -event NAME  -site NAME
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
  -draw movenumber=N movecount=N score=CP
  -resign movecount=N score=CP [twosided=true]
  -maxmoves N  -seed N (-srand N)  -ratinginterval N  -outcomeinterval N  -debug
  -resultformat FORMAT|FIELD,...|help  -bookmode ram|disk
  -engines (list engines.json)  -version
fastchess: -report penta=true|false  -config [file=F] [outname=F] [discard=true] [stats=false]
  -autosaveinterval N  -use-affinity [CPUS]  -show-latency
  -log file=F [level=trace|debug|info|warn|err|fatal] [append=true|false] [engine=true]";

/// Why tablebase flags are refused.
const NO_TABLEBASES: &str = "tablebases do not exist for these variants";

/// Splits `args` into `(flag, values)` groups.
fn groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, ArgError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        let is_flag =
            a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit());
        if is_flag {
            out.push((a.trim_start_matches('-').to_string(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(a.clone());
        } else {
            return Err(ArgError::StrayValue { value: a.clone() });
        }
    }
    Ok(out)
}

fn key_value<'a>(flag: &str, token: &'a str) -> Result<(&'a str, &'a str), ArgError> {
    token.split_once('=').ok_or_else(|| ArgError::NotKeyValue {
        flag: flag.into(),
        token: token.into(),
    })
}

fn bad_value(flag: &str, key: &str, value: &str) -> ArgError {
    ArgError::BadValue {
        flag: flag.into(),
        key: key.into(),
        value: value.into(),
    }
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, value: &str) -> Result<T, ArgError> {
    value.parse().map_err(|_| bad_value(flag, key, value))
}

/// A time in seconds, more than 0 and at most [`MAX_SECONDS`] (the longest time any time
/// flag may give: larger values are certainly typos, and the runner adds them to clocks
/// and deadlines).
fn seconds(flag: &str, key: &str, value: &str) -> Result<Duration, ArgError> {
    let bad = || ArgError::BadTime {
        flag: flag.into(),
        key: key.into(),
        value: value.into(),
    };
    let s: f64 = value.trim().parse().map_err(|_| bad())?;
    if !(s > 0.0 && s <= MAX_SECONDS) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(s).map_err(|_| bad())
}

fn single<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, ArgError> {
    match values {
        [v] => Ok(v),
        _ => Err(ArgError::NotSingle { flag: flag.into() }),
    }
}

fn flag_pairs(flag: &str, values: &[String]) -> Result<Vec<(String, String)>, ArgError> {
    values
        .iter()
        .map(|v| key_value(flag, v).map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

/// The configuration before any flag is read.
fn default_config(seed: u64) -> MatchConfig {
    MatchConfig {
        engines: Vec::new(),
        variant: escalade_session::registry::DEFAULT_VARIANT.into(),
        tournament: TournamentKind::RoundRobin,
        rounds: 1,
        games: 1,
        repeat: 1,
        concurrency: 1,
        openings: OpeningSpec {
            file: None,
            format: None,
            order: OpeningOrder::Sequential,
            plies: None,
            start: 1,
            policy: OpeningPolicy::Default,
        },
        pgnout: None,
        sprt: None,
        draw: None,
        resign: None,
        maxmoves: None,
        seed,
        event: "escalade match".into(),
        site: "?".into(),
        epdout: None,
        wait: Duration::ZERO,
        swap: true,
        reverse: false,
        rating_interval: 0,
        outcome_interval: 0,
        pgn_minimal: false,
        debug: false,
        report_penta: None,
        result_format: None,
        log: None,
        show_latency: false,
        affinity: None,
        autosave_interval: None,
        autosave: None,
        resumed: Vec::new(),
    }
}

/// The flags of the schedule: engines, variant, tournament and game counts. False when
/// `f` is none of them.
fn apply_schedule_flag(
    cfg: &mut MatchConfig,
    keys: &mut EngineFlags,
    f: &str,
    values: &[String],
) -> Result<bool, ArgError> {
    match f {
        "engine" => keys.engines.push(EngineKeys {
            pairs: engine_pairs(f, values)?,
        }),
        "each" => keys.each.pairs.extend(engine_pairs(f, values)?),
        "variant" => {
            cfg.variant = registry::canonical(single(f, values)?)
                .map_err(ArgError::Variant)?
                .to_string()
        }
        "tournament" => {
            cfg.tournament = match single(f, values)? {
                "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
                "gauntlet" => TournamentKind::Gauntlet,
                "pyramid" => TournamentKind::Pyramid,
                "knockout" => return Err(ArgError::Knockout),
                v => return Err(ArgError::UnknownTournament { value: v.into() }),
            }
        }
        "rounds" => cfg.rounds = integer_usize(f, "N", single(f, values)?, 1, MAX_GAMES)?,
        "games" => cfg.games = integer_usize(f, "N", single(f, values)?, 1, MAX_GAMES)?,
        "concurrency" => {
            cfg.concurrency = integer_usize(f, "N", single(f, values)?, 1, MAX_CONCURRENCY)?
        }
        "repeat" => {
            cfg.repeat = match values {
                [] => 2,
                [v] => integer_usize(f, "N", v, 1, MAX_GAMES)?,
                _ => return Err(ArgError::RepeatValues),
            }
        }
        "noswap" => cfg.swap = false,
        "reverse" => cfg.reverse = true,
        "wait" => {
            cfg.wait = Duration::from_millis(integer(f, "MS", single(f, values)?, 0, MAX_WAIT_MS)?)
        }
        "seeds" => {
            integer(f, "N", single(f, values)?, 0, MAX_GAMES)?;
            log::warn!("-seeds is ignored: it orders knockout brackets, which are not played");
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The flags of the output: PGN, EPD, tags, intervals. False when `f` is none of them.
fn apply_output_flag(cfg: &mut MatchConfig, f: &str, values: &[String]) -> Result<bool, ArgError> {
    match f {
        "event" => cfg.event = values.join(" "),
        "site" => cfg.site = values.join(" "),
        "pgnout" => {
            let (file, minimal) = parse_pgnout(values)?;
            cfg.pgnout = Some(file);
            cfg.pgn_minimal = minimal;
        }
        "epdout" => {
            cfg.epdout = Some(PathBuf::from(
                single(f, values).map_err(|_| ArgError::EpdoutFile)?,
            ))
        }
        "ratinginterval" => {
            cfg.rating_interval = integer_usize(f, "N", single(f, values)?, 0, MAX_GAMES)?
        }
        "outcomeinterval" => {
            cfg.outcome_interval = integer_usize(f, "N", single(f, values)?, 0, MAX_GAMES)?
        }
        "resultformat" => {
            cfg.result_format = Some(
                crate::resultformat::parse(single(f, values)?).map_err(ArgError::ResultFormat)?,
            )
        }
        // Polyglot books are read whole into memory either way.
        "bookmode" => match single(f, values)? {
            "ram" | "disk" => {}
            v => return Err(bad_value(f, "MODE", v)),
        },
        "debug" => cfg.debug = true,
        "report" => cfg.report_penta = Some(parse_report(values)?),
        "log" => cfg.log = Some(parse_log(values)?),
        "show-latency" => cfg.show_latency = true,
        "use-affinity" => {
            cfg.affinity = Some(match values {
                [] => Vec::new(),
                [list] => crate::affinity::parse_list(list).ok_or_else(|| ArgError::Refused {
                    flag: f.into(),
                    reason: format!("bad CPU list '{list}' (expected numbers and ranges: 0,2,4-7)"),
                })?,
                _ => return Err(ArgError::NotSingle { flag: f.into() }),
            })
        }
        "autosaveinterval" => {
            cfg.autosave_interval = Some(integer_usize(f, "N", single(f, values)?, 0, MAX_GAMES)?)
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Applies one `-flag values...` group to `cfg` (engine keys are gathered in `keys`).
fn apply_flag(
    cfg: &mut MatchConfig,
    keys: &mut EngineFlags,
    f: &str,
    values: &[String],
) -> Result<(), ArgError> {
    if apply_schedule_flag(cfg, keys, f, values)? || apply_output_flag(cfg, f, values)? {
        return Ok(());
    }
    match f {
        "maxmoves" => {
            cfg.maxmoves = match integer_u32(f, "N", single(f, values)?, 0, MAX_MOVES)? {
                0 => None,
                n => Some(n),
            }
        }
        "seed" | "srand" => cfg.seed = integer(f, "N", single(f, values)?, 0, u64::MAX)?,
        // Engines restart every game: a crash never stops the match.
        "recover" => {}
        // Answered by `run` before the command line is parsed.
        "engines" | "version" => {}
        "openings" => parse_openings(&mut cfg.openings, values)?,
        "sprt" => cfg.sprt = Some(parse_sprt(values)?),
        "draw" => cfg.draw = Some(parse_draw(values)?),
        "resign" => cfg.resign = Some(parse_resign(values)?),
        "tb" | "tbpieces" | "tbignore50" | "tbadjudicate" => {
            return Err(ArgError::Inapplicable {
                flag: f.into(),
                reason: NO_TABLEBASES,
            })
        }
        "h" | "help" => return Err(ArgError::Help),
        _ => return Err(ArgError::UnknownFlag { flag: f.into() }),
    }
    Ok(())
}

/// The checks on the whole configuration: enough engines, not too many games, engines
/// that play the variant.
fn check_config(cfg: &MatchConfig) -> Result<(), ArgError> {
    if cfg.engines.len() < 2 {
        return Err(ArgError::TooFewEngines);
    }
    if cfg.rounds == 0 || cfg.games == 0 || cfg.repeat == 0 || cfg.concurrency == 0 {
        return Err(ArgError::ZeroCount);
    }
    let n = cfg.engines.len() as u64;
    let encounters = match cfg.tournament {
        TournamentKind::RoundRobin | TournamentKind::Pyramid => n * (n - 1) / 2,
        TournamentKind::Gauntlet => n - 1,
    };
    let total = encounters
        .checked_mul(cfg.rounds as u64)
        .and_then(|x| x.checked_mul(cfg.games as u64));
    if !matches!(total, Some(t) if t <= MAX_GAMES) {
        return Err(ArgError::TooManyGames {
            engines: n,
            rounds: cfg.rounds,
            games: cfg.games,
        });
    }
    if cfg.sprt.is_some() && cfg.engines.len() != 2 {
        return Err(ArgError::SprtEngines);
    }
    check_variants(cfg)
}

/// Parses the arguments after `escalade match`. `seed` is used when `-seed` is absent.
/// `conf=NAME` reads `engines.json` (see [`crate::engines_file`]).
pub fn parse(args: &[String], default_seed: u64) -> Result<MatchConfig, ArgError> {
    let mut cfg = default_config(default_seed);
    let mut keys = EngineFlags::default();
    for (flag, values) in groups(args)? {
        apply_flag(&mut cfg, &mut keys, &flag, &values)?;
    }
    cfg.engines = build_engines(&keys)?;
    check_config(&cfg)?;
    Ok(cfg)
}
