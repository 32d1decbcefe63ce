//! What protocol fuzzing builds its lines from, per variant: a few FENs, legal moves in
//! engine and GUI notation, and a long random walk of legal moves from the start.

use escalade_core::SeededRng;
use escalade_eval::Evaluate;
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;

use crate::fuzz::corpus;
use escalade_session::registry::{self, GameVisitor};

/// What a variant offers to build lines from (engine and GUI notation).
#[derive(Clone, Debug, Default)]
pub struct Material {
    /// The variant's name.
    pub name: String,
    /// FENs of a few positions of the variant.
    pub fens: Vec<String>,
    /// The same positions as GUI (XBoard) FENs.
    pub gui_fens: Vec<String>,
    /// Up to 6 legal moves of each of those positions, in engine move text.
    pub moves: Vec<String>,
    /// The same moves in GUI move text.
    pub gui_moves: Vec<String>,
    /// A long random walk of legal moves from the start (thousands of plies where the
    /// game allows), in engine move text.
    pub long_walk: Vec<String>,
    /// The same walk in GUI move text.
    pub long_walk_gui: Vec<String>,
}

/// The material of variant `name`; `walk` is the length of the long walk.
pub fn material(name: &str, walk: usize, seed: u64) -> Option<Material> {
    struct Collect(String, usize, u64);
    impl GameVisitor for Collect {
        type Output = Material;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> Material {
            let positions = corpus::<P>(form, self.2, 8);
            let mut m = Material {
                name: self.0,
                ..Material::default()
            };
            let mut moves = Vec::new();
            for p in &positions {
                m.fens.push(p.to_fen());
                m.gui_fens.push(p.gui_fen());
                p.generate_moves(&mut moves);
                m.moves
                    .extend(moves.iter().take(6).map(|&mv| p.move_text(mv)));
                m.gui_moves
                    .extend(moves.iter().take(6).map(|&mv| p.gui_move_text(mv)));
            }
            let mut rng = SeededRng::new(self.2 ^ 0x10_0a);
            let mut pos = P::startpos(form);
            for _ in 0..self.1 {
                pos.generate_moves(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                m.long_walk.push(pos.move_text(mv));
                m.long_walk_gui.push(pos.gui_move_text(mv));
                pos = pos.play(mv);
            }
            m
        }
    }
    registry::dispatch(name, Collect(name.to_string(), walk, seed)).ok()
}
