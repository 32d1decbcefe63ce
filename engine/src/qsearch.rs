//! Quiescence search: at the horizon, play out the moves the game calls tactical
//! (`Position::is_tactical`: captures, promotions, ...) until the position is quiet.
//!
//! The side to move may "stand pat" on the static evaluation, unless it is in check (then
//! every evasion is searched) or the game forbids it (`Pruning::stand_pat` off, e.g. where
//! captures are compulsory): then standing pat is allowed only when a quiet move exists,
//! and a position with only quiet moves is scored by its evaluation. Game ends (rules,
//! no legal move) are scored here as in the main search.
//!
//! Where standing pat is allowed the game lists only its tactical moves
//! (`Position::generate_tactical`, which also says whether any legal move exists); in
//! check only the game's first move stage (`Position::generate_stage`) is searched.
//!
//! Quiescence counts its own plies (`qply`, 0 where the main search hands over). Games
//! whose tactics never run dry bound it (`Pruning::quiescence_plies`): past that many plies
//! only the best-ordered tactical move of a node is searched, so quiescence below the
//! bound is a line per node, not a tree, and ends within the pieces left to capture.

use escalade_eval::Evaluate;

use crate::node::{table_cutoff, NodeResult};
use crate::ordering::{pick, place_tt_move, score_rest, score_tactical, OrderingContext};
use crate::score::{result_score, INFINITE, MAX_PLY};
use crate::searcher::Searcher;
use crate::static_eval::known_eval;
use crate::tt::Bound;

impl<P: Evaluate> Searcher<P> {
    /// Whether `pos`, `qply` plies into quiescence, is in check and answered with every
    /// evasion: past the game's evasion horizon (`Pruning::check_evasion_plies`) a check is
    /// answered like a quiet position.
    #[inline]
    fn evading_check(&self, pos: &P, qply: usize) -> bool {
        pos.in_check()
            && P::PRUNING
                .check_evasion_plies
                .is_none_or(|n| qply < n as usize)
    }

    /// The quiescence value of `pos` within `(alpha, beta)`, `qply` plies into quiescence.
    pub(crate) fn qsearch(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.stack[ply].pv.clear();
        if P::HAS_CHANCE && pos.is_chance() {
            // a chance node in quiescence: its depth counts quiescence plies downwards
            return self.chance(pos, alpha, beta, -(qply as i32), ply);
        }
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = pos.side_to_move();
        if let Some(result) = pos.rule_result().or_else(|| pos.claimable_draw()) {
            return result_score(result, side, ply);
        }
        if ply >= MAX_PLY - 1 {
            return pos.evaluate();
        }

        let key = pos.hash();
        let entry = self.tt.probe(key);
        // quiescence is depth 0: any stored score that settles the window will do
        if let Some(score) = table_cutoff(entry, 0, alpha, beta, ply) {
            return score;
        }

        let in_check = self.evading_check(pos, qply);
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let any_move = quiescence_moves(pos, in_check, &mut moves);
        if !any_move {
            self.stack[ply].moves = moves;
            return result_score(pos.no_move_result(), side, ply);
        }
        // the game's evaluation, where standing pat is allowed (the table keeps it)
        let game_eval = (!in_check && may_stand_pat(pos, &moves)).then(|| known_eval(pos, entry));
        let stand_pat = game_eval.map(|raw| self.stand_pat_eval(pos, raw));
        if let Some(eval) = stand_pat.filter(|&eval| eval >= beta) {
            self.stack[ply].moves = moves;
            return eval;
        }
        let best = stand_pat.unwrap_or(-INFINITE);
        alpha = alpha.max(best);

        let mut scores = std::mem::take(&mut self.stack[ply].scores);
        let tt_code = entry.and_then(|e| e.move_code);
        self.order_moves(pos, in_check, (&mut moves, &mut scores), tt_code, ply);
        let width = quiescence_width::<P>(in_check, qply, moves.len());
        if moves.is_empty() && best == -INFINITE {
            // nothing tactical and standing pat is not allowed: the position is quiet
            self.stack[ply].moves = moves;
            self.stack[ply].scores = scores;
            return pos.evaluate();
        }

        let original_alpha = alpha;
        let window = QsWindow { alpha, beta, best };
        let (best, alpha, best_move) =
            self.search_tactical_moves(pos, (&mut moves, &mut scores), window, (ply, qply, width));
        self.stack[ply].moves = moves;
        self.stack[ply].scores = scores;
        if self.aborted {
            return 0;
        }
        let result = NodeResult {
            score: best,
            best_move,
            bound: Bound::of(best, original_alpha, alpha, beta),
            depth: 0,
            pv: false,
            eval: game_eval,
        };
        self.store_result(key, ply, result);
        best
    }

    /// Searches the first `width` of quiescence's ordered `moves` at `pos` (`qply` plies
    /// into quiescence) in `window`; returns the best value, the raised alpha and the move
    /// that raised it.
    fn search_tactical_moves(
        &mut self,
        pos: &P,
        (moves, scores): (&mut [P::Move], &mut [i32]),
        window: QsWindow,
        (ply, qply, width): (usize, usize, usize),
    ) -> (i32, i32, Option<P::Move>) {
        let QsWindow {
            mut alpha,
            beta,
            mut best,
        } = window;
        let mut best_move = None;
        for i in 0..width {
            let (mv, _) = pick(moves, scores, i);
            let child = pos.play(mv);
            let child_key = child.hash();
            // the child's table probe comes soon: start loading its cluster now
            self.tt.prefetch(child_key);
            self.path.push(child_key, Some(mv));
            let v = self.descend_quiet(pos, &child, (alpha, beta), ply, qply);
            self.path.pop();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(mv);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        (best, alpha, best_move)
    }
}

/// Quiescence's window at its moves, with the best value so far (the stand pat, if any).
#[derive(Clone, Copy)]
struct QsWindow {
    alpha: i32,
    beta: i32,
    best: i32,
}

impl<P: Evaluate> Searcher<P> {
    /// Scores quiescence's moves for picking, the table move first: every evasion in
    /// check, otherwise the tactical moves that do not lose material (the rest are dropped).
    fn order_moves(
        &self,
        pos: &P,
        in_check: bool,
        (moves, scores): (&mut Vec<P::Move>, &mut Vec<i32>),
        tt_code: Option<u32>,
        ply: usize,
    ) {
        // quiescence records no line of moves: no continuation history here
        if in_check {
            place_tt_move::<P>(moves, scores, tt_code);
            let from = scores.len();
            score_rest(
                pos,
                &moves[from..],
                scores,
                &self.heur,
                OrderingContext::tactical(ply),
            );
        } else {
            score_tactical(pos, moves, scores, tt_code);
        }
    }
}

/// Whether `pos` (not in check), whose quiescence moves are `moves`, may stand pat: not
/// where the game forbids standing pat and every move is tactical.
#[inline]
fn may_stand_pat<P: Evaluate>(pos: &P, moves: &[P::Move]) -> bool {
    P::PRUNING.stand_pat || moves.iter().any(|&m| !pos.is_tactical(m))
}

/// How many of a node's `len` ordered quiescence moves are searched, `qply` plies into
/// quiescence: all of them in check or within the game's `Pruning::quiescence_plies`,
/// otherwise the best one.
#[inline]
fn quiescence_width<P: Evaluate>(in_check: bool, qply: usize, len: usize) -> usize {
    match P::PRUNING.quiescence_plies {
        Some(n) if !in_check && qply >= n as usize => len.min(1),
        _ => len,
    }
}

/// Generates the moves quiescence searches at `pos` into `moves`: in check every evasion,
/// but only the game's first stage (the plain moves); where standing pat is allowed the
/// tactical moves; otherwise every move. Returns whether the position has any legal move.
#[inline]
fn quiescence_moves<P: Evaluate>(pos: &P, in_check: bool, moves: &mut Vec<P::Move>) -> bool {
    if in_check {
        pos.generate_stage(0, None, moves);
        !moves.is_empty()
    } else if P::PRUNING.stand_pat {
        pos.generate_tactical(moves)
    } else {
        pos.generate_moves(moves);
        !moves.is_empty()
    }
}
