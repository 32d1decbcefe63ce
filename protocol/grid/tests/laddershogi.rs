//! Ladder Shogi on XBoard's 10x10 grid: the layout fits, GUI FENs and every legal turn's GUI
//! text read back (the start and two busy positions, then random games, where experience
//! splits appear), XBoard's empty holdings `[-]`, and a GUI move without a split.

use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules, SearchHints};
use escalade_grid::GuiBoard;
use escalade_laddershogi::LadderShogi;
use rand::seq::SliceRandom;
use rand::Rng;

/// The busier positions of the rules crate's suite (`extra_fens` in
/// `movegen/laddershogi/tests/suite.rs`): Crickets, Dragons, Kappas, a Burakumin and hands.
const EXTRA_FENS: [&str; 2] = [
    "1j2k2l2/3d1c4/3v2v45/2v92v64/6p3/3P6/4V5V14/3V3D1CV82/3H6/U1L2K4 w 2VLh 0",
    "5k4/4c1d3/2b1v3v6v23/7n2/2p7/10/2VX4P2/3V2V7V44/R2C1D4/4K5 b VCvp 0",
];

#[test]
fn gui_fen_and_moves_round_trip() {
    let layout = LadderShogi::gui_layout(0);
    assert!(layout.fits_xboard());
    assert_eq!(LadderShogi::gui_pieces(0).len(), 21);
    let mut positions = vec![LadderShogi::startpos(0)];
    for f in EXTRA_FENS {
        positions.push(LadderShogi::from_fen(0, f).unwrap());
    }
    for p in positions {
        let gui = p.gui_fen();
        let back = LadderShogi::from_gui_fen(0, &gui).unwrap_or_else(|e| panic!("{gui}: {e}"));
        assert_eq!(back.hash(), p.hash(), "{gui}");
        let mut moves = Vec::new();
        p.generate_moves(&mut moves);
        for m in moves {
            let text = p.gui_move_text(m);
            assert_eq!(p.parse_gui_move(&text), Ok(m), "{text} in {gui}");
        }
    }
    let start = LadderShogi::startpos(0);
    assert_eq!(
        start.gui_move_text(start.parse_move("e3-e4").unwrap()),
        "e2e3"
    );
    // XBoard writes empty holdings as `[-]` (its own setboard, issue 19)
    let xboard_fen = start.gui_fen().replace("[]", "[-]");
    assert!(xboard_fen.contains("[-]"), "{xboard_fen}");
    let read = LadderShogi::from_gui_fen(0, &xboard_fen).expect("XBoard's empty holdings");
    assert_eq!(read.hash(), start.hash());
}

/// Every legal turn of random games has its own GUI text, and it reads back as that turn
/// (robustness defect 7: splits were dropped).
#[test]
fn gui_move_texts_are_unique_and_read_back_in_random_games() {
    let mut rng = SeededRng::new(77);
    let mut splits = 0;
    let mut moves = Vec::new();
    for game in 0..12 {
        let mut p = LadderShogi::startpos(0);
        for _ in 0..120 {
            p.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mut texts = std::collections::HashSet::new();
            for &m in &moves {
                let text = p.gui_move_text(m);
                splits += text.contains('[') as usize;
                assert!(texts.insert(text.clone()), "{text} twice in {}", p.to_fen());
                assert_eq!(
                    p.parse_gui_move(&text),
                    Ok(m),
                    "game {game}: {text} in {}",
                    p.to_fen()
                );
            }
            // Prefer captures so that stages grow and splits appear.
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| p.is_tactical(m))
                .collect();
            let pool = if captures.is_empty() || rng.gen_bool(0.5) {
                &moves
            } else {
                &captures
            };
            p = p.play(*pool.choose(&mut rng).expect("non-empty"));
        }
    }
    assert!(splits > 0, "no split turn was met");
}

/// A GUI move without a split keeps the excess (XBoard cannot send one).
#[test]
fn gui_move_without_split_keeps_the_excess() {
    // White V6 on e5 captures the Black V8 on e6; V5 on d5 and V3 on f5 can take the excess.
    let p = LadderShogi::from_fen(0, "4k5/10/10/10/4v85/3V5V6V34/10/10/10/4K5 w - 0").unwrap();
    let kept = p.parse_gui_move("e4e5q").unwrap();
    assert!(kept.sub_moves().all(|s| s.split == 0));
    let given = p.parse_gui_move("e4e5q[d4=2]").unwrap();
    assert_eq!(p.move_text(given), "e5xe6[d5=2]");
    assert_eq!(p.gui_move_text(given), "e4e5q[d4=2]");
    assert!(p.parse_gui_move("e4e5q[d4=2][]x").is_err());
}
