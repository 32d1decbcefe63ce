//! A toy game for the tuners' tests: two features `x`, `y`, White's view `a * x + b * y`.

use crate::texel::{expected_result, white_score};
use crate::weights::WeightSet;
use crate::{Evaluate, Tunable};
use escalade_core::{
    Color, FenError, Form, GameResult, MoveNotation, Rules, SearchHints, SeededRng,
};

/// A toy position: two features, White's view `a * x + b * y`.
#[derive(Clone, Debug)]
pub struct Toy {
    pub x: i32,
    pub y: i32,
    pub white: bool,
}

impl Rules for Toy {
    type Move = u8;
    const FORMS: &'static [Form] = &[Form {
        name: "toy",
        aliases: &[],
        description: "two features",
    }];
    fn startpos(_: usize) -> Self {
        Toy {
            x: 0,
            y: 0,
            white: true,
        }
    }
    fn from_fen(_: usize, _: &str) -> Result<Self, FenError> {
        Err(FenError::new("no FEN"))
    }
    fn to_fen(&self) -> String {
        format!("{} {} {}", self.x, self.y, self.white)
    }
    fn form(&self) -> usize {
        0
    }
    fn side_to_move(&self) -> Color {
        if self.white {
            Color::White
        } else {
            Color::Black
        }
    }
    fn hash(&self) -> u64 {
        0
    }
    fn hash_from_scratch(&self) -> u64 {
        0
    }
    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
    }
    fn play(&self, _: u8) -> Self {
        self.clone()
    }
    fn in_check(&self) -> bool {
        false
    }
    fn rule_result(&self) -> Option<GameResult> {
        None
    }
    fn no_move_result(&self) -> GameResult {
        GameResult::Draw("none")
    }
    fn reversible_plies(&self) -> u32 {
        0
    }
}

impl SearchHints for Toy {
    fn move_code(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn is_tactical(&self, _: u8) -> bool {
        false
    }
    fn tactical_gain(&self, _: u8) -> i32 {
        0
    }
}

impl MoveNotation for Toy {
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

/// The toy's two weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Ab(pub i32, pub i32);

impl WeightSet for Ab {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        f("a", &mut self.0);
        f("b", &mut self.1);
    }
}

/// The weights the labels are made with.
pub static TRUE: Ab = Ab(100, 300);

impl Tunable for Toy {
    type Weights = Ab;
    fn weights(_: usize) -> &'static Ab {
        &TRUE
    }
    fn evaluate_with(&self, w: &Ab) -> i32 {
        let white = w.0 * self.x + w.1 * self.y;
        if self.white {
            white
        } else {
            -white
        }
    }
}

impl Evaluate for Toy {
    fn evaluate(&self) -> i32 {
        self.evaluate_with(&TRUE)
    }
}

/// Every position with `x`, `y` in -3..=3, both sides to move, labelled by `label`.
pub fn grid(label: impl Fn(&Toy) -> f64) -> Vec<(Toy, f64)> {
    let mut out = Vec::new();
    for x in -3..=3 {
        for y in -3..=3 {
            for white in [true, false] {
                let p = Toy { x, y, white };
                let l = label(&p);
                out.push((p, l));
            }
        }
    }
    out
}

pub fn exact(k: f64) -> impl Fn(&Toy) -> f64 {
    move |p| expected_result(f64::from(white_score(p, &TRUE)), k)
}

/// `count` random positions (`x` in -3..=3, `y` in -2..=2, the side to move alternating),
/// each labelled as a game result, a win (1.0) or a loss (0.0), drawn with the expectation
/// of the true weights at K 1 (seed `seed`).
pub fn game_results(seed: u64, count: usize) -> Vec<(Toy, f64)> {
    let mut rng = SeededRng::new(seed);
    (0..count)
        .map(|i| {
            let p = Toy {
                x: rng.below(7) as i32 - 3,
                y: rng.below(5) as i32 - 2,
                white: i % 2 == 0,
            };
            let e = expected_result(f64::from(white_score(&p, &TRUE)), 1.0);
            let label = if rng.next_f64() < e { 1.0 } else { 0.0 };
            (p, label)
        })
        .collect()
}
