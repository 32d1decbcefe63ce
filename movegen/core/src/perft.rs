//! Generic perft: counts the leaves of the legal move tree, with bulk counting at the
//! last ply. A chance node does not use up depth: each of its outcomes is a separate leaf.

use crate::Position;

/// Leaf count of the move tree of `pos` at `depth`.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
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

/// Leaves under a node reached at the last ply: 1, or one per chance outcome.
pub fn leaves<P: Position>(pos: &P) -> u64 {
    if P::HAS_CHANCE && pos.is_chance() {
        let mut v = Vec::new();
        pos.generate_moves(&mut v);
        v.iter().map(|&m| leaves(&pos.play(m))).sum()
    } else {
        1
    }
}

fn count<P: Position>(pos: &P, depth: u32, ply: usize, stack: &mut Vec<Vec<P::Move>>) -> u64 {
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
