//! Continuation history: how often a quiet move caused a cutoff as the answer to the move
//! one ply and two plies before it, both named by the game's `history_key` (in chess, the
//! moving piece and its destination), folded to [`KEYS`] values. One table serves both
//! distances; each search thread owns one. The table (8 MB) is allocated by its first
//! update, so a search with the feature off (`ContHistoryPlies` 0) never holds it.

use crate::history::nudge;
use crate::score::MAX_PLY;

/// Keys are folded to this many values (FIDE's 768 piece-destination keys fit unfolded).
const KEYS: usize = 1 << 11;
/// No move to answer (the root, a pass, a chance outcome).
const NONE: u16 = u16::MAX;

#[inline(always)]
fn fold(key: u32) -> u16 {
    ((key ^ (key >> 11) ^ (key >> 22)) as usize & (KEYS - 1)) as u16
}

/// The table and the keys of the moves on the current line.
pub struct ContinuationHistory {
    /// `KEYS × KEYS` entries once a move was rewarded; empty before.
    table: Vec<i16>,
    /// `played[ply]`: the folded key of the move played at `ply` (`NONE` for none).
    played: Vec<u16>,
    /// `quiet[ply]`: the move played at `ply` is quiet and handed the turn over.
    quiet: Vec<bool>,
}

impl ContinuationHistory {
    pub fn new() -> Self {
        ContinuationHistory {
            table: Vec::new(),
            played: vec![NONE; MAX_PLY + 2],
            quiet: vec![false; MAX_PLY + 2],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
        self.played.fill(NONE);
        self.quiet.fill(false);
    }

    /// Records the move played at `ply` (`None`: a pass or a chance outcome); `quiet`: a
    /// quiet move that hands the turn over ([`ContinuationHistory::reward_played`]).
    #[inline(always)]
    pub fn set_played(&mut self, ply: usize, key: Option<u32>, quiet: bool) {
        self.played[ply] = key.map_or(NONE, fold);
        self.quiet[ply] = quiet;
    }

    /// Moves the entries of the move played at `ply`, if it was quiet and handed the turn
    /// over, as [`ContinuationHistory::update`] does (its answer failed low).
    pub fn reward_played(&mut self, ply: usize, bonus: i32) {
        let k = self.played[ply];
        if self.quiet[ply] && k != NONE {
            self.nudge_slots(k, ply, bonus);
        }
    }

    /// The table slots of a move with `key` at `ply`, as the answer to the moves up to
    /// `plies` back (at most 2).
    #[inline(always)]
    fn slots(&self, key: u32, ply: usize, plies: usize) -> impl Iterator<Item = usize> + '_ {
        self.folded_slots(fold(key), ply, plies)
    }

    /// [`ContinuationHistory::slots`] of a key already folded.
    #[inline(always)]
    fn folded_slots(&self, k: u16, ply: usize, plies: usize) -> impl Iterator<Item = usize> + '_ {
        let k = k as usize;
        (1..=plies.min(2))
            .filter(move |&back| back <= ply)
            .map(move |back| self.played[ply - back])
            .filter(|&prev| prev != NONE)
            .map(move |prev| prev as usize * KEYS + k)
    }

    /// The continuation score of a move with `key` at `ply`, over `plies` plies back.
    #[inline]
    pub fn score(&self, key: u32, ply: usize, plies: usize) -> i32 {
        self.slots(key, ply, plies)
            .map(|s| self.table.get(s).map_or(0, |&h| h as i32))
            .sum()
    }

    /// Moves the entries of a move with `key` at `ply` towards `±HISTORY_MAX` (`history.rs`) by
    /// `bonus`, less as they near the limit.
    #[inline]
    pub fn update(&mut self, key: u32, ply: usize, bonus: i32) {
        self.nudge_slots(fold(key), ply, bonus);
    }

    /// Moves the entries of the move with folded key `k` at `ply` (allocating the table
    /// at the first update).
    #[inline]
    fn nudge_slots(&mut self, k: u16, ply: usize, bonus: i32) {
        if self.table.is_empty() {
            self.table = vec![0; KEYS * KEYS];
        }
        let slots: [Option<usize>; 2] = {
            let mut it = self.folded_slots(k, ply, 2);
            [it.next(), it.next()]
        };
        for s in slots.into_iter().flatten() {
            nudge(&mut self.table[s], bonus);
        }
    }
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reward_counts_only_after_the_same_moves() {
        let mut c = ContinuationHistory::new();
        assert!(c.table.is_empty(), "no table before the first reward");
        c.set_played(0, Some(100), true);
        assert_eq!(c.score(300, 1, 1), 0);
        c.set_played(0, Some(100), true);
        c.set_played(1, Some(200), true);
        c.update(300, 2, 1_000);
        assert_eq!(c.score(300, 2, 2), 2_000);
        assert_eq!(c.score(300, 2, 1), 1_000);
        assert_eq!(c.score(301, 2, 2), 0);
        // after another reply the one-ply entry is a different one
        c.set_played(1, Some(201), true);
        assert_eq!(c.score(300, 2, 2), 1_000);
        // a pass has no continuation
        c.set_played(1, None, false);
        assert_eq!(c.score(300, 2, 1), 0);
        c.clear();
        c.set_played(0, Some(100), true);
        c.set_played(1, Some(200), true);
        assert_eq!(c.score(300, 2, 2), 0);
    }

    #[test]
    fn a_played_quiet_move_is_rewarded_as_the_answer_it_was() {
        let mut c = ContinuationHistory::new();
        c.set_played(0, Some(100), true);
        c.set_played(1, Some(200), true);
        c.set_played(2, Some(300), true);
        c.reward_played(2, 1_000);
        assert_eq!(c.score(300, 2, 2), 2_000);
        // a move that was not quiet is left alone
        c.set_played(2, Some(301), false);
        c.reward_played(2, 1_000);
        assert_eq!(c.score(301, 2, 2), 0);
    }
}
