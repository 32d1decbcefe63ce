//! Part 1 of a turn: generating every legal chess move on either board (with transport by
//! chutes and ladders, Rule 11, Rule 6 for Kings, castling per board, en passant on its own
//! board, promotion then transport) and applying one.

use std::cell::Cell;

use escalade_core::{Bitboard, Color, Square};

use crate::men::{Kind, Men};
use crate::moves::{Move, Special};
use crate::position::{castle_bit, castle_keep_mask, Chutes, KING_SIDE, QUEEN_SIDE};
use crate::square::{file_of, rank_of, square, NO_SQUARE};
use crate::tables::{BISHOP_DIRS, ROOK_DIRS, TABLES};

impl Chutes {
    /// Calls `f(part1, after)` for every legal Part 1, where `after` is the position after
    /// it with the mover still to complete the turn (Part 2 not yet made).
    pub(crate) fn for_each_part1<F: FnMut(Move, &Chutes)>(&self, mut f: F) {
        self.for_each_legal_part1(|m, kind| f(m, &self.apply_part1(m, kind)));
    }

    /// The mover's pin lines in `after`, the position after a Part 1 of a `kind` man:
    /// `before`'s (this position's) still cover them unless a King moved.
    #[inline]
    pub(crate) fn pin_lines_after(&self, after: &Self, kind: Kind, before: u128) -> u128 {
        if kind == Kind::King {
            after.pin_lines(self.side)
        } else {
            before
        }
    }

    /// Squares on a line from one of `side`'s Kings towards an enemy slider that rides that
    /// line: only a man leaving such a square can expose a King.
    pub(crate) fn pin_lines(&self, side: Color) -> u128 {
        let t = &*TABLES;
        let them = !side;
        let queens = self.men.of(them, Kind::Queen);
        let rq = self.men.of(them, Kind::Rook) | queens;
        let bq = self.men.of(them, Kind::Bishop) | queens;
        let mut lines = 0;
        for king in self.men.of(side, Kind::King).squares() {
            for d in ROOK_DIRS {
                let ray = t.geo.ray(king, d);
                if ray & rq != 0 {
                    lines |= ray;
                }
            }
            for d in BISHOP_DIRS {
                let ray = t.geo.ray(king, d);
                if ray & bq != 0 {
                    lines |= ray;
                }
            }
        }
        lines
    }

    /// Calls `f(part1, moving kind)` for every legal Part 1 (the chess move alone, no Part 2s
    /// after it). The position after it is built only when King safety is in doubt (a King
    /// moves, the side is in check, en passant, castling, or the man leaves a line between a
    /// King and an enemy slider).
    pub fn for_each_legal_part1<F: FnMut(Move, Kind)>(&self, f: F) {
        self.legal_part1_with::<true, false, _, F>(|_| true, f);
    }

    /// Calls `f(part1, moving kind)` for every legal Part 1 that captures or promotes (en
    /// passant included), in the order [`for_each_legal_part1`](Self::for_each_legal_part1)
    /// lists them; the quiet ones are not even generated.
    pub(crate) fn for_each_tactical_part1<F: FnMut(Move, Kind)>(&self, f: F) {
        self.legal_part1_with::<true, true, _, F>(|_| true, f);
    }

    /// Whether the side to move has a legal Part 1 (any legal turn at all): King safety is
    /// tested until one is found, the rest only generated.
    pub(crate) fn has_legal_part1(&self) -> bool {
        let found = Cell::new(false);
        self.legal_part1_with::<true, false, _, _>(|_| !found.get(), |_, _| found.set(true));
        found.get()
    }

    /// The legal Part 1 moves `wanted` accepts (asked before King safety is tested, so the
    /// others cost no test), with the King-line shortcut (`SHORTCUT`) or, for cross-checks,
    /// building every position to test King safety; with `TACTICAL`, only captures and
    /// promotions are generated.
    pub(crate) fn legal_part1_with<
        const SHORTCUT: bool,
        const TACTICAL: bool,
        W: FnMut(Move) -> bool,
        F: FnMut(Move, Kind),
    >(
        &self,
        mut wanted: W,
        mut f: F,
    ) {
        let t = &*TABLES;
        let us = self.side;
        let them = !us;
        let occ = self.men.occupied();
        let own = self.men.sides[us.index()];
        let enemy = self.men.sides[them.index()];
        let targets = if TACTICAL { enemy } else { !own };
        let entrances = self.entrances();
        let in_check = self.king_attacked(us);
        let pin_lines = self.pin_lines(us);
        let mut try_move = |from: Square, to: Square, kind: Kind, special: Special| {
            // Rule 11: the exit of an entrance stepped on must be free.
            if entrances.has(to) && occ.has(to ^ 64) {
                return;
            }
            let m = Move::part1(from, to, special);
            if !wanted(m) {
                return;
            }
            // A man that is not a King, leaving a square on no King's line, cannot expose a
            // King; it lands on its board or on the other (where it can only block), and a
            // capture never happens on an entrance.
            let surely_safe = SHORTCUT
                && !in_check
                && kind != Kind::King
                && special != Special::EnPassant
                && !pin_lines.has(from);
            if surely_safe || self.men_after_part1(m, kind).kings_safe(us) {
                f(m, kind);
            }
        };

        self.pawn_moves_part1::<TACTICAL>(occ, enemy, &mut try_move);
        for from in self.men.of(us, Kind::Knight).squares() {
            for to in (t.knight[from as usize] & targets).squares() {
                try_move(from, to, Kind::Knight, Special::Normal);
            }
        }
        for from in self.men.of(us, Kind::Bishop).squares() {
            for to in (t.bishop(from, occ) & targets).squares() {
                try_move(from, to, Kind::Bishop, Special::Normal);
            }
        }
        for from in self.men.of(us, Kind::Rook).squares() {
            for to in (t.rook(from, occ) & targets).squares() {
                try_move(from, to, Kind::Rook, Special::Normal);
            }
        }
        for from in self.men.of(us, Kind::Queen).squares() {
            for to in ((t.rook(from, occ) | t.bishop(from, occ)) & targets).squares() {
                try_move(from, to, Kind::Queen, Special::Normal);
            }
        }
        for from in self.men.of(us, Kind::King).squares() {
            for to in (t.king[from as usize] & targets).squares() {
                // Rule 6: a King may not step onto an attacked entrance.
                if entrances.has(to) && self.men.attacked(to, them, occ ^ u128::bit(from)) {
                    continue;
                }
                try_move(from, to, Kind::King, Special::Normal);
            }
        }
        if !TACTICAL && self.castling != 0 {
            for board in 0..2u8 {
                for wing in [KING_SIDE, QUEEN_SIDE] {
                    if let Some(to) = self.castling_target(board, wing) {
                        try_move(to.0, to.1, Kind::King, Special::Castle);
                    }
                }
            }
        }
    }

    /// The side to move's pawn moves (steps, double steps, captures, promotions, en
    /// passant), each handed to `try_move(from, to, kind, special)`; with `TACTICAL`, no
    /// step that does not promote.
    #[inline]
    fn pawn_moves_part1<const TACTICAL: bool>(
        &self,
        occ: u128,
        enemy: u128,
        try_move: &mut impl FnMut(Square, Square, Kind, Special),
    ) {
        let t = &*TABLES;
        let us = self.side;
        let them = !us;
        let (forward, start_rank, last_rank): (i16, u8, u8) = if us == Color::White {
            (8, 1, 7)
        } else {
            (-8, 6, 0)
        };
        for from in self.men.of(us, Kind::Pawn).squares() {
            let one = (from as i16 + forward) as Square;
            if !occ.has(one) {
                if rank_of(one) == last_rank {
                    for sp in Special::PROMOTIONS {
                        try_move(from, one, Kind::Pawn, sp);
                    }
                } else if !TACTICAL {
                    try_move(from, one, Kind::Pawn, Special::Normal);
                    let two = (one as i16 + forward) as Square;
                    if rank_of(from) == start_rank && !occ.has(two) {
                        try_move(from, two, Kind::Pawn, Special::DoubleStep);
                    }
                }
            }
            for to in (t.pawn(us, from) & enemy).squares() {
                if rank_of(to) == last_rank {
                    for sp in Special::PROMOTIONS {
                        try_move(from, to, Kind::Pawn, sp);
                    }
                } else {
                    try_move(from, to, Kind::Pawn, Special::Normal);
                }
            }
        }
        if self.ep_target != NO_SQUARE && !occ.has(self.ep_target) {
            for from in (t.pawn(them, self.ep_target) & self.men.of(us, Kind::Pawn)).squares() {
                try_move(from, self.ep_target, Kind::Pawn, Special::EnPassant);
            }
        }
    }

    /// The King's (from, to) if `side to move` may castle on `board` and `wing` as far as
    /// the castling conditions go (the whole-move King safety is checked by the caller).
    fn castling_target(&self, board: u8, wing: u8) -> Option<(Square, Square)> {
        let us = self.side;
        if self.castling & castle_bit(board, us, wing) == 0 {
            return None;
        }
        let rank = if us == Color::White { 0 } else { 7 };
        let king = square(board, 4, rank);
        let (rook, between, cross, dest, rook_dest) = if wing == KING_SIDE {
            (square(board, 7, rank), &[5u8, 6][..], 5, 6, 5)
        } else {
            (square(board, 0, rank), &[1u8, 2, 3][..], 3, 2, 3)
        };
        if !self.men.of(us, Kind::King).has(king) || !self.men.of(us, Kind::Rook).has(rook) {
            return None;
        }
        let occ = self.men.occupied();
        if between.iter().any(|&f| occ.has(square(board, f, rank))) {
            return None;
        }
        let entrances = self.entrances();
        let (dest, rook_dest) = (square(board, dest, rank), square(board, rook_dest, rank));
        // Rule 11 for both destinations (A16: castling onto an entrance is a normal stop).
        if (entrances.has(dest) && occ.has(dest ^ 64))
            || (entrances.has(rook_dest) && occ.has(rook_dest ^ 64))
        {
            return None;
        }
        let them = !us;
        let safe = |sq: Square| !self.men.attacked(sq, them, occ);
        (safe(king) && safe(square(board, cross, rank)) && safe(dest)).then_some((king, dest))
    }

    /// What Part 1 `m` by a man of `kind` moves: the rules of a chess move here (capture,
    /// en passant, promotion, castling, transport on stepping onto an entrance), read by
    /// both [`apply_part1`](Self::apply_part1) and [`men_after_part1`](Self::men_after_part1).
    #[inline(always)]
    fn part1_changes(&self, m: Move, kind: Kind) -> Part1Changes {
        let (from, to, special) = (m.from(), m.to(), m.special());
        let victim = if special == Special::EnPassant {
            Some((self.ep_victim, Kind::Pawn))
        } else if self.men.sides[(!self.side).index()].has(to) {
            self.men.at(to).map(|(_, victim)| (to, victim))
        } else {
            None
        };
        let rook = (special == Special::Castle).then(|| {
            let (rank, board) = (rank_of(from), from >> 6);
            let (rook_from, rook_to) = if file_of(to) == 6 {
                (square(board, 7, rank), square(board, 5, rank))
            } else {
                (square(board, 0, rank), square(board, 3, rank))
            };
            (rook_from, self.landing(rook_to))
        });
        Part1Changes {
            victim,
            from,
            landing: self.landing(to),
            placed: special.promotion().unwrap_or(kind),
            rook,
        }
    }

    /// The men after Part 1 `m` by a man of `kind`, and nothing else (no hash, rights or
    /// counters): what a test of King safety needs.
    #[inline]
    pub(crate) fn men_after_part1(&self, m: Move, kind: Kind) -> Men {
        let c = self.part1_changes(m, kind);
        let (us, mut men) = (self.side, self.men);
        if let Some((sq, victim)) = c.victim {
            men.take(sq, !us, victim);
        }
        men.take(c.from, us, kind);
        men.put(c.landing, us, c.placed);
        if let Some((rook_from, rook_landing)) = c.rook {
            men.take(rook_from, us, Kind::Rook);
            men.put(rook_landing, us, Kind::Rook);
        }
        men
    }

    /// The position after Part 1 `m` made by a man of `kind`; the side to move is unchanged
    /// (the turn is finished by Part 2 and [`Chutes::finish_turn`]).
    pub(crate) fn apply_part1(&self, m: Move, kind: Kind) -> Chutes {
        let c = self.part1_changes(m, kind);
        let mut p = *self;
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        p.set_en_passant(NO_SQUARE, NO_SQUARE);
        p.halfmove += 1;
        let mut rights = self.castling & castle_keep_mask(from) & castle_keep_mask(to);
        if let Some((sq, victim)) = c.victim {
            p.take(sq, !us, victim);
        }
        if kind == Kind::Pawn || c.victim.is_some() {
            p.halfmove = 0;
        }
        p.take(from, us, kind);
        p.put(c.landing, us, c.placed);
        if let Some((rook_from, rook_landing)) = c.rook {
            p.take(rook_from, us, Kind::Rook);
            p.put(rook_landing, us, Kind::Rook);
            rights &= castle_keep_mask(rook_from);
        }
        if m.special() == Special::DoubleStep {
            p.set_en_passant(((from as u16 + to as u16) / 2) as Square, c.landing);
        }
        p.set_castling(rights);
        p
    }
}

/// The men a Part 1 moves ([`Chutes::part1_changes`]).
struct Part1Changes {
    /// The man captured and where he stood.
    victim: Option<(Square, Kind)>,
    /// Where the mover stood.
    from: Square,
    /// Where the mover ends (the exit if he stepped onto an entrance).
    landing: Square,
    /// What he is there (a promoted pawn's new kind).
    placed: Kind,
    /// Castling: the Rook's square and where it ends.
    rook: Option<(Square, Square)>,
}
