//! A terminal drawing of the escalator board: the 8x8 grid with the holes drawn as `##`,
//! the escalator squares slanted (`\` on the left, `/` on the right), and the FEN below.

use escalade_core::Color;

use crate::board::square_at_grid;
use crate::position::Escalator;

/// The drawing (rank 8 at the top).
pub fn board_text(pos: &Escalator) -> String {
    let mut out = String::new();
    for rank in (0..8i8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8i8 {
            let cell = match square_at_grid(file, rank) {
                None => "##".to_string(),
                Some(sq) => {
                    let c = pos.cell(sq);
                    let mark = if c.is_empty() { '.' } else { c.letter() };
                    let slant = match (rank, file) {
                        (3 | 4, 0 | 1) => '\\',
                        (3 | 4, 6 | 7) => '/',
                        _ => ' ',
                    };
                    format!("{slant}{mark}")
                }
            };
            out.push_str(&cell);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("   a  b  c  d  e  f  g  h    (rank 4/5: \\ = ab, bc  / = fg, gh; ## = hole)\n");
    let side = match pos.side() {
        Color::White => "White",
        Color::Black => "Black",
    };
    out.push_str(&format!("{side} to move   {}\n", pos.fen()));
    out
}
