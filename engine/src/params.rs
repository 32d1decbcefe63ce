//! The search's tunable constants, declared once: each has a name (the UCI option that
//! sets it), a default, a range and an SPSA step. [`SearchParams`] holds one value of each;
//! the engine copies it into every thread at the start of a search, so changing a constant
//! between searches (`setoption`, `escalade spsa`) needs no rebuild.
//!
//! ```
//! use escalade_engine::{SearchParams, SEARCH_PARAMS};
//!
//! let mut params = SearchParams::default();
//! assert_eq!(params.get("RfpMargin"), Some(90));
//! params.set("RfpMargin", 120).unwrap();
//! assert_eq!(params.rfp_margin, 120);
//! // out of range: refused, nothing changes
//! assert!(params.set("RfpMargin", 100_000).is_err());
//! assert_eq!(params.rfp_margin, 120);
//! assert!(SEARCH_PARAMS.iter().any(|p| p.name == "LmrDivisor"));
//! ```

use escalade_eval::Evaluate;

/// The declaration of one tunable constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// The name (a UCI option without spaces, so `option.NAME=VALUE` works in match runners).
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's final perturbation (`c_end`): a change that is just measurable in games.
    pub step: f64,
    /// What the constant does.
    pub doc: &'static str,
}

/// Why a constant was not set (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("unknown search constant {0}")]
    Unknown(String),
    #[error("{name} {value} is out of range {min}..={max}")]
    OutOfRange {
        name: &'static str,
        value: i64,
        min: i32,
        max: i32,
    },
}

macro_rules! search_params {
    ($( $(#[doc = $doc:literal])+ $field:ident: $name:literal = $default:literal,
        $min:literal..=$max:literal, step $step:literal; )*) => {
        /// One value of every tunable search constant (defaults: [`SEARCH_PARAMS`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])+ pub $field: i32, )*
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams { $( $field: $default, )* }
            }
        }

        /// Every tunable search constant, in the order UCI lists them.
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

        impl SearchParams {
            fn slot(&mut self, index: usize) -> &mut i32 {
                let slots = [$( &mut self.$field, )*];
                slots.into_iter().nth(index).expect("a declared constant")
            }
            /// The value of the constant at `index` of [`SEARCH_PARAMS`].
            pub fn value(&self, index: usize) -> i32 {
                [$( self.$field, )*][index]
            }
        }
    };
}

search_params! {
    /// Half-width of the first aspiration window, in centipawns.
    aspiration_window: "AspirationWindow" = 20, 5..=200, step 4.0;
    /// Aspiration: after each fail-high in a row at the root, the iteration is searched
    /// again this many plies shallower (at least 1 ply deep; a fail-low starts again at
    /// the iteration's depth), as Stockfish does; 0: always at the iteration's depth.
    aspiration_fail_high: "AspirationFailHigh" = 0, 0..=1, step 0.5;
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
    /// Null move: the static evaluation must reach beta plus this margin, less
    /// `NullMoveMarginPerPly` per ply of depth, before the side to move may pass (as
    /// Stockfish asks, 258 there); 0: no such test, the evaluation reaching beta suffices.
    null_move_margin: "NullMoveMargin" = 0, 0..=400, step 20.0;
    /// Null move: what each ply of depth takes off `NullMoveMargin` (21 in Stockfish).
    null_move_margin_per_ply: "NullMoveMarginPerPly" = 21, 0..=60, step 2.0;
    /// Futility pruning of quiet moves: the margin at any depth, in centipawns.
    futility_base: "FutilityBase" = 90, 0..=400, step 12.0;
    /// Futility pruning of quiet moves: the margin per ply of depth, in centipawns.
    futility_per_ply: "FutilityPerPly" = 100, 10..=400, step 12.0;
    /// Futility pruning measures its margin at the depth a quiet move's late-move
    /// reduction (by depth and move number) would leave instead of the node's depth: 1;
    /// 0: the node's depth.
    futility_lmr_depth: "FutilityLmrDepth" = 0, 0..=1, step 0.5;
    /// Futility pruning of quiet moves: a centipawn more margin per this much of a quiet
    /// move's ordering score (its history, plus continuation history where it is on; held
    /// within three times the history's range), less for a bad one, as Stockfish 15.1's
    /// `history / 52`; 0: the margin ignores history.
    futility_history_divisor: "FutilityHistoryDivisor" = 0, 0..=1024, step 6.0;
    /// Futility and late-move pruning apply up to this depth.
    prune_depth: "PruneDepth" = 6, 1..=16, step 1.0;
    /// Late-move pruning: quiet moves tried at depth d before the rest are skipped,
    /// `base + d * d` (halved when the evaluation is not improving).
    late_move_base: "LateMoveBase" = 3, 0..=20, step 1.0;
    /// Tactical moves the game calls losing are skipped up to this depth (below the root,
    /// not in check, once a move has a score); 0: never.
    losing_tactical_depth: "LosingTacticalDepth" = 0, 0..=16, step 1.0;
    /// Quiet moves whose history is below `-HistoryPruneMargin * depth` are skipped up to
    /// this depth; 0: never.
    history_prune_depth: "HistoryPruneDepth" = 0, 0..=12, step 1.0;
    /// History pruning: the history margin per ply of depth.
    history_prune_margin: "HistoryPruneMargin" = 2048, 128..=16384, step 300.0;
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
    /// Singular extensions: how many plies shallower a table move is searched when its
    /// test finds other moves near it while its table score is at least beta (a negative
    /// extension; 0: none).
    singular_reduce: "SingularReduce" = 0, 0..=2, step 0.5;
    /// Singular extensions: a table move whose test fails low by this many centipawns
    /// more, at a node off the principal variation, is searched two plies deeper instead
    /// of one (a double extension; 0: never).
    singular_double_margin: "SingularDoubleMargin" = 0, 0..=300, step 10.0;
    /// Continuation history: how many plies back (0 to 2) a quiet move's ordering looks
    /// at the moves it answers (0: off).
    cont_history_plies: "ContHistoryPlies" = 0, 0..=2, step 1.0;
    /// Check extension only for checks that do not lose the moved piece or material by
    /// the game's exchange test (`Evaluate::is_losing_quiet`, `is_losing_tactical`): 1;
    /// 0: every check of the first move stage.
    check_extension_safe: "CheckExtensionSafe" = 0, 0..=1, step 0.5;
    /// Check extensions only at nodes this deep or deeper (Stockfish 15.1 extends checks
    /// from depth 10 only); 0: at every depth.
    check_extension_depth: "CheckExtensionDepth" = 0, 0..=20, step 1.0;
    /// Late-move reductions: this many plies more at a node expected to cut (a null-window
    /// node whose parent expects to try every move, or a reduced late move's node).
    lmr_cut_node: "LmrCutNode" = 0, 0..=3, step 0.5;
    /// Late-move reductions: this many plies less at a node on a principal variation (a
    /// PV node, one whose table entry such a node stored, or one stored when it failed low
    /// at depth 4 or more under such a parent), unless it is a PV node whose table entry
    /// says it failed low as deep.
    lmr_tt_pv: "LmrTtPv" = 0, 0..=3, step 0.5;
    /// Reverse futility pruning: 1 skips it at a node on a principal variation (as
    /// `LmrTtPv` names them), whose value the PV may lean on; 0: it prunes there too.
    rfp_tt_pv: "RfpTtPv" = 0, 0..=1, step 0.5;
    /// Continuation history: 1 rewards the opponent's quiet move whose answer failed low
    /// (at depth 4 or more, or at a PV node), as the answer to the moves before it; 0:
    /// never.
    fail_low_bonus: "FailLowBonus" = 0, 0..=1, step 0.5;
    /// History: a node cut off by the table's lower bound at this depth or more rewards
    /// its table move, when quiet, as a quiet cutoff would (killer, history, continuation
    /// history); 0: never.
    tt_cutoff_history_depth: "TtCutoffHistoryDepth" = 0, 0..=20, step 1.0;
    /// Quiescence futility: a capture whose material gain (`Evaluate::tactical_value`)
    /// plus this margin cannot lift the stand-pat evaluation to alpha is skipped unless it
    /// gives check, in centipawns; 0: never.
    qs_futility_margin: "QsFutilityMargin" = 0, 0..=1000, step 20.0;
    /// Quiescence: 1 replaces the stand-pat evaluation by the table's score when its bound
    /// says the true value lies on the far side of it (as the main search's static
    /// evaluation is); 0: the evaluation alone.
    qs_tt_eval: "QsTtEval" = 0, 0..=1, step 0.5;
    /// Quiescence: 1 stores a stand-pat cutoff at a node the table has no entry for (a
    /// lower bound at depth 0 with the evaluation, so the next visit needs neither the
    /// moves nor the evaluation), as Stockfish does; 0: such a node leaves no entry.
    qs_stand_pat_store: "QsStandPatStore" = 0, 0..=1, step 0.5;
    /// Late-move reductions: this many plies more for quiet moves at a node whose table
    /// move is tactical (a capture is likely the best there).
    lmr_tt_tactical: "LmrTtTactical" = 0, 0..=3, step 0.5;
    /// Late-move reductions: one ply more for a quiet move at a node off the principal
    /// variation once the nodes a ply below it (the answers to its moves and to its
    /// siblings' since their parent started) have cut off this many times; 0: never.
    lmr_child_cutoffs: "LmrChildCutoffs" = 0, 0..=16, step 1.0;
    /// Late-move reductions: one ply less at a node reached by a move its parent searched
    /// as this many moves or later (the opponent had many moves to try); 0: never.
    lmr_parent_moves: "LmrParentMoves" = 0, 0..=64, step 1.0;
    /// Late-move reductions of quiet moves that give check: 1 reduces them as other quiet
    /// moves are (after their check extension); 0: never.
    lmr_checks: "LmrChecks" = 0, 0..=1, step 0.5;
    /// Late-move reductions of tactical moves the game does not call losing, nor giving
    /// check, at nodes off a principal variation (`Node::tt_pv`): 1 reduces them by depth
    /// and move number as quiet moves are (without the history term); 0: never.
    lmr_tacticals: "LmrTacticals" = 0, 0..=1, step 0.5;
    /// Late-move reductions at nodes off the principal variation: 1 starts them at the
    /// second searched move; 0: at the third, as on the principal variation.
    lmr_second_move: "LmrSecondMove" = 0, 0..=1, step 0.5;
    /// Late-move reductions: once a reduced move has beaten alpha, its full-depth search
    /// goes a ply deeper where it scored more than this margin plus 2 per ply above the
    /// node's best so far, a ply shallower where it scored less than 10 above it, in
    /// centipawns; 0: neither (the unreduced depth).
    lmr_deeper_margin: "LmrDeeperMargin" = 0, 0..=200, step 6.0;
    /// Correction history: the share, in percent, of the correction learned under the
    /// game's first key added to the static evaluation, where the game keys corrections
    /// (`Evaluate::correction_key`); 0: off.
    correction_scale: "CorrectionScale" = 0, 0..=200, step 10.0;
    /// Correction history: the share, in percent, of each correction learned under the
    /// game's further keys (`Evaluate::correction_key`); 0: off.
    correction_scale_2: "CorrectionScale2" = 0, 0..=200, step 10.0;
    /// Capture history: its weight in the order of tactical moves, in 1/1024 of the
    /// game's `tactical_gain` per point of history (a score within ±16384); 0: off.
    capture_history_scale: "CaptureHistoryScale" = 0, 0..=512, step 8.0;
    /// Counter moves (`countermove.rs`): 1 tries the quiet answer that last cut off
    /// against the move answered right after the killers (where continuation history
    /// records the moves played, `ContHistoryPlies` above 0); 0: never.
    counter_move: "CounterMove" = 0, 0..=1, step 0.5;
    /// Futility pruning of tactical moves in the main search: a capture or promotion that
    /// gives no check, at a shallow node (`PruneDepth`) off the root and not in check, is
    /// skipped once a move has a score when the static evaluation plus what it wins at
    /// once (`Evaluate::tactical_value`), this margin and `FutilityPerPly` per ply of
    /// depth stays at or below alpha, in centipawns; 0: never.
    capture_futility_margin: "CaptureFutilityMargin" = 0, 0..=1000, step 15.0;
    /// Internal iterative reduction by node kind: 1 searches a node without a table move
    /// 2 plies shallower on a principal variation at any depth (quiescence when none is
    /// left) and at a node expected to cut from depth 8, as Stockfish 15.1 does, and one
    /// ply shallower at other nodes from depth 4; 0: one ply at every node from depth 4.
    iir_by_node_kind: "IirByNodeKind" = 0, 0..=1, step 0.5;
    /// Late-move reductions: the most plies a quiet move's history adds to or takes from
    /// its reduction (one per `LmrHistoryDivisor`).
    lmr_history_max: "LmrHistoryMax" = 1, 0..=4, step 0.5;
    /// Late-move reductions: 1 sums the reduction in parts of a ply, a quiet move's history
    /// taking off (or adding) its share of `LmrHistoryDivisor` rather than whole plies,
    /// and rounds down at the end; 0: whole plies throughout.
    lmr_fractional: "LmrFractional" = 0, 0..=1, step 0.5;
    /// Late-move reductions of tactical moves the game calls losing: 1 reduces them as
    /// quiet moves are (by depth, move number, improvement and node kind, no history);
    /// 0: never.
    lmr_losing_tactical: "LmrLosingTactical" = 0, 0..=1, step 0.5;
    /// Quiet moves the game calls losing (`Evaluate::is_losing_quiet`: the moved piece
    /// is lost by exchange) are skipped up to this depth (below the root, not in check,
    /// once a move has a score, not giving check); 0: never.
    quiet_see_depth: "QuietSeeDepth" = 0, 0..=16, step 1.0;
    /// Quiet move ordering: each quiet move's history gains this many points per centipawn
    /// of what the game says it is worth before any history (`Evaluate::quiet_gain`: in
    /// chess, a threatened piece moved to safety); 0: history alone.
    quiet_gain_scale: "QuietGainScale" = 0, 0..=256, step 4.0;
    /// Quiet move ordering: a quiet move the game says gives check
    /// (`SearchHints::gives_check`) gains this many points over its history; 0: none.
    quiet_check_bonus: "QuietCheckBonus" = 0, 0..=65536, step 2000.0;
    /// ProbCut (`probcut.rs`): the least depth at which a tactical move that beats beta by
    /// `ProbCutMargin` in a search 4 plies shallower ends a non-PV node; 0: never.
    probcut_depth: "ProbCutDepth" = 0, 0..=20, step 1.0;
    /// ProbCut: how far above beta the shallow search must land, in centipawns (a
    /// quarter less where the evaluation is improving).
    probcut_margin: "ProbCutMargin" = 200, 50..=1000, step 20.0;
    /// `improving` (late-move pruning and reductions, reverse futility, ProbCut) where the
    /// side to move was in check two plies up: 1 compares the evaluation with four plies
    /// up; 0 calls the node improving.
    improving_four_plies: "ImprovingFourPlies" = 0, 0..=1, step 0.5;
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

impl SearchParams {
    /// The index in [`SEARCH_PARAMS`] of the constant called `name` (case-insensitive).
    pub fn index_of(name: &str) -> Option<usize> {
        SEARCH_PARAMS
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }
    /// The value of the constant called `name`.
    pub fn get(&self, name: &str) -> Option<i32> {
        Self::index_of(name).map(|i| self.value(i))
    }
    /// Sets the constant called `name`; an unknown name or a value outside its declared
    /// range is refused and changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let i = Self::index_of(name).ok_or_else(|| ParamError::Unknown(name.trim().into()))?;
        let spec = &SEARCH_PARAMS[i];
        if value < spec.min as i64 || value > spec.max as i64 {
            return Err(ParamError::OutOfRange {
                name: spec.name,
                value,
                min: spec.min,
                max: spec.max,
            });
        }
        *self.slot(i) = value as i32;
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
pub struct SearchOverrides([Option<i32>; SEARCH_PARAMS.len()]);

impl Default for SearchOverrides {
    fn default() -> Self {
        SearchOverrides([None; SEARCH_PARAMS.len()])
    }
}

impl SearchOverrides {
    /// Sets the constant called `name`; an unknown name or a value outside its declared
    /// range is refused and changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let mut check = SearchParams::default();
        check.set(name, value)?;
        let i = SearchParams::index_of(name).expect("set accepted the name");
        self.0[i] = Some(check.value(i));
        Ok(())
    }
    /// The value the user set for the constant called `name`, if any.
    pub fn get(&self, name: &str) -> Option<i32> {
        SearchParams::index_of(name).and_then(|i| self.0[i])
    }
    /// `defaults` with the user's values on top.
    pub fn apply_to(&self, mut defaults: SearchParams) -> SearchParams {
        for (i, value) in self.0.iter().enumerate() {
            if let Some(v) = value {
                *defaults.slot(i) = *v;
            }
        }
        defaults
    }
    /// The constants game `P` searches with: its own defaults, then the user's values.
    pub fn resolve<P: Evaluate>(&self) -> SearchParams {
        self.apply_to(SearchParams::for_game::<P>())
    }
}

/// Late-move reductions by depth and move number, in [`PLY_PARTS`] of a ply, built from
/// the constants.
pub(crate) struct Reductions(Box<[[u16; 64]; 64]>);

/// The parts of a ply a fractional reduction counts in.
pub(crate) const PLY_PARTS: i32 = 1024;

impl Reductions {
    pub(crate) fn new(params: &SearchParams) -> Self {
        let base = params.lmr_base as f64 / 100.0;
        let divisor = params.lmr_divisor as f64 / 100.0;
        let mut t = Box::new([[0u16; 64]; 64]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let plies = base + (d as f64).ln() * (m as f64).ln() / divisor;
                *r = (plies.clamp(0.0, 63.0) * PLY_PARTS as f64) as u16;
            }
        }
        Reductions(t)
    }
    /// The reduction at `depth` after `searched` moves, in whole plies (rounded down).
    #[inline]
    pub(crate) fn get(&self, depth: i32, searched: usize) -> i32 {
        self.parts(depth, searched) / PLY_PARTS
    }
    /// The reduction at `depth` after `searched` moves, in [`PLY_PARTS`] of a ply.
    #[inline]
    pub(crate) fn parts(&self, depth: i32, searched: usize) -> i32 {
        self.0[depth.clamp(0, 63) as usize][searched.min(63)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_defaults_apply_and_bad_ones_are_refused() {
        let p = SearchParams::with_game_defaults(&[("SingularDepth", 8)]).unwrap();
        assert_eq!(p.singular_depth, 8);
        assert_eq!(p.rfp_margin, SearchParams::default().rfp_margin);
        assert!(SearchParams::with_game_defaults(&[("Nope", 1)]).is_err());
        assert!(SearchParams::with_game_defaults(&[("SingularDepth", 99)]).is_err());
    }

    #[test]
    fn a_users_value_wins_over_the_defaults() {
        let mut o = SearchOverrides::default();
        assert!(o.set("Nope", 1).is_err());
        assert!(o.set("RfpMargin", 100_000).is_err());
        assert_eq!(o, SearchOverrides::default());
        o.set("rfpmargin", 120).unwrap();
        assert_eq!(o.get("RfpMargin"), Some(120));
        assert_eq!(o.get("LmrBase"), None);
        let game = SearchParams::with_game_defaults(&[("RfpMargin", 150), ("LmrBase", 60)]);
        let resolved = o.apply_to(game.unwrap());
        assert_eq!((resolved.rfp_margin, resolved.lmr_base), (120, 60));
    }

    #[test]
    fn every_default_is_in_its_range_and_names_are_unique() {
        let d = SearchParams::default();
        for (i, p) in SEARCH_PARAMS.iter().enumerate() {
            assert_eq!(d.value(i), p.default, "{}", p.name);
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(p.step > 0.0 && !p.name.contains(' '), "{}", p.name);
            assert_eq!(SearchParams::index_of(p.name), Some(i));
        }
    }

    #[test]
    fn set_changes_one_constant_and_refuses_bad_values() {
        let mut p = SearchParams::default();
        p.set("lmrdivisor", 300).unwrap();
        assert_eq!(p.lmr_divisor, 300);
        assert_eq!(p.get("LmrDivisor"), Some(300));
        let before = p;
        assert!(matches!(p.set("Nope", 1), Err(ParamError::Unknown(_))));
        assert!(matches!(
            p.set("LmrDivisor", 99),
            Err(ParamError::OutOfRange { .. })
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
        let parts = ((0.75 + d.ln() * m.ln() / 2.25) * PLY_PARTS as f64) as i32;
        assert_eq!(r.parts(20, 30), parts);
        assert_eq!(r.get(20, 30), parts / PLY_PARTS);
        assert!(r.get(63, 63) >= r.get(10, 10));
    }
}
