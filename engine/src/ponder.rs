//! Pondering that carries on after a ponder hit (UCI `go ponder` then `ponderhit`): a
//! search started with `Limits::ponder` has its clock stopped and never ends on its own;
//! [`PonderHit::hit`] (the opponent played the expected move) starts the clock from that
//! moment, and the same search goes on under its time limits with everything it has found.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The signal that turns a ponder search into a normal one; clones share it.
#[derive(Clone, Debug, Default)]
pub struct PonderHit(Arc<AtomicBool>);

impl PonderHit {
    /// A signal not yet given.
    pub fn new() -> Self {
        Self::default()
    }
    /// The expected move was played: the search's clock starts now.
    pub fn hit(&self) {
        self.0.store(true, Ordering::Release);
    }
    /// Whether [`hit`](Self::hit) was called.
    pub fn is_hit(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}
