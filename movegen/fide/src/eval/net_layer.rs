//! The inner product of the network's output layer for squared units: over one
//! perspective's units `a`, clipped to `c = clamp(a, 0, QA)`, and their output weights `w`,
//! the wrapped sum of `c * w * c`, taken as `(c * w) * c` with `c * w` in 16 bits (exact for
//! the weights a network file may hold, see `Network::read`). Portable code, and on x86-64
//! code that clips, multiplies and pairs sixteen units a step with AVX2 (`vpmaddwd`, which
//! the compiler does not find by itself here). Both give the same integers.

use super::net::HIDDEN;

/// A way to take the squared units' sum.
pub(super) trait SquaredSum: Copy {
    fn squared_sum(self, acc: &[i16; HIDDEN], weights: &[i16; HIDDEN], qa: i16) -> i32;
}

/// Plain Rust, for every processor.
#[derive(Clone, Copy)]
pub(super) struct Portable;

impl SquaredSum for Portable {
    #[inline(always)]
    fn squared_sum(self, acc: &[i16; HIDDEN], weights: &[i16; HIDDEN], qa: i16) -> i32 {
        squared_sum_of(acc, weights, qa)
    }
}

/// The sum over two slices of the same length.
#[inline(always)]
fn squared_sum_of(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    acc.iter().zip(weights).fold(0_i32, |sum, (&a, &w)| {
        let c = a.clamp(0, qa);
        sum.wrapping_add((c.wrapping_mul(w) as i32).wrapping_mul(c as i32))
    })
}

/// AVX2 instructions; a value of this type is the proof that the processor has them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// `Some` on a processor with AVX2.
    pub(super) fn detect() -> Option<Avx2> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl SquaredSum for Avx2 {
    #[inline(always)]
    fn squared_sum(self, acc: &[i16; HIDDEN], weights: &[i16; HIDDEN], qa: i16) -> i32 {
        // SAFETY: an `Avx2` is only made on a processor with AVX2 (`Avx2::detect`).
        unsafe { squared_sum_avx2(acc, weights, qa) }
    }
}

/// Sixteen units a step: clip, `c * w` in 16 bits, then `vpmaddwd` multiplies by `c` and
/// adds neighbouring pairs into 32-bit lanes (no pair can overflow: each product is at
/// most 32,768 x 32,767 in size), which wrap as the portable sum does.
///
/// # Safety
/// Only on a processor with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn squared_sum_avx2(acc: &[i16; HIDDEN], weights: &[i16; HIDDEN], qa: i16) -> i32 {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    let steps = HIDDEN / LANES;
    let zero = _mm256_setzero_si256();
    let ceiling = _mm256_set1_epi16(qa);
    let mut sums = zero;
    for step in 0..steps {
        // SAFETY: `step * LANES + LANES <= HIDDEN`, within both arrays; unaligned loads.
        let (a, w) = unsafe {
            (
                _mm256_loadu_si256(acc.as_ptr().add(step * LANES).cast()),
                _mm256_loadu_si256(weights.as_ptr().add(step * LANES).cast()),
            )
        };
        let c = _mm256_min_epi16(_mm256_max_epi16(a, zero), ceiling);
        sums = _mm256_add_epi32(sums, _mm256_madd_epi16(_mm256_mullo_epi16(c, w), c));
    }
    let mut lanes = [0_i32; 8];
    // SAFETY: `lanes` holds 32 bytes; an unaligned store.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sums) };
    let done = steps * LANES;
    let rest = squared_sum_of(&acc[done..], &weights[done..], qa);
    lanes.iter().fold(rest, |sum, &lane| sum.wrapping_add(lane))
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use escalade_core::splitmix64;

    #[test]
    fn every_way_gives_the_portable_sum() {
        let Some(avx2) = Avx2::detect() else {
            println!("skipped: this processor has no AVX2");
            return;
        };
        let mut seed = 99_u64;
        let mut next = || {
            seed = splitmix64(seed);
            seed
        };
        for round in 0..2_000 {
            // units anywhere in i16 (most clipped one way or the other, some extreme),
            // weights up to what a file may hold for QA (and QA 255, the trainer's)
            let qa = if round % 2 == 0 {
                255
            } else {
                (next() % 32_767) as i16 + 1
            };
            let most = i16::MAX / qa;
            let acc: [i16; HIDDEN] = std::array::from_fn(|_| match next() % 4 {
                0 => next() as i16,
                1 => [i16::MIN, i16::MAX, 0, qa][(next() % 4) as usize],
                _ => ((next() % (2 * qa as u64 + 1)) as i16).wrapping_sub(qa / 2),
            });
            let weights: [i16; HIDDEN] =
                std::array::from_fn(|_| (next() % (2 * most as u64 + 1)) as i16 - most);
            let portable = Portable.squared_sum(&acc, &weights, qa);
            assert_eq!(avx2.squared_sum(&acc, &weights, qa), portable, "{round}");
        }
    }
}
