//! UCI identification and options: the engine's options as `escalade_session::options` declares them
//! (`Hash`, `Clear Hash`, `Threads`, `MultiPV`, `Ponder`, `Skill Level`, `Move Overhead`,
//! `Seed`, `RandomMover`, `MaxDepth`), plus `UCI_Variant` (every registered variant).

use super::Uci;
use escalade_session::options::{self, Applied, OPTIONS};
use escalade_session::registry;
use escalade_session::session::{self, Notation};

impl Uci {
    /// The answer to `uci`: every option of `escalade_session::options`, and `UCI_Variant`.
    pub(super) fn identify(&self) {
        self.line(&format!("id name Escalade {}", env!("CARGO_PKG_VERSION")));
        self.line("id author the Escalade authors");
        for option in OPTIONS.iter().filter(|o| o.uci) {
            self.line(&options::uci_line(option));
        }
        if self.list_search_params {
            for line in options::search_param_uci_lines() {
                self.line(&line);
            }
        }
        // `chess` (an alias of `normal`) is the name UCI tools such as python-chess use.
        let vars: Vec<String> = std::iter::once("chess")
            .chain(registry::names())
            .map(|n| format!("var {n}"))
            .collect();
        self.line(&format!(
            "option name UCI_Variant type combo default chess {}",
            vars.join(" ")
        ));
        self.line("uciok");
    }

    /// `setoption name NAME [value VALUE]`. A bad value is refused (logged, nothing
    /// changes); an out-of-range number is clamped to the advertised range.
    pub(super) fn set_option(&mut self, rest: &str) {
        let Some(body) = rest.strip_prefix("name") else {
            return self.refuse(&format!("setoption without name: {rest}"));
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => return self.set_variant(value),
            "ponder" | "uci_chess960" | "uci_analysemode" | "uci_showwdl" => return,
            _ => {}
        }
        match options::apply(&mut self.settings, name, value) {
            Ok(Applied::Button(_)) => self.session.clear_hash(),
            Ok(Applied::Settings { note }) => {
                if let Some(note) = note {
                    self.refuse(&note);
                }
                self.session.configure(self.settings);
            }
            Err(e) => self.refuse(&e.to_string()),
        }
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
