//! Per-thread search memory, the tables the search learns from as it goes: the quiet
//! history and the killers (`history.rs`), the continuation history (`conthist.rs`) and
//! the correction history (`correction.rs`). Every search thread owns one, so threads
//! order moves differently (good for Lazy SMP) and never share mutable state.

use crate::conthist::ContinuationHistory;
use crate::correction::CorrectionHistory;
use crate::history::{Killers, QuietHistory};

/// The learnt tables of one search thread.
pub struct Heuristics<M> {
    /// Quiet moves that caused cutoffs, per side.
    pub quiet: QuietHistory,
    /// Quiet moves as answers to the moves before them.
    pub cont: ContinuationHistory,
    /// How far searched values miss the static evaluation.
    pub corr: CorrectionHistory,
    /// Two killer moves per ply.
    pub killers: Killers<M>,
}

impl<M: Copy + Eq> Heuristics<M> {
    /// Empty tables.
    pub fn new() -> Self {
        Heuristics {
            quiet: QuietHistory::new(),
            cont: ContinuationHistory::new(),
            corr: CorrectionHistory::new(),
            killers: Killers::new(),
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.quiet.clear();
        self.cont.clear();
        self.corr.clear();
        self.killers.clear();
    }
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Self::new()
    }
}
