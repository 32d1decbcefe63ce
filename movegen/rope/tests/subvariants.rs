//! Section 5 of the rules: three-check, regeneration, crazyhouse drops, "Hold on dice!"
//! (with the clarifications of section 8), each decision in its own test.

mod common;

use common::{play_all, pos, sorted, texts};
use escalade_core::{perft, Color, GameResult};
use escalade_core::{MoveNotation, Rules};
use escalade_rope::{form, Kind, Rope, RopeMove};

// ---- three-check (5.1)

#[test]
fn three_check_third_check_wins_at_once() {
    let p = pos(form::THREE_CHECK, "K3D4k11 w - 2+0 0 1");
    let q = play_all(&p, &["D5-8"]);
    assert_eq!(q.checks_given(Color::White), 3);
    assert_eq!(
        q.rule_result(),
        Some(GameResult::Win(Color::White, "White gives the third check"))
    );
    assert!(
        texts(&q).is_empty(),
        "the game is over even though Black has replies"
    );
    assert_eq!(q.to_fen(), "K6D1k11 b - 3+0 1 1");
}

#[test]
fn three_check_double_check_counts_once() {
    let p = pos(form::THREE_CHECK, "KR2D4k11 w - 0+0 0 1");
    let q = play_all(&p, &["D5-8"]);
    assert!(q.in_check());
    assert_eq!(q.checks_given(Color::White), 1);
    assert_eq!(q.rule_result(), None);
}

// ---- regeneration (5.2)

#[test]
fn regeneration_returns_the_top_piece_to_the_empty_home_square() {
    let p = pos(form::REGEN, "1KGTDCP7pcdtrgk w - RP/- - 2 3");
    // the stack is written bottom first: the Pawn on top comes back first
    let q = play_all(&p, &["P7-8"]);
    assert_eq!(q.to_fen(), "PKGTDC1P6pcdtrgk b - R/- w 3 3");
    assert!(q.cooldown(Color::White));
}

#[test]
fn regeneration_waits_one_move_after_regenerating() {
    let p = pos(form::REGEN, "K1GTDCP7pcdtrgk w - RP/- w 2 3");
    let q = play_all(&p, &["K1-2"]);
    assert_eq!(
        q.stack(Color::White).len(),
        2,
        "no regeneration during the cooldown"
    );
    assert!(
        !q.cooldown(Color::White),
        "the cooldown clears after a move without regeneration"
    );
    let q = play_all(&q, &["P15-14", "P7-8"]);
    assert_eq!(
        q.piece_at(0),
        Some((Color::White, Kind::Pawn)),
        "then the top (P) comes back"
    );
}

#[test]
fn regeneration_never_follows_a_capture_and_captured_promoted_pieces_return_as_pawns() {
    // White's promoted Dove on 6 is taken by the black pawn: White's stack gets a Pawn
    let p = pos(form::REGEN, "1K3D~p13k b - -/- - 0 30");
    let q = play_all(&p, &["P7x6"]);
    assert_eq!(q.stack(Color::White).top(), Some(Kind::Pawn));
    assert_eq!(
        q.piece_at(20),
        Some((Color::Black, Kind::King)),
        "Black's home is occupied: no return"
    );
    // Black captures with the King off its home square: no regeneration after a capture
    let p = pos(form::REGEN, "1K16Pk1 b - -/g - 0 30");
    let q = play_all(&p, &["K20x19"]);
    assert_eq!(q.piece_at(20), None);
    assert_eq!(q.stack(Color::Black).len(), 1);
    let q = play_all(&q, &["K2-3", "K19-18"]);
    assert_eq!(q.piece_at(20), Some((Color::Black, Kind::Gold)));
}

// ---- crazyhouse (5.3)

#[test]
fn house_captures_go_to_hand_and_promoted_pieces_as_pawns() {
    let p = pos(form::HOUSE, "K3D1p13k[] w - 0 1");
    assert_eq!(play_all(&p, &["D5x7"]).to_fen(), "K5D13k[P] b - 0 1");
    let p = pos(form::HOUSE, "K4D~p13k[] b - 0 1");
    let q = play_all(&p, &["P7x6"]);
    assert_eq!(q.hand(Color::Black, Kind::Pawn), 1);
    assert_eq!(q.hand(Color::Black, Kind::Dove), 0);
}

#[test]
fn house_drops_block_checks() {
    let p = pos(form::HOUSE, "K8r10k[C] w - 0 1");
    let want: Vec<String> = (2..=9).map(|s| format!("C@{s}")).collect();
    assert_eq!(
        texts(&p),
        sorted(&want.iter().map(String::as_str).collect::<Vec<_>>())
    );
}

#[test]
fn house_no_pawn_drop_on_the_last_square_but_on_the_first() {
    let p = pos(form::HOUSE, "1K17k1[P] w - 0 1");
    let t = texts(&p);
    assert!(t.contains(&"P@1".to_string()));
    assert!(
        t.contains(&"P@19".to_string()),
        "a checking pawn drop that is not mate is legal"
    );
    assert!(!t.contains(&"P@21".to_string()));
    assert_eq!(
        p.parse_move("P@21").unwrap_err().reason(),
        "no pawn drop on the last square"
    );
}

#[test]
fn house_pawn_drop_mate_is_illegal_but_gold_drop_mate_is_not() {
    let p = pos(form::HOUSE, "K17G1k[PG] w - 0 1");
    let t = texts(&p);
    assert!(!t.contains(&"P@20".to_string()));
    assert!(t.contains(&"G@20".to_string()));
    assert_eq!(
        p.parse_move("P@20").unwrap_err().reason(),
        "a pawn drop may not give mate"
    );
    let mated = play_all(&p, &["G@20"]);
    assert!(texts(&mated).is_empty());
    assert_eq!(mated.no_move_result(), GameResult::mate(Color::White));
}

#[test]
fn house_stalemating_pawn_drop_is_legal() {
    // P@19 guards 20: the lone black King on 21 has no move and is not in check
    let p = pos(form::HOUSE, "K19k[P] w - 0 1");
    let q = play_all(&p, &["P@19"]);
    assert!(!q.in_check());
    assert!(texts(&q).is_empty(), "{}", q.to_fen());
    assert_eq!(q.no_move_result(), GameResult::Draw("Draw by stalemate"));
}

#[test]
fn house_dropped_gold_can_be_swapped() {
    let p = pos(form::HOUSE, "K19k[G] w K 0 1");
    let q = play_all(&p, &["G@10", "K21-20"]);
    assert!(texts(&q).contains(&"K1<->G10".to_string()));
}

// ---- Hold on dice! (5.4 and section 8)

#[test]
fn dice_non_king_move_is_a_chance_node() {
    let p = Rope::startpos(form::DICE);
    let c = play_all(&p, &["P7-8"]);
    assert!(c.is_chance());
    assert_eq!(c.side_to_move(), Color::White);
    assert_eq!(texts(&c), sorted(&["survives", "falls"]));
    assert_eq!(c.outcome_probability(RopeMove::SURVIVES), 0.5);
    assert_eq!(c.outcome_probability(RopeMove::FALLS), 0.5);
    assert_eq!(c.to_fen(), "KGRTDC1P6pcdtrgk w Kk 8 1 1");
    let fell = c.play(RopeMove::FALLS);
    assert_eq!(fell.to_fen(), "KGRTDC8pcdtrgk b Kk - 1 1");
    let stood = c.play(c.parse_move("roll:3").unwrap());
    assert_eq!(stood.to_fen(), "KGRTDC1P6pcdtrgk b Kk - 1 1");
    assert_eq!(c.parse_move("roll:4").unwrap(), RopeMove::FALLS);
    assert_eq!(c.parse_move("P7-8/2").unwrap(), RopeMove::SURVIVES);
}

#[test]
fn dice_levels_of_every_piece() {
    let cases = [
        ("D5-8", 4.0 / 6.0),
        ("C6-8", 2.0 / 6.0),
        ("P7-8", 3.0 / 6.0),
    ];
    for (mv, survive) in cases {
        let c = play_all(&Rope::startpos(form::DICE), &[mv]);
        assert!(
            (c.outcome_probability(RopeMove::SURVIVES) - survive).abs() < 1e-12,
            "{mv}"
        );
    }
    let p = pos(form::DICE, "K1R1T1G13k w - - 0 1");
    for (mv, survive) in [("R3-4", 1.0 / 6.0), ("T5-6", 0.5), ("G7-8", 5.0 / 6.0)] {
        let c = play_all(&p, &[mv]);
        assert!(
            (c.outcome_probability(RopeMove::SURVIVES) - survive).abs() < 1e-12,
            "{mv}"
        );
    }
}

#[test]
fn dice_king_moves_and_the_swap_do_not_roll() {
    let p = Rope::startpos(form::DICE);
    assert!(!play_all(&p, &["K1<->G2"]).is_chance());
    let p = pos(form::DICE, "K3D4k11 w - - 0 1");
    assert!(!play_all(&p, &["K1-2"]).is_chance());
    // a Gold hop rolls
    let p = pos(form::DICE, "KGP17k w - - 0 1");
    assert!(play_all(&p, &["G2^4"]).is_chance());
}

#[test]
fn dice_promotion_rolls_with_the_new_piece() {
    let p = pos(form::DICE, "K8k6P2P1 w - - 0 1");
    let c = play_all(&p, &["P20-21=R"]);
    assert!((c.outcome_probability(RopeMove::SURVIVES) - 1.0 / 6.0).abs() < 1e-12);
    // every choice, declining included, has its own two outcomes
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    assert_eq!(moves.len(), 10);
    assert_eq!(p.perft(1), 1 + 2 * 9);
}

#[test]
fn dice_fall_that_exposes_the_king_loses() {
    let p = pos(form::DICE, "K3R4r10k w - - 0 1");
    let c = play_all(&p, &["R5-7"]);
    let fell = c.play(RopeMove::FALLS);
    assert_eq!(
        fell.rule_result(),
        Some(GameResult::Win(
            Color::Black,
            "White's King is exposed by a fall"
        ))
    );
    assert!(
        texts(&fell).is_empty(),
        "a terminal position: no children in perft"
    );
    assert_eq!(
        fell.no_move_result(),
        GameResult::Win(Color::Black, "White's King is exposed by a fall")
    );
    let stood = c.play(RopeMove::SURVIVES);
    assert_eq!(stood.rule_result(), None);
}

#[test]
fn dice_perft_counts_outcomes_as_leaves() {
    let p = Rope::startpos(form::DICE);
    // the swap (one leaf) and three rolling moves (two leaves each)
    assert_eq!(p.perft(1), 7);
    assert_eq!(perft::perft(&p, 1), 7);
    assert_eq!(p.perft(3), perft::perft(&p, 3));
}

#[test]
fn dice_outcome_texts_and_errors() {
    let p = Rope::startpos(form::DICE);
    assert_eq!(
        p.parse_move("survives").unwrap_err().reason(),
        "no roll is due"
    );
    assert_eq!(
        p.parse_move("P7-8/5").unwrap(),
        p.parse_move("P7-8").unwrap()
    );
    let c = play_all(&p, &["P7-8"]);
    assert!(c.parse_move("roll:7").is_err());
    assert!(c.parse_move("P7-8").is_err());
    assert_eq!(escalade_rope::split_roll("T4-7/5"), ("T4-7", Some(5)));
    assert_eq!(c.outcome_for_roll(3), Some(RopeMove::SURVIVES));
    assert_eq!(c.outcome_for_roll(4), Some(RopeMove::FALLS));
    // an outcome word may be the suffix too
    assert_eq!(
        p.parse_move("P7-8/falls").unwrap(),
        p.parse_move("P7-8").unwrap()
    );
    assert_eq!(c.parse_move("P7-8/falls").unwrap(), RopeMove::FALLS);
    assert_eq!(c.parse_move("P7-8/survives").unwrap(), RopeMove::SURVIVES);
    assert_eq!(
        escalade_rope::split_outcome("T4-7/falls"),
        ("T4-7", Some("falls"))
    );
    assert!(p.parse_move("P7-8/sometimes").is_err());
}
