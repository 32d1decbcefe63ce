//! A toggle game: repetitions.

use escalade_core::{splitmix64, Color, FenError, Form, GameResult, MoveNotation, Pruning, Rules};
use escalade_eval::Evaluate;

use super::{side_from, ONE_FORM};

/// Each side flips its own switch (the only move, reversible). The evaluation says White
/// is 300 behind, so White is glad of a repetition. FEN: `WBIT BBIT w|b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toggles {
    bits: [bool; 2],
    side: Color,
}

impl Toggles {
    pub fn new(w: bool, b: bool, side: Color) -> Self {
        Toggles { bits: [w, b], side }
    }
}

impl Rules for Toggles {
    type Move = u8;

    const FORMS: &'static [Form] = ONE_FORM;

    fn startpos(_form: usize) -> Self {
        Toggles::new(false, false, Color::White)
    }

    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split(' ').collect();
        if f.len() != 3 {
            return Err(FenError::new("fields"));
        }
        Ok(Toggles::new(
            f[0] == "1",
            f[1] == "1",
            side_from(f[2].chars().next().unwrap_or('?'))?,
        ))
    }

    fn to_fen(&self) -> String {
        format!(
            "{} {} {}",
            self.bits[0] as u8,
            self.bits[1] as u8,
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
        splitmix64(1 + self.bits[0] as u64 + 2 * self.bits[1] as u64 + 4 * self.side.index() as u64)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        out.push(0);
    }

    fn play(&self, _mv: u8) -> Self {
        let mut p = *self;
        p.bits[self.side.index()] ^= true;
        p.side = !self.side;
        p
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
        100
    }
}

quiet_hints!(Toggles, Pruning::NONE);

impl MoveNotation for Toggles {
    fn move_text(&self, _mv: u8) -> String {
        "flip".into()
    }
}

impl Evaluate for Toggles {
    fn evaluate(&self) -> i32 {
        -300 * self.side.sign()
    }
}
