//! Legal move generation: pseudo-legal moves per piece from the graph tables, each kept only
//! if it leaves the mover's king unattacked (checked on the changed occupancy, without
//! making the move). A piece off every line through its king, moved while not in check,
//! needs no test.

use escalade_core::{Bitboard, Color, Square};

use crate::board::{crab_start_rank, promotion_rank, DIAGONAL, ORTHOGONAL};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::{
    Escalator, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, FORM_ALMOST, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};

/// Squares of the castling moves of one side: (right, king from, king to, rook from,
/// rook to, squares that must be empty, squares the king must not be attacked on).
struct Castle {
    right: u8,
    kind: MoveKind,
    king_from: Square,
    king_to: Square,
    empty: u64,
    safe: [Square; 3],
}

const fn castles(side: Color) -> [Castle; 2] {
    let (base, ks, qs) = match side {
        Color::White => (0u8, WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
        Color::Black => (52u8, BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
    };
    [
        Castle {
            right: ks,
            kind: MoveKind::CastleKing,
            king_from: base + 4,
            king_to: base + 6,
            empty: 0b0110_0000 << base,
            safe: [base + 4, base + 5, base + 6],
        },
        Castle {
            right: qs,
            kind: MoveKind::CastleQueen,
            king_from: base + 4,
            king_to: base + 2,
            empty: 0b0000_1110 << base,
            safe: [base + 4, base + 3, base + 2],
        },
    ]
}

const CASTLES: [[Castle; 2]; 2] = [castles(Color::White), castles(Color::Black)];

/// The rook squares of castling: (king-side rook from, to), (queen-side rook from, to).
pub(crate) const fn castle_rook(side: Color, kind: MoveKind) -> (Square, Square) {
    let base = match side {
        Color::White => 0,
        Color::Black => 52,
    };
    match kind {
        MoveKind::CastleKing => (base + 7, base + 5),
        _ => (base, base + 3),
    }
}

/// Per-node facts the legality filter needs.
pub(crate) struct Filter {
    king: Square,
    them: Color,
    in_check: bool,
    lines: u64,
}

impl Filter {
    /// The facts of `pos`: the king of the side to move, whether it is in check, the lines
    /// through it.
    pub(crate) fn new(pos: &Escalator) -> Filter {
        let them = !pos.side;
        let king = pos.king_square(pos.side);
        Filter {
            king,
            them,
            in_check: pos.attackers(king, them) != 0,
            lines: Escalator::board().queen_rays[king as usize],
        }
    }
}

impl Escalator {
    /// Whether a non-king move leaves the king safe.
    #[inline]
    fn keeps_king_safe(&self, f: &Filter, mv: Move) -> bool {
        if !f.in_check && mv.kind != MoveKind::EnPassant && !f.lines.has(mv.from) {
            return true;
        }
        let mut occ = self.occupied() & !u64::bit(mv.from) | u64::bit(mv.to);
        let mut alive = !u64::bit(mv.to);
        if mv.kind == MoveKind::EnPassant {
            occ &= !u64::bit(self.ep_victim);
            alive &= !u64::bit(self.ep_victim);
        }
        self.attackers_with(f.king, f.them, occ, alive) == 0
    }

    #[inline]
    fn push_checked(&self, f: &Filter, mv: Move, out: &mut Vec<Move>) {
        if self.keeps_king_safe(f, mv) {
            out.push(mv);
        }
    }

    /// Pushes one crab move, or its four promotions when it reaches the last rank.
    #[inline]
    fn push_crab(&self, f: &Filter, mv: Move, out: &mut Vec<Move>) {
        if !promotion_rank(self.side).has(mv.to) {
            self.push_checked(f, mv, out);
        } else if self.keeps_king_safe(f, mv) {
            let top = if self.form as usize == FORM_ALMOST {
                Kind::Chancellor
            } else {
                Kind::Queen
            };
            for kind in [top, Kind::Rook, Kind::Bishop, Kind::Knight] {
                out.push(Move {
                    promotion: Some(kind),
                    ..mv
                });
            }
        }
    }

    pub(crate) fn crab_moves(&self, f: &Filter, out: &mut Vec<Move>) {
        let b = Self::board();
        let us = self.side;
        let c = us.index();
        let occ = self.occupied();
        let enemy = self.side_pieces(!us);
        let crabs = self.pieces(us, Kind::Crab);
        for from in crabs.squares() {
            let i = from as usize;
            let quiet = (b.crab_push[c][i] | b.crab_diag[c][i]) & !occ;
            for to in quiet.squares() {
                self.push_crab(f, Move::new(from, to, MoveKind::Quiet), out);
            }
            for to in (b.crab_diag[c][i] & enemy).squares() {
                self.push_crab(f, Move::new(from, to, MoveKind::Capture), out);
            }
            if crab_start_rank(us).has(from) {
                for via in (b.crab_push[c][i] & !occ).squares() {
                    for to in (b.crab_push[c][via as usize] & !occ).squares() {
                        self.push_checked(f, Move::new(from, to, MoveKind::DoubleStep), out);
                    }
                }
            }
        }
        if self.ep_target != crate::position::NO_SQUARE {
            let takers = b.crab_diag[(!us).index()][self.ep_target as usize] & crabs;
            for from in takers.squares() {
                self.push_checked(f, Move::new(from, self.ep_target, MoveKind::EnPassant), out);
            }
        }
    }

    pub(crate) fn piece_moves(&self, f: &Filter, out: &mut Vec<Move>) {
        let b = Self::board();
        let us = self.side;
        let own = self.side_pieces(us);
        let occ = self.occupied();
        let knights = self.knight_table();
        let leapers = self.pieces(us, Kind::Knight) | self.pieces(us, Kind::Chancellor);
        let straight = self.pieces(us, Kind::Rook)
            | self.pieces(us, Kind::Queen)
            | self.pieces(us, Kind::Chancellor);
        let slanted = self.pieces(us, Kind::Bishop) | self.pieces(us, Kind::Queen);
        for from in (leapers | straight | slanted).squares() {
            let bit = u64::bit(from);
            let mut targets = 0;
            if leapers & bit != 0 {
                targets |= knights[from as usize];
            }
            if straight & bit != 0 {
                targets |= b.geo.slide_all(from, &ORTHOGONAL, occ);
            }
            if slanted & bit != 0 {
                targets |= b.geo.slide_all(from, &DIAGONAL, occ);
            }
            self.push_targets(f, from, targets & !own, out);
        }
    }

    #[inline]
    fn push_targets(&self, f: &Filter, from: Square, targets: u64, out: &mut Vec<Move>) {
        let enemy = self.side_pieces(!self.side);
        for to in targets.squares() {
            let kind = if enemy.has(to) {
                MoveKind::Capture
            } else {
                MoveKind::Quiet
            };
            self.push_checked(f, Move::new(from, to, kind), out);
        }
    }

    pub(crate) fn king_moves(&self, f: &Filter, out: &mut Vec<Move>) {
        let b = Self::board();
        let us = self.side;
        let from = f.king;
        let enemy = self.side_pieces(f.them);
        let occ_without_king = self.occupied() & !u64::bit(from);
        for to in (b.king[from as usize] & !self.side_pieces(us)).squares() {
            if self.attackers_with(to, f.them, occ_without_king, !u64::bit(to)) == 0 {
                let kind = if enemy.has(to) {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                out.push(Move::new(from, to, kind));
            }
        }
        if f.in_check {
            return;
        }
        let occ = self.occupied();
        for castle in &CASTLES[us.index()] {
            if self.castling & castle.right != 0
                && castle.king_from == from
                && occ & castle.empty == 0
                && castle.safe.iter().all(|&s| self.attackers(s, f.them) == 0)
            {
                out.push(Move::new(from, castle.king_to, castle.kind));
            }
        }
    }
}
