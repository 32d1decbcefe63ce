//! Time controls as cutechess-cli writes them (`tc=40/60+0.5`, `tc=10+0.1`, `tc=1:30`,
//! `tc=inf`, `st=2`, `depth=`, `nodes=`) and the clock the runner keeps for each side.
//! Time is measured by the runner: a move that arrives after the clock has run out (plus
//! the tolerated margin) loses on time.

use std::time::{Duration, Instant};

/// The longest time any time flag may give (`tc=` base and increment, `st=`, `stall=`):
/// 1,000,000 seconds (11.6 days). Larger values are certainly typos, and the runner adds
/// them to clocks and deadlines.
pub const MAX_SECONDS: f64 = 1_000_000.0;
/// The largest move count in `-maxmoves`, `-draw movenumber=/movecount=`,
/// `-resign movecount=` and the moves of a `tc=MOVES/...` period.
pub const MAX_MOVES: u64 = 1_000_000;

/// The longest wait [`deadline_after`] gives: ten years, which any platform's `Instant`
/// can hold.
const LONGEST_WAIT: Duration = Duration::from_secs(10 * 365 * 24 * 3600);

/// The instant `wait` from now, never overflowing: waits longer than ten years are cut to
/// ten years (a match flag cannot ask for more than 1,000,000 s, but clocks grow with
/// increments).
pub fn deadline_after(wait: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(wait.min(LONGEST_WAIT)).unwrap_or(now)
}

/// Why a time control was refused (`text` is the whole time control as written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not `[MOVES/]TIME[+INC]` with numbers (TIME in seconds or `MIN:SEC`).
    #[error("bad time control '{text}' (expected e.g. 40/60+0.5, 10+0.1, 1:30)")]
    Malformed {
        /// The time control as written.
        text: String,
    },
    /// A number is negative or not finite, the time is 0, or either is above `MAX_SECONDS`.
    #[error("bad time control '{text}' (expected e.g. 40/60+0.5, 10+0.1, 1:30) (the time must be more than 0 and the increment at least 0, both at most {MAX_SECONDS} seconds)")]
    OutOfRange {
        /// The time control as written.
        text: String,
    },
    /// An hourglass (`hgTIME`) with an increment or moves per period.
    #[error(
        "bad time control '{text}' (an hourglass hgTIME has no increment and no moves per period)"
    )]
    Hourglass {
        /// The time control as written.
        text: String,
    },
    /// The MOVES of `MOVES/TIME` is not a whole number from 1 to `MAX_MOVES`.
    #[error("bad time control '{text}' (expected e.g. 40/60+0.5, 10+0.1, 1:30) (the moves per period must be from 1 to {MAX_MOVES})")]
    MovesPerPeriod {
        /// The time control as written.
        text: String,
    },
}

/// The MOVES of `MOVES/TIME`: a whole number from 1 to [`MAX_MOVES`].
fn moves_per_period(text: &str, m: &str) -> Result<u32, TimeControlError> {
    let n = if !m.is_empty() && m.bytes().all(|b| b.is_ascii_digit()) {
        m.parse::<u64>().ok()
    } else {
        None
    };
    match n {
        Some(n) if (1..=MAX_MOVES).contains(&n) => Ok(n as u32),
        _ => Err(TimeControlError::MovesPerPeriod { text: text.into() }),
    }
}

/// Sudden death with increment, optionally repeating every `moves` moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per period (`None`: the whole game).
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// cutechess's hourglass (`tc=hgTIME`): the time a side uses is added to its
    /// opponent's clock (no increment, no periods).
    pub hourglass: bool,
}

impl TimeControl {
    /// Parses `[MOVES/]TIME[+INC]` with TIME in seconds or `MIN:SEC`. TIME must be more
    /// than 0, INC at least 0, both at most [`MAX_SECONDS`]; MOVES from 1 to [`MAX_MOVES`].
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError::Malformed { text: text.into() };
        let range = || TimeControlError::OutOfRange { text: text.into() };
        let number = |s: &str| -> Result<f64, TimeControlError> {
            let x = s.parse::<f64>().map_err(|_| bad())?;
            if x.is_finite() && (0.0..=MAX_SECONDS).contains(&x) {
                Ok(x)
            } else {
                Err(range())
            }
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (Some(moves_per_period(text, m)?), r),
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let (base, hourglass) = match base.strip_prefix("hg") {
            Some(b) if moves.is_none() && inc.is_none() => (b, true),
            Some(_) => return Err(TimeControlError::Hourglass { text: text.into() }),
            None => (base, false),
        };
        let base = match base.split_once(':') {
            Some((min, sec)) => number(min)? * 60.0 + number(sec)?,
            None => number(base)?,
        };
        let inc = match inc {
            Some(i) => number(i)?,
            None => 0.0,
        };
        if !(base > 0.0 && base <= MAX_SECONDS) {
            return Err(range());
        }
        Ok(TimeControl {
            moves,
            base: Duration::try_from_secs_f64(base).map_err(|_| bad())?,
            increment: Duration::try_from_secs_f64(inc).map_err(|_| bad())?,
            hourglass,
        })
    }

    /// The PGN `TimeControl` tag value (`40/60+0.5`, `10+0.1`; cutechess's `hg60` for an
    /// hourglass).
    pub fn pgn_text(&self) -> String {
        let mut s = String::new();
        if self.hourglass {
            s.push_str("hg");
        }
        if let Some(m) = self.moves {
            s.push_str(&format!("{m}/"));
        }
        s.push_str(&seconds_text(self.base));
        if !self.increment.is_zero() {
            s.push('+');
            s.push_str(&seconds_text(self.increment));
        }
        s
    }
}

/// Seconds without needless decimals: `10`, `0.1`.
pub fn seconds_text(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Everything that limits one engine's thinking.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchLimits {
    /// A game clock.
    pub tc: Option<TimeControl>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// `depth=`: plies per move (UCI `go depth`, CECP `sd`; `None`: no limit).
    pub depth: Option<u32>,
    /// `nodes=`: nodes per move (UCI `go nodes`; CECP has none; `None`: no limit).
    pub nodes: Option<u64>,
    /// How late a move may arrive after the clock ran out without losing on time
    /// (`timemargin=`, default 0 as in cutechess-cli); the lateness is counted as an
    /// overstep and, with a clock, stays on it as a deficit.
    pub margin: Duration,
    /// With no clock and no move time: how long the runner waits for a move before
    /// declaring the engine stalled.
    pub stall: Duration,
}

impl SearchLimits {
    /// The PGN `TimeControl` tag value (`-` without a clock or move time).
    pub fn pgn_text(&self) -> String {
        match (self.tc, self.movetime) {
            (Some(tc), _) => tc.pgn_text(),
            (None, Some(st)) => format!("{}/move", seconds_text(st)),
            (None, None) => "-".into(),
        }
    }
}

/// One side's clock during a game. Its balance falls below zero when a move uses part of
/// the time margin: the deficit carries into the next move (the clock is never reset to
/// zero), so a margin tolerates lateness once without giving time away.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: Option<TimeControl>,
    /// Time left in nanoseconds (negative: overdrawn by the margin).
    balance: i128,
    moves_made: u32,
}

/// What charging a move did to a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// The move came before the clock ran out.
    InTime,
    /// The move came this long after the clock ran out, within the margin.
    Overstep(Duration),
    /// The move came after the clock and the margin ran out: a loss on time.
    Flag,
}

fn nanos(d: Duration) -> i128 {
    d.as_nanos() as i128
}

/// A positive balance as a duration (`Duration::MAX` beyond it).
fn duration_of(n: i128) -> Duration {
    if n <= 0 {
        return Duration::ZERO;
    }
    let secs = n / 1_000_000_000;
    match u64::try_from(secs) {
        Ok(s) => Duration::new(s, (n % 1_000_000_000) as u32),
        Err(_) => Duration::MAX,
    }
}

impl Clock {
    /// A clock at the start of a game.
    pub fn new(tc: Option<TimeControl>) -> Self {
        Clock {
            tc,
            balance: tc.map_or(0, |t| nanos(t.base)),
            moves_made: 0,
        }
    }

    /// Whether there is a clock at all.
    pub fn is_running(&self) -> bool {
        self.tc.is_some()
    }

    /// Time left before the current move; zero when the clock is overdrawn (what the
    /// engines are told: the protocols have no negative times every engine reads).
    pub fn remaining(&self) -> Duration {
        duration_of(self.balance)
    }

    /// How far the clock is overdrawn (zero when it is not).
    pub fn deficit(&self) -> Duration {
        duration_of(-self.balance)
    }

    /// How long the current move may take: the time left (less any deficit) plus `margin`.
    pub fn budget(&self, margin: Duration) -> Duration {
        duration_of(self.balance.saturating_add(nanos(margin)))
    }

    /// Moves until the next period (`None`: sudden death or no clock).
    pub fn moves_to_go(&self) -> Option<u32> {
        let per = self.tc?.moves?;
        Some(per - self.moves_made % per)
    }

    /// The increment added after each move.
    pub fn increment(&self) -> Duration {
        self.tc.map_or(Duration::ZERO, |t| t.increment)
    }

    /// Whether the clock is an hourglass.
    pub fn is_hourglass(&self) -> bool {
        self.tc.is_some_and(|t| t.hourglass)
    }

    /// Adds `time` to the clock (an hourglass gets the time its opponent used).
    pub fn give(&mut self, time: Duration) {
        self.balance = self.balance.saturating_add(nanos(time));
    }

    /// Charges a move that took `used`: the time comes off the clock (below zero within
    /// `margin`, the deficit kept), then the increment is added, and after the last move
    /// of a `MOVES/TIME` period the period's time. A move beyond the time left plus
    /// `margin` flags (the clock is left as it was).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> Charge {
        let Some(tc) = self.tc else {
            return Charge::InTime;
        };
        let over = nanos(used).saturating_sub(self.balance);
        if over > nanos(margin) {
            return Charge::Flag;
        }
        self.balance = self
            .balance
            .saturating_sub(nanos(used))
            .saturating_add(nanos(tc.increment));
        self.moves_made = self.moves_made.saturating_add(1);
        if let Some(per) = tc.moves {
            // A new period starts: a full period's moves to go again.
            if self.moves_to_go() == Some(per) {
                self.balance = self.balance.saturating_add(nanos(tc.base));
            }
        }
        if over > 0 {
            Charge::Overstep(duration_of(over))
        } else {
            Charge::InTime
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cutechess_forms() {
        let t = TimeControl::parse("40/60+0.5").unwrap();
        assert_eq!(t.moves, Some(40));
        assert_eq!(t.base, Duration::from_secs(60));
        assert_eq!(t.increment, Duration::from_millis(500));
        assert_eq!(t.pgn_text(), "40/60+0.5");
        let t = TimeControl::parse("1:30").unwrap();
        assert_eq!(t.base, Duration::from_secs(90));
        assert_eq!(TimeControl::parse("10+0.1").unwrap().pgn_text(), "10+0.1");
        let hg = TimeControl::parse("hg1:30").unwrap();
        assert!(hg.hourglass && hg.base == Duration::from_secs(90));
        assert_eq!(hg.pgn_text(), "hg90");
        assert!(TimeControl::parse("hg60+1").is_err());
        assert!(TimeControl::parse("40/hg60").is_err());
        let mut c = Clock::new(Some(hg));
        assert_eq!(
            c.charge(Duration::from_secs(10), Duration::ZERO),
            Charge::InTime
        );
        c.give(Duration::from_secs(4));
        assert_eq!(c.remaining(), Duration::from_secs(84));
        for bad in [
            "",
            "x",
            "10+",
            "0/10",
            "-5",
            "1:x",
            "1e20",
            "1e19",
            "1e308",
            "inf",
            "NaN",
            "10+inf",
            "10+-1",
            "1:-30",
            "-1:90",
            "1000001",
            "16667:0",
            "10+1000001",
            "4294967296/10",
            "-1/10",
            "1000001/10",
            "0",
            "0+1",
            "10+1e7",
            "1:1e300",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clock_charges_and_flags() {
        let ms = Duration::from_millis;
        let mut c = Clock::new(Some(TimeControl::parse("2/1+0.5").unwrap()));
        assert_eq!(c.moves_to_go(), Some(2));
        assert_eq!(c.charge(ms(400), Duration::ZERO), Charge::InTime);
        assert_eq!(c.remaining(), ms(1100));
        assert_eq!(c.moves_to_go(), Some(1));
        assert_eq!(c.charge(ms(100), Duration::ZERO), Charge::InTime);
        assert_eq!(
            c.remaining(),
            ms(2500),
            "a new period: 1000 + 2 x 500 + 1000 - 500"
        );
        assert_eq!(
            c.charge(Duration::from_secs(3), Duration::ZERO),
            Charge::Flag
        );
        assert_eq!(
            Clock::new(None).charge(Duration::from_secs(99), Duration::ZERO),
            Charge::InTime
        );
    }

    /// `tc=40/60+0.5`: every move adds 0.5 s, the 40th move of each period adds 60 s, and
    /// the engines are told 40, 39, ..., 1 moves to go.
    #[test]
    fn moves_to_go_and_increments_over_two_periods() {
        let mut c = Clock::new(Some(TimeControl::parse("40/60+0.5").unwrap()));
        for n in 0..80u32 {
            assert_eq!(c.moves_to_go(), Some(40 - n % 40), "move {n}");
            assert_eq!(
                c.charge(Duration::from_secs(1), Duration::ZERO),
                Charge::InTime
            );
        }
        // 2 x 60 s, 80 increments of 0.5 s, 80 moves of 1 s; plus the third period's 60 s.
        assert_eq!(c.remaining(), Duration::from_secs(120 + 40 - 80 + 60));
    }

    /// A move within the margin oversteps: the deficit stays on the clock, so the next
    /// move has less time (not a fresh zero).
    #[test]
    fn a_deficit_carries_into_the_next_move() {
        let ms = Duration::from_millis;
        let margin = ms(300);
        let mut c = Clock::new(Some(TimeControl::parse("1+0.1").unwrap()));
        assert_eq!(c.budget(margin), ms(1300));
        assert_eq!(c.charge(ms(1200), margin), Charge::Overstep(ms(200)));
        assert_eq!(c.remaining(), Duration::ZERO, "engines are told 0");
        assert_eq!(c.deficit(), ms(100), "1000 - 1200 + 100");
        assert_eq!(c.budget(margin), ms(200));
        assert_eq!(c.charge(ms(250), margin), Charge::Flag, "250 > -100 + 300");
        let mut fresh = c.clone();
        assert_eq!(fresh.charge(ms(150), margin), Charge::Overstep(ms(250)));
        assert_eq!(fresh.deficit(), ms(150));
        // Without a margin the same late move loses.
        let mut strict = Clock::new(Some(TimeControl::parse("1+0.1").unwrap()));
        assert_eq!(strict.charge(ms(1001), Duration::ZERO), Charge::Flag);
        assert_eq!(strict.charge(ms(1000), Duration::ZERO), Charge::InTime);
    }

    #[test]
    fn clock_and_deadline_arithmetic_saturates() {
        let tc = TimeControl {
            moves: Some(1),
            base: Duration::MAX,
            increment: Duration::MAX,
            hourglass: false,
        };
        let mut c = Clock::new(Some(tc));
        for _ in 0..3 {
            assert_eq!(
                c.charge(Duration::from_millis(1), Duration::MAX),
                Charge::InTime
            );
        }
        assert_eq!(c.remaining(), Duration::MAX);
        assert_eq!(c.budget(Duration::MAX), Duration::MAX);
        assert_ne!(c.charge(Duration::MAX, Duration::ZERO), Charge::Flag);
        let soon = deadline_after(Duration::MAX);
        assert!(soon > Instant::now());
        let _ = deadline_after(Duration::ZERO);
    }
}
