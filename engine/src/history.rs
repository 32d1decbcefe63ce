//! The quiet-move history table (how often a quiet move caused a cutoff, per side,
//! indexed by the folded move code), the killer moves (two per ply), and [`nudge`], the
//! update every history table shares. A leaf: it knows moves only by their codes.

use escalade_core::Color;

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

/// How often each quiet move caused a cutoff, per side.
pub struct QuietHistory {
    table: Vec<i16>,
}

impl QuietHistory {
    /// An empty table.
    pub fn new() -> Self {
        QuietHistory {
            table: vec![0; 2 * HISTORY_SIZE],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The history score of a quiet move with code `code` for `side`.
    #[inline(always)]
    pub fn score(&self, side: Color, code: u32) -> i32 {
        self.table[side.index() * HISTORY_SIZE + fold(code)] as i32
    }

    /// Moves a history score towards `±HISTORY_MAX` by `bonus` (negative to penalize),
    /// less as it nears the limit.
    #[inline]
    pub fn update(&mut self, side: Color, code: u32, bonus: i32) {
        nudge(
            &mut self.table[side.index() * HISTORY_SIZE + fold(code)],
            bonus,
        );
    }
}

impl Default for QuietHistory {
    fn default() -> Self {
        Self::new()
    }
}

/// Two killer moves per ply: the latest distinct quiet moves that cut off there.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    /// No killers at any ply.
    pub fn new() -> Self {
        Killers {
            slots: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    /// Forgets the killers (they belong to one search tree).
    pub fn clear(&mut self) {
        self.slots.fill([None; 2]);
    }

    /// The killer moves of `ply`.
    #[inline(always)]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply]
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    #[inline]
    pub fn add(&mut self, ply: usize, mv: M) {
        let k = &mut self.slots[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates_and_sides_are_separate() {
        let mut h = QuietHistory::new();
        for _ in 0..10_000 {
            h.update(Color::White, 77, 1_600);
        }
        let v = h.score(Color::White, 77);
        assert!(v > HISTORY_MAX * 9 / 10 && v <= HISTORY_MAX, "{v}");
        assert_eq!(h.score(Color::Black, 77), 0);
        for _ in 0..10_000 {
            h.update(Color::White, 77, -1_600);
        }
        assert!(h.score(Color::White, 77) >= -HISTORY_MAX);
        h.clear();
        assert_eq!(h.score(Color::White, 77), 0);
    }

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut k: Killers<u8> = Killers::new();
        k.add(3, 1);
        k.add(3, 1);
        assert_eq!(k.get(3), [Some(1), None]);
        k.add(3, 2);
        k.add(3, 4);
        assert_eq!(k.get(3), [Some(4), Some(2)]);
        k.clear();
        assert_eq!(k.get(3), [None, None]);
    }
}
