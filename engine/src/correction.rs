//! Correction history: per side and per key of the position's slow-changing structure
//! (`Evaluate::correction_key`: in chess, the pawns), a running average of how far the
//! searched value of a node landed from its static evaluation. The search adds that
//! average (scaled by `CorrectionScale`) to the static evaluation before pruning with it
//! and before standing pat on it (`static_eval.rs`). Each search thread owns one table. A
//! leaf: the table and a node's evaluation with and without its correction.

use escalade_core::Color;

/// Entries per side.
const ENTRIES: usize = 1 << 14;
/// Entries hold centipawns in this many parts, so small updates still move them.
const GRAIN: i32 = 256;
/// An update's weight is counted in this many parts.
const WEIGHT_SCALE: i32 = 256;
/// The largest weight of one update (reached from depth 15).
const MAX_WEIGHT: i32 = 16;
/// The largest correction, in centipawns.
pub const MAX_CORRECTION: i32 = 64;

/// The correction table of one search thread.
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    /// An empty table (no correction anywhere).
    pub fn new() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    #[inline(always)]
    fn slot(side: Color, key: u64) -> usize {
        side.index() * ENTRIES + (key >> 32) as usize % ENTRIES
    }

    /// The learned correction for `side` to move where the game's key is `key`, in
    /// centipawns.
    #[inline(always)]
    pub fn correction(&self, side: Color, key: u64) -> i32 {
        self.table[Self::slot(side, key)] / GRAIN
    }

    /// Moves the average for `side` under `key` towards `miss` (searched value minus
    /// uncorrected static evaluation), the more the deeper the search was.
    #[inline]
    pub fn update(&mut self, side: Color, key: u64, depth: i32, miss: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = miss.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let slot = &mut self.table[Self::slot(side, key)];
        *slot = (*slot * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self::new()
    }
}

/// A node's static evaluation with and without its correction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CorrectedEval {
    /// The game's correction key of the node.
    pub key: u64,
    /// The game's evaluation.
    pub raw: i32,
    /// The evaluation with the correction added.
    pub corrected: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_follows_the_misses_within_its_bounds() {
        let mut c = CorrectionHistory::new();
        assert_eq!(c.correction(Color::White, 5 << 32), 0);
        for _ in 0..2_000 {
            c.update(Color::White, 5 << 32, 10, 30);
        }
        let v = c.correction(Color::White, 5 << 32);
        assert!((28..=30).contains(&v), "{v}");
        assert_eq!(c.correction(Color::Black, 5 << 32), 0);
        assert_eq!(c.correction(Color::White, 6 << 32), 0);
        for _ in 0..2_000 {
            c.update(Color::White, 5 << 32, 20, -10_000);
        }
        // a miss beyond the largest correction counts as the largest (integer steps stop
        // just short of it)
        let v = c.correction(Color::White, 5 << 32);
        assert!((-MAX_CORRECTION..=1 - MAX_CORRECTION).contains(&v), "{v}");
        // a shallow search moves the average less than a deep one
        let mut shallow = CorrectionHistory::new();
        let mut deep = CorrectionHistory::new();
        shallow.update(Color::White, 1 << 32, 1, 64);
        deep.update(Color::White, 1 << 32, 12, 64);
        assert!(0 < shallow.table[1] && shallow.table[1] < deep.table[1]);
        c.clear();
        assert_eq!(c.correction(Color::White, 5 << 32), 0);
    }
}
