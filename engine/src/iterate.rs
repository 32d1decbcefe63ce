//! Iterative deepening with aspiration windows: the loop every search thread runs, and
//! (on the main thread) the decisions between iterations: report, stop for the depth or
//! node limit, stop early on a proven mate (on a clock or a node budget) or a single legal
//! move (on a clock), and on a clock stop when the optimum time, scaled by how stable the
//! best move and score have been (`time::stability`), leaves no room for another
//! iteration; under a handicap (`Limits::skill`) the main thread plays its pick among the
//! root lines of the last iteration.
//!
//! Helpers (thread id > 0) run the same loop one ply deeper on odd ids, so the threads
//! spread over two depths and fill the shared table for one another; they stop when the
//! abort flag is raised (by the main thread, or by any thread past the node limit). Every
//! thread publishes its completed depth, so a depth limit is met by whichever thread gets
//! there first.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use escalade_core::Position;
use escalade_eval::Evaluate;

use crate::lines::{RootLine, ThreadResult};
use crate::params::Reductions;
use crate::score::{is_mate, mate_within, public, result_score, MATE, MAX_PLY};
use crate::searcher::Searcher;
use crate::shared::SearchShared;
use crate::skill::{Skill, SKILL_LINES};
use crate::stability::Stability;
use crate::SearchInfo;

/// The deepest iteration.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

impl<P: Evaluate> Searcher<P> {
    /// Runs iterative deepening on the last position of `shared.history` until a limit
    /// or the abort flag; the main thread reports each iteration through `on_info`.
    pub fn run(
        &mut self,
        shared: Arc<SearchShared<P>>,
        mut on_info: Option<&mut dyn FnMut(&SearchInfo)>,
    ) -> ThreadResult<P::Move> {
        self.start_run(&shared);
        let root = shared.history.last().expect("a position to search").clone();
        let mut result = ThreadResult {
            best: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
        };

        let chance_root = P::HAS_CHANCE && root.is_chance();
        let mut root_moves = Vec::new();
        root.generate_moves(&mut root_moves);
        self.restrict_root(&mut root_moves, &shared.limits.search_moves);
        if root_moves.is_empty() && !chance_root {
            result.score = result_score(root.no_move_result(), root.side_to_move(), 0);
            self.finish(&shared, &mut on_info, &root, &result);
            return result;
        }
        if !chance_root {
            result.best = Some(root_moves[0]);
            result.pv = vec![root_moves[0]];
        }

        let lines = self.deepen(&shared, &mut on_info, &root, root_moves.len(), &mut result);
        // (nature picks at a chance root: nothing to choose there)
        if let (Some(skill), 0, false, false) =
            (shared.limits.skill, self.id, lines.is_empty(), chance_root)
        {
            let line = &lines[skill.pick(&lines)];
            if let Some(&first) = line.pv.first() {
                result.best = Some(first);
                result.score = line.score;
                result.seldepth = line.seldepth;
                result.pv.clone_from(&line.pv);
            }
        }
        self.finish(&shared, &mut on_info, &root, &result);
        result
    }

    /// Resets the per-search state of this thread for a search of `shared`.
    fn start_run(&mut self, shared: &Arc<SearchShared<P>>) {
        self.tt = shared.tt.clone();
        self.shared = Some(shared.clone());
        self.nodes = 0;
        self.root_effort.clear();
        self.seldepth = 0;
        self.aborted = false;
        self.can_abort = false;
        self.heur.killers.clear();
        self.path.reset(&shared.history);
        if self.params != shared.params {
            self.params = shared.params;
            self.reductions = Reductions::new(&self.params);
        }
    }

    /// The iterations, deeper and deeper until a limit or an abort, each recorded into
    /// `result` (and reported on the main thread). Returns the root lines of the last
    /// completed iteration (empty when none completed).
    fn deepen(
        &mut self,
        shared: &SearchShared<P>,
        on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>,
        root: &P,
        root_moves: usize,
        result: &mut ThreadResult<P::Move>,
    ) -> Vec<RootLine<P::Move>> {
        let skill = shared.limits.skill;
        let max_depth = shared
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .min(skill.map_or(MAX_DEPTH, Skill::max_depth))
            .clamp(1, MAX_DEPTH);
        let helper_offset = (self.id % 2) as u32;
        // helpers search one line: they only fill the table for the main thread
        let line_count = if self.id == 0 {
            let wanted = shared.limits.multi_pv.max(skill.map_or(1, |_| SKILL_LINES));
            wanted.clamp(1, root_moves.max(1))
        } else {
            1
        };
        let mut lines: Vec<RootLine<P::Move>> = Vec::new();
        let mut score = 0;
        let clear_share = f64::from(shared.params.time_effort_share) / 1000.0;
        let mut stability = Stability::new().with_clear_share(clear_share);
        for iteration in 1..=max_depth {
            // a helper one ply ahead stops at the depth limit too, so the deepest result
            // (the one played and reported) is of the depth asked for
            let depth = (iteration + helper_offset).min(max_depth);
            if depth <= result.depth {
                break;
            }
            self.root_depth = depth as i32;
            let found = self.root_lines(root, depth, line_count, &lines, score);
            if found.is_empty() {
                // Stopped inside the first iteration: the best root move found so far still
                // beats the unsorted first move.
                if result.depth == 0 && !self.stack[0].pv.is_empty() {
                    result.best = Some(self.stack[0].pv[0]);
                    result.pv.clear();
                    result.pv.push(self.stack[0].pv[0]);
                }
                break;
            }
            // the first pass saw every root move: its depth is complete even when a later
            // multi-PV pass was cut short
            lines = found;
            score = lines[0].score;
            take_line(result, &lines[0]);
            result.depth = depth;
            self.can_abort = true;
            // Any thread's completed iteration counts toward the depth limit: the deepest
            // completed result is the one played (see `Engine::search`), so a helper one ply
            // ahead lets the main thread stop early (time to depth).
            shared.deepest.fetch_max(depth, Ordering::Relaxed);
            if self.id == 0 {
                shared.counters[0].0.store(self.nodes, Ordering::Relaxed);
                if let Some(report) = on_info.as_mut() {
                    report_iteration(shared, root, result, &lines, line_count, report);
                }
                let best = result.best.map(P::move_code);
                stability.record_effort(best.map_or(0.0, |b| self.root_effort.share(b)));
                stability.record(best, result.score, shared.clock.since_start());
                if self.aborted || self.last_iteration(shared, result, root_moves, &stability) {
                    break;
                }
            } else if self.aborted {
                break;
            }
        }
        lines
    }

    /// Whether the main thread should stop after the iteration that gave `result`, the
    /// iterations so far recorded in `stability`.
    fn last_iteration(
        &self,
        shared: &SearchShared<P>,
        result: &ThreadResult<P::Move>,
        root_moves: usize,
        stability: &Stability,
    ) -> bool {
        let limits = &shared.limits;
        let proven_mate = is_mate(result.score) && MATE - result.score.abs() <= result.depth as i32;
        let mate_found = proven_mate
            && limits
                .mate
                .is_some_and(|moves| mate_within(result.score, moves));
        if shared.stop.is_stopped()
            || shared.depth_reached()
            || limits.nodes.is_some_and(|n| shared.total_nodes() >= n)
            || mate_found
        {
            return true;
        }
        if limits.infinite || shared.clock.pondering() {
            return false;
        }
        let budget = shared.clock.budget();
        // A mate proven within the depth searched is final: a clock or a node budget stops
        // there (a depth limit is the user's to keep); a single legal move is final only
        // on a managed clock (a node count or a fixed move time is asked for to be spent).
        let timed = budget.hard.is_some();
        let managed = budget.optimum.is_some();
        (timed || limits.nodes.is_some()) && proven_mate
            || managed && root_moves == 1
            || shared
                .clock
                .stop_iterating(stability.scale(), stability.next_iteration())
    }

    /// Publishes the final node count; in analysis mode the main thread keeps the result
    /// until it is told to stop.
    fn finish(
        &mut self,
        shared: &SearchShared<P>,
        on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>,
        root: &P,
        result: &ThreadResult<P::Move>,
    ) {
        shared.counters[self.id]
            .0
            .store(self.nodes, Ordering::Relaxed);
        if self.id != 0 {
            return;
        }
        if result.depth == 0 {
            if let Some(report) = on_info.as_mut() {
                report(&info(shared, root, result));
            }
        }
        while (shared.limits.infinite || shared.clock.pondering()) && !shared.stop.is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Records the best line of a completed iteration in `result`: its score and seldepth,
/// and its moves when it has any.
fn take_line<M: Copy>(result: &mut ThreadResult<M>, line: &RootLine<M>) {
    result.score = line.score;
    result.seldepth = line.seldepth;
    if let Some(&first) = line.pv.first() {
        result.pv.clear();
        result.pv.extend_from_slice(&line.pv);
        result.best = Some(first);
    }
}

/// Reports a completed iteration: its best line (`result`), or each of its `lines` in
/// multi-PV (`line_count` lines asked for).
fn report_iteration<P: Evaluate>(
    shared: &SearchShared<P>,
    root: &P,
    result: &ThreadResult<P::Move>,
    lines: &[RootLine<P::Move>],
    line_count: usize,
    report: &mut dyn FnMut(&SearchInfo),
) {
    if line_count == 1 {
        report(&info(shared, root, result));
    } else {
        for (rank, line) in lines.iter().enumerate() {
            report(&line_info(
                shared,
                root,
                result.depth,
                line,
                rank as u32 + 1,
            ));
        }
    }
}

/// The report of an iteration (its best line).
pub(crate) fn info<P: Evaluate>(
    shared: &SearchShared<P>,
    root: &P,
    result: &ThreadResult<P::Move>,
) -> SearchInfo {
    let line = RootLine {
        score: result.score,
        seldepth: result.seldepth,
        pv: result.pv.clone(),
    };
    line_info(shared, root, result.depth, &line, 1)
}

/// The report of one line of an iteration, `rank` from 1.
fn line_info<P: Evaluate>(
    shared: &SearchShared<P>,
    root: &P,
    depth: u32,
    line: &RootLine<P::Move>,
    rank: u32,
) -> SearchInfo {
    let nodes = shared.total_nodes();
    let time = shared.clock.since_start();
    let micros = time.as_micros().max(1) as u64;
    SearchInfo {
        depth,
        seldepth: line.seldepth.max(depth),
        score: public(line.score),
        nodes,
        nps: nodes.saturating_mul(1_000_000) / micros,
        time,
        hashfull: shared.tt.hashfull(),
        pv: pv_text(root, &line.pv),
        multipv: rank,
    }
}

/// The principal variation in the game's move text (up to the first move that is not
/// legal where it stands, which would be a bug, so nothing illegal is ever played).
pub fn pv_text<P: Position>(root: &P, pv: &[P::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    let mut legal = Vec::new();
    for &mv in pv {
        pos.generate_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        out.push(pos.move_text(mv));
        pos = pos.play(mv);
    }
    out
}
