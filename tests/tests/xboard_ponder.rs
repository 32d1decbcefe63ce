//! XBoard pondering through the real binary: after `hard` the engine searches the position
//! after the expected reply on the opponent's time (thinking lines with `post`), without
//! playing that reply; any command that changes the game stops it, `ping` is answered at
//! once meanwhile, and `easy` switches it off. The expected reply itself turns the same
//! search into the engine's thinking (no restart from depth 1).

use std::thread::sleep;
use std::time::Duration;

use escalade_tests::pipe::xboard;

/// Whether `line` is a thinking line (`DEPTH SCORE TIME NODES PV`).
fn thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() > 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

#[test]
fn the_engine_ponders_on_the_opponents_time_and_keeps_the_game() {
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("st 0.2");
    e.send("usermove e2e4");
    let reply = e.expect("move ");
    // pondering: thinking lines keep coming while the user is to move
    sleep(Duration::from_millis(300));
    let lines = e.sync(1);
    assert!(
        lines.iter().any(|l| thinking(l)),
        "no pondering after {reply}: {lines:?}"
    );
    // the user's move is read on the real game (the expected reply was not played)
    e.send("hint");
    let hint = e.expect("Hint: ");
    let predicted = hint.trim_start_matches("Hint: ").to_string();
    let other = if predicted == "d2d4" { "g1f3" } else { "d2d4" };
    e.send(&format!("usermove {other}"));
    let next = e.expect("move ");
    assert!(!next.contains("Illegal"), "{next}");
    // `force` stops pondering; `undo` then takes back the engine's last move
    sleep(Duration::from_millis(100));
    e.send("force");
    let quiet = e.sync(2);
    sleep(Duration::from_millis(200));
    let after = e.sync(3);
    assert!(
        after.iter().all(|l| !thinking(l)),
        "still pondering: {quiet:?} {after:?}"
    );
    e.send("undo");
    e.send("undo");
    e.send(&format!("usermove {predicted}"));
    let lines = e.sync(4);
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("Illegal") && !l.starts_with("Error")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn easy_switches_pondering_off() {
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("easy");
    e.send("post");
    e.send("st 0.1");
    e.send("usermove e2e4");
    e.expect("move ");
    sleep(Duration::from_millis(200));
    let lines = e.sync(1);
    assert!(lines.iter().all(|l| !thinking(l)), "{lines:?}");
    // and `hard` during the opponent's turn starts at the next engine move
    e.send("hard");
    e.send("usermove d2d4");
    e.expect("move ");
    sleep(Duration::from_millis(300));
    let lines = e.sync(2);
    assert!(lines.iter().any(|l| thinking(l)), "{lines:?}");
    e.send("quit");
    assert!(e.finish().success());
}

/// The depth of a thinking line.
fn depth(line: &str) -> Option<u32> {
    thinking(line)
        .then(|| line.split_whitespace().next()?.parse().ok())
        .flatten()
}

#[test]
fn the_expected_reply_turns_pondering_into_thinking_without_a_restart() {
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("st 0.3");
    e.send("usermove e2e4");
    e.expect("move ");
    e.send("hint");
    let predicted = e.expect("Hint: ").trim_start_matches("Hint: ").to_string();
    sleep(Duration::from_millis(500));
    let before = e.sync(1);
    let deepest = before.iter().filter_map(|l| depth(l)).max().unwrap_or(0);
    assert!(deepest >= 3, "pondered for 0.5 s: {before:?}");
    e.send("time 3000");
    e.send("otim 3000");
    e.send(&format!("usermove {predicted}"));
    let after = e.lines_until("move ");
    assert!(
        after.iter().filter_map(|l| depth(l)).all(|d| d > deepest),
        "the search went on from depth {deepest}: {after:?}"
    );
    assert!(!after
        .iter()
        .any(|l| l.starts_with("Illegal") || l.starts_with("Error")));
    // the game goes on normally: the engine's move was played
    e.send("force");
    e.send("undo");
    let lines = e.sync(2);
    assert!(lines.iter().all(|l| !l.starts_with("Error")), "{lines:?}");
    e.send("quit");
    assert!(e.finish().success());
}
