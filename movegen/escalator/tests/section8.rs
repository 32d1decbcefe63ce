//! Every test case of section 8 of the rules (start moves and unit positions U1..U7), plus
//! the castling-through-the-escalator example of section 5.

use escalade_core::{MoveNotation, Rules};
use std::collections::BTreeSet;

use escalade_escalator::{
    board::square_named, Escalator, MoveKind, FORM_ALMOST, FORM_NOLEAP, FORM_STANDARD,
};

fn pos(form: usize, fen: &str) -> Escalator {
    Escalator::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &Escalator) -> BTreeSet<String> {
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    moves.iter().map(|&m| p.move_text(m)).collect()
}

/// Destination names of the legal moves from `from`.
fn targets(p: &Escalator, from: &str) -> BTreeSet<String> {
    texts(p)
        .into_iter()
        .filter_map(|t| t.strip_prefix(from).map(str::to_string))
        .filter(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
}

#[test]
fn s8_1_black_start_moves() {
    let p = Escalator::startpos(FORM_STANDARD);
    let expected = set("a7a6 b7b6 c7c6 d7d6 e7e6 f7f6 g7g6 h7h6 \
         a7ab5 b7bc5 d7d5 e7e5 g7fg5 h7gh5 \
         a7b6 b7a6 b7c6 c7b6 c7d6 d7c6 d7e6 e7d6 e7f6 f7e6 f7g6 g7f6 g7h6 h7g6 \
         b8a6 b8c6 g8f6 g8h6");
    assert_eq!(texts(&p), expected);
}

#[test]
fn s8_1_white_start_moves() {
    let p = pos(
        FORM_STANDARD,
        "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR w KQkq - 0 1",
    );
    let moves = texts(&p);
    assert_eq!(moves.len(), 36);
    for double in set("a2ab4 b2ab4 b2bc4 c2bc4 d2d4 e2e4 f2fg4 g2fg4 g2gh4 h2gh4") {
        assert!(moves.contains(&double), "{double} missing");
    }
}

#[test]
fn s8_1_almost_chancellor_moves() {
    let p = Escalator::startpos(FORM_ALMOST);
    let moves = texts(&p);
    assert_eq!(moves.len(), 34);
    assert!(moves.contains("d8c6") && moves.contains("d8e6"));
    // after 1...Ae6 White's e2-d3 and e2-f3 would open the e-file onto Ke1
    let after = p.play(p.parse_move("d8e6").unwrap());
    let white = texts(&after);
    assert_eq!(white.len(), 36);
    assert!(!white.contains("e2d3") && !white.contains("e2f3"));
}

#[test]
fn s8_1_noleap_start_is_standard() {
    assert_eq!(
        texts(&Escalator::startpos(FORM_NOLEAP)),
        texts(&Escalator::startpos(FORM_STANDARD))
    );
}

#[test]
fn s8_1_cross_barrier_leap_at_depth_5() {
    // 1...Nc6 2.x Nd4 3.x Nd4-bc5: the leap exists in the standard form only
    for (form, legal) in [(FORM_STANDARD, true), (FORM_NOLEAP, false)] {
        let mut p = Escalator::startpos(form);
        for m in ["b8c6", "a2a3", "c6d4", "a3ab4"] {
            p = p.play(p.parse_move(m).unwrap());
        }
        assert_eq!(texts(&p).contains("d4bc5"), legal);
    }
}

#[test]
fn u1_rook_on_b3() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/6/1R6/8/7K w - - 0 1");
    let expected = set("a3 c3 d3 e3 f3 g3 h3 b2 b1 ab4 ab5 a6 a7 a8 bc4 bc5 b6 b7 b8");
    assert_eq!(targets(&p, "b3"), expected);
}

#[test]
fn u2_bishop_on_ab4() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/B5/8/8/7K w - - 0 1");
    assert_eq!(targets(&p, "ab4"), set("bc5 c6 d7 e8 b3 c2 d1 a3"));
}

#[test]
fn u3_queen_on_bc4() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/1Q4/8/8/7K w - - 0 1");
    assert_eq!(
        targets(&p, "bc4"),
        set("bc5 b6 b7 b8 ab5 ab4 b3 b2 b1 c3 c2 c1 a2 d2 e1")
    );
}

#[test]
fn u4_knight_on_d4() {
    let fen = "7k/8/8/6/2N3/8/8/7K w - - 0 1";
    assert_eq!(
        targets(&pos(FORM_STANDARD, fen), "d4"),
        set("b3 bc5 c2 c6 e2 e6 f3")
    );
    assert_eq!(
        targets(&pos(FORM_NOLEAP, fen), "d4"),
        set("b3 c2 c6 e2 e6 f3")
    );
}

#[test]
fn u4b_king_on_ab4() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/K5/8/8/8 w - - 0 1");
    assert_eq!(texts(&p), set("ab4a3 ab4b3 ab4ab5 ab4bc5 ab4bc4"));
}

#[test]
fn u5_en_passant_after_black_double_step() {
    let p = pos(FORM_STANDARD, "7k/1c6/8/C5/6/8/8/7K b - - 0 1");
    let after = p.play(p.parse_move("b7bc5").unwrap());
    assert!(after.to_fen().contains(" b6 "), "{}", after.to_fen());
    assert_eq!(targets(&after, "ab5"), set("a6 b6 xb6"));
    let ep = after.parse_move("ab5xb6").unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    let quiet = after.parse_move("ab5b6").unwrap();
    assert_eq!(quiet.kind, MoveKind::Quiet);
    let taken = after.play(ep);
    assert!(taken.cell(square_named("bc5").unwrap()).is_empty());
    assert_eq!(taken.to_fen(), "7k/8/1C6/6/6/8/8/7K b - - 0 2");
    let stepped = after.play(quiet);
    assert!(!stepped.cell(square_named("bc5").unwrap()).is_empty());
}

#[test]
fn u5b_forked_double_step_and_en_passant() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/1c4/8/1C6/7K w - - 0 1");
    assert_eq!(targets(&p, "b2"), set("a3 b3 c3 ab4"));
    let after = p.play(p.parse_move("b2ab4").unwrap());
    assert_eq!(targets(&after, "bc4"), set("b3 c3 xb3"));
    let taken = after.play(after.parse_move("bc4xb3").unwrap());
    assert!(taken.cell(square_named("ab4").unwrap()).is_empty());
}

#[test]
fn u6_rook_checks_through_the_fork() {
    let p = pos(FORM_STANDARD, "7k/8/8/r5/6/8/8/1K6 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(texts(&p), set("b1c1 b1c2"));
}

#[test]
fn u7_black_crab_on_ab4() {
    let p = pos(FORM_STANDARD, "7k/8/8/6/c5/1N6/8/7K b - - 0 1");
    assert_eq!(targets(&p, "ab4"), set("a3 b3"));
    let capture = p.parse_move("ab4b3").unwrap();
    assert_eq!(capture.kind, MoveKind::Capture);
}

#[test]
fn s5_castling_attacks_follow_the_graph() {
    // a Black bishop on ab5 attacks e1 via bc4-c3-d2: White is in check, no castling
    let p = pos(FORM_STANDARD, "4k3/8/8/b5/6/8/8/R3K2R w KQ - 0 1");
    assert!(p.in_check());
    assert!(!texts(&p).iter().any(|m| m == "e1g1" || m == "e1c1"));
    // a Black bishop on ab4 attacks d1 (ab4-b3-c2-d1): only king-side castling
    let p = pos(FORM_STANDARD, "4k3/8/8/6/b5/8/8/R3K2R w KQ - 0 1");
    let moves = texts(&p);
    assert!(moves.contains("e1g1") && !moves.contains("e1c1"));
    let castled = p.play(p.parse_move("e1g1").unwrap());
    assert_eq!(castled.to_fen(), "4k3/8/8/6/b5/8/8/R4RK1 b - - 1 2");
}

#[test]
fn promotion_choices_per_form() {
    let fen = "7k/1C6/8/6/6/8/8/7K w - - 0 1";
    let std = targets(&pos(FORM_STANDARD, fen), "b7");
    assert_eq!(std, set("a8q a8r a8b a8n b8q b8r b8b b8n c8q c8r c8b c8n"));
    let almost = targets(&pos(FORM_ALMOST, fen), "b7");
    assert!(almost.contains("b8a") && !almost.contains("b8q"));
}

#[test]
fn crab_captures_only_diagonally() {
    // White crab on b3 with Black pieces on ab4 and bc4: both are diagonal (NW, NE) too
    let p = pos(FORM_STANDARD, "7k/8/8/6/nn4/1C6/8/7K w - - 0 1");
    assert_eq!(targets(&p, "b3"), set("ab4 bc4"));
    // a crab on d3 facing a piece on d4 cannot take it straight ahead
    let p = pos(FORM_STANDARD, "7k/8/8/6/2n3/3C4/8/7K w - - 0 1");
    assert_eq!(targets(&p, "d3"), set("e4"));
}

#[test]
fn black_c7_and_f7_have_no_double_step() {
    let p = pos(FORM_STANDARD, "4k3/2c2c2/8/6/6/8/8/4K3 b - - 0 1");
    assert_eq!(targets(&p, "c7"), set("b6 c6 d6"));
    assert_eq!(targets(&p, "f7"), set("e6 f6 g6"));
}
