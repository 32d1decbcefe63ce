//! Evaluation of Ladder Shogi: stage-aware material (a stage is worth its base plus its
//! mobility), hand values, King safety against double-move threats (enemy Crickets and
//! Dragons near the King, infused or energized attackers in reach), Kappa control
//! (petrified enemies), Burakumin isolation (its freedom and the squares it denies near the
//! enemy King) and promotion potential (Lances, Ninjas and Horses near their zone, value
//! pieces attacking enemy value pieces they would gain experience from). All weights are in
//! [`Weights`], loaded once from the table `escalade tune` generates (`tuned.rs`; the one
//! form shares the one set); [`Tunable`] lets the tuner evaluate with another set.
//!
//! The inputs of the learned evaluation network (`escalade_eval::net`) are in
//! [`inputs`]; with the crate's `net` feature the network (`laddershogi.net`, a correction
//! to the table) adds to the table.

use crate::*;
use escalade_core::{Bitboard, Color};

use escalade_eval::{Evaluate, InputSet, Tunable, WeightSet};
use std::sync::LazyLock;

pub mod inputs;
#[cfg(test)]
mod tests;
mod tuned;

/// Every weight of the evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Base worth of a value piece by stage (index 1-10; index 0 is no stage and stays 0).
    pub stage: [i32; 11],
    /// Worth of each target square of a value piece, by stage (index 1-10, like `stage`).
    pub stage_mobility: [i32; 11],
    /// Base worth of a non-value piece, by kind from the King (index = kind - `KING`:
    /// King, Dragon, Cricket, Kappa, Lance, Ninja, Horse, Burakumin, Rook, Bishop, Shogun).
    pub non_value: [i32; 11],
    /// Worth of each target square of a non-value piece.
    pub mobility: i32,
    /// Worth of a piece in hand, by hand index (V D C P L J H U).
    pub hand: [i32; 8],
    /// Penalty per enemy piece within two squares of the King.
    pub king_attacker: i32,
    /// Penalty per enemy Cricket or Dragon within three squares of the King.
    pub king_power_piece: i32,
    /// Bonus per friendly piece next to the King.
    pub king_shelter: i32,
    /// Penalty when the King is exposed to a double-move capture (royal-capture check
    /// while it is the opponent's turn cannot happen; this scores the opponent's threat).
    pub king_threat: i32,
    /// Share (in 1/16) of a petrified enemy piece's worth credited to the Kappa's side.
    pub petrified_share: i32,
    /// The least worth a petrified non-value piece counts with (the King's is 0).
    pub petrified_floor: i32,
    /// Bonus per square a Burakumin may move to.
    pub burakumin_freedom: i32,
    /// Bonus per square next to the enemy King that a Burakumin denies.
    pub burakumin_denial: i32,
    /// Bonus per rank of advancement of a Lance, Ninja or Horse (promotion potential).
    pub advance: i32,
    /// Bonus per stage point of enemy value pieces a value piece attacks (experience
    /// potential).
    pub experience_reach: i32,
    /// Bonus for having the move.
    pub tempo: i32,
}

/// Ladder Shogi's evaluation network (`laddershogi.net`, trained on the game's own
/// self-play as a correction to the table: `docs/game-networks.md`), read once; it plays
/// with the crate's `net` feature.
#[cfg(feature = "net")]
pub static NETWORK: LazyLock<escalade_eval::net::Network> = LazyLock::new(|| {
    escalade_eval::net::Network::embedded(
        include_bytes!("laddershogi.net"),
        "laddershogi",
        inputs::INPUTS,
    )
});

/// The weights in use, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every laddershogi weight in order")
});

impl Weights {
    /// Every weight 0: the shape the table is read into.
    pub const ZERO: Weights = Weights {
        stage: [0; 11],
        stage_mobility: [0; 11],
        non_value: [0; 11],
        mobility: 0,
        hand: [0; 8],
        king_attacker: 0,
        king_power_piece: 0,
        king_shelter: 0,
        king_threat: 0,
        petrified_share: 0,
        petrified_floor: 0,
        burakumin_freedom: 0,
        burakumin_denial: 0,
        advance: 0,
        experience_reach: 0,
        tempo: 0,
    };

    /// Base worth of the non-value piece `kind` (0 for any other kind).
    fn non_value_worth(&self, kind: Kind) -> i32 {
        let index = (kind as usize).wrapping_sub(KING as usize);
        self.non_value.get(index).copied().unwrap_or(0)
    }

    /// Worth of a piece of `kind` with `targets` destinations (material plus mobility),
    /// without positional terms.
    fn piece_worth(&self, kind: Kind, targets: i32) -> i32 {
        if is_value(kind) {
            self.stage[kind as usize] + self.stage_mobility[kind as usize] * targets
        } else {
            self.non_value_worth(kind) + self.mobility * targets
        }
    }
}

/// Stages 1-10 are the weights of `stage` and `stage_mobility` (index 0 is never read).
const STAGES: std::ops::RangeInclusive<usize> = 1..=10;

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        for i in STAGES {
            f(&format!("stage[{i}]"), &mut self.stage[i]);
        }
        for i in STAGES {
            f(&format!("stage_mobility[{i}]"), &mut self.stage_mobility[i]);
        }
        for (i, v) in self.non_value.iter_mut().enumerate() {
            f(&format!("non_value[{i}]"), v);
        }
        f("mobility", &mut self.mobility);
        for (i, v) in self.hand.iter_mut().enumerate() {
            f(&format!("hand[{i}]"), v);
        }
        f("king_attacker", &mut self.king_attacker);
        f("king_power_piece", &mut self.king_power_piece);
        f("king_shelter", &mut self.king_shelter);
        f("king_threat", &mut self.king_threat);
        f("petrified_share", &mut self.petrified_share);
        f("petrified_floor", &mut self.petrified_floor);
        f("burakumin_freedom", &mut self.burakumin_freedom);
        f("burakumin_denial", &mut self.burakumin_denial);
        f("advance", &mut self.advance);
        f("experience_reach", &mut self.experience_reach);
        f("tempo", &mut self.tempo);
    }
}

fn rank_of(sq: u8) -> i32 {
    (sq / 10) as i32
}

fn file_of(sq: u8) -> i32 {
    (sq % 10) as i32
}

fn distance(a: u8, b: u8) -> i32 {
    (rank_of(a) - rank_of(b))
        .abs()
        .max((file_of(a) - file_of(b)).abs())
}

/// The pieces of `us`: material, mobility, advance, Burakumin terms, experience reach and
/// King shelter, from `us`'s point of view.
fn own_pieces(pos: &LadderShogi, us: Color, w: &Weights) -> i32 {
    let them = !us;
    let my_king = pos.king_square(us);
    let their_king = pos.king_square(them);
    let mut score = 0;
    for sq in pos.pieces(us).squares() {
        let Some((kind, _)) = pos.piece_at(sq) else {
            continue;
        };
        // Destinations once per piece: mobility, Burakumin freedom and experience reach.
        let targets = pos.piece_targets(sq);
        score += w.piece_worth(kind, targets.count() as i32);
        let advance = match us {
            Color::White => rank_of(sq),
            Color::Black => 9 - rank_of(sq),
        };
        match kind {
            LANCE | NINJA | HORSE => score += w.advance * advance,
            BURAKUMIN => {
                score += w.burakumin_freedom * targets.count() as i32;
                if distance(sq, their_king) == 2 {
                    score += w.burakumin_denial;
                }
            }
            k if is_value(k) => {
                let reach = targets & pos.pieces(them);
                for t in reach.squares() {
                    if let Some((v, _)) = pos.piece_at(t) {
                        if is_value(v) {
                            score += w.experience_reach * v as i32;
                        }
                    }
                }
            }
            _ => {}
        }
        if kind != KING && distance(sq, my_king) == 1 {
            score += w.king_shelter;
        }
    }
    score
}

/// Everything scored for one side, from that side's point of view.
fn side_score(pos: &LadderShogi, us: Color, w: &Weights) -> i32 {
    let them = !us;
    let my_king = pos.king_square(us);
    let mut score = own_pieces(pos, us, w);
    for sq in pos.pieces(them).squares() {
        let Some((kind, _)) = pos.piece_at(sq) else {
            continue;
        };
        let d = distance(sq, my_king);
        if d <= 2 {
            score -= w.king_attacker;
        }
        if (kind == CRICKET || kind == DRAGON) && d <= 3 {
            score -= w.king_power_piece;
        }
    }
    for sq in pos.petrified_pieces(them).squares() {
        if let Some((kind, _)) = pos.piece_at(sq) {
            let base = if is_value(kind) {
                w.stage[kind as usize]
            } else {
                w.non_value_worth(kind).max(w.petrified_floor)
            };
            score += base * w.petrified_share / 16;
        }
    }
    for hk in 0..HAND_KINDS {
        score += w.hand[hk] * pos.hand_count(us, hk) as i32;
    }
    score
}

/// The evaluation of `pos` with the weights `w`, from the side to move's view.
pub fn evaluate_with(pos: &LadderShogi, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    let mut score = side_score(pos, us, w) - side_score(pos, !us, w) + w.tempo;
    // The opponent's King threatened by us (we are to move: a capture would be decisive,
    // but legal play never allows it); our King threatened means we must respond now.
    if pos.king_threatened(us) {
        score -= w.king_threat;
    }
    score
}

impl Evaluate for LadderShogi {
    /// The tuned table; with the crate's `net` feature, the table and the network's
    /// correction to it.
    fn evaluate(&self) -> i32 {
        #[cfg(feature = "net")]
        return evaluate_with(self, &WEIGHTS) + NETWORK.evaluate(self);
        #[cfg(not(feature = "net"))]
        evaluate_with(self, &WEIGHTS)
    }

    /// A capture whose landing piece the opponent takes back with a single move, worth
    /// more than what was captured (`exchange.rs`).
    fn is_losing_tactical(&self, mv: Self::Move) -> bool {
        self.capture_loses(mv)
    }

    const NET_FAMILY: &'static str = "laddershogi";
    const NET_INPUTS: usize = inputs::INPUTS;
    /// The start's 27 pieces a side: no piece is ever added (drops bring back captured
    /// ones, the King's captures and Merchants and Craftsmen going to hand take some off).
    const NET_MOST_PIECES: u32 = 54;

    fn net_input_sets(&self, side: Color, out: &mut Vec<InputSet>) {
        inputs::input_sets(self, side, out);
    }

    fn net_pieces(&self) -> u32 {
        self.occupied().count_ones()
    }
}

/// The one form has the one set of weights.
impl Tunable for LadderShogi {
    type Weights = Weights;

    fn weights(_form: usize) -> &'static Weights {
        &WEIGHTS
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
    }
}
