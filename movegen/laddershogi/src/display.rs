//! The terminal drawing of a position: the 10x10 board with stages (White uppercase,
//! Black lowercase, value pieces as V1..V10), both hands and the side to move.

use escalade_core::Color;

use crate::piece::*;
use crate::position::LadderShogi;

impl LadderShogi {
    /// Several lines: Black's hand, the board from rank 10 down, White's hand, side to move.
    pub fn drawing(&self) -> String {
        let mut out = String::new();
        out += &format!("  Black hand: {}\n", self.hand_text(Color::Black));
        out += "     a   b   c   d   e   f   g   h   i   j\n";
        for rank in (0..10).rev() {
            out += &format!("{:>3} ", rank + 1);
            for file in 0..10 {
                let p = self.board[rank * 10 + file];
                let cell = if p.is_empty() {
                    " . ".to_string()
                } else {
                    let mut s = if is_value(p.kind()) {
                        format!("V{}", p.kind())
                    } else {
                        letter(p.kind()).to_string()
                    };
                    if p.color() == Color::Black {
                        s = s.to_ascii_lowercase();
                    }
                    format!("{s:^3}")
                };
                out += &cell;
                out.push(' ');
            }
            out += &format!("{}\n", rank + 1);
        }
        out += "     a   b   c   d   e   f   g   h   i   j\n";
        out += &format!("  White hand: {}\n", self.hand_text(Color::White));
        out += &format!("  {} to move", self.side.name());
        out
    }

    fn hand_text(&self, color: Color) -> String {
        let items: Vec<String> = (0..HAND_KINDS)
            .filter(|&hk| self.hands[color.index()][hk] > 0)
            .map(|hk| format!("{} x{}", HAND_LETTERS[hk], self.hands[color.index()][hk]))
            .collect();
        if items.is_empty() {
            "-".into()
        } else {
            items.join(", ")
        }
    }
}
