//! The keys of `-engine` and `-each` (cutechess-cli's engine options): the program and its
//! protocol, the limits, `option.NAME=VALUE`, `ponder`, `whitepov`, `initstr=`, `stderr=`,
//! and `conf=NAME`, which takes an engine from `engines.json` (later keys override it).

use std::path::PathBuf;
use std::time::Duration;

use super::{
    bad_value, integer, integer_u32, number, seconds, ArgError, EngineSpec, MatchConfig, Proto,
    MAX_DEPTH, MAX_MARGIN_MS, MAX_MOVES, MAX_NODES,
};
use crate::engines_file::EnginesFile;
use crate::timecontrol::{SearchLimits, TimeControl};
use escalade_session::registry;

/// Engine keys cutechess-cli takes without a value.
const BARE_KEYS: &[&str] = &["ponder", "trust", "whitepov"];

/// cutechess-cli's `bookdepth=` when none is given, in full moves.
const DEFAULT_BOOK_DEPTH: u32 = 1000;

/// Why `book=` is refused outside chess.
const NO_POLYGLOT: &str = "Polyglot keys are keys of chess positions: a book works only \
                           with -variant normal (give other variants' opening lines with \
                           -openings file=FILE format=pgn)";

/// A partly specified engine (`-engine` or `-each`).
#[derive(Default)]
pub(super) struct EngineKeys {
    pub pairs: Vec<(String, String)>,
}

/// The engine keys read so far: one group per `-engine`, and the `-each` keys.
#[derive(Default)]
pub(super) struct EngineFlags {
    pub engines: Vec<EngineKeys>,
    pub each: EngineKeys,
}

/// The `KEY=VALUE` tokens of an engine flag; `ponder`, `trust` and `whitepov` may stand
/// alone (as `KEY=true`).
pub(super) fn engine_pairs(
    flag: &str,
    values: &[String],
) -> Result<Vec<(String, String)>, ArgError> {
    values
        .iter()
        .map(|v| match v.split_once('=') {
            Some((k, val)) => Ok((k.to_string(), val.to_string())),
            None if BARE_KEYS.contains(&v.as_str()) => Ok((v.clone(), "true".into())),
            None => Err(ArgError::NotKeyValue {
                flag: flag.into(),
                token: v.clone(),
            }),
        })
        .collect()
}

fn proto(flag: &str, value: &str) -> Result<Proto, ArgError> {
    match value {
        "xboard" | "cecp" => Ok(Proto::Xboard),
        "uci" => Ok(Proto::Uci),
        _ => Err(ArgError::BadProto {
            flag: flag.into(),
            value: value.into(),
        }),
    }
}

fn boolean(flag: &str, key: &str, value: &str) -> Result<bool, ArgError> {
    match value {
        "true" | "1" | "on" | "yes" => Ok(true),
        "false" | "0" | "off" | "no" => Ok(false),
        _ => Err(bad_value(flag, key, value)),
    }
}

/// `cmd=`: a command with spaces is split into the program and its arguments.
fn set_command(spec: &mut EngineSpec, value: &str) {
    let mut parts = value.split_whitespace().map(str::to_string);
    spec.cmd = parts.next().unwrap_or_default();
    spec.args.extend(parts);
}

/// Sets option `name` (the last value given wins).
fn set_option(spec: &mut EngineSpec, name: &str, value: &str) {
    spec.options.retain(|(n, _)| n != name);
    spec.options.push((name.to_string(), value.to_string()));
}

/// `conf=NAME`: the entry of `engines.json` (read once, kept in `file`).
fn apply_conf(
    spec: &mut EngineSpec,
    file: &mut Option<EnginesFile>,
    flag: &str,
    name: &str,
) -> Result<(), ArgError> {
    let conf = |source| ArgError::Conf {
        flag: flag.into(),
        name: name.into(),
        source,
    };
    let file = match file {
        Some(f) => f,
        None => file.insert(EnginesFile::find().map_err(conf)?),
    };
    let entry = file.get(name).map_err(conf)?;
    spec.name = Some(entry.name.clone());
    if !entry.command.is_empty() {
        spec.args.clear();
        set_command(spec, &entry.command);
    }
    if !entry.working_directory.is_empty() {
        spec.dir = Some(PathBuf::from(&entry.working_directory));
    }
    if !entry.protocol.is_empty() {
        spec.proto = proto(flag, &entry.protocol)?;
    }
    if !entry.stderr_file.is_empty() {
        spec.stderr = Some(PathBuf::from(&entry.stderr_file));
    }
    spec.init_strings.extend(entry.init_strings.iter().cloned());
    spec.whitepov |= entry.whitepov;
    spec.ponder |= entry.ponder;
    spec.variants.clone_from(&entry.variants);
    for o in &entry.options {
        if let Some(v) = o.value_text() {
            set_option(spec, &o.name, &v);
        }
    }
    Ok(())
}

/// The limit keys: `tc=`, `st=`, `depth=`, `nodes=`, `timemargin=`, `stall=`. False when
/// `key` is none of them.
fn apply_limit(
    limits: &mut SearchLimits,
    flag: &str,
    key: &str,
    value: &str,
) -> Result<bool, ArgError> {
    match key {
        "tc" => {
            limits.tc = match value {
                "inf" | "infinite" => None,
                _ => Some(
                    TimeControl::parse(value).map_err(|source| ArgError::TimeControl {
                        flag: flag.into(),
                        source,
                    })?,
                ),
            }
        }
        "st" => limits.movetime = Some(seconds(flag, key, value)?),
        "depth" => limits.depth = Some(integer_u32(flag, key, value, 1, MAX_DEPTH)?),
        "nodes" => limits.nodes = Some(integer(flag, key, value, 1, MAX_NODES)?),
        "timemargin" => {
            limits.margin = Duration::from_millis(integer(flag, key, value, 0, MAX_MARGIN_MS)?)
        }
        "stall" => limits.stall = seconds(flag, key, value)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Keys of cutechess-cli that change nothing here, checked and reported.
fn apply_ignored(flag: &str, key: &str, value: &str) -> Result<bool, ArgError> {
    match key {
        "restart" => match value {
            "auto" | "on" => {}
            "off" => log::warn!("-{flag}: restart=off is ignored: engines restart every game"),
            _ => return Err(bad_value(flag, key, value)),
        },
        // The runner reads no result claims: every game is refereed by the rules crate.
        "trust" => {}
        "tscale" => {
            let x: f64 = number(flag, key, value)?;
            if !(x.is_finite() && x > 0.0) {
                return Err(bad_value(flag, key, value));
            }
            log::warn!("-{flag}: tscale= is ignored (fixed protocol timeouts)");
        }
        _ => return Ok(false),
    }
    Ok(true)
}

fn apply_key(
    spec: &mut EngineSpec,
    file: &mut Option<EnginesFile>,
    flag: &str,
    key: &str,
    value: &str,
) -> Result<(), ArgError> {
    if apply_limit(&mut spec.limits, flag, key, value)? || apply_ignored(flag, key, value)? {
        return Ok(());
    }
    match key {
        "conf" => apply_conf(spec, file, flag, value)?,
        "cmd" => set_command(spec, value),
        "arg" => spec.args.push(value.to_string()),
        "dir" => spec.dir = Some(PathBuf::from(value)),
        "name" => spec.name = Some(value.to_string()),
        "proto" => spec.proto = proto(flag, value)?,
        "ponder" => spec.ponder = boolean(flag, key, value)?,
        "whitepov" => spec.whitepov = boolean(flag, key, value)?,
        "initstr" => spec
            .init_strings
            .extend(value.replace("\\n", "\n").lines().map(str::to_string)),
        "stderr" => spec.stderr = Some(PathBuf::from(value)),
        "book" => spec.book = Some(PathBuf::from(value)),
        "bookdepth" => spec.book_depth = integer_u32(flag, key, value, 1, MAX_MOVES)?,
        _ => match key.strip_prefix("option.") {
            Some(name) if !name.is_empty() => set_option(spec, name, value),
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

/// An engine before any key: XBoard, no limit, no time margin (cutechess-cli's default),
/// 60 s to wait for a move without a clock.
fn new_spec() -> EngineSpec {
    EngineSpec {
        name: None,
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: Proto::Xboard,
        options: Vec::new(),
        limits: SearchLimits {
            margin: Duration::ZERO,
            stall: Duration::from_secs(60),
            ..SearchLimits::default()
        },
        ponder: false,
        whitepov: false,
        init_strings: Vec::new(),
        stderr: None,
        book: None,
        book_depth: DEFAULT_BOOK_DEPTH,
        variants: None,
    }
}

/// The engines of the match: each `-engine`'s keys, then the `-each` keys over them
/// (cutechess-cli applies `-each` last, so its keys win).
pub(super) fn build_engines(keys: &EngineFlags) -> Result<Vec<EngineSpec>, ArgError> {
    let mut file = None;
    let mut out = Vec::new();
    for (i, engine) in keys.engines.iter().enumerate() {
        let mut spec = new_spec();
        for (k, v) in engine.pairs.iter().chain(&keys.each.pairs) {
            apply_key(&mut spec, &mut file, "engine", k, v)?;
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

/// An engine whose `engines.json` entry lists variants must list the match's; a Polyglot
/// book needs chess.
pub(super) fn check_variants(cfg: &MatchConfig) -> Result<(), ArgError> {
    for (i, spec) in cfg.engines.iter().enumerate() {
        if spec.book.is_some() && cfg.variant != registry::DEFAULT_VARIANT {
            return Err(ArgError::InapplicableKey {
                flag: "engine".into(),
                key: "book".into(),
                reason: NO_POLYGLOT,
            });
        }
        let Some(list) = &spec.variants else { continue };
        let plays = list
            .iter()
            .any(|v| registry::canonical(v).is_ok_and(|c| c == cfg.variant));
        if !plays {
            return Err(ArgError::EngineVariant {
                number: i + 1,
                name: spec.name.clone().unwrap_or_else(|| spec.cmd.clone()),
                variant: cfg.variant.clone(),
                listed: list.join(", "),
            });
        }
    }
    Ok(())
}
