//! The browser board's server through the real binary (`escalade gui --port 0`) and real
//! WebSocket connections: the greeting and state, moves and the engine's answers, bad
//! messages (an error, nothing changed), foreign origins refused, closed sockets, several
//! independent tabs, PGN round trip, the page's files.

use escalade_tests::gui::GuiServer;
use serde_json::Value;

fn state_after(board: &mut escalade_tests::gui::Board, message: &str) -> Value {
    board.send(message);
    board.expect("state", 10)
}

#[test]
fn greeting_state_and_a_move_against_the_engine() {
    let server = GuiServer::start(&[]);
    let mut board = server.board();
    let hello = board.expect("hello", 10);
    assert!(hello["variants"].as_array().unwrap().len() >= 6);
    let state = board.expect("state", 10);
    assert_eq!(state["variant"], "normal");
    assert_eq!(state["picture"]["cells"].as_array().unwrap().len(), 64);
    assert_eq!(
        state["moves"]["next"].as_array().unwrap().len(),
        10,
        "ten pieces can move"
    );
    board.send(r#"{"type":"move","text":"e2e4"}"#);
    // the human's move, then the engine's answer
    let answered = board
        .until(15, |m| m["type"] == "state" && m["ply"] == 2)
        .expect("the engine answers");
    assert_eq!(answered["history"][0]["text"], "e2e4");
    assert_eq!(answered["turn"], "white");
}

#[test]
fn bad_messages_get_an_error_and_change_nothing() {
    let server = GuiServer::start(&["--variant", "rope"]);
    let mut board = server.board();
    let state = board.expect("state", 10);
    assert_eq!(state["variant"], "rope");
    let fen = state["fen"].clone();
    for bad in [
        "not json",
        "[]",
        "{}",
        r#"{"type":"fly"}"#,
        r#"{"type":"move"}"#,
        r#"{"type":"move","text":"Z9-99"}"#,
        r#"{"type":"undo","turns":5}"#,
        r#"{"type":"undo","turns":-1}"#,
        r#"{"type":"view","ply":99}"#,
        r#"{"type":"preview","moves":["nonsense"]}"#,
        r#"{"type":"new","variant":"nosuch"}"#,
        r#"{"type":"fen","fen":"garbage"}"#,
        r#"{"type":"option","name":"Nope","value":1}"#,
        r#"{"type":"option","name":"Hash","value":"many"}"#,
        r#"{"type":"players","white":"cat","black":"human"}"#,
        r#"{"type":"clock","base_ms":1e40}"#,
        r#"{"type":"pgn_import","pgn":"1. e4 (e5"}"#,
    ] {
        board.send(bad);
        let error = board.expect("error", 10);
        assert!(!error["message"].as_str().unwrap().is_empty(), "{bad}");
    }
    board.send_binary(&[0xff, 0x00, 0xfe]);
    board.expect("error", 10);
    board.send(r#"{"type":"view","ply":0}"#);
    let view = board.expect("view", 10);
    assert_eq!(view["fen"], fen, "nothing changed");
}

#[test]
fn foreign_origins_are_refused() {
    let server = GuiServer::start(&[]);
    assert!(server.connect(Some("https://evil.example")).is_err());
    assert!(server.connect(Some("http://127.0.0.1:1")).is_err());
    let mut own = server.board();
    own.expect("hello", 10);
}

#[test]
fn tabs_are_independent_and_a_closed_one_stops_its_search() {
    let mut server = GuiServer::start(&[]);
    let mut first = server.board();
    let mut second = server.board();
    first.expect("state", 10);
    second.expect("state", 10);
    // the first tab analyses forever, then goes away
    first.send(r#"{"type":"players","white":"human","black":"human"}"#);
    first.expect("state", 10);
    first.send(r#"{"type":"analyze","on":true}"#);
    first.expect("info", 10);
    first.close();
    let state = state_after(&mut second, r#"{"type":"new","variant":"chutes"}"#);
    assert_eq!(state["variant"], "chutes");
    assert_eq!(state["ply"], 0);
    assert!(server.alive());
    let mut third = server.board();
    let fresh = third.expect("state", 10);
    assert_eq!(fresh["variant"], "normal", "a new tab starts its own game");
}

#[test]
fn pgn_round_trip_and_views() {
    let server = GuiServer::start(&[]);
    let mut board = server.board();
    board.expect("state", 10);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    for mv in ["e2e4", "e7e5", "g1f3"] {
        state_after(&mut board, &format!(r#"{{"type":"move","text":"{mv}"}}"#));
    }
    board.send(r#"{"type":"pgn_export"}"#);
    let pgn = board.expect("pgn", 10)["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("[Variant \"normal\"]") && pgn.contains("[FEN "));
    let fen = state_after(&mut board, r#"{"type":"undo","turns":3}"#)["fen"].clone();
    let message = serde_json::json!({"type": "pgn_import", "pgn": pgn}).to_string();
    let loaded = state_after(&mut board, &message);
    assert_eq!(loaded["ply"], 3);
    assert_ne!(loaded["fen"], fen);
    board.send(r#"{"type":"view","ply":1}"#);
    let view = board.expect("view", 10);
    assert_eq!(view["last"], serde_json::json!(["e2", "e4"]));
    board.send(r#"{"type":"preview","moves":["b8c6","f1b5"]}"#);
    let preview = board.expect("view", 10);
    assert_eq!(preview["last"], serde_json::json!(["f1", "b5"]));
}

#[test]
fn the_page_and_its_files_are_served() {
    let server = GuiServer::start(&[]);
    let get = |path: &str| {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            server.port
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    };
    let index = get("/");
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    assert!(index.contains("text/html"));
    assert!(get("/app.js").contains("text/javascript"));
    assert!(get("/nosuch.js").starts_with("HTTP/1.1 404"));
    assert!(get("/../Cargo.toml").starts_with("HTTP/1.1 404"));
}

#[test]
fn engine_against_engine_plays_on_by_itself() {
    let server = GuiServer::start(&["--variant", "checkercapture"]);
    let mut board = server.board();
    board.expect("state", 10);
    board.send(r#"{"type":"players","white":"engine","black":"engine"}"#);
    let later = board
        .until(30, |m| m["type"] == "state" && m["ply"].as_u64() >= Some(4))
        .expect("the engines play four plies");
    assert_eq!(
        later["history"].as_array().unwrap().len() as u64,
        later["ply"].as_u64().unwrap()
    );
    // a human takes over: the engine stops moving for White
    board.send(r#"{"type":"players","white":"human","black":"human"}"#);
    let settled = board.expect("state", 10);
    assert_eq!(settled["players"]["white"], "human");
}

#[test]
fn analysis_gives_multipv_lines_and_stops() {
    let server = GuiServer::start(&[]);
    let mut board = server.board();
    board.expect("state", 10);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    board.send(r#"{"type":"option","name":"MultiPV","value":3}"#);
    board.send(r#"{"type":"analyze","on":true}"#);
    let info = board
        .until(20, |m| {
            m["type"] == "info" && m["lines"].as_array().map(Vec::len) == Some(3)
        })
        .expect("three analysis lines");
    let line = &info["lines"][0];
    assert!(line["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    assert!(line["white_cp"].is_i64() && line["depth"].as_u64() >= Some(1));
    let stopped = state_after(&mut board, r#"{"type":"analyze","on":false}"#);
    assert_eq!(stopped["analyzing"], false);
    // the engine does not analyse while it is to play a move
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"engine"}"#,
    );
}

#[test]
fn a_flag_fall_loses_on_time() {
    let server = GuiServer::start(&[]);
    let mut board = server.board();
    board.expect("state", 10);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    let clocked = state_after(&mut board, r#"{"type":"clock","base_ms":400,"inc_ms":0}"#);
    assert_eq!(clocked["clock"]["white_ms"], 400);
    // the clock starts with the first move: Black's time runs out
    state_after(&mut board, r#"{"type":"move","text":"e2e4"}"#);
    let over = board
        .until(10, |m| m["type"] == "state" && !m["result"].is_null())
        .expect("a result on time");
    assert_eq!(over["result"]["score"], "1-0");
    assert!(over["result"]["reason"].as_str().unwrap().contains("time"));
    board.send(r#"{"type":"move","text":"e7e5"}"#);
    let refused = board.expect("error", 10);
    assert!(refused["message"].as_str().unwrap().contains("over"));
}

#[test]
fn open_games_are_capped_and_a_closed_tab_frees_its_place() {
    let server = GuiServer::start(&[]);
    let mut boards: Vec<_> = (0..escalade::gui::socket::MAX_GAMES)
        .map(|_| {
            let mut board = server.board();
            board.expect("hello", 10);
            board
        })
        .collect();
    let origin = format!("http://127.0.0.1:{}", server.port);
    assert!(server.connect(Some(&origin)).is_err(), "one board too many");
    boards.pop().expect("a board").close();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut again = loop {
        if let Ok(board) = server.connect(Some(&origin)) {
            break board;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the closed tab's place stays taken"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    again.expect("state", 10);
}
