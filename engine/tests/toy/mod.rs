//! Tiny games that exercise the search through the `Position` trait alone: tic-tac-toe
//! (mates and draws), Nim in its normal and misère forms (a side with no move wins or
//! loses), a toggle game (repetitions), a dice game (chance nodes, exact expectimax) and
//! a wide endless game (node limits, threads, stopping).
#![allow(dead_code)]

use escalade_core::{splitmix64, Color, FenError, Form, GameResult, Pruning};
use escalade_core::{MoveNotation, Rules, SearchHints};
use escalade_eval::Evaluate;

const ONE_FORM: &[Form] = &[Form {
    name: "toy",
    aliases: &[],
    description: "a test game",
}];

fn side_from(c: char) -> Result<Color, FenError> {
    Color::from_fen(&c.to_string()).ok_or_else(|| FenError::new("side"))
}

// ---------------------------------------------------------------- tic-tac-toe

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

impl SearchHints for TicTacToe {
    fn move_code(mv: u8) -> u32 {
        mv as u32
    }

    fn is_tactical(&self, _mv: u8) -> bool {
        false
    }

    fn tactical_gain(&self, _mv: u8) -> i32 {
        0
    }
}

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

// ---------------------------------------------------------------- Nim

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

impl SearchHints for Nim {
    const PRUNING: Pruning = Pruning::NONE;

    fn move_code(mv: u8) -> u32 {
        mv as u32
    }

    fn is_tactical(&self, _mv: u8) -> bool {
        false
    }

    fn tactical_gain(&self, _mv: u8) -> i32 {
        0
    }
}

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

// ---------------------------------------------------------------- toggles (repetition)

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

impl SearchHints for Toggles {
    const PRUNING: Pruning = Pruning::NONE;

    fn move_code(mv: u8) -> u32 {
        mv as u32
    }

    fn is_tactical(&self, _mv: u8) -> bool {
        false
    }

    fn tactical_gain(&self, _mv: u8) -> i32 {
        0
    }
}

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

// ---------------------------------------------------------------- dice (chance nodes)

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

impl SearchHints for Dice {
    const PRUNING: Pruning = Pruning::NONE;

    fn move_code(mv: u8) -> u32 {
        mv as u32
    }

    fn is_tactical(&self, _mv: u8) -> bool {
        false
    }

    fn tactical_gain(&self, _mv: u8) -> i32 {
        0
    }
}

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

// ---------------------------------------------------------------- wide (never ends)

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
