//! Legal turns: a candidate turn is legal when the mover's King cannot be captured by any
//! enemy turn afterwards and, for a value-piece drop, when it does not mate. Turns reaching
//! the same position are merged (the first one enumerated is kept: single moves before
//! double moves before pairs before drops), so perft counts distinct resulting positions.

use crate::moves::Move;
use crate::position::LadderShogi;
use crate::shortcut::SafeTurns;

/// A fixed-size set of position hashes on the stack (linear probing), built only when a
/// turn that can repeat a position appears: other single moves and drops never reach the
/// same position twice, so most nodes never pay for it. Sized `N` slots; a small one is
/// tried first and a large one replaces it only in nodes with many turns.
struct SeenSet<const N: usize> {
    slots: [u64; N],
    len: usize,
    zero: bool,
}

impl<const N: usize> SeenSet<N> {
    const FULL: usize = N * 3 / 4;

    fn new() -> Self {
        SeenSet {
            slots: [0; N],
            len: 0,
            zero: false,
        }
    }

    /// Inserts `h`; `Some(true)` if new, `Some(false)` if present, `None` when full.
    #[inline]
    fn insert(&mut self, h: u64) -> Option<bool> {
        if h == 0 {
            let new = !self.zero;
            self.zero = true;
            return Some(new);
        }
        let mut i = (h as usize) & (N - 1);
        loop {
            if self.slots[i] == h {
                return Some(false);
            }
            if self.slots[i] == 0 {
                if self.len >= Self::FULL {
                    return None;
                }
                self.slots[i] = h;
                self.len += 1;
                return Some(true);
            }
            i = (i + 1) & (N - 1);
        }
    }
}

/// Whether hash `h` is reached for the first time in this node. `out` holds the turns listed
/// so far; the sets are built from it when first needed (the small one while few turns are
/// listed, the large one when the small one fills up). Turns that were refused need not be
/// remembered: a later turn reaching the same position would be refused too.
fn first_visit(
    small: &mut Option<SeenSet<128>>,
    large: &mut Option<SeenSet<4096>>,
    out: &[Move],
    h: u64,
) -> bool {
    if large.is_none() {
        if small.is_none() && out.len() < SeenSet::<128>::FULL {
            let mut set = SeenSet::new();
            for m in out {
                set.insert(m.child);
            }
            *small = Some(set);
        }
        if let Some(Some(new)) = small.as_mut().map(|set| set.insert(h)) {
            return new;
        }
        *small = None;
        let mut set = SeenSet::new();
        for m in out {
            set.insert(m.child);
        }
        *large = Some(set);
    }
    match large.as_mut().and_then(|set| set.insert(h)) {
        Some(new) => new,
        None => !out.iter().any(|m| m.child == h),
    }
}

impl LadderShogi {
    /// Whether `child`, reached by a turn of the side to move in `self`, is legal.
    #[inline]
    pub(crate) fn child_is_legal(child: &LadderShogi, value_drop: bool) -> bool {
        if child.king_capturable(child.side) {
            return false;
        }
        !(value_drop && child.king_in_danger() && !child.has_legal_turn())
    }

    /// Whether the side to move has at least one legal turn.
    pub(crate) fn has_legal_turn(&self) -> bool {
        self.for_each_turn(&mut |_: &Move, child: &LadderShogi, value_drop: bool| {
            Self::child_is_legal(child, value_drop)
        })
    }

    /// Every legal turn, one per distinct resulting position.
    pub(crate) fn legal_turns(&self, out: &mut Vec<Move>) {
        out.clear();
        let mut small: Option<SeenSet<128>> = None;
        let mut large: Option<SeenSet<4096>> = None;
        let safe = SafeTurns::new(self);
        let mut split_rank = 0;
        self.for_each_turn(&mut |mv: &Move, child: &LadderShogi, value_drop: bool| {
            // Only double moves and moves whose piece went to hand can repeat a position.
            let may_repeat =
                mv.is_double() || (mv.drop == 0 && child.board[mv.first.to as usize].is_empty());
            let new = if may_repeat || small.is_some() || large.is_some() {
                first_visit(&mut small, &mut large, out, child.hash)
            } else {
                true
            };
            let legal = new
                && if safe.certainly_safe(self, child) {
                    debug_assert!(
                        !child.king_capturable(child.side),
                        "shortcut wrong after {mv:?} in {}",
                        self.fen()
                    );
                    !(value_drop && child.king_in_danger() && !child.has_legal_turn())
                } else {
                    Self::child_is_legal(child, value_drop)
                };
            if legal {
                let mut m = *mv;
                m.child = child.hash;
                m.code = m.structural_code(split_rank);
                if m.code >> 30 == 3 {
                    split_rank += 1;
                }
                out.push(m);
            }
            false
        });
    }

    /// The position after a legal turn (rebuilt by replaying its sub-moves or drop).
    pub(crate) fn after(&self, mv: Move) -> LadderShogi {
        let mut child = self.clone();
        let us = self.side;
        if let Some((hk, sq)) = mv.dropped() {
            child.add_hand(us, hk, -1);
            child.put(sq, crate::piece::HAND_BASE[hk], us);
            child.finish_turn(self.reversible, true);
            return child;
        }
        let mut irreversible = false;
        for sub in mv.sub_moves() {
            irreversible |= child.apply_sub(sub).irreversible;
        }
        child.finish_turn(self.reversible, irreversible);
        child
    }
}
