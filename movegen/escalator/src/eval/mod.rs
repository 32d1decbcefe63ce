//! Evaluation of Slanted Escalator Chess (all three forms): material, piece-square values
//! computed from each square's mobility on the board graph (not copied from 8x8), a bonus
//! for rooks and knights on the escalators (the squares the seed says they profit from),
//! live mobility of the pieces, and crab structure (advance, doubled, isolated, passed).
//! All weights are in `Weights`; tables are built once from the graph.

use escalade_core::Rules;
use std::sync::LazyLock;

use crate::board::{grid_coords, N, NE, NW, S, SE, SQUARES, SW};
use crate::{Escalator, Kind};
use escalade_core::{Bitboard, Color};

use escalade_eval::Evaluate;

/// Every weight of this evaluation, in centipawns.
struct Weights {
    /// Material, crab to king (Chancellor = R + N, a little under a Queen).
    value: [i32; 7],
    /// Per extra reachable square (empty board) above the board average, per kind.
    square_mobility: [i32; 7],
    /// Rook or knight standing on an escalator square.
    escalator_rook: i32,
    escalator_knight: i32,
    /// Per square a piece attacks in the position (live mobility), per kind.
    live_mobility: [i32; 7],
    /// Crab advance per rank gained.
    crab_advance: i32,
    doubled_crab: i32,
    isolated_crab: i32,
    /// Passed crab, per rank advanced.
    passed_crab: i32,
    /// King on its back two ranks while the opponent has heavy material.
    king_shelter: i32,
    /// Side to move.
    tempo: i32,
}

const W: Weights = Weights {
    value: [100, 320, 330, 500, 900, 850, 0],
    square_mobility: [0, 6, 3, 2, 1, 3, 0],
    escalator_rook: 15,
    escalator_knight: 10,
    live_mobility: [0, 3, 3, 2, 1, 2, 0],
    crab_advance: 6,
    doubled_crab: 12,
    isolated_crab: 10,
    passed_crab: 12,
    king_shelter: 20,
    tempo: 10,
};

/// Square tables derived from the graph.
struct Tables {
    /// `[kind][square]` piece-square value for White (Black uses the same table: its
    /// values depend on mobility, which does not depend on colour).
    psq: [[i32; 64]; 7],
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
        psq: [[0; 64]; 7],
        advance: [[0; 64]; 2],
        front: [[0; 64]; 2],
        file: [0; 64],
        escalators: 0,
    };
    for (k, counts) in per_kind.iter().enumerate() {
        let avg = counts.iter().sum::<i32>() / SQUARES as i32;
        for (s, &c) in counts.iter().enumerate().take(SQUARES) {
            t.psq[k][s] = (c - avg) * W.square_mobility[k];
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
fn crab_structure(pos: &Escalator, side: Color, t: &Tables) -> i32 {
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
        score += adv * W.crab_advance;
        let left = f > 0 && per_file[f - 1] > 0;
        let right = f < 7 && per_file[f + 1] > 0;
        if !left && !right {
            score -= W.isolated_crab;
        }
        if t.front[side.index()][i] & enemy_crabs == 0 {
            score += adv * W.passed_crab;
        }
    }
    for n in per_file {
        if n > 1 {
            score -= (n - 1) * W.doubled_crab;
        }
    }
    score
}

/// Material, square values, escalator bonus and live mobility of `side`.
fn pieces_score(pos: &Escalator, side: Color, t: &Tables) -> i32 {
    let occ = pos.occupied();
    let own = pos.side_pieces(side);
    let mut score = 0;
    for kind in Kind::ALL {
        let k = kind.index();
        for s in pos.pieces(side, kind).squares() {
            score += W.value[k] + t.psq[k][s as usize];
            if W.live_mobility[k] != 0 {
                score += W.live_mobility[k]
                    * (pos.attacks_from(side, kind, s, occ) & !own).count() as i32;
            }
        }
    }
    let on_escalators = |kind: Kind| (pos.pieces(side, kind) & t.escalators).count() as i32;
    score += W.escalator_rook * (on_escalators(Kind::Rook) + on_escalators(Kind::Chancellor));
    score += W.escalator_knight * (on_escalators(Kind::Knight) + on_escalators(Kind::Chancellor));
    score
}

/// A king at home is worth more while the opponent keeps queens, chancellors or rooks.
fn king_safety(pos: &Escalator, side: Color) -> i32 {
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
        W.king_shelter
    } else {
        0
    }
}

impl Evaluate for Escalator {
    fn evaluate(&self) -> i32 {
        let t = &*TABLES;
        let side_score =
            |c: Color| pieces_score(self, c, t) + crab_structure(self, c, t) + king_safety(self, c);
        let us = self.side_to_move();
        side_score(us) - side_score(!us) + W.tempo
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FORM_STANDARD;

    #[test]
    fn start_position_is_balanced_by_material() {
        let p = Escalator::startpos(FORM_STANDARD);
        // the board is symmetric top to bottom only up to the slant: the score stays small
        assert!(p.evaluate().abs() < 60, "{}", p.evaluate());
    }

    #[test]
    fn escalators_are_good_for_knights() {
        let t = &*TABLES;
        let bc4 = crate::board::square_named("bc4").unwrap() as usize;
        let a1 = 0;
        assert!(t.psq[Kind::Knight.index()][bc4] > t.psq[Kind::Knight.index()][a1]);
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
}
