//! `escalade perft`: leaf counts of the move tree for any variant, optionally per root move
//! (`--divide`) and split over threads at the root (rayon).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use escalade_core::perft;
use escalade_eval::Evaluate;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use escalade_session::registry::{self, dispatch, GameVisitor};
use escalade_session::setup::start_position;

/// What to count (the arguments of `escalade perft`).
#[derive(Clone, Debug, clap::Args)]
pub struct PerftRequest {
    /// Variant name (see `escalade variants`)
    #[arg(long, default_value = registry::DEFAULT_VARIANT)]
    pub variant: String,
    /// Start from this FEN instead of the start position
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, in the variant's move text
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Depth in plies (1 to 64)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=perft::MAX_DEPTH as i64))]
    pub depth: u32,
    /// Print one `MOVE: COUNT` line per root move
    #[arg(long)]
    pub divide: bool,
    /// Split the root moves over this many threads
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Why perft could not count.
#[derive(Debug, thiserror::Error)]
pub enum PerftError {
    /// `--depth` is 0 or above `perft::MAX_DEPTH`.
    #[error("perft depth must be from 1 to {}", perft::MAX_DEPTH)]
    Depth,
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// The FEN or a move of `--moves` does not read.
    #[error(transparent)]
    Start(#[from] escalade_session::setup::SetupError),
    /// Rayon could not build the thread pool.
    #[error("cannot start {threads} threads")]
    Threads {
        /// The `--threads` asked for.
        threads: usize,
        /// Rayon's reason.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
}

/// Runs perft and prints the contract lines on stdout (`MOVE: COUNT`..., `Nodes searched: N`).
pub fn run(req: &PerftRequest) -> Result<(), PerftError> {
    if !(1..=perft::MAX_DEPTH).contains(&req.depth) {
        return Err(PerftError::Depth);
    }
    let lines = dispatch(&req.variant, Perft(req))??;
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

struct Perft<'a>(&'a PerftRequest);

/// Shows the root moves done: a bar when stderr is a terminal, otherwise (from depth 6,
/// as always) one `perft: K/N root moves (MOVE: COUNT)` line per root move.
struct RootProgress {
    bar: Option<ProgressBar>,
    total: usize,
    done: AtomicUsize,
    lines: bool,
}

impl RootProgress {
    fn new(total: usize, depth: u32) -> Self {
        let long = depth >= 6;
        let bar = (long && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total as u64);
            if let Ok(style) = ProgressStyle::with_template(
                "perft {bar:30.cyan/blue} {pos}/{len} root moves {msg}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        RootProgress {
            lines: long && bar.is_none(),
            bar,
            total,
            done: AtomicUsize::new(0),
        }
    }

    /// Root move `text` counted `n` leaves.
    fn root_done(&self, text: &str, n: u64) {
        let k = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
            bar.set_message(format!("({text}: {n})"));
        } else if self.lines {
            eprintln!("perft: {k}/{} root moves ({text}: {n})", self.total);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl GameVisitor for Perft<'_> {
    type Output = Result<Vec<String>, PerftError>;

    fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
        let req = self.0;
        let pos: P = start_position(form, req.fen.as_deref(), &req.moves)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(req.threads.max(1))
            .build()
            .map_err(|source| PerftError::Threads {
                threads: req.threads,
                source,
            })?;
        let start = Instant::now();
        let root: Vec<(String, P)> = {
            let mut moves = Vec::new();
            pos.generate_moves(&mut moves);
            moves
                .iter()
                .map(|&m| (pos.move_text(m), pos.play(m)))
                .collect()
        };
        let progress = RootProgress::new(root.len(), req.depth);
        let counts: Vec<u64> = pool.install(|| {
            root.par_iter()
                .map(|(text, child)| {
                    let n = if req.depth == 1 {
                        perft::leaves(child)
                    } else {
                        child.perft(req.depth - 1)
                    };
                    progress.root_done(text, n);
                    n
                })
                .collect()
        });
        progress.finish();
        let total: u64 = counts.iter().sum();
        let secs = start.elapsed().as_secs_f64();
        log::info!(
            "perft depth {} took {:.3} s, {:.0} nodes/s",
            req.depth,
            secs,
            total as f64 / secs.max(1e-9)
        );
        let mut lines = Vec::new();
        if req.divide {
            lines.extend(
                root.iter()
                    .zip(&counts)
                    .map(|((text, _), n)| format!("{text}: {n}")),
            );
        }
        lines.push(format!("Nodes searched: {total}"));
        Ok(lines)
    }
}
