//! The core's generic test suite run on FIDE chess, plus bad-input cases.

use escalade_core::{testsuite, MoveError};
use escalade_core::{MoveNotation, Rules};
use escalade_fide::Chess;

const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

#[test]
fn generic_suite() {
    testsuite::run_suite::<Chess>(POSITIONS, 40, 200);
}

#[test]
fn malformed_fens_are_errors() {
    for bad in [
        "",
        "garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/K6R b - - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
    ] {
        assert!(Chess::from_fen(0, bad).is_err(), "accepted: {bad:?}");
    }
}

#[test]
fn bad_moves_are_errors_with_reasons() {
    let pos = Chess::startpos(0);
    assert!(matches!(pos.parse_move("e2e5"), Err(MoveError::Illegal(_))));
    assert!(matches!(pos.parse_move("e7e5"), Err(MoveError::Illegal(_))));
    assert!(matches!(
        pos.parse_move("zz"),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        pos.parse_move("e2e4x"),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        pos.parse_move("é2e4"),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(pos.parse_move(""), Err(MoveError::Unparsable(_))));
    assert!(pos.parse_move("g1f3").is_ok());
}

#[test]
fn game_ends() {
    use escalade_core::{Color, GameResult};
    let mate = Chess::from_fen(0, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(
        escalade_core::Game::new(mate).result(),
        Some(GameResult::Win(Color::White, "White mates"))
    );
    let stalemate = Chess::from_fen(0, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        escalade_core::Game::new(stalemate).result(),
        Some(GameResult::Draw("Stalemate"))
    );
    let bare = Chess::from_fen(0, "7k/8/8/8/8/8/8/6NK w - - 0 1").unwrap();
    assert!(bare.rule_result().is_some());
    let fifty = Chess::from_fen(0, "7k/8/8/8/8/8/8/5RRK w - - 100 80").unwrap();
    assert_eq!(
        fifty.claimable_draw(),
        Some(GameResult::Draw("Draw by fifty-move rule"))
    );
}

#[test]
fn repetition_is_detected() {
    let mut game = escalade_core::Game::new(Chess::startpos(0));
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert!(game.result().is_none());
        game.play_text(m).unwrap();
    }
    assert_eq!(
        game.result().map(|r| r.reason()),
        Some("Draw by repetition")
    );
}

/// FIDE 9.2/9.3: threefold repetition and the fifty-move rule are *claimed*: the referee's
/// verdict (`result`) sees them, but the game is not over (`final_result`) and play goes
/// on, as python-chess and Stockfish expect. Fivefold repetition and the 75-move rule end
/// the game by themselves (FIDE 9.6).
#[test]
fn claimable_draws_do_not_stop_play() {
    let mut game = escalade_core::Game::new(Chess::startpos(0));
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for m in dance.iter().chain(&dance) {
        game.play_text(m).unwrap();
    }
    assert_eq!(
        game.result().map(|r| r.reason()),
        Some("Draw by repetition")
    );
    assert_eq!(game.final_result(), None, "threefold is only claimable");
    for m in dance.iter().chain(&dance) {
        game.play_text(m)
            .expect("moves past a claimable draw are played");
    }
    assert_eq!(
        game.final_result().map(|r| r.reason()),
        Some("Draw by fivefold repetition")
    );
    assert!(game.play_text("e2e4").is_err(), "fivefold ends the game");

    let fifty = Chess::from_fen(0, "7k/5Q2/6K1/8/8/8/8/8 w - - 100 80").unwrap();
    let mut game = escalade_core::Game::new(fifty);
    assert_eq!(
        game.result().map(|r| r.reason()),
        Some("Draw by fifty-move rule")
    );
    assert_eq!(game.final_result(), None);
    game.play_text("f7e8")
        .expect("a mate past the fifty-move count");
    assert_eq!(game.final_result().map(|r| r.reason()), Some("White mates"));
    let seventy_five = Chess::from_fen(0, "7k/8/8/8/8/8/R7/K7 w - - 150 120").unwrap();
    assert_eq!(
        seventy_five.rule_result().map(|r| r.reason()),
        Some("Draw by seventy-five-move rule")
    );
    // dead positions are over at once
    let bare = escalade_core::Game::new(Chess::from_fen(0, "7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap());
    assert!(bare.final_result().is_some());
}

/// The interruptible perft of the protocols counts what the plain one counts, and gives up
/// when told to.
#[test]
fn interruptible_perft_counts_the_same() {
    use std::sync::atomic::AtomicBool;
    let pos = Chess::from_fen(0, POSITIONS[0]).unwrap();
    let go = AtomicBool::new(false);
    for depth in 1..=4 {
        assert_eq!(
            escalade_core::perft::divide_until(&pos, depth, &go),
            Some(escalade_core::perft::divide(&pos, depth)),
            "depth {depth}"
        );
    }
    let stop = AtomicBool::new(true);
    assert_eq!(escalade_core::perft::divide_until(&pos, 5, &stop), None);
}

#[test]
fn diagram_clicks_make_every_move() {
    let start = escalade_fide::Chess::startpos(0);
    let checked = escalade_core::testsuite::check_diagram(&start, 6, 120, 7);
    assert!(checked > 100);
    let promo = escalade_fide::Chess::from_fen(0, "8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    escalade_core::testsuite::check_diagram(&promo, 2, 10, 3);
}
