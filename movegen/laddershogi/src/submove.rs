//! One sub-move: where a piece may go (geometry, petrification left to the caller,
//! untouchability, no friendly capture), the experience splits a capture allows, and
//! resolving it on the board (capture to hand or execution, experience, promotion,
//! Merchant/Craftsman to hand).

use escalade_core::{Bitboard, Color, Square};

use crate::moves::SubMove;
use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::{table_index, TABLES};
use crate::zobrist::{hand_key, piece_key, BLACK_TO_MOVE};

/// Whether excess experience must be given away up to the recipients' room (rules L10,
/// alternative reading). The decided reading is optional transfer.
pub const MANDATORY_TRANSFER: bool = false;

/// What resolving a sub-move did.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Applied {
    /// A Merchant or Craftsman ended on the last rank and went to hand.
    pub to_hand: bool,
    /// A capture, promotion or removal to hand happened.
    pub irreversible: bool,
}

/// What a single sub-move would do, worked out without building the position it reaches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Foresight {
    /// The Zobrist hash after the sub-move and the change of side.
    pub hash: u64,
    /// The moving piece's kind, and what it becomes (experience, promotion).
    pub kind: Kind,
    pub becomes: Kind,
    /// The captured kind (0 when nothing is captured).
    pub victim: Kind,
}

impl LadderShogi {
    /// The outcome of the sub-move `sub` of the side to move, ending the turn, or `None`
    /// when the piece goes to hand (those positions are built instead).
    #[inline]
    pub(crate) fn foresee(&self, sub: SubMove) -> Option<Foresight> {
        let t = &*TABLES;
        let us = self.side;
        let kind = self.board[sub.from as usize].kind();
        let victim = self.board[sub.to as usize].kind();
        let mut hash = self.hash ^ piece_key(kind, us, sub.from) ^ BLACK_TO_MOVE;
        let mut grown = kind;
        if victim != 0 {
            hash ^= piece_key(victim, !us, sub.to);
            if kind != KING {
                if let Some(hk) = hand_index(victim) {
                    let c = self.hands[us.index()][hk];
                    hash ^= hand_key(us, hk, c) ^ hand_key(us, hk, c + 1);
                }
            }
            if is_value(kind) && is_value(victim) {
                grown = (kind + victim).min(10);
                let mut split = sub.split;
                while split != 0 {
                    let d = (split.trailing_zeros() / 4) as usize;
                    let amount = ((split >> (4 * d)) & 15) as u8;
                    split &= !(15 << (4 * d));
                    let r = t.geo.step(sub.to, d).lsb();
                    let q = self.board[r as usize].kind();
                    hash ^= piece_key(q, us, r) ^ piece_key((q + amount).min(10), us, r);
                }
            }
        }
        let last = t.last_rank[us.index()];
        let becomes = match grown {
            LANCE if last.has(sub.to) => ROOK,
            NINJA if last.has(sub.to) => BISHOP,
            HORSE if t.last_two[us.index()].has(sub.to) => SHOGUN,
            1 | 2 if last.has(sub.to) => return None,
            k => k,
        };
        Some(Foresight {
            hash: hash ^ piece_key(becomes, us, sub.to),
            kind,
            becomes,
            victim,
        })
    }

    /// Destinations of the piece on `from`, obeying geometry, untouchability and the
    /// capture rules. `exempt` holds a Burakumin the zone ignores (the first sub-move of a
    /// double move whose second sub-move captures it).
    pub(crate) fn sub_targets(&self, from: Square, exempt: u128) -> u128 {
        let zone = TABLES.around(self.bb(BURAKUMIN) & !exempt);
        self.targets_in(from, exempt, zone)
    }

    /// [`sub_targets`](Self::sub_targets) with the Burakumin zone (squares next to a
    /// Burakumin other than `exempt`) already known.
    #[inline]
    pub(crate) fn targets_in(&self, from: Square, exempt: u128, zone: u128) -> u128 {
        let t = &*TABLES;
        let p = self.board[from as usize];
        let (kind, us) = (p.kind(), p.color());
        let own = self.by_color[us.index()];
        let i = table_index(kind, us, from);
        let reachable = t.attacks[i] & !own;
        if reachable.is_empty() {
            // Every square the piece could reach on an empty board holds a friend.
            return 0;
        }
        if kind == BURAKUMIN {
            return self.burakumin_targets(from, us);
        }
        let enemy = self.by_color[(!us).index()];
        let occ = own | enemy;
        let ubb = self.bb(BURAKUMIN);
        let mut targets = t.reach(kind, us, from, occ | zone) & reachable & !zone & !ubb;
        if !can_capture(kind) {
            return targets & !enemy;
        }
        for b in (ubb & enemy & t.attacks[i]).squares() {
            let forbidden = t.around(ubb & !exempt & !u128::bit(b));
            if t.hits(kind, us, from, b, occ, forbidden) {
                targets |= u128::bit(b);
            }
        }
        targets
    }

    /// Destinations of a Burakumin: every square passed or reached is non-adjacent to
    /// every other piece except Burakumins and the piece it captures.
    fn burakumin_targets(&self, from: Square, us: Color) -> u128 {
        let t = &*TABLES;
        let occ = self.occupied();
        let enemy = self.by_color[(!us).index()];
        let others = occ & !self.bb(BURAKUMIN) & !u128::bit(from);
        let danger = t.around(others);
        let mut out = 0u128;
        for d in 0..8 {
            // Skip a direction whose first step is a friend, or an empty square next to a
            // piece other than the one just beyond it on this line (which alone it may pass).
            let x = t.geo.step(from, d);
            if x.is_empty() || (x & occ & !enemy).any() {
                continue;
            }
            if (x & occ).is_empty() {
                let near = t.king[x.lsb() as usize] & others;
                if near.any() && (near != t.geo.step(x.lsb(), d) || (near & enemy).is_empty()) {
                    continue;
                }
            }
            out |= t.geo.slide(from, d, occ | danger) & !occ & !danger;
            let hit = t.geo.slide(from, d, occ) & occ;
            if hit.is_empty() || !enemy.has(hit.lsb()) {
                continue;
            }
            let v = hit.lsb();
            let rest = others & !u128::bit(v);
            if (t.between(from, v) | u128::bit(v))
                .squares()
                .all(|x| (t.king[x as usize] & rest).is_empty())
            {
                out |= u128::bit(v);
            }
        }
        out
    }

    /// Calls `f` with every experience split the capture `from` -> `to` allows (just `0`
    /// without excess); stops and returns true as soon as `f` does.
    pub(crate) fn for_each_split(
        &self,
        from: Square,
        to: Square,
        f: &mut impl FnMut(u32) -> bool,
    ) -> bool {
        let mover = self.board[from as usize];
        let victim = self.board[to as usize];
        let sum = mover.kind() + victim.kind();
        if !(is_value(mover.kind()) && is_value(victim.kind())) || sum <= 10 {
            return f(0);
        }
        let t = &*TABLES;
        let mut rooms = [(0u8, 0u8); 8];
        let mut n = 0;
        for d in 0..8 {
            let r = t.geo.step(to, d);
            if r.is_empty() || r.lsb() == from {
                continue;
            }
            let q = self.board[r.lsb() as usize];
            if !q.is_empty() && q.color() == mover.color() && is_value(q.kind()) && q.kind() < 10 {
                rooms[n] = (d as u8, 10 - q.kind());
                n += 1;
            }
        }
        let excess = sum - 10;
        let room: u8 = rooms[..n].iter().map(|r| r.1).sum();
        let exact = MANDATORY_TRANSFER.then_some(excess.min(room));
        splits(&rooms[..n], excess, exact, 0, f)
    }

    /// Resolves a sub-move produced by [`sub_targets`](Self::sub_targets) and
    /// [`for_each_split`](Self::for_each_split). The side to move is not changed.
    pub(crate) fn apply_sub(&mut self, sub: SubMove) -> Applied {
        let t = &*TABLES;
        let piece = self.take(sub.from);
        let us = piece.color();
        let mut kind = piece.kind();
        let mut irreversible = false;
        if !self.board[sub.to as usize].is_empty() {
            let victim = self.take(sub.to);
            irreversible = true;
            if kind != KING {
                if let Some(hk) = hand_index(victim.kind()) {
                    self.add_hand(us, hk, 1);
                }
            }
            if is_value(kind) && is_value(victim.kind()) {
                kind = (kind + victim.kind()).min(10);
                for d in 0..8 {
                    let amount = sub.given(d);
                    if amount > 0 {
                        let r = t.geo.step(sub.to, d).lsb();
                        let q = self.take(r);
                        self.put(r, (q.kind() + amount).min(10), us);
                    }
                }
            }
        }
        let last = t.last_rank[us.index()];
        let promoted = match kind {
            LANCE if last.has(sub.to) => ROOK,
            NINJA if last.has(sub.to) => BISHOP,
            HORSE if t.last_two[us.index()].has(sub.to) => SHOGUN,
            k => k,
        };
        irreversible |= promoted != kind;
        if (promoted == 1 || promoted == 2) && last.has(sub.to) {
            self.add_hand(us, HAND_VALUE, 1);
            return Applied {
                to_hand: true,
                irreversible: true,
            };
        }
        self.put(sub.to, promoted, us);
        Applied {
            to_hand: false,
            irreversible,
        }
    }
}

/// Enumerates amounts for `rooms` (direction, room) summing to at most `budget` (exactly
/// `exact` when given), packed 4 bits per direction into `acc`.
fn splits(
    rooms: &[(u8, u8)],
    budget: u8,
    exact: Option<u8>,
    acc: u32,
    f: &mut impl FnMut(u32) -> bool,
) -> bool {
    let Some((&(dir, room), rest)) = rooms.split_first() else {
        return match exact {
            Some(e) if e != 0 => false,
            _ => f(acc),
        };
    };
    for a in 0..=room.min(budget) {
        let next_exact = exact.map(|e| e.saturating_sub(a));
        if exact.is_some_and(|e| a > e) {
            break;
        }
        if splits(
            rest,
            budget - a,
            next_exact,
            acc | ((a as u32) << (4 * dir)),
            f,
        ) {
            return true;
        }
    }
    false
}

/// Number of split outcomes for an excess and the recipients' rooms (for tests and docs).
pub fn count_splits(excess: u8, rooms: &[u8], mandatory: bool) -> usize {
    let tagged: Vec<(u8, u8)> = rooms
        .iter()
        .enumerate()
        .map(|(i, &r)| (i as u8, r))
        .collect();
    let room: u8 = rooms.iter().sum();
    let mut n = 0;
    splits(
        &tagged,
        excess,
        mandatory.then_some(excess.min(room)),
        0,
        &mut |_| {
            n += 1;
            false
        },
    );
    n
}
