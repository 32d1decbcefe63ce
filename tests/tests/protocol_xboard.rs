//! XBoard/CECP through the real binary: features, moves and result claims, `ping`, `?`,
//! analysis, variants described with `setup`, `lift` highlights, and malformed input
//! (answered with `Error (...)`/`Illegal move (...)`, the game state unchanged).

use escalade_tests::pipe::{xboard, xboard_features};

#[test]
fn features_list_every_variant_and_end_with_done() {
    let (mut e, lines) = xboard_features();
    let all = lines.join(" ");
    for f in [
        "myname=",
        "setboard=1",
        "ping=1",
        "usermove=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "memory=1",
        "smp=1",
        "san=0",
    ] {
        assert!(all.contains(f), "missing feature {f}: {all}");
    }
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap();
    let listed: Vec<&str> = variants.split(',').collect();
    for name in escalade::registry::names() {
        assert!(listed.contains(&name), "variant {name} not offered");
    }
    // XBoard reads any name holding `3check` as its own three-check chess: the alias too
    assert!(listed.contains(&"rope-threecheck"), "{variants}");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn engine_answers_a_move_and_pings_are_ordered() {
    let mut e = xboard();
    e.send("new");
    e.send("sd 2");
    e.send("usermove e2e4");
    e.send("ping 7");
    let mv = e.expect("move ");
    let pong = e.expect("pong 7");
    assert!(mv.len() >= 9 && pong == "pong 7");
    // The engine's reply was played: it is White's move again and e4 is still there.
    e.send("force");
    let lines = e.sync(8);
    assert!(lines.is_empty(), "{lines:?}");
    e.send("usermove g1f3");
    assert!(e.sync(9).is_empty());
}

#[test]
fn mate_is_claimed_with_a_reason() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("sd 3");
    e.send("go");
    assert_eq!(e.expect("move "), "move d8h4");
    assert_eq!(e.expect("0-1"), "0-1 {Black mates}");
    // A user move that mates is claimed too.
    e.send("new");
    e.send("force");
    for m in ["e2e4", "f7f6", "d2d4", "g7g5"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("usermove d1h5");
    assert_eq!(e.expect("1-0"), "1-0 {White mates}");
    // Moves after the end are refused.
    e.send("usermove a7a6");
    assert!(e.expect("Illegal move").contains("a7a6"));
}

#[test]
fn repetition_is_claimed_as_a_draw() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            e.send(&format!("usermove {m}"));
        }
    }
    assert_eq!(e.expect("1/2-1/2"), "1/2-1/2 {Draw by repetition}");
}

#[test]
fn malformed_input_is_refused_and_the_game_is_unchanged() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e4");
    let refusal = e.expect("Illegal move");
    assert!(
        refusal.starts_with("Illegal move (") && refusal.ends_with("): e7e4"),
        "{refusal}"
    );
    for bad in [
        "usermove zz9",
        "usermove",
        "usermove e2e4e4e4",
        "usermove \u{e9}4",
    ] {
        e.send(bad);
        e.expect("Illegal move");
    }
    e.send("frobnicate 1 2");
    assert_eq!(e.expect("Error"), "Error (unknown command): frobnicate 1 2");
    e.send("setboard not a fen at all");
    assert!(e.expect("Error").starts_with("Error ("));
    e.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1");
    e.expect("Error");
    e.send("variant nosuchgame");
    e.expect("Error (unknown variant)");
    for bad in [
        "level x y z",
        "st abc",
        "sd -",
        "time soon",
        "memory lots",
        "cores many",
    ] {
        e.send(bad);
        e.expect("Error (");
    }
    // Still Black to move after 1. e4: e7e5 is legal, and then White's d2d4.
    e.send("usermove e7e5");
    e.send("usermove d2d4");
    assert!(e.sync(1).is_empty());
    e.send("undo");
    e.send("undo");
    e.send("undo");
    e.send("undo");
    e.expect("Error (command not legal now)");
}

#[test]
fn move_now_and_quit_work_mid_search() {
    let mut e = xboard();
    e.send("new");
    e.send("st 60");
    e.send("usermove e2e4");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("?");
    e.wait_for(5, |l| l.starts_with("move "));
    e.send("force");
    e.send("go");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn analysis_reports_and_exits() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    let thinking = e.wait_for(10, |l| {
        l.split_whitespace().count() >= 5 && l.starts_with('1')
    });
    assert!(thinking
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<i32>()
        .is_ok());
    e.send(".");
    e.expect("stat01");
    e.send("usermove e2e4");
    e.send("ping 3");
    e.expect("pong 3");
    e.send("exit");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("remove");
    e.send("usermove d2d4");
    assert!(e.sync(1).is_empty());
    e.send("undo");
    e.send("usermove e2e4");
    assert!(e.sync(2).is_empty());
}

#[test]
fn lift_is_answered_with_highlights() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("lift e2");
    assert_eq!(e.expect("highlight"), "highlight 8/8/8/8/4Y3/4Y3/8/8");
    e.send("lift g1");
    assert_eq!(e.expect("highlight"), "highlight 8/8/8/8/8/5Y1Y/8/8");
}

#[test]
fn every_variant_is_described_or_explained() {
    let mut e = xboard();
    for (i, name) in escalade::registry::names().into_iter().enumerate() {
        e.send("new");
        e.send("force");
        e.send(&format!("variant {name}"));
        let lines = e.sync(i as u32);
        if name == "normal" {
            assert!(lines.is_empty(), "{lines:?}");
            continue;
        }
        let setup = lines.iter().find(|l| l.starts_with("setup ("));
        let note = lines.iter().find(|l| l.starts_with("telluser"));
        assert!(setup.is_some() || note.is_some(), "{name}: {lines:?}");
        if let Some(s) = setup {
            let size = s.split_whitespace().nth(2).unwrap();
            assert!(size.contains('x') && size.contains('_'), "{s}");
        }
    }
}

#[test]
fn the_engine_plays_itself_to_a_result_in_every_variant() {
    // A few plies of engine play in each variant through XBoard (in force mode "go" makes
    // the engine move for the side to move), checking each reply is accepted. The peer
    // speaks Escalade's whole dialect, as `escalade match` does (XBoard itself gets some
    // variants refused: tests/xboard_refusal.rs).
    let mut e = xboard();
    e.send("option Full Dialect=1");
    for (i, name) in escalade::registry::names().into_iter().enumerate() {
        e.send("new");
        e.send(&format!("variant {name}"));
        e.send("sd 1");
        e.send("force");
        for ply in 0..4 {
            e.send("go");
            e.send("force");
            let lines = e.sync((i * 10 + ply) as u32);
            assert!(
                !lines
                    .iter()
                    .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
                "{name}: {lines:?}"
            );
            if lines.iter().any(|l| l.contains('{')) {
                break;
            }
        }
    }
}

#[test]
fn chance_outcomes_are_rolled_and_announced() {
    let Some(name) = escalade::registry::names()
        .into_iter()
        .find(|n| n.contains("dice"))
    else {
        eprintln!("skipped: no chance variant registered");
        return;
    };
    let mut e = xboard();
    e.send("option Full Dialect=1");
    e.send("option Seed=11");
    e.send("new");
    e.send("force");
    e.send(&format!("variant {name}"));
    e.send("sd 1");
    for ply in 0..16 {
        e.send("go");
        e.send("force");
        let lines = e.sync(100 + ply);
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
            "{lines:?}"
        );
        if lines.iter().any(|l| l.starts_with("telluser roll")) {
            return;
        }
        if lines.iter().any(|l| l.contains('{')) {
            break;
        }
    }
    eprintln!("no roll happened in 16 plies of {name}");
}
