//! The Texel tuner, generic over [`Tunable`]: given positions labelled with the result of
//! the game they were played in, it fits the scaling constant `K` of the logistic
//! `1 / (1 + 10^(-K * score / 400))` that turns an evaluation (White's view) into an
//! expected result, then improves the weights by Texel's local search: for each parameter
//! try `+step` and `-step` and keep what lowers the mean squared error between the labels
//! and the expected results; a step that helps doubles, one that does not halves.
//!
//! The error sums run on rayon's pool, in fixed chunks added in order, so a run is
//! deterministic.

use escalade_core::Color;
use rayon::prelude::*;

use crate::tunable::Tunable;
use crate::weights::WeightSet;

/// Positions per chunk of the parallel error sums.
const CHUNK: usize = 1024;
/// The range `K` is searched in.
const K_RANGE: (f64, f64) = (0.0, 10.0);
/// Grid points per refinement of the `K` search, and refinements.
const K_SAMPLES: usize = 40;
const K_ROUNDS: usize = 4;
/// The largest step of the local search.
const MAX_STEP: i32 = 1 << 12;

/// The expected result (White's view) of a White-view `score` under the constant `k`.
pub fn expected_result(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The evaluation of `p` with `weights`, from White's view.
pub fn white_score<P: Tunable>(p: &P, weights: &P::Weights) -> i32 {
    let s = p.evaluate_with(weights);
    match p.side_to_move() {
        Color::White => s,
        Color::Black => -s,
    }
}

/// A sum over `items` computed in parallel chunks added in order (deterministic).
pub(crate) fn ordered_sum<T: Sync>(items: &[T], f: impl Fn(&T) -> f64 + Sync) -> f64 {
    let parts: Vec<f64> = items
        .par_chunks(CHUNK)
        .map(|chunk| chunk.iter().map(&f).sum::<f64>())
        .collect();
    parts.iter().sum()
}

/// The mean squared error between the labels (White's result: 1.0, 0.5, 0.0) and the
/// expected results of the evaluations with `weights` under `k` (0 for no data).
pub fn mean_squared_error<P: Tunable>(data: &[(P, f64)], weights: &P::Weights, k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum = ordered_sum(data, |(p, result)| {
        let e = result - expected_result(f64::from(white_score(p, weights)), k);
        e * e
    });
    sum / data.len() as f64
}

/// The `K` (in `0..=10`) that minimises the error of the evaluations with `weights`: a
/// grid search refined around its best point a few times.
pub fn fit_k<P: Tunable>(data: &[(P, f64)], weights: &P::Weights) -> f64 {
    let scored: Vec<(f64, f64)> = data
        .par_iter()
        .map(|(p, result)| (f64::from(white_score(p, weights)), *result))
        .collect();
    let error = |k: f64| {
        ordered_sum(&scored, |&(s, r)| {
            let e = r - expected_result(s, k);
            e * e
        })
    };
    let (mut lo, mut hi) = K_RANGE;
    let mut best = (lo + hi) / 2.0;
    for _ in 0..K_ROUNDS {
        let step = (hi - lo) / K_SAMPLES as f64;
        let mut best_error = f64::INFINITY;
        for i in 0..=K_SAMPLES {
            let k = lo + step * i as f64;
            let e = error(k);
            if e < best_error {
                best_error = e;
                best = k;
            }
        }
        lo = (best - step).max(K_RANGE.0);
        hi = (best + step).min(K_RANGE.1);
    }
    best
}

/// How to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct TexelOptions {
    /// Passes of the local search over every parameter.
    pub passes: usize,
    /// The scaling constant to use; `None` fits it to the data with the starting values.
    pub k: Option<f64>,
    /// The first step of every parameter; `None`: an eighth of its value, at least 4.
    pub first_step: Option<i32>,
}

impl Default for TexelOptions {
    fn default() -> Self {
        TexelOptions {
            passes: 3,
            k: None,
            first_step: None,
        }
    }
}

/// What a tuning run found.
#[derive(Clone, Debug, PartialEq)]
pub struct TexelResult {
    /// The scaling constant used.
    pub k: f64,
    /// The mean squared error with the starting values.
    pub error_before: f64,
    /// The mean squared error with [`values`](Self::values).
    pub error_after: f64,
    /// The tuned values, in the order of the starting ones.
    pub values: Vec<i32>,
    /// Passes run (fewer than asked when a pass at step 1 changed nothing).
    pub passes: usize,
    /// Accepted changes over the run.
    pub improvements: usize,
}

/// Tunes the weights `initial` against `data` (positions and their game's result from
/// White's view) by Texel's local search.
pub fn tune<P: Tunable>(
    data: &[(P, f64)],
    initial: &P::Weights,
    options: &TexelOptions,
) -> TexelResult {
    let k = options.k.unwrap_or_else(|| fit_k(data, initial));
    let mut values = initial.values();
    let with = |values: &[i32]| initial.with_values(values).expect("one value per weight");
    let error_before = mean_squared_error(data, initial, k);
    let mut best = error_before;
    let mut steps: Vec<i32> = values
        .iter()
        .map(|v| {
            options
                .first_step
                .unwrap_or_else(|| (v.abs() / 8).max(4))
                .clamp(1, MAX_STEP)
        })
        .collect();
    let mut passes = 0;
    let mut improvements = 0;
    for _ in 0..options.passes {
        passes += 1;
        let mut improved = false;
        for i in 0..values.len() {
            let step = steps[i];
            let start = values[i];
            let mut accepted = false;
            for candidate in [start.saturating_add(step), start.saturating_sub(step)] {
                values[i] = candidate;
                let e = mean_squared_error(data, &with(&values), k);
                if e < best {
                    best = e;
                    accepted = true;
                    break;
                }
            }
            if accepted {
                improved = true;
                improvements += 1;
                steps[i] = (step * 2).min(MAX_STEP);
            } else {
                values[i] = start;
                steps[i] = (step / 2).max(1);
            }
        }
        if !improved && steps.iter().all(|&s| s == 1) {
            break;
        }
    }
    TexelResult {
        k,
        error_before,
        error_after: best,
        values,
        passes,
        improvements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{exact, game_results, grid, Ab, Toy, TRUE};

    #[test]
    fn the_error_of_exact_labels_is_zero_and_k_is_found() {
        let data = grid(exact(1.3));
        assert!(mean_squared_error(&data, &TRUE, 1.3) < 1e-12);
        assert!(mean_squared_error(&data, &Ab(100, 200), 1.3) > 1e-4);
        let k = fit_k(&data, &TRUE);
        assert!((k - 1.3).abs() < 0.01, "K {k}");
    }

    #[test]
    fn local_search_recovers_known_weights_at_a_given_k() {
        let data = grid(exact(1.0));
        let options = TexelOptions {
            passes: 60,
            k: Some(1.0),
            first_step: None,
        };
        let r = tune(&data, &Ab(60, 150), &options);
        assert!(r.error_after < r.error_before);
        // within 2%: single steps stop in the valley along which both weights scale
        assert!((r.values[0] - 100).abs() <= 2, "{:?}", r);
        assert!((r.values[1] - 300).abs() <= 6, "{:?}", r);
        assert!(r.error_after < 1e-5, "{}", r.error_after);
    }

    #[test]
    fn game_results_give_the_ratio_of_the_weights() {
        // labels drawn as game results (win or loss) with the true expectation
        let data = game_results(7, 20_000);
        let r = tune(
            &data,
            &Ab(100, 150),
            &TexelOptions {
                passes: 40,
                ..TexelOptions::default()
            },
        );
        assert!(r.error_after < r.error_before);
        let ratio = f64::from(r.values[1]) / f64::from(r.values[0]);
        assert!((ratio - 3.0).abs() < 0.3, "{:?} K {}", r.values, r.k);
    }

    #[test]
    fn no_data_no_error_and_no_change() {
        let r = tune::<Toy>(&[], &TRUE, &TexelOptions::default());
        assert_eq!(r.values, TRUE.values());
        assert_eq!(r.error_before, 0.0);
        assert_eq!(r.improvements, 0);
    }
}
