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

pub mod fuzz;
pub mod invariants;
pub mod mutate;
pub mod protocol;
pub mod search_moves;

use std::any::Any;
use std::time::{Duration, Instant};

use escalade_core::GuiBoard;
use escalade_eval::Evaluate;

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
    struct Play(PlayPlan);
    impl GameVisitor for Play {
        type Output = PlayReport;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> PlayReport {
            invariants::random_play::<P>(form, self.0)
        }
    }
    dispatch(name, Play(plan))
}

/// Which reader to fuzz.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Fen,
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
    struct Fuzz(Reader, u64, u64);
    impl GameVisitor for Fuzz {
        type Output = FuzzReport;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> FuzzReport {
            match self.0 {
                Reader::Fen => fuzz::fuzz_fen::<P>(form, self.1, self.2, false),
                Reader::MoveText => fuzz::fuzz_moves::<P>(form, self.1, self.2, false),
                Reader::GuiFen => fuzz::fuzz_fen::<P>(form, self.1, self.2, true),
                Reader::GuiMoveText => fuzz::fuzz_moves::<P>(form, self.1, self.2, true),
            }
        }
    }
    dispatch(name, Fuzz(reader, inputs, seed))
}

/// Runs the request, printing one line per check; fails if anything broke.
pub fn run(req: &SelfcheckRequest) -> Result<(), String> {
    let names: Vec<&str> = if req.variant == "all" {
        registry::names()
    } else {
        vec![registry::canonical(&req.variant).map_err(|e| e.to_string())?]
    };
    let mut failures = 0;
    if req.protocol > 0 {
        let program = std::env::current_exe().map_err(|e| format!("cannot find myself: {e}"))?;
        let plan = protocol::ProtocolPlan {
            inputs: req.protocol,
            seed: req.seed,
            answer_limit: Duration::from_millis(req.answer_ms),
            give_up: Duration::from_secs(30).max(Duration::from_millis(req.answer_ms)),
            walk: 3000,
        };
        for dialect in [protocol::Dialect::Uci, protocol::Dialect::Xboard] {
            let started = Instant::now();
            let r = protocol::fuzz_protocol(&program, dialect, &names, &plan);
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
    }
    for name in names {
        if req.fuzz > 0 {
            for (reader, label) in Reader::ALL {
                let started = Instant::now();
                let r = fuzz(name, reader, req.fuzz, req.seed).map_err(|e| e.to_string())?;
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
        }
        if req.plies > 0 {
            let plan = PlayPlan {
                plies: req.plies,
                max_game_plies: 1000,
                full_every: req.full_every,
                seed: req.seed,
            };
            let r = play(name, plan).map_err(|e| e.to_string())?;
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
                failures += 1;
            }
        }
    }
    if failures > 0 {
        Err(format!("{failures} invariant violation(s) found"))
    } else {
        Ok(())
    }
}
