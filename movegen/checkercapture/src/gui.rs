//! Checker-capture Chess in a grid GUI (XBoard): an ordinary 8x8 board with FIDE pieces
//! (`docs/rules/checkercapture.md`, "GUI mapping"). A single jump goes to the GUI as two legs
//! (`c3d4,d4e5`); longer jump sequences as origin and final square (`c3e7`), since XBoard
//! 4.9.1 garbles three or more legs. Anything the GUI sends is read by `parse_move`.

use escalade_core::GuiBoard;

use crate::position::CheckerCapture;
use crate::types::Move;

impl GuiBoard for CheckerCapture {
    fn gui_move_text(&self, mv: Move) -> String {
        let legs_text = self.xboard_legs(mv);
        let legs: Vec<&str> = legs_text.split(',').collect();
        if legs.len() <= 2 {
            return legs_text;
        }
        let first = legs[0];
        let last = legs[legs.len() - 1];
        match (first.get(..2), last.get(2..)) {
            (Some(origin), Some(rest)) => format!("{origin}{rest}"),
            _ => legs_text,
        }
    }
}
