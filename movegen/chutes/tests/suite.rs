//! The core's generic test suite on chutes positions, plus bad FEN and bad move texts
//! returning typed errors.

use escalade_chutes::{Chutes, START_FEN};
use escalade_core::{testsuite, MoveError};
use escalade_core::{MoveNotation, Rules};

/// Positions with things, transports, en passant and castling rights to exercise.
const EXTRA: &[&str] = &[
    "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq|KQkq - Cc3,Le4,ld6 - 0 3",
    "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12",
    "8/3P4/4K3/8/8/8/8/4k3|8/8/4K3/8/8/8/8/4k3 w - - cc2,le7,Ld8 - 10 40",
    "4k3/8/8/4K3/8/8/8/8|4k3/8/8/8/8/4K3/8/8 w - - La1,Lb1,Cc4,cf4,Cc5,cf5,la8,lb8 - 0 50",
];

#[test]
fn generic_suite() {
    testsuite::run_suite::<Chutes>(EXTRA, 3, 40);
}

#[test]
fn fen_round_trips() {
    assert_eq!(Chutes::start().to_fen(), START_FEN);
    for fen in EXTRA {
        assert_eq!(Chutes::from_fen(0, fen).unwrap().to_fen(), *fen);
    }
}

#[test]
fn bad_fens_are_errors() {
    let bad = [
        "",
        "8/8/8/8/8/8/8/8 w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - - - 0 1 extra",
        "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - Le1",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - La2,La2",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - La2,Lb2,Lc2",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - Xa2",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w KQ|- - -",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - 0e6 -",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 b - - - first",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - - - x 1",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - - - 0 0",
        "4k3/4Q3/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w",
        "P3k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w",
    ];
    for fen in bad {
        assert!(Chutes::from_fen(0, fen).is_err(), "accepted: {fen}");
    }
    assert!(Chutes::from_fen(1, START_FEN).is_err());
}

#[test]
fn bad_moves_are_errors() {
    let p = Chutes::start();
    for text in [
        "",
        "e2e4",
        "0e2",
        "0e2-",
        "0e2-0e9",
        "Z0e2-0e4",
        "0e2*0e4",
        "O-O",
        "0e2-0e4/+2e5",
        "0e2-0e4/x",
    ] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Unparsable(_))),
            "{text}"
        );
    }
    for text in [
        "0e2-0e5",
        "0e7-0e5",
        "0e7-0e5=Q",
        "N0b1-0d2",
        "0e2-0e4/+0e5",
        "0a1-0a3",
        "0O-O",
        "B0c1-0d2",
    ] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal(_))),
            "{text}"
        );
    }
    let p = p.play(p.parse_move("0e2-0e4").unwrap());
    let e = p.parse_move("0e7-0e5/-e4").unwrap_err();
    assert!(e.reason().contains("no chute or ladder"), "{e}");
}
