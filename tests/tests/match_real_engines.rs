//! `escalade match` with real engines: Fairy-Max (CECP) against Stockfish (UCI) in
//! standard chess, two short games. Skips with a printed reason when either engine is not
//! installed (`apt-get install -y fairymax stockfish`). The PGN is read back with
//! python-chess when it is installed (`pip install chess`).

use std::path::Path;

use escalade::matchrunner::record::Termination;
use escalade::matchrunner::{args, run_match};
use escalade_tests::{find_tool, skip, stockfish};

#[test]
fn fairymax_against_stockfish() {
    let (Some(fairymax), Some(stockfish)) = (find_tool(&["fairymax"]), stockfish()) else {
        return skip("fairymax or stockfish is not installed (apt-get install fairymax stockfish)");
    };
    let fairymax = fairymax.display();
    let pgn = escalade_tests::scratch_dir("real").join("games.pgn");
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
    python_chess_reads(&pgn, 2);
    let _ = std::fs::remove_file(&pgn);
}

/// python-chess (if installed) reads every game without errors, every move legal.
fn python_chess_reads(pgn: &Path, games: usize) {
    let script = "import sys, chess.pgn\n\
        f = open(sys.argv[1]); n = 0\n\
        while True:\n    g = chess.pgn.read_game(f)\n    if g is None: break\n\
        \x20   assert not g.errors, g.errors\n\
        \x20   assert len(list(g.mainline_moves())) == int(g.headers['PlyCount'])\n\
        \x20   n += 1\n\
        print(n)\n";
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(pgn)
        .output();
    match out {
        Ok(o) if o.status.success() => {
            assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), games.to_string());
        }
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("No module named") => {
            println!("SKIPPED python-chess check: python-chess is not installed");
        }
        Ok(o) => panic!(
            "python-chess refused the PGN: {}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => println!("SKIPPED python-chess check: no python3 ({e})"),
    }
}
