//! Prints perft node counts, speed and branching factor for the start position and a few
//! middlegame positions (reached by seeded random play and hand-built ones).
//! Run: `cargo run --release -p escalade-laddershogi --example perft_stats [DEPTH] [start]`
//! (`start`: the start position only). Depth 4 takes minutes on the hand-built positions.

use escalade_core::Rules;
use std::time::Instant;

use escalade_laddershogi::LadderShogi;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn played(seed: u64, plies: usize) -> LadderShogi {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = LadderShogi::startpos(0);
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.generate_moves(&mut moves);
        let Some(&m) = moves.choose(&mut rng) else {
            break;
        };
        pos = pos.play(m);
    }
    pos
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let mut positions = vec![("start".to_string(), LadderShogi::startpos(0))];
    for (seed, plies) in [(1, 30), (2, 40), (3, 50), (4, 60)] {
        positions.push((
            format!("random play, seed {seed}, {plies} plies"),
            played(seed, plies),
        ));
    }
    let hand_built = [
        "1j2k2l2/3d1c4/3v2v45/2v92v64/6p3/3P6/4V5V14/3V3D1CV82/3H6/U1L2K4 w 2VLh 0",
        "5k4/4c1d3/2b1v3v6v23/7n2/2p7/10/2VX4P2/3V2V7V44/R2C1D4/4K5 b VCvp 0",
    ];
    for fen in hand_built {
        match LadderShogi::from_fen(0, fen) {
            Ok(p) => positions.push(("hand-built".to_string(), p)),
            Err(e) => println!("skipped {fen}: {e}"),
        }
    }
    if std::env::args().nth(2).as_deref() == Some("start") {
        positions.truncate(1);
    }
    for (name, pos) in positions {
        println!("{name}\n  {}", pos.to_fen());
        let mut prev = 1u64;
        for d in 1..=depth {
            let t = Instant::now();
            let n = pos.perft(d);
            let s = t.elapsed().as_secs_f64();
            println!(
                "  depth {d}: {n:>12} nodes  {:>8.3} s  {:>10.0} nodes/s  branching {:.1}",
                s,
                n as f64 / s.max(1e-9),
                n as f64 / prev as f64
            );
            prev = n.max(1);
        }
    }
}
