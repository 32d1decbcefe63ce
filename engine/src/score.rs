//! Internal scores: centipawns from the side to move's point of view, with wins and losses
//! as `±(MATE - plies)` so a shorter mate scores higher. Converts game verdicts into scores,
//! mate scores into and out of the table (where they count from the stored node), and
//! internal scores into the public [`Score`].

use escalade_core::{Color, GameResult};
pub use escalade_eval::{MATE, MATE_BOUND};

use crate::Score;

/// Larger than any score: the initial window.
pub const INFINITE: i32 = MATE + 1;
/// The deepest ply the search reaches (search path, killers and PV are sized by it).
pub const MAX_PLY: usize = 128;

/// The score, for `side`, of a game ended with `result` at `ply` plies from the root.
#[inline]
pub fn result_score(result: GameResult, side: Color, ply: usize) -> i32 {
    match result.winner() {
        None => 0,
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// Whether `score` announces a forced win or loss.
#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as stored in the table: mates counted from the node, not from the root.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score brought back to a node at `ply`.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The public form of an internal root score: centipawns or mate in moves.
pub fn public(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-((MATE + score + 1) / 2))
    } else {
        Score::Cp(score)
    }
}

/// Whether a root `score` mates for the side to move in at most `moves` moves (`go mate`).
pub fn mate_within(score: i32, moves: u32) -> bool {
    matches!(public(score), Score::Mate(n) if n > 0 && n as u32 <= moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_for_the_side_to_move() {
        assert_eq!(public(MATE - 1), Score::Mate(1));
        assert_eq!(public(MATE - 3), Score::Mate(2));
        assert_eq!(public(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(public(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(public(-MATE), Score::Mate(0));
        // in games where having no move wins, a side can lose on the opponent's turn
        assert_eq!(public(-(MATE - 1)), Score::Mate(-1));
        assert_eq!(public(MATE - 2), Score::Mate(1));
        assert_eq!(public(123), Score::Cp(123));
    }

    #[test]
    fn mate_within_counts_the_side_to_moves_mates_only() {
        assert!(mate_within(MATE - 3, 2));
        assert!(!mate_within(MATE - 3, 1));
        assert!(!mate_within(-(MATE - 2), 5));
        assert!(!mate_within(300, 5));
    }

    #[test]
    fn table_scores_round_trip() {
        for s in [0, 55, -900, MATE - 7, -(MATE - 12)] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
        // a mate found 5 plies below the stored node, seen again from another ply
        assert_eq!(from_tt(to_tt(MATE - 10, 5), 3), MATE - 8);
    }

    #[test]
    fn verdicts_score_for_the_right_side() {
        let win = GameResult::Win(Color::White, "White mates");
        assert_eq!(result_score(win, Color::White, 3), MATE - 3);
        assert_eq!(result_score(win, Color::Black, 3), -(MATE - 3));
        assert_eq!(
            result_score(GameResult::Draw("stalemate"), Color::Black, 3),
            0
        );
        assert!(is_mate(MATE - 100) && !is_mate(5000));
    }
}
