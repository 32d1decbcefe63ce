//! UCI identification and options: `Hash`, `Clear Hash`, `Threads`, `MultiPV`, `Ponder`,
//! `Skill Level` (0-20, 20 full strength), `Move Overhead`,
//! `UCI_Variant` (every registered variant), `Seed` (the dice and the random mover), and the
//! baseline opponents `RandomMover` (uniformly random legal moves) and `MaxDepth`.

use std::time::Duration;

use escalade_engine::MAX_SKILL_LEVEL;

use super::Uci;
use crate::registry;
use crate::session::{self, Notation};

/// The largest `MaxDepth` (0 is no limit).
pub const MAX_DEPTH_OPTION: u32 = 128;

/// The largest `MultiPV`.
pub const MAX_MULTI_PV: usize = 256;

/// Default `Move Overhead` in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 10;

/// A spin option as `uci` announces it: name, default, min, max.
struct Spin {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
}

/// Every spin option: what `uci` announces and what `setoption` clamps to.
const SPINS: &[Spin] = &[
    Spin {
        name: "Hash",
        default: 16,
        min: 1,
        max: 65536,
    },
    Spin {
        name: "Threads",
        default: 1,
        min: 1,
        max: 256,
    },
    Spin {
        name: "MultiPV",
        default: 1,
        min: 1,
        max: MAX_MULTI_PV as i64,
    },
    Spin {
        name: "Skill Level",
        default: MAX_SKILL_LEVEL as i64,
        min: 0,
        max: MAX_SKILL_LEVEL as i64,
    },
    Spin {
        name: "Move Overhead",
        default: DEFAULT_OVERHEAD_MS as i64,
        min: 0,
        max: 5000,
    },
    Spin {
        name: "Seed",
        default: 0,
        min: 0,
        max: 2_000_000_000,
    },
    Spin {
        name: "MaxDepth",
        default: 0,
        min: 0,
        max: MAX_DEPTH_OPTION as i64,
    },
];

fn spin(name: &str) -> &'static Spin {
    SPINS
        .iter()
        .find(|s| s.name == name)
        .expect("every spin option is declared in SPINS")
}

fn spin_line(name: &str) -> String {
    let s = spin(name);
    format!(
        "option name {} type spin default {} min {} max {}",
        s.name, s.default, s.min, s.max
    )
}

/// Reads a spin value: an integer of any size, clamped to the option's range (never
/// wrapped); the error names the option.
fn spin_value(name: &str, value: &str) -> Result<i64, String> {
    let s = spin(name);
    let n: i128 = value.parse().map_err(|_| {
        format!(
            "bad {name} value '{value}' (an integer from {} to {})",
            s.min, s.max
        )
    })?;
    let clamped = n.clamp(s.min as i128, s.max as i128) as i64;
    if clamped as i128 != n {
        log::warn!("uci: {name} {value} is out of range; using {clamped}");
    }
    Ok(clamped)
}

impl Uci {
    /// The answer to `uci`.
    pub(super) fn identify(&self) {
        self.line(&format!("id name Escalade {}", env!("CARGO_PKG_VERSION")));
        self.line("id author the Escalade authors");
        self.line(&spin_line("Hash"));
        self.line("option name Clear Hash type button");
        self.line(&spin_line("Threads"));
        self.line(&spin_line("MultiPV"));
        self.line("option name Ponder type check default false");
        self.line(&spin_line("Skill Level"));
        self.line(&spin_line("Move Overhead"));
        // `chess` (an alias of `normal`) is the name UCI tools such as python-chess use.
        let vars: Vec<String> = std::iter::once("chess")
            .chain(registry::names())
            .map(|n| format!("var {n}"))
            .collect();
        self.line(&format!(
            "option name UCI_Variant type combo default chess {}",
            vars.join(" ")
        ));
        self.line(&spin_line("Seed"));
        self.line("option name RandomMover type check default false");
        self.line(&spin_line("MaxDepth"));
        self.line("uciok");
    }

    /// `setoption name NAME [value VALUE]`. A bad value is refused (logged, nothing
    /// changes); an out-of-range number is clamped to the advertised range.
    pub(super) fn set_option(&mut self, rest: &str) {
        if let Err(e) = self.try_set_option(rest) {
            self.refuse(&e);
        }
    }

    fn try_set_option(&mut self, rest: &str) -> Result<(), String> {
        let Some(body) = rest.strip_prefix("name") else {
            return Err(format!("setoption without name: {rest}"));
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb = spin_value("Hash", value)? as usize;
                let cap = escalade_engine::max_hash_mb();
                if mb > cap {
                    self.refuse(&format!(
                        "Hash {mb} MB is more than half of this machine's memory; using {cap} MB"
                    ));
                }
                self.settings.hash_mb = mb.min(cap);
            }
            "threads" => self.settings.threads = spin_value("Threads", value)? as usize,
            "seed" => self.settings.seed = spin_value("Seed", value)? as u64,
            "randommover" => match value.to_ascii_lowercase().as_str() {
                "true" => self.settings.random_mover = true,
                "false" => self.settings.random_mover = false,
                _ => return Err(format!("bad RandomMover value '{value}'")),
            },
            "maxdepth" => self.settings.max_depth = spin_value("MaxDepth", value)? as u32,
            "move overhead" => {
                let ms = spin_value("Move Overhead", value)? as u64;
                self.move_overhead = Duration::from_millis(ms);
            }
            "multipv" => self.settings.multi_pv = spin_value("MultiPV", value)? as usize,
            "clear hash" => {
                self.session.clear_hash();
                return Ok(());
            }
            "skill level" => self.settings.skill_level = spin_value("Skill Level", value)? as u32,
            "ponder" | "uci_chess960" | "uci_analysemode" | "uci_showwdl" => {}
            "uci_variant" => {
                self.set_variant(value);
                return Ok(());
            }
            _ => return Err(format!("unknown option {name}")),
        }
        self.session.configure(self.settings);
        Ok(())
    }

    fn set_variant(&mut self, name: &str) {
        // the old table goes before the new one comes (a known name cannot fail to open)
        if registry::canonical(name).is_ok() {
            self.session.release_engine();
        }
        match session::open(name, self.settings) {
            Ok(s) => {
                self.session = s;
                let layout = self.session.gui_layout();
                self.line(&format!(
                    "info string variant {} files {} ranks {} pocket {} startpos {}",
                    self.session.variant(),
                    layout.files,
                    layout.ranks,
                    layout.holdings,
                    self.session.fen(Notation::Engine)
                ));
            }
            Err(e) => self.refuse(&e.to_string()),
        }
    }
}
