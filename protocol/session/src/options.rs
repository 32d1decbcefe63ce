//! The engine's options, declared once: name, kind, default and range. UCI announces them
//! with `option name ...`, XBoard with `feature option="..."`, and both set them through
//! [`apply`], which reads a value of any size without wrapping (out-of-range numbers are
//! clamped to the declared range) and changes nothing on a bad value. [`Settings`] takes
//! its defaults from here. The search constants (`escalade_engine::SEARCH_PARAMS`, declared
//! in the engine) are set the same way; UCI lists them only under `escalade uci --tunable`
//! (for SPSA through a match runner), so a GUI's option dialog stays short. The search's
//! switches (`escalade_engine::SEARCH_SWITCHES`) are set by name too (`true`/`false` or
//! `1`/`0`, for SPRTs) but listed nowhere: they are not tuned.

use escalade_engine::{SearchParams, MAX_SKILL_LEVEL, SEARCH_PARAMS, SEARCH_SWITCHES};
use thiserror::Error;

/// Engine settings that survive variant changes.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Transposition table size in MiB (`Hash`).
    pub hash_mb: usize,
    /// Search threads (`Threads`), at least 1.
    pub threads: usize,
    /// Seed of the dice (and of the random mover); 0 takes one from the clock.
    pub seed: u64,
    /// Play a uniformly random legal move instead of searching (a baseline opponent).
    pub random_mover: bool,
    /// Deepest iteration of any search (0: no limit besides the protocol's).
    pub max_depth: u32,
    /// Root lines searched and reported (multi-PV), at least 1.
    pub multi_pv: usize,
    /// Playing strength, 0 to 20 (`Skill Level`; 20 is full strength).
    pub skill_level: u32,
    /// Time kept back from every clock for the GUI's communication (`Move Overhead`).
    pub move_overhead_ms: u64,
    /// The XBoard peer carries Escalade's whole grid dialect (`Full Dialect`).
    pub full_dialect: bool,
    /// The search constants the user set (`escalade_engine::SEARCH_PARAMS`, set by name
    /// like options), on top of each game's own defaults.
    pub search: escalade_engine::SearchOverrides,
}

impl Settings {
    /// `Move Overhead` as a duration.
    pub fn move_overhead(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.move_overhead_ms)
    }
}

impl Default for Settings {
    /// The defaults declared with the options (`crate::options`).
    fn default() -> Self {
        Settings {
            hash_mb: spin_default("Hash") as usize,
            threads: spin_default("Threads") as usize,
            seed: spin_default("Seed") as u64,
            random_mover: false,
            max_depth: spin_default("MaxDepth") as u32,
            multi_pv: spin_default("MultiPV") as usize,
            skill_level: spin_default("Skill Level") as u32,
            move_overhead_ms: spin_default("Move Overhead") as u64,
            full_dialect: false,
            search: escalade_engine::SearchOverrides::default(),
        }
    }
}

/// The largest `MaxDepth` (0 is no limit).
pub const MAX_DEPTH_OPTION: u32 = 128;
/// The largest `MultiPV`.
pub const MAX_MULTI_PV: usize = 256;

/// What kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Spin {
        /// The value before any is set.
        default: i64,
        /// The smallest value taken.
        min: i64,
        /// The largest value taken.
        max: i64,
    },
    /// On or off.
    Check {
        /// Whether it is on before any value is set.
        default: bool,
    },
    /// An action without a value.
    Button,
}

/// One engine option.
#[derive(Clone, Copy, Debug)]
pub struct EngineOption {
    /// The name both protocols use.
    pub name: &'static str,
    /// The kind of value it takes, with its default and range.
    pub kind: OptionKind,
    /// Whether XBoard lists it as `feature option` (XBoard sets `Hash`, `Threads` and
    /// `Ponder` with its own commands `memory`, `cores` and `hard`/`easy`).
    pub xboard: bool,
    /// Whether UCI lists it (`Full Dialect` is XBoard's alone).
    pub uci: bool,
    /// Whether the browser board (`escalade gui`) offers it and lets a page set it.
    pub board: bool,
}

impl EngineOption {
    /// The same option, offered on the browser board too.
    const fn on_board(self) -> EngineOption {
        EngineOption {
            board: true,
            ..self
        }
    }
}

const fn spin(name: &'static str, default: i64, min: i64, max: i64, xboard: bool) -> EngineOption {
    EngineOption {
        name,
        kind: OptionKind::Spin { default, min, max },
        xboard,
        uci: true,
        board: false,
    }
}

/// Every option, in the order `uci` lists them.
pub const OPTIONS: &[EngineOption] = &[
    spin("Hash", 16, 1, 65536, false).on_board(),
    EngineOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        xboard: true,
        uci: true,
        board: false,
    },
    spin("Threads", 1, 1, 256, false).on_board(),
    spin("MultiPV", 1, 1, MAX_MULTI_PV as i64, true).on_board(),
    EngineOption {
        name: "Ponder",
        kind: OptionKind::Check { default: false },
        xboard: false,
        uci: true,
        board: false,
    },
    spin(
        "Skill Level",
        MAX_SKILL_LEVEL as i64,
        0,
        MAX_SKILL_LEVEL as i64,
        true,
    )
    .on_board(),
    spin("Move Overhead", 10, 0, 5000, true).on_board(),
    spin("Seed", 0, 0, 2_000_000_000, true),
    EngineOption {
        name: "RandomMover",
        kind: OptionKind::Check { default: false },
        xboard: true,
        uci: true,
        board: false,
    },
    spin("MaxDepth", 0, 0, MAX_DEPTH_OPTION as i64, true),
    // The XBoard peer carries every move of Escalade's grid dialect (`escalade match` sets
    // it): no variant is refused for what XBoard itself cannot show.
    EngineOption {
        name: "Full Dialect",
        kind: OptionKind::Check { default: false },
        xboard: true,
        uci: false,
        board: false,
    },
];

/// The option called `name` (case-insensitive, as UCI allows).
pub fn find(name: &str) -> Option<&'static EngineOption> {
    OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

/// The default of the spin option `name`, which must be declared.
pub const fn spin_default(name: &str) -> i64 {
    let mut i = 0;
    while i < OPTIONS.len() {
        if const_eq(OPTIONS[i].name, name) {
            if let OptionKind::Spin { default, .. } = OPTIONS[i].kind {
                return default;
            }
        }
        i += 1;
    }
    panic!("not a declared spin option")
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Why a value was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option or search constant has this name (the name given, trimmed).
    #[error("unknown option {0}")]
    Unknown(String),
    /// The value does not parse as the option's kind.
    #[error("bad {name} value '{value}' ({expected})")]
    BadValue {
        /// The option's declared name.
        name: &'static str,
        /// The value given, trimmed.
        value: String,
        /// What the option takes, e.g. `an integer from 1 to 256`.
        expected: String,
    },
}

/// What setting an option did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The settings changed; `note` says how when the value was clamped.
    Settings {
        /// What was clamped and to what, or `None` when the value was taken as given.
        note: Option<String>,
    },
    /// A button: the protocol carries out the action (`Clear Hash`).
    Button(&'static str),
}

/// Sets option `name` to `value` in `settings`. Numbers of any size are clamped to the
/// declared range (and the hash to half of the machine's memory); a bad value changes
/// nothing.
pub fn apply(settings: &mut Settings, name: &str, value: &str) -> Result<Applied, OptionError> {
    if let Some(index) = SearchParams::index_of(name) {
        return apply_search_param(settings, index, value);
    }
    if let Some(index) = SearchParams::switch_index_of(name) {
        return apply_search_switch(settings, index, value);
    }
    let option = find(name).ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
    let bad = |expected: String| OptionError::BadValue {
        name: option.name,
        value: value.trim().to_string(),
        expected,
    };
    let mut note = None;
    match option.kind {
        OptionKind::Button => return Ok(Applied::Button(option.name)),
        OptionKind::Check { .. } => {
            let on = match value.trim().to_ascii_lowercase().as_str() {
                "true" | "1" => true,
                "false" | "0" => false,
                _ => return Err(bad("true or false".into())),
            };
            match option.name {
                "RandomMover" => settings.random_mover = on,
                "Full Dialect" => settings.full_dialect = on,
                _ => {}
            }
        }
        OptionKind::Spin { min, max, .. } => {
            let n: i128 = value
                .trim()
                .parse()
                .map_err(|_| bad(format!("an integer from {min} to {max}")))?;
            let mut v = n.clamp(min as i128, max as i128) as i64;
            if v as i128 != n {
                note = Some(format!("{} {n} is out of range; using {v}", option.name));
            }
            if option.name == "Threads" {
                let cap = escalade_engine::max_threads() as i64;
                if v > cap {
                    note = Some(format!(
                        "Threads {v} is more than this machine runs at once; using {cap}"
                    ));
                    v = cap;
                }
            }
            if option.name == "Hash" {
                let cap = escalade_engine::max_hash_mb() as i64;
                if v > cap {
                    note = Some(format!(
                        "Hash {v} MB is more than half of this machine's memory; using {cap} MB"
                    ));
                    v = cap;
                }
            }
            set_spin(settings, option.name, v);
        }
    }
    Ok(Applied::Settings { note })
}

/// Sets the search constant at `index` of `SEARCH_PARAMS` (clamped to its range, as spins).
fn apply_search_param(
    settings: &mut Settings,
    index: usize,
    value: &str,
) -> Result<Applied, OptionError> {
    let spec = &SEARCH_PARAMS[index];
    let n: i128 = value.trim().parse().map_err(|_| OptionError::BadValue {
        name: spec.name,
        value: value.trim().to_string(),
        expected: format!("an integer from {} to {}", spec.min, spec.max),
    })?;
    let v = n.clamp(spec.min as i128, spec.max as i128) as i64;
    let note = (v as i128 != n).then(|| format!("{} {n} is out of range; using {v}", spec.name));
    settings
        .search
        .set(spec.name, v)
        .expect("a clamped value of a declared constant");
    Ok(Applied::Settings { note })
}

/// Turns the search switch at `index` of `SEARCH_SWITCHES` on or off.
fn apply_search_switch(
    settings: &mut Settings,
    index: usize,
    value: &str,
) -> Result<Applied, OptionError> {
    let name = SEARCH_SWITCHES[index].name;
    let on = match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" => 1,
        "false" | "0" => 0,
        _ => {
            return Err(OptionError::BadValue {
                name,
                value: value.trim().to_string(),
                expected: "true or false".into(),
            })
        }
    };
    settings
        .search
        .set(name, on)
        .expect("a declared switch takes 0 or 1");
    Ok(Applied::Settings { note: None })
}

/// `option name NAME type spin ...` for every search constant (`escalade uci --tunable`),
/// with the engine's defaults (a game may have its own: `Evaluate::SEARCH_DEFAULTS`).
pub fn search_param_uci_lines() -> impl Iterator<Item = String> {
    SEARCH_PARAMS.iter().map(|p| {
        format!(
            "option name {} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        )
    })
}

fn set_spin(settings: &mut Settings, name: &str, v: i64) {
    match name {
        "Hash" => settings.hash_mb = v as usize,
        "Threads" => settings.threads = v as usize,
        "MultiPV" => settings.multi_pv = v as usize,
        "Skill Level" => settings.skill_level = v as u32,
        "Move Overhead" => settings.move_overhead_ms = v as u64,
        "Seed" => settings.seed = v as u64,
        "MaxDepth" => settings.max_depth = v as u32,
        _ => unreachable!("every spin option has a setting"),
    }
}

/// `option name NAME type ...` for UCI.
pub fn uci_line(o: &EngineOption) -> String {
    match o.kind {
        OptionKind::Spin { default, min, max } => format!(
            "option name {} type spin default {default} min {min} max {max}",
            o.name
        ),
        OptionKind::Check { default } => {
            format!("option name {} type check default {default}", o.name)
        }
        OptionKind::Button => format!("option name {} type button", o.name),
    }
}

/// `feature option="NAME -kind ..."` for XBoard.
pub fn xboard_line(o: &EngineOption) -> String {
    let body = match o.kind {
        OptionKind::Spin { default, min, max } => {
            format!("{} -spin {default} {min} {max}", o.name)
        }
        OptionKind::Check { default } => format!("{} -check {}", o.name, default as u8),
        OptionKind::Button => format!("{} -button", o.name),
    };
    format!("feature option=\"{body}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_clamped_never_wrapped_and_bad_ones_change_nothing() {
        let mut s = Settings::default();
        assert_eq!(s.hash_mb as i64, spin_default("Hash"));
        let applied = apply(&mut s, "skill level", "4294967296").unwrap();
        assert!(matches!(applied, Applied::Settings { note: Some(_) }));
        assert_eq!(s.skill_level, MAX_SKILL_LEVEL);
        apply(&mut s, "Threads", "-5").unwrap();
        assert_eq!(s.threads, 1);
        apply(&mut s, "MultiPV", "99999999999999999999999999").unwrap();
        assert_eq!(s.multi_pv, MAX_MULTI_PV);
        let before = format!("{s:?}");
        assert!(apply(&mut s, "Hash", "lots").is_err());
        assert!(apply(&mut s, "RandomMover", "maybe").is_err());
        assert!(matches!(
            apply(&mut s, "NoSuchOption", "1"),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(format!("{s:?}"), before);
        assert_eq!(
            apply(&mut s, "Clear Hash", ""),
            Ok(Applied::Button("Clear Hash"))
        );
    }

    #[test]
    fn search_constants_are_set_by_name_clamped_and_listed() {
        let mut s = Settings::default();
        apply(&mut s, "rfpmargin", "150").unwrap();
        assert_eq!(s.search.get("RfpMargin"), Some(150));
        let applied = apply(&mut s, "RfpMargin", "99999").unwrap();
        assert!(matches!(applied, Applied::Settings { note: Some(_) }));
        assert_eq!(s.search.get("RfpMargin"), Some(300));
        let before = s.search;
        assert!(apply(&mut s, "RfpMargin", "wide").is_err());
        assert_eq!(s.search, before);
        apply(&mut s, "lmrchecks", "true").unwrap();
        assert_eq!(s.search.get("LmrChecks"), Some(1));
        apply(&mut s, "LmrChecks", "0").unwrap();
        assert_eq!(s.search.get("LmrChecks"), Some(0));
        let before = s.search;
        assert!(apply(&mut s, "LmrChecks", "2").is_err());
        assert_eq!(s.search, before);
        let lines: Vec<String> = search_param_uci_lines().collect();
        assert_eq!(lines.len(), SEARCH_PARAMS.len());
        assert!(!lines.iter().any(|l| l.contains("LmrChecks")));
        assert!(lines.contains(&"option name RfpMargin type spin default 90 min 20 max 300".into()));
    }

    #[test]
    fn both_protocols_announce_the_declared_options() {
        let skill = find("Skill Level").unwrap();
        assert_eq!(
            uci_line(skill),
            "option name Skill Level type spin default 20 min 0 max 20"
        );
        assert_eq!(
            xboard_line(skill),
            "feature option=\"Skill Level -spin 20 0 20\""
        );
        assert_eq!(
            xboard_line(find("RandomMover").unwrap()),
            "feature option=\"RandomMover -check 0\""
        );
    }
}
