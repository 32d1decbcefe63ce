//! Running the real `escalade` binary to its end under a deadline, its output gathered:
//! for commands that should end by themselves (a short match, a refused command line) but
//! would run on if a fault let them (a game that never ends is killed, not waited for).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a run of the binary left.
pub struct Finished {
    /// Its exit code; `None` when it was killed at the deadline (or by a signal).
    pub code: Option<i32>,
    /// What it wrote to standard output.
    pub stdout: String,
    /// What it wrote to standard error.
    pub stderr: String,
}

/// `escalade ARGS` in `dir` (the current directory when `None`), with `RUST_LOG=info` (so
/// that `escalade match -debug` logs every protocol line on stderr) and stdin closed,
/// killed after `limit`.
pub fn run_until(args: &[String], dir: Option<&Path>, limit: Duration) -> Finished {
    let mut command = Command::new(crate::escalade_bin());
    command
        .args(args)
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("start escalade");
    let out = read_all(child.stdout.take().expect("stdout"));
    let err = read_all(child.stderr.take().expect("stderr"));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Finished {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// A thread reading `source` to its end (so that a full pipe never stalls the child).
fn read_all(mut source: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = source.read_to_string(&mut text);
        text
    })
}
