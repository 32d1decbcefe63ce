//! Gradient descent on the Texel error, for many weights over many positions.
//!
//! The evaluation is a black box ([`Tunable::evaluate_with`]), so its gradient is measured:
//! around the current weights, each weight is moved by a probe step and the change of every
//! position's score is recorded as that position's *coefficient* for the weight (exact for
//! the terms that are linear in their weight, as material and piece-square terms are). The
//! scores are then modelled as `base + sum(coefficient * change)`, and Adam descends the
//! mean squared error of that model over a number of epochs, the gradient of every weight
//! summed over the positions that weight touches. The measurement is repeated every round
//! around the new weights (terms that are not linear are measured anew), and the weights
//! are rounded to integers in the end. The error reported is that of the real evaluation.

use rayon::prelude::*;

use crate::texel::{expected_result, fit_k, mean_squared_error, white_score, TexelResult};
use crate::tunable::Tunable;
use crate::weights::WeightSet;

/// How to descend.
#[derive(Clone, Debug, PartialEq)]
pub struct GradientOptions {
    /// Rounds of measuring the coefficients and descending.
    pub rounds: usize,
    /// Adam steps per round.
    pub epochs: usize,
    /// Adam's step size, in the weights' unit (centipawns).
    pub learning_rate: f64,
    /// The probe step the coefficients are measured with.
    pub probe: i32,
    /// The scaling constant to use; `None` fits it to the data with the starting values.
    pub k: Option<f64>,
}

impl Default for GradientOptions {
    fn default() -> Self {
        GradientOptions {
            rounds: 3,
            epochs: 300,
            learning_rate: 1.0,
            probe: 8,
            k: None,
        }
    }
}

/// Adam's decay rates and guard.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

/// The positions a weight changes the score of, with the change per unit of the weight.
type Column = Vec<(u32, f32)>;

/// The scores of every position with `weights`, White's view.
fn scores<P: Tunable>(data: &[(P, f64)], weights: &P::Weights) -> Vec<f64> {
    data.par_iter()
        .map(|(p, _)| f64::from(white_score(p, weights)))
        .collect()
}

/// Each weight's column: for every position whose score moves when the weight moves by
/// `probe` from `values` (a vector of `shape`), its index and the change per unit.
fn measure<P: Tunable>(
    data: &[(P, f64)],
    shape: &P::Weights,
    values: &[i32],
    base: &[f64],
    probe: i32,
) -> Vec<Column> {
    (0..values.len())
        .map(|j| {
            let mut moved = values.to_vec();
            moved[j] = moved[j].saturating_add(probe);
            let weights = shape.with_values(&moved).expect("one value per weight");
            scores(data, &weights)
                .iter()
                .zip(base)
                .enumerate()
                .filter_map(|(i, (s, b))| {
                    let c = (s - b) / f64::from(probe);
                    (c != 0.0).then_some((i as u32, c as f32))
                })
                .collect()
        })
        .collect()
}

/// Adam's state for every weight.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Self {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of `weights` down `gradient` with step size `rate`.
    fn step(&mut self, weights: &mut [f64], gradient: &[f64], rate: f64) {
        self.t += 1;
        let (c1, c2) = (1.0 - BETA1.powi(self.t), 1.0 - BETA2.powi(self.t));
        for (j, g) in gradient.iter().enumerate() {
            self.m[j] = BETA1 * self.m[j] + (1.0 - BETA1) * g;
            self.v[j] = BETA2 * self.v[j] + (1.0 - BETA2) * g * g;
            weights[j] -= rate * (self.m[j] / c1) / ((self.v[j] / c2).sqrt() + EPSILON);
        }
    }
}

/// One epoch's gradient of the modelled error: the scores are `base` plus each column
/// times its weight's change `delta`.
fn gradient(labels: &[f64], base: &[f64], columns: &[Column], delta: &[f64], k: f64) -> Vec<f64> {
    let mut predicted = base.to_vec();
    for (column, d) in columns.iter().zip(delta) {
        if *d != 0.0 {
            for &(i, c) in column {
                predicted[i as usize] += f64::from(c) * d;
            }
        }
    }
    let slope = std::f64::consts::LN_10 * k / 400.0;
    let n = labels.len().max(1) as f64;
    // d/ds of (label - sigma(s))^2 = 2 (sigma - label) sigma (1 - sigma) slope
    let per_position: Vec<f64> = predicted
        .iter()
        .zip(labels)
        .map(|(&s, &r)| {
            let e = expected_result(s, k);
            2.0 * (e - r) * e * (1.0 - e) * slope / n
        })
        .collect();
    columns
        .par_iter()
        .map(|column| {
            column
                .iter()
                .map(|&(i, c)| f64::from(c) * per_position[i as usize])
                .sum()
        })
        .collect()
}

/// Tunes the weights `initial` against `data` (positions and their game's result from
/// White's view) by gradient descent on measured coefficients.
pub fn descend<P: Tunable>(
    data: &[(P, f64)],
    initial: &P::Weights,
    options: &GradientOptions,
) -> TexelResult {
    let k = options.k.unwrap_or_else(|| fit_k(data, initial));
    let error_before = mean_squared_error(data, initial, k);
    let start = initial.values();
    let labels: Vec<f64> = data.iter().map(|(_, r)| *r).collect();
    let mut weights: Vec<f64> = start.iter().map(|&v| f64::from(v)).collect();
    let probe = options.probe.max(1);
    for _ in 0..options.rounds {
        let around: Vec<i32> = weights.iter().map(|w| w.round() as i32).collect();
        let base = scores(data, &initial.with_values(&around).expect("one value each"));
        let columns = measure(data, initial, &around, &base, probe);
        let mut adam = Adam::new(weights.len());
        for _ in 0..options.epochs {
            let delta: Vec<f64> = weights
                .iter()
                .zip(&around)
                .map(|(w, &a)| w - f64::from(a))
                .collect();
            let g = gradient(&labels, &base, &columns, &delta, k);
            adam.step(&mut weights, &g, options.learning_rate);
        }
    }
    let values: Vec<i32> = weights.iter().map(|w| w.round() as i32).collect();
    let error_after = mean_squared_error(
        data,
        &initial.with_values(&values).expect("one value each"),
        k,
    );
    let improvements = values.iter().zip(&start).filter(|(a, b)| a != b).count();
    if error_after >= error_before {
        // the model misled the descent: keep what was there
        return TexelResult {
            k,
            error_before,
            error_after: error_before,
            values: start,
            passes: options.rounds,
            improvements: 0,
        };
    }
    TexelResult {
        k,
        error_before,
        error_after,
        values,
        passes: options.rounds,
        improvements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{exact, game_results, grid, Ab, Toy, TRUE};

    #[test]
    fn descent_recovers_known_weights_from_exact_labels() {
        let data = grid(exact(1.0));
        let options = GradientOptions {
            k: Some(1.0),
            rounds: 2,
            epochs: 2_000,
            learning_rate: 2.0,
            ..GradientOptions::default()
        };
        let r = descend(&data, &Ab(60, 150), &options);
        assert!(r.error_after < r.error_before, "{r:?}");
        assert!((r.values[0] - 100).abs() <= 3, "{r:?}");
        assert!((r.values[1] - 300).abs() <= 6, "{r:?}");
    }

    #[test]
    fn descent_on_game_results_finds_the_ratio() {
        let data = game_results(7, 20_000);
        let options = GradientOptions {
            epochs: 1_500,
            learning_rate: 2.0,
            ..GradientOptions::default()
        };
        let r = descend(&data, &Ab(100, 150), &options);
        assert!(r.error_after < r.error_before);
        let ratio = f64::from(r.values[1]) / f64::from(r.values[0]);
        assert!((ratio - 3.0).abs() < 0.3, "{:?} K {}", r.values, r.k);
    }

    #[test]
    fn no_data_changes_nothing() {
        let r = descend::<Toy>(&[], &TRUE, &GradientOptions::default());
        assert_eq!(r.values, TRUE.values());
        assert_eq!(r.improvements, 0);
    }
}
