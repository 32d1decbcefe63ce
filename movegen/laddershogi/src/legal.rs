//! Legal turns: a candidate turn is legal when the mover's King cannot be captured by any
//! enemy turn afterwards and, for a value-piece drop, when it does not mate. Turns reaching
//! the same position are merged (the first one enumerated is kept: single moves before
//! double moves before pairs before drops), so perft counts distinct resulting positions.

use escalade_core::Rules;

use crate::moves::{Move, SubMove};
use crate::position::LadderShogi;
use crate::shortcut::SafeTurns;
use crate::turns::TurnSink;

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

/// The third tier, past the large set: a set on the heap that doubles when it is 3/4
/// full, for the rare node with thousands of turns (hands full of pieces, Dragon pairs with
/// experience splits). A linear scan of the turns listed in its place made such a node
/// quadratic: 60% of a search's time in one late middlegame.
struct GrowingSet {
    slots: Vec<u64>,
    len: usize,
    zero: bool,
}

impl GrowingSet {
    /// A set holding `hashes`, with room for twice as many.
    fn with(hashes: impl Iterator<Item = u64>, count: usize) -> Self {
        let mut set = GrowingSet {
            slots: vec![0; (4 * count).next_power_of_two().max(8192)],
            len: 0,
            zero: false,
        };
        for h in hashes {
            set.insert(h);
        }
        set
    }

    /// Inserts `h`; true if it was new.
    fn insert(&mut self, h: u64) -> bool {
        if h == 0 {
            return !std::mem::replace(&mut self.zero, true);
        }
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![0; 2 * old.len()];
            self.len = 0;
            for x in old.into_iter().filter(|&x| x != 0) {
                self.insert(x);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                x if x == h => return false,
                0 => {
                    self.slots[i] = h;
                    self.len += 1;
                    return true;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// The sets of position hashes a node's turns reached, tier by tier (see [`SeenSet`] and
/// [`GrowingSet`]); none until a turn that can repeat a position appears.
#[derive(Default)]
struct Seen {
    small: Option<SeenSet<128>>,
    large: Option<SeenSet<4096>>,
    growing: Option<GrowingSet>,
}

impl Seen {
    /// Whether any set was built (every later turn must then be recorded).
    fn started(&self) -> bool {
        self.small.is_some() || self.large.is_some() || self.growing.is_some()
    }

    /// Whether hash `h` is reached for the first time in this node. `out` holds the turns
    /// listed so far; each tier is built from it when first needed (the small set while few
    /// turns are listed, the large one when the small one fills up, the growing one when
    /// the large one does). Turns that were refused need not be remembered: a later turn
    /// reaching the same position would be refused too.
    fn first_visit(&mut self, out: &[Move], h: u64) -> bool {
        if let Some(set) = self.growing.as_mut() {
            return set.insert(h);
        }
        if self.large.is_none() {
            if self.small.is_none() && out.len() < SeenSet::<128>::FULL {
                let set = self.small.insert(SeenSet::new());
                for m in out {
                    set.insert(m.child);
                }
            }
            if let Some(Some(new)) = self.small.as_mut().map(|set| set.insert(h)) {
                return new;
            }
            self.small = None;
            let set = self.large.insert(SeenSet::new());
            for m in out {
                set.insert(m.child);
            }
        }
        if let Some(Some(new)) = self.large.as_mut().map(|set| set.insert(h)) {
            return new;
        }
        self.large = None;
        let set = self
            .growing
            .insert(GrowingSet::with(out.iter().map(|m| m.child), out.len()));
        set.insert(h)
    }
}

/// The sink of `Rules::generate_moves`: merges turns reaching one position, tests legality
/// (the shortcut first) and lists the legal turns.
pub(crate) struct LegalTurns<'a> {
    parent: &'a LadderShogi,
    out: &'a mut Vec<Move>,
    seen: Seen,
    safe: SafeTurns,
    split_rank: u32,
}

impl<'a> LegalTurns<'a> {
    /// Lists the legal turns of `parent` into `out` (appended).
    pub(crate) fn new(parent: &'a LadderShogi, out: &'a mut Vec<Move>) -> Self {
        LegalTurns {
            parent,
            out,
            seen: Seen::default(),
            safe: SafeTurns::new(parent),
            split_rank: 0,
        }
    }

    /// Lists `mv`, reaching a position of hash `child`.
    #[inline]
    fn list(&mut self, mv: &Move, child: u64) {
        let mut m = *mv;
        m.child = child;
        m.code = m.structural_code(self.split_rank);
        if m.code >> 30 == 3 {
            self.split_rank += 1;
        }
        self.out.push(m);
    }

    /// Whether a position of hash `h` is reached for the first time; `may_repeat` says
    /// whether the turn can repeat an earlier position (else nothing is recorded until one
    /// that can appears).
    #[inline]
    fn is_new(&mut self, h: u64, may_repeat: bool) -> bool {
        if may_repeat || self.seen.started() {
            self.seen.first_visit(self.out, h)
        } else {
            true
        }
    }
}

impl TurnSink for LegalTurns<'_> {
    fn turn(&mut self, mv: &Move, child: &LadderShogi, value_drop: bool) -> bool {
        // Only double moves and moves whose piece went to hand can repeat a position.
        let may_repeat =
            mv.is_double() || (mv.drop == 0 && child.board[mv.first.to as usize].is_empty());
        if !self.is_new(child.hash, may_repeat) {
            return false;
        }
        let parent = self.parent;
        let legal = if self.safe.certainly_safe(parent, child) {
            debug_assert!(
                !child.king_capturable(child.side),
                "shortcut wrong after {mv:?} in {}",
                parent.to_fen()
            );
            !(value_drop
                && parent.drop_may_check(mv.first.to)
                && child.king_in_danger()
                && !child.has_legal_turn())
        } else {
            LadderShogi::child_is_legal(child, value_drop)
        };
        debug_assert!(
            !value_drop || parent.drop_may_check(mv.first.to) || !child.king_in_danger(),
            "a value drop on {} gives check in {}",
            mv.first.to,
            parent.to_fen()
        );
        if legal {
            self.list(mv, child.hash);
        }
        false
    }

    #[inline]
    fn single(&mut self, parent: &LadderShogi, sub: SubMove) -> bool {
        let Some(f) = parent.foresee(sub) else {
            return self.turn_built(parent, sub);
        };
        if !self.safe.single_is_safe(parent, sub, &f) {
            return self.turn_built(parent, sub);
        }
        #[cfg(debug_assertions)]
        {
            let mut child = parent.clone();
            child.apply_sub(sub);
            child.finish_turn(parent.reversible, false);
            assert_eq!(
                child.hash,
                f.hash,
                "foreseen hash of {sub:?} in {}",
                parent.to_fen()
            );
            assert!(
                !child.king_capturable(child.side),
                "single-move shortcut wrong after {sub:?} in {}",
                parent.to_fen()
            );
        }
        if self.is_new(f.hash, false) {
            self.list(&Move::single(sub), f.hash);
        }
        false
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

    /// Whether a value piece dropped on `sq` by the side to move could give check: only by
    /// attacking the King itself, or by standing next to a friendly Cricket (infused) or
    /// Dragon (a new partner). Anything else a drop does only blocks lines.
    #[inline]
    pub(crate) fn drop_may_check(&self, sq: escalade_core::Square) -> bool {
        use escalade_core::Bitboard;
        let t = &*crate::tables::TABLES;
        let us = self.side;
        let powers = (self.bb(crate::piece::CRICKET) | self.bb(crate::piece::DRAGON))
            & self.by_color[us.index()];
        t.attacks(1, us, sq, self.kings[(!us).index()]) || (t.king[sq as usize] & powers).any()
    }

    /// Whether the side to move has at least one legal turn.
    pub(crate) fn has_legal_turn(&self) -> bool {
        self.for_each_turn(&mut |_: &Move, child: &LadderShogi, value_drop: bool| {
            Self::child_is_legal(child, value_drop)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;
    use crate::moves::{Move, SubMove};

    /// Lists turns reaching `hashes` through one node's sets, as the legal-turn sink does:
    /// each hash is new once, a second visit is not, at every tier (small, large, growing).
    #[test]
    fn every_tier_tells_first_visits_from_repeats() {
        let mut seen = Seen::default();
        let mut out: Vec<Move> = Vec::new();
        let hash = |i: u64| escalade_core::splitmix64(i + 1);
        for i in 0..20_000u64 {
            assert!(seen.first_visit(&out, hash(i)), "turn {i} is new");
            assert!(!seen.first_visit(&out, hash(i)), "turn {i} repeats");
            let mut m = Move::single(SubMove::plain(0, 1));
            m.child = hash(i);
            out.push(m);
            if i % 997 == 0 {
                assert!(
                    !seen.first_visit(&out, hash(i / 2)),
                    "an early turn repeats"
                );
            }
        }
        assert!(
            seen.growing.is_some(),
            "20,000 turns reach the growing tier"
        );
        assert!(seen.first_visit(&out, 0) && !seen.first_visit(&out, 0));
    }
}
