//! Section 8.1 of the rules: perft from the start position of each form.

use escalade_core::Rules;
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

// Deeper figures computed by this crate (not in the rules file; no independent reference):
// regression guards. Depth 5 takes a few seconds per form:
// `cargo test -p escalade-escalator --release --test perft_start -- --ignored`.

#[test]
fn depth_4_regression() {
    assert_eq!(perft(FORM_STANDARD, 4), 1_280_394);
    assert_eq!(perft(FORM_NOLEAP, 4), 1_280_394);
    assert_eq!(perft(FORM_ALMOST, 4), 1_593_942);
}

#[test]
#[ignore]
fn depth_5_regression() {
    assert_eq!(perft(FORM_STANDARD, 5), 41_455_782);
    assert_eq!(perft(FORM_NOLEAP, 5), 41_446_150);
    assert_eq!(perft(FORM_ALMOST, 5), 53_776_036);
}
