//! Passing, the search's null move (issue 84): offered exactly when no jump is compulsory,
//! it hands the move over with the hash kept incrementally, and the search tries it only
//! in the forms whose goal is the enemy King (not the misère ones).

use escalade_checkercapture::CheckerCapture;
use escalade_core::{Rules, SearchHints, SeededRng};
use escalade_eval::Evaluate;
use rand::seq::SliceRandom;

/// Checks passing in `pos` against the rules: `None` exactly when a jump is compulsory
/// (every legal move is then tactical); otherwise the other side moves, nothing else
/// changes but the clocks, and the hash is the one computed from scratch.
fn check_passing(pos: &CheckerCapture) {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    match pos.null_move() {
        None => {
            assert!(pos.has_jump(), "no pass without a jump: {}", pos.to_fen());
            assert!(
                moves.iter().all(|&m| pos.is_tactical(m)),
                "{}",
                pos.to_fen()
            );
        }
        Some(passed) => {
            assert!(!pos.has_jump(), "a pass past a jump: {}", pos.to_fen());
            assert_ne!(passed.side_to_move(), pos.side_to_move());
            assert_eq!(
                passed.hash(),
                passed.hash_from_scratch(),
                "{}",
                pos.to_fen()
            );
            let board = |fen: String| fen.split(' ').next().unwrap().to_string();
            assert_eq!(board(passed.to_fen()), board(pos.to_fen()));
        }
    }
}

#[test]
fn passing_is_offered_exactly_without_a_compulsory_jump_and_keeps_the_hash() {
    let mut rng = SeededRng::new(84);
    let mut passes = 0;
    for form in 0..8 {
        for _ in 0..40 {
            let mut pos = CheckerCapture::startpos(form);
            for _ in 0..80 {
                if pos.rule_result().is_some() {
                    break;
                }
                check_passing(&pos);
                passes += pos.null_move().is_some() as u32;
                let mut moves = Vec::new();
                pos.generate_moves(&mut moves);
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos = pos.play(m);
            }
        }
    }
    assert!(passes > 1_000, "few positions without a jump: {passes}");
}

#[test]
fn the_search_passes_only_where_the_enemy_king_is_the_goal() {
    let names = [
        ("checkercapture", true),
        ("checkercapture-misere", false),
        ("checkercapture-semimisere", false),
        ("checkercapture-displacement", true),
        ("checkercapture-simple", true),
        ("checkercapture-simple-misere", false),
        ("checkercapture-simple-semimisere", false),
        ("checkercapture-simple-displacement", true),
    ];
    for (form, (name, passes)) in names.into_iter().enumerate() {
        let pos = CheckerCapture::startpos(form);
        assert_eq!(pos.null_move_safe(), passes, "{name}");
    }
}
