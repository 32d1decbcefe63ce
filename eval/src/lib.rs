//! The evaluation contract: the [`Evaluate`] trait and the score constants ([`MATE`]);
//! the weights as data ([`Tunable`]) and the generic [Texel tuner](texel).
//!
//! This crate depends on the core alone (and rayon, for the tuner's error sums), and so
//! does the search (`escalade-engine`): it knows no game. Each game implements
//! [`Evaluate`] beside its rules, in `movegen/<game>/src/eval`, with its weights in one
//! place there. (Rust's orphan rule lets a trait be implemented only in the trait's crate
//! or the type's crate, so the per-game evaluations live in the rules crates.)

// `unsafe` in one place only: `vector_build` calls the AVX2 build after detecting AVX2
#![deny(unsafe_code)]
#![warn(missing_docs)]

use escalade_core::{Color, Position};

pub mod gradient;
mod input_set;
pub mod net;
mod net_memo;
pub mod net_testsuite;
pub mod testsuite;
pub mod texel;
#[cfg(test)]
mod toy;
mod tunable;
mod vector_build;
mod weights;

pub use input_set::InputSet;
pub use tunable::Tunable;
pub use weights::{values, Parameter, WeightError, WeightSet};

/// Score of a won game for the side to move (mates are `MATE - plies`).
pub const MATE: i32 = 32_000;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The 11 search features FIDE chess measured one by one (singular extensions,
/// losing-tactical pruning, correction history, continuation history with the linear bonus,
/// `improving` over four plies, the PV flag and fail-low reward, late reductions of quiet
/// checks, razoring), as one [`Evaluate::SEARCH_DEFAULTS`] list: FIDE chess searches with
/// it, and a game that passes its SPRT of the group takes it whole (the escalator).
pub const FIDE_SEARCH_GROUP: &[(&str, i32)] = &[
    ("SingularDepth", 8),
    ("LosingTacticalDepth", 3),
    ("CorrectionScale", 100),
    ("HistoryBonusPerPly", 200),
    ("ContHistoryPlies", 2),
    ("ImprovingFourPlies", 1),
    ("LmrTtPv", 1),
    ("FailLowBonus", 1),
    ("LmrChecks", 1),
    ("RazorDepth", 2),
    ("RazorMargin", 300),
];

/// A static evaluation, in centipawns, from the side to move's point of view.
///
/// ```
/// use escalade_core::Rules;
/// use escalade_eval::Evaluate;
///
/// /// A game of one heap: take 1 or 2 counters, whoever takes the last wins.
/// #[derive(Clone, Debug)]
/// struct Heap(u8);
/// # impl escalade_core::Rules for Heap {
/// #     type Move = u8;
/// #     const FORMS: &'static [escalade_core::Form] = &[];
/// #     fn startpos(_: usize) -> Self { Heap(7) }
/// #     fn from_fen(_: usize, fen: &str) -> Result<Self, escalade_core::FenError> {
/// #         fen.parse().map(Heap).map_err(|_| escalade_core::FenError::new("a number"))
/// #     }
/// #     fn to_fen(&self) -> String { self.0.to_string() }
/// #     fn form(&self) -> usize { 0 }
/// #     fn side_to_move(&self) -> escalade_core::Color { escalade_core::Color::White }
/// #     fn hash(&self) -> u64 { self.0 as u64 }
/// #     fn hash_from_scratch(&self) -> u64 { self.0 as u64 }
/// #     fn generate_moves(&self, out: &mut Vec<u8>) {
/// #         out.clear();
/// #         out.extend((1..=2).filter(|&n| n <= self.0));
/// #     }
/// #     fn play(&self, mv: u8) -> Self { Heap(self.0 - mv) }
/// #     fn in_check(&self) -> bool { false }
/// #     fn rule_result(&self) -> Option<escalade_core::GameResult> { None }
/// #     fn no_move_result(&self) -> escalade_core::GameResult {
/// #         escalade_core::GameResult::Draw("nothing left")
/// #     }
/// #     fn reversible_plies(&self) -> u32 { 0 }
/// # }
/// # impl escalade_core::SearchHints for Heap {
/// #     fn move_code(mv: u8) -> u32 { mv as u32 }
/// #     fn is_tactical(&self, _: u8) -> bool { false }
/// #     fn tactical_gain(&self, _: u8) -> i32 { 0 }
/// # }
/// # impl escalade_core::MoveNotation for Heap {
/// #     fn move_text(&self, mv: u8) -> String { mv.to_string() }
/// # }
///
/// impl Evaluate for Heap {
///     /// A heap of a multiple of 3 is lost for the side to move.
///     fn evaluate(&self) -> i32 {
///         if self.0 % 3 == 0 { -100 } else { 100 }
///     }
/// }
///
/// assert_eq!(Heap(6).evaluate(), -100);
/// assert_eq!(Heap::startpos(0).evaluate(), 100);
/// ```
pub trait Evaluate: Position {
    /// The game's own values of named search constants (the engine's `SEARCH_PARAMS`, and
    /// its `SEARCH_SWITCHES` as 0 or 1) where they differ from the engine's defaults, each
    /// measured by SPRT in this game; a value the user sets (`setoption`) still wins.
    const SEARCH_DEFAULTS: &'static [(&'static str, i32)] = &[];

    /// The evaluation of a quiet position (no game end: the search handles those). A
    /// function of what the position's hash key covers: the search keeps it in its
    /// transposition table and reads it back for the same key instead of evaluating again.
    fn evaluate(&self) -> i32;

    /// Whether passing is unlikely to be the side to move's best option here, so the
    /// search may try a null move (where `Position::PRUNING` allows it at all). FIDE-like
    /// games say no when the side to move has only pawns and king (zugzwang).
    fn null_move_safe(&self) -> bool {
        true
    }

    /// Whether the tactical move `mv` loses material by static exchange. The search skips
    /// such moves in quiescence and tries them after the killers; the default (never)
    /// keeps every tactical move.
    fn is_losing_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The key of the position's slow-changing structure (in chess: the pawns), under
    /// which the search learns how far its searched values tend to miss the static
    /// evaluation and corrects the evaluation by that (correction history, weighed by
    /// `CorrectionScale`). The search asks only where that is on; `None` (the default)
    /// keeps no correction.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// Positions (FEN, of form `form`) that `escalade bench` searches besides the form's
    /// start position; a fixed list, so the bench node count is a signature of the search.
    fn bench_fens(_form: usize) -> &'static [&'static str] {
        &[]
    }

    /// The depth `escalade bench` searches this form to when none is given.
    fn bench_depth(_form: usize) -> u32 {
        8
    }

    /// The family name of the game's evaluation network ([`net::Network`]), shared by the
    /// forms whose positions it reads; empty (the default) for a game without inputs.
    const NET_FAMILY: &'static str = "";

    /// The network inputs per perspective: [`Evaluate::net_inputs`] gives indices below it.
    const NET_INPUTS: usize = 0;

    /// The most pieces a position holds: the network's output buckets divide
    /// `0..=NET_MOST_PIECES` by [`Evaluate::net_pieces`].
    const NET_MOST_PIECES: u32 = 32;

    /// Appends the network inputs active in this position seen from `side`'s perspective,
    /// as bit sets (input `base + i` for each bit `i`), which is how the accumulator memo
    /// reads them: it compares a position's sets with the last ones, quickest with the same
    /// bases in the same order from one position to the next. A game whose pieces are
    /// bitboards gives a set per piece set; a game that lists its inputs groups the list
    /// ([`InputSet::group`]). The same position seen by the other side gives the inputs
    /// its mirror image would give `side`, so one set of weights serves both.
    fn net_input_sets(&self, _side: Color, _out: &mut Vec<InputSet>) {}

    /// The same inputs as a list, set by set ([`Evaluate::net_input_sets`] expanded): what
    /// the trainer's files hold and what a fresh evaluation sums.
    fn net_inputs(&self, side: Color, out: &mut Vec<u16>) {
        let mut sets = Vec::new();
        self.net_input_sets(side, &mut sets);
        InputSet::expand(&sets, out);
    }

    /// The pieces on the board, which pick the network's output bucket.
    fn net_pieces(&self) -> u32 {
        0
    }
}
