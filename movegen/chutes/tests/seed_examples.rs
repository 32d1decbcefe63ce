//! The seed's three worked examples as reconstructed in `shared/rules/chutes.md` (A22-A24):
//! tests C-O (opening), C-C (composed) and C-E (endgame 2).

mod common;

use common::{king_in_check, legal, man, part1_set, play, setup};
use escalade_chutes::Chutes;
use escalade_core::Rules;
use escalade_core::{Color, Game, GameResult};

fn opening_after_qh5(part2: &str) -> Chutes {
    let p = play(&Chutes::startpos(0), "0e2-0e4");
    let p = play(&p, "0f7-0f5/");
    play(&p, &format!("Q0d1-0h5/{part2}"))
}

#[test]
fn c_o1_white_first_turn_has_no_part2() {
    let start = Chutes::startpos(0);
    assert!(legal(&start, "0e2-0e4"));
    assert!(!legal(&start, "0e2-0e4/+0e5"), "O1x");
    let p = play(&start, "0e2-0e4");
    assert!(legal(&p, "0f7-0f5/"), "O2");
    assert!(legal(&p, "0f7-0f5"), "O2 without the slash");
}

#[test]
fn c_o3_o4_shortest_mate() {
    let p = opening_after_qh5("+0g6");
    assert_eq!(
        p.owned_count(Color::White, false),
        1,
        "O3: White owns one ladder"
    );
    assert!(p.in_check(), "O4: K0e8 is in check through the g6 entrance");
    assert_eq!(p.count_part1(), 0, "O4: no legal Part 1");
    assert_eq!(p.no_move_result(), GameResult::mate(Color::White));
    assert!(!legal(&p, "0g7-1g6"), "O4a");
    assert!(
        !legal(&p, "0g7-0g6"),
        "O4a (written as the square stepped on)"
    );
    assert!(!legal(&p, "N0g8-0f6/+1f7"), "O4b");
    assert!(!legal(&p, "K0e8-0f7"), "O4c");
    let mut game = Game::new(Chutes::startpos(0));
    for t in ["0e2-0e4", "0f7-0f5/", "Q0d1-0h5/+0g6"] {
        game.play_text(t).unwrap();
    }
    assert_eq!(game.result(), Some(GameResult::mate(Color::White)));
}

#[test]
fn c_o5_without_the_ladder_g6_blocks() {
    let p = opening_after_qh5("");
    assert!(legal(&p, "0g7-0g6/"));
    assert!(p.count_part1() > 0);
}

fn composed() -> Chutes {
    setup("K0h1 K1h1 R0e1 0e2", "K0e5 K1f5 0f4 1f4", "ce3", 'w')
}

#[test]
fn c_c1_ladder_lifts_the_pawn_and_checks_both_kings() {
    let p = play(&composed(), "0e2-0e4/+0e4");
    assert_eq!(man(&p, "1e4"), Some('P'));
    assert_eq!(man(&p, "0e4"), None);
    assert_eq!(p.owned_count(Color::White, false), 1);
    let (t, v) = p.en_passant().unwrap();
    assert_eq!(
        (
            escalade_chutes::square_name(t),
            escalade_chutes::square_name(v)
        ),
        ("0e3".into(), "1e4".into())
    );
    assert!(king_in_check(&p, "0e5") && king_in_check(&p, "1f5"));
}

#[test]
fn c_c2_to_c6_the_single_saving_move() {
    let p = play(&composed(), "0e2-0e4/+0e4");
    assert_eq!(
        part1_set(&p).into_iter().collect::<Vec<_>>(),
        vec!["0f4x0e3".to_string()],
        "C2"
    );
    let q = play(&p, "0f4x0e3");
    assert_eq!(man(&q, "1e4"), None, "C3: victim removed from 1e4");
    assert_eq!(man(&q, "0e3"), Some('p'));
    assert!(!king_in_check(&q, "0e5") && !king_in_check(&q, "1f5"));
    assert!(!legal(&p, "1f4x0e3"), "C4");
    assert!(!legal(&p, "K1f5x1e4"), "C5");
    assert!(!legal(&p, "K0e5-0d4"), "C6");
}

fn endgame() -> Chutes {
    setup("0d6 K0e6 K1e6", "K0e8 K1e8", "-", 'w')
}

#[test]
fn c_e1_e2_ladder_on_the_promotion_square() {
    let p = play(&endgame(), "0d6-0d7+/+0d8");
    assert!(king_in_check(&p, "0e8"), "E1");
    assert_eq!(p.owned_count(Color::White, false), 1);
    let set: Vec<String> = part1_set(&p).into_iter().collect();
    assert_eq!(
        set,
        vec!["K0e8-0f8".to_string(), "K0e8-1d8".to_string()],
        "E2"
    );
}

#[test]
fn c_e3_to_e8_the_reconstructed_line() {
    let p = play(&endgame(), "0d6-0d7+/+0d8");
    let p = play(&p, "K0e8-1d8/+0e7");
    assert_eq!(
        (man(&p, "1d8"), man(&p, "1e8")),
        (Some('k'), Some('k')),
        "E3"
    );
    assert_eq!(p.owned_count(Color::Black, false), 1);
    assert!(!legal(&p, "K0e6-0e7/") && !legal(&p, "K0e6-1e7/"), "E3x");

    let side = play(&play(&p, "K0e6-0d6/"), "K1e8-1f8/+0c7");
    assert!(
        !legal(&side, "K0d6-0c7/") && !legal(&side, "K0d6-1c7/"),
        "E4"
    );

    let p = play(&p, "K0e6-0d6/+1c7");
    assert_eq!(p.owned_count(Color::White, true), 1, "E5");
    assert!(!legal(&p, "K1e8-1f8/+0c7"), "E5: c7 already has a thing");
    assert!(
        !legal(&p, "K1d8-1c8/+0d7"),
        "E5b: the lifted pawn would attack 1c8"
    );
    let p = play(&p, "K1e8-1f8/+0d7");
    assert_eq!(man(&p, "1d7"), Some('P'), "E5c");
    assert_eq!(p.owned_count(Color::Black, false), 2);

    let p = play(&p, "K0d6-0c7/");
    assert_eq!(
        man(&p, "0c7"),
        Some('K'),
        "E6: a chute exit does not transport"
    );
    let p = play(&p, "K1f8-1g7/+1e6");
    assert_eq!((man(&p, "0e6"), man(&p, "1e6")), (Some('K'), None), "E6b");
    assert_eq!(p.owned_count(Color::Black, true), 1);

    assert!(!legal(&p, "K0e6-0d7/") && !legal(&p, "K0e6-1d7/"), "E7x");
    let p = play(&p, "K0e6-0d6/+0d6");
    assert_eq!(man(&p, "1d6"), Some('K'), "E7");
    assert_eq!(p.owned_count(Color::White, false), 2);

    let p = play(&p, "K1g7-1f6/-e7");
    assert_eq!(
        (
            p.owned_count(Color::Black, false),
            p.owned_count(Color::Black, true)
        ),
        (1, 1),
        "E8"
    );
    assert!(!legal(&p, "K1d6-1c6/+0a3"), "E7: White owns two ladders");
    assert!(legal(&p, "K1d6-1c6/+1a3"));
}
