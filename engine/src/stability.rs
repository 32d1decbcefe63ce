//! What the completed iterations of one search say about the time its move deserves: the
//! main thread records each iteration (its best move, score and end time) and the clock
//! ([`super::TimeBudget::stop_iterating`]) scales the optimum time by [`Stability::scale`]
//! and asks [`Stability::next_iteration`] whether another iteration can still finish.
//!
//! - A best move that changed in the last iterations asks for more time (each change counts
//!   1, halved at every iteration after it).
//! - A score that dropped below the average of the iterations before asks for more time; one
//!   that rose asks for a little less.
//! - A best move that has stood for several iterations asks for less.
//! - A best move that has taken nearly all of the search's nodes (the others were refuted
//!   quickly) asks for less, by the share `TimeEffortShare` gives.
//!
//! Nothing here reads the clock: the end times are given, so the whole policy is tested
//! without timing.

use std::time::Duration;

use crate::score::is_mate;

/// Each recent change of best move adds this share of the optimum (decaying by half per
/// iteration).
const INSTABILITY: f64 = 0.9;
/// A score drop of this many centipawns below the recent average adds the whole optimum.
const DROP_CP: f64 = 80.0;
/// The score factor stays within these bounds.
const FALLING_MIN: f64 = 0.85;
const FALLING_MAX: f64 = 1.6;
/// Iterations of the recent average the score is compared with.
const SCORE_HISTORY: usize = 4;
/// A best move kept this many iterations in a row is stable ...
const STABLE_ITERATIONS: u32 = 4;
/// ... and a stable move is given this share of the time; one kept half as long, the mean of
/// this and 1.
const STABLE_SHARE: f64 = 0.7;
/// A best move that has taken at least this share of the nodes under root moves makes a
/// clear choice.
const CLEAR_EFFORT: f64 = 0.93;
/// The whole scale stays within these bounds.
pub const SCALE_MIN: f64 = 0.5;
pub const SCALE_MAX: f64 = 2.5;
/// An iteration is assumed to take at least this many times the one before it, and at most
/// this many (the ratio of the last two, clamped).
const GROWTH_MIN: f64 = 1.5;
const GROWTH_MAX: f64 = 6.0;
/// Iterations shorter than this are too short to measure a growth from.
const MEASURABLE: Duration = Duration::from_millis(2);

/// The record of a search's completed iterations.
#[derive(Clone, Debug)]
pub struct Stability {
    /// The best move of the last iteration (its `Position::move_code`).
    best: Option<u32>,
    /// Iterations in a row (the last included) with the same best move.
    kept: u32,
    /// Changes of best move, each halved at every later iteration.
    changes: f64,
    /// Scores of the iterations, last at the end (centipawns; mates left out of averages).
    scores: Vec<i32>,
    /// Wall-clock time at which each iteration ended, from the start of the search.
    ends: Vec<Duration>,
    /// The share of the nodes under root moves that went to the last best move.
    effort: f64,
    /// The factor for a clear choice (see [`CLEAR_EFFORT`]); 1 leaves the time as it is.
    clear_share: f64,
}

/// An empty record, as [`Stability::new`] (a derived default would cut a clear choice's
/// time to nothing).
impl Default for Stability {
    fn default() -> Self {
        Self::new()
    }
}

impl Stability {
    /// An empty record that leaves the time of a clear choice as it is.
    pub fn new() -> Self {
        Self {
            best: None,
            kept: 0,
            changes: 0.0,
            scores: Vec::new(),
            ends: Vec::new(),
            effort: 0.0,
            clear_share: 1.0,
        }
    }

    /// This record, with the time of a clear choice scaled by `share` (0 to 1).
    pub fn with_clear_share(self, share: f64) -> Self {
        Self {
            clear_share: share,
            ..self
        }
    }

    /// Records the share (0 to 1) of the nodes under root moves that the last best move
    /// has taken in the whole search.
    pub fn record_effort(&mut self, share: f64) {
        self.effort = share;
    }

    /// Records a completed iteration: its best move's code, its score and when it ended.
    pub fn record(&mut self, best: Option<u32>, score: i32, end: Duration) {
        self.changes /= 2.0;
        if self.best.is_some() && best != self.best {
            self.changes += 1.0;
            self.kept = 1;
        } else {
            self.kept += 1;
        }
        self.best = best;
        self.scores.push(score);
        self.ends.push(end);
    }

    /// The factor by which the optimum time of this move is scaled: above 1 when the best
    /// move changed lately or the score fell, below 1 when the best move has stood.
    pub fn scale(&self) -> f64 {
        let instability = 1.0 + INSTABILITY * self.changes;
        let stable = if self.kept >= STABLE_ITERATIONS {
            STABLE_SHARE
        } else if self.kept > STABLE_ITERATIONS / 2 {
            (1.0 + STABLE_SHARE) / 2.0
        } else {
            1.0
        };
        let clear = if self.effort >= CLEAR_EFFORT {
            self.clear_share
        } else {
            1.0
        };
        (instability * self.falling() * stable * clear).clamp(SCALE_MIN, SCALE_MAX)
    }

    /// The factor for the score's trend: the last score against the mean of the iterations
    /// before it (1 with no history or a mate score on either side).
    fn falling(&self) -> f64 {
        let Some((&last, before)) = self.scores.split_last() else {
            return 1.0;
        };
        let recent = &before[before.len().saturating_sub(SCORE_HISTORY)..];
        if recent.is_empty() || is_mate(last) || recent.iter().any(|&s| is_mate(s)) {
            return 1.0;
        }
        let mean = recent.iter().map(|&s| f64::from(s)).sum::<f64>() / recent.len() as f64;
        (1.0 + (mean - f64::from(last)) / DROP_CP).clamp(FALLING_MIN, FALLING_MAX)
    }

    /// How long the next iteration is likely to take: the last one times the growth of
    /// the last two (clamped), or twice the last one when they are too short to measure.
    pub fn next_iteration(&self) -> Duration {
        let n = self.ends.len();
        let duration = |i: usize| {
            let start = if i == 0 {
                Duration::ZERO
            } else {
                self.ends[i - 1]
            };
            self.ends[i].saturating_sub(start)
        };
        match n {
            0 => Duration::ZERO,
            1 => duration(0) * 2,
            _ => {
                let (last, before) = (duration(n - 1), duration(n - 2));
                let growth = if before >= MEASURABLE && last >= MEASURABLE {
                    (last.as_secs_f64() / before.as_secs_f64()).clamp(GROWTH_MIN, GROWTH_MAX)
                } else {
                    2.0
                };
                last.mul_f64(growth)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A record of iterations with these best moves and scores, one every `step` ms.
    fn record(moves: &[u32], scores: &[i32]) -> Stability {
        let mut s = Stability::new();
        for (i, (&m, &v)) in moves.iter().zip(scores).enumerate() {
            s.record(Some(m), v, ms(10 * (i as u64 + 1)));
        }
        s
    }

    #[test]
    fn a_fresh_search_is_neutral() {
        let s = Stability::new();
        assert_eq!(s.scale(), 1.0);
        assert_eq!(s.next_iteration(), Duration::ZERO);
        assert_eq!(record(&[1], &[20]).scale(), 1.0);
    }

    #[test]
    fn a_changing_best_move_asks_for_more_time() {
        let steady = record(&[1, 1, 1], &[20, 20, 20]);
        let changed = record(&[1, 1, 2], &[20, 20, 20]);
        let changed_before = record(&[1, 2, 2], &[20, 20, 20]);
        assert!(changed.scale() > changed_before.scale());
        assert!(changed_before.scale() > steady.scale());
        assert!((changed.scale() - (1.0 + INSTABILITY)).abs() < 1e-9);
        // flipping at every iteration saturates
        let flipping = record(&[1, 2, 1, 2, 1, 2, 1, 2], &[0; 8]);
        assert!(flipping.scale() <= SCALE_MAX && flipping.scale() > 2.0);
    }

    #[test]
    fn a_stable_best_move_asks_for_less() {
        let two = record(&[1, 1], &[0, 0]);
        let three = record(&[1, 1, 1], &[0, 0, 0]);
        let many = record(&[1; 8], &[0; 8]);
        assert_eq!(two.scale(), 1.0);
        assert!(three.scale() < 1.0 && three.scale() > many.scale());
        assert!((many.scale() - STABLE_SHARE).abs() < 1e-9);
        // a change starts the count again
        let renewed = record(&[1, 1, 1, 1, 1, 1, 2], &[0; 7]);
        assert!(renewed.scale() > 1.0);
    }

    #[test]
    fn a_falling_score_asks_for_more_time() {
        let level = record(&[1, 1], &[50, 50]);
        let fell = record(&[1, 1], &[50, 10]);
        let rose = record(&[1, 1], &[50, 90]);
        assert!(fell.scale() > level.scale() && level.scale() > rose.scale());
        assert!((fell.scale() - 1.5).abs() < 1e-9, "{}", fell.scale());
        assert_eq!(rose.scale(), FALLING_MIN);
        let collapsed = record(&[1, 1], &[300, -500]);
        assert_eq!(collapsed.scale(), FALLING_MAX);
        // only the recent iterations count
        let old_high = record(&[1, 1, 1, 1, 1, 1], &[900, 0, 0, 0, 0, 0]);
        assert!(old_high.scale() < 1.0);
        // mate scores are not averaged
        let mating = record(&[1, 1], &[50, MATE - 5]);
        assert_eq!(mating.scale(), 1.0);
        let mated = record(&[1, 1], &[-MATE + 9, -300]);
        assert_eq!(mated.scale(), 1.0);
    }

    #[test]
    fn a_clear_choice_asks_for_less_where_asked() {
        let mut neutral = record(&[1, 1], &[0, 0]);
        neutral.record_effort(0.99);
        assert_eq!(neutral.scale(), 1.0, "a share of 1 changes nothing");
        let mut clear = record(&[1, 1], &[0, 0]).with_clear_share(0.75);
        clear.record_effort(0.95);
        assert!((clear.scale() - 0.75).abs() < 1e-9);
        clear.record_effort(0.9);
        assert_eq!(clear.scale(), 1.0, "below the clear effort");
    }

    #[test]
    fn the_default_record_leaves_a_clear_choice_alone() {
        let mut s = Stability::default();
        s.record(Some(1), 0, ms(10));
        s.record(Some(1), 0, ms(20));
        s.record_effort(0.99);
        assert_eq!(s.scale(), 1.0, "as Stability::new");
    }

    #[test]
    fn the_scale_is_bounded() {
        let worst = record(&[1, 2, 3, 4, 5, 6], &[500, 400, 300, 200, 100, -400]);
        assert_eq!(worst.scale(), SCALE_MAX);
        let best = record(&[1; 10], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 900]);
        assert!(best.scale() >= SCALE_MIN);
    }

    #[test]
    fn the_next_iteration_grows_like_the_last_ones() {
        let mut s = Stability::new();
        s.record(Some(1), 0, ms(10));
        assert_eq!(s.next_iteration(), ms(20), "twice a single iteration");
        s.record(Some(1), 0, ms(40)); // 10 then 30 ms: growth 3
        assert_eq!(s.next_iteration(), ms(90));
        s.record(Some(1), 0, ms(70)); // 30 then 30: growth at least 1.5
        assert_eq!(s.next_iteration(), ms(45));
        s.record(Some(1), 0, ms(1070)); // 30 then 1000: growth at most 6
        assert_eq!(s.next_iteration(), ms(6000));
        // iterations too short to measure are assumed to double
        let mut quick = Stability::new();
        quick.record(Some(1), 0, Duration::from_micros(100));
        quick.record(Some(1), 0, Duration::from_micros(900));
        assert_eq!(quick.next_iteration(), Duration::from_micros(1600));
    }
}
