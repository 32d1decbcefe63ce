//! The alpha-beta search of a node, up to its moves: principal variation search with a
//! transposition table, mate-distance pruning, draw detection through the rules, and the
//! pruning a game allows through `Position::PRUNING` before any move is tried (reverse
//! futility, razoring, null move). Its moves are searched by the move loop
//! (`moveloop.rs`), the horizon by quiescence (`qsearch.rs`), chance nodes by `chance.rs`;
//! the root's iterations that call it are in `root.rs` and `iterate.rs`.
//!
//! A node here: the entry checks, the table probe (a cutoff off the principal
//! variation), the static evaluation (`static_eval.rs`), the pruning before moves,
//! internal iterative reduction (`iir.rs`), then the move loop.

use escalade_eval::Evaluate;

use crate::iir::reduced_depth;
use crate::node::{table_cutoff, Node};
use crate::score::{is_mate, result_score, MATE, MAX_PLY};
use crate::searcher::Searcher;
use crate::static_eval::{known_eval, static_eval, table_refined_eval};

impl<P: Evaluate> Searcher<P> {
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
        self.stack[ply].pv.clear();
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
        let singular_test = self.stack[ply].excluded.is_some();
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
        self.stack[ply].eval = eval;
        let four = self.params.improving_four_plies;
        let improving = !in_check && self.stack.is_improving(ply, eval, four);
        // set before the pruning, whose children (null move, razoring) read it
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        self.stack[ply].tt_pv = tt_pv;
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

/// What the pruning before moves knows of a non-PV node below the root, not in check.
#[derive(Clone, Copy)]
struct PreMoveNode {
    /// Static evaluation (or the table's better bound on it).
    eval: i32,
    beta: i32,
    depth: i32,
    improving: bool,
    ply: usize,
    /// The node is expected to fail high.
    cut: bool,
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
}
