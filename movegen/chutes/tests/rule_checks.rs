//! Rule checks of section 3 of `shared/rules/chutes.md`: C-R6 (Kings and entrances),
//! C-R11 (occupied exits, moving across), C-P (making and removing things), C-S (promotion,
//! en passant, castling) and C-D (end conditions).

mod common;

use common::{king_in_check, legal, man, play, setup};
use escalade_chutes::{castle_bit, Chutes};
use escalade_core::{Color, Game, GameResult};
use escalade_core::{MoveNotation, Rules};

#[test]
fn r6a_king_may_not_step_onto_an_attacked_ladder() {
    let p = setup("K0d6 K1a1", "K0d8 K1h8", "Ld7", 'b');
    assert!(!legal(&p, "K0d8-1d7"), "R6a");
    assert!(!legal(&p, "K0d8-0d7"), "R6a (stepped-on spelling)");
    assert!(legal(&p, "K0d8-0c8") && legal(&p, "K0d8-0e8"), "R6a'");
    assert!(!legal(&p, "K0d8-0c7") && !legal(&p, "K0d8-0e7"), "R6a'");
}

#[test]
fn r6b_r6c_landing_square() {
    assert!(
        !legal(&setup("K0a1 K1e6", "K0d8 K1h8", "Ld7", 'b'), "K0d8-1d7"),
        "R6b"
    );
    let p = setup("K0a1 K1a1", "K0d8 K1h8", "Ld7", 'b');
    let q = play(&p, "K0d8-1d7");
    assert_eq!((man(&q, "1d7"), man(&q, "0d7")), (Some('k'), None), "R6c");
}

#[test]
fn r6d_other_men_may_step_onto_an_attacked_entrance() {
    let p = setup("K0a1 K1a1 N0b5", "K0h8 K1h8 0e7", "ld6", 'w');
    let q = play(&p, "N0b5-1d6");
    assert_eq!(man(&q, "1d6"), Some('N'));
}

#[test]
fn r11_occupied_exit_and_moving_across() {
    let p = setup("K0h1 K1h1 R0a4", "K0h8 K1h8 N1e4", "le4", 'w');
    assert!(!legal(&p, "R0a4-0e4") && !legal(&p, "R0a4-1e4"), "R11a");
    let q = play(&p, "R0a4-0f4");
    assert_eq!(man(&q, "0f4"), Some('R'), "R11b");
    let p = setup("K0h1 K1h1 R0a4", "K0h8 K1h8 N1c3", "le4", 'w');
    let q = play(&p, "R0a4-1e4");
    assert_eq!(man(&q, "1e4"), Some('R'), "R11c");
}

#[test]
fn r11d_no_capture_or_check_through_a_ladder() {
    let p = setup("K0a1 K1a1 R0a5", "K0h8 K1e5", "Le5", 'w');
    assert!(!legal(&p, "R0a5-1e5") && !legal(&p, "R0a5x1e5") && !legal(&p, "R0a5-0e5"));
    assert!(!king_in_check(&p, "1e5"));
}

fn position_p() -> Chutes {
    setup("K0h1 K1h1 0e4", "K0h8 K1h8 1e4", "La3,Lb3,cc6", 'w')
}

#[test]
fn p1_to_p8_making_and_removing() {
    let p = position_p();
    assert!(legal(&p, "K0h1-0g1/"));
    assert!(!legal(&p, "K0h1-0g1/+0e4"), "P1");
    assert!(!legal(&p, "K0h1-0g1/+1e4"), "P2");
    assert!(!legal(&p, "K0h1-0g1/+0d3"), "P3");
    assert!(legal(&p, "K0h1-0g1/+1d3"), "P4");
    assert!(
        !legal(&p, "K0h1-0g1/+0c6") && !legal(&p, "K0h1-0g1/+1c6"),
        "P5"
    );
    assert!(!legal(&p, "K0h1-0g1/-c6"), "P6");
    let q = play(&p, "K0h1-0g1/-a3");
    assert_eq!(q.owned_count(Color::White, false), 1, "P7");
    let q = play(&q, "K0h8-0g8/");
    assert!(
        legal(&q, "K0g1-0h1/+0d3"),
        "P7: the slot is free on a later turn"
    );
    assert!(!legal(&p, "K0h1-0g1/-a3+0d3"), "P8");
    assert!(!legal(&p, "K0h1-0g1/-a3/+0d3"), "P8");
}

#[test]
fn p9_making_a_chute_under_the_enemy_king_moves_it_at_once() {
    let p = setup("K0a1 K1e6", "K0h8 K1g8", "-", 'b');
    let q = play(&p, "K0h8-0h7/+1e6");
    assert_eq!((man(&q, "0e6"), man(&q, "1e6")), (Some('K'), None), "P9");
    assert_eq!(q.owned_count(Color::Black, true), 1);
    let p = setup("K0a1 K1e6 N0e6", "K0h8 K1g8", "-", 'b');
    assert!(!legal(&p, "K0h8-0h7/+1e6"), "P9x");
}

#[test]
fn p10_part2_may_not_expose_ones_own_king() {
    let p = setup("K0e1 K1a1 N0e2", "K0h8 K1h8 R0e8", "-", 'w');
    assert!(!legal(&p, "K1a1-1a2/+0e2"), "P10");
    assert!(legal(&p, "K1a1-1a2/+0d2"), "P10'");
}

#[test]
fn p11_removal_moves_nothing() {
    let p = setup("K0a1 K1a1 1d7", "K0h8 K1h8", "ld7", 'b');
    let q = play(&p, "K0h8-0g8/-d7");
    assert_eq!(man(&q, "1d7"), Some('P'));
    assert_eq!(q.owned_count(Color::Black, false), 0);
}

#[test]
fn pr1_pr2_promotion_then_transport() {
    let p = setup("K0a1 K1a1 0d7", "K0h8 K1h8", "Ld8", 'w');
    let q = play(&p, "0d7-1d8=Q");
    assert_eq!((man(&q, "1d8"), man(&q, "0d8")), (Some('Q'), None), "PR1");
    assert!(king_in_check(&q, "1h8") && q.in_check());
    let p = setup("K0a1 K1a1 0d7", "K0h8 K1h8 N1d8", "Ld8", 'w');
    for t in ["0d7-0d8=Q", "0d7-1d8=Q", "0d7-0d8=N", "0d7-1d8"] {
        assert!(!legal(&p, t), "PR2 {t}");
    }
}

#[test]
fn ep2_en_passant_on_the_board_the_pawn_passed() {
    let p = setup("K0a1 K1a1 0e2", "K0h8 K1h8 0d4 1d4", "le4", 'w');
    let q = play(&p, "0e2-1e4");
    assert_eq!((man(&q, "1e4"), man(&q, "0e4")), (Some('P'), None), "EP2");
    assert!(!legal(&q, "1d4x1e3"), "EP2c");
    let r = play(&q, "0d4x0e3");
    assert_eq!((man(&r, "1e4"), man(&r, "0e3")), (None, Some('p')), "EP2b");
}

fn castling_start() -> Chutes {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - - 0 1";
    Chutes::from_fen(0, fen).unwrap()
}

#[test]
fn cs1_castling_on_one_board() {
    let p = castling_start();
    let q = play(&p, "K0e1-0g1/");
    assert_eq!(
        (man(&q, "0g1"), man(&q, "0f1")),
        (Some('K'), Some('R')),
        "CS1"
    );
    let board1 = castle_bit(1, Color::White, 0) | castle_bit(1, Color::White, 1);
    assert_eq!(
        q.castling_rights() & board1,
        board1,
        "board-1 rights unchanged"
    );
    assert_eq!(q.castling_rights() & castle_bit(0, Color::White, 0), 0);
    assert_eq!(p.parse_move("0O-O/"), p.parse_move("K0e1-0g1/"));
}

#[test]
fn cs2_a_king_transported_and_back_has_lost_castling() {
    let p = setup("K0e1 R0h1 K1a1", "K0h8 K1h8", "-", 'b');
    let p = Chutes::from_fen(0, &p.to_fen().replacen(" b - ", " b K|- ", 1)).unwrap();
    let p = play(&p, "K0h8-0g8/+0e1");
    assert_eq!(man(&p, "1e1"), Some('K'));
    assert_eq!(p.castling_rights(), 0);
    let p = play(&p, "K1a1-1a2/");
    let p = play(&p, "K0g8-0f8/-e1");
    let p = play(&p, "K1a2-1a1/+1e1");
    assert_eq!(man(&p, "0e1"), Some('K'));
    let p = play(&p, "K0f8-0g8/");
    assert!(!legal(&p, "K0e1-0g1/"), "CS2");
}

#[test]
fn cs3_castling_rook_onto_an_entrance_with_occupied_exit() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - lf1 - 0 1";
    let p = Chutes::from_fen(0, fen).unwrap();
    assert!(!legal(&p, "K0e1-0g1/"), "CS3");
}

#[test]
fn d1_only_kings_is_dead() {
    for side in ['w', 'b'] {
        let p = setup("K0a1 K1a1", "K0h8 K1h8", "-", side);
        assert_eq!(
            p.rule_result(),
            Some(GameResult::Draw("Draw: only Kings remain"))
        );
    }
}

#[test]
fn d2_mate_of_one_king_with_the_other_free() {
    let p = setup("K0h6 K0f7 B0d4", "K0h8 K1a8", "-", 'b');
    assert!(p.in_check());
    assert_eq!(Game::new(p).result(), Some(GameResult::mate(Color::White)));
}

#[test]
fn d3_stalemate_on_both_boards() {
    let p = setup("K0e1 K1e1 Q0c7 Q1c7", "K0a8 K1a8", "-", 'b');
    assert!(!p.in_check());
    assert_eq!(
        Game::new(p).result(),
        Some(GameResult::Draw("Draw by stalemate"))
    );
}

#[test]
fn d4_repetition_includes_things_and_owners() {
    let white_owned = setup("K0a1 K1a1 R0b2", "K0h8 K1h8 r0g7", "La3", 'w');
    let black_owned = setup("K0a1 K1a1 R0b2", "K0h8 K1h8 r0g7", "la3", 'w');
    let chute = setup("K0a1 K1a1 R0b2", "K0h8 K1h8 r0g7", "Ca3", 'w');
    assert_ne!(white_owned.hash(), black_owned.hash());
    assert_ne!(white_owned.hash(), chute.hash());
    let mut game = Game::new(setup("K0a1 K1a1 R0b2", "K0h8 K1h8 r0g7", "-", 'w'));
    // a cycle that changes the things is not a repetition of the start
    for t in ["K0a1-0a2/+0c3", "K0h8-0g8/", "K0a2-0a1/", "K0g8-0h8/"] {
        game.play_text(t).unwrap();
    }
    assert_eq!(game.occurrences(), 1);
    // the position after the ladder was made (ply 1) comes back at plies 5 and 9
    for t in [
        "K0a1-0a2/",
        "K0h8-0g8/",
        "K0a2-0a1/",
        "K0g8-0h8/",
        "K0a1-0a2/",
    ] {
        assert_eq!(game.result(), None);
        game.play_text(t).unwrap();
    }
    assert_eq!(game.positions().len(), 10);
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.result(), Some(GameResult::Draw("Draw by repetition")));
}

#[test]
fn d5_fifty_moves_and_part2_lifts_do_not_reset() {
    let fen = |clock: u32| {
        let p = setup("K0a1 K1a1 0c4", "K0h8 K1h8 0f5", "-", 'w');
        p.to_fen().replace(" - 0 1", &format!(" - {clock} 80"))
    };
    let p = Chutes::from_fen(0, &fen(99)).unwrap();
    assert_eq!(p.rule_result(), None);
    let q = play(&p, "K0a1-0a2/+0c4");
    assert_eq!(man(&q, "1c4"), Some('P'));
    assert_eq!(q.reversible_plies(), 100);
    assert_eq!(
        q.claimable_draw(),
        Some(GameResult::Draw("Draw by the 50-move rule"))
    );
    let q = play(&p, "0c4-0c5/");
    assert_eq!(
        q.reversible_plies(),
        0,
        "a Part 1 pawn move resets the count"
    );
}

#[test]
fn a13_a14_en_passant_onto_an_entrance_transports_the_capturer() {
    let p = setup("K0a1 K1a1 0e2", "K0h8 K1h8 0d4", "Le3", 'w');
    let q = play(&p, "0e2-0e4/");
    assert!(q.en_passant().is_some());
    let r = play(&q, "0d4x1e3/");
    assert_eq!(
        (man(&r, "1e3"), man(&r, "0e4"), man(&r, "0e3")),
        (Some('p'), None, None)
    );
}

#[test]
fn a16_castling_king_onto_a_ladder_is_a_normal_stop() {
    let p = setup("K0e1 R0h1 K1a1", "K0a8 K1h8", "lg1", 'w');
    let p = Chutes::from_fen(0, &p.to_fen().replacen(" w - ", " w K|- ", 1)).unwrap();
    let q = play(&p, "K0e1-1g1/");
    assert_eq!(
        (man(&q, "1g1"), man(&q, "0f1"), man(&q, "0g1")),
        (Some('K'), Some('R'), None)
    );
}

#[test]
fn clarification_castling_may_lift_the_rook_to_block_a_check_on_the_other_board() {
    let p = setup("K0e1 R0h1 K1h1", "K0a8 K1a8 r1a1", "lf1", 'w');
    let p = Chutes::from_fen(0, &p.to_fen().replacen(" w - ", " w K|- ", 1)).unwrap();
    assert!(p.in_check());
    let q = play(&p, "K0e1-0g1/");
    assert_eq!(man(&q, "1f1"), Some('R'));
    assert!(!q.king_attacked(Color::White));
}

#[test]
fn clarification_castling_right_lost_when_the_rook_is_captured() {
    let p = Chutes::from_fen(
        0,
        "4k2r/8/8/8/8/8/8/4K2R|4k3/8/8/8/8/8/8/4K3 b K|- - - - 0 1",
    )
    .unwrap();
    let q = play(&p, "R0h8x0h1/");
    assert_eq!(q.castling_rights(), 0);
}

#[test]
fn a17_double_step_after_transport() {
    let p = setup("K0a1 K1a1 0e2", "K0h8 K1h8", "-", 'b');
    let q = play(&p, "K0h8-0g8/+0e2");
    assert_eq!(man(&q, "1e2"), Some('P'));
    assert!(legal(&q, "1e2-1e4/"));
}

#[test]
fn clarification_own_part2_filling_the_capture_square_cancels_en_passant() {
    let p = setup("K0a1 K1a1 0e2 N1e3", "K0h8 K1h8 0d4", "-", 'w');
    assert!(play(&p, "0e2-0e4/").en_passant().is_some());
    let q = play(&p, "0e2-0e4/+1e3");
    assert_eq!(man(&q, "0e3"), Some('N'));
    assert_eq!(q.en_passant(), None);
    let r = play(&q, "0d4x0e3/");
    assert_eq!(
        man(&r, "0e4"),
        Some('P'),
        "an ordinary capture of the knight, not en passant"
    );
}

#[test]
fn only_the_attacked_king_is_marked_in_check() {
    use escalade_core::Diagram;
    let fen = "4r2k/8/8/8/8/8/8/4K3|k7/8/8/8/8/8/8/4K3 w - - - - 0 1";
    let p = Chutes::from_fen(0, fen).expect("a valid FEN");
    assert!(p.in_check());
    assert_eq!(
        p.checked_cells(),
        ["0e1"],
        "the King on board 1 is not attacked"
    );
    let quiet = Chutes::startpos(0);
    assert!(quiet.checked_cells().is_empty());
}
