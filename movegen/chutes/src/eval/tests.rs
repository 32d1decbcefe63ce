//! Tests of the Chutes and Ladders evaluation: balance, material, transport danger, and
//! the weights as data (the flat vector, the generated table, `evaluate_with` along random
//! games).

use super::*;
use escalade_eval::testsuite::check_weight_set;
use escalade_eval::Parameter;

#[test]
fn bench_positions_read() {
    for fen in BENCH_FENS {
        assert!(Chutes::from_fen(0, fen).is_ok(), "{fen}");
    }
}

#[test]
fn start_is_balanced_and_material_counts() {
    let start = Chutes::start();
    assert_eq!(start.evaluate(), WEIGHTS.tempo);
    let up_a_queen = Chutes::from_fen(
        0,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - - 0 1",
    )
    .unwrap();
    assert!(up_a_queen.evaluate() > 700);
}

#[test]
fn a_king_that_can_be_dropped_into_attack_is_in_danger() {
    // White's K1e6 can be dropped by a Black chute onto 0e6, attacked by the rook.
    let danger =
        Chutes::from_fen(0, "4r2k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - - - 0 1").unwrap();
    let quiet =
        Chutes::from_fen(0, "3r3k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - - - 0 1").unwrap();
    assert!(quiet.evaluate() - danger.evaluate() >= -WEIGHTS.transport_into_attack);
    // once Black owns two chutes, the King cannot be dropped
    let no_slots = Chutes::from_fen(
        0,
        "4r2k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - ca2,cb2 - 0 1",
    )
    .unwrap();
    assert!(no_slots.evaluate() > danger.evaluate());
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = check_weight_set(&*WEIGHTS, "chutes");
    assert_eq!(params.len(), 25);
    assert_eq!(
        params[4],
        Parameter::new("material[4]", WEIGHTS.material[4])
    );
    assert_eq!(params[24], Parameter::new("tempo", WEIGHTS.tempo));
}

#[test]
fn a_changed_weight_changes_the_evaluation() {
    let start = Chutes::start();
    let mut values = WEIGHTS.values();
    values[24] += 7;
    let w = WEIGHTS.with_values(&values).expect("right length");
    assert_eq!(start.evaluate_with(&w), start.evaluate() + 7);
    // a queen more for White, White to move: queens worth 80 more add 80
    let up_a_queen = Chutes::from_fen(
        0,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - - 0 1",
    )
    .unwrap();
    let mut values = WEIGHTS.values();
    values[4] += 80;
    let w = WEIGHTS.with_values(&values).expect("right length");
    assert_eq!(up_a_queen.evaluate_with(&w), up_a_queen.evaluate() + 80);
}

#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<Chutes>(25, 100, 5);
    assert!(seen > 2_000, "{seen}");
}
