//! Zobrist keys: deterministic pseudo-random 64-bit keys made by a `const fn`, so every
//! variant builds its key tables at compile time and hashes never change between runs.

/// One step of the SplitMix64 generator: a well-mixed 64-bit value for each input.
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A table of `N` distinct keys derived from `seed` (use a different seed per table).
pub const fn zobrist_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    let mut state = splitmix64(seed);
    while i < N {
        state = splitmix64(state ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        out[i] = state;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        const T: [u64; 1024] = zobrist_table(7);
        let mut v = T.to_vec();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 1024);
    }
}
