//! Evaluation of Chess on the Rope (all six forms): material at the seed's values, pieces
//! in hand (crazyhouse) and on regeneration stacks, King shelter and escape squares,
//! pawn advance towards the zone, piece activity (squares reached), check counts
//! (three-check) and a pending survival roll (dice). All weights are in [`Weights`],
//! loaded once from the table `escalade tune` generates (`tuned.rs`); [`Tunable`] lets the
//! tuner evaluate with another set. The evaluation network's inputs (one layout for the
//! six forms) are in `inputs.rs`.

use crate::{Kind, Rope, Special};
use escalade_core::Rules;
use escalade_core::{Bitboard, Color};

use escalade_eval::{Evaluate, InputSet, Tunable, WeightSet};
use std::sync::LazyLock;

mod inputs;
mod tuned;

/// Every weight of this evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material by kind index (K G R T D C P): the seed's P 1, G 2, C 4, D 5, T 7, R 9.
    pub value: [i32; 7],
    /// A piece in hand, per cent of its board value (it can be dropped anywhere).
    pub hand_percent: i32,
    /// A piece on a regeneration stack, per cent of its value (it may come back).
    pub stack_percent: i32,
    /// Per square a piece can move to or capture on, by kind.
    pub activity: [i32; 7],
    /// Per own piece next to the own King.
    pub shelter: i32,
    /// Per empty square next to the King that the enemy does not attack.
    pub escape: i32,
    /// Per square next to the King that the enemy attacks.
    pub king_danger: i32,
    /// Pawn advance, per square gained from its start.
    pub pawn_advance: i32,
    /// Extra for a pawn inside the promotion zone.
    pub pawn_in_zone: i32,
    /// The King-Gold swap still available.
    pub swap_right: i32,
    /// Three-check: bonus for having given 0, 1 or 2 checks.
    pub checks_given: [i32; 3],
    /// Side to move.
    pub tempo: i32,
}

/// The weights in use, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every rope weight in order")
});

impl Weights {
    /// Every weight 0: the shape the table is read into.
    pub const ZERO: Weights = Weights {
        value: [0; 7],
        hand_percent: 0,
        stack_percent: 0,
        activity: [0; 7],
        shelter: 0,
        escape: 0,
        king_danger: 0,
        pawn_advance: 0,
        pawn_in_zone: 0,
        swap_right: 0,
        checks_given: [0; 3],
        tempo: 0,
    };
}

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, v) in self.value.iter_mut().enumerate() {
            f(&format!("value[{i}]"), v);
        }
        f("hand_percent", &mut self.hand_percent);
        f("stack_percent", &mut self.stack_percent);
        for (i, v) in self.activity.iter_mut().enumerate() {
            f(&format!("activity[{i}]"), v);
        }
        f("shelter", &mut self.shelter);
        f("escape", &mut self.escape);
        f("king_danger", &mut self.king_danger);
        f("pawn_advance", &mut self.pawn_advance);
        f("pawn_in_zone", &mut self.pawn_in_zone);
        f("swap_right", &mut self.swap_right);
        for (i, v) in self.checks_given.iter_mut().enumerate() {
            f(&format!("checks_given[{i}]"), v);
        }
        f("tempo", &mut self.tempo);
    }
}

/// Positions `escalade bench` searches for each form, besides the start position.
const BENCH: [&[&str]; 6] = [
    &[
        "K1GTR5D3rd2tgk w Kk 3 9",
        "K2T1p2p11k w - 0 1",
        "KGRT1DP1C4pcd1trgk b Kk 2 4",
    ],
    &["KG2DCP1pcd2gk w Kk 0 1", "KGD1C1P1p2cdgk b Kk 4 5"],
    &[
        "K1GTR5D3rd2tgk w Kk 1+1 3 9",
        "KGRTDCP7pcdtrgk w Kk 2+2 0 1",
    ],
    &[
        "1KGTDCP7pcdtrgk w - RP/- - 2 3",
        "K1RTD1P7pcdt1gk b - GC/r w 0 5",
    ],
    &[
        "K1R~TD1P7pc1tr1k[GCPPgd] w K 0 9",
        "K3P8p6k[RTDCGPrtdcgp] b Kk 0 20",
    ],
    &["KGRTD1P1C5pcdtrgk b Kk - 1 1", "K1GTR5D3rd2tgk w Kk - 3 9"],
];

/// White-minus-Black terms of one side.
fn side_score(p: &Rope, c: Color, w: &Weights) -> i32 {
    let mut s = 0;
    let them = !c;
    let n = p.squares();
    let board: u64 = (1u64 << n) - 1;
    for k in Kind::ALL {
        let set = p.pieces(c, k);
        s += w.value[k.index()] * set.count() as i32;
        if k != Kind::King && w.activity[k.index()] != 0 {
            for sq in set.squares() {
                s += w.activity[k.index()] * p.pseudo_targets(c, k, sq).count() as i32;
            }
        }
    }
    for k in Kind::CAPTURABLE {
        s += w.value[k.index()] * p.hand(c, k) as i32 * w.hand_percent / 100;
    }
    for k in p.stack(c).iter() {
        s += w.value[k.index()] * w.stack_percent / 100;
    }
    // pawns: advance from the own end, more inside the zone
    let zone_start = n as i32 - 4;
    for sq in p.pieces(c, Kind::Pawn).squares() {
        let gained = match c {
            Color::White => sq as i32,
            Color::Black => n as i32 - 1 - sq as i32,
        };
        s += w.pawn_advance * gained;
        if gained >= zone_start {
            s += w.pawn_in_zone;
        }
    }
    // King: neighbours (own shelter, safe escapes, attacked squares)
    let k = p.king(c);
    let around = ((1u64 << k) << 1 | (1u64 << k) >> 1) & board;
    let own = p.color_set(c);
    let occupied = p.occupied();
    for sq in around.squares() {
        if own.has(sq) {
            s += w.shelter;
        } else if p.is_attacked(sq, them) {
            s -= w.king_danger;
        } else if !occupied.has(sq) {
            s += w.escape;
        }
    }
    if p.swap_right(c) && p.pieces(c, Kind::Gold).any() {
        s += w.swap_right;
    }
    if p.special() == Special::ThreeCheck {
        s += w.checks_given[(p.checks_given(c) as usize).min(2)];
    }
    s
}

/// The evaluation of `p` with the weights `w`, from the side to move's view.
pub fn evaluate_with(p: &Rope, w: &Weights) -> i32 {
    let us = p.side_to_move();
    let mut s = side_score(p, us, w) - side_score(p, !us, w) + w.tempo;
    // at a chance node the moved piece is only expected to stay
    if let Some(sq) = p.pending_roll() {
        if let Some((c, k)) = p.piece_at(sq) {
            let fall = 6 - k.dice_level() as i32;
            let lost = w.value[k.index()] * fall / 6;
            s += if c == us { -lost } else { lost };
        }
    }
    s
}

impl Evaluate for Rope {
    fn evaluate(&self) -> i32 {
        evaluate_with(self, &WEIGHTS)
    }

    /// Null move is off for the rope (`PRUNING`); zugzwang is everywhere on a line.
    fn null_move_safe(&self) -> bool {
        false
    }

    fn bench_fens(form: usize) -> &'static [&'static str] {
        BENCH.get(form).copied().unwrap_or(&[])
    }

    const NET_FAMILY: &'static str = "rope";
    const NET_INPUTS: usize = inputs::INPUTS;
    /// Seven pieces a side at the start; drops and regeneration bring back only captured
    /// pieces.
    const NET_MOST_PIECES: u32 = 14;

    fn net_input_sets(&self, side: Color, out: &mut Vec<InputSet>) {
        let mut list = Vec::new();
        inputs::inputs(self, side, &mut list);
        InputSet::group(&mut list, out);
    }

    fn net_pieces(&self) -> u32 {
        self.occupied().count()
    }

    /// The line's trees are narrow (depth 14 takes well under a second), except under
    /// dice, where every non-King move doubles into two outcomes.
    fn bench_depth(form: usize) -> u32 {
        if form == crate::form::DICE {
            6
        } else {
            14
        }
    }
}

/// Every form shares the one set of weights.
impl Tunable for Rope {
    type Weights = Weights;

    fn weights(_form: usize) -> &'static Weights {
        &WEIGHTS
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_eval::testsuite::check_weight_set;
    use escalade_eval::Parameter;

    #[test]
    fn start_positions_are_balanced_and_bench_fens_are_valid() {
        for form in 0..Rope::FORMS.len() {
            let p = Rope::startpos(form);
            // symmetric start: only the tempo remains
            assert_eq!(p.evaluate(), WEIGHTS.tempo, "{}", Rope::FORMS[form].name);
            for fen in Rope::bench_fens(form) {
                let q = Rope::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert!(q.evaluate().abs() < 10_000);
            }
        }
    }

    #[test]
    fn checks_given_count_in_three_check() {
        let a = Rope::from_fen(2, "K1GTR5D3rd2tgk w Kk 1+0 3 9").unwrap();
        let b = Rope::from_fen(2, "K1GTR5D3rd2tgk w Kk 0+0 3 9").unwrap();
        assert_eq!(a.evaluate() - b.evaluate(), WEIGHTS.checks_given[1]);
    }

    #[test]
    fn material_counts() {
        let up = Rope::from_fen(0, "KR1P16k w - 0 1").unwrap();
        assert!(up.evaluate() > 700);
        let down = Rope::from_fen(0, "KR1P16k b - 0 1").unwrap();
        assert!(down.evaluate() < -700);
    }

    #[test]
    fn the_flat_vector_maps_to_the_weights_and_back() {
        let params = check_weight_set(&*WEIGHTS, "rope");
        assert_eq!(params.len(), 26);
        assert_eq!(params[2], Parameter::new("value[2]", WEIGHTS.value[2]));
        assert_eq!(params[25], Parameter::new("tempo", WEIGHTS.tempo));
    }

    #[test]
    fn evaluate_with_the_weights_in_use_is_evaluate() {
        let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<Rope>(20, 60, 11);
        assert!(seen > 1_000, "{seen}");
    }
}
