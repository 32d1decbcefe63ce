//! The core's generic test suite on every form plus hand-picked positions, and bad input
//! (malformed FEN, unparsable or illegal moves) returning typed errors.

mod common;

use common::{play, pos, start};
use escalade_checkercapture::CheckerCapture;
use escalade_core::{testsuite, Click, Diagram, MoveError};
use escalade_core::{MoveNotation, Rules};

const EXTRA: &[&str] = &[
    "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/2N5/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 8",
    "4k3/1ppp4/8/8/8/8/4PPP1/4K3 w - - 0 1",
];

#[test]
fn generic_suite_on_every_form() {
    testsuite::run_suite::<CheckerCapture>(EXTRA, 6, 200);
}

#[test]
fn generic_suite_on_displacement_positions() {
    for form in [3, 7] {
        for fen in EXTRA.iter().skip(1) {
            let p = CheckerCapture::from_fen(form, fen).unwrap();
            testsuite::random_playouts(&p, 3, 200, 11);
        }
    }
}

#[test]
fn malformed_fens_are_errors() {
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ",
    ]
    .iter()
    .take(11)
    {
        assert!(
            CheckerCapture::from_fen(0, fen).is_err(),
            "{fen} should be refused"
        );
    }
    assert!(CheckerCapture::from_fen(9, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}

#[test]
fn fen_variants_that_are_accepted() {
    // clocks optional; a FIDE en-passant square is ignored
    let p = pos(
        "checkercapture",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6",
    );
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
    // the simpler variation drops castling rights
    let s = pos(
        "checkercapture-simple",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        s.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    // a side to move without its king: the game is over (its king was captured)
    assert!(CheckerCapture::from_fen(0, "8/8/8/8/8/8/8/4K3 b - - 0 1").is_ok());
}

#[test]
fn bad_moves_are_errors() {
    let p = start("checkercapture");
    let unparsable = ["", "zz", "e2e4qq", "e9e4", "hello"];
    for m in unparsable {
        assert!(
            matches!(p.parse_move(m), Err(MoveError::Unparsable(_))),
            "{m}"
        );
    }
    for m in ["e2e5", "e3e4", "e7e5", "e1g1", "O-O", "b1b3"] {
        assert!(matches!(p.parse_move(m), Err(MoveError::Illegal(_))), "{m}");
    }
    // a promotion without its letter
    let q = pos("checkercapture", "7k/3p4/2P5/8/8/8/8/K7 w - - 0 1");
    let err = q.parse_move("c6xe8").unwrap_err();
    assert!(err.reason().contains("promotion"), "{err}");
    // a normal move when a jump is compulsory
    let j = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
    assert!(j
        .parse_move("a1b1")
        .unwrap_err()
        .reason()
        .contains("compulsory"));
    assert!(j.parse_move("c3xe5").is_err(), "the pawn must continue");
    assert!(j.parse_move("c3e5e7").is_ok());
    assert!(j.parse_move("c3d4,d4e5,e5f5,f5g5").is_ok());
}

/// Positions with jump chains, loop paths (D5) and promotions, with their form.
const DIAGRAM_POSITIONS: &[(usize, &str)] = &[
    (0, "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1"),
    (0, "7k/3p4/2P5/8/8/8/8/K7 w - - 0 1"),
    (
        0,
        "1nb4r/Pq1p1k1p/4pppn/8/2Q1PP2/3PK3/PP2N1PP/RNB2B1R w - - 7 17",
    ),
    (
        3,
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 8",
    ),
    (4, "2P4k/8/8/8/8/8/8/K7 w - - 0 1"),
    (4, "PN5k/RR6/8/8/8/8/8/K7 w - - 0 1"),
    (7, "2P4k/8/8/8/8/8/8/K7 w - - 0 1"),
];

#[test]
fn diagram_clicks_make_every_move() {
    for form in 0..escalade_checkercapture::FORMS.len() {
        let start = CheckerCapture::startpos(form);
        let checked = testsuite::check_diagram(&start, 3, 80, 5 + form as u64);
        assert!(checked > 60, "form {form}: {checked}");
    }
    for &(form, fen) in DIAGRAM_POSITIONS {
        let p = CheckerCapture::from_fen(form, fen).unwrap();
        testsuite::check_diagram(&p, 2, 30, 9);
    }
}

/// The click sequences of the move written `text` in `p`.
fn clicks_of(p: &CheckerCapture, text: &str) -> Vec<Vec<Click>> {
    p.move_clicks(p.parse_move(text).unwrap())
}

fn cells(names: &[&str]) -> Vec<Click> {
    names.iter().map(|n| Click::Cell(n.to_string())).collect()
}

#[test]
fn diagram_click_sequences() {
    // a two-jump chain: origin, then each landing square
    let p = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
    assert_eq!(clicks_of(&p, "c3xe5xe7"), [cells(&["c3", "e5", "e7"])]);
    assert_eq!(clicks_of(&p, "c3xe5xg5"), [cells(&["c3", "e5", "g5"])]);
    let mv = p.parse_move("c3xe5xg5").unwrap();
    assert_eq!(p.move_path(mv), ["c3", "e5", "g5"]);
    // D5: two paths round a loop make one move; both are offered, the written one first
    let q = play(&start("checkercapture"), &["b1c3", "d7d5", "d2d4"]);
    let loops = clicks_of(&q, "d5xd3xb1xb3xd3");
    assert_eq!(loops.len(), 2);
    assert_eq!(loops[0], cells(&["d5", "d3", "b1", "b3", "d3"]));
    assert!(loops.contains(&cells(&["d5", "d3", "b3", "b1", "d3"])));
    // a jump ending on the last rank promotes: the piece is the last click
    let r = pos("checkercapture", "7k/3p4/2P5/8/8/8/8/K7 w - - 0 1");
    let mut want = cells(&["c6", "e8"]);
    want.push(Click::Choice("Queen".into()));
    assert_eq!(clicks_of(&r, "c6xe8q"), [want]);
    // simpler variation: promotion in place, then the new piece's move (or none)
    let s = pos("checkercapture-simple", "2P4k/8/8/8/8/8/8/K7 w - - 0 1");
    let mut want = cells(&["c8", "d8"]);
    want.push(Click::Choice("Queen".into()));
    assert_eq!(clicks_of(&s, "c8d8q"), [want]);
    let b = pos("checkercapture-simple", "PN5k/RR6/8/8/8/8/8/K7 w - - 0 1");
    let mut want = cells(&["a8", "a8"]);
    want.push(Click::Choice("Rook".into()));
    assert_eq!(clicks_of(&b, "a8a8r"), [want]);
    assert_eq!(b.move_path(b.parse_move("a8a8r").unwrap()), ["a8"]);
    // the legend of every form has the six kinds
    for form in 0..8 {
        assert_eq!(CheckerCapture::legend(form).len(), 6);
    }
}
