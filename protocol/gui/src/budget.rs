//! The one memory budget of every transposition table of the server: each open board holds
//! a [`HashShare`] of the [`HashBudget`] as large as its `Hash`, and a board asking for
//! more than the other boards leave is refused with the largest size that still fits.
//! The default budget is declared here, in [`default_budget_mb`].

use std::sync::{Arc, Mutex, PoisonError};

use thiserror::Error;

/// The budget of a server started without `--hash-budget`, in MB: half of the machine's
/// physical memory, the most one engine of UCI or XBoard may give its one table
/// ([`escalade_engine::max_hash_mb`]). All the boards together get what one engine may.
pub fn default_budget_mb() -> usize {
    escalade_engine::max_hash_mb()
}

/// Why a share of the budget was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BudgetError {
    /// A board asked for more than the other boards leave.
    #[error(
        "Hash {asked} MB does not fit: the boards of this server share {total} MB of hash \
         tables and the other boards hold {others} MB; the largest that fits is {fits} MB"
    )]
    TooLarge {
        /// The `Hash` asked for, MB.
        asked: usize,
        /// The whole budget, MB.
        total: usize,
        /// What the other boards hold, MB.
        others: usize,
        /// The largest `Hash` that fits now, MB.
        fits: usize,
    },
    /// Nothing is left for a new board.
    #[error(
        "the open boards hold the whole hash budget of this server ({total} MB); close a \
         board or lower its Hash"
    )]
    Spent {
        /// The whole budget, MB.
        total: usize,
    },
}

/// The budget (MB) and what the boards hold of it.
#[derive(Debug)]
pub struct HashBudget {
    total: usize,
    held: Mutex<usize>,
}

impl HashBudget {
    /// A budget of `total_mb` (at least 1 MB), none of it held.
    pub fn new(total_mb: usize) -> Arc<HashBudget> {
        Arc::new(HashBudget {
            total: total_mb.max(1),
            held: Mutex::new(0),
        })
    }

    /// The whole budget in MB.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The MB held by every board together.
    pub fn held(&self) -> usize {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, usize> {
        // the count stays right whatever panicked while holding it: every change is one store
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A share for a new board: `wanted` MB, or what is left when less (at least 1 MB).
    pub fn claim(self: &Arc<Self>, wanted: usize) -> Result<HashShare, BudgetError> {
        let mut held = self.lock();
        let left = self.total.saturating_sub(*held);
        if left == 0 {
            return Err(BudgetError::Spent { total: self.total });
        }
        let mb = wanted.clamp(1, left);
        *held += mb;
        Ok(HashShare {
            budget: Arc::clone(self),
            mb,
        })
    }
}

/// One board's part of the budget, given back when dropped.
#[derive(Debug)]
pub struct HashShare {
    budget: Arc<HashBudget>,
    mb: usize,
}

impl HashShare {
    /// The MB this board holds.
    pub fn mb(&self) -> usize {
        self.mb
    }

    /// The budget it is part of.
    pub fn budget(&self) -> &HashBudget {
        &self.budget
    }

    /// Holds `mb` instead, if the other boards leave that much; a refusal changes nothing.
    pub fn resize(&mut self, mb: usize) -> Result<(), BudgetError> {
        let mut held = self.budget.lock();
        let others = held.saturating_sub(self.mb);
        let fits = self.budget.total.saturating_sub(others);
        if mb > fits {
            return Err(BudgetError::TooLarge {
                asked: mb,
                total: self.budget.total,
                others,
                fits,
            });
        }
        *held = others + mb;
        self.mb = mb;
        Ok(())
    }
}

impl Drop for HashShare {
    fn drop(&mut self) {
        let mut held = self.budget.lock();
        *held = held.saturating_sub(self.mb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_share_one_budget() {
        let budget = HashBudget::new(100);
        let mut a = budget.claim(16).unwrap();
        let mut b = budget.claim(16).unwrap();
        a.resize(60).unwrap();
        assert_eq!(
            b.resize(50),
            Err(BudgetError::TooLarge {
                asked: 50,
                total: 100,
                others: 60,
                fits: 40
            })
        );
        assert_eq!(b.mb(), 16, "a refusal changes nothing");
        b.resize(40).unwrap();
        assert_eq!(budget.held(), 100);
        assert_eq!(
            budget.claim(16).unwrap_err(),
            BudgetError::Spent { total: 100 }
        );
        a.resize(20).unwrap();
        let c = budget.claim(64).unwrap();
        assert_eq!(c.mb(), 40, "a new board gets what is left");
        drop((a, b, c));
        assert_eq!(budget.held(), 0);
    }

    #[test]
    fn the_message_names_the_largest_size_that_fits() {
        let budget = HashBudget::new(100);
        let _a = budget.claim(70).unwrap();
        let mut b = budget.claim(10).unwrap();
        let message = b.resize(31).unwrap_err().to_string();
        assert!(message.contains("largest that fits is 30 MB"), "{message}");
    }
}
