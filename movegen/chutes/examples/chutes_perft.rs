//! Prints perft figures: `cargo run --release -p escalade-chutes --example chutes_perft -- DEPTH [FEN]`
//! (the start position when no FEN is given), with the generic perft as a cross-check when
//! `--check` is passed, and nodes per second.

use escalade_core::Rules;
use std::time::Instant;

use escalade_chutes::Chutes;
use escalade_core::perft;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--check").collect();
    let depth: u32 = rest.first().and_then(|d| d.parse().ok()).unwrap_or(2);
    let pos = match rest.get(1) {
        Some(fen) => Chutes::from_fen(0, fen).unwrap_or_else(|e| panic!("{e}")),
        None => Chutes::startpos(0),
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = pos.perft(d);
        let secs = t.elapsed().as_secs_f64();
        let generic = if check {
            format!(" generic {}", perft::perft(&pos, d))
        } else {
            String::new()
        };
        println!(
            "depth {d}: {n}{generic} ({:.2} s, {:.1} Mnps)",
            secs,
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}
