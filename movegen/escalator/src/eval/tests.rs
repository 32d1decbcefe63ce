//! The evaluation's tests: its terms in chosen positions, and the weight set (the table
//! loads, the flat vector round-trips and rebuilds the piece-square tables, `evaluate_with`
//! with the set in use is `evaluate`).

use super::*;
use crate::FORM_STANDARD;
use escalade_eval::testsuite::check_weight_set;
use escalade_eval::Parameter;

#[test]
fn start_position_is_balanced_by_material() {
    let p = Escalator::startpos(FORM_STANDARD);
    // the board is symmetric top to bottom only up to the slant: apart from the side to
    // move's tempo, the score stays small
    let balance = p.evaluate() - WEIGHTS.tempo;
    assert!(
        balance.abs() < 60,
        "{} - tempo {}",
        p.evaluate(),
        WEIGHTS.tempo
    );
}

#[test]
fn escalators_are_good_for_knights() {
    let w = &*WEIGHTS;
    let bc4 = crate::board::square_named("bc4").unwrap() as usize;
    let a1 = 0;
    assert!(w.psq[Kind::Knight.index()][bc4] > w.psq[Kind::Knight.index()][a1]);
}

#[test]
fn bench_positions_are_valid() {
    for form in 0..3 {
        for fen in Escalator::bench_fens(form) {
            assert!(Escalator::from_fen(form, fen).is_ok(), "{fen}");
        }
    }
}

#[test]
fn extra_queen_wins() {
    let p = Escalator::from_fen(FORM_STANDARD, "4k3/8/8/6/6/8/8/3QK3 w - - 0 1").unwrap();
    assert!(p.evaluate() > 700);
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = check_weight_set(&*WEIGHTS, "escalator");
    assert_eq!(params.len(), 29);
    assert_eq!(params[4], Parameter::new("value[4]", WEIGHTS.value[4]));
    assert_eq!(params[28], Parameter::new("tempo", WEIGHTS.tempo));
    assert_eq!(Weights::ZERO.values(), vec![0; 29]);
}

#[test]
fn the_piece_square_tables_follow_the_weights() {
    let t = &*TABLES;
    let knight = Kind::Knight.index();
    for k in 0..7 {
        for s in 0..64 {
            assert_eq!(
                WEIGHTS.psq[k][s],
                t.square_mobility[k][s] * WEIGHTS.square_mobility[k]
            );
        }
    }
    let mut values = WEIGHTS.values();
    values[7 + knight] = 2 * WEIGHTS.square_mobility[knight];
    let doubled = WEIGHTS.with_values(&values).unwrap();
    for s in 0..64 {
        assert_eq!(doubled.psq[knight][s], 2 * WEIGHTS.psq[knight][s]);
    }
    assert_eq!(doubled.psq[0], WEIGHTS.psq[0]);
}

/// The table's terms, in either build (with the network the evaluation adds its correction
/// to this table).
#[test]
fn a_changed_weight_changes_the_evaluation() {
    let p = Escalator::from_fen(FORM_STANDARD, "4k3/8/8/6/6/8/8/3QK3 w - - 0 1").unwrap();
    let table = evaluate_with(&p, &WEIGHTS);
    let mut w = WEIGHTS.clone();
    w.value[Kind::Queen.index()] += 7;
    assert_eq!(evaluate_with(&p, &w), table + 7);
    w.tempo += 3;
    assert_eq!(evaluate_with(&p, &w), table + 10);
}

#[test]
fn every_form_uses_the_one_weight_set() {
    for form in 0..Escalator::FORMS.len() {
        assert!(std::ptr::eq(Escalator::weights(form), &*WEIGHTS));
    }
}

// with the network the evaluation is the table and the network's correction
#[cfg(not(feature = "net"))]
#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<Escalator>(12, 80, 29);
    assert!(seen > 2_000, "{seen}");
}

#[test]
fn network_inputs_are_one_per_piece_within_each_perspectives_block() {
    for fen in Escalator::bench_fens(FORM_STANDARD) {
        let pos = Escalator::from_fen(FORM_STANDARD, fen).unwrap();
        for side in [Color::White, Color::Black] {
            let mut seen = Vec::new();
            pos.net_inputs(side, &mut seen);
            assert_eq!(seen.len() as u32, pos.net_pieces(), "{fen}");
            let block = side.index() * Escalator::NET_INPUTS / 2;
            assert!(seen
                .iter()
                .all(|&i| (block..block + Escalator::NET_INPUTS / 2).contains(&usize::from(i))));
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len() as u32, pos.net_pieces(), "{fen}");
        }
    }
}

#[test]
fn the_board_is_not_symmetric_top_to_bottom_so_each_side_has_its_own_inputs() {
    // b3's step north forks to ab4 and bc4; b6's step south, its image turned rank for
    // rank, reaches bc5 alone
    let board = &*crate::board::BOARD;
    let named = |n| crate::board::square_named(n).unwrap();
    let north_of_b3 = board.geo.step(named("b3"), crate::board::N);
    let south_of_b6 = board.geo.step(named("b6"), crate::board::S);
    assert_eq!(north_of_b3, 1 << named("ab4") | 1 << named("bc4"));
    assert_eq!(south_of_b6, 1 << named("bc5"));
}

#[test]
fn a_network_through_the_memo_equals_the_network_afresh() {
    let seen = escalade_eval::net_testsuite::check_network_memo::<Escalator>(6, 80, 84);
    assert!(seen > 1000, "{seen}");
}

/// The network file, read as the `net` build reads it, in every build (the fallback build
/// without the feature too); the feature adds its correction to the table.
#[test]
fn the_network_file_reads_and_corrects_the_table_a_little() {
    let start = Escalator::startpos(FORM_STANDARD);
    let bytes = include_bytes!("escalator.net");
    let correction = escalade_eval::net_testsuite::check_network_file(bytes, 32, &start);
    let played = start.evaluate() - evaluate_with(&start, &WEIGHTS);
    assert_eq!(played, if cfg!(feature = "net") { correction } else { 0 });
}
