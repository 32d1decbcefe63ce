//! Counter moves: for each move the opponent may play (named by the game's `history_key`,
//! folded as continuation history folds it), the quiet answer that last caused a cutoff.
//! The move loop tries it right after the killers (`CounterMove`); each search thread owns
//! one table, filled by quiet cutoffs and kept between searches like the history.

use crate::conthist::KEYS;

/// The last quiet answer that cut off, per folded key of the move answered.
pub struct CounterMoves<M> {
    /// `KEYS` entries once a counter was recorded; empty before.
    table: Vec<Option<M>>,
}

impl<M: Copy> CounterMoves<M> {
    /// An empty table (it allocates at its first record).
    pub fn new() -> Self {
        CounterMoves { table: Vec::new() }
    }

    /// Forgets every counter (new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The counter to the move with folded key `answered`, if one was recorded.
    #[inline(always)]
    pub fn get(&self, answered: u16) -> Option<M> {
        self.table.get(answered as usize).copied().flatten()
    }

    /// Records `mv` as the counter to the move with folded key `answered`.
    #[inline]
    pub fn set(&mut self, answered: u16, mv: M) {
        if self.table.is_empty() {
            self.table = vec![None; KEYS];
        }
        self.table[answered as usize] = Some(mv);
    }
}

impl<M: Copy> Default for CounterMoves<M> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_is_kept_per_answered_move_until_cleared() {
        let mut c: CounterMoves<u8> = CounterMoves::new();
        assert_eq!(c.get(5), None);
        c.set(5, 9);
        c.set(6, 3);
        c.set(5, 7);
        assert_eq!((c.get(5), c.get(6), c.get(7)), (Some(7), Some(3), None));
        c.clear();
        assert_eq!(c.get(5), None);
    }
}
