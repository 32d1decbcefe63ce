//! A move drawn part by part ([`Stage`]): what a board shows after the first clicks of a
//! multi-part move (a jump chain's landings, Chutes' Part 1 before Part 2) instead of the
//! live position, so the player sees each part done before choosing the next. A game gives
//! its stages through `Diagram::move_stage`; the helpers here build one from the live
//! pieces by names alone.

use crate::diagram::Placed;

/// How the board looks part way through a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The pieces standing after the parts done (men captured so far are not among them).
    pub pieces: Vec<Placed>,
    /// The cells of the men captured so far, which a board draws fading where they stood.
    pub captured: Vec<String>,
}

impl Stage {
    /// The stage where the piece on `from` of `live` (the position's pieces) stands on `to`,
    /// and the men on `captured` are gone; `None` when nothing stands on `from`.
    pub fn moved(live: &[Placed], from: &str, to: &str, captured: Vec<String>) -> Option<Stage> {
        let mover = live.iter().find(|p| p.cell == from)?;
        let mut pieces: Vec<Placed> = live
            .iter()
            .filter(|p| p.cell != from && p.cell != to && !captured.contains(&p.cell))
            .cloned()
            .collect();
        pieces.push(Placed {
            cell: to.to_string(),
            man: mover.man.clone(),
        });
        Some(Stage { pieces, captured })
    }

    /// Whether two piece lists hold the same pieces on the same cells, in any order.
    pub fn same_pieces(a: &[Placed], b: &[Placed]) -> bool {
        let key = |p: &Placed| (p.cell.clone(), format!("{:?}", p.man));
        let mut a: Vec<_> = a.iter().map(key).collect();
        let mut b: Vec<_> = b.iter().map(key).collect();
        a.sort();
        b.sort();
        a == b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::chess_placement_pieces;

    #[test]
    fn a_moved_piece_leaves_its_cell_and_the_captured_go() {
        let live = chess_placement_pieces("8/8/8/3p4/2P5/8/8/8");
        let stage = Stage::moved(&live, "c4", "e6", vec!["d5".into()]).unwrap();
        assert_eq!(stage.pieces.len(), 1);
        assert_eq!(stage.pieces[0].cell, "e6");
        assert_eq!(stage.captured, vec!["d5".to_string()]);
        assert!(Stage::moved(&live, "a1", "a2", Vec::new()).is_none());
        let after = chess_placement_pieces("8/8/4P3/8/8/8/8/8");
        assert!(Stage::same_pieces(&stage.pieces, &after));
    }
}
