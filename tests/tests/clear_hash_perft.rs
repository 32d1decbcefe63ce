//! `Clear Hash` (UCI button; XBoard `option Clear Hash`) and UCI `go perft N` through the
//! real binary. Clearing is seen in node counts: a single-threaded fixed-depth search
//! repeated on a warm table searches another tree (most often a smaller one, but the
//! table's deeper scores can also lead it into a larger one), and after `Clear Hash` exactly
//! the tree of the first time.

use std::process::Command;

use escalade_tests::escalade_bin;
use escalade_tests::pipe::{search_nodes, uci_options, xboard_features, Pipe};

#[test]
fn uci_clear_hash_forgets_the_table() {
    let (mut e, options) = uci_options();
    assert!(options.contains(&"option name Clear Hash type button".to_string()));
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let first = search_nodes(&mut e, "go depth 7");
    let warm = search_nodes(&mut e, "go depth 7");
    assert_ne!(warm, first, "a warm table changes the search");
    e.send("setoption name Clear Hash");
    let cleared = search_nodes(&mut e, "go depth 7");
    assert_eq!(
        cleared, first,
        "after Clear Hash the search starts from nothing"
    );
    e.send("quit");
    assert!(e.finish().success());
}

/// `escalade perft` on the command line: the total for the variant at `depth`.
fn cli_perft(variant: &str, depth: u32) -> String {
    let out = Command::new(escalade_bin())
        .args(["perft", "--variant", variant, "--depth", &depth.to_string()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().last().unwrap().to_string()
}

#[test]
fn uci_go_perft_divides_the_current_position() {
    let mut e = Pipe::start(&["uci"]);
    e.send("uci");
    e.expect("uciok");
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.lines_until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let divided: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(divided.len(), 21, "20 moves and the total: {lines:?}");
    assert!(lines.contains(&"e2e4: 600".to_string()), "{lines:?}");
    // after moves, in another variant: the same figure as `escalade perft`
    e.send("setoption name UCI_Variant value rope");
    e.expect("info string variant rope");
    e.send("position startpos");
    e.send("go perft 3");
    assert_eq!(e.expect("Nodes searched"), cli_perft("rope", 3));
    // a bad depth is logged and ignored; the engine goes on
    e.send("go perft");
    e.send("go perft x");
    e.send("go perft 0");
    e.send("isready");
    e.expect("readyok");
    e.send("go depth 1");
    e.expect("bestmove");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn xboard_clear_hash_option() {
    let (mut e, features) = xboard_features();
    assert!(
        features.contains(&"feature option=\"Clear Hash -button\"".to_string()),
        "{features:?}"
    );
    e.send("new");
    e.send("force");
    e.send("option Clear Hash");
    let answer = e.sync(1);
    assert!(answer.is_empty(), "{answer:?}");
    // while the engine thinks on its own move, refused (its move is not lost)
    e.send("st 30");
    e.send("go");
    e.send("option Clear Hash");
    e.expect("Error (command not legal now");
    e.send("?");
    e.expect("move ");
    // during an analysis: it starts again on the empty table
    e.send("post");
    e.send("analyze");
    e.send("option Clear Hash");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("exit");
    let answer = e.sync(2);
    assert!(!answer.iter().any(|l| l.starts_with("Error")), "{answer:?}");
    e.send("quit");
    assert!(e.finish().success());
}
