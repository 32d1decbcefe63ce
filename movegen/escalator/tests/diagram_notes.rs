//! The drawing board's notes (issue #85, bug 3): the en passant note appears only when a
//! legal move takes en passant, not whenever a crab's double step left the right.

use escalade_core::{Click, Diagram, MoveNotation, Rules};
use escalade_escalator::{Escalator, FORM_STANDARD};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn offers_en_passant(pos: &Escalator) -> bool {
    pos.picture()
        .notes
        .iter()
        .any(|n| n.starts_with("En passant"))
}

/// Whether a legal move takes en passant: its clicks choose "en passant capture" from the
/// menu, as only such a move's do.
fn takes_en_passant(pos: &Escalator) -> bool {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    moves.iter().any(|&mv| {
        pos.move_clicks(mv)
            .iter()
            .flatten()
            .any(|c| matches!(c, Click::Choice(label) if label == "en passant capture"))
    })
}

#[test]
fn a_double_step_with_no_crab_to_take_it_offers_nothing() {
    let start = Escalator::startpos(FORM_STANDARD);
    let after = start.play(start.parse_move("d7d5").expect("Black's first move"));
    assert!(
        after.en_passant().is_some(),
        "the double step leaves the right"
    );
    assert!(!takes_en_passant(&after));
    assert!(!offers_en_passant(&after), "{:?}", after.picture().notes);
}

#[test]
fn the_note_appears_exactly_when_a_legal_move_takes_en_passant() {
    let mut rng = StdRng::seed_from_u64(85);
    let (mut offered, mut rights) = (0, 0);
    for _ in 0..300 {
        let mut pos = Escalator::startpos(FORM_STANDARD);
        for _ in 0..40 {
            let mut moves = Vec::new();
            pos.generate_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            pos = pos.play(mv);
            rights += pos.en_passant().is_some() as usize;
            let takes = takes_en_passant(&pos);
            offered += takes as usize;
            assert_eq!(offers_en_passant(&pos), takes, "{}", pos.to_fen());
        }
    }
    assert!(
        offered > 0 && rights > offered,
        "{offered} of {rights} rights usable"
    );
}
