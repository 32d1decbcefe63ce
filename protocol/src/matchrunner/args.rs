//! The command line of `escalade match`, in cutechess-cli's style: `-flag key=value ...`
//! groups (`-engine cmd=... proto=uci name=... option.Hash=64 tc=10+0.1`, `-each ...`,
//! `-openings file=... format=epd`, `-sprt elo0=0 elo1=5 ...`) parsed into a
//! [`MatchConfig`]. Every mistake is a message naming the flag, never a panic.

use std::path::PathBuf;
use std::time::Duration;

use crate::registry;

use super::timecontrol::{SearchLimits, TimeControl};

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

/// Splits `args` into `(flag, values)` groups.
fn groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        let is_flag =
            a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit());
        if is_flag {
            out.push((a.trim_start_matches('-').to_string(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(a.clone());
        } else {
            return Err(format!("unexpected '{a}' before any flag"));
        }
    }
    Ok(out)
}

fn key_value<'a>(flag: &str, token: &'a str) -> Result<(&'a str, &'a str), String> {
    token
        .split_once('=')
        .ok_or_else(|| format!("-{flag}: expected KEY=VALUE, got '{token}'"))
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("-{flag}: bad value '{value}' for {key}"))
}

fn seconds(flag: &str, key: &str, value: &str) -> Result<Duration, String> {
    let s: f64 = number(flag, key, value)?;
    if !(s >= 0.0 && s.is_finite()) {
        return Err(format!("-{flag}: bad time '{value}' for {key}"));
    }
    Ok(Duration::from_secs_f64(s))
}

fn single<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, String> {
    match values {
        [v] => Ok(v),
        _ => Err(format!("-{flag} takes exactly one value")),
    }
}

/// A partly specified engine (`-engine` or `-each`).
#[derive(Default)]
struct EngineKeys {
    pairs: Vec<(String, String)>,
}

fn apply_key(spec: &mut EngineSpec, flag: &str, key: &str, value: &str) -> Result<(), String> {
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
                    return Err(format!(
                        "-{flag}: proto must be xboard or uci, not '{value}'"
                    ))
                }
            }
        }
        "tc" => {
            spec.limits.tc = match value {
                "inf" | "infinite" => None,
                _ => Some(TimeControl::parse(value).map_err(|e| format!("-{flag}: {e}"))?),
            }
        }
        "st" => spec.limits.movetime = Some(seconds(flag, key, value)?),
        "depth" => spec.limits.depth = Some(number(flag, key, value)?),
        "nodes" => spec.limits.nodes = Some(number(flag, key, value)?),
        "timemargin" => spec.limits.margin = Duration::from_millis(number(flag, key, value)?),
        "stall" => spec.limits.stall = seconds(flag, key, value)?,
        "restart" | "trust" | "ponder" | "whitepov" | "stderr" => {
            log::warn!("-{flag}: {key}= is accepted but ignored (engines restart every game)")
        }
        _ => match key.strip_prefix("option.") {
            Some(name) if !name.is_empty() => {
                spec.options.retain(|(n, _)| n != name);
                spec.options.push((name.to_string(), value.to_string()));
            }
            _ => return Err(format!("-{flag}: unknown key '{key}'")),
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

fn flag_pairs(flag: &str, values: &[String]) -> Result<Vec<(String, String)>, String> {
    values
        .iter()
        .map(|v| key_value(flag, v).map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

/// Parses the arguments after `escalade match`. `seed` is used when `-seed` is absent.
pub fn parse(args: &[String], default_seed: u64) -> Result<MatchConfig, String> {
    let mut engines: Vec<EngineKeys> = Vec::new();
    let mut each = EngineKeys::default();
    let mut cfg = MatchConfig {
        engines: Vec::new(),
        variant: "normal".into(),
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
        seed: default_seed,
        event: "escalade match".into(),
        debug: false,
    };
    for (flag, values) in groups(args)? {
        let f = flag.as_str();
        match f {
            "engine" => engines.push(EngineKeys {
                pairs: flag_pairs(f, &values)?,
            }),
            "each" => each.pairs.extend(flag_pairs(f, &values)?),
            "variant" => {
                cfg.variant = registry::canonical(single(f, &values)?)
                    .map_err(|e| e.to_string())?
                    .to_string()
            }
            "tournament" => {
                cfg.tournament = match single(f, &values)? {
                    "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
                    "gauntlet" => TournamentKind::Gauntlet,
                    v => return Err(format!("-tournament: unknown kind '{v}'")),
                }
            }
            "rounds" => cfg.rounds = number(f, "N", single(f, &values)?)?,
            "games" => cfg.games = number(f, "N", single(f, &values)?)?,
            "concurrency" => cfg.concurrency = number(f, "N", single(f, &values)?)?,
            "repeat" => {
                cfg.repeat = match values.as_slice() {
                    [] => 2,
                    [v] => number(f, "N", v)?,
                    _ => return Err("-repeat takes at most one value".into()),
                }
            }
            "maxmoves" => cfg.maxmoves = Some(number(f, "N", single(f, &values)?)?),
            "seed" | "srand" => cfg.seed = number(f, "N", single(f, &values)?)?,
            "event" => cfg.event = values.join(" "),
            "debug" => cfg.debug = true,
            "recover" => {}
            "pgnout" => match values.first() {
                Some(file) => cfg.pgnout = Some(PathBuf::from(file)),
                None => return Err("-pgnout needs a file name".into()),
            },
            "openings" => parse_openings(&mut cfg.openings, &values)?,
            "sprt" => cfg.sprt = Some(parse_sprt(&values)?),
            "draw" => cfg.draw = Some(parse_draw(&values)?),
            "resign" => cfg.resign = Some(parse_resign(&values)?),
            "h" | "help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown flag -{flag}\n{USAGE}")),
        }
    }
    for (i, keys) in engines.iter().enumerate() {
        let mut spec = new_spec();
        for (k, v) in each.pairs.iter().chain(&keys.pairs) {
            apply_key(&mut spec, "engine", k, v)?;
        }
        if spec.cmd.is_empty() {
            return Err(format!("-engine number {} has no cmd=", i + 1));
        }
        let l = &spec.limits;
        if l.tc.is_none() && l.movetime.is_none() && l.depth.is_none() && l.nodes.is_none() {
            return Err(format!(
                "-engine number {} has no limit: give tc=, st=, depth= or nodes= (or -each)",
                i + 1
            ));
        }
        cfg.engines.push(spec);
    }
    if cfg.engines.len() < 2 {
        return Err(format!("a match needs at least two -engine\n{USAGE}"));
    }
    if cfg.rounds == 0 || cfg.games == 0 || cfg.repeat == 0 || cfg.concurrency == 0 {
        return Err("-rounds, -games, -repeat and -concurrency must be at least 1".into());
    }
    if cfg.sprt.is_some() && cfg.engines.len() != 2 {
        return Err("-sprt needs exactly two engines".into());
    }
    Ok(cfg)
}

fn parse_openings(o: &mut OpeningSpec, values: &[String]) -> Result<(), String> {
    let f = "openings";
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "file" => o.file = Some(PathBuf::from(v)),
            "format" => {
                o.format = match v.as_str() {
                    "epd" => OpeningFormat::Epd,
                    "fen" => OpeningFormat::Fen,
                    _ => return Err(format!("-openings: format must be epd or fen, not '{v}'")),
                }
            }
            "order" => {
                o.order = match v.as_str() {
                    "random" => OpeningOrder::Random,
                    "sequential" => OpeningOrder::Sequential,
                    _ => return Err(format!("-openings: unknown order '{v}'")),
                }
            }
            "plies" => o.plies = number(f, &k, &v)?,
            "start" => o.start = number::<usize>(f, &k, &v)?.max(1),
            "policy" => {}
            _ => return Err(format!("-openings: unknown key '{k}'")),
        }
    }
    Ok(())
}

fn parse_sprt(values: &[String]) -> Result<SprtSpec, String> {
    let f = "sprt";
    let mut s = SprtSpec {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in flag_pairs(f, values)? {
        let x: f64 = number(f, &k, &v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(format!("-sprt: unknown key '{k}'")),
        }
    }
    let ok = |p: f64| p > 0.0 && p < 0.5;
    if !(ok(s.alpha) && ok(s.beta) && s.elo1 > s.elo0) {
        return Err("-sprt: need 0 < alpha, beta < 0.5 and elo0 < elo1".into());
    }
    Ok(s)
}

fn parse_draw(values: &[String]) -> Result<DrawRule, String> {
    let f = "draw";
    let mut d = DrawRule {
        movenumber: 0,
        movecount: 0,
        score: 0,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movenumber" => d.movenumber = number(f, &k, &v)?,
            "movecount" => d.movecount = number(f, &k, &v)?,
            "score" => d.score = number(f, &k, &v)?,
            _ => return Err(format!("-draw: unknown key '{k}'")),
        }
    }
    if d.movecount == 0 {
        return Err("-draw needs movecount=N (N >= 1)".into());
    }
    Ok(d)
}

fn parse_resign(values: &[String]) -> Result<ResignRule, String> {
    let f = "resign";
    let mut r = ResignRule {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movecount" => r.movecount = number(f, &k, &v)?,
            "score" => r.score = number(f, &k, &v)?,
            "twosided" => r.twosided = number(f, &k, &v)?,
            _ => return Err(format!("-resign: unknown key '{k}'")),
        }
    }
    if r.movecount == 0 || r.score <= 0 {
        return Err("-resign needs movecount=N and score=CP (both positive)".into());
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
}
