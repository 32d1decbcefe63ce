//! UCI through the real binary: identification and options, searches with every kind of
//! limit, `stop`/`isready`/`ponderhit` mid-search, `UCI_Variant`, chance rolls, protocol
//! detection without a subcommand, and malformed input (logged, ignored, position kept).

use escalade_tests::pipe::{best, uci, uci_options, Pipe};

#[test]
fn identification_lists_options_and_every_variant() {
    let (mut e, lines) = uci_options();
    assert!(lines.iter().any(|l| l.starts_with("id name Escalade")));
    for opt in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "UCI_Variant",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt} missing: {lines:?}"
        );
    }
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    for name in escalade::registry::names() {
        assert!(variant.contains(&format!("var {name}")), "{name}");
    }
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn searches_report_info_and_a_legal_bestmove() {
    let mut e = uci();
    e.send("setoption name Hash value 8");
    e.send("setoption name Threads value 2");
    e.send("setoption name Move Overhead value 20");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 3"))
        .expect("depth 3 info");
    for field in [
        "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
    e.send("go nodes 2000");
    e.expect("bestmove");
    e.send("go movetime 100");
    e.expect("bestmove");
    e.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 10");
    e.expect("bestmove");
}

#[test]
fn mate_in_one_is_found() {
    let mut e = uci();
    e.send("position startpos moves f2f3 e7e5 g2g4");
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert_eq!(best(lines.last().unwrap()), "d8h4");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

#[test]
fn stop_isready_and_ponderhit_work_mid_search() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(100));
    e.send("isready");
    e.expect("readyok");
    e.send("stop");
    let b = e.expect("bestmove");
    assert_eq!(b.split_whitespace().count() % 2, 0, "{b}");
    e.send("go ponder wtime 500 btime 500");
    std::thread::sleep(std::time::Duration::from_millis(50));
    e.send("ponderhit");
    e.wait_for(5, |l| l.starts_with("bestmove"));
    e.send("go infinite");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn malformed_input_is_ignored_and_the_position_kept() {
    let mut e = uci();
    // Black to move with one legal move: the king's step to a7.
    let fen = "k7/8/2K5/8/8/8/8/1R6 b - - 0 1";
    let only = "a8a7";
    e.send(&format!("position fen {fen}"));
    for bad in [
        "position fen garbage",
        "position",
        "position fen k7/8/8/8 b",
        "frobnicate",
        "setoption name Hash value lots",
        "setoption name NoSuchOption value 1",
        "setoption name UCI_Variant value nosuch",
        "setoption",
    ] {
        e.send(bad);
    }
    e.send("isready");
    e.expect("readyok");
    e.send("go depth 1");
    let b = e.expect("bestmove");
    assert!(
        b == format!("bestmove {only}") || b.starts_with("bestmove (none)"),
        "{b}"
    );
    e.send("go depth x");
    e.expect("bestmove");
    // a move list is played up to its first bad move, as in Stockfish: the legal prefix
    // stands and the refusal is reported
    for (bad, moved) in [
        ("position startpos moves e2e4 e7e5 xyz", "e7e5"),
        ("position startpos moves e2e4 e7e5 e2e4", "e7e5"),
        ("position startpos moves e2e5", "e2e5"),
    ] {
        e.send(bad);
        let refusal = e.expect("info string error");
        assert!(refusal.contains("refused"), "{refusal}");
        e.send("d");
        let board = e.lines_until("info string White to move").join("\n");
        let after_two =
            board.contains("5  . . . . p . . .") && board.contains("4  . . . . P . . .");
        assert_eq!(after_two, moved == "e7e5", "{bad}: {board}");
    }
}

#[test]
fn variants_are_announced_and_playable() {
    let mut e = uci();
    for name in escalade::registry::names() {
        e.send(&format!("setoption name UCI_Variant value {name}"));
        let line = e.expect("info string variant");
        assert!(line.contains(&format!("variant {name} files ")), "{line}");
        e.send("position startpos");
        e.send("go depth 1");
        let b = e.expect("bestmove");
        assert!(!b.contains("(none)"), "{name}: {b}");
        e.send(&format!("position startpos moves {}", best(&b)));
        e.send("go depth 1");
        e.expect("bestmove");
    }
}

#[test]
fn chance_outcomes_are_rolled_or_taken_from_the_move_list() {
    let chance = escalade::registry::names()
        .into_iter()
        .find(|n| n.contains("dice"));
    let Some(name) = chance else {
        eprintln!("skipped: no chance variant registered");
        return;
    };
    let mut e = uci();
    e.send("setoption name Seed value 7");
    e.send(&format!("setoption name UCI_Variant value {name}"));
    e.expect("info string variant");
    // Find a move whose outcome must be rolled: play engine moves until a roll is announced.
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..12 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go depth 1");
        let lines = e.lines_until("bestmove");
        if lines.iter().any(|l| l.starts_with("info string roll")) {
            return;
        }
        let b = best(lines.last().unwrap());
        if b == "(none)" {
            break;
        }
        moves.push(b);
    }
    eprintln!("no roll happened in 12 plies of {name} (no move needed one)");
}

#[test]
fn the_protocol_is_detected_from_the_first_command() {
    let mut e = Pipe::start(&[]);
    e.send("");
    e.send("uci");
    e.expect("uciok");
    e.send("isready");
    e.expect("readyok");
    e.send("quit");
    assert!(e.finish().success());
    let mut e = Pipe::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    e.send("quit");
    assert!(e.finish().success());
}
