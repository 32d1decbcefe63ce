//! What the root searches: the root moves `Limits::search_moves` allows (UCI `searchmoves`,
//! XBoard `exclude`/`include`), and multi-PV, one iteration searched as several passes,
//! each leaving out the root moves of the lines found before it, so the best `k` root moves
//! each get their own score and principal variation. With one line and no restriction this
//! is exactly one aspiration search.

use std::collections::HashSet;

use escalade_eval::Evaluate;

use crate::search::Searcher;

/// One principal variation of an iteration.
#[derive(Clone, Debug)]
pub(crate) struct RootLine<M> {
    pub score: i32,
    pub seldepth: u32,
    pub pv: Vec<M>,
}

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
            let pv = self.pv[0].clone();
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
}
