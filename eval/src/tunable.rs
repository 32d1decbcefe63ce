//! The weights of a game's evaluation as data: [`Tunable`] exposes them as a flat vector
//! of named integer parameters, so one tuner (the [Texel tuner](crate::texel)) fits every
//! game that implements it.

use crate::Evaluate;

/// One weight of an evaluation: its name (as the generated table spells it, e.g.
/// `value[2]`) and its value in centipawns (or the unit the evaluation gives it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    pub name: String,
    pub value: i32,
}

impl Parameter {
    /// A parameter named `name` of value `value`.
    pub fn new(name: impl Into<String>, value: i32) -> Self {
        Parameter {
            name: name.into(),
            value,
        }
    }
}

/// An evaluation whose weights are a flat vector of integers, for tuning.
///
/// [`parameters`](Tunable::parameters) lists the weights in use for a form, in a fixed
/// order; [`evaluate_with`](Tunable::evaluate_with) evaluates with another vector of the
/// same length and order. With the vector of `parameters(form)`, `evaluate_with` must
/// equal [`Evaluate::evaluate`] (the games' tests check it).
///
/// Implemented today by Chess on the Rope (`escalade_rope::Rope`, every form); the other
/// games (FIDE chess, checker-capture, escalator, chutes, ladder shogi) are not tunable
/// yet: their weights are still constants.
///
/// ```
/// use escalade_core::Rules;
/// use escalade_eval::{Evaluate, Parameter, Tunable};
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
/// /// The weights in use: a lost heap (a multiple of 3), a won one.
/// const WEIGHTS: [i32; 2] = [-100, 100];
///
/// impl Tunable for Heap {
///     fn parameters(_form: usize) -> Vec<Parameter> {
///         vec![Parameter::new("lost", WEIGHTS[0]), Parameter::new("won", WEIGHTS[1])]
///     }
///     fn evaluate_with(&self, values: &[i32]) -> i32 {
///         if self.0 % 3 == 0 { values[0] } else { values[1] }
///     }
/// }
///
/// impl Evaluate for Heap {
///     fn evaluate(&self) -> i32 {
///         self.evaluate_with(&WEIGHTS)
///     }
/// }
///
/// let values: Vec<i32> = Heap::parameters(0).iter().map(|p| p.value).collect();
/// assert_eq!(Heap(6).evaluate_with(&values), Heap(6).evaluate());
/// assert_eq!(Heap(7).evaluate_with(&[-50, 70]), 70);
/// ```
pub trait Tunable: Evaluate {
    /// The weights in use for form `form`, named, in the order
    /// [`evaluate_with`](Tunable::evaluate_with) reads them.
    fn parameters(form: usize) -> Vec<Parameter>;

    /// The evaluation with the weights `values` (as many as `parameters(self.form())`, in
    /// that order), from the side to move's view like [`Evaluate::evaluate`].
    fn evaluate_with(&self, values: &[i32]) -> i32;
}

/// The values of `parameters`, in order.
pub fn values(parameters: &[Parameter]) -> Vec<i32> {
    parameters.iter().map(|p| p.value).collect()
}
