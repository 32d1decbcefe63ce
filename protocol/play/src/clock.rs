//! The engine's time control in terminal play: `MINUTES+INCREMENT_SECONDS`, e.g. `5+0.1`.

use std::str::FromStr;
use std::time::Duration;

/// Base time and increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
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

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let number = |t: &str| -> Result<f64, String> {
            let v: f64 = t.trim().parse().map_err(|_| {
                format!("bad time control '{s}' (expected MINUTES+SECONDS, e.g. 5+0.1)")
            })?;
            if v.is_finite() && (0.0..1e7).contains(&v) {
                Ok(v)
            } else {
                Err(format!("time out of range in '{s}'"))
            }
        };
        let base = Duration::from_secs_f64(number(base)? * 60.0);
        let increment = Duration::from_secs_f64(number(inc)?);
        if base.is_zero() && increment.is_zero() {
            return Err(format!("time control '{s}' gives no time"));
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
