//! The alpha-beta search of one thread: principal variation search with a transposition
//! table, mate-distance pruning, draw detection through the rules, check extension, and
//! the pruning a game allows through `Position::PRUNING` (reverse futility, null move,
//! futility and late-move pruning, late-move reductions).
//!
//! Moves come in the game's stages (`Position::MOVE_STAGES`, one stage for most games):
//! a later stage is generated only when the earlier ones gave no cutoff and the remaining
//! depth reaches the stage's threshold.
//!
//! Scores are negamax scores for the side to move; a child whose side to move is the same
//! as its parent's (a chance node, a game where a side moves twice) is searched without
//! negation, so nothing assumes that sides alternate. Quiescence is in `qsearch.rs`,
//! chance nodes in `chance.rs`, the iterative deepening that drives this in `iterate.rs`.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{Arc, LazyLock};

use escalade_core::Position;
use escalade_eval::Evaluate;

use crate::history::{history_bonus, Heuristics};
use crate::ordering::{
    is_killer_score, is_tactical_score, pick, place_tt_move, score_rest, TT_MOVE,
};
use crate::path::SearchPath;
use crate::score::{from_tt, is_mate, result_score, to_tt, INFINITE, MATE, MAX_PLY};
use crate::threads::SearchShared;
use crate::tt::{Bound, Entry, TranspositionTable};

/// How often (in nodes) a thread publishes its node count and looks at the stop flags.
const POLL_INTERVAL: u64 = 1024;
/// Reverse futility: margin per ply of depth.
const RFP_MARGIN: i32 = 90;
/// Reverse futility applies up to this depth.
const RFP_DEPTH: i32 = 7;
/// Futility pruning of quiet moves: base margin and margin per ply.
const FUTILITY_BASE: i32 = 90;
const FUTILITY_PER_PLY: i32 = 100;
/// Futility and late-move pruning apply up to this depth.
const PRUNE_DEPTH: i32 = 6;

/// Late-move reductions by depth and move number: `0.75 + ln(d) ln(m) / 2.25`, in plies.
static REDUCTIONS: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
        }
    }
    t
});

/// The search state of one thread; it lives as long as the thread (its heuristics carry
/// over from one search to the next).
pub struct Searcher<P: Evaluate> {
    /// Index of the thread (0 is the main thread, which owns the clock).
    pub(crate) id: usize,
    pub(crate) heur: Heuristics<P::Move>,
    pub(crate) path: SearchPath<P>,
    pub(crate) moves: Vec<Vec<P::Move>>,
    pub(crate) scores: Vec<Vec<i32>>,
    quiets: Vec<Vec<P::Move>>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pub(crate) pv: Vec<Vec<P::Move>>,
    evals: Vec<i32>,
    pub(crate) nodes: u64,
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
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            aborted: false,
            can_abort: false,
            tt,
            shared: None,
            excluded_root: HashSet::new(),
            root_left_out: HashSet::new(),
        }
    }

    /// Forgets the move-ordering memory (new game).
    pub fn clear(&mut self) {
        self.heur.clear();
    }

    /// Stores a finished node in the transposition table, its bound classified from the
    /// window it was searched with (shared by the main search and quiescence).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn store_result(
        &self,
        key: u64,
        best: i32,
        best_move: Option<P::Move>,
        original_alpha: i32,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                move_code: best_move.map(P::move_code),
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
    }

    /// Counts a node and, every [`POLL_INTERVAL`] nodes, publishes the count and checks
    /// whether to stop. Returns true when the search must unwind.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
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
    #[inline]
    pub(crate) fn descend(
        &mut self,
        pos: &P,
        child: &P,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) -> i32 {
        if child.side_to_move() == pos.side_to_move() {
            self.alpha_beta(child, alpha, beta, depth, ply + 1)
        } else {
            -self.alpha_beta(child, -beta, -alpha, depth, ply + 1)
        }
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
    /// plies below the root.
    pub(crate) fn alpha_beta(
        &mut self,
        pos: &P,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
    ) -> i32 {
        // A stale line at this ply must never reach the parent's PV, whatever returns below.
        self.pv[ply].clear();
        if P::HAS_CHANCE && pos.is_chance() {
            return self.chance(pos, alpha, beta, depth, ply);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if self.count_node() {
            return 0;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.seldepth = self.seldepth.max(ply);
        let side = pos.side_to_move();

        if !root {
            // a claimable draw counts as one below the root (the opponent would claim it)
            if let Some(result) = pos.rule_result().or_else(|| pos.claimable_draw()) {
                return result_score(result, side, ply);
            }
            if let Some(result) = self.path.repetition(pos) {
                return result_score(result, side, ply);
            }
            if ply >= MAX_PLY - 1 {
                return pos.evaluate();
            }
            // mate-distance pruning: no line from here beats a mate already found nearer
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_code = entry.and_then(|e| e.move_code);
        if let Some(e) = entry {
            let score = from_tt(e.score, ply);
            if !pv_node && e.depth >= depth && bound_cuts(e.bound, score, alpha, beta) {
                return score;
            }
        }

        let in_check = pos.in_check();
        let eval = if in_check {
            -INFINITE
        } else {
            let raw = pos.evaluate();
            match entry {
                Some(e) if bound_cuts(e.bound, from_tt(e.score, ply), raw, raw + 1) => {
                    from_tt(e.score, ply)
                }
                _ => raw,
            }
        };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];

        if !pv_node && !in_check && !root {
            if P::PRUNING.futility
                && depth <= RFP_DEPTH
                && !is_mate(beta)
                && eval - RFP_MARGIN * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if P::PRUNING.null_move
                && depth >= 3
                && eval >= beta
                && !is_mate(beta)
                && !self.path.after_null_move()
                && pos.null_move_safe()
            {
                if let Some(child) = pos.null_move() {
                    let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                    self.path.push(child.hash(), None);
                    let v = self.descend(pos, &child, beta - 1, beta, depth - 1 - r, ply);
                    self.path.pop();
                    if self.aborted {
                        return 0;
                    }
                    if v >= beta {
                        return if is_mate(v) { beta } else { v };
                    }
                }
            }
        }

        // internal iterative reduction: without a table move this node is likely new
        let depth = if P::PRUNING.late_move_reductions && tt_code.is_none() && depth >= 4 && !root {
            depth - 1
        } else {
            depth
        };

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        pos.generate_stage(0, None, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            self.quiets[ply] = quiets;
            return result_score(pos.no_move_result(), side, ply);
        }
        place_tt_move::<P>(&mut moves, &mut scores, tt_code);
        quiets.clear();
        // a game with staged generation: a table move from a later stage goes first too
        let staged = P::MOVE_STAGES.len() > 1;
        let mut late_tt_move = None;
        if staged && scores.is_empty() {
            if let Some(m) = tt_code.and_then(|c| pos.move_from_code(c)) {
                moves.insert(0, m);
                scores.push(TT_MOVE);
                late_tt_move = Some(m);
            }
        }
        let mut stage = 0;
        // moves before this index come from stage 0 (but for a late table move)
        let first_stage_end = moves.len();
        // the best-scoring move so far (even below alpha): later stages may build on it
        let mut best_tried = None;

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut i = 0;
        while i < moves.len()
            || (staged && next_stage(pos, &mut moves, &mut stage, depth, best_tried, late_tt_move))
        {
            if i == scores.len() {
                // no TT move, or it did not cut, or a new stage: order the rest now
                score_rest(pos, &moves[i..], &mut scores, &self.heur, ply);
            }
            let (mv, order) = pick(&mut moves, &mut scores, i);
            i += 1;
            if root
                && !self.excluded_root.is_empty()
                && self.excluded_root.contains(&P::move_code(mv))
            {
                continue;
            }
            let tactical = if order == crate::ordering::TT_MOVE {
                pos.is_tactical(mv)
            } else {
                is_tactical_score(order)
            };
            let child = pos.play(mv);
            let child_key = child.hash();
            self.tt.prefetch(child_key);
            let gives_check = child.in_check();
            let quiet = !tactical && !gives_check;

            if P::PRUNING.futility
                && depth <= PRUNE_DEPTH
                && !root
                && !in_check
                && quiet
                && best > -crate::score::MATE_BOUND
            {
                let late = (3 + depth * depth) / if improving { 1 } else { 2 };
                if quiets.len() as i32 >= late
                    || eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha
                {
                    continue;
                }
            }

            // checks are extended for stage-0 moves only: later stages are variations of
            // plain moves (extras added), whose check would be extended over and over
            let plain = i <= first_stage_end && (i > 1 || late_tt_move.is_none());
            let extension = (gives_check && plain && (ply as i32) < 2 * self.root_depth) as i32;
            let new_depth = depth - 1 + extension;
            self.path.push(child_key, Some(mv));
            let mut v;
            if searched == 0 {
                v = self.descend(pos, &child, alpha, beta, new_depth, ply);
            } else {
                let mut r = 0;
                if P::PRUNING.late_move_reductions
                    && depth >= 3
                    && searched >= 2
                    && quiet
                    && !in_check
                {
                    r = REDUCTIONS[depth.min(63) as usize][searched.min(63)] as i32;
                    r += !improving as i32 - pv_node as i32 - is_killer_score(order) as i32;
                    r -= (order / 8_192).clamp(-1, 1);
                    // a move of a later stage is a plain move with extras: one ply less
                    r += !plain as i32;
                    r = r.clamp(0, new_depth - 1);
                }
                v = self.descend(pos, &child, alpha, alpha + 1, new_depth - r, ply);
                if v > alpha && r > 0 {
                    v = self.descend(pos, &child, alpha, alpha + 1, new_depth, ply);
                }
                if v > alpha && v < beta {
                    v = self.descend(pos, &child, alpha, beta, new_depth, ply);
                }
            }
            self.path.pop();
            if self.aborted {
                break;
            }
            searched += 1;
            if v > best {
                best = v;
                best_tried = Some(mv);
                if v > alpha {
                    best_move = Some(mv);
                    alpha = v;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if v >= beta {
                        if !tactical {
                            self.reward_quiet(pos, mv, &quiets, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets.push(mv);
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        self.quiets[ply] = quiets;
        if self.aborted {
            return 0;
        }
        // a root searched without some of its moves has no value to keep
        if !root || self.excluded_root.is_empty() {
            self.store_result(
                key,
                best,
                best_move,
                original_alpha,
                alpha,
                beta,
                depth,
                ply,
            );
        }
        best
    }

    /// A quiet move caused a cutoff: it becomes a killer, its history rises and the
    /// quiet moves tried before it fall.
    fn reward_quiet(&mut self, pos: &P, mv: P::Move, tried: &[P::Move], depth: i32, ply: usize) {
        let side = pos.side_to_move();
        let bonus = history_bonus(depth);
        self.heur.add_killer(ply, mv);
        self.heur.update_history(side, P::move_code(mv), bonus);
        for &m in tried {
            self.heur.update_history(side, P::move_code(m), -bonus);
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

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(REDUCTIONS[1][1], 0);
        assert!(REDUCTIONS[10][20] > REDUCTIONS[3][3]);
        assert!(REDUCTIONS[63][63] < 10);
    }

    /// One pile, take 1 to 3, taking the last stone wins; taking 1 is stage 0, taking 2 or
    /// 3 is stage 1, so every winning move but "take 1" comes from the later stage.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct StagedNim(u32, escalade_core::Color);

    impl Position for StagedNim {
        type Move = u32;
        const FORMS: &'static [escalade_core::Form] = &[escalade_core::Form {
            name: "staged-nim",
            aliases: &[],
            description: "a test game",
        }];
        const PRUNING: escalade_core::Pruning = escalade_core::Pruning::NONE;
        const MOVE_STAGES: &'static [i32] = &[0, 0];
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
        fn generate_stage(&self, stage: usize, _best: Option<u32>, out: &mut Vec<u32>) {
            if stage == 0 {
                out.clear();
            }
            let takes: &[u32] = if stage == 0 { &[1] } else { &[2, 3] };
            out.extend(takes.iter().filter(|&&t| t <= self.0));
        }
        fn play(&self, mv: u32) -> Self {
            StagedNim(self.0 - mv, !self.1)
        }
        fn move_text(&self, mv: u32) -> String {
            mv.to_string()
        }
        fn move_code(mv: u32) -> u32 {
            mv
        }
        fn in_check(&self) -> bool {
            false
        }
        fn is_tactical(&self, _mv: u32) -> bool {
            false
        }
        fn tactical_gain(&self, _mv: u32) -> i32 {
            0
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
