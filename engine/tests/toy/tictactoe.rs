//! Tic-tac-toe: mates and draws, searched to the end.

use escalade_core::{splitmix64, Color, FenError, Form, GameResult, MoveNotation, Pruning, Rules};
use escalade_eval::Evaluate;

use super::{side_from, ONE_FORM};

/// Tic-tac-toe: White is X. FEN: nine characters `X`, `O`, `.` then ` w` or ` b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    marks: [u16; 2],
    side: Color,
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

impl TicTacToe {
    fn won(&self, c: Color) -> bool {
        LINES.iter().any(|&l| self.marks[c.index()] & l == l)
    }
}

impl Rules for TicTacToe {
    type Move = u8;

    const FORMS: &'static [Form] = ONE_FORM;

    fn startpos(_form: usize) -> Self {
        TicTacToe {
            marks: [0, 0],
            side: Color::White,
        }
    }

    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        let (board, side) = fen
            .split_once(' ')
            .ok_or_else(|| FenError::new("no side"))?;
        let mut p = TicTacToe {
            marks: [0, 0],
            side: side_from(side.chars().next().unwrap_or('?'))?,
        };
        for (i, ch) in board.chars().enumerate() {
            match ch {
                'X' => p.marks[0] |= 1 << i,
                'O' => p.marks[1] |= 1 << i,
                '.' => {}
                _ => return Err(FenError::new("square")),
            }
        }
        Ok(p)
    }

    fn to_fen(&self) -> String {
        let board: String = (0..9)
            .map(|i| {
                if self.marks[0] >> i & 1 == 1 {
                    'X'
                } else if self.marks[1] >> i & 1 == 1 {
                    'O'
                } else {
                    '.'
                }
            })
            .collect();
        format!("{board} {}", self.side.fen_char())
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        splitmix64(
            (self.marks[0] as u64)
                | (self.marks[1] as u64) << 16
                | (self.side.index() as u64) << 32,
        )
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    fn generate_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.rule_result().is_some() {
            return;
        }
        let taken = self.marks[0] | self.marks[1];
        out.extend((0..9u8).filter(|&i| taken >> i & 1 == 0));
    }

    fn play(&self, mv: u8) -> Self {
        let mut p = *self;
        p.marks[self.side.index()] |= 1 << mv;
        p.side = !self.side;
        p
    }

    fn in_check(&self) -> bool {
        false
    }

    fn rule_result(&self) -> Option<GameResult> {
        for c in Color::BOTH {
            if self.won(c) {
                return Some(GameResult::win(c, "three in a row"));
            }
        }
        None
    }

    fn no_move_result(&self) -> GameResult {
        GameResult::Draw("board full")
    }

    fn reversible_plies(&self) -> u32 {
        0
    }
}

quiet_hints!(TicTacToe, Pruning::ALL);

impl MoveNotation for TicTacToe {
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

impl Evaluate for TicTacToe {
    fn evaluate(&self) -> i32 {
        0
    }
}
