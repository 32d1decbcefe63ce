//! The engine's time control in terminal play: `MINUTES+INCREMENT_SECONDS`, e.g. `5+0.1`.

use std::str::FromStr;
use std::time::Duration;

/// Base time and increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the engine's clock at the start of the game (the `MINUTES` part).
    pub base: Duration,
    /// Time added to the engine's clock after each of its moves (the `INCREMENT_SECONDS` part).
    pub increment: Duration,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            base: Duration::from_secs(300),
            increment: Duration::from_millis(100),
        }
    }
}

/// Why a `--tc` was refused (`text` is the time control as written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A part is not a number, or the text is not `MINUTES+SECONDS`.
    #[error("bad time control '{text}' (expected MINUTES+SECONDS, e.g. 5+0.1)")]
    Malformed {
        /// The time control as written.
        text: String,
    },
    /// A part is negative, not finite, or 10,000,000 or more.
    #[error("time out of range in '{text}'")]
    OutOfRange {
        /// The time control as written.
        text: String,
    },
    /// Both the base and the increment are zero.
    #[error("time control '{text}' gives no time")]
    NoTime {
        /// The time control as written.
        text: String,
    },
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<Self, TimeControlError> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let number = |t: &str| -> Result<f64, TimeControlError> {
            let v: f64 = t
                .trim()
                .parse()
                .map_err(|_| TimeControlError::Malformed { text: s.into() })?;
            if v.is_finite() && (0.0..1e7).contains(&v) {
                Ok(v)
            } else {
                Err(TimeControlError::OutOfRange { text: s.into() })
            }
        };
        let base = Duration::from_secs_f64(number(base)? * 60.0);
        let increment = Duration::from_secs_f64(number(inc)?);
        if base.is_zero() && increment.is_zero() {
            return Err(TimeControlError::NoTime { text: s.into() });
        }
        Ok(TimeControl { base, increment })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        let tc: TimeControl = "5+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(
            "2".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        assert!("x+1".parse::<TimeControl>().is_err());
        assert!("0+0".parse::<TimeControl>().is_err());
    }
}
