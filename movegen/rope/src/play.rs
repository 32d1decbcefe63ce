//! Copy-make: the position after one turn or chance outcome. A turn moves, captures
//! (into a hand or onto a regeneration stack where the form says so), promotes, swaps or
//! drops; then come the form's after-move steps: regeneration, the check count, or the
//! pending survival roll.

use escalade_core::{Bitboard, Color};

use crate::form::Special;
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::zobrist::MAX_HAND;
use crate::Kind;

impl Rope {
    /// The position after `mv` (a legal move or outcome of this position).
    pub(crate) fn play_turn(&self, mv: RopeMove) -> Rope {
        let mut p = self.clone();
        let us = self.side;
        let them = !us;
        match mv.kind {
            MoveKind::Survives => {
                p.set_pending(NO_SQUARE);
                p.flip_side();
                return p;
            }
            MoveKind::Falls => {
                let sq = self.pending;
                p.remove(us, self.kind_at(us, sq), sq);
                p.set_pending(NO_SQUARE);
                p.flip_side();
                return p;
            }
            _ => {}
        }
        let special = self.special();
        let mut capture = false;
        let mut promotion = false;
        let mut roll = NO_SQUARE;
        match mv.kind {
            MoveKind::Normal | MoveKind::Promote(_) => {
                let (from, to) = (mv.from, mv.to);
                let kind = self.kind_at(us, from);
                if self.colors[them.index()].has(to) {
                    capture = true;
                    let victim = self.kind_at(them, to);
                    let back = if self.promoted.has(to) {
                        Kind::Pawn
                    } else {
                        victim
                    };
                    p.remove(them, victim, to);
                    match special {
                        Special::House
                            if (p.hands[us.index()][back.index()] as usize) < MAX_HAND =>
                        {
                            p.add_to_hand(us, back)
                        }
                        Special::Regeneration if !p.stacks[them.index()].is_full() => {
                            p.push_stack(them, back)
                        }
                        _ => {}
                    }
                }
                let was_promoted = self.promoted.has(from);
                p.remove(us, kind, from);
                let new_kind = match mv.kind {
                    MoveKind::Promote(k) => {
                        promotion = true;
                        k
                    }
                    _ => kind,
                };
                p.put(us, new_kind, to);
                if was_promoted || (promotion && self.rules().tracks_promotion()) {
                    p.mark_promoted(to);
                }
                if special == Special::Dice && kind != Kind::King {
                    roll = to;
                }
            }
            MoveKind::Swap => {
                p.remove(us, Kind::King, mv.from);
                p.remove(us, Kind::Gold, mv.to);
                p.put(us, Kind::King, mv.to);
                p.put(us, Kind::Gold, mv.from);
                p.set_swap_right(us, false);
            }
            MoveKind::Drop(kind) => {
                p.take_from_hand(us, kind);
                p.put(us, kind, mv.to);
            }
            MoveKind::Survives | MoveKind::Falls => unreachable!("handled above"),
        }
        p.halfmove = if capture || promotion {
            0
        } else {
            p.halfmove.saturating_add(1)
        };
        match special {
            Special::Regeneration => p.regenerate(us, capture),
            Special::ThreeCheck if p.king_attacked(them) => {
                let n = (p.checks[us.index()] + 1).min(3);
                p.set_checks(us, n);
            }
            _ => {}
        }
        if roll != NO_SQUARE {
            p.set_pending(roll);
        } else {
            p.flip_side();
        }
        p
    }

    /// The regeneration step after `color`'s move: the top of its stack returns to the
    /// empty home square unless the move captured or `color` regenerated last time.
    fn regenerate(&mut self, color: Color, captured: bool) {
        let home = self.tables().home[color.index()];
        if !captured
            && !self.occupied().has(home)
            && !self.stacks[color.index()].is_empty()
            && !self.cooldown[color.index()]
        {
            let kind = self.pop_stack(color);
            self.put(color, kind, home);
            self.set_cooldown(color, true);
        } else {
            self.set_cooldown(color, false);
        }
    }
}
