//! A running `escalade` process driven through pipes, shared by the protocol, client and
//! robustness tests: send lines, wait for answers with a deadline, keep a bounded
//! transcript for failure messages. Each wait comes in two forms: `try_*` returns the
//! failure (with the transcript) as an `Err`, the plain form panics with it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Lines of transcript kept for failure messages.
const TRANSCRIPT_LINES: usize = 200;
/// How long the plain waits wait.
const ANSWER_SECS: u64 = 20;

/// A running `escalade` process.
#[derive(Debug)]
pub struct Pipe {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The last lines sent and received (`> ` and `< `).
    transcript: Vec<String>,
}

impl Pipe {
    /// Starts `escalade ARGS` with stdin and stdout piped (stderr discarded).
    pub fn start(args: &[&str]) -> Pipe {
        let mut child = Command::new(crate::escalade_bin())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start escalade");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Pipe {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() >= TRANSCRIPT_LINES {
            self.transcript.drain(..TRANSCRIPT_LINES / 4);
        }
        self.transcript.push(line);
    }

    /// XBoard: sends `ping N` and returns the lines received before `pong N`.
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut lines = self.lines_until(&format!("pong {n}"));
        lines.pop();
        lines
    }

    /// The engine's process id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The transcript, one line each.
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Sends one line; false if the process no longer reads its input.
    pub fn try_send(&mut self, line: &str) -> bool {
        self.note(format!("> {line}"));
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// Sends one line; panics if the process no longer reads its input.
    pub fn send(&mut self, line: &str) {
        if !self.try_send(line) {
            panic!(
                "escalade stopped reading; transcript:\n{}",
                self.transcript()
            );
        }
    }

    /// Reads lines until one satisfies `pred`; returns every line read, that one last.
    /// `Err` (naming `what`, with the transcript) when none comes within `secs` seconds or
    /// the process ends.
    pub fn try_lines_until(
        &mut self,
        what: &str,
        secs: u64,
        pred: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = pred(&line);
                    self.note(format!("< {line}"));
                    read.push(line);
                    if done {
                        return Ok(read);
                    }
                }
                Err(e) => {
                    let why = match e {
                        RecvTimeoutError::Timeout => format!("no {what:?} within {secs} s"),
                        RecvTimeoutError::Disconnected => {
                            let status = self.child.wait().ok();
                            format!("the engine ended ({status:?}) before {what:?}")
                        }
                    };
                    return Err(format!("{why}; transcript:\n{}", self.transcript()));
                }
            }
        }
    }

    /// The first line satisfying `pred` within `secs` seconds (see [`Pipe::try_lines_until`]).
    pub fn try_wait_until(
        &mut self,
        what: &str,
        secs: u64,
        pred: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let mut lines = self.try_lines_until(what, secs, pred)?;
        Ok(lines.pop().expect("the line that matched"))
    }

    /// Waits for a line equal to `answer` (but for surrounding white space) within `secs`
    /// seconds.
    pub fn try_answer(&mut self, answer: &str, secs: u64) -> Result<(), String> {
        self.try_wait_until(answer, secs, |l| l.trim() == answer)
            .map(drop)
    }

    /// The first line satisfying `pred` within `secs` seconds; panics otherwise.
    pub fn wait_for(&mut self, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        self.try_wait_until("the expected answer", secs, pred)
            .unwrap_or_else(|why| panic!("{why}"))
    }

    /// The first line starting with `prefix` (20 s at most; panics otherwise).
    pub fn expect(&mut self, prefix: &str) -> String {
        self.wait_for(ANSWER_SECS, |l| l.starts_with(prefix))
    }

    /// Lines received up to and including one that starts with `prefix` (20 s at most).
    pub fn lines_until(&mut self, prefix: &str) -> Vec<String> {
        self.try_lines_until(prefix, ANSWER_SECS, |l| l.starts_with(prefix))
            .unwrap_or_else(|why| panic!("{why}"))
    }

    /// Closes stdin and waits up to 10 s for the process to end; its exit status.
    pub fn try_finish(mut self) -> Option<ExitStatus> {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Closes stdin and waits for the process to end; panics after 10 s.
    pub fn finish(self) -> ExitStatus {
        let transcript = self.transcript();
        self.try_finish()
            .unwrap_or_else(|| panic!("escalade did not exit; transcript:\n{transcript}"))
    }
}

/// `escalade uci` after `uci`/`uciok`.
pub fn uci() -> Pipe {
    uci_options().0
}

/// `escalade uci` after `uci`, with the lines it answered (`id`, `option`s, up to and with
/// `uciok`).
pub fn uci_options() -> (Pipe, Vec<String>) {
    let mut e = Pipe::start(&["uci"]);
    e.send("uci");
    let lines = e.lines_until("uciok");
    (e, lines)
}

/// `escalade xboard` after `xboard`, `protover 2` and the features.
pub fn xboard() -> Pipe {
    xboard_features().0
}

/// `escalade xboard` after `xboard` and `protover 2`, with the feature lines it sent (up to
/// and with `feature done=1`).
pub fn xboard_features() -> (Pipe, Vec<String>) {
    let mut e = Pipe::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.lines_until("feature done=1");
    (e, features)
}

/// The move of a `bestmove` line.
pub fn best(line: &str) -> String {
    line.split_whitespace().nth(1).unwrap_or("").to_string()
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends the UCI `go` line `go` and returns the node count of the last `info ... nodes N`
/// line before `bestmove`.
pub fn search_nodes(e: &mut Pipe, go: &str) -> u64 {
    e.send(go);
    let lines = e.lines_until("bestmove");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" nodes "))
        .unwrap_or_else(|| panic!("no info line: {lines:?}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let i = words.iter().position(|w| *w == "nodes").unwrap();
    words[i + 1].parse().unwrap()
}
