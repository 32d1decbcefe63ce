//! Whether a move gives check, told from the position before it (the search asks before
//! it plays a quiet move it may prune): the moved piece attacking the enemy king from its
//! destination, or a rook, bishop or queen of the mover's uncovered by the move.

use crate::board::Chess;
use crate::tables::{tables, REACH_DIAGONAL, REACH_KNIGHT, REACH_PAWN, REACH_STRAIGHT};
use crate::types::{Kind, Move};
use escalade_core::Bitboard;

impl Chess {
    /// Whether the legal move `mv` gives check; `None` for castling and en passant, whose
    /// second piece moved or taken the search leaves to the position after them. Most
    /// moves are settled by one look-up each for the destination and the origin (`reach`:
    /// could a piece there attack the king at all?); a slider's line is looked at only when
    /// the king lies on one through its destination or its origin.
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
