//! The command-line contract other tools rely on, through the real binary: `variants`,
//! `perft` (with `--divide`, `--fen`, `--moves`, `--threads`) and clear errors on bad input.

use escalade_tests::{run, run_ok as stdout};

#[test]
fn variants_lists_name_tab_description() {
    let text = stdout(&["variants"]);
    assert!(text.lines().count() >= 1);
    for line in text.lines() {
        let (name, desc) = line.split_once('\t').expect("NAME<TAB>description");
        assert!(
            !name.is_empty() && !desc.is_empty() && !name.contains(' '),
            "{line}"
        );
    }
    assert!(text.lines().any(|l| l.starts_with("normal\t")));
}

#[test]
fn perft_last_line_is_the_total() {
    let text = stdout(&["perft", "--variant", "normal", "--depth", "3"]);
    assert_eq!(text.lines().last(), Some("Nodes searched: 8902"));
    let text = stdout(&[
        "perft",
        "--variant",
        "chess",
        "--depth",
        "2",
        "--threads",
        "2",
    ]);
    assert_eq!(text.lines().last(), Some("Nodes searched: 400"));
}

#[test]
fn divide_prints_one_line_per_root_move() {
    let text = stdout(&["perft", "--variant", "normal", "--depth", "2", "--divide"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "Nodes searched: 400");
}

#[test]
fn fen_and_moves_are_applied() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let text = stdout(&["perft", "--fen", kiwipete, "--depth", "2"]);
    assert_eq!(text.lines().last(), Some("Nodes searched: 2039"));
    let text = stdout(&["perft", "--moves", "e2e4", "e7e5", "--depth", "1"]);
    assert_eq!(text.lines().last(), Some("Nodes searched: 29"));
}

#[test]
fn bad_input_exits_nonzero_with_one_clear_message() {
    for args in [
        vec!["perft", "--variant", "nosuch", "--depth", "1"],
        vec![
            "perft",
            "--variant",
            "normal",
            "--depth",
            "1",
            "--fen",
            "garbage",
        ],
        vec!["perft", "--variant", "normal", "--depth", "0"],
        vec![
            "perft",
            "--variant",
            "normal",
            "--depth",
            "1",
            "--moves",
            "e2e5",
        ],
        vec![
            "perft",
            "--variant",
            "normal",
            "--depth",
            "1",
            "--moves",
            "xyz",
        ],
        vec!["perft", "--depth", "-3"],
        vec!["no-such-command"],
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
        assert!(!err.trim().is_empty(), "{args:?} printed no message");
        assert!(
            out.stdout.is_empty()
                || !String::from_utf8_lossy(&out.stdout).contains("Nodes searched")
        );
    }
}
