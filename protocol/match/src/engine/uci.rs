//! The UCI client: `uci`/`uciok` with the engine's options, `setoption` (and
//! `UCI_Variant` for every variant but `normal`), `ucinewgame`/`isready` per game, and per
//! move `position ... moves ...` and `go` with the clocks, until `bestmove`. `info` lines
//! give the score and depth of the move. With `ponder`, the engine's `Ponder` option is set
//! and after its move it thinks on the expected reply (`go ponder`); when the opponent
//! plays that reply it gets `ponderhit` (its clock runs from then), otherwise `stop`.

use std::time::{Duration, Instant};

use super::{
    first_word, EngineProcess, EngineScore, Failure, GameSetup, MoveReply, PonderRequest,
    TurnRequest, STARTUP_TIMEOUT,
};
use crate::timecontrol::{Clock, SearchLimits};

/// A UCI engine.
pub struct Uci {
    process: EngineProcess,
    name: Option<String>,
    /// Names of the options the engine declared.
    options: Vec<String>,
    /// The start of `position` for the current game (`startpos` or `fen ...`).
    position: String,
    limits: SearchLimits,
    /// Whether to ponder (`ponder`).
    ponder: bool,
    /// The moves of the position the engine is pondering on (`go ponder`), if any.
    pondering: Option<Vec<String>>,
}

/// The `time MS` of an `info` line (before any `pv` or `string`).
fn info_time(rest: &str) -> Option<Duration> {
    let mut words = rest.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "time" => return words.next()?.parse().ok().map(Duration::from_millis),
            "pv" | "string" => return None,
            _ => {}
        }
    }
    None
}

/// Depth and score of an `info` line, where present (only the best line counts: an
/// engine in multi-PV mode also reports `multipv 2` and worse).
fn info(rest: &str) -> (Option<u32>, Option<EngineScore>) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (mut depth, mut score) = (None, None);
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => depth = words.get(i + 1).and_then(|w| w.parse().ok()),
            "multipv" if words.get(i + 1).is_some_and(|w| *w != "1") => return (None, None),
            "score" => {
                let value = words.get(i + 2).and_then(|w| w.parse::<i32>().ok());
                score = match (words.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(EngineScore::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(EngineScore::Mate(v)),
                    _ => score,
                };
            }
            "pv" | "string" => break,
            _ => {}
        }
        i += 1;
    }
    (depth, score)
}

impl Uci {
    /// `uci` until `uciok`, then `Ponder` (with `ponder`, when the engine has it), the
    /// options and `isready`.
    pub fn start(
        mut process: EngineProcess,
        options: &[(String, String)],
        ponder: bool,
    ) -> Result<Self, Failure> {
        process.send("uci")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        let mut engine = Uci {
            process,
            name: None,
            options: Vec::new(),
            position: "startpos".into(),
            limits: SearchLimits::default(),
            ponder,
            pondering: None,
        };
        loop {
            let line = engine.process.read_line(deadline)?;
            let (word, rest) = first_word(&line);
            match word {
                "uciok" => break,
                "id" => {
                    if let ("name", name) = first_word(rest) {
                        engine.name = Some(name.to_string());
                    }
                }
                "option" => {
                    if let Some(after) = rest.strip_prefix("name ") {
                        let name = after.split(" type ").next().unwrap_or(after).trim();
                        engine.options.push(name.to_string());
                    }
                }
                _ => {}
            }
        }
        if ponder && engine.options.iter().any(|o| o == "Ponder") {
            engine.process.send("setoption name Ponder value true")?;
        }
        for (name, value) in options {
            engine
                .process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The engine's `id name`.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn ready(&mut self) -> Result<(), Failure> {
        self.process.send("isready")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        loop {
            if self.process.read_line(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// The variant, `ucinewgame` and the start position of the game.
    pub fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        if setup.variant != escalade_session::registry::DEFAULT_VARIANT {
            if !self.options.iter().any(|o| o == "UCI_Variant") {
                return Err(Failure::Protocol(format!(
                    "does not play variant {} (no UCI_Variant option)",
                    setup.variant
                )));
            }
            self.process.send(&format!(
                "setoption name UCI_Variant value {}",
                setup.variant
            ))?;
        }
        self.process.send("ucinewgame")?;
        self.position = match setup.fen {
            Some(fen) => format!("fen {fen}"),
            None => "startpos".into(),
        };
        self.limits = setup.limits.clone();
        self.ready()
    }

    /// `position ...` with `moves`.
    fn position_line(&self, moves: &[String]) -> String {
        let mut position = format!("position {}", self.position);
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        position
    }

    /// The limits of `go`: both clocks (from the thinking engine's clocks `own` and
    /// `other`), moves to go, move time, depth, nodes.
    fn go_limits(&self, own: &Clock, other: &Clock, white: bool) -> String {
        let mut go = String::new();
        if own.is_running() {
            let (w, b) = if white { (own, other) } else { (other, own) };
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                w.remaining().as_millis(),
                b.remaining().as_millis(),
                w.increment().as_millis(),
                b.increment().as_millis()
            ));
            if let Some(n) = own.moves_to_go() {
                go.push_str(&format!(" movestogo {n}"));
            }
        }
        if let Some(st) = self.limits.movetime {
            go.push_str(&format!(" movetime {}", st.as_millis()));
        }
        if let Some(d) = self.limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        go
    }

    /// Reads until `bestmove` (by `deadline`), with the last score and depth of the
    /// `info` lines; the time is counted from `start`.
    fn read_bestmove(&mut self, deadline: Instant, start: Instant) -> Result<MoveReply, Failure> {
        let (mut depth, mut score, mut reported) = (None, None, None);
        loop {
            let line = self.process.read_line(deadline)?;
            let (word, rest) = first_word(&line);
            match word {
                "bestmove" => {
                    let mut words = rest.split_whitespace();
                    let text = words.next().unwrap_or_default().to_string();
                    let ponder = match (words.next(), words.next()) {
                        (Some("ponder"), Some(p)) => Some(p.to_string()),
                        _ => None,
                    };
                    return Ok(MoveReply {
                        text,
                        score,
                        depth,
                        elapsed: start.elapsed(),
                        reported,
                        ponder,
                    });
                }
                "info" => {
                    reported = info_time(rest).or(reported);
                    let (d, s) = info(rest);
                    if s.is_some() {
                        score = s;
                        depth = d.or(depth);
                    }
                }
                _ => {}
            }
        }
    }

    /// `position` and `go`, then waits for `bestmove`. After pondering: `ponderhit` when
    /// the game went the way the engine expected, otherwise `stop` (its answer is
    /// dropped) and a new search.
    pub fn think(&mut self, req: &TurnRequest) -> Result<MoveReply, Failure> {
        if let Some(pondered) = self.pondering.take() {
            if pondered == req.moves {
                let start = Instant::now();
                self.process.send("ponderhit")?;
                return self.read_bestmove(req.deadline, start);
            }
            self.process.send("stop")?;
            let now = Instant::now();
            self.read_bestmove(now + STARTUP_TIMEOUT, now)?;
        }
        let position = self.position_line(req.moves);
        self.process.send(&position)?;
        let go = format!("go{}", self.go_limits(req.own, req.other, req.white));
        let start = Instant::now();
        self.process.send(&go)?;
        self.read_bestmove(req.deadline, start)
    }

    /// `position` with the expected reply and `go ponder` (only with `ponder`).
    pub fn ponder(&mut self, req: &PonderRequest) -> Result<(), Failure> {
        if !self.ponder {
            return Ok(());
        }
        let position = self.position_line(req.moves);
        self.process.send(&position)?;
        let go = format!("go ponder{}", self.go_limits(req.own, req.other, req.white));
        self.process.send(&go)?;
        self.pondering = Some(req.moves.to_vec());
        Ok(())
    }

    /// Quits.
    pub fn finish(&mut self) {
        self.process.shut_down("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_info_lines() {
        assert_eq!(
            info("depth 12 seldepth 18 score cp -35 nodes 1000 pv e2e4 e7e5"),
            (Some(12), Some(EngineScore::Cp(-35)))
        );
        assert_eq!(
            info("depth 3 score mate -2 pv a1a2"),
            (Some(3), Some(EngineScore::Mate(-2)))
        );
        assert_eq!(info("string depth 5 score cp 3"), (None, None));
        assert_eq!(
            info("depth 7 multipv 1 score cp 20 pv e2e4"),
            (Some(7), Some(EngineScore::Cp(20)))
        );
        assert_eq!(info("depth 7 multipv 2 score cp -90 pv a2a3"), (None, None));
        assert_eq!(
            info_time("depth 3 time 125 nodes 9 pv e2e4"),
            Some(Duration::from_millis(125))
        );
        assert_eq!(info_time("string time 5"), None);
        assert_eq!(info("currmove e2e4 currmovenumber 1"), (None, None));
    }
}
