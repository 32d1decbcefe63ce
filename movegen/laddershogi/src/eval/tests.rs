//! Tests of the Ladder Shogi evaluation and its weights as data: the flat vector and the
//! table round-trip, and evaluating with the weights in use is the evaluation.

use super::*;
use escalade_core::Rules;
use escalade_eval::testsuite::check_weight_set;
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
    let params = check_weight_set(&*WEIGHTS, "laddershogi");
    assert_eq!(params.len(), PARAMETERS);
    assert_eq!(params[0], Parameter::new("stage[1]", WEIGHTS.stage[1]));
    assert_eq!(
        params[20],
        Parameter::new("non_value[0]", WEIGHTS.non_value[0])
    );
    assert_eq!(params[50], Parameter::new("tempo", WEIGHTS.tempo));
    // where some places of the vector land
    let numbered: Vec<i32> = (0..PARAMETERS as i32).collect();
    let w = Weights::ZERO.with_values(&numbered).unwrap();
    assert_eq!((w.stage[0], w.stage[1], w.stage[10]), (0, 0, 9));
    assert_eq!((w.stage_mobility[0], w.stage_mobility[1]), (0, 10));
    assert_eq!((w.non_value[0], w.hand[7], w.tempo), (20, 39, 50));
}

#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<LadderShogi>(30, 100, 11);
    assert!(seen > 2_000, "{seen}");
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
