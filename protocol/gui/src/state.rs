//! The `state` message: everything the page draws about the game on the board now.

use escalade_core::{Color, GameResult};
use escalade_session::session::{Notation, Session};
use serde_json::{json, Value};

use crate::clock::GameClock;
use crate::reply::{self, color_name};
use crate::request::Player;
use crate::tree::click_tree;

/// The state of `session` for the page.
pub fn state(
    session: &dyn Session,
    result: Option<GameResult>,
    players: [Player; 2],
    clock: Option<&GameClock>,
    thinking: bool,
    analyzing: bool,
) -> Value {
    let snapshot = session.snapshot();
    let moves = if result.is_some() {
        json!({})
    } else {
        click_tree(&session.click_moves())
    };
    let history: Vec<Value> = session
        .record()
        .into_iter()
        .map(|t| json!({"text": t.text, "record": t.record, "rolls": t.rolls}))
        .collect();
    let legend: Vec<Value> = session
        .legend()
        .into_iter()
        .map(|l| json!({"kind": l.kind, "name": l.name, "moves": l.moves}))
        .collect();
    json!({
        "type": "state",
        "variant": session.variant(),
        "fen": session.fen(Notation::Engine),
        "turn": color_name(session.side_to_move()),
        "ply": session.turns(),
        "picture": reply::picture(&snapshot.picture),
        "moves": moves,
        "check": snapshot.check,
        "checked": snapshot.checked,
        "last": snapshot.last,
        "strokes": snapshot.strokes,
        "history": history,
        "first": color_name(session.first_mover()),
        "result": reply::result(result),
        "players": {"white": players[0].name(), "black": players[1].name()},
        "clock": clock.map(clock_json),
        "thinking": thinking,
        "analyzing": analyzing,
        "legend": legend,
    })
}

fn clock_json(clock: &GameClock) -> Value {
    let ms = |side: Color| clock.left(side).as_millis() as u64;
    json!({
        "white_ms": ms(Color::White),
        "black_ms": ms(Color::Black),
        "inc_ms": clock.increment().as_millis() as u64,
        "base_ms": clock.base().as_millis() as u64,
        "running": clock.running().map(color_name),
    })
}
