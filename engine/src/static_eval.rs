//! The static evaluation of a node as the search uses it: the game's (or the one its
//! table entry keeps), plus the correction history's correction where `CorrectionScale` is
//! on, refined by the table's bound; and the correction learnt from each finished node.

use escalade_eval::Evaluate;

use crate::correction::CorrectedEval;
use crate::node::Node;
use crate::score::{from_tt, is_mate, INFINITE, MATE_BOUND};
use crate::searcher::Searcher;
use crate::tt::{Bound, Entry};

impl<P: Evaluate> Searcher<P> {
    /// The static evaluation `raw` of `pos` (not in check) with the correction added,
    /// where the game keys corrections and `CorrectionScale` is on (`None` otherwise).
    #[inline]
    pub(crate) fn corrected_eval(&self, pos: &P, raw: i32) -> Option<CorrectedEval> {
        let share = self.params.correction_scale;
        if share == 0 {
            return None;
        }
        let key = pos.correction_key()?;
        let correction = self.heur.corr.correction(pos.side_to_move(), key) * share / 100;
        let corrected = (raw + correction).clamp(1 - MATE_BOUND, MATE_BOUND - 1);
        Some(CorrectedEval {
            key,
            raw,
            corrected,
        })
    }

    /// The static evaluation `raw` of `pos` as quiescence stands pat on it: corrected where
    /// corrections are on.
    #[inline]
    pub(crate) fn stand_pat_eval(&self, pos: &P, raw: i32) -> i32 {
        self.corrected_eval(pos, raw).map_or(raw, |e| e.corrected)
    }

    /// Learns from a finished node whose value `best` (with `bound`) says where the true
    /// value lies relative to its static evaluation: not after a tactical best move (the
    /// evaluation of a quiet position does not see it coming), nor from a mate score, nor
    /// from a bound on the evaluation's own side.
    #[inline]
    pub(crate) fn learn_correction(
        &mut self,
        pos: &P,
        node: &Node,
        best: i32,
        best_move: Option<P::Move>,
        bound: Bound,
    ) {
        let Some(e) = node.corrected else { return };
        if best_move.is_some_and(|m| pos.is_tactical(m)) || is_mate(best) {
            return;
        }
        if (bound == Bound::Lower && best <= e.corrected)
            || (bound == Bound::Upper && best >= e.corrected)
        {
            return;
        }
        let side = pos.side_to_move();
        self.heur.corr.update(side, e.key, node.depth, best - e.raw);
    }
}

/// The static evaluation (`-INFINITE` in check, where there is no `game_eval`; the
/// corrected one where there is one).
#[inline]
pub(crate) fn static_eval(game_eval: Option<i32>, corrected: Option<CorrectedEval>) -> i32 {
    match (game_eval, corrected) {
        (None, _) => -INFINITE,
        (Some(_), Some(c)) => c.corrected,
        (Some(raw), None) => raw,
    }
}

/// The game's static evaluation of `pos`: the one its table entry keeps, if any (the same
/// value, the evaluation being a function of the position), otherwise computed.
#[inline]
pub(crate) fn known_eval<P: Evaluate>(pos: &P, entry: Option<Entry>) -> i32 {
    entry.and_then(|e| e.eval).unwrap_or_else(|| pos.evaluate())
}

/// The evaluation `raw`, refined by the table's entry (`refined_eval`) where `refine`.
#[inline]
pub(crate) fn table_refined_eval(raw: i32, refine: bool, entry: Option<Entry>, ply: usize) -> i32 {
    match entry {
        Some(e) if refine => refined_eval(raw, e, ply),
        _ => raw,
    }
}

/// The evaluation `eval`, or the table entry's score where its bound says the true value
/// lies on the far side of `eval`.
#[inline]
fn refined_eval(eval: i32, e: Entry, ply: usize) -> i32 {
    let score = from_tt(e.score, ply);
    if e.bound.cuts(score, eval, eval + 1) {
        score
    } else {
        eval
    }
}
