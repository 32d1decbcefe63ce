//! The core's generic suite (FEN and move-text round trips, copy-make, incremental hash,
//! perft paths, random play) on the start position and busier positions, plus bad input.

mod common;

use escalade_core::testsuite::{random_playouts, run_suite};
use escalade_core::MoveError;
use escalade_core::{MoveNotation, Rules};
use escalade_laddershogi::LadderShogi;

/// Middlegame-like positions with Crickets, Dragons, Kappas, a Burakumin and hands.
pub fn extra_fens() -> Vec<String> {
    vec![
        common::fen(
            "U a1, K f1, Dr e3, Cr g3, Kp d5, V3 d3, V5 e4, V1 f4, V8 h3, L c1, H d2",
            "K e10, Dr d9, Cr f9, Kp g6, V2 d8, V4 e8, V6 f7, V9 c7, L h10, Nj b10",
            "2VLh",
            'w',
        ),
        common::fen(
            "K e1, Cr d2, Dr f2, V7 e3, V2 d3, V4 f3, V10 c4, R a2, Kp h4",
            "K f10, Cr e9, Dr g9, V6 f8, V3 e8, V2 g8, B c8, Kp c6, N h7",
            "VCvp",
            'b',
        ),
    ]
}

#[test]
fn generic_suite() {
    let fens = extra_fens();
    let extra: Vec<&str> = fens.iter().map(String::as_str).collect();
    run_suite::<LadderShogi>(&extra, 4, 40);
}

#[test]
fn long_random_games_never_panic() {
    let start = LadderShogi::startpos(0);
    let plies = random_playouts(&start, 3, 160, 42);
    assert!(plies > 100);
}

#[test]
fn bad_fens_are_errors() {
    for bad in [
        "",
        "10/10/10 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 x - 0",
        "5k4/10/10/10/10/10/10/10/10/5K3 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K5 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5Q4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/10 w - 0",
        "5k4/10/10/10/10/10/10/10/10/4V0K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/4V K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w 99V 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w 3 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w Q 0",
        "5k4/10/10/10/10/10/10/10/10/5K4 w - x",
        "5k4/10/10/10/10/10/10/10/4U5/5K4 w - 0",
        "5kV13/10/10/10/10/10/10/10/10/5K4 w - 0",
        "5k4/10/10/10/10/10/10/10/10/5Kk3 w - 0",
    ] {
        assert!(
            LadderShogi::from_fen(0, bad).is_err(),
            "{bad:?} was accepted"
        );
    }
}

#[test]
fn bad_moves_are_errors() {
    let p = LadderShogi::startpos(0);
    let unparsable = [
        "",
        "z9-z10",
        "e3",
        "e3-e11",
        "e3-e4,e4-e5,e5-e6",
        "Q@e5",
        "e3-e4[",
        "e3xe4[d5]",
        "e3-e4 junk",
    ];
    for text in unparsable {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Unparsable(_))),
            "{text:?}"
        );
    }
    let illegal = [
        "e3-e5",
        "e8-e7",
        "a1-a2",
        "V@e5",
        "e4-e5",
        "f3-f4",
        "e3-e4,e4-e5",
        "e3-e4,f3-f4",
    ];
    for text in illegal {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal(_))),
            "{text:?}"
        );
    }
}
