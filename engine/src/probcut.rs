//! ProbCut: at a non-PV node deep enough, a tactical move that beats beta by a margin in
//! a shallow null-window search (quiescence first, then `depth - 4` plies) would almost
//! surely beat beta at full depth too, so the node ends there with a lower bound. The
//! candidates are the game's tactical moves that do not lose material by its own
//! exchange test (`Evaluate::is_losing_tactical`), best first, and not those whose gain
//! (`Evaluate::tactical_value`) cannot lift the static evaluation to the raised beta.
//!
//! Only where the game allows futility pruning (`Pruning::futility`) and `ProbCutDepth`
//! is set; called from the pruning before moves (`search.rs`), never at a PV node, in
//! check or in a singular test.

use escalade_eval::Evaluate;

use crate::ordering::{pick, score_tactical, OrderingContext};
use crate::score::{from_tt, is_mate};
use crate::search::{NodeResult, PreMoveNode, Searcher};
use crate::tt::Bound;

/// The shallow search is this many plies shallower than the node.
const PROBCUT_REDUCTION: i32 = 4;

impl<P: Evaluate> Searcher<P> {
    /// ProbCut at `node` (`pos`): `Some` score (a lower bound past beta, or 0 once the
    /// search was aborted) ends the node.
    pub(crate) fn probcut(&mut self, pos: &P, node: PreMoveNode) -> Option<i32> {
        let p = &self.params;
        if !(P::PRUNING.futility && p.probcut_depth > 0 && node.depth >= p.probcut_depth)
            || is_mate(node.beta)
        {
            return None;
        }
        let raised = node.beta + p.probcut_margin - node.improving as i32 * p.probcut_margin / 4;
        // a table score deep enough that stays below the raised beta says it will fail
        if node.tt_entry.is_some_and(|e| {
            e.depth >= node.depth - (PROBCUT_REDUCTION - 1) && from_tt(e.score, node.ply) < raised
        }) {
            return None;
        }
        let ply = node.ply;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        pos.generate_tactical(&mut moves);
        let at = OrderingContext::tactical(ply, self.params.capture_history_scale);
        let tt_code = node.tt_entry.and_then(|e| e.move_code);
        score_tactical(pos, &mut moves, &mut scores, tt_code, &self.heur, at);
        let mut result = None;
        for i in 0..moves.len() {
            let (mv, _) = pick(&mut moves, &mut scores, i);
            if pos
                .tactical_value(mv)
                .is_some_and(|gain| node.eval + gain < raised)
            {
                continue;
            }
            let v = self.probcut_move(pos, &node, mv, raised);
            if self.aborted {
                result = Some(0);
                break;
            }
            if v >= raised {
                let found = NodeResult {
                    score: v,
                    best_move: Some(mv),
                    bound: Bound::Lower,
                    depth: node.depth - (PROBCUT_REDUCTION - 1),
                    pv: false,
                    eval: node.game_eval,
                };
                self.store_result(pos.hash(), ply, found);
                // past beta by what the shallow search found beyond the raised beta
                let past = if is_mate(v) { 0 } else { raised - node.beta };
                result = Some(v - past);
                break;
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        result
    }

    /// The null-window value of `mv` against `raised`: quiescence first, and the reduced
    /// search only when quiescence reaches it.
    fn probcut_move(&mut self, pos: &P, node: &PreMoveNode, mv: P::Move, raised: i32) -> i32 {
        let child = pos.play(mv);
        self.enter_child(pos, child.hash(), Some(mv), node.ply);
        let mut v = self.descend_quiet(pos, &child, (raised - 1, raised), node.ply, 0);
        let depth = node.depth - PROBCUT_REDUCTION;
        if v >= raised && depth > 0 && !self.aborted {
            let (alpha, beta) = (raised - 1, raised);
            v = self.descend(pos, &child, alpha, beta, depth, node.ply, !node.cut);
        }
        self.path.pop();
        v
    }
}
