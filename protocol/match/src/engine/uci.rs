//! The UCI client: `uci`/`uciok` with the engine's options, `setoption` (and
//! `UCI_Variant` for every variant but `normal`), `ucinewgame`/`isready` per game, and per
//! move `position ... moves ...` and `go` with the clocks, until `bestmove`. `info` lines
//! give the score and depth of the move.

use std::time::Instant;

use super::{
    first_word, EngineProcess, EngineScore, Failure, GameSetup, MoveReply, TurnRequest,
    STARTUP_TIMEOUT,
};
use crate::timecontrol::SearchLimits;

/// A UCI engine.
pub struct Uci {
    process: EngineProcess,
    name: Option<String>,
    /// Names of the options the engine declared.
    options: Vec<String>,
    /// The start of `position` for the current game (`startpos` or `fen ...`).
    position: String,
    limits: SearchLimits,
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
    /// `uci` until `uciok`, then the options and `isready`.
    pub fn start(
        mut process: EngineProcess,
        options: &[(String, String)],
    ) -> Result<Self, Failure> {
        process.send("uci")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        let mut engine = Uci {
            process,
            name: None,
            options: Vec::new(),
            position: "startpos".into(),
            limits: SearchLimits::default(),
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

    /// `position` and `go`, then waits for `bestmove`.
    pub fn think(&mut self, req: &TurnRequest) -> Result<MoveReply, Failure> {
        let mut position = format!("position {}", self.position);
        if !req.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&req.moves.join(" "));
        }
        self.process.send(&position)?;
        let mut go = String::from("go");
        if req.own.is_running() {
            let (w, b) = if req.white {
                (req.own, req.other)
            } else {
                (req.other, req.own)
            };
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                w.remaining().as_millis(),
                b.remaining().as_millis(),
                w.increment().as_millis(),
                b.increment().as_millis()
            ));
            if let Some(n) = req.own.moves_to_go() {
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
        let start = Instant::now();
        self.process.send(&go)?;
        let (mut depth, mut score) = (None, None);
        loop {
            let line = self.process.read_line(req.deadline)?;
            let (word, rest) = first_word(&line);
            match word {
                "bestmove" => {
                    return Ok(MoveReply {
                        text: first_word(rest).0.to_string(),
                        score,
                        depth,
                        elapsed: start.elapsed(),
                    })
                }
                "info" => {
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
        assert_eq!(info("currmove e2e4 currmovenumber 1"), (None, None));
    }
}
