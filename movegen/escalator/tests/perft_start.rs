//! Section 8.1 of the rules: perft from the start position of each form.

use escalade_core::Position;
use escalade_escalator::{Escalator, FORM_ALMOST, FORM_NOLEAP, FORM_STANDARD};

fn perft(form: usize, depth: u32) -> u64 {
    Escalator::startpos(form).perft(depth)
}

#[test]
fn standard_start_perft() {
    assert_eq!(perft(FORM_STANDARD, 1), 32);
    assert_eq!(perft(FORM_STANDARD, 2), 1152);
    assert_eq!(perft(FORM_STANDARD, 3), 36854);
}

#[test]
fn noleap_start_perft() {
    assert_eq!(perft(FORM_NOLEAP, 1), 32);
    assert_eq!(perft(FORM_NOLEAP, 2), 1152);
    assert_eq!(perft(FORM_NOLEAP, 3), 36854);
}

#[test]
fn almost_start_perft() {
    assert_eq!(perft(FORM_ALMOST, 1), 34);
    assert_eq!(perft(FORM_ALMOST, 2), 1290);
    assert_eq!(perft(FORM_ALMOST, 3), 43464);
}
