//! A sound shortcut for royal-capture legality, used when the mover is not in check.
//!
//! Double-move threats are ruled out by geometry: no enemy piece next to an enemy Cricket
//! has the King in its "reach in two" mask (nor attacks it at all while the mover has a
//! Burakumin: it may take the King past it and capture it next), no partner of an energizing
//! enemy Dragon attacks the King's square on an empty board, and no value piece of the mover
//! stands where an infused enemy value piece could capture it and grow, nor next to a value
//! partner (below stage 10, on one of the King's lines) of an enemy Dragon with two value
//! partners, where the other could capture it and hand the excess over. Then only single
//! enemy moves can capture the King, and a turn can create one only by moving the King,
//! moving or dropping a Kappa or Burakumin, capturing a Burakumin, or emptying a square on
//! one of the King's lines (or, for an enemy Burakumin aligned with the King, next to its
//! path or the King). Turns that do none of these need no test; debug builds test them
//! anyway.

use escalade_core::{Bitboard, Color, Square};

use crate::moves::SubMove;
use crate::piece::*;
use crate::position::LadderShogi;
use crate::submove::Foresight;
use crate::tables::{table_index, TABLES};

/// What a node knows about which of its turns are certainly legal.
pub(crate) struct SafeTurns {
    active: bool,
    king: Square,
    /// Squares whose emptying may open a line to the King (several emptied squares).
    mask: u128,
    /// The same when exactly one square is emptied.
    lines: u128,
    burakumins: u128,
    kappas: u128,
    growth: u128,
}

impl SafeTurns {
    /// The shortcut for the side to move in `pos`.
    pub(crate) fn new(pos: &LadderShogi) -> SafeTurns {
        let t = &*TABLES;
        let us = pos.side;
        let theirs = pos.by_color[(!us).index()];
        let them = !us;
        let king = pos.kings[us.index()];
        let mut dangerous = false;
        let mut growth = 0u128;
        let our_u = (pos.bb(BURAKUMIN) & pos.by_color[us.index()]).any();
        for p in (t.around(pos.bb(CRICKET) & theirs) & theirs).squares() {
            let kind = pos.board[p as usize].kind();
            if !can_capture(kind) {
                continue;
            }
            let i = table_index(kind, them, p);
            // An infused piece aligned with the King may take it past one of our Burakumins
            // that it captures next (`threat.rs::takes_king_then_u`).
            dangerous |=
                kind == BURAKUMIN || t.reach_two[i].has(king) || our_u && t.attacks[i].has(king);
            if is_value(kind) {
                growth |= t.attacks[i];
            }
        }
        for d in (pos.bb(DRAGON) & theirs).squares() {
            let friends = t.king[d as usize] & theirs;
            if friends.several() {
                // A value partner below stage 10 on one of the King's lines may be raised
                // by excess experience from another value partner's capture of one of our
                // value pieces next to it (`threat.rs::transfer_threat`): those squares
                // count as growth squares.
                let raisers = (friends & pos.values()).several();
                for b in friends.squares() {
                    let kind = pos.board[b as usize].kind();
                    dangerous |=
                        can_capture(kind) && (kind == BURAKUMIN || t.attacks(kind, them, b, king));
                    if raisers && is_value(kind) && kind < 10 && t.attacks(10, them, b, king) {
                        growth |= t.king[b as usize];
                    }
                }
            }
        }
        // Without double-move threats (none by geometry, and no value piece of ours an
        // infused enemy could capture to grow, or a Dragon partner to raise another),
        // single moves alone decide check.
        let active = !dangerous
            && !pos.check_knowing(
                !dangerous && (pos.values() & pos.by_color[us.index()] & growth).is_empty(),
            );
        let mut mask = t.attacks[table_index(10, Color::White, king)];
        let mut lines = 0u128;
        for u in (pos.bb(BURAKUMIN) & theirs & mask).squares() {
            lines |= t.around(t.between(u, king) | u128::bit(king));
        }
        mask |= lines;
        // With one square vacated, a line to the King opens only when it is the line's
        // first occupied square and the second is an enemy piece attacking along it.
        let occ = pos.occupied();
        for d in 0..8 {
            let blockers = t.geo.ray(king, d) & occ;
            if blockers.is_empty() {
                continue;
            }
            let first = nearest(blockers, d);
            let beyond = blockers & t.geo.ray(first, d);
            if beyond.is_empty() {
                continue;
            }
            let second = nearest(beyond, d);
            let p = pos.board[second as usize];
            if p.color() == them && can_capture(p.kind()) && t.attacks(p.kind(), them, second, king)
            {
                lines |= u128::bit(first);
            }
        }
        SafeTurns {
            active,
            king,
            mask,
            lines,
            burakumins: pos.bb(BURAKUMIN),
            kappas: pos.bb(KAPPA) & pos.by_color[us.index()],
            growth,
        }
    }

    /// Whether the shortcut applies at all in this node.
    #[cfg(test)]
    pub(crate) fn is_active(&self) -> bool {
        self.active
    }

    /// Whether the single move `sub` (foreseen as `f`, not going to hand) certainly leaves
    /// the King safe: [`certainly_safe`](Self::certainly_safe) without the child position.
    #[inline]
    pub(crate) fn single_is_safe(&self, parent: &LadderShogi, sub: SubMove, f: &Foresight) -> bool {
        let us = parent.side;
        let from = u128::bit(sub.from);
        let mut values = parent.values() & parent.by_color[us.index()] & !from;
        if is_value(f.becomes) {
            values |= u128::bit(sub.to);
        }
        self.active
            && sub.from != self.king
            && f.kind != BURAKUMIN
            && f.victim != BURAKUMIN
            && f.kind != KAPPA
            && (from & self.lines).is_empty()
            && (values & self.growth).is_empty()
    }

    /// Whether emptying `vacated` cannot open a line to the King.
    #[inline(always)]
    fn no_line_opened(&self, vacated: u128) -> bool {
        let mask = if vacated.several() {
            self.mask
        } else {
            self.lines
        };
        (vacated & mask).is_empty()
    }

    /// Whether `child`, reached from `parent` by one turn, certainly leaves the King safe.
    #[inline]
    pub(crate) fn certainly_safe(&self, parent: &LadderShogi, child: &LadderShogi) -> bool {
        let us = parent.side;
        self.active
            && child.kings[us.index()] == self.king
            && child.bb(BURAKUMIN) == self.burakumins
            && child.bb(KAPPA) & child.by_color[us.index()] == self.kappas
            && self.no_line_opened(parent.occupied() & !child.occupied())
            && (child.values() & child.by_color[us.index()] & self.growth).is_empty()
    }
}

/// The square of `set` (on one ray of direction `d`) nearest to the ray's origin: square
/// indices grow along N, NE, E and NW and shrink along the others.
#[inline(always)]
fn nearest(set: u128, d: usize) -> Square {
    if matches!(d, 0 | 1 | 2 | 7) {
        set.lsb()
    } else {
        set.msb()
    }
}
