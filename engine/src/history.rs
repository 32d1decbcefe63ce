//! Per-thread move-ordering memory: the history table (how often a quiet move caused a
//! cutoff, per side, indexed by the folded move code), the continuation history
//! (`conthist.rs`), the correction history (`correction.rs`) and two killer moves per ply.
//! Every search thread owns one, so threads order moves differently (good for Lazy SMP)
//! and never share mutable state.

use escalade_core::Color;

use crate::conthist::ContinuationHistory;
use crate::correction::CorrectionHistory;
use crate::score::MAX_PLY;

/// Entries per side in the history table (move codes are folded to 16 bits).
const HISTORY_SIZE: usize = 1 << 16;
/// History scores stay within `±HISTORY_MAX`.
pub const HISTORY_MAX: i32 = 16_384;

/// Folds a 32-bit move code to a history index.
#[inline(always)]
fn fold(code: u32) -> usize {
    ((code ^ (code >> 16)) as usize) & (HISTORY_SIZE - 1)
}

/// Moves one history entry towards `±HISTORY_MAX` by `bonus` (clamped to that range),
/// less as it nears the limit: the update of every history table.
#[inline(always)]
pub fn nudge(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let h = *entry as i32;
    *entry = (h + bonus - h * bonus.abs() / HISTORY_MAX) as i16;
}

/// History and killers of one search thread.
pub struct Heuristics<M> {
    history: Vec<i16>,
    /// Quiet moves as answers to the moves before them.
    pub cont: ContinuationHistory,
    /// How far searched values miss the static evaluation.
    pub corr: CorrectionHistory,
    killers: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Heuristics<M> {
    /// Empty tables.
    pub fn new() -> Self {
        Heuristics {
            history: vec![0; 2 * HISTORY_SIZE],
            cont: ContinuationHistory::new(),
            corr: CorrectionHistory::new(),
            killers: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.history.fill(0);
        self.cont.clear();
        self.corr.clear();
        self.clear_killers();
    }

    /// Forgets the killers (they belong to one search tree).
    pub fn clear_killers(&mut self) {
        self.killers.fill([None; 2]);
    }

    /// The history score of a quiet move with code `code` for `side`.
    #[inline(always)]
    pub fn history(&self, side: Color, code: u32) -> i32 {
        self.history[side.index() * HISTORY_SIZE + fold(code)] as i32
    }

    /// Moves a history score towards `±HISTORY_MAX` by `bonus` (negative to penalize),
    /// less as it nears the limit.
    #[inline]
    pub fn update_history(&mut self, side: Color, code: u32, bonus: i32) {
        nudge(
            &mut self.history[side.index() * HISTORY_SIZE + fold(code)],
            bonus,
        );
    }

    /// The killer moves of `ply`.
    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, mv: M) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates_and_sides_are_separate() {
        let mut h: Heuristics<u8> = Heuristics::new();
        for _ in 0..10_000 {
            h.update_history(Color::White, 77, 1_600);
        }
        let v = h.history(Color::White, 77);
        assert!(v > HISTORY_MAX * 9 / 10 && v <= HISTORY_MAX, "{v}");
        assert_eq!(h.history(Color::Black, 77), 0);
        for _ in 0..10_000 {
            h.update_history(Color::White, 77, -1_600);
        }
        assert!(h.history(Color::White, 77) >= -HISTORY_MAX);
        h.clear();
        assert_eq!(h.history(Color::White, 77), 0);
    }

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut h: Heuristics<u8> = Heuristics::new();
        h.add_killer(3, 1);
        h.add_killer(3, 1);
        assert_eq!(h.killers(3), [Some(1), None]);
        h.add_killer(3, 2);
        h.add_killer(3, 4);
        assert_eq!(h.killers(3), [Some(4), Some(2)]);
        h.clear_killers();
        assert_eq!(h.killers(3), [None, None]);
    }
}
