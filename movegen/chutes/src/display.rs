//! A terminal drawing of a position: both boards side by side, things drawn on their
//! entrance squares (`L`/`l` a White/Black-owned ladder on board 0, `C`/`c` a chute on board
//! 1), then the side to move, the things with owners, castling and en passant.

use std::fmt::Write;

use escalade_core::Color;

use crate::position::Chutes;
use crate::square::{fr_name, square, square_name};

impl Chutes {
    /// The drawing shown by `board_text`.
    pub fn drawing(&self) -> String {
        let mut s = String::from("     board 0                  board 1\n");
        for rank in (0..8u8).rev() {
            for board in 0..2u8 {
                let _ = write!(s, "{} ", rank + 1);
                for file in 0..8u8 {
                    let sq = square(board, file, rank);
                    let c = match self.men.at(sq) {
                        Some((side, kind)) => {
                            let c = kind.letter();
                            if side == Color::White {
                                c
                            } else {
                                c.to_ascii_lowercase()
                            }
                        }
                        None => self.thing_marker(board, rank * 8 + file),
                    };
                    let _ = write!(s, " {c}");
                }
                s.push_str(if board == 0 { "     " } else { "\n" });
            }
        }
        s.push_str("   a b c d e f g h          a b c d e f g h\n");
        let mover = if self.first_turn {
            "White to move (first turn: no Part 2)"
        } else {
            self.side.name()
        };
        let _ = write!(
            s,
            "{}{}",
            mover,
            if self.first_turn { "" } else { " to move" }
        );
        if self.in_check_any() {
            s.push_str(", in check");
        }
        s.push('\n');
        let mut things = Vec::new();
        for fr in 0..64u8 {
            if let Some((chute, owner)) = self.thing_at(fr) {
                things.push(format!(
                    "{} {} ({})",
                    if chute { "chute" } else { "ladder" },
                    fr_name(fr),
                    owner.name()
                ));
            }
        }
        let _ = writeln!(
            s,
            "things: {}",
            if things.is_empty() {
                "none".into()
            } else {
                things.join(", ")
            }
        );
        if let Some((t, v)) = self.en_passant() {
            let _ = writeln!(
                s,
                "en passant: capture on {} removes the pawn on {}",
                square_name(t),
                square_name(v)
            );
        }
        let _ = writeln!(s, "FEN: {}", self.fen());
        s
    }

    fn thing_marker(&self, board: u8, fr: u8) -> char {
        match self.thing_at(fr) {
            Some((false, owner)) if board == 0 => {
                if owner == Color::White {
                    'L'
                } else {
                    'l'
                }
            }
            Some((true, owner)) if board == 1 => {
                if owner == Color::White {
                    'C'
                } else {
                    'c'
                }
            }
            _ => '.',
        }
    }

    fn in_check_any(&self) -> bool {
        self.king_attacked(self.side)
    }
}
