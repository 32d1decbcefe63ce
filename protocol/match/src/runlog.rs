//! fastchess's run log (`-log file=NAME level=LEVEL append=true|false engine=true|false`)
//! and its latency lines (`-show-latency`). The log holds the runner's events at or above
//! the level (the match banner and every game's start and end at `info`, warnings at
//! `warn`, latency at `info`) and, with `engine=true`, every line sent to an engine
//! (`NAME <--- LINE`) or read from it (`NAME ---> LINE`), each line prefixed as fastchess
//! prefixes it: `[INFO  ] [15:04:05.123456] <thread> escalade --- `. One log is open at a
//! time, process-wide (engine input and output are written from the engines' threads).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

/// A log level, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Everything.
    Trace,
    /// Details of the runner's work.
    Debug,
    /// The runner's events (games, latency).
    Info,
    /// Warnings (fastchess's default level).
    Warn,
    /// Errors.
    Err,
    /// Errors that end the match.
    Fatal,
}

impl Level {
    /// Reads `trace`, `debug`, `info`, `warn`, `err` (or `error`) and `fatal`.
    pub fn parse(text: &str) -> Option<Level> {
        Some(match text {
            "trace" => Level::Trace,
            "debug" => Level::Debug,
            "info" => Level::Info,
            "warn" | "warning" => Level::Warn,
            "err" | "error" => Level::Err,
            "fatal" => Level::Fatal,
            _ => return None,
        })
    }

    /// fastchess's label.
    fn label(self) -> &'static str {
        match self {
            Level::Trace => "TRACE",
            Level::Debug => "DEBUG",
            Level::Info => "INFO",
            Level::Warn => "WARN",
            Level::Err => "ERR",
            Level::Fatal => "FATAL",
        }
    }
}

/// `-log`: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogSpec {
    /// `file=`: the log file.
    pub file: PathBuf,
    /// `level=`: the lowest level written (default `warn`, as fastchess).
    pub level: Level,
    /// `append=`: append to the file (default true) or truncate it.
    pub append: bool,
    /// `engine=`: write every engine input and output line too (default false).
    pub engine: bool,
}

/// The open log.
struct Sink {
    file: File,
    level: Level,
    engine: bool,
}

/// The log of the match in progress, if any.
static SINK: Mutex<Option<Sink>> = Mutex::new(None);

/// Opens the log of `spec` (replacing any open one).
pub fn open(spec: &LogSpec) -> std::io::Result<()> {
    let mut options = OpenOptions::new();
    options.create(true);
    if spec.append {
        options.append(true);
    } else {
        options.write(true).truncate(true);
    }
    let file = options.open(&spec.file)?;
    if let Ok(mut sink) = SINK.lock() {
        *sink = Some(Sink {
            file,
            level: spec.level,
            engine: spec.engine,
        });
    }
    Ok(())
}

/// Closes the log (the file is flushed as each line is written).
pub fn close() {
    if let Ok(mut sink) = SINK.lock() {
        *sink = None;
    }
}

/// `HH:MM:SS.micros` (UTC), fastchess's precise time.
fn now_text() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let s = now.as_secs() % 86_400;
    format!(
        "{:02}:{:02}:{:02}.{:06}",
        s / 3600,
        s / 60 % 60,
        s % 60,
        now.subsec_micros()
    )
}

/// fastchess's line prefix: `[LABEL ] [TIME] <THREAD> `.
fn prefix(label: &str) -> String {
    let thread = std::thread::current();
    let id = match thread.name() {
        Some(name) => name.to_string(),
        None => format!("{:?}", thread.id()),
    };
    format!("[{label:<6}] [{:>15}] <{id:>20}> ", now_text())
}

/// Writes `line` to the open log, if `wanted` says the sink takes it. False when no log
/// is open or it did not take the line.
fn write_with(wanted: impl Fn(&Sink) -> bool, line: impl FnOnce() -> String) -> bool {
    let Ok(mut guard) = SINK.lock() else {
        return false;
    };
    let Some(sink) = guard.as_mut() else {
        return false;
    };
    if !wanted(sink) {
        return false;
    }
    let text = line();
    let _ = sink
        .file
        .write_all(text.as_bytes())
        .and_then(|_| sink.file.flush());
    true
}

/// Logs `message` at `level`; false when no open log takes it.
pub fn write(level: Level, message: &str) -> bool {
    write_with(
        |s| level >= s.level,
        || format!("{}escalade --- {message}\n", prefix(level.label())),
    )
}

/// A warning of the match in progress: on stderr through `log`, and in the open log.
pub fn warn(message: &str) {
    log::warn!("{message}");
    write(Level::Warn, message);
}

/// Logs a line sent to (`to_engine`) or read from the engine `name`, with `engine=true`.
pub fn engine_line(name: &str, to_engine: bool, line: &str) {
    let arrow = if to_engine { "<---" } else { "--->" };
    write_with(
        |s| s.engine,
        || format!("{} {name} {arrow} {line}\n", prefix("Engine")),
    );
}

/// fastchess's `-show-latency` line: `Engine NAME latency: 12ms (elapsed: 112, reported:
/// 100)`, the time the runner measured beyond the time the engine reported (0 when it
/// reported none).
pub fn latency_line(name: &str, elapsed: Duration, reported: Option<Duration>) -> String {
    let elapsed = elapsed.as_millis() as i64;
    let reported = reported.map_or(0, |r| r.as_millis() as i64);
    format!(
        "Engine {name} latency: {}ms (elapsed: {elapsed}, reported: {reported})",
        elapsed - reported
    )
}

/// Reports a latency line: to the log at `info` when one is open and takes it, else on
/// stderr.
pub fn latency(line: &str) {
    if !write(Level::Info, line) {
        let mut err = std::io::stderr();
        let _ = writeln!(err, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_latency_lines() {
        assert_eq!(Level::parse("err"), Some(Level::Err));
        assert_eq!(Level::parse("loud"), None);
        assert!(Level::Trace < Level::Info && Level::Warn < Level::Fatal);
        assert_eq!(
            latency_line(
                "A",
                Duration::from_millis(112),
                Some(Duration::from_millis(100))
            ),
            "Engine A latency: 12ms (elapsed: 112, reported: 100)"
        );
        assert_eq!(
            latency_line("B", Duration::from_millis(5), None),
            "Engine B latency: 5ms (elapsed: 5, reported: 0)"
        );
        assert!(prefix("INFO").starts_with("[INFO  ] ["));
    }
}
