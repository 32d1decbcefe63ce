//! Standard algebraic notation on the browser board's server for FIDE chess (issue 85),
//! through the real binary and real WebSocket connections: moves typed in SAN (`e4`, `Nf3`,
//! `O-O`, `exd5`, `e8=Q`, decorations) or long algebraic, an ambiguous SAN refused with the
//! moves it could be and nothing changed, the move list and engine lines in SAN, a genuine
//! lichess PGN (`tests/data/lichess_lasker_trap.pgn`: clocks, evals, annotations, a
//! variation, CRLF) imported, and the exported PGN read by python-chess move by move
//! (`tests/clients/python_chess_pgn.py`; skipped with a printed reason when python-chess is
//! missing, except in CI).

use std::path::Path;
use std::process::Command;

use escalade_tests::gui::{Board, GuiServer};
use escalade_tests::{python_can_import, skip};
use serde_json::{json, Value};

fn state_after(board: &mut Board, message: &str) -> Value {
    board.send(message);
    board.expect("state", 10)
}

fn play(board: &mut Board, text: &str) -> Value {
    state_after(board, &json!({"type": "move", "text": text}).to_string())
}

/// A board with humans on both sides, its first state read.
fn two_humans(server: &GuiServer) -> Board {
    let mut board = server.board();
    board.expect("state", 10);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    board
}

fn records(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["record"].as_str().unwrap().to_string())
        .collect()
}

fn lichess_pgn() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lichess_lasker_trap.pgn");
    std::fs::read_to_string(path).expect("the lichess PGN")
}

#[test]
fn san_and_long_algebraic_moves_are_played_and_shown_in_san() {
    let server = GuiServer::start(&[]);
    let mut board = two_humans(&server);
    for text in [
        "e4", "d5", "exd5", "Nf6!?", "Nc3", "e7e6", "Nf3", "Be7", "Bc4", "0-0",
    ] {
        play(&mut board, text);
    }
    let state = play(&mut board, "O-O");
    assert_eq!(
        records(&state),
        ["e4", "d5", "exd5", "Nf6", "Nc3", "e6", "Nf3", "Be7", "Bc4", "O-O", "O-O"]
    );
    assert_eq!(state["history"][2]["text"], "e4d5", "the move text stays");
    // a promotion with check, and a mate: the marks come from the rules
    state_after(
        &mut board,
        r#"{"type":"fen","fen":"7k/1P6/6K1/8/8/8/8/8 w - - 0 1"}"#,
    );
    let promoted = play(&mut board, "b8=Q+");
    assert_eq!(records(&promoted), ["b8=Q#"]);
    assert_eq!(promoted["result"]["score"], "1-0");
}

#[test]
fn an_ambiguous_or_illegal_san_is_refused_and_changes_nothing() {
    let server = GuiServer::start(&[]);
    let mut board = two_humans(&server);
    let start = state_after(
        &mut board,
        r#"{"type":"fen","fen":"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}"#,
    );
    for (text, reason) in [
        ("Nd2", "ambiguous: Nd2 could be Nbd2 or Nfd2"),
        ("Nd4", "Nd4 is not a legal move here"),
        ("Zz9", "is not a move like e4, Nf3, O-O or e2e4"),
    ] {
        board.send(&json!({"type": "move", "text": text}).to_string());
        let error = board.expect("error", 10);
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(reason), "{text}: {message}");
        assert_eq!(error["request"], "move");
    }
    board.send(r#"{"type":"view","ply":0}"#);
    assert_eq!(
        board.expect("view", 10)["fen"],
        start["fen"],
        "nothing changed"
    );
    let state = play(&mut board, "Nfd2");
    assert_eq!(records(&state), ["Nfd2"]);
    assert_eq!(state["history"][0]["text"], "f1d2");
}

#[test]
fn engine_lines_come_in_san_beside_their_move_text() {
    let server = GuiServer::start(&[]);
    let mut board = two_humans(&server);
    play(&mut board, "e4");
    board.send(r#"{"type":"analyze","on":true}"#);
    let info = board
        .until(20, |m| {
            m["type"] == "info"
                && m["lines"][0]["pv"]
                    .as_array()
                    .is_some_and(|pv| pv.len() >= 2)
        })
        .expect("a line of two moves");
    let line = &info["lines"][0];
    let pv = line["pv"].as_array().unwrap();
    let sans = line["pv_record"].as_array().unwrap();
    assert_eq!(pv.len(), sans.len(), "{line}");
    // Black's reply: coordinates in `pv`, SAN (no square of origin for a pawn push or a
    // piece move from the start position) in `pv_record`
    let (coordinates, san) = (pv[0].as_str().unwrap(), sans[0].as_str().unwrap());
    assert_eq!(coordinates.len(), 4, "{line}");
    assert!(san.len() <= 3 && san != coordinates, "{line}");
    board.send(r#"{"type":"analyze","on":false}"#);
}

#[test]
fn a_lichess_pgn_imports() {
    let server = GuiServer::start(&["--variant", "rope"]);
    let mut board = server.board();
    board.expect("state", 10);
    let message = json!({"type": "pgn_import", "pgn": lichess_pgn()}).to_string();
    let state = state_after(&mut board, &message);
    assert_eq!(
        state["variant"], "normal",
        "[Variant \"Standard\"] is FIDE chess"
    );
    assert_eq!(state["ply"], 24);
    let records = records(&state);
    assert_eq!(records[13], "fxg1=N+");
    assert_eq!(records[21], "O-O-O+");
    assert_eq!(records[23], "Nd4+");
    // python-chess's final position of the same PGN
    assert_eq!(
        state["fen"],
        "2kr2nr/ppp2ppp/8/4P3/2Pn2bq/2B5/PPK3PP/RN2QBnR w - - 10 13"
    );
}

/// Exports the board's game and checks it with python-chess; the PGN text.
fn exported_pgn_reads_in_python_chess(board: &mut Board, name: &str) -> String {
    board.send(r#"{"type":"pgn_export"}"#);
    let pgn = board.expect("pgn", 10)["text"]
        .as_str()
        .unwrap()
        .to_string();
    let path = escalade_tests::scratch_dir("gui-san").join(name);
    std::fs::write(&path, &pgn).expect("write the PGN");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python_chess_pgn.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "python-chess refused the board's PGN:\n{pgn}\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("every move in python-chess's SAN"),
        "{stdout}"
    );
    pgn
}

#[test]
fn the_exported_pgn_is_san_that_python_chess_reads() {
    if !python_can_import("chess.pgn") {
        return skip("python3 with the `chess` package is not installed (pip install chess)");
    }
    let server = GuiServer::start(&[]);
    let mut board = two_humans(&server);
    let message = json!({"type": "pgn_import", "pgn": lichess_pgn()}).to_string();
    state_after(&mut board, &message);
    let pgn = exported_pgn_reads_in_python_chess(&mut board, "lichess.pgn");
    assert!(pgn.contains("[Variant \"normal\"]"), "{pgn}");
    assert!(
        pgn.contains("fxg1=N+") && pgn.contains("11. Qe1 O-O-O+"),
        "{pgn}"
    );
    // a finished game: the mate and its result
    state_after(&mut board, r#"{"type":"new"}"#);
    for text in ["f3", "e5", "g4"] {
        play(&mut board, text);
    }
    assert_eq!(play(&mut board, "Qh4")["result"]["score"], "0-1");
    let pgn = exported_pgn_reads_in_python_chess(&mut board, "mate.pgn");
    assert!(pgn.contains("2. g4 Qh4#"), "{pgn}");
    // the board reads back what it wrote
    let message = json!({"type": "pgn_import", "pgn": pgn}).to_string();
    let state = state_after(&mut board, &message);
    assert_eq!(records(&state), ["f3", "e5", "g4", "Qh4#"]);
}
