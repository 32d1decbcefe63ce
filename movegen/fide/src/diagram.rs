//! FIDE chess on a drawing board: the 8x8 grid, the orthodox pieces, and each move as the
//! clicks origin, destination and, for a promotion, the piece chosen from a menu.

use escalade_core::Rules;
use escalade_core::{
    chess_choice, chess_legend, chess_placement_pieces, grid_cells, square_name, Click, Diagram,
    Picture, PieceInfo,
};

use crate::{Chess, Move};

impl Diagram for Chess {
    fn picture(&self) -> Picture {
        let fen = self.to_fen();
        let board = fen.split_whitespace().next().unwrap_or_default();
        Picture {
            cells: grid_cells(8, 8, square_name),
            pieces: chess_placement_pieces(board),
            ..Picture::default()
        }
    }

    fn move_clicks(&self, mv: Move) -> Vec<Vec<Click>> {
        let mut clicks = vec![
            Click::Cell(crate::square_name(mv.from())),
            Click::Cell(crate::square_name(mv.to())),
        ];
        if let Some(kind) = mv.promotion() {
            clicks.push(chess_choice(kind.letter()));
        }
        vec![clicks]
    }

    fn legend(_form: usize) -> Vec<PieceInfo> {
        chess_legend()
    }
}
