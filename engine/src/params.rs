//! The search's constants, declared once: each has a name (the UCI option that sets it)
//! and a default. A number ([`SEARCH_PARAMS`]) also has a range and an SPSA step, and is
//! what `escalade spsa` tunes; a switch ([`SEARCH_SWITCHES`]) turns a feature on or off
//! and is left out of tuning (a game turns it on in its `Evaluate::SEARCH_DEFAULTS`, an
//! SPRT by name: `option.FailLowBonus=1`). [`SearchParams`] holds one value of each; the
//! engine copies it into every thread at the start of a search, so changing a constant
//! between searches (`setoption`, `escalade spsa`) needs no rebuild.
//!
//! By name, a switch reads and takes 0 (off) or 1 (on), so one table of game defaults
//! (`(name, i32)` pairs) and one `setoption` path serve both kinds.
//!
//! ```
//! use escalade_engine::{SearchParams, SEARCH_PARAMS, SEARCH_SWITCHES};
//!
//! let mut params = SearchParams::default();
//! assert_eq!(params.get("RfpMargin"), Some(90));
//! params.set("RfpMargin", 120).unwrap();
//! assert_eq!(params.rfp_margin, 120);
//! // out of range: refused, nothing changes
//! assert!(params.set("RfpMargin", 100_000).is_err());
//! assert_eq!(params.rfp_margin, 120);
//! assert!(SEARCH_PARAMS.iter().any(|p| p.name == "LmrDivisor"));
//! // a switch is no tunable number
//! params.set("LmrChecks", 1).unwrap();
//! assert!(params.lmr_checks);
//! assert!(params.set("LmrChecks", 2).is_err());
//! assert!(SEARCH_SWITCHES.iter().any(|s| s.name == "LmrChecks"));
//! assert!(!SEARCH_PARAMS.iter().any(|p| p.name == "LmrChecks"));
//! ```

use escalade_eval::Evaluate;

/// The declaration of one tunable number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// The name (a UCI option without spaces, so `option.NAME=VALUE` works in match runners).
    pub name: &'static str,
    /// The engine's value, where a game sets none.
    pub default: i32,
    /// The least value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// SPSA's final perturbation (`c_end`): a change that is just measurable in games.
    pub step: f64,
    /// What the constant does.
    pub doc: &'static str,
}

/// The declaration of one on/off feature of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchSpec {
    /// The name (a UCI option without spaces; by name it takes 0 or 1).
    pub name: &'static str,
    /// Whether it is on where a game says nothing.
    pub default: bool,
    /// What the feature does.
    pub doc: &'static str,
}

/// Why a constant was not set (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No constant or switch has this name.
    #[error("unknown search constant {0}")]
    Unknown(String),
    /// The value lies outside the constant's declared range.
    #[error("{name} {value} is out of range {min}..={max}")]
    OutOfRange {
        /// The constant's name.
        name: &'static str,
        /// The value refused.
        value: i64,
        /// The least value accepted.
        min: i32,
        /// The largest value accepted.
        max: i32,
    },
}

/// A constant found by name: the index of a number in [`SEARCH_PARAMS`] or of a switch in
/// [`SEARCH_SWITCHES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Number(usize),
    Switch(usize),
}

macro_rules! search_params {
    (
        numbers { $( $(#[doc = $doc:literal])+ $field:ident: $name:literal = $default:literal,
            $min:literal..=$max:literal, step $step:literal; )* }
        switches { $( $(#[doc = $sdoc:literal])+
            $sfield:ident: $sname:literal = $sdefault:literal; )* }
    ) => {
        /// One value of every search constant (defaults: [`SEARCH_PARAMS`],
        /// [`SEARCH_SWITCHES`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])+ pub $field: i32, )*
            $( $(#[doc = $sdoc])+ pub $sfield: bool, )*
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams { $( $field: $default, )* $( $sfield: $sdefault, )* }
            }
        }

        /// Every tunable number of the search, in the order UCI lists them.
        pub const SEARCH_PARAMS: &[ParamSpec] = &[
            $( ParamSpec {
                name: $name,
                default: $default,
                min: $min,
                max: $max,
                step: $step,
                doc: concat!($($doc),+),
            }, )*
        ];

        /// Every on/off feature of the search (none is tuned).
        pub const SEARCH_SWITCHES: &[SwitchSpec] = &[
            $( SwitchSpec { name: $sname, default: $sdefault, doc: concat!($($sdoc),+) }, )*
        ];

        impl SearchParams {
            fn slot(&mut self, index: usize) -> &mut i32 {
                let slots = [$( &mut self.$field, )*];
                slots.into_iter().nth(index).expect("a declared constant")
            }
            fn switch_slot(&mut self, index: usize) -> &mut bool {
                let slots = [$( &mut self.$sfield, )*];
                slots.into_iter().nth(index).expect("a declared switch")
            }
            /// The value of the number at `index` of [`SEARCH_PARAMS`].
            pub fn value(&self, index: usize) -> i32 {
                [$( self.$field, )*][index]
            }
            /// Whether the switch at `index` of [`SEARCH_SWITCHES`] is on.
            pub fn switch(&self, index: usize) -> bool {
                [$( self.$sfield, )*][index]
            }
        }
    };
}

search_params! {
    numbers {
        /// Half-width of the first aspiration window, in centipawns.
        aspiration_window: "AspirationWindow" = 20, 5..=200, step 4.0;
        /// Reverse futility: margin per ply of depth, in centipawns.
        rfp_margin: "RfpMargin" = 90, 20..=300, step 10.0;
        /// Reverse futility applies up to this depth.
        rfp_depth: "RfpDepth" = 7, 1..=16, step 1.0;
        /// Razoring: a node this deep or shallower whose static evaluation is below alpha by
        /// `RazorMargin` per ply is settled by quiescence when that fails low too; 0: never.
        razor_depth: "RazorDepth" = 0, 0..=8, step 1.0;
        /// Razoring: the margin per ply of depth, in centipawns.
        razor_margin: "RazorMargin" = 250, 50..=1000, step 25.0;
        /// Null move: the reduction at any depth, in plies.
        null_move_base: "NullMoveBase" = 3, 1..=8, step 0.6;
        /// Null move: one more ply of reduction per this many plies of depth.
        null_move_depth_divisor: "NullMoveDepthDivisor" = 4, 1..=16, step 0.6;
        /// Null move: one more ply of reduction per this many centipawns above beta (at most
        /// `NullMoveEvalCap`).
        null_move_eval_divisor: "NullMoveEvalDivisor" = 200, 50..=1000, step 25.0;
        /// Null move: the most plies of reduction the evaluation above beta adds.
        null_move_eval_cap: "NullMoveEvalCap" = 3, 0..=8, step 0.6;
        /// Null move: the least depth at which the side to move may pass.
        null_move_min_depth: "NullMoveMinDepth" = 3, 1..=8, step 0.6;
        /// Futility pruning of quiet moves: the margin at any depth, in centipawns.
        futility_base: "FutilityBase" = 90, 0..=400, step 12.0;
        /// Futility pruning of quiet moves: the margin per ply of depth, in centipawns.
        futility_per_ply: "FutilityPerPly" = 100, 10..=400, step 12.0;
        /// Futility and late-move pruning apply up to this depth.
        prune_depth: "PruneDepth" = 6, 1..=16, step 1.0;
        /// Late-move pruning: quiet moves tried at depth d before the rest are skipped,
        /// `base + d * d` (halved when the evaluation is not improving).
        late_move_base: "LateMoveBase" = 3, 0..=20, step 1.0;
        /// Tactical moves the game calls losing are skipped up to this depth (below the root,
        /// not in check, once a move has a score); 0: never.
        losing_tactical_depth: "LosingTacticalDepth" = 0, 0..=16, step 1.0;
        /// Late-move reductions, `base + ln(depth) ln(moves) / divisor`: the base, in
        /// hundredths of a ply.
        lmr_base: "LmrBase" = 75, -100..=300, step 10.0;
        /// Late-move reductions: the divisor, in hundredths.
        lmr_divisor: "LmrDivisor" = 225, 100..=600, step 15.0;
        /// Late-move reductions: one ply less (more) per this much good (bad) history.
        lmr_history_divisor: "LmrHistoryDivisor" = 8192, 1024..=16384, step 600.0;
        /// History bonus of a cutoff per depth squared.
        history_bonus_scale: "HistoryBonusScale" = 8, 1..=64, step 1.0;
        /// History bonus of a cutoff per ply of depth, added to the part by depth squared.
        history_bonus_per_ply: "HistoryBonusPerPly" = 0, 0..=800, step 30.0;
        /// The largest history bonus of a cutoff.
        history_bonus_max: "HistoryBonusMax" = 1600, 100..=8000, step 120.0;
        /// Singular extensions: the least depth at which a table move is tested for being the
        /// only good move, and extended when it is (0: off).
        singular_depth: "SingularDepth" = 0, 0..=20, step 1.0;
        /// Singular extensions: how far below the table score, per ply of depth, the other
        /// moves must stay.
        singular_margin: "SingularMargin" = 2, 0..=20, step 0.5;
        /// Continuation history: how many plies back (0 to 2) a quiet move's ordering looks
        /// at the moves it answers (0: off).
        cont_history_plies: "ContHistoryPlies" = 0, 0..=2, step 1.0;
        /// Late-move reductions: this many plies less at a node on a principal variation (a
        /// PV node, one whose table entry such a node stored, or one stored when it failed low
        /// at depth 4 or more under such a parent), unless it is a PV node whose table entry
        /// says it failed low as deep.
        lmr_tt_pv: "LmrTtPv" = 0, 0..=3, step 0.5;
        /// Correction history: the share, in percent, of the correction learned under the
        /// game's first key added to the static evaluation, where the game keys corrections
        /// (`Evaluate::correction_key`); 0: off.
        correction_scale: "CorrectionScale" = 0, 0..=200, step 10.0;
        /// Late-move reductions: the most plies a quiet move's history adds to or takes from
        /// its reduction (one per `LmrHistoryDivisor`).
        lmr_history_max: "LmrHistoryMax" = 1, 0..=4, step 0.5;
        /// Time management (`time.rs`): a sudden-death clock's time left is planned over this
        /// many moves.
        time_horizon: "TimeHorizon" = 20, 5..=60, step 2.0;
        /// Time management: the share, per mille, of the increment planned for the move it
        /// comes with.
        time_increment_share: "TimeIncrementShare" = 850, 0..=1000, step 40.0;
        /// Time management: no new iteration starts past this share, per mille, of the move's
        /// planned time (scaled by how stable the iterations are).
        time_start_share: "TimeStartShare" = 600, 200..=1000, step 40.0;
        /// Time management: the share, per mille, of the planned time left to a move whose
        /// best root move has taken most of the search's nodes (`stability.rs`); 1000: all.
        time_effort_share: "TimeEffortShare" = 1000, 300..=1000, step 40.0;
    }
    switches {
        /// Continuation history: the opponent's quiet move whose answer failed low (at depth
        /// 4 or more, or at a PV node) is rewarded as the answer to the moves before it.
        fail_low_bonus: "FailLowBonus" = false;
        /// Late-move reductions of quiet moves that give check: reduced as other quiet moves
        /// are (after their check extension); off: never reduced.
        lmr_checks: "LmrChecks" = false;
        /// `improving` (late-move pruning and reductions, reverse futility) where the side to
        /// move was in check two plies up: compared with the evaluation four plies up; off:
        /// the node is called improving.
        improving_four_plies: "ImprovingFourPlies" = false;
    }
}

impl SearchParams {
    /// The index in [`SEARCH_PARAMS`] of the number called `name` (case-insensitive;
    /// `None` for a switch).
    pub fn index_of(name: &str) -> Option<usize> {
        SEARCH_PARAMS
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }
    /// The index in [`SEARCH_SWITCHES`] of the switch called `name` (case-insensitive).
    pub fn switch_index_of(name: &str) -> Option<usize> {
        SEARCH_SWITCHES
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name.trim()))
    }
    fn named(name: &str) -> Option<Named> {
        Self::index_of(name)
            .map(Named::Number)
            .or_else(|| Self::switch_index_of(name).map(Named::Switch))
    }
    /// The value of the constant called `name` (a switch: 0 or 1).
    pub fn get(&self, name: &str) -> Option<i32> {
        match Self::named(name)? {
            Named::Number(i) => Some(self.value(i)),
            Named::Switch(i) => Some(self.switch(i) as i32),
        }
    }
    /// Sets the constant called `name` (a switch: 0 or 1); an unknown name or a value
    /// outside its declared range is refused and changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let named = Self::named(name).ok_or_else(|| ParamError::Unknown(name.trim().into()))?;
        let (spec_name, min, max) = match named {
            Named::Number(i) => (
                SEARCH_PARAMS[i].name,
                SEARCH_PARAMS[i].min,
                SEARCH_PARAMS[i].max,
            ),
            Named::Switch(i) => (SEARCH_SWITCHES[i].name, 0, 1),
        };
        if value < min as i64 || value > max as i64 {
            return Err(ParamError::OutOfRange {
                name: spec_name,
                value,
                min,
                max,
            });
        }
        match named {
            Named::Number(i) => *self.slot(i) = value as i32,
            Named::Switch(i) => *self.switch_slot(i) = value != 0,
        }
        Ok(())
    }
    /// The engine's defaults with `game`'s own values (`Evaluate::SEARCH_DEFAULTS`) on
    /// top; an unknown name or a value out of range is refused.
    pub fn with_game_defaults(game: &[(&str, i32)]) -> Result<Self, ParamError> {
        let mut params = SearchParams::default();
        for &(name, value) in game {
            params.set(name, value as i64)?;
        }
        Ok(params)
    }
    /// The constants game `P` searches with when the user sets none: the engine's
    /// defaults with the game's own values on top (its table is checked by a test).
    pub fn for_game<P: Evaluate>() -> Self {
        Self::with_game_defaults(P::SEARCH_DEFAULTS).unwrap_or_else(|e| {
            log::error!("bad search default of the game: {e}");
            SearchParams::default()
        })
    }
    /// The history bonus of a cutoff at `depth`.
    #[inline]
    pub(crate) fn history_bonus(&self, depth: i32) -> i32 {
        let grown = depth * (depth * self.history_bonus_scale + self.history_bonus_per_ply);
        grown.min(self.history_bonus_max)
    }
}

/// The search constants a user set by name (`setoption`), kept apart from the defaults:
/// each game has its own ([`SearchParams::for_game`]) and a user's value wins over them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOverrides {
    numbers: [Option<i32>; SEARCH_PARAMS.len()],
    switches: [Option<bool>; SEARCH_SWITCHES.len()],
}

impl Default for SearchOverrides {
    fn default() -> Self {
        SearchOverrides {
            numbers: [None; SEARCH_PARAMS.len()],
            switches: [None; SEARCH_SWITCHES.len()],
        }
    }
}

impl SearchOverrides {
    /// Sets the constant called `name` (a switch: 0 or 1); an unknown name or a value
    /// outside its declared range is refused and changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let mut check = SearchParams::default();
        check.set(name, value)?;
        match SearchParams::named(name).expect("set accepted the name") {
            Named::Number(i) => self.numbers[i] = Some(check.value(i)),
            Named::Switch(i) => self.switches[i] = Some(check.switch(i)),
        }
        Ok(())
    }
    /// The value the user set for the constant called `name`, if any (a switch: 0 or 1).
    pub fn get(&self, name: &str) -> Option<i32> {
        match SearchParams::named(name)? {
            Named::Number(i) => self.numbers[i],
            Named::Switch(i) => self.switches[i].map(i32::from),
        }
    }
    /// `defaults` with the user's values on top.
    pub fn apply_to(&self, mut defaults: SearchParams) -> SearchParams {
        for (i, value) in self.numbers.iter().enumerate() {
            if let Some(v) = value {
                *defaults.slot(i) = *v;
            }
        }
        for (i, on) in self.switches.iter().enumerate() {
            if let Some(on) = on {
                *defaults.switch_slot(i) = *on;
            }
        }
        defaults
    }
    /// The constants game `P` searches with: its own defaults, then the user's values.
    pub fn resolve<P: Evaluate>(&self) -> SearchParams {
        self.apply_to(SearchParams::for_game::<P>())
    }
}

/// Late-move reductions by depth and move number, in whole plies, built from the
/// constants.
pub(crate) struct Reductions(Box<[[u8; 64]; 64]>);

impl Reductions {
    pub(crate) fn new(params: &SearchParams) -> Self {
        let base = params.lmr_base as f64 / 100.0;
        let divisor = params.lmr_divisor as f64 / 100.0;
        let mut t = Box::new([[0u8; 64]; 64]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let plies = base + (d as f64).ln() * (m as f64).ln() / divisor;
                *r = plies.clamp(0.0, 63.0) as u8;
            }
        }
        Reductions(t)
    }
    /// The reduction at `depth` after `searched` moves, in whole plies (rounded down).
    #[inline]
    pub(crate) fn get(&self, depth: i32, searched: usize) -> i32 {
        self.0[depth.clamp(0, 63) as usize][searched.min(63)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_defaults_apply_and_bad_ones_are_refused() {
        let p = SearchParams::with_game_defaults(&[("SingularDepth", 8), ("LmrChecks", 1)]);
        let p = p.unwrap();
        assert_eq!(p.singular_depth, 8);
        assert!(p.lmr_checks);
        assert_eq!(p.rfp_margin, SearchParams::default().rfp_margin);
        assert!(SearchParams::with_game_defaults(&[("Nope", 1)]).is_err());
        assert!(SearchParams::with_game_defaults(&[("SingularDepth", 99)]).is_err());
        assert!(SearchParams::with_game_defaults(&[("FailLowBonus", 2)]).is_err());
    }

    #[test]
    fn a_users_value_wins_over_the_defaults() {
        let mut o = SearchOverrides::default();
        assert!(o.set("Nope", 1).is_err());
        assert!(o.set("RfpMargin", 100_000).is_err());
        assert!(o.set("LmrChecks", -1).is_err());
        assert_eq!(o, SearchOverrides::default());
        o.set("rfpmargin", 120).unwrap();
        o.set("lmrchecks", 0).unwrap();
        assert_eq!(o.get("RfpMargin"), Some(120));
        assert_eq!(o.get("LmrChecks"), Some(0));
        assert_eq!(o.get("LmrBase"), None);
        let game = [("RfpMargin", 150), ("LmrBase", 60), ("LmrChecks", 1)];
        let resolved = o.apply_to(SearchParams::with_game_defaults(&game).unwrap());
        assert_eq!((resolved.rfp_margin, resolved.lmr_base), (120, 60));
        assert!(!resolved.lmr_checks);
    }

    #[test]
    fn every_default_is_in_its_range_and_names_are_unique() {
        let d = SearchParams::default();
        for (i, p) in SEARCH_PARAMS.iter().enumerate() {
            assert_eq!(d.value(i), p.default, "{}", p.name);
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(p.step > 0.0 && !p.name.contains(' '), "{}", p.name);
            assert_eq!(SearchParams::index_of(p.name), Some(i));
            assert_eq!(SearchParams::switch_index_of(p.name), None);
        }
        for (i, s) in SEARCH_SWITCHES.iter().enumerate() {
            assert_eq!(d.switch(i), s.default, "{}", s.name);
            assert!(!s.name.contains(' '), "{}", s.name);
            assert_eq!(SearchParams::switch_index_of(s.name), Some(i));
            assert_eq!(SearchParams::index_of(s.name), None);
        }
    }

    #[test]
    fn set_changes_one_constant_and_refuses_bad_values() {
        let mut p = SearchParams::default();
        p.set("lmrdivisor", 300).unwrap();
        assert_eq!(p.lmr_divisor, 300);
        assert_eq!(p.get("LmrDivisor"), Some(300));
        p.set("ImprovingFourPlies", 1).unwrap();
        assert_eq!(p.get("improvingfourplies"), Some(1));
        let before = p;
        assert!(matches!(p.set("Nope", 1), Err(ParamError::Unknown(_))));
        assert!(matches!(
            p.set("LmrDivisor", 99),
            Err(ParamError::OutOfRange { .. })
        ));
        assert!(matches!(
            p.set("FailLowBonus", 2),
            Err(ParamError::OutOfRange { min: 0, max: 1, .. })
        ));
        assert_eq!(p, before);
    }

    #[test]
    fn default_reductions_are_the_formula() {
        let r = Reductions::new(&SearchParams::default());
        assert_eq!(r.get(1, 1), 0);
        let d: f64 = 20.0;
        let m: f64 = 30.0;
        assert_eq!(r.get(20, 30), (0.75 + d.ln() * m.ln() / 2.25) as i32);
        assert!(r.get(63, 63) >= r.get(10, 10));
    }
}
