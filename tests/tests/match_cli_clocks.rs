//! `escalade match` clocks and pondering through the real binary, with the fake engine
//! `tests/fake_engines/timed.sh` (moves that take a set time, a named ponder reply):
//! no time margin by default (a late move loses on time), a margin announced in the start
//! banner with the moves within it counted and printed per engine, a deficit carried into
//! the next move, and pondering over UCI (`go ponder`, `ponderhit`, `stop`) and CECP
//! (`hard`, no `force`/`go` between moves). Every match here takes a few seconds at most.

use std::path::PathBuf;
use std::time::Duration;

use escalade_tests::deadline::{run_until, Finished};

const TIMED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fake_engines/timed.sh");

/// `escalade match ARGS` (with `RUST_LOG=info`, so that `-debug` logs every protocol line
/// on stderr), killed after 60 s.
fn escalade_match(args: &[String]) -> Finished {
    let mut all = vec!["match".to_string()];
    all.extend_from_slice(args);
    run_until(&all, None, Duration::from_secs(60))
}

/// An `-engine` group running the timed fake engine.
fn timed(name: &str, proto: &str, moves: &str, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "-engine".to_string(),
        format!("cmd={TIMED} {proto} {moves}"),
        format!("name={name}"),
        format!("proto={proto}"),
    ];
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

/// Two engines and the flags after them.
fn line(white: Vec<String>, black: Vec<String>, flags: &str) -> Vec<String> {
    let mut a = white;
    a.extend(black);
    a.extend(flags.split_whitespace().map(str::to_string));
    a
}

fn temp(name: &str) -> PathBuf {
    let dir = escalade_tests::scratch_dir("cli-clocks");
    dir.join(name)
}

/// The `Finished game 1` line's reason.
fn reason(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|l| l.starts_with("Finished game 1 "))
        .and_then(|l| l.split_once(" {"))
        .map_or("", |(_, r)| r.trim_end_matches('}'))
}

#[test]
fn no_margin_by_default_a_late_move_loses_on_time() {
    let run = escalade_match(&line(
        timed("Slow", "uci", "e2e4@0.9", &[]),
        timed("Fast", "xboard", "e7e5", &[]),
        "-each tc=0.4+0",
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(reason(&run.stdout), "White loses on time", "{}", run.stdout);
    assert!(!run.stdout.contains("time margin"), "{}", run.stdout);
    assert!(!run.stdout.contains("Oversteps"), "{}", run.stdout);
}

#[test]
fn a_margin_is_announced_and_its_oversteps_counted() {
    // Slow's first move is 0.5 s late and leaves its clock 0.5 s in debt, so its second
    // (quick) move is late too; then it runs out of moves.
    let run = escalade_match(&line(
        timed("Slow", "uci", "e2e4@0.9 d2d4", &[]),
        timed("Fast", "xboard", "e7e5 d7d6", &[]),
        "-each tc=0.4+0 timemargin=1500",
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .lines()
            .next()
            .unwrap_or("")
            .ends_with(", time margin 1500 ms"),
        "{}",
        run.stdout
    );
    assert_eq!(reason(&run.stdout), "White disconnects", "{}", run.stdout);
    assert!(
        run.stdout.contains("Oversteps: Slow 2 (worst ") && run.stdout.contains(" ms), Fast 0\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_deficit_carries_into_the_next_move_and_loses_on_time() {
    // 1 s on the clock, 1 s of margin. Move 1 takes 1.5 s: 0.5 s late, the clock at -0.5 s.
    // Move 2 takes 0.7 s, within a fresh margin but not within the 0.5 s the deficit
    // leaves: a loss on time, and move 2 is not played.
    let pgn = temp("deficit.pgn");
    let _ = std::fs::remove_file(&pgn);
    let run = escalade_match(&line(
        timed("Slow", "uci", "e2e4@1.5 d2d4@0.7", &[]),
        timed("Fast", "xboard", "e7e5 d7d6", &[]),
        &format!("-each tc=1+0 timemargin=1000 -pgnout {}", pgn.display()),
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(reason(&run.stdout), "White loses on time", "{}", run.stdout);
    assert!(
        run.stdout.contains("Oversteps: Slow 1 (worst "),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[PlyCount \"2\"]"), "{text}");
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
}

#[test]
fn move_time_oversteps_are_counted_too() {
    let run = escalade_match(&line(
        timed("Slow", "xboard", "e2e4@0.6", &[]),
        timed("Fast", "uci", "e7e5", &[]),
        "-each st=0.3 timemargin=1000",
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(reason(&run.stdout), "White disconnects", "{}", run.stdout);
    assert!(
        run.stdout.contains("Oversteps: Slow 1 (worst "),
        "{}",
        run.stdout
    );
    let late = escalade_match(&line(
        timed("Slow", "xboard", "e2e4@0.6", &[]),
        timed("Fast", "uci", "e7e5", &[]),
        "-each st=0.3",
    ));
    assert_eq!(
        reason(&late.stdout),
        "White loses on time",
        "{}",
        late.stdout
    );
}

/// The lines White's engine was sent, in order (from the `-debug` log).
fn sent_to_white(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.split_once("game 1 White < "))
        .map(|(_, cmd)| cmd.to_string())
        .collect()
}

#[test]
fn uci_ponder_hit_and_miss() {
    // P expects e7e5 (played: ponderhit), then a7a6 (b8c6 is played: stop, a new search).
    let run = escalade_match(&line(
        timed("P", "uci", "e2e4~e7e5 d2d4~a7a6 g1f3", &["ponder"]),
        timed("O", "uci", "e7e5 b8c6", &[]),
        "-each tc=5+0 -debug",
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(reason(&run.stdout), "Black disconnects", "{}", run.stdout);
    let sent = sent_to_white(&run.stderr);
    let find = |prefix: &str| {
        sent.iter()
            .position(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no '{prefix}' in {sent:#?}"))
    };
    find("setoption name Ponder value true");
    let first = find("position startpos moves e2e4 e7e5");
    assert!(sent[first + 1].starts_with("go ponder wtime "), "{sent:#?}");
    assert_eq!(sent[first + 2], "ponderhit", "{sent:#?}");
    let second = find("position startpos moves e2e4 e7e5 d2d4 a7a6");
    assert!(sent[second + 1].starts_with("go ponder "), "{sent:#?}");
    assert_eq!(sent[second + 2], "stop", "{sent:#?}");
    assert_eq!(
        sent[second + 3],
        "position startpos moves e2e4 e7e5 d2d4 b8c6"
    );
    assert!(sent[second + 4].starts_with("go wtime "), "{sent:#?}");
    // The opponent, without `ponder`, never gets `go ponder`.
    assert!(!run.stderr.contains("Black < go ponder"), "{}", run.stderr);
}

#[test]
fn cecp_ponder_is_hard_and_leaves_the_engine_playing() {
    let run = escalade_match(&line(
        timed("P", "xboard", "e2e4 d2d4 g1f3", &["ponder"]),
        timed("O", "uci", "e7e5 d7d6", &[]),
        "-each tc=5+0 -debug",
    ));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(reason(&run.stdout), "Black disconnects", "{}", run.stdout);
    let sent = sent_to_white(&run.stderr);
    assert!(sent.iter().any(|l| l == "hard"), "{sent:#?}");
    assert_eq!(sent.iter().filter(|l| *l == "go").count(), 1, "{sent:#?}");
    let last_go = sent.iter().position(|l| l == "go").unwrap();
    assert!(
        !sent[last_go..].iter().any(|l| l == "force"),
        "no force after the first move: {sent:#?}"
    );
    let reply = sent.iter().position(|l| l == "usermove e7e5").unwrap();
    assert!(sent[reply - 2].starts_with("time ") && sent[reply - 1].starts_with("otim "));
    // Without `ponder`: `easy`, and `force` ... `go` for every move.
    let plain = escalade_match(&line(
        timed("P", "xboard", "e2e4 d2d4", &[]),
        timed("O", "uci", "e7e5", &[]),
        "-each tc=5+0 -debug",
    ));
    let sent = sent_to_white(&plain.stderr);
    assert!(sent.iter().any(|l| l == "easy"), "{sent:#?}");
    assert_eq!(sent.iter().filter(|l| *l == "go").count(), 2, "{sent:#?}");
}
