//! What the root searches in one iteration: the root moves `Limits::search_moves` allows
//! (UCI `searchmoves`, XBoard `exclude`/`include`), the aspiration window around the
//! previous iteration's score, and multi-PV, one iteration searched as several passes,
//! each leaving out the root moves of the lines found before it, so the best `k` root moves
//! each get their own score and principal variation. With one line and no restriction this
//! is exactly one aspiration search.

use std::collections::HashSet;

use escalade_eval::Evaluate;

use crate::lines::RootLine;
use crate::score::{is_mate, INFINITE};
use crate::searcher::Searcher;

/// Aspiration windows are used from this depth on.
const ASPIRATION_DEPTH: u32 = 5;

impl<P: Evaluate> Searcher<P> {
    /// Searches `count` lines of `root` at `depth`. Each pass is centred on the score its
    /// rank had at the previous depth (`previous`, or `fallback`) and leaves out the first
    /// moves of the lines before it. Returns the lines completed before an abort, best
    /// first (empty when the first pass was cut short).
    pub(crate) fn root_lines(
        &mut self,
        root: &P,
        depth: u32,
        count: usize,
        previous: &[RootLine<P::Move>],
        fallback: i32,
    ) -> Vec<RootLine<P::Move>> {
        let mut lines = Vec::with_capacity(count);
        self.seldepth = 0;
        self.excluded_root.clone_from(&self.root_left_out);
        for rank in 0..count {
            let centre = previous.get(rank).map_or(fallback, |l| l.score);
            let score = self.aspiration(root, depth, centre);
            if self.aborted {
                break;
            }
            let pv = self.stack[0].pv.clone();
            let first = pv.first().copied();
            lines.push(RootLine {
                score,
                seldepth: self.seldepth as u32,
                pv,
            });
            match first {
                Some(mv) => {
                    self.excluded_root.insert(P::move_code(mv));
                }
                None => break,
            }
        }
        self.excluded_root.clear();
        // a later pass can beat an earlier one only by search instability; the order
        // reported is by score (stable, so ties keep the order found)
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        lines
    }

    /// Keeps of `root_moves` those whose code `wanted` lists (all of them when `wanted` is
    /// empty or names none of them) and remembers the codes left out for every pass.
    pub(crate) fn restrict_root(&mut self, root_moves: &mut Vec<P::Move>, wanted: &[u32]) {
        self.root_left_out.clear();
        if wanted.is_empty()
            || !root_moves
                .iter()
                .any(|&m| wanted.contains(&P::move_code(m)))
        {
            return;
        }
        let left_out: HashSet<u32> = root_moves
            .iter()
            .map(|&m| P::move_code(m))
            .filter(|code| !wanted.contains(code))
            .collect();
        root_moves.retain(|&m| !left_out.contains(&P::move_code(m)));
        self.root_left_out = left_out;
    }

    /// One iteration, with a window around the previous score widened on failure.
    fn aspiration(&mut self, root: &P, depth: u32, previous: i32) -> i32 {
        let mut delta = self.params.aspiration_window;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && !is_mate(previous) {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let v = self.alpha_beta(root, alpha, beta, depth as i32, 0, false);
            if self.aborted {
                return v;
            }
            if v <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITE);
            } else if v >= beta && beta < INFINITE {
                beta = (v + delta).min(INFINITE);
            } else {
                return v;
            }
            delta += delta / 2;
            if delta > 1_000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }
}
