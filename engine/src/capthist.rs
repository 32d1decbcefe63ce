//! Capture history: how often a tactical move (a capture, a promotion) caused a cutoff,
//! per side, keyed by what moves where (the game's `history_key`) together with what it
//! wins at once (`tactical_gain`, which in chess names the victim). It shifts the order
//! of tactical moves within their band (winning or losing), so that captures that worked
//! before in this search come first. The table (256 KB) is allocated by its first update,
//! so a search with the feature off (`CaptureHistoryScale` 0) never holds it.

use escalade_core::Color;

use crate::history::nudge;

/// Entries per side (keys are hashed to 16 bits).
const ENTRIES: usize = 1 << 16;

/// The slot of a tactical move of `side` with `key` (its `history_key`) and `gain`.
#[inline(always)]
fn slot(side: Color, key: u32, gain: i32) -> usize {
    let mixed = ((key as u64) << 32 | gain as u32 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    side.index() * ENTRIES + (mixed >> 48) as usize
}

/// One search thread's capture history.
#[derive(Default)]
pub struct CaptureHistory {
    /// `2 × ENTRIES` scores within `±HISTORY_MAX` once a move was rewarded; empty before.
    table: Vec<i16>,
}

impl CaptureHistory {
    pub fn new() -> Self {
        CaptureHistory { table: Vec::new() }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The score of a tactical move of `side` with `key` and `gain`.
    #[inline(always)]
    pub fn score(&self, side: Color, key: u32, gain: i32) -> i32 {
        self.table
            .get(slot(side, key, gain))
            .map_or(0, |&h| h as i32)
    }

    /// Moves the score of a tactical move towards `±HISTORY_MAX` by `bonus` (negative to
    /// penalize), less as it nears the limit.
    #[inline]
    pub fn update(&mut self, side: Color, key: u32, gain: i32, bonus: i32) {
        if self.table.is_empty() {
            self.table = vec![0; 2 * ENTRIES];
        }
        nudge(&mut self.table[slot(side, key, gain)], bonus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::HISTORY_MAX;

    #[test]
    fn empty_until_rewarded_then_saturating() {
        let mut c = CaptureHistory::new();
        assert_eq!(c.score(Color::White, 100, 800), 0);
        assert!(c.table.is_empty());
        for _ in 0..100 {
            c.update(Color::White, 100, 800, 1_600);
        }
        let v = c.score(Color::White, 100, 800);
        assert!(v > HISTORY_MAX / 2 && v <= HISTORY_MAX, "{v}");
        for _ in 0..200 {
            c.update(Color::White, 100, 800, -1_600);
        }
        assert!(c.score(Color::White, 100, 800) >= -HISTORY_MAX);
        c.clear();
        assert_eq!(c.score(Color::White, 100, 800), 0);
    }

    #[test]
    fn sides_victims_and_squares_are_kept_apart() {
        let mut c = CaptureHistory::new();
        c.update(Color::White, 100, 800, 1_000);
        assert_eq!(c.score(Color::White, 100, 800), 1_000);
        assert_eq!(c.score(Color::Black, 100, 800), 0);
        // the same piece and square taking another victim
        assert_eq!(c.score(Color::White, 100, 7_200), 0);
        assert_eq!(c.score(Color::White, 101, 800), 0);
    }
}
