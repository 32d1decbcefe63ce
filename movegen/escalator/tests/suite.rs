//! The core's generic test suite on every form and on hand-picked positions, and the
//! game-end rules of section 5 (mate, stalemate, 50-move rule, repetition, insufficient
//! material).

use escalade_core::{testsuite, Color, Game, GameResult};
use escalade_core::{MoveNotation, Rules};
use escalade_escalator::{Escalator, FORM_STANDARD};

const EXTRA: &[&str] = &[
    "7k/1c6/8/C5/6/8/8/7K b - - 0 1",
    "7k/8/8/6/1c4/8/1C6/7K w - - 0 1",
    "r3k2r/cc1c1ccc/2n2n2/b2q2/6/2N2N2/CCC1CCCC/R1BQK2R w KQkq - 4 6",
    "4k3/1C4c1/8/2ab2/2BA2/8/1c4C1/4K3 w - - 0 1",
];

#[test]
fn generic_suite() {
    testsuite::run_suite::<Escalator>(EXTRA, 8, 160);
}

#[test]
fn generic_suite_noleap_and_almost_extra() {
    for form in [1, 2] {
        for fen in EXTRA {
            let p = Escalator::from_fen(form, fen).unwrap();
            testsuite::random_playouts(&p, 2, 120, 11 + form as u64);
        }
    }
}

fn pos(fen: &str) -> Escalator {
    Escalator::from_fen(FORM_STANDARD, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn mate_and_stalemate() {
    // Black king h8 boxed by the White king on f7 and a rook giving check on the h-file
    let mate = pos("7k/5K2/8/6/6/8/8/7R b - - 0 1");
    let mut moves = Vec::new();
    mate.generate_moves(&mut moves);
    assert!(moves.is_empty() && mate.in_check());
    assert_eq!(
        mate.no_move_result(),
        GameResult::Win(Color::White, "White mates")
    );
    let stalemate = pos("7k/5K2/6Q1/6/6/8/8/8 b - - 0 1");
    stalemate.generate_moves(&mut moves);
    assert!(moves.is_empty() && !stalemate.in_check());
    assert_eq!(
        stalemate.no_move_result(),
        GameResult::Draw("Draw by stalemate")
    );
}

#[test]
fn fifty_move_rule() {
    let p = pos("7k/8/8/6/6/8/8/R6K w - - 99 80");
    assert_eq!(p.rule_result(), None);
    let next = p.play(p.parse_move("a1a2").unwrap());
    assert_eq!(
        next.claimable_draw(),
        Some(GameResult::Draw("Draw by the 50-move rule"))
    );
    // a crab move resets the clock
    let p = pos("7k/8/8/6/6/8/C7/7K w - - 99 80");
    assert_eq!(p.play(p.parse_move("a2a3").unwrap()).rule_result(), None);
}

#[test]
fn insufficient_material() {
    for fen in [
        "7k/8/8/6/6/8/8/7K w - - 0 1",
        "7k/8/8/6/B5/8/8/7K w - - 0 1",
        "7k/8/8/6/6/8/8/n6K w - - 0 1",
    ] {
        assert_eq!(
            pos(fen).rule_result(),
            Some(GameResult::Draw("Draw by insufficient material")),
            "{fen}"
        );
    }
    for fen in [
        "7k/8/8/6/B5/8/8/b6K w - - 0 1",
        "7k/8/8/6/C5/8/8/7K w - - 0 1",
        "7k/8/8/6/R5/8/8/7K w - - 0 1",
    ] {
        assert_eq!(pos(fen).rule_result(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition() {
    let mut game = Game::new(Escalator::startpos(FORM_STANDARD));
    for _ in 0..2 {
        for m in ["g8f6", "g1f3", "f6g8", "f3g1"] {
            assert!(game.result().is_none());
            game.play_text(m).unwrap();
        }
    }
    assert_eq!(game.result(), Some(GameResult::Draw("Draw by repetition")));
}

#[test]
fn no_legal_move_leaves_the_king_attacked() {
    use rand::seq::SliceRandom;
    let mut rng = escalade_core::SeededRng::new(5);
    let mut moves = Vec::new();
    for form in 0..3 {
        for _ in 0..30 {
            let mut p = Escalator::startpos(form);
            for _ in 0..150 {
                p.generate_moves(&mut moves);
                for &m in &moves {
                    let child = p.play(m);
                    assert!(
                        !child.king_attacked(p.side()),
                        "{} leaves the king attacked in {}",
                        p.move_text(m),
                        p.to_fen()
                    );
                }
                match moves.choose(&mut rng) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
        }
    }
}
