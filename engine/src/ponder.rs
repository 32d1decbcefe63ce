//! Pondering that carries on after a ponder hit (UCI `go ponder` then `ponderhit`, XBoard
//! `hard` when the opponent plays the expected move): a search started with
//! `Limits::ponder` has its clock stopped and never ends on its own; [`PonderHit::hit`]
//! starts the clock from that moment, and the same search goes on under its time limits
//! with everything it has found. [`PonderHit::hit_with_budget`] also replaces the time
//! budget, for a protocol that learns the clocks only when the move comes (XBoard).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::TimeBudget;

/// The signal that turns a ponder search into a normal one; clones share it.
#[derive(Clone, Debug, Default)]
pub struct PonderHit(Arc<PonderState>);

#[derive(Debug, Default)]
struct PonderState {
    hit: AtomicBool,
    budget: OnceLock<TimeBudget>,
}

impl PonderHit {
    /// A signal not yet given.
    pub fn new() -> Self {
        Self::default()
    }
    /// The expected move was played: the search's clock starts now, with the budget the
    /// search was started with.
    pub fn hit(&self) {
        self.0.hit.store(true, Ordering::Release);
    }
    /// [`hit`](Self::hit), the clock running with `budget` instead.
    pub fn hit_with_budget(&self, budget: TimeBudget) {
        let _ = self.0.budget.set(budget);
        self.hit();
    }
    /// Whether the signal was given.
    pub fn is_hit(&self) -> bool {
        self.0.hit.load(Ordering::Acquire)
    }
    /// The budget given with the signal, if any.
    pub fn budget(&self) -> Option<TimeBudget> {
        self.0.budget.get().copied()
    }
}
