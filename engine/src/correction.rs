//! Correction history: per side and per key of the position's slow-changing structure
//! (`Evaluate::correction_key`: in chess, the pawns, then each side's other pieces), a
//! running average of how far the searched value of a node landed from its static
//! evaluation. The search adds those averages (the first key's scaled by
//! `CorrectionScale`, the others' by `CorrectionScale2`) to the static evaluation before
//! pruning with it and before standing pat on it. Each search thread owns one table per
//! key.

use escalade_core::Color;
use escalade_eval::{Evaluate, CORRECTION_KEYS};

use crate::moveloop::Node;
use crate::score::{is_mate, MATE_BOUND};
use crate::search::Searcher;
use crate::tt::Bound;

/// Entries per side and key.
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
            table: vec![0; CORRECTION_KEYS * 2 * ENTRIES],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    #[inline(always)]
    fn slot(which: usize, side: Color, key: u64) -> usize {
        (which * 2 + side.index()) * ENTRIES + (key >> 32) as usize % ENTRIES
    }

    /// The learned correction for `side` to move under key number `which` being `key`, in
    /// centipawns.
    #[inline(always)]
    pub fn correction(&self, which: usize, side: Color, key: u64) -> i32 {
        self.table[Self::slot(which, side, key)] / GRAIN
    }

    /// Moves the average for `side` under key number `which` being `key` towards `miss`
    /// (searched value minus uncorrected static evaluation), the more the deeper the
    /// search was.
    #[inline]
    pub fn update(&mut self, which: usize, side: Color, key: u64, depth: i32, miss: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = miss.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let slot = &mut self.table[Self::slot(which, side, key)];
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
    /// The game's correction keys of the node, those in use (a share above 0).
    pub keys: [Option<u64>; CORRECTION_KEYS],
    /// The game's evaluation.
    pub raw: i32,
    /// The evaluation with the correction added.
    pub corrected: i32,
}

impl<P: Evaluate> Searcher<P> {
    /// The share, in percent, of the correction under key number `which`.
    #[inline(always)]
    fn correction_share(&self, which: usize) -> i32 {
        if which == 0 {
            self.params.correction_scale
        } else {
            self.params.correction_scale_2
        }
    }

    /// The static evaluation `raw` of `pos` (not in check) with the corrections added,
    /// where the game keys corrections and `CorrectionScale` or `CorrectionScale2` is on
    /// (`None` otherwise).
    #[inline]
    pub(crate) fn corrected_eval(&self, pos: &P, raw: i32) -> Option<CorrectedEval> {
        if self.params.correction_scale == 0 && self.params.correction_scale_2 == 0 {
            return None;
        }
        let side = pos.side_to_move();
        let mut keys = [None; CORRECTION_KEYS];
        let mut correction = 0;
        for (i, slot) in keys.iter_mut().enumerate() {
            let share = self.correction_share(i);
            if share == 0 {
                continue;
            }
            if let Some(key) = pos.correction_key(i) {
                *slot = Some(key);
                correction += self.heur.corr.correction(i, side, key) * share / 100;
            }
        }
        if keys.iter().all(Option::is_none) {
            return None;
        }
        let corrected = (raw + correction).clamp(1 - MATE_BOUND, MATE_BOUND - 1);
        Some(CorrectedEval {
            keys,
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
        for (i, key) in e.keys.iter().enumerate() {
            if let Some(key) = *key {
                self.heur
                    .corr
                    .update(i, side, key, node.depth, best - e.raw);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_follows_the_misses_within_its_bounds() {
        let mut c = CorrectionHistory::new();
        assert_eq!(c.correction(0, Color::White, 5 << 32), 0);
        for _ in 0..2_000 {
            c.update(0, Color::White, 5 << 32, 10, 30);
        }
        let v = c.correction(0, Color::White, 5 << 32);
        assert!((28..=30).contains(&v), "{v}");
        assert_eq!(c.correction(0, Color::Black, 5 << 32), 0);
        assert_eq!(c.correction(0, Color::White, 6 << 32), 0);
        for _ in 0..2_000 {
            c.update(0, Color::White, 5 << 32, 20, -10_000);
        }
        // a miss beyond the largest correction counts as the largest (integer steps stop
        // just short of it)
        let v = c.correction(0, Color::White, 5 << 32);
        assert!((-MAX_CORRECTION..=1 - MAX_CORRECTION).contains(&v), "{v}");
        // a shallow search moves the average less than a deep one
        let mut shallow = CorrectionHistory::new();
        let mut deep = CorrectionHistory::new();
        shallow.update(0, Color::White, 1 << 32, 1, 64);
        deep.update(0, Color::White, 1 << 32, 12, 64);
        assert!(0 < shallow.table[1] && shallow.table[1] < deep.table[1]);
        // each key has its own table
        assert_eq!(c.correction(1, Color::White, 5 << 32), 0);
        c.update(1, Color::White, 5 << 32, 20, 40);
        assert!(c.correction(1, Color::White, 5 << 32) > 0);
        c.clear();
        assert_eq!(c.correction(0, Color::White, 5 << 32), 0);
    }
}
