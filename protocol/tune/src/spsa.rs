//! SPSA (simultaneous perturbation stochastic approximation) over the search constants, as
//! chess-engine testing frameworks run it: every iteration moves all the tuned constants at
//! once by `+c_k` or `-c_k` (a random sign each), plays the engine with the constants moved
//! one way against the engine with them moved the other way, and steps each constant
//! towards the side that scored, by `R_k * c_k * result * sign`.
//!
//! The gains decay with the iteration `k` of `N`: `c_k = c_end * (N / k)^0.101` (the
//! perturbation ends at each constant's declared step `c_end`), and
//! `R_k = a_k / c_k^2` with `a_k = a_end * (A + N)^0.602 / (A + k)^0.602`,
//! `a_end = r_end * c_end^2`, `A = N / 10`. This file is the arithmetic only; the games
//! are played by `spsa_match.rs`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Decay exponent of the step size.
const ALPHA: f64 = 0.602;
/// Decay exponent of the perturbation.
const GAMMA: f64 = 0.101;
/// The stability constant `A` as a share of the iterations.
const STABILITY_SHARE: f64 = 0.1;

/// One tuned constant.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The constant's name, as `setoption` takes it.
    pub name: String,
    /// The current value (real: the integer the engine gets is rounded).
    pub theta: f64,
    /// The smallest value the engine takes.
    pub min: f64,
    /// The largest value the engine takes.
    pub max: f64,
    /// The perturbation at the last iteration (`c_end`).
    pub c_end: f64,
    /// The learning rate at the last iteration (`r_end`).
    pub r_end: f64,
}

impl Tuned {
    /// The integer the engine is given for `theta + shift`, inside the range.
    pub fn engine_value(&self, shift: f64) -> i64 {
        (self.theta + shift).clamp(self.min, self.max).round() as i64
    }
}

/// The perturbation of one iteration: the sign of each constant, and the values the two
/// engines get (`plus` moved by `+c_k * sign`, `minus` by `-c_k * sign`).
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration `k` it belongs to, from 1.
    pub iteration: usize,
    /// Per constant, `1.0` or `-1.0`.
    pub signs: Vec<f64>,
    /// Per constant, the value the `plus` engine gets.
    pub plus: Vec<i64>,
    /// Per constant, the value the `minus` engine gets.
    pub minus: Vec<i64>,
}

/// The state of an SPSA run.
#[derive(Clone, Debug)]
pub struct Spsa {
    /// The constants tuned, with their current values.
    pub params: Vec<Tuned>,
    /// Iterations planned (`N`).
    pub iterations: usize,
    /// Iterations done.
    pub done: usize,
    rng: StdRng,
}

impl Spsa {
    /// A run of `iterations` over `params` from their current `theta`, `done` iterations
    /// in (0 for a new run), the signs drawn from `seed`.
    pub fn new(params: Vec<Tuned>, iterations: usize, done: usize, seed: u64) -> Self {
        Spsa {
            params,
            iterations: iterations.max(1),
            done,
            rng: StdRng::seed_from_u64(seed ^ (done as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        }
    }

    /// Whether every planned iteration is done.
    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// The perturbation `c_k` of constant `param` at iteration `k` (1-based).
    pub fn c_k(&self, param: usize, k: usize) -> f64 {
        let n = self.iterations as f64;
        self.params[param].c_end * (n / k as f64).powf(GAMMA)
    }

    /// The gain `R_k` of constant `param` at iteration `k` (1-based).
    pub fn r_k(&self, param: usize, k: usize) -> f64 {
        let n = self.iterations as f64;
        let a = STABILITY_SHARE * n;
        let p = &self.params[param];
        let a_end = p.r_end * p.c_end * p.c_end;
        let a_k = a_end * (a + n).powf(ALPHA) / (a + k as f64).powf(ALPHA);
        a_k / self.c_k(param, k).powi(2)
    }

    /// The next iteration's perturbation (random signs).
    pub fn perturb(&mut self) -> Perturbation {
        let k = self.done + 1;
        let signs: Vec<f64> = (0..self.params.len())
            .map(|_| if self.rng.gen::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let shift = |i: usize| self.c_k(i, k) * signs[i];
        let plus = (0..self.params.len())
            .map(|i| self.params[i].engine_value(shift(i)))
            .collect();
        let minus = (0..self.params.len())
            .map(|i| self.params[i].engine_value(-shift(i)))
            .collect();
        Perturbation {
            iteration: k,
            signs,
            plus,
            minus,
        }
    }

    /// Steps every constant by the result of the iteration `p`: `result` is the plus
    /// engine's wins minus its losses over the iteration's games.
    pub fn update(&mut self, p: &Perturbation, result: f64) {
        let k = p.iteration;
        for i in 0..self.params.len() {
            let step = self.r_k(i, k) * self.c_k(i, k) * result * p.signs[i];
            let t = &mut self.params[i];
            t.theta = (t.theta + step).clamp(t.min, t.max);
        }
        self.done = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuned(theta: f64) -> Tuned {
        Tuned {
            name: "X".into(),
            theta,
            min: 0.0,
            max: 200.0,
            c_end: 10.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn gains_decay_to_their_end_values() {
        let s = Spsa::new(vec![tuned(100.0)], 1000, 0, 1);
        assert!((s.c_k(0, 1000) - 10.0).abs() < 1e-9);
        assert!(s.c_k(0, 1) > s.c_k(0, 500));
        // at the end, a_k = r_end * c_end^2, so R_k = r_end
        assert!((s.r_k(0, 1000) - 0.002).abs() < 1e-12);
        assert!(s.r_k(0, 1) > s.r_k(0, 1000));
    }

    #[test]
    fn the_winning_side_pulls_the_constant_and_ranges_hold() {
        let mut s = Spsa::new(vec![tuned(100.0), tuned(199.0)], 100, 0, 7);
        let p = s.perturb();
        assert_eq!(p.iteration, 1);
        for i in 0..2 {
            assert!(p.plus[i] <= 200 && p.minus[i] >= 0);
            assert_eq!(p.plus[i] > p.minus[i], p.signs[i] > 0.0);
        }
        s.update(&p, 2.0);
        assert_eq!(s.done, 1);
        let moved = s.params[0].theta - 100.0;
        assert!(moved * p.signs[0] > 0.0, "{moved}");
        assert!(s.params[1].theta <= 200.0);
    }

    #[test]
    fn a_drawn_iteration_changes_nothing_and_signs_follow_the_seed() {
        let mut a = Spsa::new(vec![tuned(50.0); 8], 10, 0, 3);
        let mut b = Spsa::new(vec![tuned(50.0); 8], 10, 0, 3);
        let pa = a.perturb();
        assert_eq!(pa, b.perturb());
        a.update(&pa, 0.0);
        assert!(a.params.iter().all(|t| t.theta == 50.0));
        assert!(!a.finished());
    }
}
