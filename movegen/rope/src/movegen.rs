//! Legal move generation: board moves (steps, hops, slides, leaps, pawn moves with their
//! promotion choices), the King-Gold swap, crazyhouse drops, and the two outcomes at a
//! dice chance node. Every candidate is checked for King safety on the occupancy it leaves.
//!
//! Generation feeds a sink that may stop it early, so "is there any legal move" (mate
//! tests, the pawn-drop-mate rule) costs no allocation.

use escalade_core::{Bitboard, Color, Rules as _, Square};

use crate::form::Special;
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::tables::Tables;
use crate::Kind;

/// Where generated moves go.
pub(crate) trait Sink {
    /// Takes one move; true stops the generation.
    fn take(&mut self, mv: RopeMove) -> bool;

    /// Takes the normal (non-promoting) legal moves from `from` to each of `targets`.
    #[inline]
    fn take_all(&mut self, from: Square, targets: u64) -> bool {
        targets
            .squares()
            .any(|to| self.take(RopeMove::normal(from, to)))
    }
}

impl<F: FnMut(RopeMove) -> bool> Sink for F {
    #[inline]
    fn take(&mut self, mv: RopeMove) -> bool {
        self(mv)
    }
}

/// Counts legal moves without listing them (perft's last ply).
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn take(&mut self, _mv: RopeMove) -> bool {
        self.0 += 1;
        false
    }

    #[inline]
    fn take_all(&mut self, _from: Square, targets: u64) -> bool {
        self.0 += targets.count_ones() as u64;
        false
    }
}

impl Rope {
    /// Whether the game is already decided by a win that ends it at once: three checks
    /// given, or (dice) the last mover's King left attacked by a fall.
    #[inline]
    pub(crate) fn decided_winner(&self) -> Option<Color> {
        match self.special() {
            Special::ThreeCheck => Color::BOTH
                .into_iter()
                .find(|&c| self.checks[c.index()] >= 3),
            Special::Dice if self.pending == NO_SQUARE && self.king_attacked(!self.side) => {
                Some(self.side)
            }
            _ => None,
        }
    }

    /// Feeds every legal move to `sink`; stops as soon as `sink` returns true.
    /// Returns whether it was stopped.
    pub(crate) fn for_each_legal<S: Sink>(&self, sink: &mut S) -> bool {
        if self.pending != NO_SQUARE {
            return sink.take(RopeMove::SURVIVES) || sink.take(RopeMove::FALLS);
        }
        if self.decided_winner().is_some() {
            return false;
        }
        let t = self.tables();
        let us = self.side;
        let them = !us;
        let own = self.colors[us.index()];
        let occ = self.occupied();
        let ksq = self.king(us);
        let in_check = self.attackers_with(t, ksq, them, occ, !0) != 0;
        // Only a piece standing between the King and an enemy slider can uncover it.
        let exposed = if in_check {
            t.board
        } else {
            self.slider_lines(ksq, them)
        };
        for kind in Kind::ALL {
            let mut set = self.pieces[us.index()][kind.index()];
            while set != 0 {
                let from = set.pop_lsb();
                let i = from as usize;
                let targets = match kind {
                    Kind::King | Kind::Gold => (t.step[i] & !own) | t.hops(from, occ),
                    Kind::Router => t.router(from, occ) & !own,
                    Kind::Torch => t.torch(from, occ) & !own,
                    Kind::Dove => t.dove[i] & !own,
                    Kind::Dabbaba => t.dabbaba[i] & !own,
                    Kind::Pawn => t.pawn_step[us.index()][i] & !own,
                };
                let mut legal = targets;
                if kind == Kind::King || exposed.has(from) {
                    for to in targets.squares() {
                        let after = (occ & !u64::bit(from)) | u64::bit(to);
                        let k = if kind == Kind::King { to } else { ksq };
                        if self.attackers_with(t, k, them, after, !u64::bit(to)) != 0 {
                            legal &= !u64::bit(to);
                        }
                    }
                }
                if kind == Kind::Pawn && legal & t.zone[us.index()] != 0 {
                    // one target at most: decline (not on the last square) and each choice
                    let to = legal.lsb();
                    if to != t.last[us.index()] && sink.take(RopeMove::normal(from, to)) {
                        return true;
                    }
                    for &p in self.rules().promotions {
                        if sink.take(RopeMove {
                            from,
                            to,
                            kind: MoveKind::Promote(p),
                        }) {
                            return true;
                        }
                    }
                } else if sink.take_all(from, legal) {
                    return true;
                }
            }
        }
        if self.swap_right[us.index()] {
            for gold in self.pieces[us.index()][Kind::Gold.index()].squares() {
                if self.attackers_with(t, gold, them, occ, !0) == 0
                    && sink.take(RopeMove {
                        from: ksq,
                        to: gold,
                        kind: MoveKind::Swap,
                    })
                {
                    return true;
                }
            }
        }
        if self.special() == Special::House && self.drops(t, sink) {
            return true;
        }
        false
    }

    /// The squares strictly between `king` and the farthest Router or Torch of `by` on
    /// each side: vacating any other square cannot uncover an attack on the King.
    #[inline]
    fn slider_lines(&self, king: Square, by: Color) -> u64 {
        let sliders = self.pieces[by.index()][Kind::Router.index()]
            | self.pieces[by.index()][Kind::Torch.index()];
        if sliders == 0 {
            return 0;
        }
        let below_king = (1u64 << king) - 1;
        let mut lines = 0;
        let above = sliders & !below_king;
        if above != 0 {
            lines |= ((1u64 << above.msb()) - 1) & !below_king & !(1u64 << king);
        }
        let below = sliders & below_king;
        if below != 0 {
            lines |= below_king & !((2u64 << below.lsb()) - 1);
        }
        lines
    }

    /// Crazyhouse drops: any empty square, not leaving the King attacked, no pawn on the
    /// last square, no pawn drop that mates.
    fn drops<S: Sink>(&self, t: &Tables, sink: &mut S) -> bool {
        let us = self.side;
        let hand = &self.hands[us.index()];
        if hand.iter().all(|&n| n == 0) {
            return false;
        }
        let occ = self.occupied();
        let ksq = self.king(us);
        let in_check = self.attackers_with(t, ksq, !us, occ, !0) != 0;
        let empty = t.board & !occ;
        for kind in Kind::CAPTURABLE {
            if hand[kind.index()] == 0 {
                continue;
            }
            for to in empty.squares() {
                if in_check && self.attackers_with(t, ksq, !us, occ | u64::bit(to), !0) != 0 {
                    continue;
                }
                let mv = RopeMove {
                    from: 0,
                    to,
                    kind: MoveKind::Drop(kind),
                };
                if kind == Kind::Pawn && (to == t.last[us.index()] || self.is_pawn_drop_mate(t, to))
                {
                    continue;
                }
                if sink.take(mv) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a pawn dropped on `to` by the side to move checks the enemy King and leaves
    /// it without any legal move.
    fn is_pawn_drop_mate(&self, t: &Tables, to: Square) -> bool {
        let them = !self.side;
        if t.pawn_step[self.side.index()][to as usize] & self.pieces(them, Kind::King) == 0 {
            return false;
        }
        let child = self.play(RopeMove {
            from: 0,
            to,
            kind: MoveKind::Drop(Kind::Pawn),
        });
        !child.has_legal_move()
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.for_each_legal(&mut |_| true)
    }
}
