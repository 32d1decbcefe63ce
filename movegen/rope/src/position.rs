//! The [`Rope`] position: pieces as per-colour, per-kind `u64` bitboards over the line,
//! plus the state the forms need (hands, regeneration stacks and cooldowns, check counts,
//! a pending survival roll). Owns the primitive edits (which keep the Zobrist hash up to
//! date) and the attack test; move generation, playing moves, FEN and notation live in
//! their own files.

use escalade_core::{Bitboard, Color, Square};

use crate::form::{Rules, Special, RULES};
use crate::stack::Stack;
use crate::tables::{tables, Tables};
use crate::{zobrist, Kind};

/// Marker for "no roll pending".
pub(crate) const NO_SQUARE: Square = 0xFF;

/// A position of any rope form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rope {
    pub(crate) pieces: [[u64; 7]; 2],
    pub(crate) colors: [u64; 2],
    /// Promoted pawns (tracked only where a capture returns them as Pawns).
    pub(crate) promoted: u64,
    pub(crate) hands: [[u8; 7]; 2],
    pub(crate) stacks: [Stack; 2],
    pub(crate) cooldown: [bool; 2],
    pub(crate) checks: [u8; 2],
    pub(crate) swap_right: [bool; 2],
    /// The square whose piece awaits its survival roll, or [`NO_SQUARE`].
    pub(crate) pending: Square,
    pub(crate) side: Color,
    pub(crate) form: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
}

impl Rope {
    /// An empty line of form `form` with White to move and no rights.
    pub(crate) fn empty(form: usize) -> Rope {
        Rope {
            pieces: [[0; 7]; 2],
            colors: [0; 2],
            promoted: 0,
            hands: [[0; 7]; 2],
            stacks: [Stack::default(); 2],
            cooldown: [false; 2],
            checks: [0; 2],
            swap_right: [false; 2],
            pending: NO_SQUARE,
            side: Color::White,
            form: form as u8,
            halfmove: 0,
            fullmove: 1,
            hash: zobrist::checks(Color::White, 0) ^ zobrist::checks(Color::Black, 0),
        }
    }

    /// The rules record of this position's form.
    #[inline(always)]
    pub fn rules(&self) -> &'static Rules {
        &RULES[self.form as usize]
    }

    /// The sub-variant rule in force.
    #[inline(always)]
    pub fn special(&self) -> Special {
        self.rules().special
    }

    /// The attack tables of this board length.
    #[inline(always)]
    pub fn tables(&self) -> &'static Tables {
        tables(self.rules().squares)
    }

    /// Number of squares on the line.
    pub fn squares(&self) -> u8 {
        self.rules().squares
    }

    /// Squares holding pieces of `color` and `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> u64 {
        self.pieces[color.index()][kind.index()]
    }

    /// Squares holding pieces of `color`.
    #[inline(always)]
    pub fn color_set(&self, color: Color) -> u64 {
        self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// Squares holding promoted pawns (in the forms that remember them).
    pub fn promoted_set(&self) -> u64 {
        self.promoted
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind)> {
        let c = if self.colors[0].has(sq) {
            Color::White
        } else if self.colors[1].has(sq) {
            Color::Black
        } else {
            return None;
        };
        Some((c, self.kind_at(c, sq)))
    }

    /// The kind of `color`'s piece on `sq` (which must hold one).
    #[inline(always)]
    pub(crate) fn kind_at(&self, color: Color, sq: Square) -> Kind {
        let p = &self.pieces[color.index()];
        let mut i = 0;
        while i < 6 && !p[i].has(sq) {
            i += 1;
        }
        Kind::from_index(i)
    }

    /// The square of `color`'s King.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces[color.index()][Kind::King.index()].lsb()
    }

    /// How many pieces of `kind` `color` holds in hand (crazyhouse).
    pub fn hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind.index()]
    }

    /// `color`'s regeneration stack.
    pub fn stack(&self, color: Color) -> Stack {
        self.stacks[color.index()]
    }

    /// Whether `color` regenerated after its last move (and so cannot after its next).
    pub fn cooldown(&self, color: Color) -> bool {
        self.cooldown[color.index()]
    }

    /// Checks given by `color` (three-check).
    pub fn checks_given(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// Whether `color` may still make the King-Gold swap.
    pub fn swap_right(&self, color: Color) -> bool {
        self.swap_right[color.index()]
    }

    /// The square whose piece awaits its survival roll ("Hold on dice!").
    pub fn pending_roll(&self) -> Option<Square> {
        (self.pending != NO_SQUARE).then_some(self.pending)
    }

    /// Plies since the last capture or promotion.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after Black's turn).
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Adds a piece (no checks).
    #[inline(always)]
    pub(crate) fn put(&mut self, color: Color, kind: Kind, sq: Square) {
        let b = u64::bit(sq);
        self.pieces[color.index()][kind.index()] |= b;
        self.colors[color.index()] |= b;
        self.hash ^= zobrist::piece(color, kind, sq);
    }

    /// Removes a piece (no checks), its promoted marker included.
    #[inline(always)]
    pub(crate) fn remove(&mut self, color: Color, kind: Kind, sq: Square) {
        let b = u64::bit(sq);
        self.pieces[color.index()][kind.index()] &= !b;
        self.colors[color.index()] &= !b;
        self.hash ^= zobrist::piece(color, kind, sq);
        if self.promoted & b != 0 {
            self.promoted &= !b;
            self.hash ^= zobrist::promoted(sq);
        }
    }

    /// Marks the piece on `sq` as a promoted pawn.
    pub(crate) fn mark_promoted(&mut self, sq: Square) {
        self.promoted |= u64::bit(sq);
        self.hash ^= zobrist::promoted(sq);
    }

    /// Adds one piece to a hand.
    pub(crate) fn add_to_hand(&mut self, color: Color, kind: Kind) {
        let n = &mut self.hands[color.index()][kind.index()];
        *n += 1;
        self.hash ^= zobrist::hand(color, kind, *n);
    }

    /// Takes one piece from a hand.
    pub(crate) fn take_from_hand(&mut self, color: Color, kind: Kind) {
        let n = &mut self.hands[color.index()][kind.index()];
        self.hash ^= zobrist::hand(color, kind, *n);
        *n -= 1;
    }

    /// Pushes a piece on a regeneration stack.
    pub(crate) fn push_stack(&mut self, color: Color, kind: Kind) {
        let s = &mut self.stacks[color.index()];
        self.hash ^= zobrist::stack(color, s.len(), kind);
        s.push(kind);
    }

    /// Pops the top of a regeneration stack.
    pub(crate) fn pop_stack(&mut self, color: Color) -> Kind {
        let s = &mut self.stacks[color.index()];
        let k = s.pop();
        self.hash ^= zobrist::stack(color, s.len(), k);
        k
    }

    /// Sets a regeneration cooldown flag.
    pub(crate) fn set_cooldown(&mut self, color: Color, on: bool) {
        if self.cooldown[color.index()] != on {
            self.cooldown[color.index()] = on;
            self.hash ^= zobrist::cooldown(color);
        }
    }

    /// Sets `color`'s right to the King-Gold swap, keeping the hash in step: for readers of
    /// other FEN dialects that do not carry the right faithfully (a chess GUI may rewrite the
    /// castling field it is written in by its own castling rules).
    pub fn set_swap_right(&mut self, color: Color, on: bool) {
        if self.swap_right[color.index()] != on {
            self.swap_right[color.index()] = on;
            self.hash ^= zobrist::swap_right(color);
        }
    }

    /// Sets a check count.
    pub(crate) fn set_checks(&mut self, color: Color, n: u8) {
        self.hash ^= zobrist::checks(color, self.checks[color.index()]) ^ zobrist::checks(color, n);
        self.checks[color.index()] = n;
    }

    /// Sets or clears the pending roll.
    pub(crate) fn set_pending(&mut self, sq: Square) {
        if self.pending != NO_SQUARE {
            self.hash ^= zobrist::pending(self.pending);
        }
        self.pending = sq;
        if sq != NO_SQUARE {
            self.hash ^= zobrist::pending(sq);
        }
    }

    /// Hands the turn to the other side (the move number grows after Black).
    pub(crate) fn flip_side(&mut self) {
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !self.side;
        self.hash ^= zobrist::black_to_move();
    }

    /// Pieces of `by` that attack `sq` by a capture move, with the line occupied by `occ`
    /// and `by`'s pieces restricted to `alive` (to test a position after a capture without
    /// building it). Hops and swaps never attack.
    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        t: &Tables,
        sq: Square,
        by: Color,
        occ: u64,
        alive: u64,
    ) -> u64 {
        let p = &self.pieces[by.index()];
        let i = sq as usize;
        let mut a = ((p[Kind::King.index()] | p[Kind::Gold.index()]) & t.step[i])
            | (p[Kind::Pawn.index()] & t.pawn_attackers[by.index()][i])
            | (p[Kind::Dabbaba.index()] & t.dabbaba[i])
            | (p[Kind::Dove.index()] & t.dove[i]);
        if p[Kind::Router.index()] != 0 {
            a |= p[Kind::Router.index()] & t.router(sq, occ);
        }
        if p[Kind::Torch.index()] != 0 {
            a |= p[Kind::Torch.index()] & t.torch_attackers(sq, occ);
        }
        a & alive
    }

    /// Whether `sq` is attacked by `by` in this position.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_with(self.tables(), sq, by, self.occupied(), !0) != 0
    }

    /// Whether `color`'s King is attacked.
    #[inline]
    pub fn king_attacked(&self, color: Color) -> bool {
        self.is_attacked(self.king(color), !color)
    }

    /// Squares a piece of `color` and `kind` on `sq` could move to or capture on if the
    /// rest of the line were as it is (own pieces excluded; King and Gold hops included,
    /// swaps and check not considered). Used for mobility in the evaluation and for errors.
    pub fn pseudo_targets(&self, color: Color, kind: Kind, sq: Square) -> u64 {
        let t = self.tables();
        let occ = self.occupied();
        let own = self.colors[color.index()];
        let i = sq as usize;
        let reach = match kind {
            Kind::King | Kind::Gold => t.step[i] | t.hops(sq, occ),
            Kind::Router => t.router(sq, occ),
            Kind::Torch => t.torch(sq, occ),
            Kind::Dove => t.dove[i],
            Kind::Dabbaba => t.dabbaba[i],
            Kind::Pawn => t.pawn_step[color.index()][i],
        };
        reach & !own
    }
}
