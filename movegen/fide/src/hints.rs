//! What the search may ask of FIDE chess beyond its rules ([`SearchHints`]): move codes and
//! history keys, which moves are tactical and what they win, the null move, and three
//! answers given without listing every move:
//!
//! * **Quiescence's moves** (`generate_tactical`): captures (en passant included) and
//!   promotions, in the order the full generator lists them, without storing the quiet
//!   moves around them.
//! * **A table move by its code** (`move_from_code`), asked at nodes the table cuts off,
//!   where a full generation would cost more than the look-up is worth: the code is checked
//!   as the piece on its origin would make it (geometry, occupancy, promotion rank), then
//!   played to see whether the mover's king is left attacked. Castling and en passant, rare
//!   and with more conditions, are looked up among the generated moves.
//! * **Whether a move gives check** (`gives_check`), told from the position before it (the
//!   search asks before it plays a quiet move it may prune): the moved piece attacking the
//!   enemy king from its destination, or a rook, bishop or queen of the mover's uncovered by
//!   the move.

use escalade_core::{Bitboard, Color, Rules, SearchHints, Square};

use crate::attacks;
use crate::board::Chess;
use crate::movegen::{generate, Sink};
use crate::tables::{tables, REACH_DIAGONAL, REACH_KNIGHT, REACH_PAWN, REACH_STRAIGHT};
use crate::types::{Flag, Kind, Move};

/// Victim values for move ordering (pawn .. king).
const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Keeps the tactical moves of a generation and notes whether there was any move at all.
struct Tactical<'a> {
    out: &'a mut Vec<Move>,
    /// The opponent's pieces: a move to one of them is a capture.
    enemy: u64,
    any: bool,
}

impl Sink for Tactical<'_> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.any = true;
        if self.enemy.has(mv.to()) || mv.is_en_passant() || mv.promotion().is_some() {
            self.out.push(mv);
        }
    }
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: u64) {
        self.any |= targets != 0;
        for to in (targets & self.enemy).squares() {
            self.out.push(Move::new(from, to, Flag::Normal));
        }
    }
    #[inline(always)]
    fn pawn_targets(&mut self, targets: u64, delta: i8) {
        self.any |= targets != 0;
        for to in (targets & self.enemy).squares() {
            self.out
                .push(Move::new((to as i8 - delta) as Square, to, Flag::Normal));
        }
    }
}

impl SearchHints for Chess {
    fn move_code(mv: Move) -> u32 {
        mv.0 as u32
    }

    /// The moving piece (colour and kind) and its destination: below 768.
    fn history_key(&self, mv: Move) -> u32 {
        let piece = self
            .piece_at(mv.from())
            .map_or(0, |p| p.color.index() * 6 + p.kind.index());
        (piece * 64 + mv.to() as usize) as u32
    }

    fn is_tactical(&self, mv: Move) -> bool {
        self.piece_at(mv.to()).is_some() || mv.is_en_passant() || mv.promotion().is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let victim = match self.piece_at(mv.to()) {
            Some(p) => ORDER_VALUE[p.kind.index()],
            None if mv.is_en_passant() => ORDER_VALUE[0],
            None => 0,
        };
        let promo = mv
            .promotion()
            .map_or(0, |k| ORDER_VALUE[k.index()] - ORDER_VALUE[0]);
        if victim == 0 && promo == 0 {
            return 0;
        }
        let attacker = self
            .piece_at(mv.from())
            .map_or(0, |p| p.kind.index() as i32);
        victim * 8 + promo - attacker
    }

    /// The legal captures and promotions, in generation order; whether the position has
    /// any legal move.
    #[inline]
    fn generate_tactical(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        let enemy = self.color_bb(!self.side());
        let mut sink = Tactical {
            out,
            enemy,
            any: false,
        };
        generate(self, &mut sink);
        sink.any
    }

    /// One move checked by its shape and the king's safety after it.
    fn move_from_code(&self, code: u32) -> Option<Move> {
        let mv = Move(u16::try_from(code).ok()?);
        let piece = self.piece_at(mv.from())?;
        if mv.flag_bits() > Flag::PromoteQueen as u16
            || piece.color != self.side
            || self.color_bb(self.side).has(mv.to())
        {
            return None;
        }
        if mv.is_castle() || mv.is_en_passant() {
            return self.generated(mv);
        }
        let shaped = match piece.kind {
            Kind::Pawn => self.pawn_move_shaped(mv),
            kind => mv.flag_bits() == Flag::Normal as u16 && self.reaches(kind, mv),
        };
        if !shaped {
            return None;
        }
        let after = self.play(mv);
        let king = after.king_square(self.side);
        (!after.attacked_by(king, !self.side)).then_some(mv)
    }

    /// `None` for castling and en passant, whose second piece moved or taken the search
    /// leaves to the position after them. Most moves are settled by one look-up each for
    /// the destination and the origin (`reach`: could a piece there attack the king at
    /// all?); a slider's line is looked at only when the king lies on one through its
    /// destination or its origin.
    #[inline]
    fn gives_check(&self, mv: Move) -> Option<bool> {
        if mv.is_castle() || mv.is_en_passant() {
            return None;
        }
        let us = self.side();
        let t = tables();
        let (from, to) = (mv.from(), mv.to());
        let king = self.king_square(!us);
        let occupied = (self.occupied() & !u64::bit(from)) | u64::bit(to);
        let kind = match mv.promotion() {
            Some(kind) => kind,
            None => self.piece_at(from)?.kind,
        };
        let reach = t.reach(to, king) & attack_kinds(kind, us.index());
        if reach != 0 && (reach & LINES == 0 || t.between(to, king) & occupied == 0) {
            return Some(true);
        }
        // another slider of ours behind the origin, on a line through the king the move
        // leaves (the moved piece is counted above)
        let line = t.reach(from, king) & LINES;
        if line == 0 || t.line(king, from).has(to) {
            return Some(false);
        }
        let ours = self.color_bb(us) & !u64::bit(from);
        let queens = self.pieces(us, Kind::Queen);
        let uncovered = if line == REACH_STRAIGHT {
            t.rook_attacks(king, occupied) & (self.pieces(us, Kind::Rook) | queens)
        } else {
            t.bishop_attacks(king, occupied) & (self.pieces(us, Kind::Bishop) | queens)
        };
        Some(uncovered & ours != 0)
    }

    fn null_move(&self) -> Option<Self> {
        (!self.in_check()).then(|| self.make_null())
    }
}

impl Chess {
    /// `mv` among the generated legal moves.
    fn generated(&self, mv: Move) -> Option<Move> {
        let mut moves = Vec::new();
        generate(self, &mut moves);
        moves.into_iter().find(|&m| m == mv)
    }

    /// Whether a piece of `kind` (not a pawn) on `mv`'s origin attacks its destination.
    fn reaches(&self, kind: Kind, mv: Move) -> bool {
        attacks::piece(kind, mv.from(), self.occupied()).has(mv.to())
    }

    /// Whether the pawn on `mv`'s origin makes `mv` (a push, a double push from its
    /// first rank, or a capture), promoting exactly when it reaches the last rank.
    fn pawn_move_shaped(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let white = self.side == Color::White;
        let step = |sq: Square| {
            if white {
                sq.checked_add(8)
            } else {
                sq.checked_sub(8)
            }
        };
        let last_rank = to / 8 == if white { 7 } else { 0 };
        if mv.promotion().is_some() != last_rank {
            return false;
        }
        let empty = |sq: Square| !self.occupied().has(sq);
        let enemy = self.color_bb(!self.side);
        if mv.flag_bits() == Flag::DoublePush as u16 {
            let first_rank = from / 8 == if white { 1 } else { 6 };
            let over = step(from);
            return first_rank
                && over.is_some_and(empty)
                && over.and_then(step) == Some(to)
                && empty(to);
        }
        let capture = tables().pawn_attacks(self.side, from).has(to) && enemy.has(to);
        capture || (step(from) == Some(to) && empty(to))
    }
}

/// The `reach` bits of slider lines.
const LINES: u8 = REACH_STRAIGHT | REACH_DIAGONAL;

/// The `reach` bits along which a piece of `kind` and colour `color` (0 White) attacks.
#[inline(always)]
fn attack_kinds(kind: Kind, color: usize) -> u8 {
    const SLIDERS_AND_KNIGHT: [u8; 6] = [
        0,
        REACH_KNIGHT,
        REACH_DIAGONAL,
        REACH_STRAIGHT,
        REACH_DIAGONAL | REACH_STRAIGHT,
        0,
    ];
    const BY_COLOR_AND_KIND: [[u8; 6]; 2] = {
        let mut table = [SLIDERS_AND_KNIGHT; 2];
        table[0][0] = REACH_PAWN;
        table[1][0] = REACH_PAWN << 1;
        table
    };
    BY_COLOR_AND_KIND[color][kind.index()]
}

#[cfg(test)]
mod tests {
    use escalade_core::{splitmix64, Rules, SearchHints};

    use crate::Chess;

    /// Along random games: the tactical moves are the full list's, in its order, and the
    /// answer to "any move at all" is the full list's.
    #[test]
    fn tactical_moves_are_the_full_lists_captures_and_promotions_in_order() {
        let fens = [
            "4k3/1P6/8/8/1B6/2N5/8/R3K2r w Q - 0 1",
            "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
            "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ];
        let mut seed = 11;
        let mut checked = 0;
        for fen in fens {
            let start = Chess::from_fen(0, fen).unwrap();
            for _game in 0..40 {
                let mut pos = start;
                for _ply in 0..120 {
                    let (mut all, mut tactical) = (Vec::new(), vec![Default::default(); 3]);
                    pos.generate_moves(&mut all);
                    let any = pos.generate_tactical(&mut tactical);
                    let expected: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|&m| pos.is_tactical(m))
                        .collect();
                    assert_eq!(tactical, expected, "{}", pos.to_fen());
                    assert_eq!(any, !all.is_empty(), "{}", pos.to_fen());
                    checked += 1;
                    if all.is_empty() {
                        break;
                    }
                    seed = splitmix64(seed);
                    pos = pos.play(all[(seed % all.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// Every legal move along random games, and of positions chosen for discovered checks,
    /// promotions and pins: told before the move as the position after it says.
    #[test]
    fn the_check_told_before_a_move_is_the_check_after_it() {
        let fens = [
            // a bishop behind a knight, a rook behind a pawn, promotions with and without check
            "4k3/1P6/8/8/1B6/2N5/8/R3K2r w Q - 0 1",
            "3k4/8/3P4/8/8/8/3R4/4K3 w - - 0 1",
            "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/1k6/8/1N6/8/1R2K3 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
        ];
        let mut seed = 7;
        let mut told = 0;
        let mut starts: Vec<Chess> = fens
            .iter()
            .map(|f| Chess::from_fen(0, f).unwrap())
            .collect();
        starts.push(Chess::startpos(0));
        for start in starts {
            for _game in 0..40 {
                let mut pos = start;
                for _ply in 0..120 {
                    let mut moves = Vec::new();
                    pos.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    for &m in &moves {
                        if let Some(check) = pos.gives_check(m) {
                            assert_eq!(check, pos.play(m).in_check(), "{} {m:?}", pos.to_fen());
                            told += 1;
                        }
                    }
                    seed = splitmix64(seed);
                    pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(told > 100_000, "{told}");
    }
}
