//! Time management: turns the clock limits into budgets for the main thread.
//!
//! - The **optimum** is what one move should take on average: the time left over the moves
//!   still to plan for (`moves_to_go`, at most [`MAX_MOVES_TO_GO`]; the search constant
//!   `TimeHorizon` in sudden death) plus most of the increment (`TimeIncrementShare`).
//! - The **hard** limit aborts a running iteration: several times the optimum, never more
//!   than a fixed share of the clock.
//! - After each iteration the main thread scales the optimum by what the iterations say
//!   ([`crate::stability`]: more when the best move changes or the score falls, less when
//!   the best move stands) and stops when the time used makes another iteration unlikely
//!   to finish within that target (`TimeStartShare` of it), or when the next iteration, as
//!   long as the growth of the last ones predicts, would end past the hard limit.
//!
//! Both keep the move overhead (plus a small safety margin) in reserve. The search polls
//! the clock every so many nodes; in games whose nodes are slow (thousands of moves a
//! turn) polls come tens of milliseconds apart, so the clock learns the longest gap between
//! two polls and stops that much before the hard limit. Fixed time per move uses the whole
//! move time less a small margin (5 ms, a tenth of a short move time); analysis and
//! pondering have no limit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::{Limits, PonderHit, SearchParams};

use crate::stability::{SCALE_MAX, SCALE_MIN};

/// Kept back on top of the protocol's move overhead.
const SAFETY: Duration = Duration::from_millis(5);
/// The longest moves-to-go taken into account (a repeating control spreads its time over
/// all the moves of the period: planning over fewer overspends before the control).
pub const MAX_MOVES_TO_GO: u32 = 50;
/// Never let one move use more than this share (per mille) of the clock.
const MAX_SHARE_PER_MILLE: u32 = 600;
/// The hard limit is at most this many times the optimum.
const HARD_OVER_OPTIMUM: u32 = 5;
/// The longest clock or increment taken into account (a year): larger values (a GUI's
/// "infinite" clock) plan like this one, and no budget arithmetic can overflow.
const MAX_CLOCK: Duration = Duration::from_secs(365 * 24 * 3600);
/// A fixed move time keeps back at most this share (1/n) of itself as its safety margin.
const FIXED_MARGIN_DIVISOR: u32 = 10;
/// How early, at most, a search stops before its hard limit to anticipate the next poll,
/// as a share (1/n) of that limit: managed clocks (whose hard limit is well past the
/// planned time) and fixed move times (which are a promise to search that long).
const MANAGED_LOOKAHEAD_DIVISOR: u32 = 8;
const FIXED_LOOKAHEAD_DIVISOR: u32 = 16;
/// The least any budget is, so depth 1 always finishes.
const MINIMUM: Duration = Duration::from_millis(1);

/// A time constant of the search (declared non-negative) as a factor of durations.
fn as_factor(value: i32) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

/// The budgets of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The time a move should take on average (scaled after each iteration); `None`: the
    /// search is not managed (untimed, or a fixed move time to be used whole).
    pub optimum: Option<Duration>,
    /// Abort the search at this point.
    pub hard: Option<Duration>,
    /// No new iteration starts past this share (per mille) of the scaled optimum: the
    /// next one would most likely end well past it (`TimeStartShare`).
    pub start_per_mille: u32,
}

impl TimeBudget {
    /// No limit: the search ends when it is stopped.
    pub const UNLIMITED: TimeBudget = TimeBudget {
        optimum: None,
        hard: None,
        start_per_mille: 1000,
    };

    /// The budgets for `limits` (none when the search is untimed), planned with the time
    /// constants of `params` (`TimeHorizon`, `TimeIncrementShare`, `TimeStartShare`).
    pub fn new(limits: &Limits, params: &SearchParams) -> Self {
        if limits.infinite {
            return Self::UNLIMITED;
        }
        let reserve = limits.move_overhead + SAFETY;
        if let Some(movetime) = limits.movetime {
            // a fixed move time is a promise to use it (UCI: "search exactly x ms"): nothing
            // ends it early, and only the small safety margin (a tenth of a short move
            // time) is kept back
            let t = movetime
                .saturating_sub(SAFETY.min(movetime / FIXED_MARGIN_DIVISOR))
                .clamp(MINIMUM, MAX_CLOCK);
            return TimeBudget {
                hard: Some(t),
                ..Self::UNLIMITED
            };
        }
        let Some(left) = limits.time_left else {
            return Self::UNLIMITED;
        };
        let left = left.min(MAX_CLOCK);
        let available = left.saturating_sub(reserve);
        let increment = limits.increment.min(MAX_CLOCK);
        let mut cap = available * MAX_SHARE_PER_MILLE / 1000;
        let (moves, planned) = match limits.moves_to_go {
            None => (as_factor(params.time_horizon).max(1), available),
            Some(m) => {
                // a repeating control must reach its last move with time for it: every
                // move to go keeps its reserve (the process and pipe latency the engine's
                // clock does not see), two more are kept spare, and no move eats into
                // the reserves of the moves after it
                let m = m.clamp(1, MAX_MOVES_TO_GO);
                cap = cap.min(left.saturating_sub(reserve * (m + 1)));
                (m, left.saturating_sub(reserve * (m + 2)))
            }
        };
        let optimum = planned / moves + increment * as_factor(params.time_increment_share) / 1000;
        let hard = (optimum * HARD_OVER_OPTIMUM).min(cap).max(MINIMUM);
        TimeBudget {
            optimum: Some(optimum.min(hard).max(MINIMUM)),
            hard: Some(hard),
            start_per_mille: as_factor(params.time_start_share),
        }
    }

    /// The time this move should take once the optimum is scaled by `scale` (see
    /// `stability.rs`); never past the hard limit. `None` when unmanaged.
    pub fn target(&self, scale: f64) -> Option<Duration> {
        let scale = scale.clamp(SCALE_MIN, SCALE_MAX);
        self.optimum
            .map(|o| o.mul_f64(scale).min(self.hard.unwrap_or(MAX_CLOCK)))
    }

    /// Whether an iteration that ended at `elapsed` should be the last one, the optimum
    /// scaled by `scale` and the next iteration expected to take `next`: past
    /// `start_per_mille` of the target, or when the next iteration would end past the hard
    /// limit. Never for an unmanaged search (fixed move time, untimed).
    pub fn stop_iterating(&self, elapsed: Duration, scale: f64, next: Duration) -> bool {
        let Some(target) = self.target(scale) else {
            return false;
        };
        elapsed >= target * self.start_per_mille / 1000
            || self.hard.is_some_and(|h| elapsed.saturating_add(next) > h)
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
    /// The last poll of [`out_of_time`](Self::out_of_time), nanoseconds after `base`.
    last_poll_ns: AtomicU64,
    /// The longest gap between two polls of this search (the first from the start).
    poll_gap_ns: AtomicU64,
    /// The longest poll gap seen lately by the searches before this one (see
    /// [`SearchClock::poll_gap_for_next`]).
    prior_gap_ns: u64,
}

/// `started_ns` of a clock that waits for its ponder hit.
const NOT_STARTED: u64 = u64::MAX;

impl SearchClock {
    /// Starts the clock now, or (with `Limits::ponder`) at the ponder hit; `prior_gap` is
    /// what [`poll_gap_for_next`](Self::poll_gap_for_next) said after the last search (so
    /// the first poll of this one is anticipated too); the budget is planned with the time
    /// constants of `params`.
    pub fn start(limits: &Limits, prior_gap: Duration, params: &SearchParams) -> Self {
        SearchClock {
            base: Instant::now(),
            started_ns: AtomicU64::new(if limits.ponder.is_some() {
                NOT_STARTED
            } else {
                0
            }),
            ponder: limits.ponder.clone(),
            budget: TimeBudget::new(limits, params),
            last_poll_ns: AtomicU64::new(0),
            poll_gap_ns: AtomicU64::new(0),
            prior_gap_ns: u64::try_from(prior_gap.as_nanos()).unwrap_or(u64::MAX),
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
    pub fn running(&self) -> Option<Duration> {
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

    /// How early to stop before the hard limit of `budget`: the longest gap between two
    /// polls seen (in this search or lately) beyond the safety margin already kept, at
    /// most an eighth of a managed limit and a sixteenth of a fixed move time (a short
    /// fixed move time is still used nearly whole, even when a busy machine stretches the
    /// gaps). Zero without a hard limit.
    fn lookahead(&self, budget: &TimeBudget) -> Duration {
        let Some(hard) = budget.hard else {
            return Duration::ZERO;
        };
        let gap = self
            .poll_gap_ns
            .load(Ordering::Relaxed)
            .max(self.prior_gap_ns);
        let divisor = if budget.optimum.is_some() {
            MANAGED_LOOKAHEAD_DIVISOR
        } else {
            FIXED_LOOKAHEAD_DIVISOR
        };
        Duration::from_nanos(gap)
            .saturating_sub(SAFETY)
            .min(hard / divisor)
    }

    /// Whether the search must stop now (the hard limit, less the gap to the next poll).
    /// Called by the main thread when it polls: each call measures the gap since the last.
    pub fn out_of_time(&self) -> bool {
        let now = self.base.elapsed().as_nanos() as u64;
        let last = self.last_poll_ns.swap(now, Ordering::Relaxed);
        self.poll_gap_ns
            .fetch_max(now.saturating_sub(last), Ordering::Relaxed);
        let budget = self.budget();
        self.running()
            .is_some_and(|t| budget.out_of_time(t + self.lookahead(&budget)))
    }

    /// Whether an iteration that ends now should be the last one (see
    /// [`TimeBudget::stop_iterating`]); never while pondering.
    pub fn stop_iterating(&self, scale: f64, next: Duration) -> bool {
        self.running()
            .is_some_and(|t| self.budget().stop_iterating(t, scale, next))
    }

    /// The poll gap to hand to the next search: the longest of this one, or the one
    /// handed to it faded by a quarter.
    pub fn poll_gap_for_next(&self) -> Duration {
        let seen = self.poll_gap_ns.load(Ordering::Relaxed);
        Duration::from_nanos(seen.max(self.prior_gap_ns / 4 * 3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// The budget of `limits` with the default time constants.
    fn budget(limits: Limits) -> TimeBudget {
        TimeBudget::new(&limits, &SearchParams::default())
    }

    fn clock(left: u64, inc: u64, mtg: Option<u32>, overhead: u64) -> TimeBudget {
        budget(Limits {
            time_left: Some(ms(left)),
            increment: ms(inc),
            moves_to_go: mtg,
            move_overhead: ms(overhead),
            ..Limits::default()
        })
    }

    impl SearchClock {
        /// A clock with no poll gap handed on.
        fn start_fresh(limits: &Limits) -> Self {
            SearchClock::start(limits, Duration::ZERO, &SearchParams::default())
        }
    }

    fn optimum(left: u64, inc: u64, mtg: Option<u32>) -> Duration {
        clock(left, inc, mtg, 0).optimum.expect("timed")
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        assert_eq!(budget(Limits::default()), TimeBudget::UNLIMITED);
        let inf = Limits {
            infinite: true,
            time_left: Some(ms(10)),
            ..Limits::default()
        };
        assert_eq!(budget(inf).hard, None);
        let b = budget(Limits {
            depth: Some(5),
            ..Limits::default()
        });
        assert!(!b.out_of_time(Duration::from_secs(1_000_000)));
        assert!(!b.stop_iterating(Duration::from_secs(1_000_000), 1.0, ms(1)));
    }

    #[test]
    fn movetime_is_used_whole() {
        let b = budget(Limits {
            movetime: Some(ms(1000)),
            move_overhead: ms(50),
            ..Limits::default()
        });
        assert_eq!(b.hard, Some(ms(995)));
        assert!(b.out_of_time(ms(995)) && !b.out_of_time(ms(994)));
        let tiny = budget(Limits {
            movetime: Some(ms(1)),
            move_overhead: ms(50),
            ..Limits::default()
        });
        assert_eq!(tiny.hard, Some(MINIMUM));
        // a short one keeps a tenth back, not a quarter (the CI run that exposed it answered
        // `go movetime 20` after 14 ms)
        let short = budget(Limits {
            movetime: Some(ms(20)),
            ..Limits::default()
        });
        assert_eq!(short.hard, Some(ms(18)));
        assert_eq!(b.optimum, None, "a fixed move time is used, not cut short");
        // not even when the next iteration looks too long, nor at the smallest scale
        assert!(!b.stop_iterating(ms(900), SCALE_MIN, ms(10_000)));
    }

    #[test]
    fn huge_clocks_plan_without_overflow() {
        let forever = Duration::from_millis(u64::MAX);
        let b = budget(Limits {
            time_left: Some(forever),
            increment: forever,
            moves_to_go: Some(u32::MAX),
            ..Limits::default()
        });
        assert!(b.hard.is_some_and(|h| h <= MAX_CLOCK));
        assert!(b.target(SCALE_MAX).is_some_and(|t| t <= MAX_CLOCK));
        assert!(b.stop_iterating(ms(1), SCALE_MAX, forever), "no overflow");
        let m = budget(Limits {
            movetime: Some(forever),
            ..Limits::default()
        });
        assert_eq!(m.hard, Some(MAX_CLOCK));
        // the clock's deadline arithmetic takes it too
        let clock = SearchClock::start_fresh(&Limits {
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
                        let optimum = b.optimum.expect("timed");
                        assert!(optimum <= hard, "{left} {inc} {mtg:?}");
                        assert!(b.target(SCALE_MAX) <= Some(hard));
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
    fn the_time_constants_of_the_search_plan_the_clock() {
        let limits = Limits {
            time_left: Some(ms(20_005)),
            increment: ms(100),
            ..Limits::default()
        };
        let mut params = SearchParams::default();
        params.set("TimeHorizon", 10).expect("in range");
        params.set("TimeIncrementShare", 0).expect("in range");
        params.set("TimeStartShare", 900).expect("in range");
        let b = TimeBudget::new(&limits, &params);
        assert_eq!(b.optimum, Some(ms(2_000)), "over 10 moves, no increment");
        assert_eq!(b.start_per_mille, 900);
        assert!(!b.stop_iterating(ms(1_799), 1.0, ms(1)));
        assert!(b.stop_iterating(ms(1_800), 1.0, ms(1)));
        let defaults = budget(limits);
        assert_eq!(defaults.optimum, Some(ms(1_085)));
        assert_eq!(defaults.start_per_mille, 600);
    }

    #[test]
    fn the_optimum_plans_over_the_moves_to_go_and_adds_the_increment() {
        // sudden death: the time left over the horizon
        assert_eq!(SearchParams::default().time_horizon, 20);
        assert_eq!(optimum(20_005, 0, None), ms(1_000));
        // most of the increment comes on top
        assert_eq!(optimum(20_005, 100, None), ms(1_085));
        // 10+0.1, the first move: about half a second
        let first = optimum(10_000, 100, None);
        assert!(first > ms(500) && first < ms(650), "{first:?}");
        // a repeating control spreads the time over every move of the period (planning over
        // fewer ran out of time before the control: 9 of 10 games lost at 40/2), fewer
        // moves to go take a larger share, and the longest period counted is 50 moves
        // (every move to go keeps its 5 ms reserve, and two more are spare)
        assert_eq!(optimum(20_210, 0, Some(40)), ms(500));
        assert_eq!(optimum(10_060, 0, Some(10)), ms(1_000));
        assert_eq!(optimum(20_260, 0, Some(80)), ms(400));
        // the last move before the control may use the hard limit, a fixed share
        let last = clock(10_005, 0, Some(1), 0);
        assert_eq!(last.hard, Some(ms(6_000)));
        assert_eq!(last.optimum, Some(ms(6_000)));
        // the overhead is kept back
        assert_eq!(clock(20_055, 0, None, 50).optimum, Some(ms(1_000)));
    }

    #[test]
    fn a_period_spent_at_the_hard_limit_never_runs_out() {
        // the worst case: every move takes its hard limit plus its whole overhead (the
        // latency the engine's clock does not see); the period still ends with time left
        for (period_ms, overhead) in [(2_000u64, 10u64), (2_000, 0), (1_000, 10), (60_000, 30)] {
            for moves in [1u32, 2, 10, 40, 50] {
                let mut left = ms(period_ms);
                for to_go in (1..=moves).rev() {
                    let b = budget(Limits {
                        time_left: Some(left),
                        moves_to_go: Some(to_go),
                        move_overhead: ms(overhead),
                        ..Limits::default()
                    });
                    let spent = b.hard.expect("timed") + ms(overhead);
                    assert!(
                        spent < left,
                        "{period_ms} ms / {moves}: {to_go} to go, {left:?} left, {spent:?}"
                    );
                    left -= spent;
                }
            }
        }
    }

    #[test]
    fn the_hard_limit_is_a_few_optima_within_a_share_of_the_clock() {
        let b = clock(20_005, 0, None, 0);
        assert_eq!(b.hard, Some(ms(5_000)));
        // with a large increment and little time, the share of the clock binds
        let low = clock(305, 1_000, None, 0);
        assert_eq!(low.hard, Some(ms(180)));
        assert_eq!(low.optimum, Some(ms(180)));
    }

    #[test]
    fn iterations_stop_at_a_share_of_the_scaled_optimum() {
        let b = TimeBudget {
            optimum: Some(ms(1_000)),
            hard: Some(ms(5_000)),
            start_per_mille: 600,
        };
        let next = ms(1);
        assert_eq!(b.target(1.0), Some(ms(1_000)));
        assert!(!b.stop_iterating(ms(599), 1.0, next));
        assert!(b.stop_iterating(ms(600), 1.0, next));
        // an unstable search goes on, a stable one stops sooner
        assert!(!b.stop_iterating(ms(1_000), 2.0, next));
        assert!(b.stop_iterating(ms(1_200), 2.0, next));
        assert!(b.stop_iterating(ms(420), 0.7, next));
        // the scale is bounded, and the target never passes the hard limit
        assert_eq!(b.target(100.0), Some(ms(2_500)));
        assert_eq!(b.target(0.0), Some(ms(500)));
        let tight = TimeBudget {
            optimum: Some(ms(1_000)),
            hard: Some(ms(1_500)),
            start_per_mille: 600,
        };
        assert_eq!(tight.target(2.5), Some(ms(1_500)));
    }

    #[test]
    fn no_iteration_starts_that_would_end_past_the_hard_limit() {
        let b = TimeBudget {
            optimum: Some(ms(1_000)),
            hard: Some(ms(5_000)),
            start_per_mille: 600,
        };
        assert!(!b.stop_iterating(ms(100), 1.0, ms(4_900)));
        assert!(b.stop_iterating(ms(100), 1.0, ms(4_901)));
        assert!(!b.out_of_time(ms(4_999)) && b.out_of_time(ms(5_000)));
    }

    #[test]
    fn the_clock_stops_a_poll_gap_before_the_hard_limit() {
        let limits = Limits {
            movetime: Some(ms(10_000)),
            ..Limits::default()
        };
        let clock = SearchClock::start_fresh(&limits);
        let fixed = budget(limits.clone());
        let hard = ms(9_995);
        // gaps measured between polls (the clock itself is not waited for)
        assert_eq!(clock.lookahead(&fixed), Duration::ZERO);
        clock
            .poll_gap_ns
            .store(ms(300).as_nanos() as u64, Ordering::Relaxed);
        assert_eq!(clock.lookahead(&fixed), ms(295), "beyond the safety margin");
        // never more than a sixteenth of a fixed move time, an eighth of a managed limit
        clock
            .poll_gap_ns
            .store(ms(60_000).as_nanos() as u64, Ordering::Relaxed);
        assert_eq!(clock.lookahead(&fixed), hard / 16);
        let managed = TimeBudget {
            optimum: Some(ms(2_000)),
            hard: Some(hard),
            ..TimeBudget::UNLIMITED
        };
        assert_eq!(clock.lookahead(&managed), hard / 8);
        assert!(
            !clock.out_of_time(),
            "fifteen sixteenths of the limit are left"
        );
        // the gap is handed to the next search, which anticipates it from its start
        let handed = clock.poll_gap_for_next();
        assert!(handed >= ms(60_000));
        let next = SearchClock::start(&limits, ms(300), &SearchParams::default());
        assert_eq!(next.lookahead(&fixed), ms(295));
        assert_eq!(next.poll_gap_for_next(), ms(225), "faded by a quarter");
    }

    #[test]
    fn a_pondering_clock_stands_still_until_the_hit() {
        let hit = PonderHit::new();
        let clock = SearchClock::start_fresh(&Limits {
            movetime: Some(ms(20)),
            ponder: Some(hit.clone()),
            ..Limits::default()
        });
        std::thread::sleep(ms(40));
        assert!(clock.pondering());
        assert_eq!(clock.running(), None);
        assert!(!clock.out_of_time() && !clock.stop_iterating(1.0, ms(1)));
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
        let clock = SearchClock::start_fresh(&Limits {
            movetime: Some(ms(20)),
            ponder: Some(hit.clone()),
            ..Limits::default()
        });
        hit.hit_with_budget(budget(Limits {
            movetime: Some(ms(60_000)),
            ..Limits::default()
        }));
        std::thread::sleep(ms(40));
        assert!(!clock.out_of_time() && !clock.stop_iterating(1.0, ms(1)));
        // a managed budget given with the hit applies from the hit
        let hit = PonderHit::new();
        let clock = SearchClock::start_fresh(&Limits {
            time_left: Some(ms(60_000)),
            ponder: Some(hit.clone()),
            ..Limits::default()
        });
        assert!(!clock.stop_iterating(SCALE_MIN, ms(3_600_000)));
        hit.hit();
        assert!(clock.stop_iterating(SCALE_MIN, ms(3_600_000)));
        // without pondering the clock runs from the start
        let plain = SearchClock::start_fresh(&Limits {
            movetime: Some(ms(20)),
            ..Limits::default()
        });
        assert!(!plain.pondering());
        std::thread::sleep(ms(40));
        assert!(plain.out_of_time());
    }
}
