//! Chance nodes: positions where nature moves (a die roll). Their value is the expectation
//! of their outcomes' values, weighted by `Position::outcome_probability` (expectimax),
//! searched with Star1 bounds: after each outcome the search knows the expectation lies
//! between "every remaining outcome is lost" and "every remaining outcome is won", and
//! stops as soon as that range falls outside the window. Each outcome is searched with
//! the narrowest window that can still change the result.
//!
//! Chance nodes use the transposition table like other nodes (no move stored).
//! A chance node does not use up depth (the move into it did). At the horizon its
//! outcomes are searched in quiescence. A mix of mates and ordinary scores is kept out of
//! the mate range; only when every outcome is a win (or every one a loss) is the result a
//! mate score, the slowest one.

use escalade_eval::Evaluate;

use crate::score::{from_tt, to_tt, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::searcher::Searcher;
use crate::tt::{Bound, Entry};

impl<P: Evaluate> Searcher<P> {
    /// The expected value of the chance node `pos` for its side to move, within
    /// `(alpha, beta)`; `depth <= 0` searches the outcomes in quiescence, `-depth` plies
    /// into it.
    pub(crate) fn chance(&mut self, pos: &P, alpha: i32, beta: i32, depth: i32, ply: usize) -> i32 {
        self.stack[ply].pv.clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return pos.evaluate();
        }
        let key = pos.hash();
        let stored_depth = depth.max(0);
        if let Some(e) = self.tt.probe(key) {
            let score = from_tt(e.score, ply);
            if e.depth >= stored_depth && e.bound.cuts(score, alpha, beta) {
                return score;
            }
        }
        let mut outcomes = std::mem::take(&mut self.stack[ply].moves);
        pos.generate_moves(&mut outcomes);
        if outcomes.is_empty() {
            self.stack[ply].moves = outcomes;
            return pos.evaluate();
        }
        let (lowest, highest) = (-(MATE as f64), MATE as f64);
        let mut sum = 0.0;
        let mut rest = 1.0;
        let mut all_won = true;
        let mut all_lost = true;
        let mut worst = INFINITE;
        let mut cut = None;
        for &mv in outcomes.iter() {
            let p = pos.outcome_probability(mv);
            if p <= 0.0 {
                continue;
            }
            let after = (rest - p).max(0.0);
            // the outcome values that would settle the node whatever the rest bring
            let a = ((alpha as f64 - sum - after * highest) / p)
                .floor()
                .max(-INFINITE as f64) as i32;
            let b = ((beta as f64 - sum - after * lowest) / p)
                .ceil()
                .min(INFINITE as f64) as i32;
            let child = pos.play(mv);
            self.path.push(child.hash(), Some(mv));
            self.heur.cont.set_played(ply, None, false);
            let v = if depth <= 0 {
                self.descend_quiet(pos, &child, (a, b), ply, (-depth) as usize)
            } else {
                self.descend(pos, &child, a, b, depth, ply, false)
            };
            self.path.pop();
            if self.aborted {
                break;
            }
            sum += p * v as f64;
            rest = after;
            all_won &= v >= MATE_BOUND;
            all_lost &= v <= -MATE_BOUND;
            worst = worst.min(v);
            let upper = (sum + rest * highest).ceil() as i32;
            if upper <= alpha {
                cut = Some(upper);
                break;
            }
            let lower = (sum + rest * lowest).floor() as i32;
            if lower >= beta {
                cut = Some(lower);
                break;
            }
        }
        self.stack[ply].moves = outcomes;
        if self.aborted {
            return 0;
        }
        // without a cut every outcome was searched inside its window, so the value is exact
        let (value, bound) = match cut {
            Some(v) if v <= alpha => (v, Bound::Upper),
            Some(v) => (v, Bound::Lower),
            None if all_won || all_lost => (worst, Bound::Exact),
            None => (
                (sum.round() as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
                Bound::Exact,
            ),
        };
        self.tt.store(
            key,
            Entry {
                move_code: None,
                score: to_tt(value, ply),
                depth: stored_depth,
                bound,
                pv: false,
                eval: None,
            },
        );
        value
    }
}
