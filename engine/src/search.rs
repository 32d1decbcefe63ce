//! Placeholder search (one ply, best static score) until the real search lands.

use std::time::Instant;

use escalade_eval::Evaluate;

use crate::{Limits, Score, SearchInfo, SearchResult, StopHandle};

pub(crate) fn search<P: Evaluate>(
    history: &[P],
    _limits: &Limits,
    _stop: &StopHandle,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult<P::Move> {
    let start = Instant::now();
    let pos = history.last().expect("a position to search");
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    let best = moves.iter().copied().max_by_key(|&m| -pos.play(m).evaluate());
    let score = best.map(|m| -pos.play(m).evaluate()).unwrap_or(0);
    on_info(&SearchInfo {
        depth: 1,
        seldepth: 1,
        score: Score::Cp(score),
        nodes: moves.len() as u64,
        nps: 0,
        time: start.elapsed(),
        hashfull: 0,
        pv: best.map(|m| vec![pos.move_text(m)]).unwrap_or_default(),
    });
    SearchResult { best, ponder: None, score: Score::Cp(score), depth: 1, nodes: moves.len() as u64 }
}
