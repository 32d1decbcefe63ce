//! `escalade selfcheck`: the long robustness run for one variant or all of them, reached
//! through the registry like every other command. For each variant it fuzzes the FEN and
//! move-text readers, engine and GUI forms (`fuzz`, inputs made by `mutate`), and plays
//! random legal games checking the rules' invariants after every ply (`invariants`), with
//! `--protocol N` fuzzes the binary's own `uci` and `xboard` loops through pipes with N
//! hostile inputs per variant (`protocol`: invalid UTF-8, NUL bytes, 1 MB lines, absurd
//! numbers, thousands of moves, garbage FENs, commands out of order, each followed by an
//! `isready`/`ping` that must be answered within `--answer-ms`), then prints one line of
//! figures per check. Any violation is printed with its reproduction and makes the command
//! fail. The cross-crate tests run the same functions with smaller counts.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod fuzz;
pub mod invariants;
pub mod mutate;
pub mod protocol;
pub mod search_moves;

use std::any::Any;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use escalade_eval::Evaluate;
use escalade_grid::GuiBoard;

use escalade_session::registry::{self, dispatch, GameVisitor};
use fuzz::FuzzReport;
use invariants::{PlayPlan, PlayReport};

/// What `escalade selfcheck` runs (its arguments).
#[derive(Clone, Debug, clap::Args)]
pub struct SelfcheckRequest {
    /// Variant name, or `all`
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Random-play plies per variant (0: skip)
    #[arg(long, default_value_t = 100_000)]
    pub plies: u64,
    /// Fuzzed inputs per reader per variant (0: skip)
    #[arg(long, default_value_t = 10_000)]
    pub fuzz: u64,
    /// Also check every legal move of every Nth position (0: never)
    #[arg(long, default_value_t = 64)]
    pub full_every: u64,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Hostile protocol inputs per variant sent to this binary's `uci` and `xboard`
    /// loops (0: skip). `--plies 0 --fuzz 0 --protocol 200` runs only these.
    #[arg(long, default_value_t = 0)]
    pub protocol: usize,
    /// The longest an `isready`/`ping` answer may take in the protocol run, milliseconds
    #[arg(long, default_value_t = 100)]
    pub answer_ms: u64,
}

/// Why `escalade selfcheck` failed.
#[derive(Debug, thiserror::Error)]
pub enum SelfcheckError {
    /// `--variant` is neither `all` nor a registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// The protocol run needs this binary's own path.
    #[error("cannot find myself")]
    CurrentExe(#[source] std::io::Error),
    /// Checks found violations (each printed with its reproduction).
    #[error("{count} invariant violation(s) found")]
    Violations {
        /// Violations found over every check and variant.
        count: u64,
    },
}

pub use escalade_session::output::error_chain;

/// The text of a caught panic.
pub fn panic_text(payload: &Box<dyn Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Random play with the invariant checks for variant `name`.
pub fn play(name: &str, plan: PlayPlan) -> Result<PlayReport, registry::UnknownVariant> {
    play_with(name, plan, &|_| {})
}

/// [`play`], calling `tick(plies)` now and then (progress).
pub fn play_with(
    name: &str,
    plan: PlayPlan,
    tick: &dyn Fn(u64),
) -> Result<PlayReport, registry::UnknownVariant> {
    struct Play<'a>(PlayPlan, &'a dyn Fn(u64));
    impl GameVisitor for Play<'_> {
        type Output = PlayReport;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> PlayReport {
            invariants::random_play::<P>(form, self.0, self.1)
        }
    }
    dispatch(name, Play(plan, tick))
}

/// Which reader to fuzz.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The FEN reader: `from_fen`.
    Fen,
    /// The engine move-text reader: `parse_move`.
    MoveText,
    /// The XBoard forms: `from_gui_fen`.
    GuiFen,
    /// `parse_gui_move`.
    GuiMoveText,
}

impl Reader {
    /// Every reader, with its label.
    pub const ALL: [(Reader, &'static str); 4] = [
        (Reader::Fen, "fen"),
        (Reader::MoveText, "move-text"),
        (Reader::GuiFen, "gui-fen"),
        (Reader::GuiMoveText, "gui-move-text"),
    ];
}

/// Fuzzes one reader of variant `name` with `inputs` inputs.
pub fn fuzz(
    name: &str,
    reader: Reader,
    inputs: u64,
    seed: u64,
) -> Result<FuzzReport, registry::UnknownVariant> {
    fuzz_with(name, reader, inputs, seed, &|_| {})
}

/// [`fuzz()`], calling `tick(inputs tried)` now and then (progress).
pub fn fuzz_with(
    name: &str,
    reader: Reader,
    inputs: u64,
    seed: u64,
    tick: &dyn Fn(u64),
) -> Result<FuzzReport, registry::UnknownVariant> {
    struct Fuzz<'a>(Reader, u64, u64, &'a dyn Fn(u64));
    impl GameVisitor for Fuzz<'_> {
        type Output = FuzzReport;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> FuzzReport {
            let Fuzz(reader, inputs, seed, tick) = self;
            match reader {
                Reader::Fen => fuzz::fuzz_fen::<P>(form, inputs, seed, false, tick),
                Reader::MoveText => fuzz::fuzz_moves::<P>(form, inputs, seed, false, tick),
                Reader::GuiFen => fuzz::fuzz_fen::<P>(form, inputs, seed, true, tick),
                Reader::GuiMoveText => fuzz::fuzz_moves::<P>(form, inputs, seed, true, tick),
            }
        }
    }
    dispatch(name, Fuzz(reader, inputs, seed, tick))
}

/// A progress bar on stderr for one check of one variant (`len` plies or inputs), when
/// stderr is a terminal; the figures lines on stdout are printed as always.
fn progress_bar(label: String, len: u64, unit: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() || len == 0 {
        return None;
    }
    let bar = ProgressBar::new(len);
    let template = format!("{{prefix}} {{bar:30.cyan/blue}} {{pos}}/{{len}} {unit}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar.set_prefix(label);
    Some(bar)
}

/// Calls `f` with a progress callback (a bar's position, or nothing), then clears the bar.
fn with_progress<T>(label: String, len: u64, unit: &str, f: impl FnOnce(&dyn Fn(u64)) -> T) -> T {
    let bar = progress_bar(label, len, unit);
    let out = f(&|done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out
}

/// The protocol run (`--protocol N`) over `names`: figures per dialect; the defects found.
fn run_protocol(req: &SelfcheckRequest, names: &[&str]) -> Result<u64, SelfcheckError> {
    let program = std::env::current_exe().map_err(SelfcheckError::CurrentExe)?;
    let plan = protocol::ProtocolPlan {
        inputs: req.protocol,
        seed: req.seed,
        answer_limit: Duration::from_millis(req.answer_ms),
        give_up: Duration::from_secs(30).max(Duration::from_millis(req.answer_ms)),
        walk: 3000,
    };
    let mut failures = 0;
    for dialect in [protocol::Dialect::Uci, protocol::Dialect::Xboard] {
        let started = Instant::now();
        let total = (req.protocol * names.len()) as u64;
        let label = format!("protocol {}", dialect.command());
        let r = with_progress(label, total, "inputs", |tick| {
            let done = std::cell::Cell::new(0u64);
            protocol::fuzz_protocol_with(&program, dialect, names, &plan, &|_, _| {
                done.set(done.get() + 1);
                tick(done.get());
            })
        });
        println!(
            "{}\tprotocol {}\tinputs {}\tlines {}\tanswered {}\tworst {} ms\tslow {}\trestarts {}\tdefects {}\ttime {:.1} s",
            req.variant,
            dialect.command(),
            r.inputs,
            r.lines,
            r.answered,
            r.worst.as_millis(),
            r.slow,
            r.restarts,
            r.defect_count,
            started.elapsed().as_secs_f64()
        );
        if !r.worst_after.is_empty() {
            println!("  WORST after {}", r.worst_after);
        }
        for d in &r.defects {
            println!("  DEFECT {d}");
        }
        failures += r.defect_count;
    }
    Ok(failures)
}

/// The reader fuzzing (`--fuzz N`) of variant `name`: figures per reader; the defects.
fn run_fuzz(req: &SelfcheckRequest, name: &str) -> Result<u64, SelfcheckError> {
    let mut failures = 0;
    for (reader, label) in Reader::ALL {
        let started = Instant::now();
        let r = with_progress(format!("{name} fuzz {label}"), req.fuzz, "inputs", |tick| {
            fuzz_with(name, reader, req.fuzz, req.seed, tick)
        })?;
        println!(
            "{name}\tfuzz {label}\ttried {}\taccepted {}\trejected {}\tdefects {}\ttime {:.1} s",
            r.tried,
            r.accepted,
            r.rejected,
            r.defect_count,
            started.elapsed().as_secs_f64()
        );
        for d in &r.defects {
            println!("  DEFECT {d}");
        }
        failures += r.defect_count;
    }
    Ok(failures)
}

/// Random play (`--plies N`) of variant `name`: its figures line; the defects.
fn run_play(req: &SelfcheckRequest, name: &str) -> Result<u64, SelfcheckError> {
    let plan = PlayPlan {
        plies: req.plies,
        max_game_plies: 1000,
        full_every: req.full_every,
        seed: req.seed,
    };
    let r = with_progress(format!("{name} play"), req.plies, "plies", |tick| {
        play_with(name, plan, tick)
    })?;
    let secs = r.time.as_secs_f64();
    println!(
        "{name}\tplay\tplies {}\tgames {}\tfinished {}\tfull-checks {}\tgui-mismatches {}\tgui-fen-lossy {}\tstaged-left-out {}\ttime {:.1} s\tplies/s {:.0}",
        r.plies,
        r.games,
        r.finished,
        r.full_checks,
        r.gui_mismatches,
        r.gui_fen_lossy,
        r.staged_left_out,
        secs,
        r.plies as f64 / secs.max(1e-9)
    );
    for g in &r.gui_examples {
        println!("  GUI {g}");
    }
    if let Some(d) = &r.defect {
        println!("  DEFECT {d}");
        return Ok(1);
    }
    Ok(0)
}

/// Runs the request, printing one line per check; fails if anything broke.
pub fn run(req: &SelfcheckRequest) -> Result<(), SelfcheckError> {
    let names: Vec<&str> = if req.variant == "all" {
        registry::names()
    } else {
        vec![registry::canonical(&req.variant)?]
    };
    let mut failures = 0;
    if req.protocol > 0 {
        failures += run_protocol(req, &names)?;
    }
    for name in names {
        if req.fuzz > 0 {
            failures += run_fuzz(req, name)?;
        }
        if req.plies > 0 {
            failures += run_play(req, name)?;
        }
    }
    if failures > 0 {
        Err(SelfcheckError::Violations { count: failures })
    } else {
        Ok(())
    }
}
