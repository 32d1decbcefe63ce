//! Helpers shared by the integration tests: positions by form name, sorted move texts.

#![allow(dead_code)]

use escalade_checkercapture::{form_index, CheckerCapture};
use escalade_core::{MoveNotation, Rules};

/// A position of the named form from a FEN.
pub fn pos(form: &str, fen: &str) -> CheckerCapture {
    let f = form_index(form).expect("known form");
    CheckerCapture::from_fen(f, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The start position of the named form.
pub fn start(form: &str) -> CheckerCapture {
    CheckerCapture::startpos(form_index(form).expect("known form"))
}

/// The texts of every legal move, sorted.
pub fn texts(p: &CheckerCapture) -> Vec<String> {
    let mut v = Vec::new();
    p.generate_moves(&mut v);
    let mut t: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    t.sort();
    t
}

/// Plays a sequence of move texts.
pub fn play(p: &CheckerCapture, moves: &[&str]) -> CheckerCapture {
    moves.iter().fold(*p, |p, m| {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
        p.play(mv)
    })
}
