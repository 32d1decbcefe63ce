//! Regression tests for hostile protocol input, one per fault class that once ended,
//! hung or corrupted a session, through the real binary and pipes (raw bytes where the
//! input is not UTF-8: `escalade::selfcheck::protocol::EngineIo`, which also keeps
//! stderr to look for `panicked`).
//!
//! The behaviour asked for: UCI answers bad input with an `info string ...` (or a log
//! line on stderr) and ignores it; XBoard with `Error (reason): CMD` or
//! `Illegal move (reason): MOVE`; an error changes nothing. `isready`/`ping` are answered
//! within [`LIVE_MS`] (the worst time seen is printed: `--nocapture`), and the engine
//! exits only on `quit`.

use std::time::{Duration, Instant};

use escalade_tests::hostile::*;

const BAD_LINES: &[&[u8]] = &[
    b"\xff\xfe",
    b"isready\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\x80\x80\x80 go depth 1",
    b"\0",
    b"\0\0\0\0\0\0\0\0",
    b"is\0ready",
    b"position startpos moves e2e4\xc3",
    b"ping 7\xf4\x90\x80\x80",
    b"usermove e2\0e4",
    b"setoption name Hash\0 value 1",
];

#[test]
fn uci_invalid_utf8_and_nul_bytes_do_not_end_the_session() {
    let mut e = start(Dialect::Uci);
    for line in BAD_LINES {
        assert!(e.send_bytes(line), "the engine stopped reading at {line:?}");
        alive(&mut e, Dialect::Uci, 0, &format!("{line:?}"));
    }
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    let lines = until(&mut e, SEARCH_SECS, "bestmove");
    assert_ne!(lines.last().map(String::as_str), Some("bestmove 0000"));
    quit(e);
}

#[test]
fn xboard_invalid_utf8_and_nul_bytes_do_not_end_the_session() {
    let mut e = start(Dialect::Xboard);
    e.send("new");
    e.send("force");
    for (n, line) in BAD_LINES.iter().enumerate() {
        assert!(e.send_bytes(line), "the engine stopped reading at {line:?}");
        alive(&mut e, Dialect::Xboard, n as u32 + 1, &format!("{line:?}"));
    }
    e.send("new");
    e.send("sd 1");
    e.send("usermove e2e4");
    until(&mut e, SEARCH_SECS, "move ");
    quit(e);
}

// 2. XBoard `undo`/`remove` without enough plies change nothing.

#[test]
fn xboard_undo_and_remove_without_enough_plies_change_nothing() {
    let mut e = start(Dialect::Xboard);
    e.send("new");
    e.send("force");
    let mut n = 0;
    let mut step = |e: &mut EngineIo, line: &str| {
        n += 1;
        e.send(line);
        alive(e, Dialect::Xboard, n, line)
    };
    for cmd in ["undo", "remove"] {
        let lines = step(&mut e, cmd);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Error") && l.ends_with(cmd)),
            "{cmd} at the start: {lines:?}"
        );
    }
    // Still the start position: White's e2e4 is legal.
    let lines = step(&mut e, "usermove e2e4");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    // One ply: `remove` (two plies) is refused and leaves e2e4 on the board.
    let lines = step(&mut e, "remove");
    assert!(lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    let lines = step(&mut e, "usermove e7e5");
    assert!(
        !lines.iter().any(|l| l.starts_with("Illegal")),
        "Black to move after a refused remove: {lines:?}"
    );
    // Two plies: remove takes both back.
    let lines = step(&mut e, "remove");
    assert!(!lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    let lines = step(&mut e, "usermove e2e4");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    // After setboard there is nothing to take back.
    step(&mut e, "setboard 4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    for cmd in ["undo", "remove"] {
        let lines = step(&mut e, cmd);
        assert!(lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    }
    let lines = step(&mut e, "usermove e8d7");
    assert!(
        !lines.iter().any(|l| l.starts_with("Illegal")),
        "the set-up position (Black to move) stands: {lines:?}"
    );
    quit(e);
}

// 3. Absurd perft depths are refused.

#[test]
fn uci_absurd_perft_depths_are_refused() {
    let mut e = start(Dialect::Uci);
    e.send("position startpos");
    for depth in ["4294967295", "10000", "18446744073709551616", "-1", "0"] {
        let line = format!("go perft {depth}");
        let before = e.stderr_text().len();
        e.send(&line);
        let lines = alive(&mut e, Dialect::Uci, 0, &line);
        assert!(reported(&lines, before, &e), "{line}: no error: {lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{line}: {lines:?}"
        );
        e.send("stop");
    }
    e.send("go perft 2");
    until(&mut e, SEARCH_SECS, "Nodes searched: 400");
    quit(e);
}

#[test]
fn cli_perft_absurd_depths_exit_2() {
    for depth in ["4294967295", "10000", "18446744073709551616", "-1"] {
        let out = run(&["perft", "--depth", depth]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--depth {depth}: {stderr}");
        assert!(!stderr.trim().is_empty(), "--depth {depth}: no message");
        assert!(!stderr.contains("panicked"), "--depth {depth}: {stderr}");
    }
}

// 4. A long perft is interruptible.

#[test]
fn uci_long_perft_answers_isready_stop_and_quit() {
    let mut e = start(Dialect::Uci);
    e.send("position startpos");
    e.send("go perft 60");
    std::thread::sleep(Duration::from_millis(300));
    alive(&mut e, Dialect::Uci, 0, "go perft 60");
    e.send("stop");
    alive(&mut e, Dialect::Uci, 0, "go perft 60, stop");
    e.send("go depth 1");
    until(&mut e, SEARCH_SECS, "bestmove");
    e.send("go perft 60");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    quit(e);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "quit during perft took {:?}",
        asked.elapsed()
    );
}

// 5. A huge hash table does not block the session.

#[test]
fn uci_huge_hash_answers_readyok_promptly() {
    let _one = MEMORY.lock().unwrap_or_else(|p| p.into_inner());
    let mut e = start(Dialect::Uci);
    e.send("setoption name Hash value 65536");
    alive(&mut e, Dialect::Uci, 0, "setoption name Hash value 65536");
    e.send("setoption name Hash value 1");
    alive(&mut e, Dialect::Uci, 0, "setoption name Hash value 1");
    e.send("position startpos");
    e.send("go depth 2");
    until(&mut e, SEARCH_SECS, "bestmove");
    quit(e);
}

#[test]
fn xboard_huge_memory_answers_pong_promptly() {
    let _one = MEMORY.lock().unwrap_or_else(|p| p.into_inner());
    let mut e = start(Dialect::Xboard);
    e.send("memory 999999999");
    alive(&mut e, Dialect::Xboard, 1, "memory 999999999");
    e.send("memory 1");
    alive(&mut e, Dialect::Xboard, 2, "memory 1");
    e.send("new");
    e.send("sd 2");
    e.send("usermove e2e4");
    until(&mut e, SEARCH_SECS, "move ");
    quit(e);
}

// 6. A finished position gets `bestmove 0000` (UCI) or a result line (XBoard).

const FINISHED: &[(&str, &str)] = &[
    ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "1/2-1/2"),
    (
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "0-1",
    ),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2"),
];

#[test]
fn uci_finished_positions_answer_bestmove_0000() {
    let mut e = start(Dialect::Uci);
    for (fen, _) in FINISHED {
        for go in ["go depth 5", "go movetime 200", "go wtime 1000 btime 1000"] {
            e.send(&format!("position fen {fen}"));
            e.send(go);
            let lines = until(&mut e, SEARCH_SECS, "bestmove");
            assert_eq!(
                lines.last().map(String::as_str),
                Some("bestmove 0000"),
                "{fen} {go}: {lines:?}"
            );
        }
    }
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    let lines = until(&mut e, SEARCH_SECS, "bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    quit(e);
}

#[test]
fn xboard_finished_positions_answer_a_result_line() {
    let mut e = start(Dialect::Xboard);
    for (n, (fen, result)) in FINISHED.iter().enumerate() {
        e.send("new");
        e.send("force");
        e.send(&format!("setboard {fen}"));
        e.send("sd 3");
        e.send("go");
        let lines = e
            .read_until(Duration::from_secs(SEARCH_SECS), |l| {
                l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2-1/2")
            })
            .unwrap_or_else(|w| panic!("{fen}: no result line: {w}"));
        let last = lines.last().expect("a line");
        assert!(last.starts_with(result), "{fen}: {last}");
        assert!(
            !lines.iter().any(|l| l.starts_with("move ")),
            "{fen}: {lines:?}"
        );
        alive(&mut e, Dialect::Xboard, n as u32 + 1, fen);
    }
    quit(e);
}

// 7. Out-of-range spin values are clamped or refused, never wrapped.

#[test]
fn uci_out_of_range_spin_values_are_clamped_or_refused() {
    let _one = MEMORY.lock().unwrap_or_else(|p| p.into_inner());
    let mut e = start(Dialect::Uci);
    let mut failures = Vec::new();
    for option in [
        "Skill Level",
        "Hash",
        "Threads",
        "MultiPV",
        "MaxDepth",
        "Move Overhead",
        "Seed",
    ] {
        for value in [
            "4294967296",
            "4294967297",
            "18446744073709551617",
            "99999999999999999999999",
            "-1",
            "-4294967295",
            "1e9",
            "NaN",
        ] {
            let line = format!("setoption name {option} value {value}");
            let before = e.stderr_text().len();
            e.send(&line);
            let lines = alive(&mut e, Dialect::Uci, 0, &line);
            if !reported(&lines, before, &e) {
                failures.push(format!("{line}: neither an info string nor a log line"));
            }
        }
    }
    e.send("setoption name Hash value 16");
    e.send("setoption name Threads value 1");
    e.send("setoption name MultiPV value 1");
    // Skill Level 4294967296 wraps to 0 as a u32 (a depth-1 search over four lines) and
    // MaxDepth 4294967297 to 1: clamped or refused, a depth-3 search reaches depth 3.
    for line in [
        "setoption name Skill Level value 4294967296",
        "setoption name MaxDepth value 4294967297",
    ] {
        e.send("setoption name Skill Level value 20");
        e.send("setoption name MaxDepth value 0");
        e.send(line);
        e.send("position startpos");
        e.send("go depth 3");
        let lines = until(&mut e, SEARCH_SECS, "bestmove");
        if !lines.iter().any(|l| l.starts_with("info depth 3 "))
            || lines.iter().any(|l| l.contains("multipv 4"))
        {
            failures.push(format!("{line}: wrapped: a depth-3 search gave {lines:?}"));
        }
    }
    quit(e);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn xboard_out_of_range_option_values_are_refused() {
    let _one = MEMORY.lock().unwrap_or_else(|p| p.into_inner());
    let mut e = start(Dialect::Xboard);
    let mut n = 0;
    for line in [
        "option Skill Level=-1",
        "option Skill Level=4294967296",
        "option MultiPV=4294967297",
        "option MultiPV=-1",
        "option MaxDepth=4294967297",
        "option Seed=-1",
        "memory -1",
        "memory 18446744073709551616",
        "cores 4294967297",
        "cores -1",
        "cores 0",
    ] {
        n += 1;
        let before = e.stderr_text().len();
        e.send(line);
        let lines = alive(&mut e, Dialect::Xboard, n, line);
        assert!(
            reported(&lines, before, &e),
            "{line}: neither an Error line nor a log line: {lines:?}"
        );
        if line == "option Skill Level=-1" {
            // Clamping -1 to 0 is allowed: back to full strength before the next one.
            e.send("option Skill Level=20");
        }
    }
    e.send("new");
    e.send("post");
    e.send("sd 2");
    e.send("usermove e2e4");
    let lines = until(&mut e, SEARCH_SECS, "move ");
    assert!(
        lines.iter().any(|l| l.starts_with("2 ")),
        "MaxDepth 4294967297 must not wrap to 1: {lines:?}"
    );
    quit(e);
}

// 8. An illegal move in `position` keeps the legal prefix.
