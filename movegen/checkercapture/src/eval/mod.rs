//! Evaluation of Checker-capture Chess, every form. Captures are compulsory short jumps and
//! there is no check, so the terms are about jumps: material, pieces the opponent can jump
//! now (hanging), pieces open to future jumps (a line through them with no friend on either
//! side), normal mobility onto squares where the piece cannot be jumped at once, and the
//! pawn race to promotion. The misère forms have their own weights: there, losing material
//! and the king is the goal, hanging pieces and an exposed king are assets, and mobility is
//! a liability (no legal move wins).
//!
//! All weights are in [`Weights`], three sets of them, one per goal family, each loaded once
//! from the table `escalade tune` generates: [`WEIGHTS`] (`tuned.rs`, the `checkercapture`
//! table) for the normal and displacement goals, [`WEIGHTS_MISERE`] (`tuned_misere.rs`, the
//! `checkercapture-misere` table) and [`WEIGHTS_SEMIMISERE`] (`tuned_semimisere.rs`, the
//! `checkercapture-semimisere` table); the simpler variation's forms share the set of their
//! goal. [`Tunable`] lets the tuner evaluate with another set. The evaluation network's
//! inputs (one layout for the eight forms) are in `inputs.rs`; with the crate's `net`
//! feature the network (`checkercapture.net`, a correction to the table) adds to the table.

use crate::{CheckerCapture, Goal, Kind, RULES};
use escalade_core::Rules;
use escalade_core::{Bitboard, Color};

use escalade_eval::{Evaluate, InputSet, Tunable, WeightSet};
use std::sync::LazyLock;

mod inputs;
mod tuned;
mod tuned_misere;
mod tuned_semimisere;

/// Checker-capture's evaluation network (`checkercapture.net`, trained on the family's own
/// self-play as a correction to the table of each form's goal: `docs/game-networks.md`),
/// read once; it plays with the crate's `net` feature.
#[cfg(feature = "net")]
pub static NETWORK: LazyLock<escalade_eval::net::Network> = LazyLock::new(|| {
    escalade_eval::net::Network::embedded(
        include_bytes!("checkercapture.net"),
        "checkercapture",
        inputs::INPUTS,
    )
});

/// The weights of one goal set (centipawns; per piece, per line, per square...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material per kind, pawn to king (the king's is a constant both sides have).
    pub material: [i32; 6],
    /// Pawn advancement by steps still needed to promote (index 0 = on the last rank).
    pub advance: [i32; 8],
    /// Extra factor (percent) for a pawn with an empty file ahead.
    pub clear_path_percent: i32,
    /// Bonus for winning the pawn race (the closest free runner, tempo counted).
    pub race: i32,
    /// Per (piece, open line).
    pub open_line: i32,
    /// Per open line through the king.
    pub king_open_line: i32,
    /// Per safe mobility target, and per unsafe one.
    pub safe_mobility: i32,
    /// Per mobility target a jump could reach.
    pub unsafe_mobility: i32,
    /// The value of a hanging piece by kind, pawn to queen (the highest kind hanging counts).
    pub hanging_value: [i32; 5],
    /// Percent of the hanging value counted, side to move / side not to move.
    pub hanging_to_move_percent: i32,
    /// Percent of the hanging value counted for the side not to move.
    pub hanging_waiting_percent: i32,
    /// Per hanging piece beyond value (more targets, more forcing lines).
    pub hanging_count: i32,
    /// Per hanging pawn (semi-misère: losing pawns wins).
    pub hanging_pawn: i32,
    /// When the king itself can be jumped (side to move / side not to move).
    pub king_hanging_to_move: i32,
    /// When the king can be jumped and its side is not to move.
    pub king_hanging_waiting: i32,
}

/// The weights of the normal and displacement goals, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every checkercapture weight in order")
});

/// The weights of the misère goal, from the generated table.
pub static WEIGHTS_MISERE: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned_misere::TUNED)
        .expect("the generated table names every checkercapture-misere weight in order")
});

/// The weights of the semi-misère goal, from the generated table.
pub static WEIGHTS_SEMIMISERE: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned_semimisere::TUNED)
        .expect("the generated table names every checkercapture-semimisere weight in order")
});

impl Weights {
    /// Every weight 0: the shape the tables are read into.
    pub const ZERO: Weights = Weights {
        material: [0; 6],
        advance: [0; 8],
        clear_path_percent: 0,
        race: 0,
        open_line: 0,
        king_open_line: 0,
        safe_mobility: 0,
        unsafe_mobility: 0,
        hanging_value: [0; 5],
        hanging_to_move_percent: 0,
        hanging_waiting_percent: 0,
        hanging_count: 0,
        hanging_pawn: 0,
        king_hanging_to_move: 0,
        king_hanging_waiting: 0,
    };
}

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, v) in self.material.iter_mut().enumerate() {
            f(&format!("material[{i}]"), v);
        }
        for (i, v) in self.advance.iter_mut().enumerate() {
            f(&format!("advance[{i}]"), v);
        }
        f("clear_path_percent", &mut self.clear_path_percent);
        f("race", &mut self.race);
        f("open_line", &mut self.open_line);
        f("king_open_line", &mut self.king_open_line);
        f("safe_mobility", &mut self.safe_mobility);
        f("unsafe_mobility", &mut self.unsafe_mobility);
        for (i, v) in self.hanging_value.iter_mut().enumerate() {
            f(&format!("hanging_value[{i}]"), v);
        }
        f("hanging_to_move_percent", &mut self.hanging_to_move_percent);
        f("hanging_waiting_percent", &mut self.hanging_waiting_percent);
        f("hanging_count", &mut self.hanging_count);
        f("hanging_pawn", &mut self.hanging_pawn);
        f("king_hanging_to_move", &mut self.king_hanging_to_move);
        f("king_hanging_waiting", &mut self.king_hanging_waiting);
    }
}

/// The weights in use for the goal `goal`.
pub fn weight_set(goal: Goal) -> &'static Weights {
    match goal {
        Goal::Normal | Goal::Displacement => &WEIGHTS,
        Goal::Misere => &WEIGHTS_MISERE,
        Goal::SemiMisere => &WEIGHTS_SEMIMISERE,
    }
}

/// Everything from `side`'s point of view except the race (which compares both sides).
fn side_terms(p: &CheckerCapture, w: &Weights, side: Color, to_move: bool) -> i32 {
    let mut score = 0;
    for kind in Kind::ALL {
        score += w.material[kind.index()] * p.pieces(side, kind).count() as i32;
    }
    for sq in p.pieces(side, Kind::Pawn).squares() {
        let dist = p.pawn_distance(side, sq) as usize;
        let mut bonus = w.advance[dist.min(7)];
        if p.pawn_path_clear(side, sq) {
            bonus = bonus * w.clear_path_percent / 100;
        }
        score += bonus;
    }
    let king = p.pieces(side, Kind::King);
    score += w.open_line * p.open_lines(side, !king) as i32;
    score += w.king_open_line * p.open_lines(side, king) as i32;
    let (all, safe) = p.mobility(side);
    score += w.safe_mobility * safe as i32 + w.unsafe_mobility * (all - safe) as i32;

    let hanging = p.jumpable(!side);
    if hanging & king != 0 {
        score += if to_move {
            w.king_hanging_to_move
        } else {
            w.king_hanging_waiting
        };
    }
    let others = hanging & !king;
    if others != 0 {
        let best = Kind::ALL[..5]
            .iter()
            .rev()
            .find(|k| p.pieces(side, **k) & others != 0)
            .map_or(0, |k| w.hanging_value[k.index()]);
        let percent = if to_move {
            w.hanging_to_move_percent
        } else {
            w.hanging_waiting_percent
        };
        score += best * percent / 100 + w.hanging_count * others.count() as i32;
        score += w.hanging_pawn * (others & p.pieces(side, Kind::Pawn)).count() as i32;
    }
    score
}

/// Steps the side's best free runner needs, counting a tempo for the side not to move.
fn runner(p: &CheckerCapture, side: Color, to_move: bool) -> Option<u32> {
    let simple_extra = u32::from(p.rules().simple);
    p.pieces(side, Kind::Pawn)
        .squares()
        .filter(|&sq| p.pawn_path_clear(side, sq))
        .map(|sq| p.pawn_distance(side, sq) + simple_extra + u32::from(!to_move))
        .min()
}

/// The evaluation of `p` with the weights `w`, from the side to move's view.
pub fn evaluate_with(p: &CheckerCapture, w: &Weights) -> i32 {
    let us = p.side_to_move();
    let mut score = side_terms(p, w, us, true) - side_terms(p, w, !us, false);
    match (runner(p, us, true), runner(p, !us, false)) {
        (Some(a), Some(b)) if a < b => score += w.race,
        (Some(a), Some(b)) if b < a => score -= w.race,
        (Some(_), None) => score += w.race,
        (None, Some(_)) => score -= w.race,
        _ => {}
    }
    score
}

impl Evaluate for CheckerCapture {
    /// The table of the form's goal; with the crate's `net` feature, in the forms of the
    /// normal and displacement goals, the table and the network's correction to it (the
    /// misère goals' games were too few and short to train it there).
    fn evaluate(&self) -> i32 {
        let goal = self.rules().goal;
        let table = evaluate_with(self, weight_set(goal));
        #[cfg(feature = "net")]
        if matches!(goal, Goal::Normal | Goal::Displacement) {
            return table + NETWORK.evaluate(self);
        }
        table
    }

    /// Only where the enemy King is the goal: in the misère forms having no good move is
    /// what decides the game, and passing would hide it.
    fn null_move_safe(&self) -> bool {
        matches!(self.rules().goal, Goal::Normal | Goal::Displacement)
    }

    fn bench_fens(form: usize) -> &'static [&'static str] {
        match form {
            0..=3 => &BENCH,
            _ => &BENCH_SIMPLE,
        }
    }

    const NET_FAMILY: &'static str = "checkercapture";
    const NET_INPUTS: usize = inputs::INPUTS;
    /// The FIDE start's 32: nothing comes onto the board.
    const NET_MOST_PIECES: u32 = 32;

    fn net_input_sets(&self, side: Color, out: &mut Vec<InputSet>) {
        inputs::input_sets(self, side, out);
    }

    fn net_pieces(&self) -> u32 {
        self.occupied().count()
    }
}

/// One set per goal: normal and displacement forms share [`WEIGHTS`], misère forms
/// [`WEIGHTS_MISERE`], semi-misère forms [`WEIGHTS_SEMIMISERE`] (main and simpler rules
/// alike).
impl Tunable for CheckerCapture {
    type Weights = Weights;

    fn weights(form: usize) -> &'static Weights {
        weight_set(RULES.get(form).map_or(Goal::Normal, |r| r.goal))
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
    }
}

/// Bench positions for the main-rules forms (main, misère, semi-misère, displacement).
const BENCH: [&str; 3] = [
    "r1bqkb1r/ppp2ppp/2np1n2/8/8/2NP1N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
    "r3k2r/ppp2ppp/2nqbn2/8/8/2NQBN2/PPP2PPP/R3K2R w KQkq - 4 9",
    "4k3/pp3ppp/2n5/8/3P4/5N2/PP3PPP/4K3 b - - 0 20",
];

/// Bench positions for the simpler variation's forms.
const BENCH_SIMPLE: [&str; 2] = [
    "r1bqkb1r/ppp2ppp/2np1n2/8/8/2NP1N2/PPP2PPP/R1BQKB1R w - - 0 5",
    "4k3/1P3ppp/8/8/8/8/5PPP/4K3 w - - 0 30",
];

#[cfg(test)]
mod tests;
