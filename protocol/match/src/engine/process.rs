//! An engine's operating-system process: started with piped stdin/stdout, its output read
//! line by line on a thread of its own and passed over a channel, so the runner can wait
//! for a line with a deadline and notice a hang (timeout) or a crash (end of output).
//! Output is read as bytes and decoded lossily (`lossy_lines`): a byte that is not UTF-8
//! (an older engine's Latin-1) is replaced and logged, never taken for a disconnect.
//! Dropping it asks the engine to quit and kills it if it does not.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Why no line arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Disconnected,
}

/// Why an engine process could not be started.
#[derive(Debug, thiserror::Error)]
pub enum SpawnError {
    /// The operating system could not run the program.
    #[error("cannot start engine '{program}'")]
    Start {
        /// The program, as `cmd=` gave it.
        program: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The thread that reads the engine's output could not be started.
    #[error("cannot start a reader thread")]
    Thread(#[source] std::io::Error),
    /// The `stderr=` file could not be opened for appending.
    #[error("cannot open {} for the engine's standard error", path.display())]
    Stderr {
        /// The `stderr=` file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// How to start an engine process.
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    /// The program to run, found on `PATH` unless it names a path.
    pub program: &'a str,
    /// The program's arguments.
    pub args: &'a [String],
    /// The working directory.
    pub dir: Option<&'a Path>,
    /// A file the engine's standard error is appended to (otherwise it is logged at
    /// debug level).
    pub stderr: Option<&'a Path>,
    /// Names the process in logs.
    pub label: &'a str,
    /// Log every line sent and read at info level.
    pub debug: bool,
}

/// Calls `each` with every line of `input` (without its `\n` or `\r\n`) until the input
/// ends, fails, or `each` returns `false`. Bytes that are not UTF-8 are replaced by U+FFFD
/// and logged at warn level with the raw bytes, so one bad byte costs one character, not
/// the engine.
fn lossy_lines(input: impl Read, label: &str, stream: &str, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(input);
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match reader.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if raw.last() == Some(&b'\n') {
            raw.pop();
            if raw.last() == Some(&b'\r') {
                raw.pop();
            }
        }
        let line = match String::from_utf8(std::mem::take(&mut raw)) {
            Ok(line) => line,
            Err(bad) => {
                raw = bad.into_bytes();
                let line = String::from_utf8_lossy(&raw).into_owned();
                crate::runlog::warn(&format!("{label} {stream}: bytes that are not UTF-8 replaced: {raw:02x?} read as {line:?}"));
                line
            }
        };
        if !each(line) {
            return;
        }
    }
}

/// Logs each line of `stderr` at debug level, on a thread of its own, reading to the end
/// (an engine writing to a closed stderr would die of SIGPIPE).
fn log_stderr(stderr: std::process::ChildStderr, label: &str) -> Result<(), SpawnError> {
    let err_label = label.to_string();
    thread::Builder::new()
        .name(format!("{label} stderr"))
        .spawn(move || {
            lossy_lines(stderr, &err_label, "stderr", |line| {
                log::debug!("{err_label} stderr: {line}");
                true
            });
        })
        .map_err(SpawnError::Thread)?;
    Ok(())
}

/// A running engine process.
pub struct EngineProcess {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    debug: bool,
}

impl EngineProcess {
    /// Starts the program of `launch`.
    pub fn spawn(launch: &Launch) -> Result<EngineProcess, SpawnError> {
        let label = launch.label;
        let mut cmd = Command::new(launch.program);
        cmd.args(launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(path) = launch.stderr {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|source| SpawnError::Stderr {
                    path: path.to_path_buf(),
                    source,
                })?;
            cmd.stderr(Stdio::from(file));
        }
        if let Some(d) = launch.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn().map_err(|source| SpawnError::Start {
            program: launch.program.into(),
            source,
        })?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        let out_label = label.to_string();
        thread::Builder::new()
            .name(format!("{label} stdout"))
            .spawn(move || {
                lossy_lines(stdout, &out_label, "stdout", |line| tx.send(line).is_ok());
            })
            .map_err(SpawnError::Thread)?;
        if let Some(stderr) = child.stderr.take() {
            log_stderr(stderr, label)?;
        }
        Ok(EngineProcess {
            label: label.to_string(),
            stdin: child.stdin.take(),
            child,
            lines: rx,
            debug: launch.debug,
        })
    }

    /// Sends one line; an error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), ReadError> {
        if self.debug {
            log::info!("{} < {line}", self.label);
        }
        crate::runlog::engine_line(&self.label, true, line);
        let stdin = self.stdin.as_mut().ok_or(ReadError::Disconnected)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|_| ReadError::Disconnected)
    }

    /// The next line of output, waiting until `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if self.debug {
                    log::info!("{} > {line}", self.label);
                }
                crate::runlog::engine_line(&self.label, false, &line);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Disconnected),
        }
    }

    /// Sends `quit`-style `farewell`, gives the engine a moment to exit, then kills it.
    pub fn shut_down(&mut self, farewell: &str) {
        let _ = self.send(farewell);
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::lossy_lines;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        lossy_lines(bytes, "test", "stdout", |line| {
            out.push(line);
            true
        });
        out
    }

    #[test]
    fn latin1_bytes_are_replaced_and_reading_goes_on() {
        let got = lines_of(b"id author J\xfcrgen\r\ninfo string caf\xe9\nbestmove e2e4\n");
        assert_eq!(
            got,
            [
                "id author J\u{fffd}rgen",
                "info string caf\u{fffd}",
                "bestmove e2e4"
            ]
        );
    }

    #[test]
    fn a_last_line_without_newline_is_read_and_the_callback_can_stop() {
        assert_eq!(lines_of(b"a\nb"), ["a", "b"]);
        let mut seen = 0;
        lossy_lines(&b"a\nb\nc\n"[..], "test", "stdout", |_| {
            seen += 1;
            seen < 2
        });
        assert_eq!(seen, 2);
    }
}
