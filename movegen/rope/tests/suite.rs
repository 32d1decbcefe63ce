//! The core's generic test suite on every form's start position and on hand-picked
//! positions of each form (FEN and move-text round trips, copy-make, incremental hash,
//! fast perft against the generic one, random legal play against the game-end verdict).

use escalade_core::testsuite;
use escalade_core::{Click, Diagram, MoveNotation, Rules};
use escalade_rope::{form, Rope};

#[test]
fn generic_suite_on_every_form() {
    testsuite::run_suite::<Rope>(
        &[
            "K2T1p2p11k w - 0 1",
            "K8r2P1G5k w K 0 1",
            "K8k6P2P1 w - 0 1",
            "K6ppDppp6k1 w - 0 1",
        ],
        40,
        120,
    );
}

#[test]
fn suite_on_positions_of_each_form() {
    let cases: &[(usize, &str)] = &[
        (form::MINI, "KG2DCP1pcd2gk w Kk 0 1"),
        (form::THREE_CHECK, "K1GTR5D3rd2tgk w Kk 2+1 3 9"),
        (form::REGEN, "1KGTDCP7pcdtrgk w - R/- - 2 3"),
        (form::REGEN, "K1RTD1P7pcdt1gk b - GC/r w 0 5"),
        (form::HOUSE, "K1R~TD1P7pc1tr1k[GCPPgd] w K 0 9"),
        (form::HOUSE, "K3P8p6k[RTDCGPrtdcgp] b Kk 0 20"),
        (form::DICE, "KGRTD1P1C5pcdtrgk b Kk - 1 1"),
        (form::DICE, "KGRTD1P1C5pcdtrgk w Kk 9 1 1"),
    ];
    for (i, &(f, fen)) in cases.iter().enumerate() {
        let p = Rope::from_fen(f, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        testsuite::check_position(&p);
        testsuite::random_playouts(&p, 30, 100, 1000 + i as u64);
        testsuite::check_perft_paths(&p, 2, 10, 3, 2000 + i as u64);
    }
}

#[test]
fn fast_perft_matches_generic_at_depth_4() {
    for f in 0..Rope::FORMS.len() {
        let p = Rope::startpos(f);
        assert_eq!(
            p.perft(4),
            escalade_core::perft::perft(&p, 4),
            "form {}",
            Rope::FORMS[f].name
        );
    }
}

#[test]
fn diagram_clicks_make_every_move() {
    for f in 0..Rope::FORMS.len() {
        let start = Rope::startpos(f);
        let checked = testsuite::check_diagram(&start, 20, 120, 300 + f as u64);
        assert!(checked > 50, "form {f}");
    }
    let cases: &[(usize, &str)] = &[
        (form::ROPE, "K8k6P2P1 w - 0 1"),
        (form::MINI, "KG2DCP1pcd2gk w Kk 0 1"),
        (form::THREE_CHECK, "K1GTR5D3rd2tgk w Kk 2+1 3 9"),
        (form::REGEN, "K1RTD1P7pcdt1gk b - GC/r w 0 5"),
        (form::HOUSE, "K1R~TD1P7pc1tr1k[GCPPgd] w K 0 9"),
        (form::HOUSE, "K3P8p6k[RTDCGPrtdcgp] b Kk 0 20"),
        (form::DICE, "KGRTD1P1C5pcdtrgk w Kk 9 1 1"),
    ];
    for (i, &(f, fen)) in cases.iter().enumerate() {
        let p = Rope::from_fen(f, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        testsuite::check_diagram(&p, 10, 60, 400 + i as u64);
    }
}

/// The click sequences of the move written `text` in `p`.
fn clicks_of(p: &Rope, text: &str) -> Vec<Vec<Click>> {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.move_clicks(mv)
}

fn cell(name: &str) -> Click {
    Click::Cell(name.to_string())
}

#[test]
fn diagram_click_sequences() {
    let start = Rope::startpos(form::ROPE);
    assert_eq!(clicks_of(&start, "D5-8"), vec![vec![cell("5"), cell("8")]]);
    assert_eq!(
        clicks_of(&start, "K1<->G2"),
        vec![vec![cell("1"), cell("2")]]
    );
    let picture = start.picture();
    assert_eq!(picture.cells.len(), 21);
    assert_eq!(picture.cells[20].name, "21");
    // promotion: a menu of the pieces, and `Pawn` to decline
    let e = Rope::from_fen(form::ROPE, "K8k6P2P1 w - 0 1").unwrap();
    let promote = vec![cell("17"), cell("18"), Click::Choice("Dabbaba".into())];
    assert_eq!(clicks_of(&e, "P17-18=C"), vec![promote]);
    let decline = vec![cell("17"), cell("18"), Click::Choice("Pawn".into())];
    assert_eq!(clicks_of(&e, "P17-18"), vec![decline]);
    // a drop: the hand group, then the square
    let h = Rope::from_fen(form::HOUSE, "K1R~TD1P7pc1tr1k[GCPPgd] w K 0 9").unwrap();
    let drop = vec![Click::Hand("w-P".into()), cell("9")];
    assert_eq!(clicks_of(&h, "P@9"), vec![drop]);
    let hands = h.picture().hands;
    let pawns = hands.iter().find(|g| g.id == "w-P").unwrap();
    assert_eq!((pawns.count, pawns.man.kind.as_str()), (2, "pawn"));
    assert!(hands.iter().any(|g| g.id == "b-D" && g.count == 1));
    let router = h
        .picture()
        .pieces
        .into_iter()
        .find(|p| p.cell == "3")
        .unwrap();
    assert_eq!(router.man.badge.as_deref(), Some("~"));
    // a chance node: the outcomes are choices the referee makes
    let d = Rope::startpos(form::DICE);
    let at_roll = d.play(d.parse_move("D5-8").unwrap());
    assert_eq!(
        clicks_of(&at_roll, "survives"),
        vec![vec![Click::Choice("survives".into())]]
    );
    assert!(at_roll
        .picture()
        .notes
        .iter()
        .any(|n| n.contains("Roll due")));
}
