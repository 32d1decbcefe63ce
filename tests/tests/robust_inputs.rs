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

use std::sync::Mutex;
use std::time::{Duration, Instant};

use escalade::selfcheck::protocol::{material, Dialect, EngineIo};
use escalade_tests::{escalade_bin, run};

/// The longest an `isready`/`ping` answer may take here (generous for a loaded 2-core
/// machine; the answers are usually a few milliseconds).
const LIVE_MS: u64 = 2_000;
/// How long to wait for a search result.
const SEARCH_SECS: u64 = 20;

/// Tests that ask for a huge hash table run one at a time (each may take half the
/// machine's memory).
static MEMORY: Mutex<()> = Mutex::new(());

fn start(dialect: Dialect) -> EngineIo {
    let mut e = EngineIo::spawn(&escalade_bin(), &[dialect.command()]).expect("start escalade");
    match dialect {
        Dialect::Uci => {
            e.send("uci");
            e.read_until(Duration::from_secs(SEARCH_SECS), |l| l == "uciok")
                .unwrap_or_else(|w| panic!("{w}"));
        }
        Dialect::Xboard => {
            e.send("xboard");
            e.send("protover 2");
            e.read_until(Duration::from_secs(SEARCH_SECS), |l| l.contains("done=1"))
                .unwrap_or_else(|w| panic!("{w}"));
        }
    }
    e
}

/// `isready`/`ping` answered within [`LIVE_MS`]: the lines before the answer.
fn alive(e: &mut EngineIo, dialect: Dialect, n: u32, after: &str) -> Vec<String> {
    let answer = match dialect {
        Dialect::Uci => "readyok".to_string(),
        Dialect::Xboard => format!("pong {n}"),
    };
    let asked = Instant::now();
    match dialect {
        Dialect::Uci => e.send("isready"),
        Dialect::Xboard => e.send(&format!("ping {n}")),
    };
    let mut lines = e
        .read_until(Duration::from_secs(30), |l| l.trim() == answer)
        .unwrap_or_else(|w| panic!("after {after}: {w}"));
    let took = asked.elapsed();
    println!(
        "{dialect:?}: answered in {} ms after {after}",
        took.as_millis()
    );
    assert!(
        took <= Duration::from_millis(LIVE_MS),
        "after {after}: the answer took {} ms; transcript:\n{}",
        took.as_millis(),
        e.transcript()
    );
    lines.pop();
    lines
}

/// `quit` ends the engine with success, and it never panicked.
fn quit(mut e: EngineIo) {
    let status = e.quit(Duration::from_secs(10));
    assert!(
        status.is_some_and(|s| s.success()),
        "quit: {status:?}; transcript:\n{}",
        e.transcript()
    );
    assert!(!e.panicked(), "stderr:\n{}", e.stderr_text());
}

/// The first line starting with `prefix` within `secs` seconds; every line read.
fn until(e: &mut EngineIo, secs: u64, prefix: &str) -> Vec<String> {
    e.read_until(Duration::from_secs(secs), |l| l.starts_with(prefix))
        .unwrap_or_else(|w| panic!("waiting for {prefix:?}: {w}"))
}

fn reported(lines: &[String], stderr_before: usize, e: &EngineIo) -> bool {
    if lines
        .iter()
        .any(|l| l.starts_with("info string") || l.starts_with("Error") || l.starts_with("Illegal"))
    {
        return true;
    }
    // stderr is collected by a thread of its own: give it a moment to catch up
    let until = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while std::time::Instant::now() < until {
        if e.stderr_text().len() > stderr_before {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// The board `d` shows (its `info string` lines, errors left out).
fn board(e: &mut EngineIo) -> Vec<String> {
    e.send("d");
    alive(e, Dialect::Uci, 0, "d")
        .into_iter()
        .filter(|l| {
            l.starts_with("info string")
                && !l.starts_with("info string error")
                && !l.starts_with("info string variant ")
                && !l.starts_with("info string roll ")
        })
        .collect()
}

// 1. Invalid UTF-8 and NUL bytes do not end the session.

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

#[test]
fn uci_position_keeps_the_legal_prefix() {
    let mut e = start(Dialect::Uci);
    for (good, bad) in [
        (
            "position startpos moves e2e4 e7e5",
            "position startpos moves e2e4 e7e5 xyz",
        ),
        (
            "position startpos moves e2e4",
            "position startpos moves e2e4 e2e4 e7e5",
        ),
        (
            "position startpos moves e2e4 e7e5",
            "position startpos moves e2e4 e7e5 e1e8 g1f3",
        ),
    ] {
        e.send(good);
        let want = board(&mut e);
        e.send("position startpos moves d2d4");
        let before = e.stderr_text().len();
        e.send(bad);
        let got_lines = alive(&mut e, Dialect::Uci, 0, bad);
        assert!(
            reported(&got_lines, before, &e),
            "{bad}: not reported: {got_lines:?}"
        );
        assert_eq!(board(&mut e), want, "{bad}");
    }
    quit(e);
}

// 9. Huge clock values do not wrap.

#[test]
fn uci_huge_movestogo_does_not_spend_the_whole_clock() {
    let mut e = start(Dialect::Uci);
    e.send("position startpos");
    let asked = Instant::now();
    e.send("go wtime 20000 btime 20000 movestogo 4294967297");
    until(&mut e, SEARCH_SECS, "bestmove");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "movestogo 4294967297 (1 as a u32) took {:?}",
        asked.elapsed()
    );
    for go in [
        "go wtime -5 btime -5",
        "go wtime 18446744073709551615 btime 18446744073709551615 movestogo 0",
        "go wtime 18446744073709551616 btime 1",
        "go movetime 18446744073709551615",
        "go depth 4294967297",
        "go nodes 18446744073709551616",
    ] {
        e.send(go);
        let mut lines = alive(&mut e, Dialect::Uci, 0, go);
        e.send("stop");
        lines.extend(alive(&mut e, Dialect::Uci, 0, "stop"));
        lines.extend(e.drain(Duration::from_millis(300)));
        // Refused (an info string, no search) or searched (one bestmove), never more.
        assert!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count() <= 1,
            "{go}: {lines:?}"
        );
    }
    quit(e);
}

#[test]
fn xboard_huge_clock_values_do_not_wrap() {
    let mut e = start(Dialect::Xboard);
    e.send("new");
    e.send("force");
    e.send("level 40 5 0");
    e.send("post");
    // 1844674407370955162 centiseconds is 4 ms after wrapping to 64 bits in milliseconds.
    e.send("time 1844674407370955162");
    e.send("otim 1844674407370955162");
    e.send("go");
    let early = e.drain(Duration::from_millis(1_000));
    assert!(
        !early.iter().any(|l| l.starts_with("move ")),
        "moved at once with a (wrapped) huge clock: {early:?}"
    );
    e.send("?");
    until(&mut e, 5, "move ");
    let mut n = 0;
    for line in [
        "level 4294967297 5 0",
        "level 40 99999999999999999999 0",
        "level 40 5 -1",
        "level -1 -1 -1",
        "level 40 1:-30 0",
        "st -1",
        "st 1e30",
        "st 18446744073709551616",
        "sd -1",
        "sd 4294967297",
        "time -100",
        "otim 18446744073709551616",
    ] {
        n += 1;
        e.send("force");
        e.send(line);
        let lines = alive(&mut e, Dialect::Xboard, n, line);
        // (A negative `time`/`otim` is a fallen flag, which XBoard does send.)
        if line.starts_with("level") || line.starts_with("st") || line.starts_with("sd") {
            if !(line.contains("-1") || line.contains(":-")) {
                continue;
            }
            assert!(
                lines.iter().any(|l| l.starts_with("Error")),
                "{line}: a negative value must be refused: {lines:?}"
            );
        }
    }
    e.send("new");
    e.send("sd 2");
    e.send("st 1");
    e.send("usermove e2e4");
    until(&mut e, SEARCH_SECS, "move ");
    quit(e);
}

// 10. 1 MB lines, thousands of moves, setboard garbage per variant, commands out of order.

fn megabyte(prefix: &str, unit: &str) -> Vec<u8> {
    let mut out = prefix.as_bytes().to_vec();
    while out.len() < (1 << 20) {
        out.extend_from_slice(unit.as_bytes());
    }
    out
}

fn shuffle(n: usize) -> String {
    ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .cycle()
        .take(n)
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn uci_megabyte_lines_and_thousands_of_moves() {
    let mut e = start(Dialect::Uci);
    for line in [
        megabyte("", "a"),
        megabyte("go depth ", "9"),
        megabyte("position fen ", "8/"),
        megabyte("setoption name ", "Hash "),
        megabyte("", "\0"),
    ] {
        assert!(e.send_bytes(&line), "stopped reading a 1 MB line");
        alive(&mut e, Dialect::Uci, 0, "a 1 MB line");
        e.send("stop");
    }
    e.send("position startpos moves e2e4");
    let want = board(&mut e);
    e.send_bytes(&megabyte("position startpos moves e2e4 ", "e2e4 "));
    alive(&mut e, Dialect::Uci, 0, "1 MB of e2e4");
    assert_eq!(board(&mut e), want, "the legal prefix of 1 MB of moves");
    for n in [4_000, 40_000] {
        e.send(&format!("position startpos moves {}", shuffle(n)));
        alive(&mut e, Dialect::Uci, 0, &format!("{n} moves"));
        e.send("go depth 2");
        until(&mut e, SEARCH_SECS, "bestmove");
    }
    quit(e);
}

#[test]
fn xboard_megabyte_lines_and_thousands_of_moves() {
    let mut e = start(Dialect::Xboard);
    e.send("new");
    e.send("force");
    let mut n = 0;
    for line in [
        megabyte("", "a"),
        megabyte("setboard ", "8/"),
        megabyte("usermove ", "e2e4"),
        megabyte("sd ", "9"),
        megabyte("level 40 ", "9"),
    ] {
        n += 1;
        assert!(e.send_bytes(&line), "stopped reading a 1 MB line");
        alive(&mut e, Dialect::Xboard, n, "a 1 MB line");
    }
    e.send("new");
    e.send("force");
    for mv in shuffle(4_000).split(' ') {
        e.send(&format!("usermove {mv}"));
    }
    n += 1;
    let lines = alive(&mut e, Dialect::Xboard, n, "4000 usermoves");
    // The shuffle repeats the position: once the game is over (fivefold repetition) the
    // moves are refused as such, and for no other reason.
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("Illegal"))
            .all(|l| l.contains("over")),
        "a legal shuffle refused: {:?}",
        lines.iter().find(|l| l.starts_with("Illegal"))
    );
    // A long legal game without repetitions: every move accepted.
    let walk = material("normal", 0, 1).expect("normal");
    let _ = walk;
    e.send("new");
    e.send("force");
    let mut moves = 0;
    for round in 0..300 {
        for mv in ["b1c3", "b8c6", "c3b1", "c6b8"] {
            let _ = round;
            e.send(&format!("usermove {mv}"));
            moves += 1;
        }
        e.send("new");
        e.send("force");
    }
    n += 1;
    let lines = alive(
        &mut e,
        Dialect::Xboard,
        n,
        &format!("{moves} usermoves and new"),
    );
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    quit(e);
}

#[test]
fn setboard_and_position_garbage_in_every_variant_change_nothing() {
    let garbage = [
        "",
        "x",
        "8/8/8 w",
        "99999999999999999999/8 w - - 0 1",
        "/ / / / /",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/RNBQKBNR w KQkq - 0 1",
    ];
    let mut x = start(Dialect::Xboard);
    let mut u = start(Dialect::Uci);
    let mut n = 0;
    for name in escalade::registry::names() {
        let m = material(name, 0, 1).expect("registered");
        // XBoard: a refused setboard leaves the start position: its first move is legal.
        for g in garbage
            .iter()
            .map(|s| s.to_string())
            .chain(m.gui_fens.iter().map(|f| f.replace('/', "//")))
            .filter(|g| !m.gui_fens.contains(g))
        {
            x.send("new");
            x.send(&format!("variant {name}"));
            x.send("force");
            n += 1;
            let line = format!("setboard {g}");
            x.send(&line);
            let lines = alive(&mut x, Dialect::Xboard, n, &format!("{name}: {line}"));
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("Error") || l.starts_with("tellusererror")),
                "{name}: {line}: {lines:?}"
            );
            n += 1;
            let mv = format!("usermove {}", m.gui_moves[0]);
            x.send(&mv);
            let lines = alive(&mut x, Dialect::Xboard, n, &mv);
            assert!(
                !lines.iter().any(|l| l.starts_with("Illegal")),
                "{name}: after {line}: {lines:?}"
            );
        }
        // UCI: a refused `position fen` leaves the position as it was.
        u.send(&format!("setoption name UCI_Variant value {name}"));
        u.send(&format!("position startpos moves {}", m.moves[0]));
        let want = board(&mut u);
        for g in garbage
            .iter()
            .map(|s| s.to_string())
            .chain(m.fens.iter().map(|f| f.replace('/', "//")))
            .filter(|g| !m.fens.contains(g))
        {
            let line = format!("position fen {g}");
            u.send(&line);
            alive(&mut u, Dialect::Uci, 0, &format!("{name}: {line}"));
            assert_eq!(board(&mut u), want, "{name}: {line}");
        }
    }
    quit(x);
    quit(u);
}

#[test]
fn uci_commands_out_of_order() {
    // No `uci` first.
    let mut e = EngineIo::spawn(&escalade_bin(), &["uci"]).expect("start");
    for line in [
        "stop",
        "ponderhit",
        "go depth 1",
        "go depth 1",
        "ucinewgame",
        "position",
        "position moves e2e4",
        "go ponder",
        "ponderhit",
        "ponderhit",
        "stop",
        "stop",
        "go infinite",
        "setoption name Hash value 2",
        "position startpos moves e2e4",
        "ucinewgame",
        "uci",
        "go searchmoves",
        "stop",
    ] {
        e.send(line);
        alive(&mut e, Dialect::Uci, 0, line);
    }
    e.send("stop");
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    until(&mut e, SEARCH_SECS, "bestmove");
    quit(e);
}

#[test]
fn xboard_commands_out_of_order() {
    // No `xboard`/`protover` first.
    let mut e = EngineIo::spawn(&escalade_bin(), &["xboard"]).expect("start");
    let mut n = 0;
    for line in [
        "sd 1",
        "usermove e2e4",
        "undo",
        "remove",
        "result 1-0 {White wins}",
        "go",
        "?",
        "playother",
        "playother",
        "force",
        "exit",
        "analyze",
        "setboard 8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "exit",
        "hint",
        "new",
        "go",
        "new",
        "protover 2",
        "xboard",
        "usermove e2e4",
        "usermove e7e5",
    ] {
        n += 1;
        e.send(line);
        // A search it started ends now (a `ping` waits for the move of a search).
        e.send("?");
        alive(&mut e, Dialect::Xboard, n, line);
    }
    e.send("new");
    e.send("sd 1");
    e.send("usermove e2e4");
    until(&mut e, SEARCH_SECS, "move ");
    quit(e);
}
