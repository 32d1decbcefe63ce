//! The core's generic suite (FEN and move-text round trips, copy-make, incremental hash,
//! perft paths, random play) on the start position and busier positions, plus bad input.

mod common;

use escalade_core::testsuite::{random_playouts, run_suite};
use escalade_core::MoveError;
use escalade_core::{MoveNotation, Rules, SearchHints};
use escalade_laddershogi::LadderShogi;

/// Middlegame-like positions with Crickets, Dragons, Kappas, a Burakumin and hands.
pub fn extra_fens() -> Vec<String> {
    vec![
        common::fen(
            "U a1, K f1, Dr e3, Cr g3, Kp d5, V3 d3, V5 e4, V1 f4, V8 h3, L c1, H d2",
            "K e10, Dr d9, Cr f9, Kp g6, V2 d8, V4 e8, V6 f7, V9 c7, L h10, Nj b10",
            "2VLh",
            'w',
        ),
        common::fen(
            "K e1, Cr d2, Dr f2, V7 e3, V2 d3, V4 f3, V10 c4, R a2, Kp h4",
            "K f10, Cr e9, Dr g9, V6 f8, V3 e8, V2 g8, B c8, Kp c6, N h7",
            "VCvp",
            'b',
        ),
    ]
}

#[test]
fn generic_suite() {
    let fens = extra_fens();
    let extra: Vec<&str> = fens.iter().map(String::as_str).collect();
    run_suite::<LadderShogi>(&extra, 4, 40);
}

#[test]
fn long_random_games_never_panic() {
    let start = LadderShogi::startpos(0);
    let plies = random_playouts(&start, 3, 160, 42);
    assert!(plies > 100);
}

#[test]
fn bad_fens_are_errors() {
    for bad in [
        "",
        "10/10/10 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 x - 0",
        "5k4/10/10/10/10/10/10/10/10/5K3 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K5 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5Q4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/10 w - 0",
        "5k4/10/10/10/10/10/10/10/10/4V0K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/4V K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w 99V 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w 3 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w Q 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w - x",
        "5k4/10/10/10/10/10/10/10/4U5/5K4 w - 0",
        "5kV13/10/10/10/10/10/10/10/10/5K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5Kk3 w - 0",
    ] {
        assert!(
            LadderShogi::from_fen(0, bad).is_err(),
            "{bad:?} was accepted"
        );
    }
}

#[test]
fn bad_moves_are_errors() {
    let p = LadderShogi::startpos(0);
    let unparsable = [
        "",
        "z9-z10",
        "e3",
        "e3-e11",
        "e3-e4,e4-e5,e5-e6",
        "Q@e5",
        "e3-e4[",
        "e3xe4[d5]",
        "e3-e4 junk",
    ];
    for text in unparsable {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Unparsable(_))),
            "{text:?}"
        );
    }
    let illegal = [
        "e3-e5",
        "e8-e7",
        "a1-a2",
        "V@e5",
        "e4-e5",
        "f3-f4",
        "e3-e4,e4-e5",
        "e3-e4,f3-f4",
    ];
    for text in illegal {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal(_))),
            "{text:?}"
        );
    }
}

#[test]
fn gui_fen_and_moves_round_trip() {
    use escalade_core::GuiBoard;
    let layout = LadderShogi::gui_layout(0);
    assert!(layout.fits_xboard());
    assert_eq!(LadderShogi::gui_pieces(0).len(), 21);
    let mut positions = vec![LadderShogi::startpos(0)];
    for f in extra_fens() {
        positions.push(LadderShogi::from_fen(0, &f).unwrap());
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
    use escalade_core::GuiBoard;
    use escalade_core::SeededRng;
    use rand::seq::SliceRandom;
    use rand::Rng;
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
    use escalade_core::GuiBoard;
    // White V6 on e5 captures the Black V8 on e6; V5 on d5 and V3 on f5 can take the excess.
    let p = LadderShogi::from_fen(0, "4k5/10/10/10/4v85/3V5V6V34/10/10/10/4K5 w - 0").unwrap();
    let kept = p.parse_gui_move("e4e5q").unwrap();
    assert!(kept.sub_moves().all(|s| s.split == 0));
    let given = p.parse_gui_move("e4e5q[d4=2]").unwrap();
    assert_eq!(p.move_text(given), "e5xe6[d5=2]");
    assert_eq!(p.gui_move_text(given), "e4e5q[d4=2]");
    assert!(p.parse_gui_move("e4e5q[d4=2][]x").is_err());
}
