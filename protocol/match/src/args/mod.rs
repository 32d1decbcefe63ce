//! The command line of `escalade match`, in cutechess-cli's style: `-flag key=value ...`
//! groups (`-engine cmd=... proto=uci name=... option.Hash=64 tc=10+0.1`, `-each ...`,
//! `-openings file=... format=epd`, `-sprt elo0=0 elo1=5 ...`) parsed into a
//! [`MatchConfig`]. Every mistake is a message naming the flag, never a panic.

use std::path::PathBuf;
use std::time::Duration;

use escalade_session::registry;

use super::timecontrol::{SearchLimits, TimeControl, TimeControlError};

pub use crate::config::*;
pub use crate::limits_args::*;

/// The usage text of `escalade match --help`.
pub const USAGE: &str = "\
usage: escalade match -engine cmd=PROG [name=N] [proto=xboard|uci] [option.NAME=VALUE]...
                      -engine ... [-each KEY=VALUE...] [flags]
engine keys: cmd= arg= dir= name= proto=xboard|uci option.NAME=VALUE tc=[MOVES/]TIME[+INC]
             st=SECONDS depth=N nodes=N timemargin=MS stall=SECONDS
flags:
  -variant NAME                 any variant of `escalade variants` (default normal)
  -tournament round-robin|gauntlet
  -rounds N  -games N  -repeat [N]  -concurrency N
  -openings [file=F] [format=epd|fen] [order=random|sequential] [plies=N] [start=N]
  -pgnout FILE
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
  -draw movenumber=N movecount=N score=CP
  -resign movecount=N score=CP [twosided=true]
  -maxmoves N  -seed N  -event NAME  -debug";

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
    #[error("-variant")]
    Variant(#[source] registry::UnknownVariant),
    #[error("-tournament: unknown kind '{value}'")]
    UnknownTournament { value: String },
    #[error("-repeat takes at most one value")]
    RepeatValues,
    #[error("-pgnout needs a file name")]
    PgnoutFile,
    #[error("-openings: format must be epd or fen, not '{value}'")]
    OpeningFormat { value: String },
    #[error("-openings: unknown order '{value}'")]
    OpeningOrder { value: String },
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

fn number<T: std::str::FromStr>(flag: &str, key: &str, value: &str) -> Result<T, ArgError> {
    value.parse().map_err(|_| ArgError::BadValue {
        flag: flag.into(),
        key: key.into(),
        value: value.into(),
    })
}

/// The longest time any time flag may give (`tc=` base and increment, `st=`, `stall=`):
/// 1,000,000 seconds (11.6 days). Larger values are certainly typos, and the runner adds
/// A time in seconds, more than 0 and at most [`MAX_SECONDS`].
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

/// A partly specified engine (`-engine` or `-each`).
#[derive(Default)]
struct EngineKeys {
    pairs: Vec<(String, String)>,
}

fn apply_key(spec: &mut EngineSpec, flag: &str, key: &str, value: &str) -> Result<(), ArgError> {
    match key {
        "cmd" => {
            let mut parts = value.split_whitespace().map(str::to_string);
            spec.cmd = parts.next().unwrap_or_default();
            spec.args.extend(parts);
        }
        "arg" => spec.args.push(value.to_string()),
        "dir" => spec.dir = Some(PathBuf::from(value)),
        "name" => spec.name = Some(value.to_string()),
        "proto" => {
            spec.proto = match value {
                "xboard" | "cecp" => Proto::Xboard,
                "uci" => Proto::Uci,
                _ => {
                    return Err(ArgError::BadProto {
                        flag: flag.into(),
                        value: value.into(),
                    })
                }
            }
        }
        "tc" => {
            spec.limits.tc = match value {
                "inf" | "infinite" => None,
                _ => Some(
                    TimeControl::parse(value).map_err(|source| ArgError::TimeControl {
                        flag: flag.into(),
                        source,
                    })?,
                ),
            }
        }
        "st" => spec.limits.movetime = Some(seconds(flag, key, value)?),
        "depth" => spec.limits.depth = Some(integer_u32(flag, key, value, 1, MAX_DEPTH)?),
        "nodes" => spec.limits.nodes = Some(integer(flag, key, value, 1, MAX_NODES)?),
        "timemargin" => {
            spec.limits.margin = Duration::from_millis(integer(flag, key, value, 0, MAX_MARGIN_MS)?)
        }
        "stall" => spec.limits.stall = seconds(flag, key, value)?,
        "restart" | "trust" | "ponder" | "whitepov" | "stderr" => {
            log::warn!("-{flag}: {key}= is accepted but ignored (engines restart every game)")
        }
        _ => match key.strip_prefix("option.") {
            Some(name) if !name.is_empty() => {
                spec.options.retain(|(n, _)| n != name);
                spec.options.push((name.to_string(), value.to_string()));
            }
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: flag.into(),
                    key: key.into(),
                })
            }
        },
    }
    Ok(())
}

fn new_spec() -> EngineSpec {
    EngineSpec {
        name: None,
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: Proto::Xboard,
        options: Vec::new(),
        limits: SearchLimits {
            margin: Duration::from_millis(100),
            stall: Duration::from_secs(60),
            ..SearchLimits::default()
        },
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
            format: OpeningFormat::Fen,
            order: OpeningOrder::Sequential,
            plies: 0,
            start: 1,
        },
        pgnout: None,
        sprt: None,
        draw: None,
        resign: None,
        maxmoves: None,
        seed,
        event: "escalade match".into(),
        debug: false,
    }
}

/// The engine keys read so far: one group per `-engine`, and the `-each` keys.
#[derive(Default)]
struct EngineFlags {
    engines: Vec<EngineKeys>,
    each: EngineKeys,
}

/// Applies one `-flag values...` group to `cfg` (engine keys are gathered in `keys`).
fn apply_flag(
    cfg: &mut MatchConfig,
    keys: &mut EngineFlags,
    f: &str,
    values: &[String],
) -> Result<(), ArgError> {
    match f {
        "engine" => keys.engines.push(EngineKeys {
            pairs: flag_pairs(f, values)?,
        }),
        "each" => keys.each.pairs.extend(flag_pairs(f, values)?),
        "variant" => {
            cfg.variant = registry::canonical(single(f, values)?)
                .map_err(ArgError::Variant)?
                .to_string()
        }
        "tournament" => {
            cfg.tournament = match single(f, values)? {
                "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
                "gauntlet" => TournamentKind::Gauntlet,
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
        "maxmoves" => cfg.maxmoves = Some(integer_u32(f, "N", single(f, values)?, 1, MAX_MOVES)?),
        "seed" | "srand" => cfg.seed = integer(f, "N", single(f, values)?, 0, u64::MAX)?,
        "event" => cfg.event = values.join(" "),
        "debug" => cfg.debug = true,
        "recover" => {}
        "pgnout" => match values.first() {
            Some(file) => cfg.pgnout = Some(PathBuf::from(file)),
            None => return Err(ArgError::PgnoutFile),
        },
        "openings" => parse_openings(&mut cfg.openings, values)?,
        "sprt" => cfg.sprt = Some(parse_sprt(values)?),
        "draw" => cfg.draw = Some(parse_draw(values)?),
        "resign" => cfg.resign = Some(parse_resign(values)?),
        "h" | "help" => return Err(ArgError::Help),
        _ => return Err(ArgError::UnknownFlag { flag: f.into() }),
    }
    Ok(())
}

/// The engines of the match: each `-engine`'s keys over the `-each` keys.
fn build_engines(keys: &EngineFlags) -> Result<Vec<EngineSpec>, ArgError> {
    let mut out = Vec::new();
    for (i, engine) in keys.engines.iter().enumerate() {
        let mut spec = new_spec();
        for (k, v) in keys.each.pairs.iter().chain(&engine.pairs) {
            apply_key(&mut spec, "engine", k, v)?;
        }
        if spec.cmd.is_empty() {
            return Err(ArgError::NoCmd { number: i + 1 });
        }
        let l = &spec.limits;
        if l.tc.is_none() && l.movetime.is_none() && l.depth.is_none() && l.nodes.is_none() {
            return Err(ArgError::NoLimit { number: i + 1 });
        }
        out.push(spec);
    }
    Ok(out)
}

/// The checks on the whole configuration: enough engines, not too many games.
fn check_config(cfg: &MatchConfig) -> Result<(), ArgError> {
    if cfg.engines.len() < 2 {
        return Err(ArgError::TooFewEngines);
    }
    if cfg.rounds == 0 || cfg.games == 0 || cfg.repeat == 0 || cfg.concurrency == 0 {
        return Err(ArgError::ZeroCount);
    }
    let n = cfg.engines.len() as u64;
    let encounters = match cfg.tournament {
        TournamentKind::RoundRobin => n * (n - 1) / 2,
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
    Ok(())
}

/// Parses the arguments after `escalade match`. `seed` is used when `-seed` is absent.
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

fn parse_openings(o: &mut OpeningSpec, values: &[String]) -> Result<(), ArgError> {
    let f = "openings";
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "file" => o.file = Some(PathBuf::from(v)),
            "format" => {
                o.format = match v.as_str() {
                    "epd" => OpeningFormat::Epd,
                    "fen" => OpeningFormat::Fen,
                    _ => return Err(ArgError::OpeningFormat { value: v }),
                }
            }
            "order" => {
                o.order = match v.as_str() {
                    "random" => OpeningOrder::Random,
                    "sequential" => OpeningOrder::Sequential,
                    _ => return Err(ArgError::OpeningOrder { value: v }),
                }
            }
            "plies" => o.plies = integer_u32(f, &k, &v, 0, MAX_PLIES)?,
            "start" => o.start = integer_usize(f, &k, &v, 1, MAX_START)?,
            "policy" => {}
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    Ok(())
}

fn parse_sprt(values: &[String]) -> Result<SprtSpec, ArgError> {
    let f = "sprt";
    let mut s = SprtSpec {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in flag_pairs(f, values)? {
        let x: f64 = number(f, &k, &v)?;
        if !x.is_finite() {
            return Err(ArgError::SprtNotFinite { key: k, value: v });
        }
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    let ok = |p: f64| p > 0.0 && p < 0.5;
    if !(ok(s.alpha) && ok(s.beta) && s.elo1 > s.elo0) {
        return Err(ArgError::SprtBounds);
    }
    if s.elo0.abs() > MAX_ELO || s.elo1.abs() > MAX_ELO {
        return Err(ArgError::SprtElo);
    }
    Ok(s)
}

fn parse_draw(values: &[String]) -> Result<DrawRule, ArgError> {
    let f = "draw";
    let mut d = DrawRule {
        movenumber: 0,
        movecount: 0,
        score: 0,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movenumber" => d.movenumber = integer_u32(f, &k, &v, 0, MAX_MOVES)?,
            "movecount" => d.movecount = integer_u32(f, &k, &v, 1, MAX_MOVES)?,
            "score" => d.score = integer(f, &k, &v, 0, MAX_SCORE)? as i32,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    if d.movecount == 0 {
        return Err(ArgError::DrawMovecount);
    }
    Ok(d)
}

fn parse_resign(values: &[String]) -> Result<ResignRule, ArgError> {
    let f = "resign";
    let mut r = ResignRule {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movecount" => r.movecount = integer_u32(f, &k, &v, 1, MAX_MOVES)?,
            "score" => r.score = integer(f, &k, &v, 1, MAX_SCORE)? as i32,
            "twosided" => r.twosided = number(f, &k, &v)?,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    if r.movecount == 0 || r.score <= 0 {
        return Err(ArgError::ResignNeeds);
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_a_cutechess_command_line() {
        let cfg = parse(
            &args(
                "-engine cmd=escalade name=A option.Hash=64 -engine cmd=/usr/games/fairymax \
                 proto=xboard -each tc=10+0.1 proto=uci -variant chess -rounds 2 -games 2 -repeat \
                 -concurrency 2 -openings file=o.epd format=epd order=random plies=4 \
                 -pgnout out.pgn -sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 \
                 -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 \
                 -seed 42 -tournament gauntlet",
            ),
            1,
        )
        .unwrap();
        assert_eq!(cfg.engines.len(), 2);
        assert_eq!(cfg.engines[0].name.as_deref(), Some("A"));
        assert_eq!(cfg.engines[0].proto, Proto::Uci);
        assert_eq!(
            cfg.engines[1].proto,
            Proto::Xboard,
            "the engine's own key wins"
        );
        assert_eq!(cfg.engines[0].options, vec![("Hash".into(), "64".into())]);
        assert_eq!(
            cfg.engines[1].limits.tc,
            Some(TimeControl::parse("10+0.1").unwrap())
        );
        assert_eq!(cfg.variant, "normal");
        assert_eq!(
            (cfg.rounds, cfg.games, cfg.repeat, cfg.concurrency),
            (2, 2, 2, 2)
        );
        assert_eq!(cfg.openings.plies, 4);
        assert_eq!(cfg.openings.format, OpeningFormat::Epd);
        assert_eq!(cfg.openings.order, OpeningOrder::Random);
        assert_eq!(cfg.sprt.unwrap().elo1, 10.0);
        assert_eq!(cfg.draw.unwrap().movecount, 8);
        assert_eq!(cfg.resign.unwrap().score, 600);
        assert_eq!(cfg.seed, 42);
        assert_eq!(cfg.tournament, TournamentKind::Gauntlet);
    }

    #[test]
    fn cmd_with_spaces_is_split() {
        let cfg = parse(&args("-engine cmd=a -engine cmd=b -each depth=1"), 1).unwrap();
        assert_eq!(cfg.engines[1].cmd, "b");
        let cfg = parse(
            &[
                "-engine",
                "cmd=python3 x.py",
                "-engine",
                "cmd=b",
                "-each",
                "st=1",
            ]
            .map(String::from),
            1,
        )
        .unwrap();
        assert_eq!(cfg.engines[0].cmd, "python3");
        assert_eq!(cfg.engines[0].args, vec!["x.py".to_string()]);
    }

    #[test]
    fn mistakes_are_messages() {
        for bad in [
            "",
            "-engine cmd=a",
            "stray -engine cmd=a -engine cmd=b",
            "-engine cmd=a -engine cmd=b -variant nosuch",
            "-engine cmd=a -engine cmd=b -rounds x",
            "-engine cmd=a -engine cmd=b -bogus",
            "-engine cmd=a proto=telnet -engine cmd=b",
            "-engine cmd=a tc=fast -engine cmd=b",
            "-engine name=a -engine cmd=b",
            "-engine cmd=a -engine cmd=b -sprt elo0=5 elo1=0",
            "-engine cmd=a -engine cmd=b -engine cmd=c -sprt elo0=0 elo1=5",
            "-engine cmd=a -engine cmd=b -resign movecount=3",
            "-engine cmd=a -engine cmd=b -games 0",
            "-engine cmd=a -engine cmd=b",
        ] {
            assert!(parse(&args(bad), 1).is_err(), "{bad}");
        }
    }

    /// Every numeric flag refuses negative, non-finite, fractional and absurd values with
    /// a message (the binary exits 2 with it; `tests/tests/match_faults.rs`).
    #[test]
    fn numbers_out_of_range_are_messages() {
        let base = "-engine cmd=a -engine cmd=b";
        for bad in [
            "-each tc=1e20",
            "-each tc=1e19",
            "-each tc=1000001",
            "-each tc=inf+0",
            "-each tc=NaN",
            "-each tc=10+1e308",
            "-each tc=4294967296/10",
            "-each st=1e308",
            "-each st=-1",
            "-each st=0",
            "-each st=NaN",
            "-each st=inf",
            "-each depth=1 stall=1e308",
            "-each depth=1 stall=-5",
            "-each depth=1 stall=inf",
            "-each depth=-1",
            "-each depth=0",
            "-each depth=4294967296",
            "-each depth=1001",
            "-each depth=1.5",
            "-each nodes=-1",
            "-each nodes=18446744073709551616",
            "-each nodes=1e5",
            "-each depth=1 timemargin=18446744073709551615",
            "-each depth=1 timemargin=-1",
            "-each depth=1 timemargin=1e3",
            "-each depth=1 -rounds -1",
            "-each depth=1 -rounds 18446744073709551616",
            "-each depth=1 -rounds 1000000 -games 2",
            "-each depth=1 -games 1000001",
            "-each depth=1 -repeat -2",
            "-each depth=1 -repeat 0",
            "-each depth=1 -concurrency 0",
            "-each depth=1 -concurrency 100000",
            "-each depth=1 -openings plies=-1",
            "-each depth=1 -openings plies=4294967296",
            "-each depth=1 -openings start=0",
            "-each depth=1 -openings start=-1",
            "-each depth=1 -openings start=99999999999999999999",
            "-each depth=1 -draw movenumber=-1 movecount=2 score=10",
            "-each depth=1 -draw movecount=4294967296 score=10",
            "-each depth=1 -draw movecount=2 score=-10",
            "-each depth=1 -draw movecount=2 score=2147483648",
            "-each depth=1 -resign movecount=2 score=-600",
            "-each depth=1 -resign movecount=-2 score=600",
            "-each depth=1 -resign movecount=2 score=99999999999",
            "-each depth=1 -maxmoves 0",
            "-each depth=1 -maxmoves -5",
            "-each depth=1 -maxmoves 4294967295",
            "-each depth=1 -seed -1",
            "-each depth=1 -seed 18446744073709551616",
            "-each depth=1 -sprt elo0=0 elo1=inf",
            "-each depth=1 -sprt elo0=-inf elo1=5",
            "-each depth=1 -sprt elo0=NaN elo1=5",
            "-each depth=1 -sprt elo0=0 elo1=1e308",
            "-each depth=1 -sprt elo0=0 elo1=5 alpha=NaN",
        ] {
            let line = format!("{base} {bad}");
            match parse(&args(&line), 1) {
                Ok(_) => panic!("accepted {bad}"),
                Err(e) => {
                    let e = crate::error_chain(&e);
                    assert!(!e.is_empty() && !e.contains("usage"), "{bad}: {e}")
                }
            }
        }
        for good in [
            "-each tc=1000000",
            "-each tc=40/1000000+1000000",
            "-each st=1000000 timemargin=1000000000",
            "-each depth=1000 stall=1000000",
            "-each nodes=1000000000000000",
            "-each depth=1 -rounds 1000 -games 1000 -repeat 1000000 -concurrency 512",
            "-each depth=1 -maxmoves 1000000 -seed 18446744073709551615",
            "-each depth=1 -openings plies=1000 start=1000000000",
            "-each depth=1 -sprt elo0=-2000 elo1=2000",
            "-each depth=1 -draw movenumber=0 movecount=1 score=0",
        ] {
            let line = format!("{base} {good}");
            if let Err(e) = parse(&args(&line), 1) {
                panic!("{good}: {e}");
            }
        }
    }
}
