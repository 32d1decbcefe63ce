//! Tests of the Ladder Shogi evaluation and its weights as data: the table loads, the flat
//! vector round-trips, and evaluating with the weights in use is the evaluation.

use super::*;
use escalade_core::Rules;
use escalade_eval::Parameter;
use rand::{Rng, SeedableRng};

/// Weights of the set (`stage` and `stage_mobility` 10 each, `non_value` 11, `hand` 8,
/// 12 single weights).
const PARAMETERS: usize = 51;

/// Positions along seeded random games from the start, `games` games of up to `plies` plies.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<LadderShogi> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = LadderShogi::startpos(0);
        for _ in 0..plies {
            out.push(p.clone());
            if p.rule_result().is_some() {
                break;
            }
            p.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
    out
}

#[test]
fn start_position_is_balanced() {
    let p = LadderShogi::startpos(0);
    assert_eq!(p.evaluate(), WEIGHTS.tempo);
}

#[test]
fn a_higher_stage_is_worth_more() {
    let low = LadderShogi::from_fen(0, "4k5/10/10/10/4V35/10/10/10/10/5K4 w - 0").unwrap();
    let high = LadderShogi::from_fen(0, "4k5/10/10/10/4V75/10/10/10/10/5K4 w - 0").unwrap();
    assert!(high.evaluate() > low.evaluate());
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = WEIGHTS.parameters();
    assert_eq!(params.len(), PARAMETERS);
    assert_eq!(params[0], Parameter::new("stage[1]", WEIGHTS.stage[1]));
    assert_eq!(
        params[20],
        Parameter::new("non_value[0]", WEIGHTS.non_value[0])
    );
    assert_eq!(params[50], Parameter::new("tempo", WEIGHTS.tempo));
    let values = WEIGHTS.values();
    assert_eq!(WEIGHTS.with_values(&values).as_ref(), Ok(&*WEIGHTS));
    // every position of the vector lands in a distinct field
    let numbered: Vec<i32> = (0..values.len() as i32).collect();
    let w = Weights::ZERO.with_values(&numbered).unwrap();
    assert_eq!(w.values(), numbered);
    assert_eq!((w.stage[0], w.stage[1], w.stage[10]), (0, 0, 9));
    assert_eq!((w.stage_mobility[0], w.stage_mobility[1]), (0, 10));
    assert_eq!((w.non_value[0], w.hand[7], w.tempo), (20, 39, 50));
    assert!(WEIGHTS.with_values(&values[1..]).is_err());
    let mut longer = values.clone();
    longer.push(0);
    assert!(WEIGHTS.with_values(&longer).is_err());
    let mut names: Vec<String> = params.into_iter().map(|p| p.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), PARAMETERS);
}

#[test]
fn the_table_must_name_the_weights_in_order() {
    let mut swapped = tuned::TUNED;
    swapped.swap(0, 1);
    assert!(Weights::ZERO.with_table(&swapped).is_err());
    assert!(Weights::ZERO.with_table(&tuned::TUNED[1..]).is_err());
}

#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let values = LadderShogi::weights(0);
    let positions = random_positions(11, 30, 100);
    assert!(positions.len() > 2_000, "{}", positions.len());
    for p in &positions {
        assert_eq!(
            Tunable::evaluate_with(p, values),
            p.evaluate(),
            "{}",
            p.to_fen()
        );
    }
}

#[test]
fn a_hand_weight_counts_once_per_piece_in_hand() {
    let mut more = WEIGHTS.clone();
    more.hand[HAND_VALUE] += 7;
    let mut in_hand = 0;
    for p in random_positions(5, 10, 120) {
        let us = p.side_to_move();
        let diff = p.hand_count(us, HAND_VALUE) as i32 - p.hand_count(!us, HAND_VALUE) as i32;
        in_hand += diff.abs();
        assert_eq!(
            Tunable::evaluate_with(&p, &more) - p.evaluate(),
            7 * diff,
            "{}",
            p.to_fen()
        );
    }
    assert!(in_hand > 0, "no value piece was ever in hand");
}
