//! The XBoard/CECP (protocol version 2) client: the `feature` handshake, `new`/`variant`/
//! `setboard`/`level`/`st`/`sd` per game, and per move `force`, the moves the engine has
//! not seen (`usermove`), `time`/`otim` and `go`, until `move X` (or `resign`). Thinking
//! output (`ply score time nodes pv`) gives the score and depth of the move.
//!
//! With `ponder` the engine gets `hard` (it ponders by itself) and, once it has moved, is
//! left out of force mode: the opponent's move alone (`time`, `otim`, `usermove`) makes it
//! move, so a ponder hit is not thrown away.
//!
//! Chance outcomes travel as a die face joined to their move (`T4-7/5`): the mover learns
//! the runner's roll when its own move is taken back (`undo`) and sent again with the face.

use std::time::{Duration, Instant};

use super::{
    first_word, EngineProcess, EngineScore, Failure, GameSetup, MoveReply, TurnRequest,
    STARTUP_TIMEOUT,
};
use crate::timecontrol::seconds_text;

/// How long to wait for `feature done=1` when the engine has not asked for more.
const FEATURE_WAIT: Duration = Duration::from_secs(2);

/// Features the runner understands (answered `accepted`; others `rejected`).
const ACCEPTED: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "done",
    "exclude",
    "setscore",
    "highlight",
];

/// A CECP engine.
pub struct Cecp {
    process: EngineProcess,
    name: Option<String>,
    usermove: bool,
    ping: bool,
    setboard: bool,
    variants: Option<Vec<String>>,
    /// The moves the engine has been told or has played, as sent.
    sent: Vec<String>,
    pings: u32,
    /// `hard` (ponder) rather than `easy`.
    ponder: bool,
    /// Out of force mode, playing the side to move (after its own move, with `ponder`).
    playing: bool,
}

/// The check option by which an engine (Escalade) offers every move of its grid dialect,
/// beyond what XBoard itself can carry; this referee carries them all, so it turns it on.
const FULL_DIALECT: &str = "Full Dialect";

/// `key=value` pairs of a `feature` line; values may be quoted.
fn features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let after = after.trim_start();
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            match q.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (q.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        out.push((key, value));
        rest = next.trim_start();
    }
    out
}

/// The time (centiseconds) of a thinking line `ply score time nodes pv...`.
fn thinking_time(line: &str) -> Option<Duration> {
    thinking(line)?;
    let centis: u64 = line.split_whitespace().nth(2)?.parse().ok()?;
    Some(Duration::from_millis(centis.saturating_mul(10)))
}

/// The score and depth of a thinking line `ply score time nodes pv...`.
fn thinking(line: &str) -> Option<(u32, EngineScore)> {
    let mut words = line.split_whitespace();
    let ply: u32 = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    words.next()?.parse::<i64>().ok()?;
    let score = if score.unsigned_abs() >= 100_000 {
        let n = (score.unsigned_abs() - 100_000).min(i32::MAX as u64) as i32;
        EngineScore::Mate(if score > 0 { n } else { -n })
    } else {
        EngineScore::Cp(score.clamp(-99_999, 99_999) as i32)
    };
    Some((ply, score))
}

impl Cecp {
    /// Completes the handshake (`xboard`, `protover 2`, features) and sends `options`.
    pub fn start(
        mut process: EngineProcess,
        options: &[(String, String)],
        ponder: bool,
    ) -> Result<Self, Failure> {
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut engine = Cecp {
            process,
            name: None,
            usermove: false,
            ping: false,
            setboard: false,
            variants: None,
            sent: Vec::new(),
            pings: 0,
            ponder,
            playing: false,
        };
        let mut deadline = Instant::now() + FEATURE_WAIT;
        let mut full_dialect = false;
        loop {
            let line = match engine.process.read_line(deadline) {
                Ok(line) => line,
                Err(super::ReadError::Timeout) => break,
                Err(e) => return Err(e.into()),
            };
            let (word, rest) = first_word(&line);
            if word != "feature" {
                continue;
            }
            let mut done = false;
            for (key, value) in features(rest) {
                match (key.as_str(), value.as_str()) {
                    ("done", "1") => done = true,
                    ("done", _) => deadline = Instant::now() + STARTUP_TIMEOUT * 6,
                    ("myname", v) => engine.name = Some(v.to_string()),
                    ("usermove", v) => engine.usermove = v == "1",
                    ("ping", v) => engine.ping = v == "1",
                    ("setboard", v) => engine.setboard = v == "1",
                    ("variants", v) => {
                        engine.variants = Some(v.split(',').map(|s| s.trim().to_string()).collect())
                    }
                    ("option", v) if v.starts_with(FULL_DIALECT) => full_dialect = true,
                    _ => {}
                }
                let verdict = if ACCEPTED.contains(&key.as_str()) {
                    "accepted"
                } else {
                    "rejected"
                };
                engine.process.send(&format!("{verdict} {key}"))?;
            }
            if done {
                break;
            }
        }
        if full_dialect {
            // the engine (Escalade) speaks the whole grid dialect this referee sends: it
            // must not refuse the variants XBoard itself cannot carry
            engine.process.send(&format!("option {FULL_DIALECT}=1"))?;
        }
        for (name, value) in options {
            match name.as_str() {
                "Hash" | "memory" => engine.process.send(&format!("memory {value}"))?,
                "Threads" | "cores" => engine.process.send(&format!("cores {value}"))?,
                _ => engine.process.send(&format!("option {name}={value}"))?,
            }
        }
        Ok(engine)
    }

    /// The engine's `myname`.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Waits for the answer to a `ping` (when the engine supports it).
    fn sync(&mut self) -> Result<(), Failure> {
        if !self.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.process.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        loop {
            let line = self.process.read_line(deadline)?;
            let (word, rest) = first_word(&line);
            if word == "pong" && rest.trim() == n.to_string() {
                return Ok(());
            }
        }
    }

    /// `new`, the variant, the position and the time control.
    pub fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        self.process.send("new")?;
        if setup.variant != escalade_session::registry::DEFAULT_VARIANT {
            if let Some(list) = &self.variants {
                if !list.iter().any(|v| v == setup.variant) {
                    return Err(Failure::Protocol(format!(
                        "does not play variant {}",
                        setup.variant
                    )));
                }
            }
            self.process.send(&format!("variant {}", setup.variant))?;
        }
        self.process.send("force")?;
        if let Some(fen) = setup.gui_fen {
            if !self.setboard {
                return Err(Failure::Protocol(
                    "cannot set up a position (no setboard)".into(),
                ));
            }
            self.process.send(&format!("setboard {fen}"))?;
        }
        let limits = setup.limits;
        if let Some(tc) = limits.tc {
            let secs = tc.base.as_secs();
            let base = if tc.base.subsec_millis() == 0 && secs % 60 == 0 {
                format!("{}", secs / 60)
            } else {
                format!("{}:{:02}", secs / 60, secs % 60)
            };
            self.process.send(&format!(
                "level {} {base} {}",
                tc.moves.unwrap_or(0),
                seconds_text(tc.increment)
            ))?;
        } else if let Some(st) = limits.movetime {
            self.process.send(&format!("st {}", seconds_text(st)))?;
        }
        if let Some(d) = limits.depth {
            self.process.send(&format!("sd {d}"))?;
        }
        if limits.nodes.is_some() {
            crate::runlog::warn("CECP has no node limit; nodes= is not sent");
        }
        self.process.send("post")?;
        self.process
            .send(if self.ponder { "hard" } else { "easy" })?;
        self.sent.clear();
        self.playing = false;
        self.sync()
    }

    /// `time` and `otim` (with a clock).
    fn send_clocks(&mut self, req: &TurnRequest) -> Result<(), Failure> {
        if req.own.is_running() {
            let cs = |d: Duration| d.as_millis() / 10;
            self.process
                .send(&format!("time {}", cs(req.own.remaining())))?;
            self.process
                .send(&format!("otim {}", cs(req.other.remaining())))?;
        }
        Ok(())
    }

    /// Sends a move the engine has not seen.
    fn send_move(&mut self, mv: &str) -> Result<(), Failure> {
        if self.usermove {
            self.process.send(&format!("usermove {mv}"))?;
        } else {
            self.process.send(mv)?;
        }
        Ok(())
    }

    /// Sends the moves the engine has not seen and the clocks, then `go`; waits for a move.
    /// A pondering engine still playing its side gets only the clocks and the opponent's
    /// move.
    pub fn think(&mut self, req: &TurnRequest) -> Result<MoveReply, Failure> {
        // Moves the engine knows differently (its own move, now with the die face the
        // runner rolled) are taken back and sent again.
        let common = self
            .sent
            .iter()
            .zip(req.joined)
            .take_while(|(a, b)| a == b)
            .count();
        let start;
        if self.playing && common == self.sent.len() && req.joined.len() == common + 1 {
            self.send_clocks(req)?;
            start = Instant::now();
            self.send_move(&req.joined[common])?;
        } else {
            self.process.send("force")?;
            for _ in common..self.sent.len() {
                self.process.send("undo")?;
            }
            for mv in &req.joined[common..] {
                self.send_move(mv)?;
            }
            self.send_clocks(req)?;
            start = Instant::now();
            self.process.send("go")?;
        }
        self.sent = req.joined.to_vec();
        let reply = self.read_move(req.deadline, start)?;
        self.playing = self.ponder;
        Ok(reply)
    }

    /// Reads until `move` (by `deadline`), with the last thinking line's score and depth;
    /// the time is counted from `start`.
    fn read_move(&mut self, deadline: Instant, start: Instant) -> Result<MoveReply, Failure> {
        let mut last: Option<(u32, EngineScore)> = None;
        let mut reported = None;
        loop {
            let line = self.process.read_line(deadline)?;
            let (word, rest) = first_word(&line);
            match word {
                "move" => {
                    let text = rest.trim().to_string();
                    self.sent.push(text.clone());
                    return Ok(MoveReply {
                        text,
                        score: last.map(|l| l.1),
                        depth: last.map(|l| l.0),
                        elapsed: start.elapsed(),
                        reported,
                        ponder: None,
                    });
                }
                "resign" => return Err(Failure::Resigned),
                "Illegal" => {
                    return Err(Failure::Protocol(format!(
                        "refuses a legal move ({})",
                        line.trim()
                    )))
                }
                _ => {
                    if let Some(t) = thinking(&line) {
                        last = Some(t);
                        reported = thinking_time(&line);
                    }
                }
            }
        }
    }

    /// Quits.
    pub fn quit(&mut self) {
        self.process.shut_down("quit");
    }

    /// Sends the result and quits.
    pub fn finish(&mut self, score_text: &str, reason: &str) {
        let _ = self
            .process
            .send(&format!("result {score_text} {{{reason}}}"));
        self.process.shut_down("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_features_with_quotes() {
        let f = features(r#"ping=1 myname="Fairy-Max 5.0b" variants="normal,rope"  done=1"#);
        assert_eq!(f[0], ("ping".into(), "1".into()));
        assert_eq!(f[1], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(f[2].1, "normal,rope");
        assert_eq!(f[3], ("done".into(), "1".into()));
    }

    #[test]
    fn reads_thinking_lines() {
        assert_eq!(
            thinking("5 35 120 4000 e2e4 e7e5"),
            Some((5, EngineScore::Cp(35)))
        );
        assert_eq!(thinking("7. -12 3 99"), Some((7, EngineScore::Cp(-12))));
        assert_eq!(
            thinking("9 100003 50 10 a1a8"),
            Some((9, EngineScore::Mate(3)))
        );
        assert_eq!(thinking("move e2e4"), None);
        assert_eq!(
            thinking_time("5 35 120 4000 e2e4"),
            Some(Duration::from_millis(1200))
        );
        // Absurd scores saturate instead of overflowing.
        assert_eq!(
            thinking("3 -9223372036854775808 1 1"),
            Some((3, EngineScore::Mate(-i32::MAX)))
        );
        assert_eq!(
            thinking("3 9223372036854775807 1 1"),
            Some((3, EngineScore::Mate(i32::MAX)))
        );
        assert_eq!(EngineScore::Mate(i32::MIN).centipawns(), -20_000);
        assert_eq!(EngineScore::Mate(i32::MAX).centipawns(), 20_000);
        assert_eq!(EngineScore::Mate(-3).centipawns(), -29_997);
        assert_eq!(EngineScore::Mate(i32::MIN).text(), "-M2147483648");
        assert_eq!(thinking("5 35"), None);
    }
}
