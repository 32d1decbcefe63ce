//! A running `escalade` process driven through pipes: send lines, wait for answers with a
//! timeout (shared by the protocol and client tests).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// The engine under test.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far (for failure messages).
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `escalade ARGS`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(escalade_tests::escalade_bin())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
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
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to escalade");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `pred` (returned); panics after `secs` seconds.
    pub fn wait_for(&mut self, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    if pred(&line) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no expected answer within {secs} s; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads lines until one starts with `prefix`.
    pub fn expect(&mut self, prefix: &str) -> String {
        let p = prefix.to_string();
        self.wait_for(20, move |l| l.starts_with(&p))
    }

    /// Lines received up to and including one that starts with `prefix`.
    pub fn lines_until(&mut self, prefix: &str) -> Vec<String> {
        let start = self.transcript.len();
        self.expect(prefix);
        self.transcript[start..]
            .iter()
            .filter_map(|l| l.strip_prefix("< ").map(str::to_string))
            .collect()
    }

    /// Closes stdin and waits for the process to end (panics after 10 s).
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "escalade did not exit; transcript:\n{}",
                    self.transcript.join("\n")
                );
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
