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

impl Uci {
    /// The answer to `uci`.
    pub(super) fn identify(&self) {
        self.line(&format!("id name Escalade {}", env!("CARGO_PKG_VERSION")));
        self.line("id author the Escalade authors");
        self.line("option name Hash type spin default 16 min 1 max 65536");
        self.line("option name Clear Hash type button");
        self.line("option name Threads type spin default 1 min 1 max 256");
        self.line(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"
        ));
        self.line("option name Ponder type check default false");
        self.line(&format!(
            "option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max {MAX_SKILL_LEVEL}"
        ));
        self.line(&format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"
        ));
        // `chess` (an alias of `normal`) is the name UCI tools such as python-chess use.
        let vars: Vec<String> = std::iter::once("chess")
            .chain(registry::names())
            .map(|n| format!("var {n}"))
            .collect();
        self.line(&format!(
            "option name UCI_Variant type combo default chess {}",
            vars.join(" ")
        ));
        self.line("option name Seed type spin default 0 min 0 max 2000000000");
        self.line("option name RandomMover type check default false");
        self.line(&format!(
            "option name MaxDepth type spin default 0 min 0 max {MAX_DEPTH_OPTION}"
        ));
        self.line("uciok");
    }

    /// `setoption name NAME [value VALUE]`.
    pub(super) fn set_option(&mut self, rest: &str) {
        let Some(body) = rest.strip_prefix("name") else {
            log::warn!("uci: setoption without name: {rest}");
            return;
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let number = || value.parse::<u64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number() {
                Some(mb) => self.settings.hash_mb = (mb as usize).clamp(1, 65536),
                None => return log::warn!("uci: bad Hash value {value}"),
            },
            "threads" => match number() {
                Some(n) => self.settings.threads = (n as usize).clamp(1, 256),
                None => return log::warn!("uci: bad Threads value {value}"),
            },
            "seed" => match number() {
                Some(n) => self.settings.seed = n,
                None => return log::warn!("uci: bad Seed value {value}"),
            },
            "randommover" => match value.to_ascii_lowercase().as_str() {
                "true" => self.settings.random_mover = true,
                "false" => self.settings.random_mover = false,
                _ => return log::warn!("uci: bad RandomMover value {value}"),
            },
            "maxdepth" => match number() {
                Some(d) => self.settings.max_depth = d.min(MAX_DEPTH_OPTION as u64) as u32,
                None => return log::warn!("uci: bad MaxDepth value {value}"),
            },
            "move overhead" => match number() {
                Some(ms) => self.move_overhead = Duration::from_millis(ms.min(5000)),
                None => log::warn!("uci: bad Move Overhead value {value}"),
            },
            "multipv" => match number() {
                Some(n) => self.settings.multi_pv = (n as usize).clamp(1, MAX_MULTI_PV),
                None => return log::warn!("uci: bad MultiPV value {value}"),
            },
            "clear hash" => return self.session.clear_hash(),
            "skill level" => match number() {
                Some(n) => self.settings.skill_level = (n as u32).min(MAX_SKILL_LEVEL),
                None => return log::warn!("uci: bad Skill Level value {value}"),
            },
            "ponder" | "uci_chess960" | "uci_analysemode" | "uci_showwdl" => {}
            "uci_variant" => return self.set_variant(value),
            _ => log::warn!("uci: unknown option {name}"),
        }
        self.session.configure(self.settings);
    }

    fn set_variant(&mut self, name: &str) {
        // the old table goes before the new one comes (a known name cannot fail to open)
        if registry::canonical(name).is_ok() {
            self.session.release_engine();
        }
        match session::open(name, self.settings) {
            Ok(s) => {
                self.session = s;
                self.position = None;
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
            Err(e) => log::warn!("uci: {e}"),
        }
    }
}
