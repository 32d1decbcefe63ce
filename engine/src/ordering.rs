//! Move ordering: scores every generated move once, then hands them out best first by
//! selection (most nodes cut off after one or two moves, so a full sort would be wasted).
//!
//! Order: the transposition-table move, tactical moves by the game's `tactical_gain`
//! (MVV-LVA or better), the two killers, tactical moves the game calls losing
//! (`Evaluate::is_losing_tactical`), then quiet moves by history (plus, where
//! `QuietGainScale` and `QuietCheckBonus` are on, the game's own worth of the move and a
//! bonus for a check). Where counter moves are on (`CounterMove`), the counter to the move
//! answered goes right after the killers. Where capture history is on, it shifts tactical
//! moves within their band. Scores are ranges, so a score alone tells whether a move is
//! tactical.

use escalade_eval::{Evaluate, OrderingFacts};

use crate::history::Heuristics;

/// The transposition-table move.
pub const TT_MOVE: i32 = i32::MAX;
const GOOD_TACTICAL: i32 = 1 << 29;
const BAD_TACTICAL: i32 = 1 << 27;
const GAIN_RANGE: i32 = 1 << 20;
const KILLER_1: i32 = 1 << 28;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_2 - 1;

/// Whether a score (other than [`TT_MOVE`]) belongs to a tactical move.
#[inline(always)]
pub fn is_tactical_score(score: i32) -> bool {
    score >= BAD_TACTICAL - GAIN_RANGE
        && score != TT_MOVE
        && !is_killer_score(score)
        && score != COUNTER
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

/// Where a node's moves are ordered: its ply, how many plies back the continuation
/// history looks (0: not at all), the weight of capture history (`CaptureHistoryScale`,
/// 0: none), whether the counter move goes after the killers (`CounterMove`), the weight
/// of the game's own worth of a quiet move (`QuietGainScale`, 0: none) and the bonus of a
/// quiet check (`QuietCheckBonus`).
#[derive(Clone, Copy)]
pub struct OrderingContext {
    pub ply: usize,
    pub cont_plies: usize,
    pub capture_scale: i32,
    pub counter_move: bool,
    pub quiet_gain_scale: i32,
    pub quiet_check_bonus: i32,
}

impl OrderingContext {
    /// Quiescence and ProbCut, which order tactical moves (and quiescence's evasions):
    /// no line of moves, so no continuation history, counter move or quiet terms; capture
    /// history weighed by `capture_scale`.
    pub fn tactical(ply: usize, capture_scale: i32) -> Self {
        OrderingContext {
            ply,
            cont_plies: 0,
            capture_scale,
            counter_move: false,
            quiet_gain_scale: 0,
            quiet_check_bonus: 0,
        }
    }
}

/// The ordering estimate of a tactical move: the game's `tactical_gain`, shifted by the
/// capture history where that is on.
#[inline(always)]
fn tactical_order<P: Evaluate>(
    pos: &P,
    m: P::Move,
    heur: &Heuristics<P::Move>,
    at: OrderingContext,
) -> i32 {
    let gain = pos.tactical_gain(m);
    if at.capture_scale == 0 {
        return gain;
    }
    let learnt = heur
        .capt
        .score(pos.side_to_move(), pos.history_key(m), gain);
    gain + learnt * at.capture_scale / 1024
}

/// The ordering score of a move that is not the TT move; `refutations`: the two killers
/// and the counter move.
#[inline(always)]
fn score_one<P: Evaluate>(
    pos: &P,
    m: P::Move,
    refutations: [Option<P::Move>; 3],
    heur: &Heuristics<P::Move>,
    at: OrderingContext,
    facts: &OrderingFacts,
) -> i32 {
    if pos.is_tactical(m) {
        tactical_score(tactical_order(pos, m, heur, at), pos.is_losing_tactical(m))
    } else if Some(m) == refutations[0] {
        KILLER_1
    } else if Some(m) == refutations[1] {
        KILLER_2
    } else if Some(m) == refutations[2] {
        COUNTER
    } else {
        let mut score = heur.history(pos.side_to_move(), P::move_code(m));
        if at.cont_plies != 0 {
            score += heur.cont.score(pos.history_key(m), at.ply, at.cont_plies);
        }
        if at.quiet_gain_scale != 0 {
            score += pos.quiet_gain(m, facts) * at.quiet_gain_scale;
        }
        if at.quiet_check_bonus != 0 && pos.gives_check(m) == Some(true) {
            score += at.quiet_check_bonus;
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
    let [k1, k2] = heur.killers(at.ply);
    let counter = at
        .counter_move
        .then(|| heur.cont.answered(at.ply))
        .flatten()
        .and_then(|answered| heur.counter.get(answered));
    let refutations = [k1, k2, counter];
    let facts = if at.quiet_gain_scale != 0 {
        pos.ordering_facts()
    } else {
        OrderingFacts::default()
    };
    scores.extend(
        moves
            .iter()
            .map(|&m| score_one(pos, m, refutations, heur, at, &facts)),
    );
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
    heur: &Heuristics<P::Move>,
    at: OrderingContext,
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
            // a tactical move the game does not call losing: no killer or counter to match
            tactical_score(tactical_order(pos, m, heur, at), false)
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

    /// The ordering context of a test: no continuation history.
    fn context(ply: usize, capture_scale: i32, counter_move: bool) -> OrderingContext {
        OrderingContext {
            counter_move,
            ..OrderingContext::tactical(ply, capture_scale)
        }
    }

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
        assert!(KILLER_2 > COUNTER && COUNTER > HISTORY_MAX && !is_tactical_score(COUNTER));
        assert!(!is_killer_score(COUNTER) && COUNTER > tactical_score(1_000_000_000, true));
    }

    #[test]
    fn the_counter_to_the_move_answered_goes_after_the_killers() {
        use escalade_core::{MoveNotation, Rules};
        use escalade_fide::Chess;
        let pos = Chess::from_fen(0, "4k3/8/8/8/8/4N3/8/4K3 w - - 0 1").unwrap();
        let find = |text: &str| pos.parse_move(text).unwrap();
        let (nd5, nf5, kd1) = (find("e3d5"), find("e3f5"), find("e1d1"));
        let mut heur = Heuristics::new();
        heur.add_killer(1, nd5);
        // the node at ply 1 answers the move played at ply 0
        heur.cont.set_played(0, Some(1234), true);
        let answered = heur.cont.answered(1).expect("a move was played at ply 0");
        heur.counter.set(answered, nf5);
        heur.counter.set(answered ^ 1, kd1);
        let scores = |counter_move| {
            let mut scores = Vec::new();
            score_rest(
                &pos,
                &[nd5, nf5, kd1],
                &mut scores,
                &heur,
                context(1, 0, counter_move),
            );
            scores
        };
        assert_eq!(scores(true), [KILLER_1, COUNTER, 0]);
        assert_eq!(scores(false), [KILLER_1, 0, 0]);
        assert_eq!(heur.cont.answered(0), None);
    }

    #[test]
    fn capture_history_orders_captures_of_equal_gain_within_their_band() {
        use escalade_core::{Color, MoveNotation, Rules, SearchHints};
        use escalade_fide::Chess;
        // the knight takes either pawn: the same MVV-LVA gain
        let pos = Chess::from_fen(0, "4k3/8/8/3p1p2/8/4N3/8/4K3 w - - 0 1").unwrap();
        let find = |text: &str| pos.parse_move(text).unwrap();
        let (nxd5, nxf5) = (find("e3d5"), find("e3f5"));
        let mut heur = Heuristics::new();
        let gain = pos.tactical_gain(nxf5);
        heur.capt
            .update(Color::White, pos.history_key(nxf5), gain, 1_600);
        let score = |m, capture_scale| {
            let mut scores = Vec::new();
            score_rest(
                &pos,
                &[m],
                &mut scores,
                &heur,
                context(0, capture_scale, false),
            );
            scores[0]
        };
        assert_eq!(score(nxd5, 0), score(nxf5, 0));
        assert_eq!(score(nxd5, 64), score(nxd5, 0));
        assert!(score(nxf5, 64) > score(nxd5, 64));
        assert!(is_tactical_score(score(nxf5, 64)) && score(nxf5, 64) > KILLER_1);
    }

    #[test]
    fn the_games_quiet_gain_and_a_quiet_check_lift_a_quiet_move_over_its_history() {
        use escalade_core::{MoveNotation, Rules};
        use escalade_fide::Chess;
        // the knight on d4 is attacked by the pawn on e5; Nc6 escapes it with check
        let pos = Chess::from_fen(0, "3k4/8/8/4p3/3N4/8/8/4K3 w - - 0 1").unwrap();
        let find = |text: &str| pos.parse_move(text).unwrap();
        let (nc6, nf3, kd1) = (find("d4c6"), find("d4f3"), find("e1d1"));
        let heur = Heuristics::new();
        let scores = |quiet_gain_scale, quiet_check_bonus| {
            let at = OrderingContext {
                quiet_gain_scale,
                quiet_check_bonus,
                ..context(0, 0, false)
            };
            let mut scores = Vec::new();
            score_rest(&pos, &[nc6, nf3, kd1], &mut scores, &heur, at);
            scores
        };
        assert_eq!(scores(0, 0), [0, 0, 0]);
        // a minor piece moved to safety: 300 centipawns of the game's worth
        assert_eq!(scores(2, 0), [600, 600, 0]);
        assert_eq!(scores(2, 1_000), [1_600, 600, 0]);
        assert!(scores(256, 65_536).iter().all(|&s| !is_tactical_score(s)));
    }

    #[test]
    fn pick_hands_out_best_first() {
        let mut moves = [1, 2, 3, 4];
        let mut scores = [5, 50, -3, 20];
        let order: Vec<i32> = (0..4).map(|i| pick(&mut moves, &mut scores, i).0).collect();
        assert_eq!(order, vec![2, 4, 1, 3]);
    }
}
