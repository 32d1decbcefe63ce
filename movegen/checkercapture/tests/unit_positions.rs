//! The unit positions of section 6.2 of the rules file (T1 to T9), one test each, plus the
//! game-end verdicts of each goal set.

mod common;

use common::{play, pos, start, texts};
use escalade_checkercapture::{parse_square, CheckerCapture, MoveKind};
use escalade_core::{Color, Game, GameResult};
use escalade_core::{MoveNotation, Rules};

#[test]
fn t1_continuation_may_take_any_branch() {
    let p = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
    assert_eq!(texts(&p), ["c3xe5xe7", "c3xe5xg5"]);
}

#[test]
fn t2a_pawn_ending_on_last_rank_promotes() {
    let p = pos("checkercapture", "7k/3p4/2P5/8/8/8/8/K7 w - - 0 1");
    assert_eq!(texts(&p), ["c6xe8b", "c6xe8n", "c6xe8q", "c6xe8r"]);
    let q = p.play(p.parse_move("c6xe8q").unwrap());
    assert_eq!(q.to_fen(), "4Q2k/8/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn t2b_pawn_passing_through_last_rank_does_not_promote() {
    for form in ["checkercapture", "checkercapture-simple"] {
        let p = pos(form, "7k/3p1p2/2P5/8/8/8/8/K7 w - - 0 1");
        assert_eq!(texts(&p), ["c6xe8xg6"], "{form}");
        let q = p.play(p.parse_move("c6xe8xg6").unwrap());
        assert_eq!(q.to_fen(), "7k/8/6P1/8/8/8/8/K7 b - - 0 1");
    }
}

#[test]
fn t3_simple_promotion_in_place_then_a_move() {
    let p = pos("checkercapture-simple", "2P4k/8/8/8/8/8/8/K7 w - - 0 1");
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    assert_eq!(moves.len(), 47);
    let count = |letter: char| {
        texts(&p)
            .iter()
            .filter(|t| t.starts_with("c8") && t.ends_with(letter))
            .count()
    };
    assert_eq!(
        (count('q'), count('r'), count('b'), count('n')),
        (20, 13, 7, 4)
    );
    assert_eq!(
        moves.iter().filter(|m| m.kind == MoveKind::Quiet).count(),
        3
    );
    // a promotion is a pawn move: the 100-ply clock restarts
    let q = p.play(p.parse_move("c8d8q").unwrap());
    assert_eq!(q.to_fen(), "3Q3k/8/8/8/8/8/8/K7 b - - 0 1");
    // the same pawn in the main rules cannot stand there
    assert!(CheckerCapture::from_fen(0, "2P4k/8/8/8/8/8/8/K7 w - - 0 1").is_err());
}

#[test]
fn t3b_simple_promotion_alone_when_the_new_piece_cannot_move() {
    // the promoted piece on a8 is boxed in by its own pieces, the jumps all land off board
    let p = pos("checkercapture-simple", "PN5k/RR6/8/8/8/8/8/K7 w - - 0 1");
    let t = texts(&p);
    assert!(t.contains(&"a8a8b".to_string()), "{t:?}");
    assert!(t.contains(&"a8a8r".to_string()) && t.contains(&"a8a8q".to_string()));
    let mv = p.parse_move("a8a8r").unwrap();
    assert_eq!(p.play(mv).to_fen(), "RN5k/RR6/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn t4_no_moves_loses_main_wins_misere() {
    let fen = "7k/8/8/8/pppp4/ppp5/PP1n4/KN6 w - - 0 1";
    for (form, winner) in [
        ("checkercapture", Color::Black),
        ("checkercapture-misere", Color::White),
        ("checkercapture-semimisere", Color::White),
    ] {
        let p = pos(form, fen);
        assert!(texts(&p).is_empty());
        let result = Game::new(p).result().expect("game over");
        assert_eq!(result.winner(), Some(winner), "{form}");
    }
}

#[test]
fn t6_contact_forces_jumps() {
    let p = play(&start("checkercapture"), &["e2e4", "e7e5"]);
    assert_eq!(texts(&p), ["e4xe6"]);
    let q = play(&p, &["e4xe6"]);
    assert_eq!(texts(&q), ["d7xf5", "f7xd5"]);
}

#[test]
fn t7_displacement_castling_not_into_capture() {
    let p = pos(
        "checkercapture-displacement",
        "4k3/b7/8/8/8/8/8/4K2R w K - 0 1",
    );
    let t = texts(&p);
    assert_eq!(t.len(), 14);
    assert!(!t.contains(&"e1g1".to_string()));
}

#[test]
fn t7b_displacement_castling_allowed_when_safe() {
    let p = pos(
        "checkercapture-displacement",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    );
    let t = texts(&p);
    assert_eq!(t.len(), 15);
    assert!(t.contains(&"e1g1".to_string()));
    let q = play(&p, &["O-O"]);
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn castling_out_of_and_through_attack_is_allowed() {
    // displacement form: the rook on e4 attacks e1 and the bishop on a6 attacks f1
    let p = pos(
        "checkercapture-displacement",
        "4k3/8/b7/8/4r3/8/8/4K2R w K - 0 1",
    );
    assert!(texts(&p).contains(&"e1g1".to_string()));
}

#[test]
fn t8_jump_priority_over_displacement() {
    let p = pos(
        "checkercapture-displacement",
        "4k3/8/8/8/3p4/2Q5/8/4K3 w - - 0 1",
    );
    assert_eq!(texts(&p), ["c3xe5"]);
    assert!(p.parse_move("c3d4").is_err());
}

#[test]
fn t9_loop_paths_are_one_move() {
    let p = play(&start("checkercapture"), &["b1c3", "d7d5", "d2d4"]);
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    let mv = moves[0];
    let sq = |n| parse_square(n).unwrap();
    assert_eq!((mv.from, mv.to), (sq("d5"), sq("d3")));
    let expected = [sq("d4"), sq("c2"), sq("b2"), sq("c3")]
        .iter()
        .fold(0u64, |b, &s| b | 1 << s);
    assert_eq!(mv.captured, expected);
    assert_eq!(p.move_text(mv), "d5xd3xb1xb3xd3");
    assert_eq!(p.parse_move("d5xd3xb3xb1xd3"), Ok(mv));
    assert_eq!(
        p.parse_move("d5d4,d4d3,d3c2,c2b1,b1b2,b2b3,b3c3,c3d3"),
        Ok(mv)
    );
    assert_eq!(p.parse_move("d5d3"), Ok(mv));
    assert!(
        p.parse_move("d5xd3xb1").is_err(),
        "stopping early is illegal"
    );
}

#[test]
fn double_step_only_for_never_moved_pawns() {
    // D8: the e-pawn left e2 and came back by jumping; it may not double-step
    let p = pos("checkercapture", "4k3/8/8/8/8/8/4P3/4K3 w - e2 0 1");
    assert_eq!(
        texts(&p)
            .iter()
            .filter(|t| t.starts_with("e2"))
            .collect::<Vec<_>>(),
        ["e2e3"]
    );
    let q = pos("checkercapture", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(texts(&q).contains(&"e2e4".to_string()));
    let s = pos("checkercapture-simple", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(!texts(&s).contains(&"e2e4".to_string()));
}

#[test]
fn pawn_jumping_back_to_first_rank_stays_a_pawn() {
    // D9 and D1: the pawn on b3 jumps backwards over b2 to b1 and stays a pawn
    let p = pos("checkercapture", "4k3/8/8/8/8/1P6/1p6/4K3 w - - 0 1");
    assert_eq!(texts(&p), ["b3xb1"]);
    let q = play(&p, &["b3xb1"]);
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/1P2K3 b - - 0 1");
}

#[test]
fn king_capture_ends_the_sequence_and_the_game() {
    // D6: after jumping the king on d4 the pawn would have another jump over d6: it stops
    let p = pos("checkercapture", "8/8/3p4/8/3k4/3P4/8/K7 w - - 0 1");
    assert_eq!(texts(&p), ["d3xd5"]);
    for (form, winner) in [
        ("checkercapture", Color::White),
        ("checkercapture-misere", Color::Black),
        ("checkercapture-semimisere", Color::White),
    ] {
        let q = play(&pos(form, "8/8/3p4/8/3k4/3P4/8/K7 w - - 0 1"), &["d3xd5"]);
        assert_eq!(
            q.rule_result().and_then(GameResult::winner),
            Some(winner),
            "{form}"
        );
        assert!(texts(&q).is_empty(), "a decided position has no moves");
    }
}

#[test]
fn semimisere_pawnless_side_wins() {
    let p = pos("checkercapture-semimisere", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        p.rule_result(),
        Some(GameResult::Draw("Both sides have no pawns"))
    );
    let q = pos(
        "checkercapture-semimisere",
        "4k3/p7/8/8/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(
        q.rule_result().and_then(GameResult::winner),
        Some(Color::White)
    );
    // king capture has priority over the pawn condition (D12)
    let r = pos("checkercapture-semimisere", "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        r.rule_result().and_then(GameResult::winner),
        Some(Color::White)
    );
}

#[test]
fn hundred_plies_draw() {
    let p = pos("checkercapture", "4k3/8/8/8/8/8/8/4K3 w - - 100 80");
    assert_eq!(
        p.claimable_draw(),
        Some(GameResult::Draw("Draw by the 50-move rule"))
    );
    let q = pos("checkercapture", "4k3/8/8/8/8/8/8/4K3 w - - 99 80");
    assert_eq!(q.rule_result(), None);
}

#[test]
fn repetition_draws() {
    let mut g = Game::new(start("checkercapture"));
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert!(g.result().is_none());
        g.play_text(m).unwrap();
    }
    assert_eq!(g.result(), Some(GameResult::Draw("Draw by repetition")));
}

#[test]
fn no_en_passant() {
    // after d7d5 next to the e5 pawn there is no en-passant capture; e5 has no jump either
    let p = play(
        &pos("checkercapture", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"),
        &["d7d5"],
    );
    assert!(texts(&p).iter().all(|t| !t.starts_with("e5d6")));
}

#[test]
fn friendly_pieces_are_never_jumped_and_displacement_is_absent_in_main_rules() {
    let p = pos("checkercapture", "4k3/8/8/8/4p3/8/4R3/4K3 w - - 0 1");
    // the rook cannot land on e4 (no displacement); e4 is not adjacent to the rook
    assert!(!texts(&p).contains(&"e2e4".to_string()));
    let d = pos(
        "checkercapture-displacement",
        "4k3/8/8/8/4p3/8/4R3/4K3 w - - 0 1",
    );
    assert!(
        texts(&d).contains(&"e2e4".to_string()),
        "displacement is optional but legal"
    );
    assert!(texts(&d).contains(&"e2e3".to_string()));
}

#[test]
fn legs_through_the_victims_read_for_single_and_multiple_jumps() {
    let p = pos(
        "checkercapture-displacement",
        "4k3/8/8/8/3p4/2Q5/8/4K3 w - - 0 1",
    );
    let mv = p.parse_move("c3xe5").unwrap();
    assert_eq!(p.parse_move("c3d4,d4e5"), Ok(mv));
    let t1 = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
    let mv = t1.parse_move("c3xe5xg5").unwrap();
    assert_eq!(t1.parse_move("c3d4,d4e5,e5f5,f5g5"), Ok(mv));
    assert_eq!(t1.jump_path(mv).len(), 3);
}

#[test]
fn castling_text_for_both_sides() {
    let p = pos("checkercapture", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let q = play(&p, &["O-O-O"]);
    assert_eq!(q.to_fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
    let r = play(&q, &["0-0"]);
    assert_eq!(r.to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 b - - 2 2");
}

#[test]
fn board_text_draws_the_board() {
    let text = start("checkercapture-misere").board_text();
    assert!(text.contains(" 8 | r n b q k b n r |"), "{text}");
    assert!(text.contains("a b c d e f g h"));
    assert!(text.contains("checkercapture-misere, White to move"));
}
