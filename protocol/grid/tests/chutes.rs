//! GUI (XBoard) round trips: every GUI FEN reads back as the same position and every legal
//! move's GUI text reads back as that move, in the reported example (docs/robustness.md,
//! defect 5) and along seeded random games (every position's GUI FEN and played move;
//! every legal move of every 8th position, since a turn may have thousands of Part 2s).

use escalade_chutes::Chutes;
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;

fn check_gui_fen(p: &Chutes) {
    let fen = p.to_fen();
    let gui = p.gui_fen();
    let back = Chutes::from_gui_fen(0, &gui)
        .unwrap_or_else(|e| panic!("GUI FEN {gui} of {fen} does not read back: {e}"));
    assert_eq!(
        back.to_fen(),
        fen,
        "GUI FEN {gui} reads back as another position"
    );
}

fn check_gui_move(p: &Chutes, mv: <Chutes as Rules>::Move) {
    let text = p.gui_move_text(mv);
    let back = p
        .parse_gui_move(&text)
        .unwrap_or_else(|e| panic!("GUI move {text} does not read back in {}: {e}", p.to_fen()));
    assert_eq!(
        back,
        mv,
        "GUI move {text} ({}) reads back as {} in {}",
        p.move_text(mv),
        p.move_text(back),
        p.to_fen()
    );
}

#[test]
fn en_passant_victim_on_the_other_board_reads_back() {
    // After random play: Black's d7-d5 on board 0 landed on a ladder entrance and the pawn
    // went up to 1d5 (GUI l5); the target stays 0d6 (GUI d6).
    let bare = "rnbqkbnrrnbqkb1r/pp2p1pppppppnpp/2p2p3C3c2/3L1p4Cp2c1/1l1l12/P1P9P3/\
                RPQPPPPPPPPPNPPP/1NB1KBNRRNBQKB1R w HPIhapi d6 0 7";
    assert!(
        Chutes::from_gui_fen(0, bare).is_err(),
        "the victim is not on 0d5"
    );
    let named = bare.replace(" d6 ", " d6:l5 ");
    let p = Chutes::from_gui_fen(0, &named).expect("victim named");
    assert_eq!(p.en_passant(), Some((43, 64 + 35)));
    assert_eq!(p.gui_fen(), named);
    check_gui_fen(&p);
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    for &mv in &moves {
        check_gui_move(&p, mv);
    }
}

#[test]
fn plain_en_passant_field_is_unchanged() {
    let fen = "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12";
    let p = Chutes::from_fen(0, fen).unwrap();
    assert!(p.gui_fen().contains(" d6 "), "{}", p.gui_fen());
    check_gui_fen(&p);
}

#[test]
fn random_games_round_trip() {
    let mut rng = SeededRng::new(0xc407);
    let mut moves = Vec::new();
    let (mut plies, mut full, mut en_passant) = (0, 0, 0);
    while plies < 3_000 {
        let mut p = Chutes::startpos(0);
        for ply in 0..400 {
            check_gui_fen(&p);
            en_passant += usize::from(p.en_passant().is_some());
            if p.rule_result().is_some() {
                break;
            }
            p.generate_moves(&mut moves);
            if ply % 8 == 0 {
                full += 1;
                for &mv in &moves {
                    check_gui_move(&p, mv);
                }
            }
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            check_gui_move(&p, mv);
            p = p.play(mv);
            plies += 1;
        }
    }
    println!("{plies} plies, {full} positions with every move checked, {en_passant} e.p. rights");
    assert!(en_passant > 0);
}
