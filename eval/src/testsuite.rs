//! Checks every tunable game runs in its tests: the evaluation with the weight set in use
//! is the evaluation, along seeded random games of every form.

use escalade_core::SeededRng;

use crate::Tunable;

/// Plays `games` seeded random games of up to `plies` plies in every form of `P` and
/// asserts at each position that `evaluate_with(weights(form))` equals `evaluate`; returns
/// the number of positions checked.
pub fn evaluate_with_matches_evaluate<P: Tunable>(games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    let mut seen = 0;
    for form in 0..P::FORMS.len() {
        let weights = P::weights(form);
        for _ in 0..games {
            let mut p = P::startpos(form);
            for _ in 0..plies {
                assert_eq!(p.evaluate_with(weights), p.evaluate(), "{}", p.to_fen());
                seen += 1;
                if p.rule_result().is_some() {
                    break;
                }
                p.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.below(moves.len())]);
            }
        }
    }
    seen
}
