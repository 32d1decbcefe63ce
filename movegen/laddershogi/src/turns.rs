//! Turn enumeration: single moves (T1), Cricket-infused double moves (T2), Dragon-energized
//! pairs (T3) and drops (T4), each handed with the position it reaches to a sink. Legal
//! move generation filters these (royal capture, Merchant-drop mate) and merges turns that
//! reach the same position.

use escalade_core::{Bitboard, Square};

use crate::moves::{Move, SubMove};
use crate::piece::*;
use crate::position::LadderShogi;
use crate::submove::Applied;
use crate::tables::{table_index, TABLES};

/// Receives each candidate turn with the position it reaches and whether it drops a value
/// piece; returns true to stop the enumeration.
pub(crate) trait TurnSink {
    /// A turn and the position it reaches.
    fn turn(&mut self, mv: &Move, child: &LadderShogi, value_drop: bool) -> bool;

    /// A single move of a piece without a Cricket neighbour, before its position is built:
    /// a sink may decide without building it. By default the position is built.
    fn single(&mut self, parent: &LadderShogi, sub: SubMove) -> bool {
        self.turn_built(parent, sub)
    }

    /// Builds the position after the single move `sub` and hands it to [`turn`](Self::turn).
    fn turn_built(&mut self, parent: &LadderShogi, sub: SubMove) -> bool {
        let mut child = parent.clone();
        let applied = child.apply_sub(sub);
        child.finish_turn(parent.reversible, applied.irreversible);
        self.turn(&Move::single(sub), &child, false)
    }
}

impl<F: FnMut(&Move, &LadderShogi, bool) -> bool> TurnSink for F {
    fn turn(&mut self, mv: &Move, child: &LadderShogi, value_drop: bool) -> bool {
        self(mv, child, value_drop)
    }
}

/// Destinations (enemy King excluded) of the possible Dragon partners, remembered while
/// single moves are enumerated so that pairs need not compute them again.
pub(crate) struct KnownTargets {
    wanted: u128,
    entries: [(Square, u128); 16],
    len: usize,
}

impl KnownTargets {
    fn new(wanted: u128) -> Self {
        KnownTargets {
            wanted,
            entries: [(0, 0); 16],
            len: 0,
        }
    }

    #[inline]
    fn remember(&mut self, sq: Square, targets: u128) {
        if self.wanted.has(sq) && self.len < self.entries.len() {
            self.entries[self.len] = (sq, targets);
            self.len += 1;
        }
    }

    fn get(&self, sq: Square) -> Option<u128> {
        self.entries[..self.len]
            .iter()
            .find(|e| e.0 == sq)
            .map(|e| e.1)
    }
}

impl LadderShogi {
    /// Ends a turn: the other side moves; the reversible count restarts after a capture,
    /// promotion, removal to hand or drop.
    #[inline]
    pub(crate) fn finish_turn(&mut self, start_reversible: u32, irreversible: bool) {
        self.reversible = if irreversible {
            0
        } else {
            start_reversible + 1
        };
        self.flip_side();
    }

    /// Hands every pseudo-legal turn (duplicates included) to `sink`; true if it stopped.
    pub(crate) fn for_each_turn(&self, sink: &mut impl TurnSink) -> bool {
        let mut known = KnownTargets::new(self.energizable());
        self.single_and_infused(sink, &mut known)
            || self.energized(sink, &known)
            || self.drops(sink)
    }

    /// Pieces of the side to move next to one of its Dragons with at least two friendly
    /// neighbours (the possible partners of an energized pair).
    fn energizable(&self) -> u128 {
        let t = &*TABLES;
        let own = self.by_color[self.side.index()];
        let mut out = 0;
        for dragon in (self.bb(DRAGON) & own).squares() {
            let friends = t.king[dragon as usize] & own;
            if friends.several() {
                out |= friends;
            }
        }
        out
    }

    fn single_and_infused(&self, sink: &mut impl TurnSink, known: &mut KnownTargets) -> bool {
        let t = &*TABLES;
        let us = self.side;
        let own = self.by_color[us.index()];
        let crickets = self.bb(CRICKET) & own;
        let enemy_u = self.bb(BURAKUMIN) & self.by_color[(!us).index()];
        let enemy_king = self.kings[(!us).index()];
        let zone = self.burakumin_zone();
        for from in (own & !self.petrified(us)).squares() {
            let infused = (t.king[from as usize] & crickets).any();
            let normal = self.targets_in(from, 0, zone) & !u128::bit(enemy_king);
            known.remember(from, normal);
            for to in normal.squares() {
                let stop = self.for_each_split(from, to, &mut |split| {
                    let sub = SubMove { from, to, split };
                    if !infused {
                        return sink.single(self, sub);
                    }
                    let mut child = self.clone();
                    let applied = child.apply_sub(sub);
                    if !applied.to_hand {
                        let mid = child.clone();
                        child.finish_turn(self.reversible, applied.irreversible);
                        sink.turn(&Move::single(sub), &child, false)
                            || mid.second_moves(self.reversible, sub, applied, u128::MAX, sink)
                    } else {
                        child.finish_turn(self.reversible, applied.irreversible);
                        sink.turn(&Move::single(sub), &child, false)
                    }
                });
                if stop {
                    return true;
                }
            }
            if !infused {
                continue;
            }
            // A first sub-move may touch a Burakumin that the second sub-move captures
            // (only where the piece's lines come next to it).
            let kind = self.board[from as usize].kind();
            for b in enemy_u.squares() {
                if kind == BURAKUMIN
                    || (t.attacks[table_index(kind, us, from)] & t.king[b as usize]).is_empty()
                {
                    continue;
                }
                let extra = self.sub_targets(from, u128::bit(b)) & !normal & !u128::bit(enemy_king);
                for to in extra.squares() {
                    let stop = self.for_each_split(from, to, &mut |split| {
                        let sub = SubMove { from, to, split };
                        let mut mid = self.clone();
                        let applied = mid.apply_sub(sub);
                        !applied.to_hand
                            && mid.second_moves(self.reversible, sub, applied, u128::bit(b), sink)
                    });
                    if stop {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Second sub-moves of the piece that made `first`, from the position after it (`self`),
    /// limited to destinations in `allowed`.
    fn second_moves(
        &self,
        start: u32,
        first: SubMove,
        applied: Applied,
        allowed: u128,
        sink: &mut impl TurnSink,
    ) -> bool {
        let from = first.to;
        let us = self.side;
        if self.petrified(us).has(from) {
            return false;
        }
        let targets = self.sub_targets(from, 0) & allowed & !u128::bit(self.kings[(!us).index()]);
        self.second_sub_moves(start, first, applied, from, targets, sink)
    }

    /// Dragon pairs: A then B, both adjacent to one friendly Dragon; the turn of A alone is
    /// the single move already enumerated. Each partner's destinations are computed once
    /// and reused after A's move unless that move could change them.
    fn energized(&self, sink: &mut impl TurnSink, known: &KnownTargets) -> bool {
        let t = &*TABLES;
        let us = self.side;
        let own = self.by_color[us.index()];
        let enemy_king = u128::bit(self.kings[(!us).index()]);
        let burakumins = self.bb(BURAKUMIN);
        for dragon in (self.bb(DRAGON) & own).squares() {
            let friends = t.king[dragon as usize] & own;
            if !friends.several() {
                continue;
            }
            let free = friends & !self.petrified(us);
            let mut base = [(0 as Square, 0u128); 8];
            let mut n = 0;
            for b in free.squares() {
                let targets = known
                    .get(b)
                    .unwrap_or_else(|| self.sub_targets(b, 0) & !enemy_king);
                base[n] = (b, targets);
                n += 1;
            }
            let base = &base[..n];
            for &(a, a_targets) in base {
                let kind_a = self.board[a as usize].kind();
                for to in a_targets.squares() {
                    let stop = self.for_each_split(a, to, &mut |split| {
                        let sub = SubMove { from: a, to, split };
                        let mut mid = self.clone();
                        let applied = mid.apply_sub(sub);
                        let partners = friends & !u128::bit(a) & !mid.petrified(us);
                        if partners != free & !u128::bit(a) {
                            // A captured a Kappa and freed a partner: recompute everything.
                            return partners.squares().any(|b| {
                                let targets = mid.sub_targets(b, 0) & !enemy_king;
                                mid.second_sub_moves(
                                    self.reversible,
                                    sub,
                                    applied,
                                    b,
                                    targets,
                                    sink,
                                )
                            });
                        }
                        // A's move leaves another partner's destinations alone unless it
                        // involves a Burakumin, changes the partner or crosses its lines.
                        let simple = kind_a != BURAKUMIN && !burakumins.has(to);
                        let touched = u128::bit(a) | u128::bit(to);
                        for &(b, b_targets) in base {
                            if b == a {
                                continue;
                            }
                            let kind_b = self.board[b as usize].kind();
                            let reuse = simple
                                && kind_b != BURAKUMIN
                                && mid.board[b as usize] == self.board[b as usize]
                                && (t.attacks[table_index(kind_b, us, b)] & touched).is_empty();
                            let targets = if reuse {
                                b_targets
                            } else {
                                mid.sub_targets(b, 0) & !enemy_king
                            };
                            if mid.second_sub_moves(self.reversible, sub, applied, b, targets, sink)
                            {
                                return true;
                            }
                        }
                        false
                    });
                    if stop {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The turns `first` then a move of the piece on `b` to one of `targets` (`self` is the
    /// position after `first`), every split of excess experience; true when `sink` stops.
    fn second_sub_moves(
        &self,
        start: u32,
        first: SubMove,
        applied: Applied,
        b: Square,
        targets: u128,
        sink: &mut impl TurnSink,
    ) -> bool {
        for to in targets.squares() {
            let stop = self.for_each_split(b, to, &mut |split| {
                let sub = SubMove { from: b, to, split };
                let mut child = self.clone();
                let second = child.apply_sub(sub);
                child.finish_turn(start, applied.irreversible || second.irreversible);
                sink.turn(&Move::double(first, sub), &child, false)
            });
            if stop {
                return true;
            }
        }
        false
    }

    /// Squares where a piece dropped from hand kind `hk` may stand (untouchability and no
    /// immobile drops; royal capture and drop mate are checked by the caller).
    pub(crate) fn drop_squares(&self, hk: usize) -> u128 {
        let t = &*TABLES;
        let us = self.side;
        let occ = self.occupied();
        let ubb = self.bb(BURAKUMIN);
        let empty = t.all & !occ;
        match HAND_BASE[hk] {
            BURAKUMIN => empty & !t.around(occ & !ubb),
            1 | LANCE | NINJA => empty & !t.around(ubb) & !t.last_rank[us.index()],
            HORSE => empty & !t.around(ubb) & !t.last_two[us.index()],
            _ => empty & !t.around(ubb),
        }
    }

    fn drops(&self, sink: &mut impl TurnSink) -> bool {
        let us = self.side;
        for (hk, &kind) in HAND_BASE.iter().enumerate() {
            if self.hands[us.index()][hk] == 0 {
                continue;
            }
            for sq in self.drop_squares(hk).squares() {
                let mut child = self.clone();
                child.add_hand(us, hk, -1);
                child.put(sq, kind, us);
                child.finish_turn(self.reversible, true);
                if sink.turn(&Move::drop_piece(hk, sq), &child, hk == HAND_VALUE) {
                    return true;
                }
            }
        }
        false
    }
}
