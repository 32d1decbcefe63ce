//! Move ordering: scores every generated move once, then hands them out best first by
//! selection (most nodes cut off after one or two moves, so a full sort would be wasted).
//!
//! Order: the transposition-table move, tactical moves by the game's `tactical_gain`
//! (MVV-LVA or better), the two killers, tactical moves the game calls losing
//! (`Evaluate::is_losing_tactical`), then quiet moves by history (and continuation
//! history where `ContHistoryPlies` is on). Scores are ranges, so a score alone tells
//! whether a move is tactical.

use escalade_eval::Evaluate;

use crate::heuristics::Heuristics;

/// The transposition-table move.
pub const TT_MOVE: i32 = i32::MAX;
const GOOD_TACTICAL: i32 = 1 << 29;
const BAD_TACTICAL: i32 = 1 << 27;
const GAIN_RANGE: i32 = 1 << 20;
const KILLER_1: i32 = 1 << 28;
const KILLER_2: i32 = KILLER_1 - 1;

/// Whether a score (other than [`TT_MOVE`]) belongs to a tactical move.
#[inline(always)]
pub fn is_tactical_score(score: i32) -> bool {
    score >= BAD_TACTICAL - GAIN_RANGE && score != TT_MOVE && !is_killer_score(score)
}

/// Whether a score belongs to a tactical move the game calls losing.
#[inline(always)]
pub fn is_losing_tactical_score(score: i32) -> bool {
    (BAD_TACTICAL - GAIN_RANGE..=BAD_TACTICAL + GAIN_RANGE).contains(&score)
}

/// Whether a score belongs to a killer move.
#[inline(always)]
pub fn is_killer_score(score: i32) -> bool {
    score == KILLER_1 || score == KILLER_2
}

/// The ordering score of a tactical move (losing ones go after the killers).
#[inline(always)]
pub fn tactical_score(gain: i32, losing: bool) -> i32 {
    if losing {
        BAD_TACTICAL + gain.clamp(-GAIN_RANGE, GAIN_RANGE)
    } else {
        GOOD_TACTICAL + gain.clamp(-GAIN_RANGE, GAIN_RANGE)
    }
}

/// Where a node's moves are ordered: its ply and how many plies back the continuation
/// history looks (0: not at all).
#[derive(Clone, Copy)]
pub struct OrderingContext {
    pub ply: usize,
    pub cont_plies: usize,
}

impl OrderingContext {
    /// Quiescence, which orders tactical moves (and its evasions): no line of moves, so no
    /// continuation history.
    pub fn tactical(ply: usize) -> Self {
        OrderingContext { ply, cont_plies: 0 }
    }
}

/// The ordering score of a move that is not the TT move; `killers`: the node's two.
#[inline(always)]
fn score_one<P: Evaluate>(
    pos: &P,
    m: P::Move,
    killers: [Option<P::Move>; 2],
    heur: &Heuristics<P::Move>,
    at: OrderingContext,
) -> i32 {
    if pos.is_tactical(m) {
        tactical_score(pos.tactical_gain(m), pos.is_losing_tactical(m))
    } else if Some(m) == killers[0] {
        KILLER_1
    } else if Some(m) == killers[1] {
        KILLER_2
    } else {
        let mut score = heur.quiet.score(pos.side_to_move(), P::move_code(m));
        if at.cont_plies != 0 {
            score += heur.cont.score(pos.history_key(m), at.ply, at.cont_plies);
        }
        score
    }
}

/// Appends the scores of `moves` (none of them the TT move) to `scores`.
pub fn score_rest<P: Evaluate>(
    pos: &P,
    moves: &[P::Move],
    scores: &mut Vec<i32>,
    heur: &Heuristics<P::Move>,
    at: OrderingContext,
) {
    let killers = heur.killers.get(at.ply);
    scores.extend(moves.iter().map(|&m| score_one(pos, m, killers, heur, at)));
}

/// Moves the TT move (the move whose code is `tt_code`, if legal here) to the front with
/// the score [`TT_MOVE`]; the other moves are scored later by [`score_rest`], only if the
/// TT move does not settle the node.
pub fn place_tt_move<P: Evaluate>(
    moves: &mut [P::Move],
    scores: &mut Vec<i32>,
    tt_code: Option<u32>,
) {
    scores.clear();
    if let Some(at) = tt_code.and_then(|c| moves.iter().position(|&m| P::move_code(m) == c)) {
        // a rotation keeps the generation order of the others (ties in ordering follow it)
        moves[..=at].rotate_right(1);
        scores.push(TT_MOVE);
    }
}

/// Keeps only the tactical moves that do not lose material (all moves when in check is
/// the caller's business) and scores them, the TT move first.
pub fn score_tactical<P: Evaluate>(
    pos: &P,
    moves: &mut Vec<P::Move>,
    scores: &mut Vec<i32>,
    tt_code: Option<u32>,
) {
    scores.clear();
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        if !pos.is_tactical(m) {
            continue;
        }
        let score = if Some(P::move_code(m)) == tt_code {
            TT_MOVE
        } else if pos.is_losing_tactical(m) {
            continue;
        } else {
            // a tactical move the game does not call losing: no killer to match
            tactical_score(pos.tactical_gain(m), false)
        };
        moves[kept] = m;
        kept += 1;
        scores.push(score);
    }
    moves.truncate(kept);
}

/// Moves the best-scored move of `moves[from..]` (those with a score) to `from` and
/// returns it with its score; of equal scores, the first.
///
/// Two passes: the top score by a branch-free reduction the compiler vectorizes, then the
/// first move that has it. A single scan that keeps the best index so far branches on
/// every comparison, and was a tenth of the search's time.
#[inline]
pub fn pick<M: Copy>(moves: &mut [M], scores: &mut [i32], from: usize) -> (M, i32) {
    let rest = &scores[from..];
    let top = rest.iter().fold(i32::MIN, |top, &s| top.max(s));
    let best = from + rest.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(from, best);
    scores.swap(from, best);
    (moves[from], scores[from])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::HISTORY_MAX;

    #[test]
    fn score_ranges_do_not_overlap() {
        let lowest_tactical = tactical_score(-1_000_000_000, true);
        assert!(is_tactical_score(lowest_tactical) && is_tactical_score(tactical_score(-5, false)));
        assert!(lowest_tactical > HISTORY_MAX);
        assert!(tactical_score(0, false) > KILLER_1 && KILLER_2 > tactical_score(1_000, true));
        assert!(tactical_score(-1, false) > tactical_score(1_000_000_000, true));
        assert!(
            !is_tactical_score(KILLER_1)
                && !is_tactical_score(HISTORY_MAX)
                && !is_tactical_score(-HISTORY_MAX)
        );
        assert!(tactical_score(0, false) > tactical_score(-1, false));
        assert!(tactical_score(1_000_000_000, false) < TT_MOVE);
        assert!(is_killer_score(KILLER_2) && !is_killer_score(0));
    }

    #[test]
    fn pick_hands_out_best_first() {
        let mut moves = [1, 2, 3, 4];
        let mut scores = [5, 50, -3, 20];
        let order: Vec<i32> = (0..4).map(|i| pick(&mut moves, &mut scores, i).0).collect();
        assert_eq!(order, vec![2, 4, 1, 3]);
    }
}
