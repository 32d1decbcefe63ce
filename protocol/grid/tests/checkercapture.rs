//! GUI (XBoard) round trips: every legal move's GUI text reads back as that move, and every
//! GUI FEN reads back as the same position, in the reported example (docs/robustness.md,
//! defect 3) and along seeded random games of every form. A multi-jump's GUI text must stay
//! within the two legs XBoard relays.

use escalade_checkercapture::{form_index, CheckerCapture, FORMS};
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;

/// A position of the named form from a FEN.
fn pos(form: &str, fen: &str) -> CheckerCapture {
    let f = form_index(form).expect("known form");
    CheckerCapture::from_fen(f, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Checks every legal move and the GUI FEN of `p`; returns how many moves needed the
/// "two legs through a victim" text.
fn check_gui(p: &CheckerCapture) -> usize {
    let fen = p.to_fen();
    let back = CheckerCapture::from_gui_fen(p.form(), &p.gui_fen())
        .unwrap_or_else(|e| panic!("GUI FEN of {fen} does not read back: {e}"));
    assert_eq!(
        back.to_fen(),
        fen,
        "GUI FEN round trip changed the position"
    );
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let mut victim_legs = 0;
    for mv in moves {
        let text = p.gui_move_text(mv);
        assert!(
            text.matches(',').count() <= 1,
            "GUI text {text} of {} has more than two legs in {fen}",
            p.move_text(mv)
        );
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
        if mv.captured.count_ones() > 1 && text.contains(',') {
            victim_legs += 1;
        }
    }
    victim_legs
}

#[test]
fn ambiguous_multi_jump_of_the_report_reads_back() {
    let p = pos(
        "checkercapture-simple-misere",
        "1nb4r/Pq1p1k1p/4pppn/8/2Q1PP2/3PK3/PP2N1PP/RNB2B1R w - - 7 17",
    );
    let mv = p.parse_move("a7xc7xe7xg5xg7xe7").expect("legal");
    assert_eq!(p.gui_move_text(mv), "a7b7,b7e7");
    assert_eq!(p.parse_gui_move("a7b7,b7e7"), Ok(mv));
    let other = p.parse_move("a7xc7xe7xe5xg7xe7").expect("legal");
    assert_eq!(p.gui_move_text(other), "a7d7,d7e7");
    assert_eq!(p.parse_gui_move("a7d7,d7e7"), Ok(other));
    // f7 is captured by both, and is neither's mark.
    assert!(p.parse_gui_move("a7f7,f7e7").is_err());
    // g6 is captured by one of them only: accepted as that one.
    assert_eq!(p.parse_gui_move("a7g6,g6e7"), Ok(mv));
    assert!(check_gui(&p) > 0);
    // The ambiguous origin-final text is still refused, with a reason.
    assert!(p.parse_gui_move("a7e7").is_err());
}

#[test]
fn old_texts_still_read() {
    let p = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
    let mv = p.parse_move("c3xe5xe7").expect("legal");
    assert_eq!(p.gui_move_text(mv), "c3e7");
    for text in ["c3e7", "c3xe5xe7", "c3d4,d4e5,e5e6,e6e7", "c3d4,d4e7"] {
        assert_eq!(p.parse_gui_move(text), Ok(mv), "{text}");
    }
}

#[test]
fn random_games_of_every_form_round_trip() {
    let mut rng = SeededRng::new(0x6a17);
    let mut moves = Vec::new();
    for (form, info) in FORMS.iter().enumerate() {
        let (mut plies, mut victim_legs) = (0, 0);
        while plies < 4_000 {
            let mut p = CheckerCapture::startpos(form);
            for _ in 0..200 {
                victim_legs += check_gui(&p);
                if p.rule_result().is_some() {
                    break;
                }
                p.generate_moves(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                p = p.play(mv);
                plies += 1;
            }
        }
        println!(
            "{}: {plies} plies, {victim_legs} victim-leg texts",
            info.name
        );
    }
}
