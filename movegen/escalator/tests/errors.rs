//! Bad input gives typed errors, never a panic: malformed FENs, unparsable and illegal
//! move texts.

use escalade_core::MoveError;
use escalade_core::{MoveNotation, Rules};
use escalade_escalator::{Escalator, FORM_STANDARD};

#[test]
fn bad_fens_are_errors() {
    let bad = [
        "",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR",
        "rnbqkbnr/cccccccc/8/8/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/cccccccc/8/5/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNX b KQkq - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkz - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBN1 b KQkq - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq c4 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - x 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 0",
        "rnbq1bnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQ - 0 1",
        "Cnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b - - 0 1",
        "4k3/8/8/6/6/8/8/4K2R b - - 0 1\u{0}",
        "4k2R/8/8/6/6/8/8/4K3 w - - 0 1",
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1 extra",
        "rnbqkbnr/cccccccc/08/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/cccccccc/9/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1",
    ];
    for fen in bad {
        assert!(
            Escalator::from_fen(FORM_STANDARD, fen).is_err(),
            "accepted {fen:?}"
        );
    }
    assert!(Escalator::from_fen(7, "4k3/8/8/6/6/8/8/4K3 w - - 0 1").is_err());
}

#[test]
fn ambiguous_en_passant_needs_the_victim() {
    // two White crabs on ab4 and bc4 could each have passed b3
    let base = "4k3/8/8/6/CC4/8/8/4K3 b - ";
    assert!(Escalator::from_fen(FORM_STANDARD, &format!("{base}b3 0 1")).is_err());
    let p = Escalator::from_fen(FORM_STANDARD, &format!("{base}b3:bc4 0 1")).unwrap();
    assert_eq!(p.to_fen(), format!("{base}b3:bc4 0 1"));
    assert_eq!(
        p.en_passant().map(|(_, v)| v),
        escalade_escalator::board::square_named("bc4")
    );
}

#[test]
fn bad_moves_are_errors() {
    let p = Escalator::startpos(FORM_STANDARD);
    let unparsable = [
        "", "e", "e7", "e7e", "c7c4", "zz7e5", "e7e5qq", "e7e5k", "i7i6", "e7xe9",
    ];
    for text in unparsable {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Unparsable(_))),
            "{text:?}"
        );
    }
    let illegal = ["e2e4", "e7e4", "a6ab5", "b8d7", "e7xe6", "e7e6q", "c7bc5"];
    for text in illegal {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal(_))),
            "{text:?}"
        );
    }
    let promo = Escalator::from_fen(FORM_STANDARD, "7k/1C6/8/6/6/8/8/7K w - - 0 1").unwrap();
    assert!(matches!(
        promo.parse_move("b7b8"),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        promo.parse_move("b7b8a"),
        Err(MoveError::Illegal(_))
    ));
    assert!(promo.parse_move("b7-b8=Q").is_ok());
}
