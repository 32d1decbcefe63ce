//! Static exchange evaluation for Chutes and Ladders Chess: what a Part 1 capture wins once
//! both sides have recaptured on the target square with their least valuable men. A capture
//! square is never an entrance (entrances are empty), so the exchange stays on one board
//! and nobody is transported; Part 2 placements and pins are ignored, a King recaptures
//! only onto an undefended square.

use crate::{Chutes, Kind, Men, Move, Special};
use escalade_core::{Bitboard, Color, Square};

/// Exchange values, pawn to King.
const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Men of either side attacking `sq` (on its board) with occupancy `occ`.
fn attackers_to(men: &Men, sq: Square, occ: u128) -> u128 {
    let mut set = 0;
    for kind in Kind::ALL {
        let of_kind = men.kinds[kind.index()];
        if kind == Kind::Pawn {
            // a White pawn attacks `sq` from where a Black pawn on `sq` would attack
            set |= men.attacks_from(kind, Color::Black, sq, occ) & of_kind & men.sides[0];
            set |= men.attacks_from(kind, Color::White, sq, occ) & of_kind & men.sides[1];
        } else {
            set |= men.attacks_from(kind, Color::White, sq, occ) & of_kind;
        }
    }
    set & occ
}

/// The least valuable man of `attackers` (not empty).
fn least_valuable(men: &Men, attackers: u128) -> (Kind, Square) {
    for kind in Kind::ALL {
        let set = attackers & men.kinds[kind.index()];
        if set != 0 {
            return (kind, set.lsb());
        }
    }
    unreachable!("attackers is not empty")
}

/// Whether the capture of `mv`'s Part 1 loses material by static exchange (en passant and
/// promotions never count as losing).
pub fn loses_material(pos: &Chutes, mv: Move) -> bool {
    if mv.special() == Special::EnPassant || mv.special().promotion().is_some() {
        return false;
    }
    let men = pos.men();
    let (from, to) = (mv.from(), mv.to());
    let (Some((side, mover)), Some((_, victim))) = (men.at(from), men.at(to)) else {
        return false;
    };
    let mut on_square = VALUE[mover.index()];
    if VALUE[victim.index()] >= on_square || mover == Kind::King {
        return false;
    }
    let mut occupied = men.occupied() & !u128::bit(from);
    let mut gain = [0i32; 32];
    gain[0] = VALUE[victim.index()];
    let mut turn = !side;
    let mut depth = 0;
    loop {
        let attackers = attackers_to(men, to, occupied) & men.sides[turn.index()];
        if attackers == 0 || depth + 1 >= gain.len() {
            break;
        }
        let (kind, sq) = least_valuable(men, attackers);
        if kind == Kind::King
            && attackers_to(men, to, occupied & !u128::bit(sq)) & men.sides[(!turn).index()] != 0
        {
            break;
        }
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        on_square = VALUE[kind.index()];
        occupied &= !u128::bit(sq);
        turn = !turn;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0] < 0
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};

    fn capture(fen: &str, text: &str) -> bool {
        let pos = Chutes::from_fen(0, fen).unwrap();
        let mv = pos.parse_move(text).unwrap();
        loses_material(&pos, mv)
    }

    #[test]
    fn defended_pawn_taken_by_the_queen_loses() {
        // 1e5 is defended by the pawn on 1d6; the queen on 1e2 takes it.
        let fen = "4k3/8/8/8/8/8/8/4K3|4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - - - 0 1";
        assert!(capture(fen, "Q1e2x1e5/"));
    }

    #[test]
    fn defence_on_the_other_board_does_not_count() {
        // the defender stands on 0d6: attacks never cross boards
        let fen = "4k3/8/3p4/8/8/8/8/4K3|4k3/8/8/4p3/8/8/4Q3/4K3 w - - - - 0 1";
        assert!(!capture(fen, "Q1e2x1e5/"));
    }

    #[test]
    fn equal_trades_and_undefended_men_do_not_lose() {
        let fen = "4k3/8/8/8/8/8/8/4K3|4k3/8/3p4/4n3/8/5N2/8/4K3 w - - - - 0 1";
        assert!(!capture(fen, "N1f3x1e5/"));
    }
}
