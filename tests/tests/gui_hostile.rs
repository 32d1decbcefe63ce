//! The browser board's server against careless and hostile clients (issue #82), through the
//! real binary (`escalade gui --port 0`), real WebSocket connections and raw HTTP: a
//! refused request leaves the engine's move, an analysis and the clocks alone; taking back
//! a loss on time gives back the clocks of that ply; a page that does not read is closed;
//! all tabs share one hash budget; a request for another host gets 403.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use escalade_tests::gui::{Board, GuiServer};
use serde_json::Value;

fn state_after(board: &mut Board, message: &str) -> Value {
    board.send(message);
    board.expect("state", 10)
}

/// A new board with its greeting and first state read.
fn opened(server: &GuiServer) -> Board {
    let mut board = server.board();
    board.expect("hello", 10);
    board.expect("state", 10);
    board
}

/// Requests the game refuses in FIDE chess after 1. e4 with Black to move (an engine) or
/// White (a human: the move texts are then illegal); `Hash 1000` passes a 64 MB budget.
const REFUSED: &[&str] = &[
    r#"{"type":"fen","fen":"garbage"}"#,
    r#"{"type":"move","text":"e2e5"}"#,
    r#"{"type":"undo","turns":5}"#,
    r#"{"type":"view","ply":99}"#,
    r#"{"type":"preview","moves":["nonsense"]}"#,
    r#"{"type":"new","variant":"nosuch"}"#,
    r#"{"type":"option","name":"Nope","value":1}"#,
    r#"{"type":"option","name":"Hash","value":"many"}"#,
    r#"{"type":"option","name":"Hash","value":1000}"#,
    r#"{"type":"option","name":"Seed","value":5}"#,
    r#"{"type":"pgn_import","pgn":"1. e4 (e5"}"#,
    r#"{"type":"pgn_import","pgn":"1. e4 e4 *"}"#,
    r#"{"type":"pgn_import","pgn":"[Variant \"nosuch\"]\n\n*"}"#,
    r#"{"type":"players","white":"cat","black":"human"}"#,
];

/// Reads the answers to `count` refused requests: every message until the last error, which
/// must hold no `state` (nothing changed).
fn errors(board: &mut Board, count: usize) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut errors = 0;
    while errors < count {
        let message = board
            .until(10, |m| m["type"] != "note")
            .unwrap_or_else(|| panic!("{errors} of {count} errors came"));
        assert_ne!(
            message["type"], "state",
            "a refused request changed the game"
        );
        if message["type"] == "error" {
            errors += 1;
        }
        seen.push(message);
    }
    seen
}

#[test]
fn a_refused_fen_leaves_the_engines_move_and_its_clock_alone() {
    let server = GuiServer::start(&[]);
    let mut board = opened(&server);
    state_after(&mut board, r#"{"type":"clock","base_ms":3000,"inc_ms":0}"#);
    // the engine (Black) thinks when the bad FEN comes
    board.send(r#"{"type":"move","text":"e2e4"}"#);
    board.send(r#"{"type":"fen","fen":"garbage"}"#);
    let error = board.expect("error", 10);
    assert_eq!(error["request"], "fen");
    let moved = board
        .until(15, |m| m["type"] == "state" && m["ply"] == 2)
        .expect("the engine still moves after a refused FEN");
    assert!(moved["result"].is_null(), "{}", moved["result"]);
    assert_eq!(moved["clock"]["running"], "white");
}

#[test]
fn refused_requests_leave_the_engines_move_alone() {
    let server = GuiServer::start(&["--hash-budget", "64"]);
    let mut board = opened(&server);
    // without a clock the engine thinks one second: every refusal comes while it thinks
    board.send(r#"{"type":"move","text":"e2e4"}"#);
    for request in REFUSED.iter().chain(&[
        r#"{"type":"move","text":"e7e5"}"#,
        r#"{"type":"analyze","on":true}"#,
    ]) {
        board.send(request);
    }
    let thinking = board.expect("state", 10);
    assert_eq!(
        (thinking["ply"].as_u64(), thinking["thinking"].as_bool()),
        (Some(1), Some(true))
    );
    errors(&mut board, REFUSED.len() + 2);
    let moved = board.expect("state", 15);
    assert_eq!(moved["ply"], 2, "the engine's move is the next change");
    assert_eq!(moved["history"][0]["text"], "e2e4");
}

#[test]
fn refused_requests_leave_an_analysis_running() {
    let server = GuiServer::start(&["--hash-budget", "64"]);
    let mut board = opened(&server);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    let analysing = state_after(&mut board, r#"{"type":"analyze","on":true}"#);
    assert_eq!(analysing["analyzing"], true);
    let depth = |m: &Value| m["lines"][0]["depth"].as_u64().unwrap_or(0);
    let deep = board
        .until(20, |m| m["type"] == "info" && depth(m) >= 3)
        .expect("the analysis reaches depth 3");
    for request in REFUSED {
        board.send(request);
    }
    // every line after the refusals goes on from where the analysis was: none restarted it
    for message in errors(&mut board, REFUSED.len()) {
        if message["type"] == "info" {
            assert!(depth(&message) >= depth(&deep), "the analysis restarted");
        }
    }
    // and it still runs: stopping it is answered
    board.send(r#"{"type":"analyze","on":false}"#);
    let stopped = board
        .until(10, |m| {
            assert!(m["type"] != "info" || depth(m) >= depth(&deep), "restarted");
            m["type"] == "state"
        })
        .expect("the analysis was still running");
    assert_eq!(stopped["analyzing"], false);
}

#[test]
fn take_back_after_a_loss_on_time_restores_the_clocks() {
    let server = GuiServer::start(&[]);
    let mut board = opened(&server);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    state_after(&mut board, r#"{"type":"clock","base_ms":1000,"inc_ms":0}"#);
    state_after(&mut board, r#"{"type":"move","text":"e2e4"}"#);
    let lost = board
        .until(10, |m| m["type"] == "state" && !m["result"].is_null())
        .expect("Black loses on time");
    assert_eq!(lost["clock"]["black_ms"], 0);
    let back = state_after(&mut board, r#"{"type":"undo","turns":1}"#);
    assert!(back["result"].is_null());
    assert_eq!(back["clock"]["white_ms"], 1000);
    assert_eq!(
        back["clock"]["black_ms"], 1000,
        "Black's time as it was at ply 0"
    );
    assert!(
        back["clock"]["running"].is_null(),
        "a clock starts with the first move"
    );
    // the same move again does not lose at once: Black has its time and may answer
    let again = state_after(&mut board, r#"{"type":"move","text":"e2e4"}"#);
    assert!(again["result"].is_null());
    assert!(
        again["clock"]["black_ms"].as_u64() > Some(500),
        "{}",
        again["clock"]
    );
    let answered = state_after(&mut board, r#"{"type":"move","text":"e7e5"}"#);
    assert_eq!(answered["ply"], 2);
    assert!(answered["result"].is_null());
    assert_eq!(answered["clock"]["running"], "white");
}

/// The server's resident memory in KB (Linux), if it can be read.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_page_that_does_not_read_is_closed() {
    let mut server = GuiServer::start(&[]);
    let mut board = opened(&server);
    state_after(
        &mut board,
        r#"{"type":"players","white":"human","black":"human"}"#,
    );
    let before = resident_kb(server.pid());
    // each request is answered by a state of about 9 KB, which this page never reads; it
    // sends on until the server closes the connection (a send fails)
    let request = r#"{"type":"players","white":"human","black":"human"}"#;
    let started = Instant::now();
    let mut sent = 0;
    while board.try_send(request) {
        sent += 1;
        if sent % 100 == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the server still takes requests after {sent}: it keeps every answer"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    println!("closed after {sent} requests, {:?}", started.elapsed());
    let read = board
        .read_until_closed(10)
        .expect("the connection is closed");
    assert!(
        read < sent,
        "{read} answers of {sent} requests were kept for the page"
    );
    if let (Some(before), Some(after)) = (before, resident_kb(server.pid())) {
        let grown_mb = after.saturating_sub(before) / 1024;
        println!("sent {sent}, read {read}, the server grew by {grown_mb} MB");
        assert!(grown_mb < 40, "the server grew by {grown_mb} MB");
    }
    assert!(server.alive());
    let mut other = opened(&server);
    state_after(&mut other, r#"{"type":"move","text":"e2e4"}"#);
}

/// The reply to sending `option Hash MB`: `None` when accepted, else the error's text (a
/// `view` asked after it marks the end of the answer).
fn set_hash(board: &mut Board, mb: u64) -> Option<String> {
    board.send(&format!(
        r#"{{"type":"option","name":"Hash","value":{mb}}}"#
    ));
    board.send(r#"{"type":"view","ply":0}"#);
    let mut error = None;
    loop {
        let answer = board
            .until(10, |m| m["type"] == "error" || m["type"] == "view")
            .expect("an answer");
        if answer["type"] == "view" {
            return error;
        }
        error = Some(answer["message"].as_str().unwrap().to_string());
    }
}

#[test]
fn the_tabs_share_one_hash_budget() {
    let server = GuiServer::start(&["--hash-budget", "100"]);
    let origin = format!("http://127.0.0.1:{}", server.port);
    let mut first = server.board();
    let hello = first.expect("hello", 10);
    assert_eq!(hello["hash_budget_mb"], 100);
    let hash = hello["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "Hash")
        .expect("Hash is offered");
    assert_eq!(hash["max"], 100);
    first.expect("state", 10);
    let mut second = opened(&server);
    assert_eq!(set_hash(&mut first, 60), None);
    // 60 + 16 held: the second board may grow to 40, no more
    let refused = set_hash(&mut second, 50).expect("50 MB does not fit");
    assert!(refused.contains("largest that fits is 40 MB"), "{refused}");
    assert_eq!(set_hash(&mut second, 40), None);
    assert!(
        server.connect(Some(&origin)).is_err(),
        "the budget is spent: no third board"
    );
    assert!(set_hash(&mut first, 61).is_some(), "the budget is spent");
    // 10 MB left: a new board gets them, and says so
    assert_eq!(set_hash(&mut first, 50), None);
    let mut third = server.board();
    third.expect("hello", 10);
    let note = third.expect("note", 10);
    assert!(
        note["message"].as_str().unwrap().contains("uses 10 MB"),
        "{note}"
    );
    third.expect("state", 10);
    assert!(set_hash(&mut third, 11).is_some());
    // a closed board gives its share back
    second.close();
    let deadline = Instant::now() + Duration::from_secs(10);
    while set_hash(&mut third, 50).is_some() {
        assert!(Instant::now() < deadline, "the share stays held");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_default_hash_budget_is_half_of_the_memory() {
    let server = GuiServer::start(&[]);
    let mut board = server.board();
    let hello = board.expect("hello", 10);
    assert_eq!(
        hello["hash_budget_mb"].as_u64(),
        Some(escalade_engine::max_hash_mb() as u64)
    );
}

/// The status line of `GET /` with `host` as its `Host` header (`None`: no header).
fn status_for_host(port: u16, host: Option<&str>) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
    write!(stream, "GET / HTTP/1.1\r\n{host}Connection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response.lines().next().unwrap_or("").to_string()
}

#[test]
fn a_request_for_another_host_is_refused() {
    let server = GuiServer::start(&[]);
    let port = server.port;
    for good in [
        format!("127.0.0.1:{port}"),
        "127.0.0.1".into(),
        format!("localhost:{port}"),
        "localhost".into(),
    ] {
        let status = status_for_host(port, Some(&good));
        assert!(status.starts_with("HTTP/1.1 200"), "{good}: {status}");
    }
    for bad in [
        Some("evil.example".to_string()),
        Some(format!("evil.example:{port}")),
        Some(format!("127.0.0.1:{}", port.wrapping_add(1))),
        Some(format!("[::1]:{port}")),
        Some(format!("localhost.evil.example:{port}")),
        None,
    ] {
        let status = status_for_host(port, bad.as_deref());
        assert!(status.starts_with("HTTP/1.1 403"), "{bad:?}: {status}");
    }
    // the WebSocket too, even without an Origin
    use tungstenite::client::IntoClientRequest;
    let request = "ws://evil.example/ws".into_client_request().unwrap();
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    assert!(tungstenite::client(request, stream).is_err());
}
