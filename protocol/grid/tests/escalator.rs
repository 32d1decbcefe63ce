//! GUI (XBoard) round trips: every legal move's grid text reads back as that move, and every
//! GUI FEN reads back as the same position, in the reported examples (docs/robustness.md,
//! defect 4) and along seeded random games of every form (double steps favoured a little, so
//! that e.p. positions come up).

use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_escalator::{Escalator, MoveKind, FORMS, FORM_ALMOST, FORM_NOLEAP, FORM_STANDARD};
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;
use rand::Rng;

/// Checks the GUI FEN and every legal move's GUI text of `p`; returns how many moves were
/// e.p. captures.
fn check_gui(p: &Escalator) -> usize {
    let fen = p.to_fen();
    let gui_fen = p.gui_fen();
    let back = Escalator::from_gui_fen(p.form(), &gui_fen)
        .unwrap_or_else(|e| panic!("GUI FEN {gui_fen} of {fen} does not read back: {e}"));
    assert_eq!(
        back.to_fen(),
        fen,
        "GUI FEN {gui_fen} reads back as another position"
    );
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let mut en_passant = 0;
    for mv in moves {
        let text = p.gui_move_text(mv);
        let parsed = p
            .parse_gui_move(&text)
            .unwrap_or_else(|e| panic!("GUI move {text} does not read back in {fen}: {e}"));
        assert_eq!(
            parsed,
            mv,
            "GUI move {text} ({}) reads back as {} in {fen}",
            p.move_text(mv),
            p.move_text(parsed)
        );
        en_passant += usize::from(mv.kind == MoveKind::EnPassant);
    }
    en_passant
}

fn pos(form: usize, fen: &str) -> Escalator {
    Escalator::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn gui_fen_with_two_possible_crabs_names_the_crab() {
    // the board turned over, colours exchanged (the engine's Black is XBoard's White)
    let gui = "rnbq1bnr/p3k3/3pp1p1/pp*1N*pp/2*2*1P/N1PPB3/PP2PPP1/R3KB1R w KQ b6 0 9";
    // the crab on a5 (ab4) or the one on b5 (bc4) may have passed b6 (b3): the bare field
    // is refused, the field with the crab's grid square reads
    assert!(Escalator::from_gui_fen(FORM_NOLEAP, gui).is_err());
    for (crab, engine) in [("a5", "ab4"), ("b5", "bc4")] {
        let named = gui.replace(" b6 ", &format!(" b6:{crab} "));
        let p = Escalator::from_gui_fen(FORM_NOLEAP, &named).expect("named crab");
        assert!(
            p.to_fen().contains(&format!(" b3:{engine} ")),
            "{}",
            p.to_fen()
        );
        assert_eq!(p.gui_fen(), named);
        check_gui(&p);
    }
    // the engine form of the field (escalator names) is not a grid name
    assert!(Escalator::from_gui_fen(FORM_NOLEAP, &gui.replace(" b6 ", " b6:ab4 ")).is_err());
}

#[test]
fn quiet_diagonal_step_and_en_passant_differ() {
    let p = pos(
        FORM_STANDARD,
        "r1b1kbnr/c2c1cc1/n1c2cc1/qC4/2cC2/NCC3CN/1B1C1C1C/R2QKB1R b KQkq e3 0 10",
    );
    let quiet = p.parse_move("d4e3").expect("quiet step");
    let ep = p.parse_move("d4xe3").expect("e.p. capture");
    // grid rank r is the board's rank 9 - r
    assert_eq!(p.gui_move_text(quiet), "d5e6");
    assert_eq!(p.gui_move_text(ep), "d5e5,e5e6");
    assert_eq!(p.parse_gui_move("d5e6"), Ok(quiet));
    assert_eq!(p.parse_gui_move("d5e5,e5e6"), Ok(ep));
    assert_eq!(check_gui(&p), 1);
}

#[test]
fn escalator_square_steps_read_back() {
    let p = pos(
        FORM_ALMOST,
        "r4bnr/1b2kc1c/1aBc3c/c4N/Ccc3/C1A1C1CC/2C1CC2/RNB1K2R b K b3 0 17",
    );
    let step = p.parse_move("bc4b3").expect("legal");
    assert_eq!(p.gui_move_text(step), "b5b6");
    assert_eq!(p.parse_gui_move("b5b6"), Ok(step));
    assert_eq!(check_gui(&p), 1);
}

#[test]
fn random_games_of_every_form_round_trip() {
    let mut rng = SeededRng::new(0xe5ca);
    let mut moves = Vec::new();
    for (form, info) in FORMS.iter().enumerate() {
        let (mut plies, mut en_passant) = (0, 0);
        while plies < 6_000 {
            let mut p = Escalator::startpos(form);
            for _ in 0..300 {
                en_passant += check_gui(&p);
                if p.rule_result().is_some() {
                    break;
                }
                p.generate_moves(&mut moves);
                // double steps are favoured a little so that e.p. comes up often
                let double = moves
                    .iter()
                    .copied()
                    .find(|m| m.kind == MoveKind::DoubleStep);
                let mv = match (double, moves.choose(&mut rng)) {
                    (Some(d), _) if rng.gen_bool(0.25) => d,
                    (_, Some(&m)) => m,
                    (_, None) => break,
                };
                p = p.play(mv);
                plies += 1;
            }
        }
        println!("{}: {plies} plies, {en_passant} e.p. captures", info.name);
        assert!(en_passant > 0, "{}: no e.p. capture was checked", info.name);
    }
}
