//! `escalade play` through the real binary: a short game in the terminal with every command
//! (`moves`, `undo`, `hint`, `fen`, bad moves with helpful errors, `quit`), and for every
//! registered variant a board drawing and an engine move; `--skill` weakens the engine.

use escalade_tests::pipe::Pipe;

#[test]
fn a_terminal_game_with_every_command() {
    let mut e = Pipe::start(&["play", "--variant", "normal", "--depth", "2"]);
    e.expect("Your move (White)");
    e.send("moves");
    assert!(e.expect("20 legal moves:").contains("e2e4"));
    e.send("e2e5");
    assert!(e.expect("Illegal move (").ends_with("): e2e5"));
    e.expect("Type `moves`");
    e.send("xyz");
    e.expect("Illegal move (");
    e.send("e2e4");
    e.expect("You play e2e4");
    e.expect("  depth  2");
    e.expect("Escalade plays ");
    e.expect("Your move (White)");
    e.send("fen");
    let fen = e.wait_for(10, |l| l.contains(" w KQkq") || l.contains(" w "));
    assert!(fen.contains("4P3"), "{fen}");
    e.send("hint");
    e.expect("Hint: ");
    e.send("undo");
    e.expect("Your move (White)");
    e.send("fen");
    assert_eq!(
        e.expect("rnbqkbnr/"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn every_variant_is_drawn_and_the_engine_moves_first_as_white() {
    for name in escalade::registry::names() {
        let mut e = Pipe::start(&[
            "play",
            "--variant",
            name,
            "--color",
            "black",
            "--depth",
            "1",
        ]);
        e.expect(&format!("Escalade: {name}"));
        let played = e.wait_for(30, |l| {
            l.starts_with("Escalade plays ") || l.starts_with("Your move")
        });
        if played.starts_with("Escalade plays") {
            e.expect("Your move");
        }
        e.send("moves");
        e.wait_for(10, |l| l.contains("legal moves:"));
        e.send("quit");
        assert!(e.finish().success(), "{name}");
    }
}

#[test]
fn bad_options_are_reported() {
    let out = escalade_tests::run(&["play", "--variant", "nosuch"]);
    assert!(!out.status.success());
    let out = escalade_tests::run(&["play", "--tc", "soon"]);
    assert!(!out.status.success());
    let out = escalade_tests::run(&["play", "--fen", "garbage"]);
    assert!(!out.status.success());
    let out = escalade_tests::run(&["play", "--skill", "21"]);
    assert!(!out.status.success());
}

#[test]
fn a_weak_skill_level_searches_one_ply() {
    let mut e = Pipe::start(&["play", "--depth", "9", "--skill", "0", "--seed", "5"]);
    e.expect("Your move (White)");
    e.send("e2e4");
    e.expect("You play e2e4");
    let lines = e.lines_until("Escalade plays ");
    let depths: Vec<&String> = lines.iter().filter(|l| l.contains("depth")).collect();
    assert!(depths.len() >= 4, "four lines compared: {lines:?}");
    assert!(
        depths.iter().all(|l| l.starts_with("  depth  1 ")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn quit_works_while_the_engine_thinks() {
    let mut e = Pipe::start(&["play", "--color", "black", "--tc", "10+0"]);
    e.expect("Escalade thinks");
    e.send("quit");
    assert!(e.finish().success());
}
