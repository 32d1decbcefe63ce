//! The search-side generators (`staged.rs`) against `generate_moves` over random games:
//! quiescence's list is exactly the tactical turns, the stages are disjoint sets of legal
//! turns (stage 0 = every Part 1 alone; with a best turn, stages 0-2 hold every turn with
//! its Part 1), every legal turn is found back from its code, and passing (the search's
//! null move) keeps the hash.

use escalade_core::{MoveNotation, Rules, SearchHints};
use std::collections::HashSet;

use escalade_chutes::{Chutes, Move, Part2};
use escalade_core::SeededRng;
use rand::Rng;

const STARTS: &[&str] = &[
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R|r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq|KQkq - - - 4 5",
    "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12",
    "r5k1/pp3ppp/8/8/8/8/PP3PPP/R5K1|2r3k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - Le3,ld6,Cc4,cf5 - 0 20",
];

fn check(pos: &Chutes, rng: &mut SeededRng) {
    let mut all = Vec::new();
    pos.generate_moves(&mut all);
    let legal: HashSet<Move> = all.iter().copied().collect();

    let mut tactical = Vec::new();
    let any = pos.generate_tactical(&mut tactical);
    assert_eq!(any, !all.is_empty(), "{}", pos.to_fen());
    let expected: HashSet<Move> = all
        .iter()
        .copied()
        .filter(|&m| pos.is_tactical(m))
        .collect();
    assert_eq!(tactical.iter().copied().collect::<HashSet<_>>(), expected);
    assert_eq!(tactical.len(), expected.len(), "duplicates");

    let mut staged = Vec::new();
    pos.generate_stage(0, None, &mut staged);
    let plain: HashSet<Move> = all
        .iter()
        .copied()
        .filter(|m| m.part2() == Part2::Nothing)
        .collect();
    assert_eq!(staged.iter().copied().collect::<HashSet<_>>(), plain);
    let best = all.get(rng.gen_range(0..all.len().max(1))).copied();
    for stage in 1..Chutes::MOVE_STAGES.len() {
        pos.generate_stage(stage, best, &mut staged);
    }
    let mut seen = HashSet::new();
    for m in &staged {
        assert!(
            legal.contains(m),
            "illegal staged turn {}",
            pos.move_text(*m)
        );
        assert!(seen.insert(*m), "turn in two stages: {}", pos.move_text(*m));
    }
    if let Some(best) = best {
        for m in all.iter().filter(|m| m.first_part() == best.first_part()) {
            assert!(seen.contains(m), "missing {}", pos.move_text(*m));
        }
    }

    match pos.null_move() {
        Some(passed) => {
            assert!(!pos.in_check() && !pos.is_first_turn());
            assert_ne!(passed.side_to_move(), pos.side_to_move());
            assert_eq!(passed.hash(), passed.hash_from_scratch());
            assert_eq!(passed.en_passant(), None);
        }
        None => assert!(pos.in_check() || pos.is_first_turn()),
    }

    for &m in all.iter().step_by(7) {
        assert_eq!(pos.move_from_code(Chutes::move_code(m)), Some(m));
    }
    for _ in 0..50 {
        let code = rng.gen::<u32>() & 0x1FF_FFFF;
        if let Some(m) = pos.move_from_code(code) {
            assert!(legal.contains(&m) && Chutes::move_code(m) == code);
        }
    }
}

#[test]
fn search_generators_agree_with_generate_moves() {
    let mut rng = SeededRng::new(11);
    let mut starts: Vec<Chutes> = STARTS
        .iter()
        .map(|f| Chutes::from_fen(0, f).unwrap())
        .collect();
    starts.push(Chutes::startpos(0));
    let mut moves = Vec::new();
    for start in starts {
        for _ in 0..3 {
            let mut pos = start;
            for _ in 0..40 {
                check(&pos, &mut rng);
                if pos.rule_result().is_some() {
                    break;
                }
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                pos = pos.play(m);
            }
        }
    }
}
