//! `escalade match` with real engines: Fairy-Max (CECP) against Stockfish (UCI) in
//! standard chess, two short games. Skips with a printed reason when either engine is not
//! installed (`apt-get install -y fairymax stockfish`).

use std::path::Path;

use escalade::matchrunner::record::Termination;
use escalade::matchrunner::{args, run_match};

fn find(name: &str) -> Option<String> {
    ["/usr/games", "/usr/bin", "/usr/local/bin"]
        .iter()
        .map(|d| format!("{d}/{name}"))
        .find(|p| Path::new(p).exists())
}

#[test]
fn fairymax_against_stockfish() {
    let (Some(fairymax), Some(stockfish)) = (find("fairymax"), find("stockfish")) else {
        println!("SKIPPED: fairymax or stockfish is not installed");
        return;
    };
    let pgn = std::env::temp_dir().join(format!("escalade-real-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let a: Vec<String> = format!(
        "-engine cmd={fairymax} proto=xboard -engine cmd={stockfish} proto=uci \
         option.Hash=16 option.Threads=1 -each tc=1+0.02 -games 2 -concurrency 2 \
         -maxmoves 60 -pgnout {} -seed 3",
        pgn.display()
    )
    .split_whitespace()
    .map(str::to_string)
    .collect();
    let cfg = args::parse(&a, 3).unwrap();
    let s = run_match(&cfg).unwrap();
    assert!(s.names[0].starts_with("Fairy-Max"), "{:?}", s.names);
    assert!(s.names[1].starts_with("Stockfish"), "{:?}", s.names);
    for g in &s.games {
        // A time forfeit can happen on a loaded machine; a broken protocol cannot.
        assert!(
            !matches!(
                g.outcome.termination,
                Termination::IllegalMove | Termination::Abandoned | Termination::StalledConnection
            ),
            "game {}: {}",
            g.number,
            g.outcome.reason
        );
    }
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2);
    let _ = std::fs::remove_file(&pgn);
}
