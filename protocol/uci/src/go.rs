//! `go` and its parameters: `wtime btime winc binc movestogo depth nodes movetime infinite
//! ponder mate searchmoves` turned into search limits for the side to move. Numbers of any
//! size are read without wrapping: times are capped at a year, counts at their type's
//! range.

use std::time::Duration;

use escalade_core::Color;
use escalade_engine::{Limits, PonderHit};

use super::{Mode, Uci};
use escalade_session::session::Notation;

/// The parameters of `go`.
#[derive(Debug)]
pub struct Go {
    pub limits: Limits,
    pub ponder: bool,
    /// The move texts after `searchmoves` (up to the next parameter).
    pub search_moves: Vec<String>,
}

/// A `go` line that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    #[error("{0} needs a value")]
    NoValue(String),
    #[error("bad {0} value {1}")]
    BadValue(String, String),
    #[error("unknown go parameter {0}")]
    Unknown(String),
}

/// The longest time read from `go`, in milliseconds (a year).
const MAX_MS: i64 = 365 * 24 * 3600 * 1000;

/// The words that start a `go` parameter (and so end a `searchmoves` list).
const PARAMETERS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// Reads the parameters of `go` (the session adds the settings, `Move Overhead` among
/// them); unknown words and bad numbers are errors.
pub fn parse_go(args: &str, side: Color) -> Result<Go, GoError> {
    let mut limits = Limits::default();
    let mut ponder = false;
    let mut search_moves = Vec::new();
    let mut words = args.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if word == "searchmoves" {
            while let Some(mv) = words.next_if(|w| !PARAMETERS.contains(w)) {
                search_moves.push(mv.to_string());
            }
            continue;
        }
        let mut value = |name: &str| -> Result<i64, GoError> {
            let v = words
                .next()
                .ok_or_else(|| GoError::NoValue(name.to_string()))?;
            // a number too large for i64 is as good as the largest
            match v.parse::<i128>() {
                Ok(n) => Ok(n.clamp(i64::MIN as i128, i64::MAX as i128) as i64),
                Err(_) => Err(GoError::BadValue(name.to_string(), v.to_string())),
            }
        };
        let ms = |v: i64| Duration::from_millis(v.clamp(0, MAX_MS) as u64);
        match word {
            "wtime" | "btime" => {
                let v = value(word)?;
                if (word == "wtime") == (side == Color::White) {
                    limits.time_left = Some(ms(v));
                }
            }
            "winc" | "binc" => {
                let v = value(word)?;
                if (word == "winc") == (side == Color::White) {
                    limits.increment = ms(v);
                }
            }
            "movestogo" => limits.moves_to_go = Some(value(word)?.clamp(1, u32::MAX as i64) as u32),
            "depth" => limits.depth = Some(value(word)?.clamp(1, 1000) as u32),
            "nodes" => limits.nodes = Some(value(word)?.max(1) as u64),
            "movetime" => limits.movetime = Some(ms(value(word)?)),
            "mate" => {
                let moves = value(word)?.clamp(1, 100) as u32;
                limits.mate = Some(moves);
                limits.depth = Some(moves * 2);
            }
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            _ => return Err(GoError::Unknown(word.to_string())),
        }
    }
    Ok(Go {
        limits,
        ponder,
        search_moves,
    })
}

impl Uci {
    /// `go ...`: starts a search, or answers `bestmove 0000` at once when the game is over
    /// by rule (mate, stalemate, a variant's automatic end; a claimable draw is played on).
    pub(super) fn go(&mut self, args: &str) {
        if let ("perft", depth) = args.split_once(char::is_whitespace).unwrap_or((args, "")) {
            return self.perft(depth.trim());
        }
        if let Some(result) = self.session.game_over() {
            self.line(&format!(
                "info string the game is over: {} {}",
                result.score_text(),
                result.reason()
            ));
            return self.line("bestmove 0000");
        }
        let (limits, ponder) = match parse_go(args, self.session.side_to_move()) {
            Ok(go) => (
                self.with_search_moves(go.limits, &go.search_moves),
                go.ponder,
            ),
            Err(e) => {
                self.refuse(&format!("{e}; searching to depth 1 instead"));
                let limits = Limits {
                    depth: Some(1),
                    ..Limits::default()
                };
                (limits, false)
            }
        };
        if ponder {
            let hit = PonderHit::new();
            let infinite = limits.infinite;
            let search = Limits {
                ponder: Some(hit.clone()),
                ..limits
            };
            self.start(search, Mode::Ponder { hit, infinite });
        } else if limits.infinite {
            self.start(limits, Mode::Infinite);
        } else {
            self.start(limits, Mode::Think);
        }
    }
}

impl Uci {
    /// `limits` searching only the legal moves among `texts` (all moves when none is).
    fn with_search_moves(&self, mut limits: Limits, texts: &[String]) -> Limits {
        for text in texts {
            match self.session.move_code(text, Notation::Engine) {
                Ok(code) => limits.search_moves.push(code),
                Err(e) => log::warn!("uci: searchmoves: {text}: {e}"),
            }
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let go = parse_go(
            "wtime 1000 btime 2000 winc 10 binc 20 movestogo 5",
            Color::Black,
        )
        .unwrap();
        let l = &go.limits;
        assert_eq!(l.time_left, Some(Duration::from_millis(2000)));
        assert_eq!(l.increment, Duration::from_millis(20));
        assert_eq!(l.moves_to_go, Some(5));
        assert!(!go.ponder);
        let go = parse_go("ponder depth 3", Color::White).unwrap();
        assert!(go.ponder);
        assert_eq!(go.limits.depth, Some(3));
        let go = parse_go("searchmoves e2e4 d2d4 depth 5", Color::White).unwrap();
        assert_eq!(go.search_moves, ["e2e4", "d2d4"]);
        assert_eq!(go.limits.depth, Some(5));
        let go = parse_go("depth 2 searchmoves", Color::White).unwrap();
        assert!(go.search_moves.is_empty());
        let go = parse_go("mate 3", Color::White).unwrap();
        assert_eq!((go.limits.mate, go.limits.depth), (Some(3), Some(6)));
        assert!(parse_go("depth x", Color::White).is_err());
        assert!(parse_go("wtime", Color::White).is_err());
    }
}
