//! Test-only reference generator: every Part 1 checked by building its position, every one
//! of the 1 + 3 x 64 Part 2 spellings checked straight from the rules, compared with the fast
//! generator on positions of random games.

use std::collections::HashSet;

use escalade_core::{Bitboard, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::moves::{Move, Part2};
use crate::position::Chutes;

fn part2_legal_by_rules(after: &Chutes, part2: Part2) -> bool {
    let us = after.side;
    let occ = after.men.occupied();
    match part2 {
        Part2::Nothing => true,
        _ if after.first_turn => false,
        Part2::Remove(fr) => after.thing_at(fr).is_some_and(|(_, owner)| owner == us),
        Part2::Ladder(fr) | Part2::Chute(fr) => {
            let chute = matches!(part2, Part2::Chute(_));
            if after.thing_at(fr).is_some()
                || after.owned_count(us, chute) >= 2
                || (occ.has(fr) && occ.has(fr + 64))
            {
                return false;
            }
            let mut p = *after;
            p.apply_part2(part2);
            p.men.kings_safe(us)
        }
    }
}

fn reference_moves(pos: &Chutes) -> HashSet<Move> {
    let mut out = HashSet::new();
    pos.legal_part1_with::<false, false, _, _>(
        |_| true,
        |m, kind| {
            let after = pos.apply_part1(m, kind);
            let mut all = vec![Part2::Nothing];
            for fr in 0..64 {
                all.extend([Part2::Ladder(fr), Part2::Chute(fr), Part2::Remove(fr)]);
            }
            for p2 in all {
                if part2_legal_by_rules(&after, p2) {
                    out.insert(m.with(p2));
                }
            }
        },
    );
    out
}

#[test]
fn fast_generator_matches_the_reference_on_random_games() {
    let mut rng = StdRng::seed_from_u64(11);
    let starts = [
        Chutes::startpos(0),
        Chutes::from_fen(0, "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12").unwrap(),
        Chutes::from_fen(0, "3qk3/8/8/1b6/8/8/3R4/r2QK2r|4k3/4r3/8/8/8/8/4B3/4K3 w - - - - 0 1").unwrap(),
    ];
    let mut moves = Vec::new();
    let mut checked = 0;
    for start in &starts {
        for _ in 0..6 {
            let mut pos = *start;
            for _ in 0..40 {
                pos.generate_moves(&mut moves);
                let fast: HashSet<Move> = moves.iter().copied().collect();
                assert_eq!(
                    fast.len(),
                    moves.len(),
                    "duplicate moves in {}",
                    pos.to_fen()
                );
                assert!(
                    fast == reference_moves(&pos),
                    "generators differ in {}",
                    pos.to_fen()
                );
                let count: u64 = {
                    let mut n = 0;
                    pos.for_each_part1(|_, after| n += after.count_part2());
                    n
                };
                assert_eq!(
                    count,
                    moves.len() as u64,
                    "count_part2 differs in {}",
                    pos.to_fen()
                );
                checked += 1;
                match moves.choose(&mut rng) {
                    Some(&m) => pos = pos.play(m),
                    None => break,
                }
            }
        }
    }
    assert!(checked > 200);
}
