//! Generic perft: counts the leaves of the legal move tree, with bulk counting at the
//! last ply. A chance node does not use up depth: each of its outcomes is a separate leaf.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::{Position, Rules};

/// The deepest perft any front end accepts. Far beyond what can finish (FIDE perft 15 is
/// 2.2e21 leaves), it keeps the recursion and its buffers bounded.
pub const MAX_DEPTH: u32 = 64;

/// Remaining depth below which [`divide_until`] hands a subtree to the variant's own
/// (faster, uninterruptible) [`Position::perft`].
const BULK_DEPTH: u32 = 2;

/// Leaf count of the move tree of `pos` at `depth`.
pub fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    let mut stack = Vec::new();
    count(pos, depth, 0, &mut stack)
}

/// One `(move text, leaf count)` pair per legal move at the root.
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let child = pos.play(m);
            (
                pos.move_text(m),
                if depth <= 1 {
                    leaves(&child)
                } else {
                    child.perft(depth - 1)
                },
            )
        })
        .collect()
}

/// [`divide`] that gives up as soon as `stop` is set (checked at every node down to the
/// last two plies): `None` when stopped. For long runs a user must be able to interrupt.
pub fn divide_until<P: Position>(
    pos: &P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for &m in &moves {
        let child = pos.play(m);
        let n = if depth <= 1 {
            leaves(&child)
        } else {
            count_until(&child, depth - 1, stop)?
        };
        out.push((pos.move_text(m), n));
    }
    Some(out)
}

fn count_until<P: Rules>(pos: &P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= BULK_DEPTH {
        return Some(pos.perft(depth));
    }
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    // nature's move does not use up depth
    let next = if P::HAS_CHANCE && pos.is_chance() {
        depth
    } else {
        depth - 1
    };
    let mut n = 0;
    for &m in &moves {
        n += count_until(&pos.play(m), next, stop)?;
    }
    Some(n)
}

/// Leaves under a node reached at the last ply: 1, or one per chance outcome.
pub fn leaves<P: Rules>(pos: &P) -> u64 {
    if P::HAS_CHANCE && pos.is_chance() {
        let mut v = Vec::new();
        pos.generate_moves(&mut v);
        v.iter().map(|&m| leaves(&pos.play(m))).sum()
    } else {
        1
    }
}

fn count<P: Rules>(pos: &P, depth: u32, ply: usize, stack: &mut Vec<Vec<P::Move>>) -> u64 {
    let chance = P::HAS_CHANCE && pos.is_chance();
    if depth == 0 && !chance {
        return 1;
    }
    if stack.len() <= ply {
        stack.resize_with(ply + 1, Vec::new);
    }
    let mut moves = std::mem::take(&mut stack[ply]);
    pos.generate_moves(&mut moves);
    let n = if chance {
        // nature's move: does not use up depth
        moves
            .iter()
            .map(|&m| count(&pos.play(m), depth, ply + 1, stack))
            .sum()
    } else if depth == 1 && !P::HAS_CHANCE {
        moves.len() as u64
    } else {
        moves
            .iter()
            .map(|&m| count(&pos.play(m), depth - 1, ply + 1, stack))
            .sum()
    };
    stack[ply] = moves;
    n
}
