//! Random play over a game record, drawn from a [`SeededRng`]: a chance node's outcome
//! rolled by its odds, and random legal plies. The referee and the table roll dice with
//! it; random opening plies (the match runner's `-openings plies=N`, `escalade openings`)
//! and `escalade datagen`'s opening plies are played with it.

use crate::{Game, Position, SeededRng};

/// One of `outcomes`, the outcomes of the chance node `pos`, drawn by their odds; `None`
/// when there is none.
pub fn roll_outcome<P: Position>(
    pos: &P,
    outcomes: &[P::Move],
    rng: &mut SeededRng,
) -> Option<P::Move> {
    if outcomes.is_empty() {
        return None;
    }
    let odds: Vec<f64> = outcomes
        .iter()
        .map(|&m| pos.outcome_probability(m))
        .collect();
    Some(outcomes[rng.weighted(&odds)])
}

impl<P: Position> Game<P> {
    /// Rolls every pending chance outcome by its odds; false when a chance node has no
    /// outcome.
    pub fn roll_chance(&mut self, rng: &mut SeededRng) -> bool {
        let mut outcomes = Vec::new();
        while P::HAS_CHANCE && self.position().is_chance() {
            let pos = self.position().clone();
            pos.generate_moves(&mut outcomes);
            match roll_outcome(&pos, &outcomes, rng) {
                Some(mv) => self.play(mv),
                None => return false,
            }
        }
        true
    }

    /// Plays one uniformly random legal ply, after rolling any pending chance outcome;
    /// false (with the rolls kept) when the game is over first, by its rules or a claim.
    pub fn play_random_ply(&mut self, rng: &mut SeededRng) -> bool {
        if !self.roll_chance(rng) || self.result().is_some() {
            return false;
        }
        let mut moves = Vec::new();
        self.position().generate_moves(&mut moves);
        if moves.is_empty() {
            return false;
        }
        self.play(moves[rng.below(moves.len())]);
        true
    }
}
