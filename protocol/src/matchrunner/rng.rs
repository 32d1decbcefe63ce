//! The runner's seeded random numbers (dice, random opening plies, opening order): a small
//! SplitMix64 stream, so a seed gives the same match on every machine and every build.

use escalade_core::splitmix64;

/// A deterministic pseudo-random stream.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A stream determined by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// A stream for one sub-task (a game, an opening) derived from a master seed.
    pub fn derived(seed: u64, stream: u64, index: u64) -> Self {
        Rng::new(splitmix64(
            seed ^ splitmix64(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index),
        ))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.state)
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform index in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Picks an index with probability proportional to `weights` (non-empty).
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.next_f64() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(
            Rng::derived(7, 1, 0).next_u64(),
            Rng::derived(7, 1, 1).next_u64()
        );
    }

    #[test]
    fn weighted_follows_the_weights() {
        let mut r = Rng::new(1);
        let n = 60_000;
        let hits = (0..n).filter(|_| r.weighted(&[1.0, 5.0]) == 1).count();
        let p = hits as f64 / n as f64;
        assert!((p - 5.0 / 6.0).abs() < 0.01, "{p}");
        for _ in 0..1000 {
            assert!(r.below(3) < 3);
        }
    }
}
