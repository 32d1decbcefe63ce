//! Legal move generation: jumps first (compulsory for the whole side), otherwise the normal
//! moves: FIDE moves onto empty squares, the main rules' double step, promotion on arrival
//! and castling, the simpler variation's promotion in place followed by a normal move, and
//! the displacement forms' optional FIDE captures.

use escalade_core::{Bitboard, Color, Rules, Square};

use crate::forms::Goal;
use crate::position::CheckerCapture;
use crate::tables::{square_at, tables, Tables, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};
use crate::types::{Kind, Move, MoveKind};

/// Squares a non-pawn piece of `kind` on `sq` reaches: empty squares and, for sliders, the
/// first occupied square of each ray; leapers and the king list all their targets.
#[inline(always)]
pub(crate) fn piece_targets(t: &Tables, kind: Kind, sq: Square, occ: u64) -> u64 {
    match kind {
        Kind::Knight => t.knight[sq as usize],
        Kind::Bishop => t.bishop(sq, occ),
        Kind::Rook => t.rook(sq, occ),
        Kind::Queen => t.bishop(sq, occ) | t.rook(sq, occ),
        Kind::King => t.king[sq as usize],
        Kind::Pawn => 0,
    }
}

impl CheckerCapture {
    /// Whether the game is already decided by the position (a king was captured, or the
    /// semi-misère pawn condition): such positions have no moves.
    #[inline]
    pub(crate) fn is_decided(&self) -> bool {
        if self.pieces(self.side, Kind::King).is_empty() {
            return true;
        }
        self.rules().goal == Goal::SemiMisere
            && (self.pieces(Color::White, Kind::Pawn).is_empty()
                || self.pieces(Color::Black, Kind::Pawn).is_empty())
    }

    /// Appends the normal (non-jump) moves, assuming no jump is available.
    pub(crate) fn generate_normal(&self, out: &mut Vec<Move>) {
        let t = tables();
        let us = self.side;
        let rules = self.rules();
        let own = self.colors[us.index()];
        let occ = self.occupied();
        let empty = !occ;
        let takeable = if rules.displacement() {
            self.colors[(!us).index()]
        } else {
            0
        };
        let last = t.last_rank(us);
        let promote_on = if rules.simple { 0 } else { last };
        let fwd = t.forward[us.index()];

        for sq in self.pieces(us, Kind::Pawn).squares() {
            if rules.simple && last.has(sq) {
                self.promote_in_place(t, sq, occ, takeable, out);
                continue;
            }
            let ahead = t.geometry.step(sq, fwd) & empty;
            if ahead.any() {
                let to = ahead.lsb();
                push_pawn(sq, to, 0, MoveKind::Quiet, promote_on, out);
                if self.unmoved.has(sq) {
                    let two = t.geometry.step(to, fwd) & empty;
                    if two.any() {
                        out.push(Move::simple(sq, two.lsb(), MoveKind::DoubleStep));
                    }
                }
            }
            if takeable != 0 {
                for d in t.pawn_captures[us.index()] {
                    for to in (t.geometry.step(sq, d) & takeable).squares() {
                        push_pawn(sq, to, u64::bit(to), MoveKind::Displace, promote_on, out);
                    }
                }
            }
        }
        for kind in [
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
            Kind::King,
        ] {
            for sq in self.pieces(us, kind).squares() {
                let targets = piece_targets(t, kind, sq, occ) & !own;
                push_targets(
                    sq,
                    targets & empty,
                    targets & takeable,
                    None,
                    MoveKind::Quiet,
                    out,
                );
            }
        }
        if !rules.simple && self.castling != 0 {
            self.generate_castling(t, occ, out);
        }
    }

    /// Simpler variation: promote in place, then one normal move with the new piece (or the
    /// promotion alone when the new piece has no normal move).
    fn promote_in_place(
        &self,
        t: &Tables,
        sq: Square,
        occ: u64,
        takeable: u64,
        out: &mut Vec<Move>,
    ) {
        let own = self.colors[self.side.index()];
        for k in Kind::PROMOTIONS {
            let targets = piece_targets(t, k, sq, occ) & !own;
            let (quiet, takes) = (targets & !occ, targets & takeable);
            if quiet.is_empty() && takes.is_empty() {
                out.push(Move {
                    captured: 0,
                    from: sq,
                    to: sq,
                    promotion: Some(k),
                    kind: MoveKind::PromoteInPlace,
                });
            } else {
                push_targets(sq, quiet, takes, Some(k), MoveKind::PromoteInPlace, out);
            }
        }
    }

    /// Castling: king and rook unmoved (the rights), the squares between empty; legal out of
    /// and through attack, illegal when the king could be captured right after (D10).
    fn generate_castling(&self, t: &Tables, occ: u64, out: &mut Vec<Move>) {
        let us = self.side;
        let (short, long, base) = match us {
            Color::White => (WHITE_SHORT, WHITE_LONG, 0u8),
            Color::Black => (BLACK_SHORT, BLACK_LONG, 56u8),
        };
        let sq = |f: u8| square_at(f, 0) + base;
        let between = |files: &[u8]| files.iter().all(|&f| !occ.has(sq(f)));
        if self.castling & short != 0 && between(&[5, 6]) {
            let mv = Move::simple(sq(4), sq(6), MoveKind::Castle);
            if self.castle_is_safe(t, mv) {
                out.push(mv);
            }
        }
        if self.castling & long != 0 && between(&[1, 2, 3]) {
            let mv = Move::simple(sq(4), sq(2), MoveKind::Castle);
            if self.castle_is_safe(t, mv) {
                out.push(mv);
            }
        }
    }

    /// Whether, after castling, the opponent could not capture the king on its next turn,
    /// ignoring jump priority. A jump can never reach the castled king (see
    /// `docs/rules/checkercapture.md`, asserted in debug builds); only displacement
    /// captures can, in the displacement forms.
    fn castle_is_safe(&self, t: &Tables, mv: Move) -> bool {
        let after = self.play(mv);
        debug_assert!(
            !after.can_jump_king(!self.side),
            "a jump reaches the castled king in {:?}",
            after
        );
        !self.rules().displacement() || !after.displacement_attacks(t, mv.to, !self.side)
    }

    /// Whether `by` could capture the piece on `sq` by a FIDE displacement move.
    pub(crate) fn displacement_attacks(&self, t: &Tables, sq: Square, by: Color) -> bool {
        let occ = self.occupied();
        let mut pawn_from = 0;
        for d in t.pawn_captures[(!by).index()] {
            pawn_from |= t.geometry.step(sq, d);
        }
        let rooks = self.pieces(by, Kind::Rook) | self.pieces(by, Kind::Queen);
        let bishops = self.pieces(by, Kind::Bishop) | self.pieces(by, Kind::Queen);
        pawn_from & self.pieces(by, Kind::Pawn) != 0
            || t.knight[sq as usize] & self.pieces(by, Kind::Knight) != 0
            || t.king[sq as usize] & self.pieces(by, Kind::King) != 0
            || t.rook(sq, occ) & rooks != 0
            || t.bishop(sq, occ) & bishops != 0
    }
}

/// A pawn move, promoting on arrival on `promote_on` (the last rank in the main rules; D9: a
/// normal move ends the turn where it lands).
#[inline(always)]
fn push_pawn(
    from: Square,
    to: Square,
    captured: u64,
    kind: MoveKind,
    promote_on: u64,
    out: &mut Vec<Move>,
) {
    if promote_on.has(to) {
        for k in Kind::PROMOTIONS {
            out.push(Move {
                captured,
                from,
                to,
                promotion: Some(k),
                kind,
            });
        }
    } else {
        out.push(Move {
            captured,
            from,
            to,
            promotion: None,
            kind,
        });
    }
}

/// Pushes one move per quiet target and per displacement target.
#[inline]
fn push_targets(
    from: Square,
    quiet: u64,
    takes: u64,
    promotion: Option<Kind>,
    kind: MoveKind,
    out: &mut Vec<Move>,
) {
    for to in quiet.squares() {
        out.push(Move {
            captured: 0,
            from,
            to,
            promotion,
            kind,
        });
    }
    let take_kind = if kind == MoveKind::Quiet {
        MoveKind::Displace
    } else {
        kind
    };
    for to in takes.squares() {
        out.push(Move {
            captured: u64::bit(to),
            from,
            to,
            promotion,
            kind: take_kind,
        });
    }
}
