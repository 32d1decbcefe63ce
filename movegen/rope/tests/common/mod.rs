//! Helpers shared by the rope's integration tests.

#![allow(dead_code)]

use escalade_core::{MoveNotation, Rules};
use escalade_rope::{form, Rope};

/// A position of form `form` from a FEN that must be valid.
pub fn pos(form: usize, fen: &str) -> Rope {
    Rope::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A base-game (21 squares) position.
pub fn rope(fen: &str) -> Rope {
    pos(form::ROPE, fen)
}

/// The legal moves' texts, sorted.
pub fn texts(p: &Rope) -> Vec<String> {
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// `expected` sorted, as owned strings.
pub fn sorted(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a sequence of move texts from `p`.
pub fn play_all(p: &Rope, moves: &[&str]) -> Rope {
    moves.iter().fold(p.clone(), |p, m| {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
        p.play(mv)
    })
}
