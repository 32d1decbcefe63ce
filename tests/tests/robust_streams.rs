//! Regression tests for hostile protocol input, continued (see `robust_inputs.rs`): a
//! `position` with a bad move keeps its legal prefix, clock values of any size, 1 MB
//! lines and thousands of moves, FEN garbage in every variant, commands out of order.

use std::time::{Duration, Instant};

use escalade_tests::hostile::*;

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
