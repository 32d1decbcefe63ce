//! A wide endless game: node limits, threads, stopping.

use escalade_core::{
    splitmix64, Color, FenError, Form, GameResult, MoveNotation, Rules, SearchHints,
};
use escalade_eval::Evaluate;

use super::{side_from, ONE_FORM};

/// Eight moves a turn, each worth a pseudo-random amount; the game never ends. Big trees
/// for node limits, stopping and threads. FEN: `TOTAL TURN w|b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide {
    total: i64,
    turn: u32,
    side: Color,
}

impl Wide {
    fn gain(&self, mv: u8) -> i64 {
        (splitmix64((self.turn as u64) << 8 | mv as u64 ^ self.total as u64) % 101) as i64 - 50
    }
}

impl Rules for Wide {
    type Move = u8;

    const FORMS: &'static [Form] = ONE_FORM;

    fn startpos(_form: usize) -> Self {
        Wide {
            total: 0,
            turn: 0,
            side: Color::White,
        }
    }

    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split(' ').collect();
        if f.len() != 3 {
            return Err(FenError::new("fields"));
        }
        Ok(Wide {
            total: f[0].parse().map_err(|_| FenError::new("total"))?,
            turn: f[1].parse().map_err(|_| FenError::new("turn"))?,
            side: side_from(f[2].chars().next().unwrap_or('?'))?,
        })
    }

    fn to_fen(&self) -> String {
        format!("{} {} {}", self.total, self.turn, self.side.fen_char())
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        splitmix64(self.total as u64 ^ (self.turn as u64) << 32 ^ (self.side.index() as u64) << 63)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..8u8);
    }

    fn play(&self, mv: u8) -> Self {
        Wide {
            total: self.total + self.side.sign() as i64 * self.gain(mv),
            turn: self.turn + 1,
            side: !self.side,
        }
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

impl SearchHints for Wide {
    fn move_code(mv: u8) -> u32 {
        mv as u32
    }

    fn is_tactical(&self, mv: u8) -> bool {
        self.gain(mv) > 40
    }

    fn tactical_gain(&self, mv: u8) -> i32 {
        self.gain(mv) as i32
    }

    fn null_move(&self) -> Option<Self> {
        Some(Wide {
            side: !self.side,
            ..*self
        })
    }
}

impl MoveNotation for Wide {
    fn move_text(&self, mv: u8) -> String {
        format!("m{mv}")
    }
}

impl Evaluate for Wide {
    fn evaluate(&self) -> i32 {
        (self.total * self.side.sign() as i64) as i32
    }
}
