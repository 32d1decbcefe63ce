//! Magic-bitboard slider attacks: the FIDE fast path behind the core geometry. Masks and
//! reference attacks come from the core `Geometry` (rays built from adjacency); the magic
//! multipliers are found once, at first use, by a seeded search, so the tables are identical
//! on every run.

use escalade_core::{Bitboard, Geometry, Square};

/// One square's magic: mask of relevant blockers, multiplier, shift and table offset.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Attack tables of one slider kind (rook or bishop) for all 64 squares.
pub(crate) struct SliderTable {
    magics: [Magic; 64],
    attacks: Vec<u64>,
}

impl SliderTable {
    /// Builds the table for a rider moving along `dirs`, with known multipliers (one per
    /// square, as found by [`SliderTable::search`]); each is verified while filling.
    pub(crate) fn with_magics(
        geo: &Geometry<u64>,
        dirs: &[usize],
        multipliers: &[u64; 64],
    ) -> SliderTable {
        let mut magics = [Magic::default(); 64];
        let mut attacks = Vec::new();
        for sq in 0..64u8 {
            let mask = relevant_mask(geo, sq, dirs);
            let shift = 64 - mask.count();
            let magic = multipliers[sq as usize];
            let mut table = vec![None; 1usize << mask.count()];
            for occ in subsets(mask) {
                let att = geo.slide_all(sq, dirs, occ);
                let slot = &mut table[(occ.wrapping_mul(magic) >> shift) as usize];
                assert!(
                    slot.is_none_or(|a| a == att),
                    "magic for square {sq} collides"
                );
                *slot = Some(att);
            }
            magics[sq as usize] = Magic {
                mask,
                magic,
                shift,
                offset: attacks.len(),
            };
            attacks.extend(table.into_iter().map(|a| a.unwrap_or(0)));
        }
        SliderTable { magics, attacks }
    }

    /// Finds multipliers by a seeded random search (slow: used to make the constants).
    #[cfg(test)]
    pub(crate) fn search(geo: &Geometry<u64>, dirs: &[usize], seed: u64) -> SliderTable {
        let mut magics = [Magic::default(); 64];
        let mut attacks = Vec::new();
        let mut rng = seed;
        for sq in 0..64u8 {
            let mask = relevant_mask(geo, sq, dirs);
            let bits = mask.count();
            let subsets = subsets(mask);
            let reference: Vec<u64> = subsets
                .iter()
                .map(|&occ| geo.slide_all(sq, dirs, occ))
                .collect();
            let size = 1usize << bits;
            let shift = 64 - bits;
            let mut table = vec![0u64; size];
            let mut used = vec![0u32; size];
            let mut attempt = 0u32;
            let magic = loop {
                attempt += 1;
                let candidate = sparse_random(&mut rng);
                if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                    continue;
                }
                let ok = subsets.iter().zip(&reference).all(|(&occ, &att)| {
                    let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                    if used[idx] != attempt {
                        used[idx] = attempt;
                        table[idx] = att;
                        true
                    } else {
                        table[idx] == att
                    }
                });
                if ok {
                    break candidate;
                }
            };
            magics[sq as usize] = Magic {
                mask,
                magic,
                shift,
                offset: attacks.len(),
            };
            attacks.extend_from_slice(&table);
        }
        SliderTable { magics, attacks }
    }

    /// Attacks from `sq` given the board occupancy.
    #[inline(always)]
    pub(crate) fn attacks(&self, sq: Square, occupied: u64) -> u64 {
        let m = &self.magics[sq as usize];
        let idx = ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        // SAFETY-free indexing: the index is < 2^bits by construction of the shift.
        self.attacks[m.offset + idx]
    }
}

/// Blockers that matter: each ray without its last square.
fn relevant_mask(geo: &Geometry<u64>, sq: Square, dirs: &[usize]) -> u64 {
    let mut mask = 0;
    for &d in dirs {
        let ray = geo.ray(sq, d);
        for s in ray.squares() {
            if geo.step(s, d).any() {
                mask |= u64::bit(s);
            }
        }
    }
    mask
}

/// Every subset of `mask` (Carry-Rippler enumeration).
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

#[cfg(test)]
fn next_random(state: &mut u64) -> u64 {
    *state = escalade_core::splitmix64(*state);
    *state
}

#[cfg(test)]
fn sparse_random(state: &mut u64) -> u64 {
    next_random(state) & next_random(state) & next_random(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{chess_geometry, BISHOP_DIRS, BISHOP_MAGICS, ROOK_DIRS, ROOK_MAGICS};

    /// Prints fresh multipliers: `cargo test -p escalade-fide print_magics -- --ignored --nocapture`.
    #[test]
    #[ignore = "generates the constants in tables.rs"]
    fn print_magics() {
        let geo = chess_geometry();
        for (name, dirs, seed) in [
            ("ROOK", &ROOK_DIRS, 0x5EED_0001),
            ("BISHOP", &BISHOP_DIRS, 0x5EED_0002),
        ] {
            let t = SliderTable::search(&geo, dirs, seed);
            let list: Vec<String> = t
                .magics
                .iter()
                .map(|m| format!("0x{:016X}", m.magic))
                .collect();
            println!(
                "pub(crate) const {name}_MAGICS: [u64; 64] = [{}];",
                list.join(", ")
            );
        }
    }

    #[test]
    fn embedded_magics_are_collision_free() {
        let geo = chess_geometry();
        SliderTable::with_magics(&geo, &ROOK_DIRS, &ROOK_MAGICS);
        SliderTable::with_magics(&geo, &BISHOP_DIRS, &BISHOP_MAGICS);
    }
}
