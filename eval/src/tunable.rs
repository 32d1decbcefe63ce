//! A tunable evaluation: [`Tunable`] gives the [`WeightSet`] a game evaluates with and
//! evaluates with another set, so one tuner (the Texel tuner, `texel.rs`) fits every game
//! that implements it.

use crate::weights::{Parameter, WeightSet};
use crate::Evaluate;

/// An evaluation whose weights are a [`WeightSet`], for tuning.
///
/// [`weights`](Tunable::weights) is the set in use for a form (loaded from the game's
/// generated table); [`evaluate_with`](Tunable::evaluate_with) evaluates with another set
/// of the same type. With `weights(form)`, `evaluate_with` must equal
/// [`Evaluate::evaluate`] (the games' tests check it).
///
/// ```
/// use escalade_core::Rules;
/// use escalade_eval::{Evaluate, Tunable, WeightSet};
/// use std::sync::LazyLock;
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
/// /// The weights: a lost heap (a multiple of 3), a won one.
/// #[derive(Clone, Debug)]
/// struct Weights { lost: i32, won: i32 }
///
/// impl WeightSet for Weights {
///     fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
///         f("lost", &mut self.lost);
///         f("won", &mut self.won);
///     }
/// }
///
/// /// The generated table (`escalade tune`), loaded once.
/// const TUNED: [(&str, i32); 2] = [("lost", -100), ("won", 100)];
/// static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
///     Weights { lost: 0, won: 0 }.with_table(&TUNED).expect("the table fits")
/// });
///
/// impl Tunable for Heap {
///     type Weights = Weights;
///     fn weights(_form: usize) -> &'static Weights {
///         &WEIGHTS
///     }
///     fn evaluate_with(&self, w: &Weights) -> i32 {
///         if self.0 % 3 == 0 { w.lost } else { w.won }
///     }
/// }
///
/// impl Evaluate for Heap {
///     fn evaluate(&self) -> i32 {
///         self.evaluate_with(&WEIGHTS)
///     }
/// }
///
/// assert_eq!(Heap::parameters(0)[1].name, "won");
/// assert_eq!(Heap(6).evaluate(), -100);
/// let other = Heap::weights(0).with_values(&[-50, 70]).unwrap();
/// assert_eq!(Heap(7).evaluate_with(&other), 70);
/// ```
pub trait Tunable: Evaluate {
    /// The weight struct of this game's evaluation.
    type Weights: WeightSet;

    /// The weights in use for form `form`.
    fn weights(form: usize) -> &'static Self::Weights;

    /// The evaluation with the weights `weights` (a set of form `self.form()`), from the
    /// side to move's view like [`Evaluate::evaluate`].
    fn evaluate_with(&self, weights: &Self::Weights) -> i32;

    /// The weights in use for form `form`, named, in the vector's order.
    fn parameters(form: usize) -> Vec<Parameter> {
        Self::weights(form).parameters()
    }
}
