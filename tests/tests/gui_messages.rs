//! What the browser board's server says, through the real binary and a real WebSocket
//! (issue #85, bugs 5 and 7): engine lines are scored from White's view whoever is to move
//! (a lichess player reads `+0.51` as White better), and an error says each thing once,
//! never echoing a long request whole.

use escalade_tests::gui::{Board, GuiServer};
use serde_json::Value;

/// A new board with its greeting and first state read, both sides played by humans.
fn opened(server: &GuiServer) -> Board {
    let mut board = server.board();
    board.expect("hello", 10);
    board.expect("state", 10);
    board.send(r#"{"type":"players","white":"human","black":"human"}"#);
    board.expect("state", 10);
    board
}

/// The best line of the first `info` that reaches `depth`.
fn analysed_line(board: &mut Board, depth: u64) -> Value {
    let info = board
        .until(30, |m| {
            m["type"] == "info" && m["lines"][0]["depth"].as_u64().is_some_and(|d| d >= depth)
        })
        .expect("an info line deep enough");
    info["lines"][0].clone()
}

#[test]
fn engine_lines_are_scored_from_whites_view_with_black_to_move() {
    let server = GuiServer::start(&[]);
    let mut board = opened(&server);
    // Black to move, a queen down: every line must read as White better
    board.send(
        r#"{"type":"fen","fen":"rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}"#,
    );
    board.expect("state", 10);
    board.send(r#"{"type":"analyze","on":true}"#);
    let line = analysed_line(&mut board, 6);
    let text = line["score"].as_str().expect("a score text");
    let white_cp = line["white_cp"].as_i64().expect("white_cp");
    assert!(white_cp > 300, "{line}");
    assert!(
        text.starts_with('+'),
        "White is better, the line says {text}: {line}"
    );
    board.send(r#"{"type":"analyze","on":false}"#);
}

#[test]
fn a_mate_for_black_reads_as_a_negative_mate() {
    let server = GuiServer::start(&[]);
    let mut board = opened(&server);
    // Black to move mates at once with Qh4 (fool's mate)
    board.send(
        r#"{"type":"fen","fen":"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"}"#,
    );
    board.expect("state", 10);
    board.send(r#"{"type":"analyze","on":true}"#);
    let line = analysed_line(&mut board, 3);
    assert_eq!(line["score"], "#-1", "{line}");
    assert_eq!(line["mate"], -1, "{line}");
    assert!(
        line["white_cp"].as_i64().is_some_and(|cp| cp <= -9_000),
        "{line}"
    );
}

#[test]
fn errors_say_each_thing_once_and_cut_long_requests() {
    let server = GuiServer::start(&[]);
    let mut board = opened(&server);
    board.send(r#"{"type":"fen","fen":"garbage"}"#);
    let fen = board.expect("error", 10);
    let text = fen["message"].as_str().expect("a message");
    assert_eq!(text.matches("invalid FEN").count(), 1, "{text}");
    board.send(r#"{"type":"move","text":"e2e5"}"#);
    let mv = board.expect("error", 10);
    let text = mv["message"].as_str().expect("a message");
    assert_eq!(text.matches("illegal move").count(), 1, "{text}");
    assert!(text.ends_with(": e2e5"), "{text}");
    let long = "x".repeat(1 << 20);
    board.send(&format!(r#"{{"type":"move","text":"{long}"}}"#));
    let huge = board.expect("error", 20);
    let text = huge["message"].as_str().expect("a message");
    assert!(
        text.len() < 1_000,
        "a 1 MB move echoed: {} bytes",
        text.len()
    );
}
