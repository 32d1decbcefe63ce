//! Perft figures of section 6.1 of the rules file, every form, from the start position, plus
//! depth 4 of this generator (not part of the contract). Deeper figures are `#[ignore]`d:
//! `cargo test --release -p escalade-checkercapture --test perft -- --ignored`.

mod common;

use common::start;
use escalade_core::Rules;

fn check(form: &str, expected: &[u64]) {
    let p = start(form);
    for (i, &n) in expected.iter().enumerate() {
        assert_eq!(p.perft(i as u32 + 1), n, "{form} perft({})", i + 1);
    }
}

#[test]
fn main_rules_start_perft() {
    check("checkercapture", &[20, 400, 8428, 173388]);
}

#[test]
fn simple_start_perft() {
    check("checkercapture-simple", &[12, 144, 2120, 30357]);
}

#[test]
fn displacement_start_perft() {
    check("checkercapture-displacement", &[20, 400, 8450, 174586]);
}

#[test]
fn simple_displacement_start_perft() {
    check(
        "checkercapture-simple-displacement",
        &[12, 144, 2124, 30491],
    );
}

#[test]
fn misere_forms_share_the_move_tree_at_low_depth() {
    check("checkercapture-misere", &[20, 400, 8428]);
    check("checkercapture-semimisere", &[20, 400, 8428]);
    check("checkercapture-simple-misere", &[12, 144, 2120]);
    check("checkercapture-simple-semimisere", &[12, 144, 2120]);
}

/// Depths 5 and 6 of this generator (cross-checked node by node against the naive reference
/// at depth 5): `cargo test --release -p escalade-checkercapture --test perft -- --ignored`.
#[test]
#[ignore]
fn deep_start_perft() {
    check(
        "checkercapture",
        &[20, 400, 8428, 173388, 3737070, 78295565],
    );
    check(
        "checkercapture-displacement",
        &[20, 400, 8450, 174586, 3802226, 80378607],
    );
    check(
        "checkercapture-simple",
        &[12, 144, 2120, 30357, 511022, 8288956],
    );
    check(
        "checkercapture-simple-displacement",
        &[12, 144, 2124, 30491, 520144, 8495607],
    );
}
