//! Nim in its normal and misère forms: a side with no move wins or loses.

use escalade_core::{splitmix64, Color, FenError, Form, GameResult, MoveNotation, Pruning, Rules};
use escalade_eval::Evaluate;

use super::side_from;

/// One pile, take 1 to 3. Form 0: taking the last stone wins; form 1 (misère): a side
/// left without stones to take wins. FEN: `PILE w|b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    pile: u32,
    side: Color,
    misere: bool,
}

const NIM_FORMS: &[Form] = &[
    Form {
        name: "nim",
        aliases: &[],
        description: "last stone wins",
    },
    Form {
        name: "nim-misere",
        aliases: &[],
        description: "no move wins",
    },
];

impl Nim {
    pub fn new(pile: u32, misere: bool) -> Self {
        Nim {
            pile,
            side: Color::White,
            misere,
        }
    }
}

impl Rules for Nim {
    type Move = u8;

    const FORMS: &'static [Form] = NIM_FORMS;

    fn startpos(form: usize) -> Self {
        Nim::new(21, form == 1)
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let (pile, side) = fen
            .split_once(' ')
            .ok_or_else(|| FenError::new("no side"))?;
        let pile = pile.parse().map_err(|_| FenError::new("pile"))?;
        Ok(Nim {
            pile,
            side: side_from(side.chars().next().unwrap_or('?'))?,
            misere: form == 1,
        })
    }

    fn to_fen(&self) -> String {
        format!("{} {}", self.pile, self.side.fen_char())
    }

    fn form(&self) -> usize {
        self.misere as usize
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        splitmix64(self.pile as u64 * 2 + self.side.index() as u64)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=3u8).filter(|&t| t as u32 <= self.pile));
    }

    fn play(&self, mv: u8) -> Self {
        Nim {
            pile: self.pile - mv as u32,
            side: !self.side,
            misere: self.misere,
        }
    }

    fn in_check(&self) -> bool {
        false
    }

    fn rule_result(&self) -> Option<GameResult> {
        None
    }

    fn no_move_result(&self) -> GameResult {
        if self.misere {
            GameResult::win(self.side, "no move wins")
        } else {
            GameResult::win(!self.side, "took the last stone")
        }
    }

    fn reversible_plies(&self) -> u32 {
        0
    }
}

quiet_hints!(Nim, Pruning::NONE);

impl MoveNotation for Nim {
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        0
    }
}
