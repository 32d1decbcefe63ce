//! Protocol fuzzing of a running engine (`escalade uci`/`escalade xboard`, or any program
//! speaking them) through pipes, in raw bytes: after every hostile line (or burst of lines)
//! the engine must answer `isready` with `readyok` (UCI) or `ping N` with `pong N` (XBoard,
//! after `?` so a search it started ends) within the answer limit, must never print
//! `panicked` on stderr and must never exit before `quit`. `escalade selfcheck --protocol N`
//! runs it on the binary itself; `tests/tests/robust_protocol.rs` runs short forms.
//!
//! This file is the driver (the plan, the report, starting and restarting the engine, the
//! loop over variants and inputs); `engine_io` is the pipe to the engine, `material` what
//! each variant offers to build lines from, `inputs` the hostile inputs by class.

mod engine_io;
mod inputs;
mod material;

use std::path::{Path, PathBuf};
use std::time::Duration;

use escalade_core::SeededRng;

use engine_io::shorten;
pub use engine_io::{AnswerError, Dialect, EngineIo};
pub use inputs::{hostile_input, Class};
pub use material::{material, Material};

/// How long and how strictly to fuzz.
#[derive(Clone, Debug)]
pub struct ProtocolPlan {
    /// Hostile inputs per variant.
    pub inputs: usize,
    /// Seed of the hostile inputs and of each variant's material.
    pub seed: u64,
    /// An answer slower than this is a defect (plus 100 µs per line of a burst, the time
    /// to read the burst itself: thousands of `usermove`s are not a hang).
    pub answer_limit: Duration,
    /// How long to wait for an answer before calling the engine hung.
    pub give_up: Duration,
    /// Length of the long random walk of each variant.
    pub walk: usize,
}

/// What a protocol fuzzing run tried and found.
#[derive(Clone, Debug, Default)]
pub struct ProtocolReport {
    /// Hostile inputs sent (a burst counts once).
    pub inputs: u64,
    /// Lines sent in them.
    pub lines: u64,
    /// Liveness checks answered.
    pub answered: u64,
    /// The slowest answer, and after what.
    pub worst: Duration,
    /// The variant, input class and input the slowest answer followed.
    pub worst_after: String,
    /// Answers slower than the plan's limit.
    pub slow: u64,
    /// Times the engine was restarted after it hung, exited or panicked.
    pub restarts: u64,
    /// Every defect, with the input it followed where there is one (the first 20 kept).
    pub defects: Vec<String>,
    /// How many defects there were in all.
    pub defect_count: u64,
}

impl ProtocolReport {
    fn defect(&mut self, what: String) {
        self.defect_count += 1;
        if self.defects.len() < 20 {
            self.defects.push(what);
        }
    }
}

/// Why the engine under test could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot start {}", program.display())]
    /// The program could not be run.
    Spawn {
        /// The program.
        program: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// No `uciok` or `feature done=1` in time.
    #[error(transparent)]
    Handshake(#[from] AnswerError),
}

/// Starts the engine and completes the handshake (UCI: `uci`/`uciok`; XBoard: `xboard`,
/// `protover 2` up to `feature done=1`), with short searches for XBoard.
fn start(program: &Path, dialect: Dialect, give_up: Duration) -> Result<EngineIo, StartError> {
    let mut e =
        EngineIo::spawn(program, &[dialect.command()]).map_err(|source| StartError::Spawn {
            program: program.to_path_buf(),
            source,
        })?;
    match dialect {
        Dialect::Uci => {
            e.send("uci");
            e.read_until(give_up, |l| l.trim() == "uciok")?;
        }
        Dialect::Xboard => {
            e.send("xboard");
            e.send("protover 2");
            e.read_until(give_up, |l| l.contains("done=1"))?;
            // every variant's moves, as `escalade match` speaks them (XBoard itself gets
            // the variants it cannot carry refused)
            e.send("option Full Dialect=1");
            e.send("new");
            e.send("force");
            restore_limits(&mut e);
        }
    }
    Ok(e)
}

fn restore_limits(e: &mut EngineIo) {
    e.send("sd 2");
    e.send("st 0.05");
}

/// Starts a variant's part of the run.
fn enter_variant(e: &mut EngineIo, dialect: Dialect, name: &str) {
    match dialect {
        Dialect::Uci => {
            e.send(&format!("setoption name UCI_Variant value {name}"));
            e.send("ucinewgame");
        }
        Dialect::Xboard => {
            e.send("force");
            e.send(&format!("variant {name}"));
        }
    }
}

/// The first word of a line, in bytes.
fn first_word(line: &[u8]) -> &[u8] {
    line.split(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or(b"")
}

/// A protocol fuzzing run in progress: the engine, the plan and what was found.
struct Run<'a> {
    program: &'a Path,
    dialect: Dialect,
    plan: &'a ProtocolPlan,
    engine: EngineIo,
    report: ProtocolReport,
    /// Liveness checks sent (the `ping` number).
    checks: u32,
}

impl Run<'_> {
    /// Sends one hostile input of `class` and checks the engine is alive after it; `false`
    /// when the engine could not be restarted after a fault (the run ends).
    fn input(&mut self, name: &str, m: &Material, class: Class, rng: &mut SeededRng) -> bool {
        let input = hostile_input(self.dialect, m, class, rng);
        self.report.inputs += 1;
        let shown = input
            .iter()
            .map(|l| shorten(l))
            .collect::<Vec<_>>()
            .join(" / ");
        let fault = self.send_and_check(name, class, &input, &shown);
        if let Some(why) = fault {
            self.report
                .defect(format!("{name} {class:?}: after {shown}: {why}"));
            self.report.restarts += 1;
            return self.restart(name);
        }
        if self.dialect == Dialect::Xboard {
            let touched = input.iter().any(|l| {
                [
                    &b"st"[..],
                    b"sd",
                    b"level",
                    b"time",
                    b"new",
                    b"variant",
                    b"setboard",
                ]
                .contains(&first_word(l))
            });
            if touched {
                enter_variant(&mut self.engine, self.dialect, name);
                restore_limits(&mut self.engine);
            }
        }
        true
    }

    /// Sends the lines of `input` (never `quit`) and the liveness check; the fault, if any.
    fn send_and_check(
        &mut self,
        name: &str,
        class: Class,
        input: &[Vec<u8>],
        shown: &str,
    ) -> Option<String> {
        self.checks += 1;
        for line in input {
            self.report.lines += 1;
            if first_word(line).eq_ignore_ascii_case(b"quit") {
                continue;
            }
            if !self.engine.send_bytes(line) {
                return Some("the engine stopped reading".to_string());
            }
        }
        match self
            .engine
            .check_alive(self.dialect, self.checks, self.plan.give_up)
        {
            Ok((took, _)) => self.answered(name, class, input.len(), shown, took),
            Err(why) => return Some(why.to_string()),
        }
        if self.engine.panicked() {
            return Some(format!(
                "stderr shows a panic:\n{}",
                tail(&self.engine.stderr_text())
            ));
        }
        None
    }

    /// Counts an answer that took `took` after an input of `lines` lines.
    fn answered(&mut self, name: &str, class: Class, lines: usize, shown: &str, took: Duration) {
        let report = &mut self.report;
        report.answered += 1;
        if took > report.worst {
            report.worst = took;
            report.worst_after = format!("{name} {class:?}: {shown}");
        }
        let allowed =
            self.plan.answer_limit + Duration::from_micros(100).saturating_mul(lines as u32);
        if took > allowed {
            report.slow += 1;
            report.defect(format!(
                "{name} {class:?}: answered after {} ms (limit {} ms) after {shown}",
                took.as_millis(),
                allowed.as_millis()
            ));
        }
    }

    /// Starts a fresh engine in variant `name`; `false` if it does not start.
    fn restart(&mut self, name: &str) -> bool {
        match start(self.program, self.dialect, self.plan.give_up) {
            Ok(e) => {
                self.engine = e;
                enter_variant(&mut self.engine, self.dialect, name);
                true
            }
            Err(why) => {
                self.report.defect(format!(
                    "the engine does not restart: {}",
                    crate::error_chain(&why)
                ));
                false
            }
        }
    }

    /// Sends `quit`: the engine must exit cleanly, without a panic on stderr.
    fn finish(mut self) -> ProtocolReport {
        let dialect = self.dialect;
        match self.engine.quit(Duration::from_secs(10)) {
            Some(s) if s.success() => {}
            other => self.report.defect(format!(
                "{dialect:?}: quit did not end the engine cleanly ({other:?}); transcript:\n{}",
                self.engine.transcript()
            )),
        }
        if self.engine.panicked() {
            self.report.defect(format!(
                "stderr shows a panic:\n{}",
                tail(&self.engine.stderr_text())
            ));
        }
        self.report
    }
}

/// Fuzzes the `dialect` of `program` with hostile inputs for each of `variants`.
pub fn fuzz_protocol(
    program: &Path,
    dialect: Dialect,
    variants: &[&str],
    plan: &ProtocolPlan,
) -> ProtocolReport {
    fuzz_protocol_with(program, dialect, variants, plan, &|_, _| {})
}

/// [`fuzz_protocol`], calling `tick(variant, inputs done in it)` after every input.
pub fn fuzz_protocol_with(
    program: &Path,
    dialect: Dialect,
    variants: &[&str],
    plan: &ProtocolPlan,
    tick: &dyn Fn(&str, usize),
) -> ProtocolReport {
    let mut rng = SeededRng::new(plan.seed);
    let mut report = ProtocolReport::default();
    let engine = match start(program, dialect, plan.give_up) {
        Ok(e) => e,
        Err(why) => {
            report.defect(format!(
                "{dialect:?}: the engine does not start: {}",
                crate::error_chain(&why)
            ));
            return report;
        }
    };
    let mut run = Run {
        program,
        dialect,
        plan,
        engine,
        report,
        checks: 0,
    };
    let mut class_turn = 0usize;
    for name in variants {
        let Some(m) = material(name, plan.walk, plan.seed) else {
            run.report.defect(format!("unknown variant {name}"));
            continue;
        };
        enter_variant(&mut run.engine, dialect, name);
        for k in 0..plan.inputs {
            let class = Class::ALL[class_turn % Class::ALL.len()];
            class_turn += 1;
            if !run.input(name, &m, class, &mut rng) {
                return run.report;
            }
            tick(name, k + 1);
        }
    }
    run.finish()
}

/// The last lines of `text`.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}
