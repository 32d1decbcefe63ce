//! The core's generic test suite on chutes positions, plus bad FEN and bad move texts
//! returning typed errors.

use escalade_chutes::{Chutes, START_FEN};
use escalade_core::{chess_choice, testsuite, Click, Color, Diagram, LinkKind, MoveError};
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
    assert_eq!(Chutes::startpos(0).to_fen(), START_FEN);
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
    let p = Chutes::startpos(0);
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

#[test]
fn diagram_clicks_make_every_move() {
    // Big positions (thousands of turns each): few plies.
    let start = Chutes::startpos(0);
    assert!(testsuite::check_diagram(&start, 3, 12, 11) >= 30);
    for (i, fen) in EXTRA.iter().enumerate() {
        let pos = Chutes::from_fen(0, fen).unwrap();
        testsuite::check_diagram(&pos, 2, 6, 20 + i as u64);
    }
    // endgame E2: Black's King may be lifted by the ladder on d8 (two Part 1 moves)
    let e2 = Chutes::from_fen(
        0,
        "4k3/3P4/4K3/8/8/8/8/8|4k3/8/4K3/8/8/8/8/8 b - - Ld8 - 0 1",
    );
    testsuite::check_diagram(&e2.unwrap(), 3, 8, 5);
}

/// The turn written `text` here and its click sequences.
fn clicks_of(pos: &Chutes, text: &str) -> Vec<Vec<Click>> {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.move_clicks(mv)
}

fn cells(names: &[&str]) -> Vec<Click> {
    names.iter().map(|n| Click::Cell(n.to_string())).collect()
}

#[test]
fn diagram_click_sequences() {
    let start = Chutes::startpos(0);
    assert_eq!(clicks_of(&start, "0e2-0e4"), vec![cells(&["0e2", "0e4"])]);
    let after = start.play(start.parse_move("0e2-0e4").unwrap());
    // Part 1 then a ladder at d4: one more click on its entrance 0d4
    assert_eq!(
        clicks_of(&after, "0e7-0e5/+0d4"),
        vec![cells(&["0e7", "0e5", "0d4"])]
    );
    assert_eq!(
        clicks_of(&after, "N1g8-1f6/+1c3"),
        vec![cells(&["1g8", "1f6", "1c3"])]
    );
    assert_eq!(clicks_of(&after, "0e7-0e5/"), vec![cells(&["0e7", "0e5"])]);
    // promotion onto the ladder's entrance: the square stepped on, the piece, then Part 2;
    // removing one's own thing: either of its squares
    let promo = Chutes::from_fen(0, EXTRA[2]).unwrap();
    let mut queen = cells(&["0d7", "0d8"]);
    queen.push(chess_choice('Q'));
    assert_eq!(clicks_of(&promo, "0d7-1d8=Q/"), vec![queen.clone()]);
    let mut remove = vec![queen.clone(), queen];
    remove[0].push(Click::Cell("0d8".into()));
    remove[1].push(Click::Cell("1d8".into()));
    assert_eq!(clicks_of(&promo, "0d7-1d8=Q/-d8"), remove);
    let picture = promo.picture();
    let ladder = picture.links.iter().find(|l| l.from == "0d8").unwrap();
    assert_eq!((ladder.to.as_str(), ladder.kind), ("1d8", LinkKind::Ladder));
    assert_eq!(ladder.owner, Some(Color::White));
    let chute = picture.links.iter().find(|l| l.to == "0c2").unwrap();
    assert_eq!((chute.from.as_str(), chute.kind), ("1c2", LinkKind::Chute));
    assert_eq!(chute.owner, Some(Color::Black));
    let mv = promo.parse_move("0d7-1d8=Q/").unwrap();
    assert_eq!(promo.move_path(mv), ["0d7", "0d8", "1d8"]);
}
