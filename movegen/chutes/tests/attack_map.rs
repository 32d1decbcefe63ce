//! The evaluation's attack map agrees with the square-by-square attack test
//! (`Men::attack_map` against `Men::attacked`) on every square of positions from random games.

use escalade_chutes::Chutes;
use escalade_core::{Bitboard, Color, Rules, SeededRng};

#[test]
fn attack_map_is_attacked_on_every_square() {
    let mut rng = SeededRng::new(94);
    let mut moves = Vec::new();
    let mut checked = 0;
    for _ in 0..12 {
        let mut pos = Chutes::startpos(0);
        for _ in 0..40 {
            let men = pos.men();
            let occ = men.occupied();
            for by in Color::BOTH {
                let map = men.attack_map(by, occ);
                for sq in 0..128u8 {
                    assert_eq!(map.has(sq), men.attacked(sq, by, occ), "{}", pos.to_fen());
                }
            }
            checked += 1;
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(checked > 100, "only {checked} positions");
}
