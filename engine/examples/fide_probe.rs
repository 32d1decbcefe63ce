//! Searches the FIDE bench positions to a depth and prints nodes and speed (a profiling
//! aid: `cargo run --release -p escalade-engine --example fide_probe -- DEPTH THREADS`).

use escalade_core::{MoveNotation, Rules};
use escalade_engine::{Engine, Limits};
use escalade_eval::Evaluate;
use escalade_fide::Chess;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut engine = Engine::<Chess>::new();
    engine.set_threads(threads);
    engine.set_hash_mb(16);
    let _ = Chess::startpos(0).perft(2);
    let mut fens = vec![escalade_fide::START_FEN];
    fens.extend(Chess::bench_fens(0));
    let mut total = 0;
    let mut t = std::time::Duration::ZERO;
    for fen in fens {
        engine.clear();
        let start = std::time::Instant::now();
        let pos = Chess::from_fen(0, fen).unwrap();
        let r = engine.search(
            std::slice::from_ref(&pos),
            &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &mut |i| {
                if std::env::var("VERBOSE").is_ok() {
                    eprintln!(
                        "  d{} sd{} {:?} n{} nps{} {}",
                        i.depth,
                        i.seldepth,
                        i.score,
                        i.nodes,
                        i.nps,
                        i.pv.join(" ")
                    );
                }
            },
        );
        println!(
            "{fen}: {:?} {:?} d{} n{}",
            r.best.map(|m| pos.move_text(m)),
            r.score,
            r.depth,
            r.nodes
        );
        total += r.nodes;
        t += start.elapsed();
    }
    println!(
        "nodes {total} time {:?} nps {}",
        t,
        (total as f64 / t.as_secs_f64()) as u64
    );
}
