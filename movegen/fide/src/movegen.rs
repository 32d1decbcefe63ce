//! Legal move generation for FIDE chess: check and pin masks computed once per position,
//! so every generated move is legal without a make-and-test. Moves go to a [`Sink`]: a list,
//! or a counter that adds whole target sets by popcount (perft's bulk counting).

use escalade_core::{Bitboard, Rules, Square};

use crate::board::{Chess, BK, BQ, WK, WQ};
use crate::tables::tables;
use crate::types::{Flag, Kind, Move};
use escalade_core::Color;

/// The perft recursion, instantiated once per instruction set (see `Rules::perft`).
macro_rules! perft_body {
    ($pos:expr, $depth:expr, $recurse:ident) => {{
        let (pos, depth) = ($pos, $depth);
        if depth <= 1 {
            if depth == 0 {
                return 1;
            }
            let mut c = Counter(0);
            generate(pos, &mut c);
            return c.0;
        }
        let mut list = MoveList::new();
        generate(pos, &mut list);
        let mut n = 0;
        for &m in list.as_slice() {
            #[allow(unused_unsafe)]
            {
                // SAFETY: the same function, compiled for the features already detected.
                n += unsafe { $recurse(&pos.play(m), depth - 1) };
            }
        }
        n
    }};
}

/// Receives generated moves.
pub(crate) trait Sink {
    fn push(&mut self, mv: Move);
    /// Plain moves from `from` to every square of `targets`.
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: u64) {
        for to in targets.squares() {
            self.push(Move::new(from, to, Flag::Normal));
        }
    }
    /// Plain pawn moves to every square of `targets`, each from `to - delta`.
    #[inline(always)]
    fn pawn_targets(&mut self, targets: u64, delta: i8) {
        for to in targets.squares() {
            self.push(Move::new((to as i8 - delta) as Square, to, Flag::Normal));
        }
    }
    /// The four promotions to every square of `targets`, each from `to - delta`.
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: u64, delta: i8) {
        for to in targets.squares() {
            self.promotions((to as i8 - delta) as Square, to);
        }
    }
    /// The four promotions of a pawn moving `from` -> `to`.
    #[inline(always)]
    fn promotions(&mut self, from: Square, to: Square) {
        for flag in [
            Flag::PromoteQueen,
            Flag::PromoteKnight,
            Flag::PromoteRook,
            Flag::PromoteBishop,
        ] {
            self.push(Move::new(from, to, flag));
        }
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// A fixed-capacity move list (no legal chess position has more than 218 moves).
pub(crate) struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> Self {
        MoveList {
            moves: [Move::default(); 256],
            len: 0,
        }
    }
    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

/// Counts moves without storing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn targets(&mut self, _: Square, targets: u64) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, _: Square, _: Square) {
        self.0 += 4;
    }
    #[inline(always)]
    fn pawn_targets(&mut self, targets: u64, _: i8) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: u64, _: i8) {
        self.0 += 4 * targets.count() as u64;
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline]
pub(crate) fn generate<S: Sink>(pos: &Chess, sink: &mut S) {
    let t = tables();
    let us = pos.side;
    let them = !us;
    let occ = pos.occupied();
    let own = pos.color_bb(us);
    let enemy = pos.color_bb(them);
    let ksq = pos.king_square(us);
    let checkers = pos.attackers_to(ksq, occ) & enemy;

    // King steps: the king itself must not shield the squares it steps along.
    let occ_without_king = occ ^ u64::bit(ksq);
    let mut king_to = 0;
    for to in (t.king[ksq as usize] & !own).squares() {
        if pos.attackers_to(to, occ_without_king) & enemy == 0 {
            king_to |= u64::bit(to);
        }
    }
    sink.targets(ksq, king_to);
    if checkers.several() {
        return;
    }
    let target = if checkers != 0 {
        t.between(ksq, checkers.lsb()) | checkers
    } else {
        !0
    };
    let pinned = pinned_pieces(pos, ksq, own, enemy, occ);
    let movable = !own & target;

    for from in (pos.pieces(us, Kind::Knight) & !pinned).squares() {
        sink.targets(from, t.knight[from as usize] & movable);
    }
    let queens = pos.pieces(us, Kind::Queen);
    for from in (pos.pieces(us, Kind::Bishop) | queens).squares() {
        let mut to = t.bishop_attacks(from, occ) & movable;
        if pinned.has(from) {
            to &= t.line(ksq, from);
        }
        sink.targets(from, to);
    }
    for from in (pos.pieces(us, Kind::Rook) | queens).squares() {
        let mut to = t.rook_attacks(from, occ) & movable;
        if pinned.has(from) {
            to &= t.line(ksq, from);
        }
        sink.targets(from, to);
    }
    pawn_moves(pos, sink, ksq, pinned, target);
    if checkers == 0 {
        castling(pos, sink, ksq, occ);
    }
}

/// Our pieces that are the only piece between our king and an enemy slider.
#[inline(always)]
fn pinned_pieces(pos: &Chess, ksq: Square, own: u64, enemy: u64, occ: u64) -> u64 {
    let t = tables();
    let them = !pos.side;
    let queens = pos.pieces(them, Kind::Queen);
    let snipers = (t.rook_attacks(ksq, enemy) & (pos.pieces(them, Kind::Rook) | queens))
        | (t.bishop_attacks(ksq, enemy) & (pos.pieces(them, Kind::Bishop) | queens));
    let mut pinned = 0;
    for s in snipers.squares() {
        let between = t.between(ksq, s) & occ;
        if !between.several() && between & own != 0 {
            pinned |= between;
        }
    }
    pinned
}

/// Shifts a set of squares by `delta` indices (positive: towards h8).
#[inline(always)]
const fn shift(b: u64, delta: i8) -> u64 {
    if delta > 0 {
        b << delta
    } else {
        b >> -delta
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

#[inline(always)]
fn pawn_moves<S: Sink>(pos: &Chess, sink: &mut S, ksq: Square, pinned: u64, target: u64) {
    let t = tables();
    let us = pos.side;
    let occ = pos.occupied();
    let empty = !occ;
    let enemy = pos.color_bb(!us);
    let (up, third_rank, last_rank): (i8, u64, u64) = match us {
        Color::White => (8, 0xFF_0000, 0xFF00_0000_0000_0000),
        Color::Black => (-8, 0xFF00_0000_0000, 0xFF),
    };
    let pawns = pos.pieces(us, Kind::Pawn);

    // Unpinned pawns, set-wise: every target set comes with the index step back to its origin.
    let free = pawns & !pinned;
    let single = shift(free, up) & empty;
    let double = shift(single & third_rank, up) & empty & target;
    let single = single & target;
    let west = shift(free & !FILE_A, up - 1) & enemy & target;
    let east = shift(free & !FILE_H, up + 1) & enemy & target;
    for (set, delta) in [(single, up), (west, up - 1), (east, up + 1)] {
        sink.pawn_targets(set & !last_rank, delta);
        sink.pawn_promotions(set & last_rank, delta);
    }
    for to in double.squares() {
        sink.push(Move::new(
            (to as i8 - 2 * up) as Square,
            to,
            Flag::DoublePush,
        ));
    }

    // Pinned pawns may only move along the pin line.
    for from in (pawns & pinned).squares() {
        let legal = t.line(ksq, from) & target;
        let one = (from as i8 + up) as Square;
        let mut to_set = t.pawn_attacks(us, from) & enemy;
        if !occ.has(one) {
            to_set |= u64::bit(one);
            let two = (one as i8 + up) as Square;
            if third_rank.has(one) && !occ.has(two) && legal.has(two) {
                sink.push(Move::new(from, two, Flag::DoublePush));
            }
        }
        for to in (to_set & legal).squares() {
            if last_rank.has(to) {
                sink.promotions(from, to);
            } else {
                sink.push(Move::new(from, to, Flag::Normal));
            }
        }
    }

    // En passant: tested by the attacks on the king after the capture (pins included).
    if pos.ep < 64 {
        let victim = (pos.ep as i8 - up) as Square;
        for from in (pawns & t.pawn_attacks(!us, pos.ep)).squares() {
            let after = occ ^ u64::bit(from) ^ u64::bit(victim) ^ u64::bit(pos.ep);
            if pos.attackers_to(ksq, after) & enemy & !u64::bit(victim) == 0 {
                sink.push(Move::new(from, pos.ep, Flag::EnPassant));
            }
        }
    }
}

#[inline(always)]
fn castling<S: Sink>(pos: &Chess, sink: &mut S, ksq: Square, occ: u64) {
    let us = pos.side;
    let (king_side, queen_side, base) = match us {
        Color::White => (WK, WQ, 0u8),
        Color::Black => (BK, BQ, 56u8),
    };
    if ksq != base + 4 {
        return;
    }
    let safe = |sq: Square| !pos.attacked_by(sq, !us);
    if pos.castling & king_side != 0
        && occ & (0b0110_0000u64 << base) == 0
        && safe(base + 5)
        && safe(base + 6)
    {
        sink.push(Move::new(ksq, base + 6, Flag::Castle));
    }
    if pos.castling & queen_side != 0
        && occ & (0b0000_1110u64 << base) == 0
        && safe(base + 3)
        && safe(base + 2)
    {
        sink.push(Move::new(ksq, base + 2, Flag::Castle));
    }
}

/// The perft recursion compiled for POPCNT and BMI (see `Rules::perft`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
pub(crate) unsafe fn perft_popcnt(pos: &Chess, depth: u32) -> u64 {
    perft_body!(pos, depth, perft_popcnt)
}

/// The perft recursion for any CPU.
pub(crate) fn perft_portable(pos: &Chess, depth: u32) -> u64 {
    perft_body!(pos, depth, perft_portable)
}
