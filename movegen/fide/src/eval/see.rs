//! Static exchange evaluation: what a capture wins once both sides have recaptured on the
//! target square with their least valuable pieces, sliders x-raying through the pieces
//! that moved. Pins are ignored; a king recaptures only onto an undefended square.

use crate::{Chess, Kind, Move};
use escalade_core::{Bitboard, Color};

/// Exchange values, pawn to king.
const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The value of what `mv` captures.
fn victim_value(pos: &Chess, mv: Move) -> i32 {
    if mv.is_en_passant() {
        VALUE[0]
    } else {
        pos.piece_at(mv.to()).map_or(0, |p| VALUE[p.kind.index()])
    }
}

/// What a promotion adds to the material (0 for other moves).
fn promotion_value(mv: Move) -> i32 {
    mv.promotion().map_or(0, |k| VALUE[k.index()] - VALUE[0])
}

/// Whether `mv` loses material by static exchange (a quiet move: whether the opponent
/// wins the moved piece, or more than it, on its new square).
pub fn loses_material(pos: &Chess, mv: Move) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let victim = victim_value(pos, mv);
    let promotion = promotion_value(mv);
    let mut on_square = mv
        .promotion()
        .map_or(VALUE[mover.kind.index()], |k| VALUE[k.index()]);
    // taking something worth at least the taker cannot lose by exchange
    if victim + promotion >= on_square || mover.kind == Kind::King {
        return false;
    }
    let mut occupied = pos.occupied() & !u64::bit(from);
    if mv.is_en_passant() {
        let captured = if mover.color == Color::White {
            to - 8
        } else {
            to + 8
        };
        occupied &= !u64::bit(captured);
    }
    // swap list: gain[d] is what the side to capture at depth d has won so far
    let mut gain = [0i32; 32];
    gain[0] = victim + promotion;
    let mut side = !mover.color;
    let mut depth = 0;
    loop {
        let attackers = pos.attackers_to(to, occupied) & occupied & pos.color_bb(side);
        if attackers == 0 || depth + 1 >= gain.len() {
            break;
        }
        let (kind, sq) = least_valuable(pos, attackers);
        if kind == Kind::King
            && pos.attackers_to(to, occupied & !u64::bit(sq)) & occupied & pos.color_bb(!side) != 0
        {
            break;
        }
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        on_square = VALUE[kind.index()];
        occupied &= !u64::bit(sq);
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0] < 0
}

fn least_valuable(pos: &Chess, attackers: u64) -> (Kind, u8) {
    for kind in Kind::ALL {
        let set = attackers & pos.kind_bb(kind);
        if set != 0 {
            return (kind, set.lsb());
        }
    }
    unreachable!("attackers is not empty")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};

    fn loses(fen: &str, text: &str) -> bool {
        let pos = parse_fen(fen).expect("fen");
        let mv = pos.parse_move(text).expect("legal");
        loses_material(&pos, mv)
    }

    #[test]
    fn exchanges_are_judged_by_who_recaptures() {
        // queen takes a pawn defended by a pawn: loses
        assert!(loses("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
        // rook takes an undefended pawn: wins
        assert!(!loses("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"));
        // pawn takes a knight: never loses
        assert!(!loses("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"));
        // knight takes a pawn defended once, with a rook x-raying behind the knight's target
        assert!(loses("4k3/3r4/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"));
        // rook takes a pawn defended by a rook, backed by our queen behind on the file
        assert!(!loses("3rk3/8/8/3p4/8/8/3R4/3QK3 w - - 0 1", "d2d5"));
        // the same without the queen: the rook is lost for a pawn
        assert!(loses("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"));
    }

    #[test]
    fn quiet_moves_lose_what_the_opponent_wins_on_their_square() {
        // a knight steps where a pawn takes it
        assert!(loses("4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3d5"));
        // the same square, defended by our pawn: a knight for a pawn is still a loss
        assert!(loses("4k3/8/2p5/8/4P3/4N3/8/4K3 w - - 0 1", "e3d5"));
        // a square nobody attacks
        assert!(!loses("4k3/8/8/8/8/4N3/8/4K3 w - - 0 1", "e3d5"));
        // a rook steps where a rook attacks it, defended by its king: an even trade
        assert!(!loses("3rk3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1d1"));
        // a pawn push to a square a pawn guards, defended by our pawn: an even trade
        assert!(!loses("4k3/8/8/2p5/8/3PP3/8/4K3 w - - 0 1", "d3d4"));
        // the same push undefended loses the pawn
        assert!(loses("4k3/8/8/2p5/8/3P4/8/4K3 w - - 0 1", "d3d4"));
        // castling and king steps never count as losing
        assert!(!loses("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
    }
}
