//! The real `escalade` binary driven through pipes for the robustness tests: send lines,
//! wait for an exact answer line with a deadline, keep the transcript for failure messages.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A running `escalade` process.
pub struct Pipe {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The last lines sent and received (`> ` and `< `), for failure messages.
    pub transcript: Vec<String>,
}

impl Pipe {
    /// Starts `escalade ARGS` with stdin and stdout piped (stderr discarded).
    pub fn start(args: &[&str]) -> Pipe {
        let mut child = Command::new(escalade_tests::escalade_bin())
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
        if self.transcript.len() > 60 {
            self.transcript.drain(..20);
        }
        self.transcript.push(line);
    }

    /// Sends one line (false if the process no longer reads its input).
    pub fn send(&mut self, line: &str) -> bool {
        self.note(format!("> {line}"));
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// Waits for a line equal to `answer`; `Err` with the transcript if it does not come
    /// within `secs` seconds or the process ends.
    pub fn wait_for(&mut self, answer: &str, secs: u64) -> Result<(), String> {
        self.wait_until(answer, secs, |l| l == answer).map(drop)
    }

    /// Waits for a line satisfying `pred` (returned); `what` names it in the error.
    pub fn wait_until(
        &mut self,
        what: &str,
        secs: u64,
        pred: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let answer = what;
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = pred(line.trim());
                    self.note(format!("< {line}"));
                    if done {
                        return Ok(line);
                    }
                }
                Err(e) => {
                    let why = match e {
                        RecvTimeoutError::Timeout => format!("no {answer:?} within {secs} s"),
                        RecvTimeoutError::Disconnected => {
                            let status = self.child.wait().ok();
                            format!("the engine ended ({status:?}) before {answer:?}")
                        }
                    };
                    return Err(format!(
                        "{why}; transcript:\n{}",
                        self.transcript.join("\n")
                    ));
                }
            }
        }
    }

    /// Closes stdin and waits up to 10 s for the process to end; its exit status.
    pub fn finish(mut self) -> Option<std::process::ExitStatus> {
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
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
