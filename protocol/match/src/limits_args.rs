//! The bounds of every number on the command line of `escalade match`, and the readers
//! that enforce them: a value out of range, negative, not finite or not a number is an
//! [`ArgError`] naming the flag and the range, never a wrap or a panic later.

use super::args::ArgError;
pub use super::timecontrol::{MAX_MOVES, MAX_SECONDS};

/// The largest `timemargin=` in milliseconds (the same 1,000,000 s).
pub const MAX_MARGIN_MS: u64 = 1_000_000_000;
/// The largest `depth=`.
pub const MAX_DEPTH: u64 = 1_000;
/// The largest `nodes=` (10^15).
pub const MAX_NODES: u64 = 1_000_000_000_000_000;
/// The largest `-rounds`, `-games`, `-repeat` and total number of games.
pub const MAX_GAMES: u64 = 1_000_000;
/// The largest `-concurrency`.
pub const MAX_CONCURRENCY: u64 = 512;
/// The longest `-wait` in milliseconds (an hour).
pub const MAX_WAIT_MS: u64 = 3_600_000;
/// The largest `-openings plies=`.
pub const MAX_PLIES: u64 = 1_000;
/// The largest `-openings start=`.
pub const MAX_START: u64 = 1_000_000_000;
/// The largest centipawn score in `-draw score=` and `-resign score=`.
pub const MAX_SCORE: u64 = 100_000;
/// The largest `-sprt elo0=`/`elo1=` magnitude.
pub const MAX_ELO: f64 = 2_000.0;

/// A whole number from `min` to `max`: anything else (negative, fractional, too large,
/// not a number) is an error naming the flag, the key and the bounds.
pub(crate) fn integer(
    flag: &str,
    key: &str,
    value: &str,
    min: u64,
    max: u64,
) -> Result<u64, ArgError> {
    let v = value.trim();
    let bad = || ArgError::NotWholeNumber {
        flag: flag.into(),
        key: key.into(),
        value: value.into(),
        min,
        max,
    };
    let digits = v.strip_prefix('+').unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match digits.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad()),
    }
}

/// [`integer`] as a `u32` (`max` must fit).
pub(crate) fn integer_u32(
    flag: &str,
    key: &str,
    value: &str,
    min: u64,
    max: u64,
) -> Result<u32, ArgError> {
    integer(flag, key, value, min, max).map(|n| n as u32)
}

/// [`integer`] as a `usize` (`max` must fit).
pub(crate) fn integer_usize(
    flag: &str,
    key: &str,
    value: &str,
    min: u64,
    max: u64,
) -> Result<usize, ArgError> {
    integer(flag, key, value, min, max).map(|n| n as usize)
}
