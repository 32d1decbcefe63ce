//! A dice game: chance nodes, searched by exact expectimax.

use escalade_core::{splitmix64, Color, FenError, Form, GameResult, MoveNotation, Pruning, Rules};
use escalade_eval::Evaluate;

use super::{side_from, ONE_FORM};

/// Each turn the mover takes one point for sure (move 0) or gambles (move 1): nature then
/// gives 4 points with probability 1/3 (outcome 2) or none (outcome 3). The turn number is
/// part of the position, so nothing transposes and a fixed-depth search has an exact
/// expectimax value. FEN: `WHITE BLACK TURN w|b [g]` (`g`: a gamble waits for its roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    points: [i32; 2],
    turn: u32,
    side: Color,
    rolling: bool,
}

impl Dice {
    pub const SURE: u8 = 0;
    pub const GAMBLE: u8 = 1;
    pub const LUCKY: u8 = 2;
    pub const UNLUCKY: u8 = 3;
}

impl Rules for Dice {
    type Move = u8;

    const FORMS: &'static [Form] = ONE_FORM;

    const HAS_CHANCE: bool = true;

    fn startpos(_form: usize) -> Self {
        Dice {
            points: [0, 0],
            turn: 0,
            side: Color::White,
            rolling: false,
        }
    }

    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split(' ').collect();
        if f.len() < 4 {
            return Err(FenError::new("fields"));
        }
        let num = |s: &str| s.parse::<i32>().map_err(|_| FenError::new("number"));
        Ok(Dice {
            points: [num(f[0])?, num(f[1])?],
            turn: num(f[2])? as u32,
            side: side_from(f[3].chars().next().unwrap_or('?'))?,
            rolling: f.get(4) == Some(&"g"),
        })
    }

    fn to_fen(&self) -> String {
        let g = if self.rolling { " g" } else { "" };
        format!(
            "{} {} {} {}{g}",
            self.points[0],
            self.points[1],
            self.turn,
            self.side.fen_char()
        )
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        let a = splitmix64(
            self.points[0] as u64 ^ (self.points[1] as u64) << 20 ^ (self.turn as u64) << 40,
        );
        splitmix64(a ^ self.side.index() as u64 ^ (self.rolling as u64) << 1)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.rolling {
            out.extend([Dice::LUCKY, Dice::UNLUCKY]);
        } else {
            out.extend([Dice::SURE, Dice::GAMBLE]);
        }
    }

    fn play(&self, mv: u8) -> Self {
        let mut p = *self;
        let me = self.side.index();
        match mv {
            Dice::GAMBLE => {
                p.rolling = true;
                return p;
            }
            Dice::SURE => p.points[me] += 1,
            Dice::LUCKY => p.points[me] += 4,
            _ => {}
        }
        p.rolling = false;
        p.turn += 1;
        p.side = !self.side;
        p
    }

    fn in_check(&self) -> bool {
        false
    }

    fn is_chance(&self) -> bool {
        self.rolling
    }

    fn outcome_probability(&self, mv: u8) -> f64 {
        if mv == Dice::LUCKY {
            1.0 / 3.0
        } else {
            2.0 / 3.0
        }
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

quiet_hints!(Dice, Pruning::NONE);

impl MoveNotation for Dice {
    fn move_text(&self, mv: u8) -> String {
        ["sure", "gamble", "lucky", "unlucky"][mv as usize].into()
    }
}

impl Evaluate for Dice {
    fn evaluate(&self) -> i32 {
        // the leader's edge, with a bonus for the side to move so gambles are close calls
        let me = self.side.index();
        (self.points[me] - self.points[1 - me]) * 100 + 7 * (self.turn as i32 % 3)
    }
}
