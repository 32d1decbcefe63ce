//! Time management: turns the clock limits into two budgets for the main thread.
//!
//! The *soft* budget decides whether another iteration is worth starting; the *hard*
//! budget aborts a running iteration. Both keep the move overhead (plus a small safety
//! margin) in reserve and never exceed a fixed share of the clock, so the engine does not
//! lose on time. Fixed time per move uses the whole move time less a 5 ms margin.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::{Limits, PonderHit};

/// Kept back on top of the protocol's move overhead.
const SAFETY: Duration = Duration::from_millis(5);
/// Moves assumed left in sudden death.
const SUDDEN_DEATH_MOVES: u32 = 35;
/// The longest horizon counted for moves-to-go.
const MAX_MOVES_TO_GO: u32 = 50;
/// Never plan one move to use more than this share (per mille) of the clock.
const MAX_SHARE_PER_MILLE: u32 = 600;
/// The hard budget may stretch the soft one by this factor.
const HARD_OVER_SOFT: u32 = 4;
/// The longest clock or increment taken into account (a year): larger values (a GUI's
/// "infinite" clock) plan like this one, and no budget arithmetic can overflow.
const MAX_CLOCK: Duration = Duration::from_secs(365 * 24 * 3600);
/// The least any budget is, so depth 1 always finishes.
const MINIMUM: Duration = Duration::from_millis(1);

/// The budgets of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start a new iteration past about half of this.
    pub soft: Option<Duration>,
    /// Abort the search at this point.
    pub hard: Option<Duration>,
}

impl TimeBudget {
    /// The budgets for `limits` (none when the search is untimed).
    pub fn new(limits: &Limits) -> Self {
        if limits.infinite {
            return TimeBudget {
                soft: None,
                hard: None,
            };
        }
        let reserve = limits.move_overhead + SAFETY;
        if let Some(movetime) = limits.movetime {
            // a fixed move time is a promise to use it (UCI: "search exactly x ms"): no soft
            // budget ends it early, and only the small safety margin is kept back
            let t = movetime
                .saturating_sub(SAFETY.min(movetime / 4))
                .clamp(MINIMUM, MAX_CLOCK);
            return TimeBudget {
                soft: None,
                hard: Some(t),
            };
        }
        let Some(left) = limits.time_left else {
            return TimeBudget {
                soft: None,
                hard: None,
            };
        };
        let available = left.min(MAX_CLOCK).saturating_sub(reserve);
        let increment = limits.increment.min(MAX_CLOCK);
        let moves = limits
            .moves_to_go
            .unwrap_or(SUDDEN_DEATH_MOVES)
            .clamp(1, MAX_MOVES_TO_GO);
        let cap = available * MAX_SHARE_PER_MILLE / 1000;
        let soft = available / moves + increment * 3 / 4;
        let hard = (soft * HARD_OVER_SOFT).min(cap).max(MINIMUM);
        TimeBudget {
            soft: Some(soft.min(hard).max(MINIMUM)),
            hard: Some(hard),
        }
    }

    /// Whether an iteration that ended at `elapsed` should be the last one.
    pub fn stop_iterating(&self, elapsed: Duration) -> bool {
        self.soft.is_some_and(|s| elapsed >= s / 2)
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self, elapsed: Duration) -> bool {
        self.hard.is_some_and(|h| elapsed >= h)
    }
}

/// The clock of one search: its start and budgets. A pondering search's clock stands
/// still until the ponder hit and runs from that moment.
#[derive(Debug)]
pub struct SearchClock {
    base: Instant,
    /// When the clock started, in nanoseconds after `base` ([`NOT_STARTED`] while pondering).
    started_ns: AtomicU64,
    ponder: Option<PonderHit>,
    budget: TimeBudget,
}

/// `started_ns` of a clock that waits for its ponder hit.
const NOT_STARTED: u64 = u64::MAX;

impl SearchClock {
    /// Starts the clock now, or (with `Limits::ponder`) at the ponder hit.
    pub fn start(limits: &Limits) -> Self {
        SearchClock {
            base: Instant::now(),
            started_ns: AtomicU64::new(if limits.ponder.is_some() {
                NOT_STARTED
            } else {
                0
            }),
            ponder: limits.ponder.clone(),
            budget: TimeBudget::new(limits),
        }
    }

    /// When the clock started (after `base`); `None` while pondering. The first thread to
    /// see the ponder hit starts the clock.
    fn started(&self) -> Option<Duration> {
        let mut ns = self.started_ns.load(Ordering::Acquire);
        if ns == NOT_STARTED {
            if !self.ponder.as_ref().is_some_and(PonderHit::is_hit) {
                return None;
            }
            let now = self.base.elapsed().as_nanos() as u64;
            ns = match self.started_ns.compare_exchange(
                NOT_STARTED,
                now,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => now,
                Err(earlier) => earlier,
            };
        }
        Some(Duration::from_nanos(ns))
    }

    /// Whether the search is pondering (no ponder hit yet): no time limit applies, and the
    /// search does not end on its own.
    pub fn pondering(&self) -> bool {
        self.started().is_none()
    }

    /// Time on the clock: since the start, or since the ponder hit (`None` before it).
    fn running(&self) -> Option<Duration> {
        self.started()
            .map(|s| self.base.elapsed().saturating_sub(s))
    }

    /// Time since the search began, pondering included (for reports).
    pub fn since_start(&self) -> Duration {
        self.base.elapsed()
    }

    /// The budgets: those of the limits, or those given with the ponder hit.
    pub fn budget(&self) -> TimeBudget {
        self.ponder
            .as_ref()
            .and_then(PonderHit::budget)
            .unwrap_or(self.budget)
    }

    /// Whether the search must stop now (the hard budget).
    pub fn out_of_time(&self) -> bool {
        self.running().is_some_and(|t| self.budget().out_of_time(t))
    }

    /// Whether an iteration that ends now should be the last one (the soft budget).
    pub fn stop_iterating(&self) -> bool {
        self.running()
            .is_some_and(|t| self.budget().stop_iterating(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(left: u64, inc: u64, mtg: Option<u32>, overhead: u64) -> TimeBudget {
        TimeBudget::new(&Limits {
            time_left: Some(ms(left)),
            increment: ms(inc),
            moves_to_go: mtg,
            move_overhead: ms(overhead),
            ..Limits::default()
        })
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        assert_eq!(
            TimeBudget::new(&Limits::default()),
            TimeBudget {
                soft: None,
                hard: None
            }
        );
        let inf = Limits {
            infinite: true,
            time_left: Some(ms(10)),
            ..Limits::default()
        };
        assert_eq!(TimeBudget::new(&inf).hard, None);
        let b = TimeBudget::new(&Limits {
            depth: Some(5),
            ..Limits::default()
        });
        assert!(!b.out_of_time(Duration::from_secs(1_000_000)));
    }

    #[test]
    fn movetime_is_used_whole() {
        let b = TimeBudget::new(&Limits {
            movetime: Some(ms(1000)),
            move_overhead: ms(50),
            ..Limits::default()
        });
        assert_eq!(b.hard, Some(ms(995)));
        assert!(b.out_of_time(ms(995)) && !b.out_of_time(ms(994)));
        let tiny = TimeBudget::new(&Limits {
            movetime: Some(ms(1)),
            move_overhead: ms(50),
            ..Limits::default()
        });
        assert_eq!(tiny.hard, Some(MINIMUM));
        assert_eq!(b.soft, None, "a fixed move time is used, not cut short");
        assert!(!b.stop_iterating(ms(900)));
    }

    #[test]
    fn huge_clocks_plan_without_overflow() {
        let forever = Duration::from_millis(u64::MAX);
        let b = TimeBudget::new(&Limits {
            time_left: Some(forever),
            increment: forever,
            moves_to_go: Some(u32::MAX),
            ..Limits::default()
        });
        assert!(b.hard.is_some_and(|h| h <= MAX_CLOCK));
        let m = TimeBudget::new(&Limits {
            movetime: Some(forever),
            ..Limits::default()
        });
        assert_eq!(m.hard, Some(MAX_CLOCK));
        // the clock's deadline arithmetic takes it too
        let clock = SearchClock::start(&Limits {
            movetime: Some(forever),
            ..Limits::default()
        });
        assert!(!clock.out_of_time());
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        for left in [1u64, 10, 50, 100, 1_000, 10_000, 100_000, 3_600_000] {
            for inc in [0u64, 10, 100, 2_000, 30_000] {
                for mtg in [None, Some(1), Some(2), Some(10), Some(40), Some(200)] {
                    for overhead in [0u64, 30, 1000] {
                        let b = clock(left, inc, mtg, overhead);
                        let hard = b.hard.expect("timed");
                        let soft = b.soft.expect("timed");
                        assert!(soft <= hard, "{left} {inc} {mtg:?}");
                        let room = ms(left).saturating_sub(ms(overhead) + SAFETY);
                        assert!(
                            hard <= (room * 6 / 10).max(MINIMUM),
                            "{left} {inc} {mtg:?} {overhead}: {hard:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sudden_death_spends_a_fraction_and_increment_adds() {
        let b = clock(60_000, 0, None, 0);
        let soft = b.soft.expect("timed");
        assert!(soft > ms(1_000) && soft < ms(3_000), "{soft:?}");
        let with_inc = clock(60_000, 1_000, None, 0).soft.expect("timed");
        assert!(with_inc > soft + ms(500));
        let last_move = clock(10_000, 0, Some(1), 0).soft.expect("timed");
        assert!(last_move > ms(4_000));
    }

    #[test]
    fn iterations_stop_at_half_the_soft_budget() {
        let b = TimeBudget {
            soft: Some(ms(100)),
            hard: Some(ms(400)),
        };
        assert!(!b.stop_iterating(ms(49)));
        assert!(b.stop_iterating(ms(50)));
        assert!(!b.out_of_time(ms(399)));
    }

    #[test]
    fn a_pondering_clock_stands_still_until_the_hit() {
        let hit = PonderHit::new();
        let clock = SearchClock::start(&Limits {
            movetime: Some(ms(20)),
            ponder: Some(hit.clone()),
            ..Limits::default()
        });
        std::thread::sleep(ms(40));
        assert!(clock.pondering());
        assert_eq!(clock.running(), None);
        assert!(!clock.out_of_time() && !clock.stop_iterating());
        assert!(clock.since_start() >= ms(40));
        hit.hit();
        assert!(!clock.pondering());
        assert!(
            clock.running() < Some(ms(20)),
            "the clock runs from the hit"
        );
        std::thread::sleep(ms(40));
        assert!(clock.out_of_time());
        // a budget given with the hit replaces the search's own
        let hit = PonderHit::new();
        let clock = SearchClock::start(&Limits {
            movetime: Some(ms(20)),
            ponder: Some(hit.clone()),
            ..Limits::default()
        });
        hit.hit_with_budget(TimeBudget::new(&Limits {
            movetime: Some(ms(60_000)),
            ..Limits::default()
        }));
        std::thread::sleep(ms(40));
        assert!(!clock.out_of_time() && !clock.stop_iterating());
        // without pondering the clock runs from the start
        let plain = SearchClock::start(&Limits {
            movetime: Some(ms(20)),
            ..Limits::default()
        });
        assert!(!plain.pondering());
        std::thread::sleep(ms(40));
        assert!(plain.out_of_time());
    }
}
