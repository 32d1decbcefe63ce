//! The alpha-beta search of one thread: principal variation search with a transposition
//! table, mate-distance pruning, draw detection through the rules, check extension, and
//! the pruning a game allows through `Position::PRUNING` (reverse futility, null move,
//! futility and late-move pruning, late-move reductions, more of them at a node expected
//! to cut).
//!
//! This file owns the searcher's state and a node up to its moves: the entry checks, the
//! table probe, the static evaluation (corrected by `correction.rs` where that is on) and
//! the pruning before any move (reverse futility, razoring, null move). The move loop (move stages, futility and late-move pruning, extensions,
//! reductions, storing the result) is in `moveloop.rs`.
//!
//! Scores are negamax scores for the side to move; a child whose side to move is the same
//! as its parent's (a chance node, a game where a side moves twice) is searched without
//! negation, so nothing assumes that sides alternate. Quiescence is in `qsearch.rs`,
//! chance nodes in `chance.rs`, the iterative deepening that drives this in `iterate.rs`.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use escalade_eval::Evaluate;

use crate::correction::CorrectedEval;
use crate::effort::RootEffort;
use crate::history::Heuristics;
use crate::iir::reduced_depth;
use crate::moveloop::Node;
use crate::params::{Reductions, SearchParams};
use crate::path::SearchPath;
use crate::score::{from_tt, is_mate, result_score, to_tt, INFINITE, MATE, MAX_PLY};
use crate::threads::SearchShared;
use crate::tt::{Bound, Entry, TranspositionTable};

/// The search state of one thread; it lives as long as the thread (its heuristics carry
/// over from one search to the next).
pub struct Searcher<P: Evaluate> {
    /// Index of the thread (0 is the main thread, which owns the clock).
    pub(crate) id: usize,
    pub(crate) heur: Heuristics<P::Move>,
    pub(crate) path: SearchPath<P>,
    pub(crate) moves: Vec<Vec<P::Move>>,
    pub(crate) scores: Vec<Vec<i32>>,
    pub(crate) quiets: Vec<Vec<P::Move>>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pub(crate) pv: Vec<Vec<P::Move>>,
    evals: Vec<i32>,
    /// Per ply, whether the node is on a principal variation (`Node::tt_pv`).
    pub(crate) tt_pv: Vec<bool>,
    pub(crate) nodes: u64,
    /// Nodes under each root move in this search (the clock reads the main thread's).
    pub(crate) root_effort: RootEffort,
    pub(crate) seldepth: usize,
    pub(crate) root_depth: i32,
    /// The search was stopped: every score from now on is meaningless.
    pub(crate) aborted: bool,
    /// The main thread may stop the search (a first iteration is complete).
    pub(crate) can_abort: bool,
    pub(crate) tt: Arc<TranspositionTable>,
    pub(crate) shared: Option<Arc<SearchShared<P>>>,
    /// Codes of the root moves the current pass leaves out (those `Limits::search_moves`
    /// does not allow, and in multi-PV the first moves of the lines already found).
    pub(crate) excluded_root: HashSet<u32>,
    /// Codes of the root moves `Limits::search_moves` does not allow.
    pub(crate) root_left_out: HashSet<u32>,
    /// Per ply, the code of the move a singular test leaves out (`singular.rs`).
    pub(crate) excluded: Vec<Option<u32>>,
    /// The search constants of the current search (copied from `SearchShared`).
    pub(crate) params: SearchParams,
    /// Late-move reductions built from `params`.
    pub(crate) reductions: Reductions,
}

impl<P: Evaluate> Searcher<P> {
    /// A fresh searcher for thread `id`.
    pub fn new(id: usize, tt: Arc<TranspositionTable>) -> Self {
        Searcher {
            id,
            heur: Heuristics::new(),
            path: SearchPath::new(),
            moves: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            evals: vec![0; MAX_PLY + 2],
            tt_pv: vec![false; MAX_PLY + 2],
            nodes: 0,
            root_effort: RootEffort::default(),
            seldepth: 0,
            root_depth: 0,
            aborted: false,
            can_abort: false,
            tt,
            shared: None,
            excluded_root: HashSet::new(),
            root_left_out: HashSet::new(),
            excluded: vec![None; MAX_PLY + 2],
            params: SearchParams::default(),
            reductions: Reductions::new(&SearchParams::default()),
        }
    }

    /// Forgets the move-ordering memory (new game).
    pub fn clear(&mut self) {
        self.heur.clear();
    }

    /// Stores a finished node in the transposition table (shared by the main search and
    /// quiescence), its score counted from `ply`.
    #[inline]
    pub(crate) fn store_result(&self, key: u64, ply: usize, result: NodeResult<P::Move>) {
        self.tt.store(
            key,
            Entry {
                move_code: result.best_move.map(P::move_code),
                score: to_tt(result.score, ply),
                depth: result.depth,
                bound: result.bound,
                pv: result.pv,
                eval: result.eval,
            },
        );
    }

    /// Counts a node and, every `SearchHints::NODES_PER_POLL` nodes of the game, publishes
    /// the count and checks whether to stop. Returns true when the search must unwind.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(P::NODES_PER_POLL) {
            self.poll();
        }
        self.aborted
    }

    #[cold]
    fn poll(&mut self) {
        let Some(shared) = &self.shared else { return };
        shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
        if shared.abort.load(Ordering::Relaxed) {
            self.aborted = true;
            return;
        }
        // the main thread owns every limit; helpers enforce the node limit too
        let stop = match (self.id, self.can_abort) {
            (0, true) => shared.should_stop(),
            (0, false) => shared.must_stop_now(),
            _ => shared.over_node_limit(),
        };
        if stop {
            shared.abort.store(true, Ordering::Relaxed);
            self.aborted = true;
        }
    }

    /// Searches `child` (reached from `pos`) for the side to move at `pos`, negating only
    /// when the side to move changes.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn descend(
        &mut self,
        pos: &P,
        child: &P,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if child.side_to_move() == pos.side_to_move() {
            self.alpha_beta(child, alpha, beta, depth, ply + 1, cut)
        } else {
            -self.alpha_beta(child, -beta, -alpha, depth, ply + 1, cut)
        }
    }

    /// Enters `mv` (`None`: a null move), played from `pos` at `ply` to the position keyed
    /// `child_key`: on the path (repetitions) and, where it is on, as the move continuation
    /// history answers (`quiet`: a quiet move that hands the turn over, one the child's
    /// failing low rewards). The caller has started loading the child's table cluster
    /// ([`Searcher::enter_child`] does both).
    #[inline]
    pub(crate) fn enter_move(
        &mut self,
        pos: &P,
        child_key: u64,
        mv: Option<P::Move>,
        ply: usize,
        quiet: bool,
    ) {
        self.path.push(child_key, mv);
        if self.params.cont_history_plies > 0 {
            self.heur
                .cont
                .set_played(ply, mv.map(|m| pos.history_key(m)), quiet);
        }
    }

    /// Starts loading the table cluster of the child keyed `child_key` (its probe comes
    /// soon), then enters it as [`Searcher::enter_move`] does, for a move that is not quiet.
    #[inline]
    pub(crate) fn enter_child(&mut self, pos: &P, child_key: u64, mv: Option<P::Move>, ply: usize) {
        self.tt.prefetch(child_key);
        self.enter_move(pos, child_key, mv, ply, false);
    }

    /// Copies the child's line behind `mv` into `pv[ply]`.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The alpha-beta value of `pos` within `(alpha, beta)`, `depth` plies deep, `ply`
    /// plies below the root; `cut`: a null-window node expected to fail high (never at a
    /// PV node).
    pub(crate) fn alpha_beta(
        &mut self,
        pos: &P,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        // A stale line at this ply must never reach the parent's PV, whatever returns below.
        self.pv[ply].clear();
        if P::HAS_CHANCE && pos.is_chance() {
            return self.chance(pos, alpha, beta, depth, ply);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        if self.count_node() {
            return 0;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if let Some(score) = self.entry_checks(pos, &mut alpha, &mut beta, ply) {
                return score;
            }
        }

        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_code = entry.and_then(|e| e.move_code);
        // a singular test searches this node without its table move: the table's score
        // and the pruning before moves are about the node with it
        let singular_test = self.excluded[ply].is_some();
        if !pv_node && !singular_test {
            if let Some(score) = table_cutoff(entry, depth, alpha, beta, ply) {
                return score;
            }
        }
        let in_check = pos.in_check();
        // in check there is no evaluation; a node found again has its own in the table
        let game_eval = (!in_check).then(|| known_eval(pos, entry));
        let corrected = game_eval.and_then(|e| self.corrected_eval(pos, e));
        let raw_eval = static_eval(game_eval, corrected);
        // in check there is no evaluation to refine
        let eval = table_refined_eval(raw_eval, !in_check, entry, ply);
        self.evals[ply] = eval;
        let four = self.params.improving_four_plies;
        let improving = !in_check && is_improving(&self.evals[..ply], eval, four);
        // set before the pruning, whose children (null move, razoring) read it
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        self.tt_pv[ply] = tt_pv;
        if !pv_node && !in_check && !root && !singular_test {
            let node = PreMoveNode {
                eval,
                beta,
                depth,
                improving,
                ply,
                cut,
            };
            if let Some(score) = self.prune_before_moves(pos, node) {
                return score;
            }
        }

        let cut_node = cut && !pv_node;
        let Some(depth) = reduced_depth::<P>(depth, tt_code, root) else {
            return self.qsearch(pos, alpha, beta, ply, 0);
        };
        let node = Node {
            key,
            ply,
            depth,
            root,
            pv_node,
            cut_node,
            in_check,
            eval,
            corrected,
            improving,
            beta,
            tt_entry: entry,
            tt_pv,
            game_eval,
        };
        self.search_moves(pos, &node, alpha)
    }

    /// The node's entry checks below the root: the game's result by its rules (a
    /// claimable draw counts as one, the opponent would claim it), a repetition, the
    /// deepest ply, and mate-distance pruning (no line from here beats a mate already
    /// found nearer), which narrows the window. `Some` score ends the node.
    #[inline]
    fn entry_checks(
        &mut self,
        pos: &P,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
    ) -> Option<i32> {
        let side = pos.side_to_move();
        if let Some(result) = pos.rule_result().or_else(|| pos.claimable_draw()) {
            return Some(result_score(result, side, ply));
        }
        if let Some(result) = self.path.repetition(pos) {
            return Some(result_score(result, side, ply));
        }
        if ply >= MAX_PLY - 1 {
            return Some(pos.evaluate());
        }
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return Some(*alpha);
        }
        None
    }

    /// Pruning before any move is tried, at a non-PV node below the root and not in
    /// check: reverse futility (the static evaluation beats beta by a margin per ply),
    /// razoring (it is so far below that quiescence decides) and the null move (passing
    /// still fails high). `Some` score ends the node.
    #[inline]
    fn prune_before_moves(&mut self, pos: &P, node: PreMoveNode) -> Option<i32> {
        let PreMoveNode {
            eval,
            beta,
            depth,
            improving,
            ply,
            ..
        } = node;
        if P::PRUNING.futility
            && depth <= self.params.rfp_depth
            && !is_mate(beta)
            && eval - self.params.rfp_margin * (depth - improving as i32) >= beta
        {
            return Some(eval);
        }
        let alpha = beta - 1;
        if P::PRUNING.futility
            && depth <= self.params.razor_depth
            && eval + self.params.razor_margin * depth < alpha
        {
            // razoring: so far below alpha that only a tactic could help; quiescence says
            let v = self.qsearch(pos, alpha, beta, ply, 0);
            if self.aborted {
                return Some(0);
            }
            if v <= alpha {
                return Some(v);
            }
        }
        if P::PRUNING.null_move
            && depth >= self.params.null_move_min_depth
            && eval >= beta
            && !is_mate(beta)
            && !self.path.after_null_move()
            && pos.null_move_safe()
        {
            if let Some(v) = self.null_move_search(pos, node) {
                return Some(v);
            }
        }
        None
    }

    /// The null-move search: the side to move passes and the opponent gets a reduced
    /// search; `Some` score when the pass still reaches beta (or the search was aborted).
    #[inline]
    fn null_move_search(&mut self, pos: &P, node: PreMoveNode) -> Option<i32> {
        let PreMoveNode {
            eval,
            beta,
            depth,
            ply,
            cut,
            ..
        } = node;
        let child = pos.null_move()?;
        let p = &self.params;
        let r = p.null_move_base
            + depth / p.null_move_depth_divisor
            + ((eval - beta) / p.null_move_eval_divisor).min(p.null_move_eval_cap);
        self.enter_child(pos, child.hash(), None, ply);
        let v = self.descend(pos, &child, beta - 1, beta, depth - 1 - r, ply, !cut);
        self.path.pop();
        if self.aborted {
            return Some(0);
        }
        if v >= beta {
            return Some(if is_mate(v) { beta } else { v });
        }
        None
    }
}

/// What a finished node leaves in the transposition table, its score as the search
/// counts it (`Searcher::store_result` puts it in table form).
pub(crate) struct NodeResult<M> {
    pub score: i32,
    pub best_move: Option<M>,
    /// From [`Bound::of`] the window the node was searched with.
    pub bound: Bound,
    pub depth: i32,
    /// On a principal variation (the table keeps an earlier flag).
    pub pv: bool,
    /// The game's static evaluation of the node, if it computed one (the table keeps it
    /// for the next visit).
    pub eval: Option<i32>,
}

/// What the pruning before moves knows of a non-PV node below the root, not in check.
#[derive(Clone, Copy)]
pub(crate) struct PreMoveNode {
    /// Static evaluation (or the table's better bound on it).
    pub eval: i32,
    pub beta: i32,
    pub depth: i32,
    pub improving: bool,
    pub ply: usize,
    /// The node is expected to fail high.
    pub cut: bool,
}

/// A table score deep enough to settle the window `(alpha, beta)` ends a non-PV node.
#[inline]
pub(crate) fn table_cutoff(
    entry: Option<Entry>,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> Option<i32> {
    let e = entry?;
    let score = from_tt(e.score, ply);
    (e.depth >= depth && bound_cuts(e.bound, score, alpha, beta)).then_some(score)
}

/// The static evaluation (`-INFINITE` in check, where there is no `game_eval`; the
/// corrected one where there is one).
#[inline]
fn static_eval(game_eval: Option<i32>, corrected: Option<CorrectedEval>) -> i32 {
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
pub(crate) fn refined_eval(eval: i32, e: Entry, ply: usize) -> i32 {
    let score = from_tt(e.score, ply);
    if bound_cuts(e.bound, score, eval, eval + 1) {
        score
    } else {
        eval
    }
}

/// Whether the evaluation rose since the side to move's last turn, two plies back (`evals`
/// holds the plies before this one). Where the side was in check then (no evaluation), it
/// is compared with four plies back if `four` (as Stockfish does), else called improving.
#[inline]
fn is_improving(evals: &[i32], eval: i32, four: bool) -> bool {
    let turns_back = if four { 2 } else { 1 };
    let earlier = evals.iter().rev().skip(1).step_by(2).take(turns_back);
    match earlier.copied().find(|&e| e != -INFINITE) {
        Some(e) => eval > e,
        None => evals.len() >= 2,
    }
}

/// Whether a stored score with `bound` settles the window `(alpha, beta)`.
#[inline(always)]
pub(crate) fn bound_cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_core::{MoveNotation, Rules, SearchHints};

    /// One pile, take 1 to 3, taking the last stone wins; taking 1 is stage 0, taking 2 or
    /// 3 is stage 1, so every winning move but "take 1" comes from the later stage.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct StagedNim(u32, escalade_core::Color);

    impl Rules for StagedNim {
        type Move = u32;

        const FORMS: &'static [escalade_core::Form] = &[escalade_core::Form {
            name: "staged-nim",
            aliases: &[],
            description: "a test game",
        }];

        fn startpos(_form: usize) -> Self {
            StagedNim(10, escalade_core::Color::White)
        }

        fn from_fen(_form: usize, fen: &str) -> Result<Self, escalade_core::FenError> {
            let pile = fen
                .parse()
                .map_err(|_| escalade_core::FenError::new("pile"))?;
            Ok(StagedNim(pile, escalade_core::Color::White))
        }

        fn to_fen(&self) -> String {
            self.0.to_string()
        }

        fn form(&self) -> usize {
            0
        }

        fn side_to_move(&self) -> escalade_core::Color {
            self.1
        }

        fn hash(&self) -> u64 {
            escalade_core::splitmix64(self.0 as u64 | (self.1.index() as u64) << 32)
        }

        fn hash_from_scratch(&self) -> u64 {
            self.hash()
        }

        fn generate_moves(&self, out: &mut Vec<u32>) {
            out.clear();
            out.extend((1..=3).filter(|&t| t <= self.0));
        }

        fn play(&self, mv: u32) -> Self {
            StagedNim(self.0 - mv, !self.1)
        }

        fn in_check(&self) -> bool {
            false
        }

        fn rule_result(&self) -> Option<escalade_core::GameResult> {
            None
        }

        fn no_move_result(&self) -> escalade_core::GameResult {
            escalade_core::GameResult::mate(!self.1)
        }

        fn reversible_plies(&self) -> u32 {
            0
        }
    }

    impl SearchHints for StagedNim {
        const PRUNING: escalade_core::Pruning = escalade_core::Pruning::NONE;

        const MOVE_STAGES: &'static [i32] = &[0, 0];

        fn generate_stage(&self, stage: usize, _best: Option<u32>, out: &mut Vec<u32>) {
            if stage == 0 {
                out.clear();
            }
            let takes: &[u32] = if stage == 0 { &[1] } else { &[2, 3] };
            out.extend(takes.iter().filter(|&&t| t <= self.0));
        }

        fn move_code(mv: u32) -> u32 {
            mv
        }

        fn is_tactical(&self, _mv: u32) -> bool {
            false
        }

        fn tactical_gain(&self, _mv: u32) -> i32 {
            0
        }
    }

    impl MoveNotation for StagedNim {
        fn move_text(&self, mv: u32) -> String {
            mv.to_string()
        }
    }

    impl Evaluate for StagedNim {
        fn evaluate(&self) -> i32 {
            0
        }
    }

    #[test]
    fn later_stages_and_their_table_moves_are_searched() {
        for pile in 5..=11u32 {
            let mut engine = crate::Engine::<StagedNim>::new();
            let limits = crate::Limits {
                depth: Some(12),
                ..crate::Limits::default()
            };
            let r = engine.search(
                &[StagedNim(pile, escalade_core::Color::White)],
                &limits,
                &mut |_| {},
            );
            if pile % 4 == 0 {
                assert!(
                    matches!(r.score, crate::Score::Mate(m) if m < 0),
                    "{pile}: {r:?}"
                );
            } else {
                assert_eq!(r.best, Some(pile % 4), "{pile}: {r:?}");
                assert!(
                    matches!(r.score, crate::Score::Mate(m) if m > 0),
                    "{pile}: {r:?}"
                );
            }
        }
    }

    #[test]
    fn bounds_settle_the_right_windows() {
        assert!(bound_cuts(Bound::Exact, 5, 10, 20));
        assert!(bound_cuts(Bound::Lower, 20, 10, 20) && !bound_cuts(Bound::Lower, 19, 10, 20));
        assert!(bound_cuts(Bound::Upper, 10, 10, 20) && !bound_cuts(Bound::Upper, 11, 10, 20));
    }
}
