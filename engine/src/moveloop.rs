//! The move loop of the main search, the part of `Searcher::alpha_beta` (`search.rs`) after
//! the node's entry checks, table probe and pre-move pruning: the node's moves in the
//! game's stages (`Position::MOVE_STAGES`) and in order, the pruning of single moves
//! (futility and late-move pruning of quiet moves, tactical moves that lose by exchange),
//! check and singular extensions (the singular test is in `singular.rs`; how many plies a
//! move gains or loses, in `depth.rs`), principal variation search with late-move
//! reductions, the best-move bookkeeping with the rewards of a quiet cutoff, the storing
//! of the node's result in the transposition table (with its principal-variation flag)
//! and, when the node fails low, the reward of the opponent's quiet move that led to it.
//!
//! A later stage is generated only when the earlier ones gave no cutoff and the remaining
//! depth reaches the stage's threshold.

use escalade_core::Position;
use escalade_eval::Evaluate;

use crate::depth::MoveKind;
use crate::node::{Node, NodeResult};
use crate::ordering::{
    is_losing_tactical_score, is_tactical_score, pick, place_tt_move, score_rest, OrderingContext,
    TT_MOVE,
};
use crate::params::SearchParams;
use crate::score::{result_score, INFINITE, MATE_BOUND};
use crate::searcher::Searcher;
use crate::singular::Singular;
use crate::tt::Bound;

/// The state of a node's move loop: the move buffers of its ply (taken from the stack for
/// the loop and given back after it), the window's lower end and the best found so far.
struct MoveLoop<P: Position> {
    moves: Vec<P::Move>,
    scores: Vec<i32>,
    /// The quiet moves searched so far (their history falls on a quiet cutoff).
    quiets: Vec<P::Move>,
    /// Index in `moves` of the next move to pick.
    next: usize,
    /// The move stage generated last.
    stage: usize,
    /// Moves before this index come from stage 0 (but for a late table move).
    first_stage_end: usize,
    /// A table move from a later stage, put first.
    late_tt_move: Option<P::Move>,
    /// The best-scoring move so far (even below alpha): later stages may build on it.
    best_tried: Option<P::Move>,
    original_alpha: i32,
    alpha: i32,
    best: i32,
    best_move: Option<P::Move>,
    /// Moves searched so far (not pruned, not left out at the root).
    searched: usize,
    /// Since the last searched move, the rest of the stage was checked for moves that all
    /// prune unplayed (see `MoveLoop::rest_prunes_unplayed`).
    sweep_tried: bool,
}

impl<P: Position> MoveLoop<P> {
    /// Futility and late-move pruning: whether a quiet move (neither tactical nor giving
    /// check: the caller's business) of a shallow node can be skipped, because enough quiet
    /// moves were tried already or because even a good margin over the static evaluation
    /// would not reach alpha.
    #[inline]
    fn prunes_quiet(&self, node: &Node, params: &SearchParams) -> bool {
        let depth = node.depth;
        if !self.may_prune(node, params.prune_depth) {
            return false;
        }
        let late = (params.late_move_base + depth * depth) / if node.improving { 1 } else { 2 };
        let margin = params.futility_base + params.futility_per_ply * depth;
        self.quiets.len() as i32 >= late || node.eval + margin <= self.alpha
    }

    /// Whether every move left in the current stage would be pruned unplayed when picked:
    /// quiet by its ordering score, prunable, and known by the game to give no check.
    /// Pruning a move changes nothing this reads, so once it holds the moves may all go at
    /// once, unpicked (picking is a scan of the rest), and the search stays the same.
    fn rest_prunes_unplayed(&self, pos: &P, node: &Node, params: &SearchParams) -> bool {
        self.scores.len() == self.moves.len()
            && (self.next..self.moves.len()).all(|i| {
                let (m, order) = (self.moves[i], self.scores[i]);
                order != TT_MOVE
                    && !is_tactical_score(order)
                    && self.prunes_quiet(node, params)
                    && pos.gives_check(m) == Some(false)
            })
    }

    /// Whether a tactical move the game calls losing (by its ordering score) can be
    /// skipped at a shallow node.
    #[inline]
    fn prunes_losing_tactical(&self, node: &Node, order: i32, params: &SearchParams) -> bool {
        self.may_prune(node, params.losing_tactical_depth) && is_losing_tactical_score(order)
    }

    /// What every move pruning asks of the node: the game allows futility pruning, the
    /// node is no deeper than `up_to`, below the root, not in check, and a move already
    /// has a score that is not a mate against the side to move.
    #[inline]
    fn may_prune(&self, node: &Node, up_to: i32) -> bool {
        P::PRUNING.futility
            && node.depth <= up_to
            && !node.root
            && !node.in_check
            && self.best > -MATE_BOUND
    }
}

impl<P: Evaluate> Searcher<P> {
    /// Searches the moves of `node` (`pos`) from `alpha`, stores the result in the table
    /// and returns the node's value (0 once the search is aborted).
    #[inline]
    pub(crate) fn search_moves(&mut self, pos: &P, node: &Node, alpha: i32) -> i32 {
        let Some(mut ml) = self.start_move_loop(pos, node, alpha) else {
            return result_score(pos.no_move_result(), pos.side_to_move(), node.ply);
        };
        while let Some((mv, order)) = self.next_move(pos, node, &mut ml) {
            if self.try_move(pos, node, &mut ml, mv, order) {
                break;
            }
        }
        let ply = node.ply;
        self.stack[ply].moves = ml.moves;
        self.stack[ply].scores = ml.scores;
        self.stack[ply].quiets = ml.quiets;
        if self.aborted {
            return 0;
        }
        // a root searched without some of its moves, or a node without its table move
        // (a singular test), has no value to keep
        if (!node.root || self.excluded_root.is_empty()) && self.stack[ply].excluded.is_none() {
            let bound = Bound::of(ml.best, ml.original_alpha, ml.alpha, node.beta);
            // a node that fails low under a parent on a PV is kept on it: the move that led
            // here is probably good, and the node joins the tree the PV leans on
            let pv = node.tt_pv
                || (bound == Bound::Upper
                    && node.depth > 3
                    && ply > 0
                    && self.stack[ply - 1].tt_pv);
            let result = NodeResult {
                score: ml.best,
                best_move: ml.best_move,
                bound,
                depth: node.depth,
                pv,
                eval: node.game_eval,
            };
            self.store_result(node.key, ply, result);
            self.learn_correction(pos, node, ml.best, ml.best_move, bound);
            if bound == Bound::Upper {
                self.reward_prior_quiet(node, ml.best, ml.original_alpha);
            }
        }
        ml.best
    }

    /// A node failed low (`best` at most `alpha`): the opponent's quiet move that led here
    /// was a good one, and its continuation history as the answer to the moves before it
    /// rises (`FailLowBonus`; twice where the node is a PV or cut node or failed by far).
    fn reward_prior_quiet(&mut self, node: &Node, best: i32, alpha: i32) {
        let p = &self.params;
        if !p.fail_low_bonus || p.cont_history_plies == 0 || node.ply == 0 {
            return;
        }
        if node.depth < 4 && !node.pv_node {
            return;
        }
        let far = best < alpha - 70 * node.depth;
        let twice = node.pv_node || node.cut_node || far;
        let bonus = p.history_bonus(node.depth) * (1 + twice as i32);
        self.heur.cont.reward_played(node.ply - 1, bonus);
    }

    /// Takes the ply's buffers and generates the first stage, the table move first (also
    /// one from a later stage in a game with staged generation); `None` when there is no
    /// legal move (the buffers are given back).
    #[inline]
    fn start_move_loop(&mut self, pos: &P, node: &Node, alpha: i32) -> Option<MoveLoop<P>> {
        let ply = node.ply;
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut scores = std::mem::take(&mut self.stack[ply].scores);
        let mut quiets = std::mem::take(&mut self.stack[ply].quiets);
        pos.generate_stage(0, None, &mut moves);
        if moves.is_empty() {
            self.stack[ply].moves = moves;
            self.stack[ply].scores = scores;
            self.stack[ply].quiets = quiets;
            return None;
        }
        place_tt_move::<P>(&mut moves, &mut scores, node.tt_code());
        quiets.clear();
        let mut late_tt_move = None;
        if P::MOVE_STAGES.len() > 1 && scores.is_empty() {
            if let Some(m) = node.tt_code().and_then(|c| pos.move_from_code(c)) {
                moves.insert(0, m);
                scores.push(TT_MOVE);
                late_tt_move = Some(m);
            }
        }
        let first_stage_end = moves.len();
        Some(MoveLoop {
            moves,
            scores,
            quiets,
            next: 0,
            stage: 0,
            first_stage_end,
            late_tt_move,
            best_tried: None,
            original_alpha: alpha,
            alpha,
            best: -INFINITE,
            best_move: None,
            searched: 0,
            sweep_tried: false,
        })
    }

    /// The next move to try with its ordering score, generating later stages as the
    /// earlier ones run out and leaving out the root moves the current pass excludes.
    #[inline]
    fn next_move(&self, pos: &P, node: &Node, ml: &mut MoveLoop<P>) -> Option<(P::Move, i32)> {
        loop {
            let staged = P::MOVE_STAGES.len() > 1;
            if !(ml.next < ml.moves.len()
                || (staged
                    && next_stage(
                        pos,
                        &mut ml.moves,
                        &mut ml.stage,
                        node.depth,
                        ml.best_tried,
                        ml.late_tt_move,
                    )))
            {
                return None;
            }
            if ml.next == ml.scores.len() {
                // no TT move, or it did not cut, or a new stage: order the rest now
                let at = OrderingContext {
                    ply: node.ply,
                    cont_plies: self.params.cont_history_plies as usize,
                };
                score_rest(pos, &ml.moves[ml.next..], &mut ml.scores, &self.heur, at);
            }
            let (mv, order) = pick(&mut ml.moves, &mut ml.scores, ml.next);
            ml.next += 1;
            if self.stack[node.ply].excluded == Some(P::move_code(mv)) {
                continue;
            }
            if node.root
                && !self.excluded_root.is_empty()
                && self.excluded_root.contains(&P::move_code(mv))
            {
                continue;
            }
            return Some((mv, order));
        }
    }

    /// Plays `mv` (ordering score `order`), prunes or searches it and records its score.
    /// Returns true when the loop must end (a cutoff, or the search was aborted).
    #[inline]
    fn try_move(
        &mut self,
        pos: &P,
        node: &Node,
        ml: &mut MoveLoop<P>,
        mv: P::Move,
        order: i32,
    ) -> bool {
        if ml.prunes_losing_tactical(node, order, &self.params) {
            return false;
        }
        let singular = if order == TT_MOVE && ml.searched == 0 {
            self.singular_test(pos, node, mv)
        } else {
            Singular::No
        };
        if let Singular::MultiCut(score) = singular {
            // a lower bound, with the table move kept as the node's move
            ml.best = score;
            ml.best_move = Some(mv);
            return true;
        }
        let tactical = if order == TT_MOVE {
            pos.is_tactical(mv)
        } else {
            is_tactical_score(order)
        };
        // a move pruned unless it gives check goes unplayed when the game can tell it does not
        let prunable = !tactical && ml.prunes_quiet(node, &self.params);
        let known_check = if prunable { pos.gives_check(mv) } else { None };
        if known_check == Some(false) {
            if !ml.sweep_tried {
                ml.sweep_tried = true;
                if ml.rest_prunes_unplayed(pos, node, &self.params) {
                    ml.next = ml.moves.len();
                }
            }
            return false;
        }
        let child = pos.play(mv);
        let child_key = child.hash();
        self.tt.prefetch(child_key);
        let gives_check = child.in_check();
        let quiet = !tactical && !gives_check;
        if prunable && !gives_check {
            return false;
        }

        // checks are extended for stage-0 moves only: later stages are variations of
        // plain moves (extras added), whose check would be extended over and over
        let plain = ml.next <= ml.first_stage_end && (ml.next > 1 || ml.late_tt_move.is_none());
        let plain_check = gives_check && plain;
        let extension = self.extension(node, singular, plain_check);
        let new_depth = node.depth - 1 + extension;
        let nodes_before = self.nodes;
        let handed_over = child.side_to_move() != pos.side_to_move();
        self.enter_move(pos, child_key, Some(mv), node.ply, !tactical && handed_over);
        let v = if ml.searched == 0 {
            let cut = !node.pv_node && !node.cut_node;
            self.descend(pos, &child, ml.alpha, node.beta, new_depth, node.ply, cut)
        } else {
            let kind = MoveKind {
                quiet,
                quiet_check: !tactical && gives_check,
                plain,
            };
            let r = self.late_move_reduction(node, ml.searched, kind, order, new_depth);
            self.search_late_move(pos, &child, node, ml.alpha, new_depth, r)
        };
        self.path.pop();
        if node.root {
            let spent = self.nodes - nodes_before;
            self.root_effort.add(P::move_code(mv), spent);
        }
        if self.aborted {
            return true;
        }
        ml.searched += 1;
        ml.sweep_tried = false;
        self.record_score(pos, node, ml, mv, v, tactical)
    }

    /// Principal variation search of a move after the first (`alpha` and the node's `best`
    /// so far): a null window at the reduced depth (its node expected to cut), then at full
    /// depth if it beat alpha reduced (a cut node's child expected to try every move), then
    /// the full window if it still lands inside it.
    #[inline]
    fn search_late_move(
        &mut self,
        pos: &P,
        child: &P,
        node: &Node,
        alpha: i32,
        new_depth: i32,
        reduction: i32,
    ) -> i32 {
        let reduced = new_depth - reduction;
        let mut v = self.descend(pos, child, alpha, alpha + 1, reduced, node.ply, true);
        if v > alpha && reduction > 0 {
            let cut = !node.cut_node;
            v = self.descend(pos, child, alpha, alpha + 1, new_depth, node.ply, cut);
        }
        if v > alpha && v < node.beta {
            v = self.descend(pos, child, alpha, node.beta, new_depth, node.ply, false);
        }
        v
    }

    /// Records the score `v` of `mv`: a new best, a new alpha (and PV), a cutoff (which
    /// rewards the move in its history). Returns true on a cutoff.
    #[inline]
    fn record_score(
        &mut self,
        pos: &P,
        node: &Node,
        ml: &mut MoveLoop<P>,
        mv: P::Move,
        v: i32,
        tactical: bool,
    ) -> bool {
        if v > ml.best {
            ml.best = v;
            ml.best_tried = Some(mv);
            if v > ml.alpha {
                ml.best_move = Some(mv);
                ml.alpha = v;
                if node.pv_node {
                    self.stack.update_pv(node.ply, mv);
                }
                if v >= node.beta {
                    if !tactical {
                        self.reward_quiet(pos, mv, &ml.quiets, node.depth, node.ply);
                    }
                    return true;
                }
            }
        }
        if !tactical {
            ml.quiets.push(mv);
        }
        false
    }

    /// A quiet move caused a cutoff: it becomes a killer, its history rises and the
    /// quiet moves tried before it fall.
    fn reward_quiet(&mut self, pos: &P, mv: P::Move, tried: &[P::Move], depth: i32, ply: usize) {
        let side = pos.side_to_move();
        let bonus = self.params.history_bonus(depth);
        self.heur.killers.add(ply, mv);
        self.heur.quiet.update(side, P::move_code(mv), bonus);
        for &m in tried {
            self.heur.quiet.update(side, P::move_code(m), -bonus);
        }
        // continuation history only when it is in use (`ContHistoryPlies`)
        if self.params.cont_history_plies > 0 {
            self.heur.cont.update(pos.history_key(mv), ply, bonus);
            for &m in tried {
                self.heur.cont.update(pos.history_key(m), ply, -bonus);
            }
        }
    }
}

/// Appends the next move stage the game has for this depth (see `Position::MOVE_STAGES`),
/// without `skip` (a table move already tried); false when no stage with moves is left.
fn next_stage<P: Position>(
    pos: &P,
    moves: &mut Vec<P::Move>,
    stage: &mut usize,
    depth: i32,
    best: Option<P::Move>,
    skip: Option<P::Move>,
) -> bool {
    while *stage + 1 < P::MOVE_STAGES.len() {
        *stage += 1;
        if depth < P::MOVE_STAGES[*stage] {
            continue;
        }
        let start = moves.len();
        pos.generate_stage(*stage, best, moves);
        if let Some(k) = skip.and_then(|s| moves[start..].iter().position(|&m| m == s)) {
            moves.remove(start + k);
        }
        if moves.len() > start {
            return true;
        }
    }
    false
}
