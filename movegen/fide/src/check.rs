//! Whether a move gives check, told from the position before it (the search asks before
//! it plays a quiet move it may prune): the moved piece attacking the enemy king from its
//! destination, or a rook, bishop or queen of the mover's uncovered by the move.

use crate::board::Chess;
use crate::tables::tables;
use crate::types::{Kind, Move};
use escalade_core::{Bitboard, Square};

impl Chess {
    /// Whether the legal move `mv` gives check; `None` for castling and en passant, whose
    /// second piece moved or taken the search leaves to the position after them. Most
    /// moves are settled by square arithmetic: a slider's line is looked at only when the
    /// king lies on one through its destination or its origin.
    #[inline]
    pub(crate) fn move_gives_check(&self, mv: Move) -> Option<bool> {
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
        let open = |a: Square| t.between(a, king) & occupied == 0;
        let direct = match kind {
            Kind::Pawn => t.pawn_attacks(us, to).has(king),
            Kind::Knight => t.knight[to as usize].has(king),
            Kind::Bishop => diagonal(to, king) && open(to),
            Kind::Rook => straight(to, king) && open(to),
            Kind::Queen => (diagonal(to, king) || straight(to, king)) && open(to),
            Kind::King => false,
        };
        if direct {
            return Some(true);
        }
        // another slider of ours behind the origin, on a line through the king the move
        // leaves (the moved piece is counted above)
        let leaves_line = |aligned: fn(Square, Square) -> bool| {
            aligned(from, king) && !t.line(king, from).has(to)
        };
        let ours = self.color_bb(us) & !u64::bit(from);
        let queens = self.pieces(us, Kind::Queen);
        let uncovered = if leaves_line(straight) {
            t.rook_attacks(king, occupied) & (self.pieces(us, Kind::Rook) | queens) & ours
        } else if leaves_line(diagonal) {
            t.bishop_attacks(king, occupied) & (self.pieces(us, Kind::Bishop) | queens) & ours
        } else {
            0
        };
        Some(uncovered != 0)
    }
}

/// Whether two squares share a rank or a file (a square with itself included).
#[inline(always)]
fn straight(a: Square, b: Square) -> bool {
    (a ^ b) & 7 == 0 || (a ^ b) >> 3 == 0
}

/// Whether two different squares share a diagonal.
#[inline(always)]
fn diagonal(a: Square, b: Square) -> bool {
    let files = (a & 7).abs_diff(b & 7);
    let ranks = (a >> 3).abs_diff(b >> 3);
    files == ranks && files != 0
}

#[cfg(test)]
mod tests {
    use escalade_core::{splitmix64, Rules, SearchHints};

    use crate::Chess;

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
