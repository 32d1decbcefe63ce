//! The engine pipe of protocol fuzzing: [`EngineIo`] runs a program with every stream
//! piped and speaks to it in raw bytes (invalid UTF-8 and NUL bytes included), reading
//! stdout line by line (lossy UTF-8) on a thread and collecting stderr on another (to look
//! for `panicked`), with a transcript of the last lines for reports; [`Dialect`] says
//! which protocol's liveness check (`isready`, `ping N`) it uses.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The protocol spoken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI: `uci`, liveness by `isready`/`readyok`.
    Uci,
    /// XBoard (CECP, `protover 2`): `xboard`, liveness by `ping N`/`pong N`.
    Xboard,
}

impl Dialect {
    /// The `escalade` subcommand.
    pub fn command(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Xboard => "xboard",
        }
    }
}

/// Lines of transcript kept for reports (each cut to 200 characters).
const TRANSCRIPT: usize = 60;
/// Bytes of stderr kept.
const STDERR_KEPT: usize = 1 << 20;

/// Why an expected answer did not come; each carries the transcript's last lines.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// The answer did not come in time.
    #[error("no answer within {seconds:.1} s; transcript:\n{transcript}")]
    NoAnswer {
        /// How long was waited, in seconds.
        seconds: f64,
        /// The last lines sent and read.
        transcript: String,
    },
    /// The engine closed its stdout (it exited) before the answer.
    #[error("the engine exited ({status:?}) before quit; transcript:\n{transcript}")]
    Exited {
        /// Its exit status; `None` when it had not exited 2 s later.
        status: Option<ExitStatus>,
        /// The last lines sent and read.
        transcript: String,
    },
    /// Writing the liveness check to the engine's stdin failed.
    #[error("the engine stopped reading\n{transcript}")]
    StoppedReading {
        /// The last lines sent and read.
        transcript: String,
    },
}

/// A running engine driven through pipes in raw bytes: stdout read line by line (lossy
/// UTF-8) on a thread, stderr collected on another (to look for `panicked`).
pub struct EngineIo {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    transcript: Vec<String>,
}

pub(crate) fn shorten(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    if bytes.len() > 200 {
        format!("{text:?}... ({} bytes)", bytes.len())
    } else {
        format!("{text:?}")
    }
}

impl EngineIo {
    /// Starts `program ARGS` with every stream piped.
    pub fn spawn(program: &Path, args: &[&str]) -> std::io::Result<EngineIo> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                            buf.pop();
                        }
                        if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let collected = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&collected);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = sink.lock() {
                    if s.len() < STDERR_KEPT {
                        s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(EngineIo {
            child,
            stdin,
            lines: rx,
            stderr: collected,
            transcript: Vec::new(),
        })
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() >= TRANSCRIPT {
            self.transcript.drain(..TRANSCRIPT / 4);
        }
        self.transcript.push(line);
    }

    /// The last lines sent (`> `) and read (`< `).
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Everything the engine wrote on stderr so far (the first megabyte).
    pub fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Whether stderr shows a panic.
    pub fn panicked(&self) -> bool {
        self.stderr_text().contains("panicked")
    }

    /// Sends `bytes` and a newline; false when the engine no longer reads its input.
    pub fn send_bytes(&mut self, bytes: &[u8]) -> bool {
        self.note(format!("> {}", shorten(bytes)));
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// Sends one line of text.
    pub fn send(&mut self, line: &str) -> bool {
        self.send_bytes(line.as_bytes())
    }

    /// Reads lines until one satisfies `pred` or `within` passes: every line read (the
    /// matching one last), or why not (with the transcript).
    pub fn read_until(
        &mut self,
        within: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, AnswerError> {
        let deadline = Instant::now() + within;
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = pred(&line);
                    self.note(format!("< {}", shorten(line.as_bytes())));
                    read.push(line);
                    if done {
                        return Ok(read);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(AnswerError::NoAnswer {
                        seconds: within.as_secs_f64(),
                        transcript: self.transcript(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.wait_exit(Duration::from_secs(2));
                    return Err(AnswerError::Exited {
                        status,
                        transcript: self.transcript(),
                    });
                }
            }
        }
    }

    /// Lines that arrive within `within` (all of them, without waiting for one).
    pub fn drain(&mut self, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut read = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.note(format!("< {}", shorten(line.as_bytes())));
            read.push(line);
        }
        read
    }

    /// The liveness check: `isready` → `readyok` (then `stop`, ending any search), or
    /// `?` and `ping n` → `pong n`. The time the answer took and the lines before it.
    pub fn check_alive(
        &mut self,
        dialect: Dialect,
        n: u32,
        give_up: Duration,
    ) -> Result<(Duration, Vec<String>), AnswerError> {
        let answer = match dialect {
            Dialect::Uci => "readyok".to_string(),
            Dialect::Xboard => format!("pong {n}"),
        };
        if dialect == Dialect::Xboard && !self.send("?") {
            return Err(AnswerError::StoppedReading {
                transcript: self.transcript(),
            });
        }
        let asked = Instant::now();
        let sent = match dialect {
            Dialect::Uci => self.send("isready"),
            Dialect::Xboard => self.send(&format!("ping {n}")),
        };
        if !sent {
            return Err(AnswerError::StoppedReading {
                transcript: self.transcript(),
            });
        }
        let mut lines = self.read_until(give_up, |l| l.trim() == answer)?;
        let took = asked.elapsed();
        lines.pop();
        if dialect == Dialect::Uci {
            self.send("stop");
        }
        Ok((took, lines))
    }

    /// Waits up to `within` for the process to end.
    pub fn wait_exit(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `quit`, closes stdin and waits up to `within` for the exit status.
    pub fn quit(&mut self, within: Duration) -> Option<ExitStatus> {
        self.send("quit");
        self.stdin = None;
        self.wait_exit(within)
    }
}

impl Drop for EngineIo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
