//! Evaluation of Slanted Escalator Chess (all three forms): material, piece-square values
//! computed from each square's mobility on the board graph (not copied from 8x8), a bonus
//! for rooks and knights on the escalators (the squares the seed says they profit from),
//! live mobility of the pieces, and crab structure (advance, doubled, isolated, passed).
//!
//! All weights are in [`Weights`], one set for every form, loaded once from the table
//! `escalade tune` generates (`tuned.rs`); [`Tunable`] lets the tuner evaluate with another
//! set. The board's geometry (square mobility, crab fronts, files, escalators) is built
//! once from the graph; the piece-square tables, which scale it by weights, are part of the
//! weight set and rebuilt with it.

use escalade_core::Rules;
use std::sync::LazyLock;

use crate::board::{grid_coords, N, NE, NW, S, SE, SQUARES, SW};
use crate::{Escalator, Kind};
use escalade_core::{Bitboard, Color};

use escalade_eval::{Evaluate, InputSet, Tunable, WeightSet, FIDE_SEARCH_GROUP};

pub mod inputs;
mod tuned;

/// The escalator's evaluation network (`escalator.net`, trained on the escalator's own
/// self-play as a correction to the table: `docs/game-networks.md`), read once; it plays
/// with the crate's `net` feature.
#[cfg(feature = "net")]
pub static NETWORK: LazyLock<escalade_eval::net::Network> = LazyLock::new(|| {
    escalade_eval::net::Network::embedded(
        include_bytes!("escalator.net"),
        "escalator",
        inputs::INPUTS,
    )
});

/// Every weight of this evaluation, in centipawns, and the piece-square tables built from
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material, crab to king (Chancellor = R + N, a little under a Queen).
    pub value: [i32; 7],
    /// Per extra reachable square (empty board) above the board average, per kind.
    pub square_mobility: [i32; 7],
    /// Rook or knight standing on an escalator square.
    pub escalator_rook: i32,
    /// A knight standing on an escalator square.
    pub escalator_knight: i32,
    /// Per square a piece attacks in the position (live mobility), per kind.
    pub live_mobility: [i32; 7],
    /// Crab advance per rank gained.
    pub crab_advance: i32,
    /// Per crab with another own crab on its file.
    pub doubled_crab: i32,
    /// Per crab without an own crab on a neighbouring file.
    pub isolated_crab: i32,
    /// Passed crab, per rank advanced.
    pub passed_crab: i32,
    /// King on its back two ranks while the opponent has heavy material.
    pub king_shelter: i32,
    /// Side to move.
    pub tempo: i32,
    /// Derived, not a weight: `[kind][square]` piece-square value, the square's mobility
    /// above the average times `square_mobility` (the same for both colours: mobility does
    /// not depend on colour). Built by [`WeightSet::rebuild`].
    pub psq: [[i32; 64]; 7],
}

/// The weights in use, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every escalator weight in order")
});

impl Weights {
    /// Every weight 0 (and so the piece-square tables): the shape the table is read into.
    pub const ZERO: Weights = Weights {
        value: [0; 7],
        square_mobility: [0; 7],
        escalator_rook: 0,
        escalator_knight: 0,
        live_mobility: [0; 7],
        crab_advance: 0,
        doubled_crab: 0,
        isolated_crab: 0,
        passed_crab: 0,
        king_shelter: 0,
        tempo: 0,
        psq: [[0; 64]; 7],
    };
}

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, v) in self.value.iter_mut().enumerate() {
            f(&format!("value[{i}]"), v);
        }
        for (i, v) in self.square_mobility.iter_mut().enumerate() {
            f(&format!("square_mobility[{i}]"), v);
        }
        f("escalator_rook", &mut self.escalator_rook);
        f("escalator_knight", &mut self.escalator_knight);
        for (i, v) in self.live_mobility.iter_mut().enumerate() {
            f(&format!("live_mobility[{i}]"), v);
        }
        f("crab_advance", &mut self.crab_advance);
        f("doubled_crab", &mut self.doubled_crab);
        f("isolated_crab", &mut self.isolated_crab);
        f("passed_crab", &mut self.passed_crab);
        f("king_shelter", &mut self.king_shelter);
        f("tempo", &mut self.tempo);
    }

    fn rebuild(&mut self) {
        let t = &*TABLES;
        for (k, psq) in self.psq.iter_mut().enumerate() {
            for (v, &c) in psq.iter_mut().zip(&t.square_mobility[k]) {
                *v = c * self.square_mobility[k];
            }
        }
    }
}

/// Square tables derived from the graph alone.
struct Tables {
    /// `[kind][square]` squares a piece reaches on the empty board, above the board's
    /// average for the kind (0 for crabs, and off the board).
    square_mobility: [[i32; 64]; 7],
    /// Ranks a crab of each colour has advanced (0 on its start rank).
    advance: [[i32; 64]; 2],
    /// Squares ahead of a crab (forward straight and diagonal rays) where an enemy crab
    /// stops it from being passed.
    front: [[u64; 64]; 2],
    /// Display files 0..8 of each square (escalators read as a, b, g, h).
    file: [u8; 64],
    /// The eight escalator squares.
    escalators: u64,
}

fn build_tables() -> Tables {
    let b = Escalator::board();
    let geo = &b.geo;
    let count =
        |f: &dyn Fn(usize) -> u32| -> Vec<i32> { (0..SQUARES).map(|s| f(s) as i32).collect() };
    let per_kind: [Vec<i32>; 7] = [
        vec![0; SQUARES],
        count(&|s| b.knight[0][s].count()),
        count(&|s| b.bishop_rays[s].count()),
        count(&|s| b.rook_rays[s].count()),
        count(&|s| b.queen_rays[s].count()),
        count(&|s| b.rook_rays[s].count() + b.knight[0][s].count()),
        count(&|s| b.king[s].count()),
    ];
    let mut t = Tables {
        square_mobility: [[0; 64]; 7],
        advance: [[0; 64]; 2],
        front: [[0; 64]; 2],
        file: [0; 64],
        escalators: 0,
    };
    for (k, counts) in per_kind.iter().enumerate() {
        let avg = counts.iter().sum::<i32>() / SQUARES as i32;
        for (s, &c) in counts.iter().enumerate().take(SQUARES) {
            t.square_mobility[k][s] = c - avg;
        }
    }
    for s in 0..SQUARES {
        let sq = s as u8;
        let (file, rank) = grid_coords(sq);
        t.file[s] = file as u8;
        t.advance[0][s] = (rank as i32 - 1).max(0);
        t.advance[1][s] = (6 - rank as i32).max(0);
        t.front[0][s] = geo.ray(sq, N) | geo.ray(sq, NE) | geo.ray(sq, NW);
        t.front[1][s] = geo.ray(sq, S) | geo.ray(sq, SE) | geo.ray(sq, SW);
        if matches!(rank, 3 | 4) && matches!(file, 0 | 1 | 6 | 7) {
            t.escalators |= 1 << s;
        }
    }
    t
}

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

/// Crab-structure score of `side`.
fn crab_structure(pos: &Escalator, side: Color, t: &Tables, w: &Weights) -> i32 {
    let crabs = pos.pieces(side, Kind::Crab);
    let enemy_crabs = pos.pieces(!side, Kind::Crab);
    let mut per_file = [0i32; 8];
    for s in crabs.squares() {
        per_file[t.file[s as usize] as usize] += 1;
    }
    let mut score = 0;
    for s in crabs.squares() {
        let i = s as usize;
        let f = t.file[i] as usize;
        let adv = t.advance[side.index()][i];
        score += adv * w.crab_advance;
        let left = f > 0 && per_file[f - 1] > 0;
        let right = f < 7 && per_file[f + 1] > 0;
        if !left && !right {
            score -= w.isolated_crab;
        }
        if t.front[side.index()][i] & enemy_crabs == 0 {
            score += adv * w.passed_crab;
        }
    }
    for n in per_file {
        if n > 1 {
            score -= (n - 1) * w.doubled_crab;
        }
    }
    score
}

/// Material, square values, escalator bonus and live mobility of `side`.
fn pieces_score(pos: &Escalator, side: Color, t: &Tables, w: &Weights) -> i32 {
    let occ = pos.occupied();
    let own = pos.side_pieces(side);
    let mut score = 0;
    for kind in Kind::ALL {
        let k = kind.index();
        for s in pos.pieces(side, kind).squares() {
            score += w.value[k] + w.psq[k][s as usize];
            if w.live_mobility[k] != 0 {
                score += w.live_mobility[k]
                    * (pos.attacks_from(side, kind, s, occ) & !own).count() as i32;
            }
        }
    }
    let on_escalators = |kind: Kind| (pos.pieces(side, kind) & t.escalators).count() as i32;
    score += w.escalator_rook * (on_escalators(Kind::Rook) + on_escalators(Kind::Chancellor));
    score += w.escalator_knight * (on_escalators(Kind::Knight) + on_escalators(Kind::Chancellor));
    score
}

/// A king at home is worth more while the opponent keeps queens, chancellors or rooks.
fn king_safety(pos: &Escalator, side: Color, w: &Weights) -> i32 {
    let heavy = pos.pieces(!side, Kind::Queen)
        | pos.pieces(!side, Kind::Chancellor)
        | pos.pieces(!side, Kind::Rook);
    if heavy.count() < 2 {
        return 0;
    }
    let home = match side {
        Color::White => 0xFFFF,
        Color::Black => 0xFFFF << 44,
    };
    if pos.pieces(side, Kind::King) & home != 0 {
        w.king_shelter
    } else {
        0
    }
}

/// The evaluation of `pos` with the weights `w`, from the side to move's view.
pub fn evaluate_with(pos: &Escalator, w: &Weights) -> i32 {
    let t = &*TABLES;
    let side_score = |c: Color| {
        pieces_score(pos, c, t, w) + crab_structure(pos, c, t, w) + king_safety(pos, c, w)
    };
    let us = pos.side_to_move();
    side_score(us) - side_score(!us) + w.tempo
}

impl Evaluate for Escalator {
    /// FIDE chess's search defaults, as one group (issue 84): singular extensions from depth
    /// 8, losing tactical moves skipped up to depth 3, the correction history, the history
    /// bonus per ply, continuation history two plies back, `improving` over four plies, the
    /// PV flag's reduction and the fail-low reward, late reductions of quiet checks, and
    /// razoring at depth 2 and less, 300 centipawns a ply below alpha. Pentanomial SPRT at
    /// 3+0.03 against the engine's plain defaults (two runs pooled, `docs/sprt-results.md`):
    /// H1 after 306 games, +97.9 Elo.
    const SEARCH_DEFAULTS: &'static [(&'static str, i32)] = FIDE_SEARCH_GROUP;

    /// The tuned table; with the crate's `net` feature, the table and the network's
    /// correction to it.
    fn evaluate(&self) -> i32 {
        #[cfg(feature = "net")]
        return evaluate_with(self, &WEIGHTS) + NETWORK.evaluate(self);
        #[cfg(not(feature = "net"))]
        evaluate_with(self, &WEIGHTS)
    }

    const NET_FAMILY: &'static str = "escalator";
    const NET_INPUTS: usize = inputs::INPUTS;
    const NET_MOST_PIECES: u32 = 32;

    fn net_input_sets(&self, side: Color, out: &mut Vec<InputSet>) {
        inputs::input_sets(self, side, out);
    }

    fn net_pieces(&self) -> u32 {
        self.occupied().count_ones()
    }

    fn null_move_safe(&self) -> bool {
        // with only crabs and king, passing may well be the best move (zugzwang)
        let us = self.side_to_move();
        self.side_pieces(us) != self.pieces(us, Kind::Crab) | self.pieces(us, Kind::King)
    }

    fn bench_fens(form: usize) -> &'static [&'static str] {
        match form {
            0 => &[
                "r1bqkbn1/cccnccc1/4c1c1/2C3/5r/2N1C3/CCCC2C1/1RBQKBNR b Kq - 0 6",
                "rn2kbnr/cbq1c1c1/1c1cc1c1/2c3/1N3C/CC1CC3/2CCB1C1/R1BQK1NR b KQkq - 1 11",
            ],
            1 => &[
                "r1bqkb1r/cc1nc1cc/1c3c1n/2c3/4C1/6CC/CCCC2BC/RNBQK1NR b KQkq - 0 6",
                "2b1kbnr/2q1cccc/ccncc3/3C2/6/1CCC1NC1/1r1C2CC/RNB1KB1R b KQk - 0 11",
            ],
            _ => &[
                "r1bakbnr/2cc1ccc/1c3c2/c1An2/5C/2C1C3/CCC2CC1/RNB1KBNR b KQkq - 1 6",
                "r1bak2r/cc1cccbc/1cn4n/6/3CC1/CC5N/1CAC1C2/RNB1KB1r b Qkq e3 0 11",
            ],
        }
    }
}

/// Every form shares the one set of weights.
impl Tunable for Escalator {
    type Weights = Weights;

    fn weights(_form: usize) -> &'static Weights {
        &WEIGHTS
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
    }
}

#[cfg(test)]
mod tests;
