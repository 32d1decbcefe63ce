//! `escalade bench`: searches a fixed list of positions per variant (each form's start
//! position, then the game's `Evaluate::bench_fens`, or positions reached by a fixed
//! playout when a game lists none) to a fixed depth, printing one line per position and
//! then `Nodes searched: N` and `Nodes/second: N`. With one thread the node count is
//! deterministic: a signature of the search and evaluation, pinned by a test.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use escalade_engine::{Engine, Limits, Score};
use escalade_eval::Evaluate;

use escalade_session::registry::{self, dispatch, names, GameVisitor};

/// What to search (the arguments of `escalade bench`).
#[derive(Clone, Debug, clap::Args)]
pub struct BenchRequest {
    /// Variant name, or `all`
    #[arg(long, default_value = registry::DEFAULT_VARIANT)]
    pub variant: String,
    /// Depth per position (default: the variant's bench depth)
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search threads
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB
    #[arg(long = "hash", value_name = "HASH", default_value_t = 16)]
    pub hash_mb: usize,
}

/// Why the bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// `--variant` names no registered variant (nor `all`).
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// A game's bench position does not read (a bug of the game's `bench_fens`).
    #[error("bench position {fen}")]
    Position {
        /// The position that does not read.
        fen: String,
        /// Why the game's FEN reader refused it.
        #[source]
        source: escalade_core::FenError,
    },
    /// Stdout refused a line.
    #[error("cannot write the bench lines")]
    Write(#[from] std::io::Error),
}

/// Nodes and search time of a bench run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchTotals {
    /// Nodes searched, summed over the positions.
    pub nodes: u64,
    /// Wall-clock search time, summed over the positions.
    pub time: Duration,
}

/// Positions reached by the fixed playout when a game lists no bench positions.
const PLAYOUT_POSITIONS: usize = 4;
const PLAYOUT_STRIDE: usize = 6;

/// Runs the bench and prints its lines on stdout.
pub fn run(req: &BenchRequest) -> Result<(), BenchError> {
    let variants: Vec<&str> = if req.variant == "all" {
        names()
    } else {
        vec![req.variant.as_str()]
    };
    let mut stdout = std::io::stdout().lock();
    let mut totals = BenchTotals::default();
    for name in variants {
        let visitor = Bench {
            req,
            name,
            out: &mut stdout,
        };
        let t = dispatch(name, visitor)??;
        totals.nodes += t.nodes;
        totals.time += t.time;
    }
    let micros = totals.time.as_micros().max(1) as u64;
    let nps = totals.nodes.saturating_mul(1_000_000) / micros;
    writeln!(stdout, "Nodes searched: {}", totals.nodes)?;
    writeln!(stdout, "Nodes/second: {nps}")?;
    Ok(())
}

struct Bench<'a, W: Write> {
    req: &'a BenchRequest,
    name: &'a str,
    out: &'a mut W,
}

impl<W: Write> GameVisitor for Bench<'_, W> {
    type Output = Result<BenchTotals, BenchError>;

    fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
        let depth = self
            .req
            .depth
            .unwrap_or_else(|| P::bench_depth(form))
            .max(1);
        bench::<P, W>(
            self.name,
            form,
            depth,
            self.req.threads,
            self.req.hash_mb,
            self.out,
        )
    }
}

/// The bench positions of form `form`.
pub fn positions<P: Evaluate>(form: usize) -> Result<Vec<P>, BenchError> {
    let start = P::startpos(form);
    let mut out = vec![start.clone()];
    let fens = P::bench_fens(form);
    for fen in fens {
        out.push(
            P::from_fen(form, fen).map_err(|source| BenchError::Position {
                fen: fen.to_string(),
                source,
            })?,
        );
    }
    if fens.is_empty() {
        let mut pos = start;
        let mut moves = Vec::new();
        for ply in 0..PLAYOUT_POSITIONS * PLAYOUT_STRIDE {
            if pos.rule_result().is_some() {
                break;
            }
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(ply * 7 + 3) % moves.len()]);
            if (ply + 1) % PLAYOUT_STRIDE == 0 && !(P::HAS_CHANCE && pos.is_chance()) {
                out.push(pos.clone());
            }
        }
    }
    Ok(out)
}

/// Searches every bench position of `form` to `depth`, writing one line per position.
pub fn bench<P: Evaluate, W: Write>(
    name: &str,
    form: usize,
    depth: u32,
    threads: usize,
    hash_mb: usize,
    out: &mut W,
) -> Result<BenchTotals, BenchError> {
    let list = positions::<P>(form)?;
    let bar = progress_bar(name, list.len());
    // build the game's lazily made tables before the clock runs
    let mut warm = Vec::new();
    list[0].generate_moves(&mut warm);
    let _ = list[0].evaluate();

    let mut engine = Engine::<P>::new();
    engine.set_hash_mb(hash_mb);
    engine.set_threads(threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut totals = BenchTotals::default();
    for (i, pos) in list.iter().enumerate() {
        engine.clear();
        let start = Instant::now();
        let r = engine.search(std::slice::from_ref(pos), &limits, &mut |_| {});
        let time = start.elapsed();
        totals.nodes += r.nodes;
        totals.time += time;
        let best = r.best.map_or("(none)".to_string(), |m| pos.move_text(m));
        let score = match r.score {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        };
        let line = format!(
            "{name} {}/{}: {} | best {best} score {score} depth {} nodes {} time {} ms",
            i + 1,
            list.len(),
            pos.to_fen(),
            r.depth,
            r.nodes,
            time.as_millis()
        );
        match &bar {
            Some(b) => {
                b.suspend(|| writeln!(out, "{line}"))?;
                b.inc(1);
            }
            None => writeln!(out, "{line}")?,
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(totals)
}

/// A bar over the `len` positions of variant `name` on stderr, when it is a terminal.
fn progress_bar(name: &str, len: usize) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{prefix} {bar:30.cyan/blue} {pos}/{len} positions")
    {
        bar.set_style(style);
    }
    bar.set_prefix(name.to_string());
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_fide::Chess;

    /// The FIDE bench signature at depth 7 on one thread: it changes only when the search
    /// or the FIDE evaluation changes (then update it, saying why in the commit).
    const FIDE_DEPTH_7_NODES: u64 = 55_739;

    #[test]
    fn fide_bench_node_count_is_pinned() {
        let mut out = Vec::new();
        let totals = bench::<Chess, _>("normal", 0, 7, 1, 16, &mut out).expect("bench runs");
        let text = String::from_utf8(out).expect("utf-8");
        assert_eq!(text.lines().count(), 1 + Chess::bench_fens(0).len());
        assert_eq!(
            totals.nodes, FIDE_DEPTH_7_NODES,
            "bench signature changed:\n{text}"
        );
    }

    #[test]
    fn every_registered_variant_has_valid_bench_positions() {
        struct Count;
        impl GameVisitor for Count {
            type Output = Result<usize, BenchError>;
            fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
                positions::<P>(form).map(|v| v.len())
            }
        }
        for name in names() {
            let n = dispatch(name, Count)
                .expect("registered")
                .expect("valid positions");
            assert!(n >= 1, "{name}");
        }
    }
}
