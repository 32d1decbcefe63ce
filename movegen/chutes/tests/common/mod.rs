//! Helpers shared by the tests: positions written as in section 3 of the rules file
//! (`W: K0h1 0e2; B: K0e5`), legality queries by move text, and Part 1 sets.
#![allow(dead_code)]

use escalade_core::{MoveNotation, Rules};
use std::collections::BTreeSet;

use escalade_chutes::{parse_square, Chutes, Move, Part2};
use escalade_core::{Bitboard, Color};

/// A position from piece lists (`K0h1 R0e1 0e2`, pawns without letter), things in FEN
/// form (`ce3,Ld8` or `-`), the side to move (`w`/`b`); no castling, no en passant.
pub fn setup(white: &str, black: &str, things: &str, side: char) -> Chutes {
    let mut grid = [[['.'; 8]; 8]; 2];
    for (list, upper) in [(white, true), (black, false)] {
        for tok in list.split_whitespace() {
            let (letter, sq) = if tok.len() == 4 {
                (tok.chars().next().unwrap(), &tok[1..])
            } else {
                ('P', tok)
            };
            let s = parse_square(sq).unwrap_or_else(|| panic!("bad square {tok}"));
            let c = if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            grid[(s >> 6) as usize][((s >> 3) & 7) as usize][(s & 7) as usize] = c;
        }
    }
    let boards: Vec<String> = grid
        .iter()
        .map(|board| {
            (0..8)
                .rev()
                .map(|r| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for &c in &board[r] {
                        if c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                    }
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    row
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    let fen = format!("{}|{} {side} - - {things} - 0 1", boards[0], boards[1]);
    Chutes::from_fen(0, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Whether the move text is legal.
pub fn legal(pos: &Chutes, text: &str) -> bool {
    pos.parse_move(text).is_ok()
}

/// Plays a legal move text (panics with the reason otherwise).
pub fn play(pos: &Chutes, text: &str) -> Chutes {
    let m = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
    pos.play(m)
}

/// The texts of every legal Part 1.
pub fn part1_set(pos: &Chutes) -> BTreeSet<String> {
    let mut moves: Vec<Move> = Vec::new();
    pos.generate_moves(&mut moves);
    moves
        .iter()
        .filter(|m| m.part2() == Part2::Nothing)
        .map(|&m| pos.part1_text(m))
        .collect()
}

/// The man on a square, as a FEN letter.
pub fn man(pos: &Chutes, sq: &str) -> Option<char> {
    let s = parse_square(sq).unwrap();
    pos.men().kinds.iter().position(|b| b.has(s)).map(|k| {
        let c = ['P', 'N', 'B', 'R', 'Q', 'K'][k];
        if pos.men().sides[0].has(s) {
            c
        } else {
            c.to_ascii_lowercase()
        }
    })
}

/// Whether the King of `side` on `sq` is attacked.
pub fn king_in_check(pos: &Chutes, sq: &str) -> bool {
    let s = parse_square(sq).unwrap();
    let side = if pos.men().sides[0].has(s) {
        Color::White
    } else {
        Color::Black
    };
    pos.men().attacked(s, !side, pos.men().occupied())
}
