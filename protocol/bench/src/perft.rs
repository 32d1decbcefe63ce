//! `escalade perft`: leaf counts of the move tree for any variant, optionally per root move
//! (`--divide`) and split over threads at the root (rayon).

use std::time::Instant;

use escalade_core::perft;
use escalade_eval::Evaluate;
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

/// Runs perft and prints the contract lines on stdout (`MOVE: COUNT`..., `Nodes searched: N`).
pub fn run(req: &PerftRequest) -> Result<(), String> {
    if !(1..=perft::MAX_DEPTH).contains(&req.depth) {
        return Err(format!(
            "perft depth must be from 1 to {}",
            perft::MAX_DEPTH
        ));
    }
    let lines = dispatch(&req.variant, Perft(req)).map_err(|e| e.to_string())??;
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

struct Perft<'a>(&'a PerftRequest);

impl GameVisitor for Perft<'_> {
    type Output = Result<Vec<String>, String>;

    fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
        let req = self.0;
        let pos: P = start_position(form, req.fen.as_deref(), &req.moves)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(req.threads.max(1))
            .build()
            .map_err(|e| format!("cannot start {} threads: {e}", req.threads))?;
        let start = Instant::now();
        let root: Vec<(String, P)> = {
            let mut moves = Vec::new();
            pos.generate_moves(&mut moves);
            moves
                .iter()
                .map(|&m| (pos.move_text(m), pos.play(m)))
                .collect()
        };
        let total_roots = root.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let counts: Vec<u64> = pool.install(|| {
            root.par_iter()
                .map(|(text, child)| {
                    let n = if req.depth == 1 {
                        perft::leaves(child)
                    } else {
                        child.perft(req.depth - 1)
                    };
                    let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if req.depth >= 6 {
                        eprintln!("perft: {k}/{total_roots} root moves ({text}: {n})");
                    }
                    n
                })
                .collect()
        });
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
