//! Evaluation of Checker-capture Chess, every form. Captures are compulsory short jumps and
//! there is no check, so the terms are about jumps: material, pieces the opponent can jump
//! now (hanging), pieces open to future jumps (a line through them with no friend on either
//! side), normal mobility onto squares where the piece cannot be jumped at once, and the
//! pawn race to promotion. The misère forms have their own weights: there, losing material
//! and the king is the goal, hanging pieces and an exposed king are assets, and mobility is
//! a liability (no legal move wins). All weights are in `WEIGHTS`.

use crate::{CheckerCapture, Goal, Kind};
use escalade_core::Rules;
use escalade_core::{Bitboard, Color};

use escalade_eval::Evaluate;

/// The weights of one goal set (centipawns; per piece, per line, per square...).
struct Weights {
    /// Material per kind, pawn to king (the king's value is not counted as material).
    material: [i32; 6],
    /// Pawn advancement by steps still needed to promote (index 0 = on the last rank).
    advance: [i32; 8],
    /// Extra factor (percent) for a pawn with an empty file ahead.
    clear_path_percent: i32,
    /// Bonus for winning the pawn race (the closest free runner, tempo counted).
    race: i32,
    /// Per (piece, open line).
    open_line: i32,
    /// Per open line through the king.
    king_open_line: i32,
    /// Per safe mobility target, and per unsafe one.
    safe_mobility: i32,
    unsafe_mobility: i32,
    /// Percent of the most valuable hanging piece counted, side to move / side not to move.
    hanging_to_move_percent: i32,
    hanging_waiting_percent: i32,
    /// Per hanging piece beyond value (more targets, more forcing lines).
    hanging_count: i32,
    /// When the king itself can be jumped (side to move / side not to move).
    king_hanging_to_move: i32,
    king_hanging_waiting: i32,
}

/// Main rules and the displacement forms: keep material and the king, promote first.
const NORMAL: Weights = Weights {
    material: [100, 260, 280, 340, 520, 0],
    advance: [0, 70, 45, 28, 16, 8, 3, 0],
    clear_path_percent: 150,
    race: 120,
    open_line: -4,
    king_open_line: -12,
    safe_mobility: 3,
    unsafe_mobility: 1,
    hanging_to_move_percent: -30,
    hanging_waiting_percent: -75,
    hanging_count: -10,
    king_hanging_to_move: -400,
    king_hanging_waiting: -3000,
};

/// Misère: win by losing the king or having no move: material, mobility and safety are
/// liabilities, hanging pieces and an exposed king are assets.
const MISERE: Weights = Weights {
    material: [-60, -200, -220, -260, -400, 0],
    advance: [0, -20, -12, -8, -4, -2, 0, 0],
    clear_path_percent: 100,
    race: 0,
    open_line: 5,
    king_open_line: 25,
    safe_mobility: -3,
    unsafe_mobility: 0,
    hanging_to_move_percent: 20,
    hanging_waiting_percent: 50,
    hanging_count: 15,
    king_hanging_to_move: 200,
    king_hanging_waiting: 1500,
};

/// Semi-misère: keep the king, get rid of the pawns (lost or promoted); other pieces help
/// guard the king but also give moves, so they count little.
const SEMI_MISERE: Weights = Weights {
    material: [-150, 60, 60, 80, 120, 0],
    advance: [0, 60, 40, 25, 15, 8, 3, 0],
    clear_path_percent: 150,
    race: 150,
    open_line: 0,
    king_open_line: -15,
    safe_mobility: 1,
    unsafe_mobility: 0,
    hanging_to_move_percent: 0,
    hanging_waiting_percent: 0,
    hanging_count: 0,
    king_hanging_to_move: -400,
    king_hanging_waiting: -3000,
};

fn weights(goal: Goal) -> &'static Weights {
    match goal {
        Goal::Normal | Goal::Displacement => &NORMAL,
        Goal::Misere => &MISERE,
        Goal::SemiMisere => &SEMI_MISERE,
    }
}

/// Semi-misère: hanging pawns are assets (losing them wins), hanging pieces mild liabilities.
const SEMI_MISERE_HANGING_PAWN: i32 = 40;

/// Everything from `side`'s point of view except the race (which compares both sides).
fn side_terms(p: &CheckerCapture, w: &Weights, side: Color, to_move: bool, goal: Goal) -> i32 {
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
            .map_or(0, |k| NORMAL.material[k.index()]);
        let percent = if to_move {
            w.hanging_to_move_percent
        } else {
            w.hanging_waiting_percent
        };
        score += best * percent / 100 + w.hanging_count * others.count() as i32;
        if goal == Goal::SemiMisere {
            score +=
                SEMI_MISERE_HANGING_PAWN * (others & p.pieces(side, Kind::Pawn)).count() as i32;
        }
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

impl Evaluate for CheckerCapture {
    fn evaluate(&self) -> i32 {
        let goal = self.rules().goal;
        let w = weights(goal);
        let us = self.side_to_move();
        let mut score = side_terms(self, w, us, true, goal) - side_terms(self, w, !us, false, goal);
        match (runner(self, us, true), runner(self, !us, false)) {
            (Some(a), Some(b)) if a < b => score += w.race,
            (Some(a), Some(b)) if b < a => score -= w.race,
            (Some(_), None) => score += w.race,
            (None, Some(_)) => score -= w.race,
            _ => {}
        }
        score
    }

    fn null_move_safe(&self) -> bool {
        false
    }

    fn bench_fens(form: usize) -> &'static [&'static str] {
        match form {
            0..=3 => &BENCH,
            _ => &BENCH_SIMPLE,
        }
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
mod tests {
    use super::*;

    fn eval(form: usize, fen: &str) -> i32 {
        CheckerCapture::from_fen(form, fen).unwrap().evaluate()
    }

    #[test]
    fn start_position_is_balanced_in_every_form() {
        for form in 0..CheckerCapture::FORMS.len() {
            assert_eq!(
                CheckerCapture::startpos(form).evaluate().abs(),
                0,
                "form {form}"
            );
        }
    }

    #[test]
    fn bench_positions_are_valid() {
        for form in 0..CheckerCapture::FORMS.len() {
            for fen in CheckerCapture::bench_fens(form) {
                assert!(CheckerCapture::from_fen(form, fen).is_ok(), "{fen}");
            }
        }
    }

    #[test]
    fn extra_queen_is_good_in_main_and_bad_in_misere() {
        let fen = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1";
        assert!(eval(0, fen) > 300);
        assert!(eval(1, fen) < -200);
    }

    #[test]
    fn hanging_king_is_terrible_in_main_and_welcome_in_misere() {
        // Black, to move, can jump the white king on e4 (e5 over e4 onto e3).
        let fen = "7k/8/8/4p3/4K3/8/8/8 b - - 0 1";
        let main = eval(0, fen);
        let misere = eval(1, fen);
        assert!(main > 1000, "{main}");
        assert!(misere < -500, "{misere}");
    }

    #[test]
    fn advanced_free_pawn_wins_the_race() {
        let fen = "4k3/8/1P6/6p1/8/8/8/4K3 w - - 0 1";
        assert!(eval(0, fen) > 0);
    }

    #[test]
    fn semimisere_wants_fewer_pawns() {
        let fen = "4k3/pppp4/8/8/8/8/5PPP/4K3 w - - 0 1";
        assert!(eval(2, fen) > 0, "{}", eval(2, fen));
    }
}
