//! The terminal drawing of a position: the 8x8 board with coordinates, then the form, side to
//! move, castling rights and clocks.

use escalade_core::Color;

use crate::forms::FORMS;
use crate::position::CheckerCapture;
use crate::tables::square_at;

impl CheckerCapture {
    /// A multi-line drawing (White at the bottom; upper case White, lower case Black).
    pub(crate) fn drawing(&self) -> String {
        let mut s = String::new();
        s.push_str("   +-----------------+\n");
        for rank in (0..8u8).rev() {
            s.push_str(&format!(" {} |", rank + 1));
            for file in 0..8u8 {
                let sq = square_at(file, rank);
                let c = match (self.kind_at(sq), self.color_at(sq)) {
                    (Some(k), Some(Color::White)) => k.letter(),
                    (Some(k), Some(Color::Black)) => k.letter().to_ascii_lowercase(),
                    _ => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push_str(" |\n");
        }
        s.push_str("   +-----------------+\n");
        s.push_str("     a b c d e f g h\n");
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        s.push_str(&format!(
            "{}, {} to move, castling {}, moved pawns {}, {} plies since pawn move or capture",
            FORMS[self.form as usize].name,
            self.side.name(),
            fields[2],
            fields[3],
            self.halfmove
        ));
        s
    }
}
