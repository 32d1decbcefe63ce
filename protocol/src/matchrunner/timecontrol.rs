//! Time controls as cutechess-cli writes them (`tc=40/60+0.5`, `tc=10+0.1`, `tc=1:30`,
//! `tc=inf`, `st=2`, `depth=`, `nodes=`) and the clock the runner keeps for each side.
//! Time is measured by the runner: a move that arrives after the clock has run out (plus
//! the tolerated margin) loses on time.

use std::time::Duration;

/// Sudden death with increment, optionally repeating every `moves` moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per period (`None`: the whole game).
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `[MOVES/]TIME[+INC]` with TIME in seconds or `MIN:SEC`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("bad time control '{text}' (expected e.g. 40/60+0.5, 10+0.1, 1:30)");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (Some(m.parse::<u32>().map_err(|_| bad())?), r),
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = match base.split_once(':') {
            Some((min, sec)) => {
                let min: f64 = min.parse().map_err(|_| bad())?;
                let sec: f64 = sec.parse().map_err(|_| bad())?;
                min * 60.0 + sec
            }
            None => base.parse::<f64>().map_err(|_| bad())?,
        };
        let inc = match inc {
            Some(i) => i.parse::<f64>().map_err(|_| bad())?,
            None => 0.0,
        };
        if !(base > 0.0 && base.is_finite() && inc >= 0.0 && inc.is_finite()) || moves == Some(0) {
            return Err(bad());
        }
        Ok(TimeControl {
            moves,
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(inc),
        })
    }

    /// The PGN `TimeControl` tag value (`40/60+0.5`, `10+0.1`).
    pub fn pgn_text(&self) -> String {
        let mut s = String::new();
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
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// How late a move may arrive after the clock ran out without losing on time.
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

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: Option<TimeControl>,
    remaining: Duration,
    moves_made: u32,
}

impl Clock {
    /// A clock at the start of a game.
    pub fn new(tc: Option<TimeControl>) -> Self {
        Clock {
            tc,
            remaining: tc.map_or(Duration::ZERO, |t| t.base),
            moves_made: 0,
        }
    }

    /// Whether there is a clock at all.
    pub fn is_running(&self) -> bool {
        self.tc.is_some()
    }

    /// Time left before the current move.
    pub fn remaining(&self) -> Duration {
        self.remaining
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

    /// Charges a move that took `used`; false when the flag fell (`used` beyond the time
    /// left plus `margin`).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        let Some(tc) = self.tc else {
            return true;
        };
        if used > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining = self.remaining.saturating_sub(used) + tc.increment;
        self.moves_made += 1;
        if let Some(per) = tc.moves {
            // A new period starts: a full period's moves to go again.
            if self.moves_to_go() == Some(per) {
                self.remaining += tc.base;
            }
        }
        true
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
        for bad in ["", "x", "10+", "0/10", "-5", "1:x"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clock_charges_and_flags() {
        let mut c = Clock::new(Some(TimeControl::parse("2/1+0.5").unwrap()));
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(Duration::from_millis(400), Duration::ZERO));
        assert_eq!(c.remaining(), Duration::from_millis(1100));
        assert!(c.charge(Duration::from_millis(100), Duration::ZERO));
        assert_eq!(c.remaining(), Duration::from_millis(2500));
        assert!(!c.charge(Duration::from_secs(3), Duration::ZERO));
        assert!(Clock::new(None).charge(Duration::from_secs(99), Duration::ZERO));
    }
}
