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
        click_tree(&session.click_moves(), &snapshot.picture.pieces)
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

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_session::session::{open, Settings};

    /// The state of Chutes after White's first move (about 3,500 turns, each with a Part 1
    /// stage on its node) stays small enough to send on every move.
    #[test]
    fn chutes_state_with_stages_stays_small() {
        let mut session = open("chutes", Settings::default()).expect("chutes");
        session
            .play("0e2-0e4", Notation::Engine)
            .expect("a legal first move");
        let turns = session.legal_moves(Notation::Engine).len();
        let players = [Player::Human, Player::Engine];
        let text = state(session.as_ref(), None, players, None, false, false).to_string();
        eprintln!("chutes state: {} bytes for {turns} turns", text.len());
        assert!(text.len() < 150_000, "{} bytes", text.len());
    }
}
