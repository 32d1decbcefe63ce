//! FIDE chess in a grid GUI: XBoard knows it as `normal`, so nothing needs describing; the
//! move text (`e2e4`, `e7e8q`, castling `e1g1`) and FEN are XBoard's own.

use escalade_fide::Chess;

use crate::GuiBoard;

impl GuiBoard for Chess {
    fn gui_builtin(_form: usize) -> bool {
        true
    }
}
