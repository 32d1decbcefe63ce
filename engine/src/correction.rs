//! Correction history: per side and per key of the position's slow-changing structure
//! (`Evaluate::correction_key`: in chess, the pawns), a running average of how far the
//! searched value of a node landed from its static evaluation. The search adds that
//! average (scaled by `CorrectionScale`) to the static evaluation before pruning with it
//! and before standing pat on it. Each search thread owns one table.

use escalade_core::Color;
use escalade_eval::Evaluate;

use crate::moveloop::Node;
use crate::score::{is_mate, MATE_BOUND};
use crate::search::Searcher;
use crate::tt::Bound;

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

impl<P: Evaluate> Searcher<P> {
    /// The static evaluation `raw` of `pos` (not in check) with the correction added,
    /// where the game keys corrections and `CorrectionScale` is on (`None` otherwise).
    #[inline]
    pub(crate) fn corrected_eval(&self, pos: &P, raw: i32) -> Option<CorrectedEval> {
        let share = self.params.correction_scale;
        if share == 0 {
            return None;
        }
        let key = pos.correction_key()?;
        let correction = self.heur.corr.correction(pos.side_to_move(), key) * share / 100;
        let corrected = (raw + correction).clamp(1 - MATE_BOUND, MATE_BOUND - 1);
        Some(CorrectedEval {
            key,
            raw,
            corrected,
        })
    }

    /// The static evaluation `raw` of `pos` as quiescence stands pat on it: corrected where
    /// corrections are on.
    #[inline]
    pub(crate) fn stand_pat_eval(&self, pos: &P, raw: i32) -> i32 {
        self.corrected_eval(pos, raw).map_or(raw, |e| e.corrected)
    }

    /// Learns from a finished node whose value `best` (with `bound`) says where the true
    /// value lies relative to its static evaluation: not after a tactical best move (the
    /// evaluation of a quiet position does not see it coming), nor from a mate score, nor
    /// from a bound on the evaluation's own side.
    #[inline]
    pub(crate) fn learn_correction(
        &mut self,
        pos: &P,
        node: &Node,
        best: i32,
        best_move: Option<P::Move>,
        bound: Bound,
    ) {
        let Some(e) = node.corrected else { return };
        if best_move.is_some_and(|m| pos.is_tactical(m)) || is_mate(best) {
            return;
        }
        if (bound == Bound::Lower && best <= e.corrected)
            || (bound == Bound::Upper && best >= e.corrected)
        {
            return;
        }
        let side = pos.side_to_move();
        self.heur.corr.update(side, e.key, node.depth, best - e.raw);
    }
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
