//! Part 2 of a turn: making a ladder or a chute (at most one thing per file-rank, two of each
//! type per player, not both squares occupied, an occupant of the entrance transported at
//! once) or removing one's own thing; listing, counting and applying them, and finishing the
//! turn. Every Part 2 must leave the mover's Kings unattacked.

use escalade_core::{Bitboard, Color, Square};

use crate::keys;
use crate::men::Kind;
use crate::moves::Part2;
use crate::position::{castle_keep_mask, Chutes};
use crate::square::NO_SQUARE;

impl Chutes {
    /// Calls `f` for every legal Part 2 after Part 1 (`self` is the position after Part 1,
    /// the mover still to move). "Nothing" comes first.
    #[inline]
    pub(crate) fn for_each_part2<F: FnMut(Part2)>(&self, f: F) {
        self.for_each_part2_lines(self.pin_lines(self.side), f);
    }

    /// [`for_each_part2`](Self::for_each_part2) given a superset of the mover's
    /// [`pin_lines`](Self::pin_lines) (those of the position before a Part 1 that did not
    /// move a King will do: the Kings stand still and enemy sliders can only have gone).
    #[inline]
    pub(crate) fn for_each_part2_lines<F: FnMut(Part2)>(&self, lines: u128, mut f: F) {
        f(Part2::Nothing);
        if self.first_turn {
            return;
        }
        self.for_each_new_thing(lines, true, |p2, _| f(p2));
        for fr in self.owned_by(self.side).squares() {
            f(Part2::Remove(fr));
        }
    }

    /// Calls `f(part2, entrance, exit)` for every legal Part 2 that makes a thing under a
    /// man (who is transported at once), given a superset of the mover's pin lines.
    #[inline]
    pub(crate) fn for_each_transport<F: FnMut(Part2, Square, Square)>(
        &self,
        lines: u128,
        mut f: F,
    ) {
        if self.first_turn {
            return;
        }
        self.for_each_new_thing(lines, false, |p2, transport| {
            if let Some((entrance, exit)) = transport {
                f(p2, entrance, exit);
            }
        });
    }

    /// Calls `f(part2, transport)` for every legal making of a ladder, then of a chute: those
    /// over an empty entrance only if `with_quiet`, each before the ones that transport a man
    /// (`transport` = `Some((entrance, exit))`). Not on the first turn.
    #[inline(always)]
    fn for_each_new_thing<F: FnMut(Part2, Option<(Square, Square)>)>(
        &self,
        lines: u128,
        with_quiet: bool,
        mut f: F,
    ) {
        let us = self.side;
        let occ = self.men.occupied();
        let (occ0, occ1) = (occ as u64, (occ >> 64) as u64);
        let free = !self.things() & !(occ0 & occ1);
        if self.owned_count(us, false) < 2 {
            if with_quiet {
                for fr in (free & !occ0).squares() {
                    f(Part2::Ladder(fr), None);
                }
            }
            for fr in (free & occ0).squares() {
                if self.transport_ok(lines, fr, fr + 64) {
                    f(Part2::Ladder(fr), Some((fr, fr + 64)));
                }
            }
        }
        if self.owned_count(us, true) < 2 {
            if with_quiet {
                for fr in (free & !occ1).squares() {
                    f(Part2::Chute(fr), None);
                }
            }
            for fr in (free & occ1).squares() {
                if self.transport_ok(lines, fr + 64, fr) {
                    f(Part2::Chute(fr), Some((fr + 64, fr)));
                }
            }
        }
    }

    /// The number of legal Part 2 choices after Part 1 (as [`for_each_part2`](Self::for_each_part2)
    /// would list them), counted without listing the quiet ones.
    #[cfg(test)]
    pub(crate) fn count_part2(&self) -> u64 {
        self.count_part2_lines(self.pin_lines(self.side))
    }

    /// [`count_part2`](Self::count_part2) given a superset of the mover's pin lines.
    #[inline]
    pub(crate) fn count_part2_lines(&self, lines: u128) -> u64 {
        if self.first_turn {
            return 1;
        }
        let us = self.side;
        let occ = self.men.occupied();
        let (occ0, occ1) = (occ as u64, (occ >> 64) as u64);
        let free = !self.things() & !(occ0 & occ1);
        let mut n = 1 + self.owned_by(us).count_ones() as u64;
        if self.owned_count(us, false) < 2 {
            n += (free & !occ0).count_ones() as u64;
            n += (free & occ0)
                .squares()
                .filter(|&fr| self.transport_ok(lines, fr, fr + 64))
                .count() as u64;
        }
        if self.owned_count(us, true) < 2 {
            n += (free & !occ1).count_ones() as u64;
            n += (free & occ1)
                .squares()
                .filter(|&fr| self.transport_ok(lines, fr + 64, fr))
                .count() as u64;
        }
        n
    }

    /// Whether moving the man on `from` to the empty `to` (the other board) leaves the
    /// mover's Kings safe, given `lines` ([`pin_lines`](Self::pin_lines)) and that they are
    /// safe now: only a King moving, a man leaving a King's line, or an enemy man arriving
    /// next to (or in sight of) a King can change that.
    #[inline]
    fn transport_ok(&self, lines: u128, from: Square, to: Square) -> bool {
        let us = self.side;
        let kings = self.men.of(us, Kind::King);
        if kings.has(from) || lines.has(from) {
            return self.transport_safe(from, to);
        }
        let them = !us;
        if !self.men.sides[them.index()].has(from) {
            return true;
        }
        let kind = self.men.at(from).map_or(Kind::Pawn, |x| x.1);
        let occ = self.men.occupied() ^ u128::bit(from) ^ u128::bit(to);
        self.men.attacks_from(kind, them, to, occ) & kings == 0
    }

    /// Whether moving the man on `from` to the empty `to` leaves the mover's Kings safe.
    #[inline]
    fn transport_safe(&self, from: Square, to: Square) -> bool {
        let mut men = self.men;
        if let Some((side, kind)) = men.at(from) {
            men.take(from, side, kind);
            men.put(to, side, kind);
        }
        men.kings_safe(self.side)
    }

    /// Applies a Part 2 (assumed legal) by the side to move.
    pub(crate) fn apply_part2(&mut self, part2: Part2) {
        let (chute, fr) = match part2 {
            Part2::Nothing => return,
            Part2::Remove(fr) => {
                self.remove_thing(fr);
                return;
            }
            Part2::Ladder(fr) => (false, fr),
            Part2::Chute(fr) => (true, fr),
        };
        self.add_thing(chute, self.side, fr);
        let (entrance, exit) = if chute { (fr + 64, fr) } else { (fr, fr + 64) };
        if let Some((side, kind)) = self.men.at(entrance) {
            self.take(entrance, side, kind);
            self.put(exit, side, kind);
            self.set_castling(self.castling & castle_keep_mask(entrance));
            if self.ep_victim == entrance {
                self.set_en_passant(self.ep_target, exit);
            }
            if exit == self.ep_target {
                self.set_en_passant(NO_SQUARE, NO_SQUARE);
            }
        }
    }

    /// Hands the move to the other side after both parts.
    #[inline]
    pub(crate) fn finish_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        if self.first_turn {
            self.first_turn = false;
            self.hash ^= keys::first_turn();
        }
        self.side = !self.side;
        self.hash ^= keys::black_to_move();
    }
}
