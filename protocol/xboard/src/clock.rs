//! XBoard's time controls (`level`, `st`, `sd`, `time`, `otim`) turned into search limits.

use std::time::Duration;

use escalade_engine::Limits;
use thiserror::Error;

/// A time control command that does not read (the clock is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    #[error("level needs MPS BASE INC")]
    LevelArity,
    #[error("bad {0} {1}")]
    Bad(&'static str, String),
}

/// The time control and clocks as XBoard last set them.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Moves per session (0: the whole game).
    moves_per_session: u32,
    /// Time per session.
    base: Duration,
    /// Increment per move.
    increment: Duration,
    /// `st`: fixed time per move.
    fixed: Option<Duration>,
    /// `sd`: depth limit.
    pub depth: Option<u32>,
    /// `time`: the engine's clock.
    own: Option<Duration>,
}

impl Default for Clock {
    /// XBoard's own default until told otherwise: 40 moves in 5 minutes.
    fn default() -> Self {
        Clock {
            moves_per_session: 40,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
            fixed: None,
            depth: None,
            own: None,
        }
    }
}

/// The longest clock read from `time`, in centiseconds (a year).
const MAX_CS: i128 = 365 * 24 * 3600 * 100;

/// Reads `m` or `m:ss` minutes.
fn minutes(text: &str) -> Option<Duration> {
    if let Some((m, s)) = text.split_once(':') {
        let m: u64 = m.parse().ok()?;
        let s: u64 = s.parse().ok()?;
        (m < 10_000_000 && s < 60).then(|| Duration::from_secs(m * 60 + s))
    } else {
        let m: f64 = text.parse().ok()?;
        (m.is_finite() && (0.0..1e7).contains(&m)).then(|| Duration::from_secs_f64(m * 60.0))
    }
}

fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| Duration::from_secs_f64(s))
}

impl Clock {
    /// `level MPS BASE INC`.
    pub fn level(&mut self, args: &[&str]) -> Result<(), ClockError> {
        let [mps, base, inc] = args else {
            return Err(ClockError::LevelArity);
        };
        // read all three before changing anything: an error leaves the clock as it was
        let mps = mps
            .parse()
            .map_err(|_| ClockError::Bad("MPS", mps.to_string()))?;
        let base = minutes(base).ok_or_else(|| ClockError::Bad("base time", base.to_string()))?;
        let inc = seconds(inc).ok_or_else(|| ClockError::Bad("increment", inc.to_string()))?;
        self.moves_per_session = mps;
        self.base = base;
        self.increment = inc;
        self.fixed = None;
        self.own = None;
        Ok(())
    }

    /// `st SECONDS`.
    pub fn set_move_time(&mut self, arg: &str) -> Result<(), ClockError> {
        self.fixed = Some(seconds(arg).ok_or_else(|| ClockError::Bad("time", arg.to_string()))?);
        Ok(())
    }

    /// `sd DEPTH`.
    pub fn set_depth(&mut self, arg: &str) -> Result<(), ClockError> {
        let d: u32 = arg
            .parse()
            .ok()
            .filter(|&d| d <= 1000)
            .ok_or_else(|| ClockError::Bad("depth (1 to 1000)", arg.to_string()))?;
        self.depth = Some(d.max(1));
        Ok(())
    }

    /// `time CENTISECONDS` (the engine's clock).
    pub fn set_own(&mut self, arg: &str) -> Result<(), ClockError> {
        let cs: i128 = arg
            .parse()
            .map_err(|_| ClockError::Bad("time", arg.to_string()))?;
        // never wraps: a clock longer than a year is read as a year
        self.own = Some(Duration::from_millis(cs.clamp(0, MAX_CS) as u64 * 10));
        Ok(())
    }

    /// A new game: clocks back to the time control, no depth limit.
    pub fn reset(&mut self) {
        self.own = None;
        self.depth = None;
    }

    /// The clock's limits for the engine's move after `turns` turns of the game (the
    /// session adds the settings, `Move Overhead` among them).
    pub fn limits(&self, turns: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.fixed {
            limits.movetime = Some(t);
            return limits;
        }
        limits.time_left = Some(self.own.unwrap_or(self.base));
        limits.increment = self.increment;
        if self.moves_per_session > 0 {
            let own_moves = (turns / 2) as u32;
            limits.moves_to_go = Some(self.moves_per_session - own_moves % self.moves_per_session);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read() {
        let mut c = Clock::default();
        c.level(&["40", "5", "0"]).unwrap();
        let l = c.limits(0);
        assert_eq!(l.time_left, Some(Duration::from_secs(300)));
        assert_eq!(l.moves_to_go, Some(40));
        c.level(&["0", "2:30", "1.5"]).unwrap();
        c.set_own("1000").unwrap();
        let l = c.limits(10);
        assert_eq!(l.time_left, Some(Duration::from_secs(10)));
        assert_eq!(l.increment, Duration::from_millis(1500));
        assert!(c.level(&["x", "1", "0"]).is_err());
        assert!(c.set_own("abc").is_err());
        c.set_own("1844674407370955162").unwrap();
        assert_eq!(
            c.limits(0).time_left,
            Some(Duration::from_millis(MAX_CS as u64 * 10)),
            "a huge clock is capped, not wrapped"
        );
        c.set_own("-5").unwrap();
        assert_eq!(c.limits(0).time_left, Some(Duration::ZERO));
        assert!(c.set_depth("4294967296").is_err() && c.set_depth("-1").is_err());
        c.set_move_time("2").unwrap();
        assert_eq!(c.limits(0).movetime, Some(Duration::from_secs(2)));
    }
}
