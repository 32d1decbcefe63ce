//! Every test case of section 3 of the Ladder Shogi rules file (LS-1 to LS-17), named after it.

mod common;

use common::{after, legal, pos, turns};
use escalade_core::{Bitboard, Color, Game, GameResult};
use escalade_core::{MoveNotation, Rules};
use escalade_laddershogi::*;

fn sq(name: &str) -> u8 {
    let f = name.as_bytes()[0] - b'a';
    let r: u8 = name[1..].parse().unwrap();
    (r - 1) * 10 + f
}

fn at(p: &LadderShogi, name: &str) -> Option<(Kind, Color)> {
    p.piece_at(sq(name))
}

fn hand(p: &LadderShogi, c: Color, letter: char) -> u8 {
    p.hand_count(c, HAND_LETTERS.iter().position(|&l| l == letter).unwrap())
}

#[test]
fn ls1_initial_position() {
    let p = LadderShogi::startpos(0);
    assert_eq!(
        p.to_fen(),
        "ljcdkpjl1u/hv4v3v2v2v3v4h2/v1v1v1v2v2v1v1v1v1v1/10/10/10/10/V1V1V1V1V1V2V2V1V1V1/2HV4V3V2V2V3V4H/U1LJPKDCJL w - 0"
    );
    for c in Color::BOTH {
        let mut stages = [0; 11];
        let mut non_value = 0;
        for s in p.pieces(c).squares() {
            let (k, _) = p.piece_at(s).unwrap();
            if is_value(k) {
                stages[k as usize] += 1;
            } else {
                non_value += 1;
            }
        }
        assert_eq!(&stages[1..5], &[8, 4, 2, 2]);
        assert_eq!(
            stages.iter().enumerate().map(|(s, n)| s * n).sum::<usize>(),
            30
        );
        assert_eq!(non_value, 11);
        assert!((0..HAND_KINDS).all(|hk| p.hand_count(c, hk) == 0));
        assert_eq!(p.petrified_pieces(c), 0, "no piece next to an enemy Kappa");
    }
    assert_eq!(
        p.burakumin_zone() & p.occupied() & !p.kind_squares(BURAKUMIN),
        0
    );
    // Powers present but unusable: everything next to White's Cricket and Dragon is blocked.
    for s in ["g1", "i1", "g2", "h2", "i2", "f1", "h1", "f2"] {
        assert_eq!(p.piece_targets(sq(s)), 0, "{s} should be blocked");
    }
}

#[test]
fn ls2_opening_moves() {
    let p = LadderShogi::startpos(0);
    let expected = [
        "a3-a4", "b3-b4", "c2-b4", "c2-d4", "c3-c4", "d3-d4", "e3-e4", "f3-e4", "f3-g4", "g3-f4",
        "g3-h4", "h3-h4", "i3-i4", "j2-i4", "j3-j4",
    ];
    let mut e: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    e.sort();
    assert_eq!(turns(&p), e);
    let mut black = LadderShogi::from_fen(0, &p.to_fen().replace(" w ", " b ")).unwrap();
    assert_eq!(turns(&black).len(), 15);
    black = after(&p, "e3-e4");
    assert_eq!(turns(&black).len(), 15);
}

#[test]
fn ls3_experience() {
    let p = pos("K f1, V4 e5", "K e10, V3 f6", "", 'w');
    let q = after(&p, "e5xf6");
    assert_eq!(at(&q, "f6"), Some((7, Color::White)));
    assert_eq!(hand(&q, Color::White, 'V'), 1);
}

#[test]
fn ls4_excess_experience() {
    let p = pos("K j1, VX e5, V1 d9, V5 f9, L d8", "K a10, V6 e8", "", 'w');
    let captures: Vec<String> = turns(&p)
        .into_iter()
        .filter(|t| t.starts_with("e5xe8"))
        .collect();
    assert_eq!(captures.len(), 27, "{captures:?}");
    for t in &captures {
        let q = after(&p, t);
        assert_eq!(hand(&q, Color::White, 'V'), 1);
        assert_eq!(at(&q, "e8"), Some((10, Color::White)));
        assert_eq!(at(&q, "d8"), Some((LANCE, Color::White)));
    }
    let q = after(&p, "e5xe8[d9=6]");
    assert_eq!(at(&q, "d9"), Some((7, Color::White)));
    let q = after(&p, "e5xe8[d9=1/f9=5]");
    assert_eq!(
        (at(&q, "d9"), at(&q, "f9")),
        (Some((2, Color::White)), Some((10, Color::White)))
    );
    let q = after(&p, "e5xe8");
    assert_eq!(
        (at(&q, "d9"), at(&q, "f9")),
        (Some((1, Color::White)), Some((5, Color::White)))
    );
    assert!(!legal(&p, "e5xe8[f9=6]"), "f9 has room for 5 only");
    assert!(!legal(&p, "e5xe8[d8=1]"), "a Lance gets no experience");
    assert_eq!(count_splits(6, &[9, 5], false), 27);
    assert_eq!(count_splits(6, &[9, 5], true), 6);
}

#[test]
fn ls5_merchant_and_craftsman_at_the_end() {
    let base = |w: &str, b: &str| pos(&format!("K f1, {w}"), &format!("K a10{b}"), "", 'w');
    let a = after(&base("V1 e9", ""), "e9-e10");
    assert_eq!((at(&a, "e10"), hand(&a, Color::White, 'V')), (None, 1));
    let b = after(&base("V1 e9", ", V2 e10"), "e9xe10");
    assert_eq!(
        (at(&b, "e10"), hand(&b, Color::White, 'V')),
        (Some((3, Color::White)), 1)
    );
    let c = after(&base("V1 e9", ", V1 e10"), "e9xe10");
    assert_eq!((at(&c, "e10"), hand(&c, Color::White, 'V')), (None, 2));
    let d = after(&base("V1 e9", ", L e10"), "e9xe10");
    assert_eq!(
        (
            at(&d, "e10"),
            hand(&d, Color::White, 'V'),
            hand(&d, Color::White, 'L')
        ),
        (None, 1, 1)
    );
    let e = base("V1 e9, Cr d8", "");
    assert!(
        turns(&e).iter().all(|t| !t.starts_with("e9-e10,")),
        "no second move after going to hand"
    );
    assert!(legal(&e, "e9-e10"));
}

#[test]
fn ls6_king_execution() {
    let p = pos("K e1", "K e10, V1 e2", "", 'w');
    assert!(p.in_check());
    assert_eq!(turns(&p), ["e1-d1", "e1-d2", "e1-f1", "e1-f2", "e1xe2"]);
    let q = after(&p, "e1xe2");
    assert!((0..HAND_KINDS)
        .all(|hk| q.hand_count(Color::White, hk) == 0 && q.hand_count(Color::Black, hk) == 0));
}

#[test]
fn ls7_non_value_promotion() {
    let p = pos("K a1, L e8, Nj c8, H e7", "K j10", "", 'w');
    let q = after(&p, "e8-e10");
    assert_eq!(at(&q, "e10"), Some((ROOK, Color::White)));
    assert!(q.in_check(), "the Flying Chariot checks j10 along rank 10");
    assert_eq!(at(&after(&p, "e8-e9"), "e9"), Some((LANCE, Color::White)));
    assert_eq!(at(&after(&p, "c8-d9"), "d9"), Some((NINJA, Color::White)));
    assert_eq!(
        at(&after(&p, "c8-e10"), "e10"),
        Some((BISHOP, Color::White))
    );
    assert_eq!(at(&after(&p, "e7-d9"), "d9"), Some((SHOGUN, Color::White)));
    assert_eq!(at(&after(&p, "e7-f9"), "f9"), Some((SHOGUN, Color::White)));
    let h = pos("K a1, H e6", "K j10", "", 'w');
    assert_eq!(at(&after(&h, "e6-d8"), "d8"), Some((HORSE, Color::White)));
}

#[test]
fn ls8_base_form_in_hand() {
    let p = pos("K j1, R e5", "K a10, V1 e6", "", 'b');
    let q = after(&p, "e6xe5");
    assert_eq!(hand(&q, Color::Black, 'L'), 1);
    assert_eq!(at(&q, "e5"), Some((1, Color::Black)));
}

#[test]
fn ls9_non_value_captures_non_value() {
    let p = pos("K j1, B e5", "K a10, L e9", "", 'b');
    let q = after(&p, "e9xe5");
    assert_eq!(hand(&q, Color::Black, 'J'), 1);
    assert_eq!(at(&q, "e5"), Some((LANCE, Color::Black)));
}

#[test]
fn ls10_drop_restrictions() {
    let p = pos("K f1, V1 c4", "K e10, U a5", "VLJHUP", 'w');
    for bad in ["V@c10", "L@c10", "J@c10", "H@c9", "H@c10", "U@e2", "U@b4"] {
        assert!(!legal(&p, bad), "{bad} should be illegal");
    }
    for letter in ['V', 'L', 'J', 'H', 'P'] {
        for s in ["a4", "a6", "b4", "b5", "b6"] {
            assert!(
                !legal(&p, &format!("{letter}@{s}")),
                "{letter}@{s} touches the Burakumin"
            );
        }
    }
    for good in ["V@c9", "L@c9", "H@c8", "U@c6", "U@b6", "V@c6", "V@e9"] {
        assert!(legal(&p, good), "{good} should be legal");
    }
    assert!(after(&p, "V@e9").in_check(), "V@e9 gives check");
}

#[test]
fn ls11_merchant_drop_mate() {
    let p = pos("K a1, V6 e7", "K e10, L d10, L f10, L d9, L f9", "VL", 'w');
    assert!(!legal(&p, "V@e9"), "Merchant-drop mate");
    let q = after(&p, "L@e9");
    assert!(q.in_check());
    let mut game = Game::new(q);
    assert_eq!(game.result(), Some(GameResult::mate(Color::White)));
    assert!(game.play_text("e10xe9").is_err());
}

#[test]
fn ls12_two_move_threat_is_check() {
    let p = pos("K a1, Cr d7, V1 e8", "K e10", "vl", 'b');
    assert!(p.in_check());
    assert_eq!(
        turns(&p),
        ["V@e9", "e10-d10", "e10-d9", "e10-f10", "e10-f9"]
    );
    assert!(!legal(&p, "e10-e9"));
    assert!(!legal(&p, "L@e9"));
}

#[test]
fn ls12b_stage_change_inside_a_double_move() {
    let p = pos("K a1, Cr d3, V1 e4", "K j10, V1 e5, V1 e6, V1 f6", "", 'w');
    let q = after(&p, "e4xe5,e5xf6");
    assert_eq!(at(&q, "f6"), Some((3, Color::White)));
    assert_eq!(hand(&q, Color::White, 'V'), 2);
    assert!(
        !legal(&p, "e4xe5,e5xe6"),
        "a V2 does not step straight forward"
    );
    assert!(legal(&p, "e4xe5,e5-d6"));
    assert!(legal(&p, "e4xe5"));
}

#[test]
fn ls13_energizing() {
    let p = pos(
        "K a1, Dr e4, V1 d5, V1 f5, V1 h5",
        "K j10, V1 d6, V1 f6, V1 h6",
        "",
        'w',
    );
    let q = after(&p, "d5xd6,f5xf6");
    assert_eq!(
        (at(&q, "d6"), at(&q, "f6")),
        (Some((2, Color::White)), Some((2, Color::White)))
    );
    assert_eq!(hand(&q, Color::White, 'V'), 2);
    assert_eq!(
        p.parse_move("f5xf6,d5xd6"),
        p.parse_move("d5xd6,f5xf6"),
        "the order of A and B reaches one position"
    );
    assert!(!legal(&p, "d5xd6,h5xh6"), "h5 is not next to the Dragon");
    assert!(
        !legal(&p, "d5xd6,d6-c7"),
        "no Cricket: d5 cannot move twice"
    );
}

#[test]
fn ls14_petrification() {
    let a = pos("K j1, Kp e5", "K j10, V1 e6, V9 a5", "", 'b');
    assert!(!legal(&a, "e6xe5"));
    let q = after(&a, "a5xe5");
    assert_eq!(
        (hand(&q, Color::Black, 'P'), at(&q, "e5")),
        (1, Some((9, Color::Black)))
    );

    for side in ['w', 'b'] {
        let b = pos("K j1, Kp e5", "K a10, Kp e6", "", side);
        assert!(turns(&b)
            .iter()
            .all(|t| !t.starts_with("e5") && !t.starts_with("e6")));
    }

    let c = pos("K a1, Kp e9, V9 a10", "K e10", "", 'b');
    assert!(c.in_check());
    assert_eq!(Game::new(c).result(), Some(GameResult::mate(Color::White)));
    let c1 = pos("K a1, Kp e9", "K e10", "", 'b');
    assert!(!c1.in_check());
    assert_eq!(
        Game::new(c1).result().and_then(|r| r.winner()),
        Some(Color::White)
    );
    let c2 = pos("K a1, Kp e9, V9 a10", "K e10", "l", 'b');
    assert_eq!(turns(&c2), ["L@b10", "L@c10", "L@d10"]);

    let d = pos("K e1, Kp e3", "K j10, V1 e2", "", 'w');
    assert!(!d.in_check());
    assert_eq!(
        turns(&d),
        ["e1-d1", "e1-d2", "e1-f1", "e1-f2", "e1xe2", "e3-d2", "e3-d3", "e3-f2", "e3-f3"]
    );
    for bad in ["e3-d4", "e3-e4", "e3-f4"] {
        assert!(!legal(&d, bad));
    }
}

#[test]
fn ls15_burakumin() {
    let start = LadderShogi::startpos(0);
    assert!(turns(&start)
        .iter()
        .all(|t| !t.starts_with("a1") && !["a2", "b1", "b2"].iter().any(|s| t.ends_with(s))));

    let b = pos("K j1, U e5", "K a10, V1 e8", "", 'w');
    assert_eq!(hand(&after(&b, "e5xe8"), Color::White, 'V'), 1);
    assert!(!legal(
        &pos("K j1, U e5", "K a10, V1 e8, V1 d9", "", 'w'),
        "e5xe8"
    ));
    assert!(!legal(
        &pos("K j1, U e5", "K a10, V1 e8, V1 d7", "", 'w'),
        "e5xe8"
    ));

    let c = pos("K a1, V9 a5, V5 g8", "K j10, U e6", "", 'w');
    assert!(legal(&c, "a5-c5"));
    assert!(!legal(&c, "a5-d5"));
    assert!(!legal(&c, "a5-j5"));
    let q = after(&c, "g8xe6");
    assert_eq!(
        (hand(&q, Color::White, 'U'), at(&q, "e6")),
        (1, Some((5, Color::White)))
    );
    assert!(!legal(&c, "g8-f7"));

    let d = pos("K a1, U e5", "K a10, U e7", "", 'w');
    assert!(legal(&d, "e5-e6"));
    assert!(legal(&d, "e5xe7"));

    let e = pos("K e1", "K a10, U e3", "", 'w');
    assert!(e.in_check());
    assert_eq!(turns(&e), ["e1-d1", "e1-f1"]);
    assert!(!pos("K e1, V1 d1", "K a10, U e3", "", 'w').in_check());
}

#[test]
fn ls16_energized_threat_is_check() {
    let p = pos("K a1, Dr d4, V9 e3, V3 e5", "K e10", "", 'b');
    assert!(p.in_check());
    assert_eq!(turns(&p), ["e10-d10", "e10-d9", "e10-f10", "e10-f9"]);
    assert!(!legal(&p, "e10-e9"));
}

#[test]
fn ls17_repetition_draws() {
    let p = pos("K a1", "K j10, V1 e6", "", 'w');
    let mut game = Game::new(p);
    for _ in 0..3 {
        for m in ["a1-b1", "j10-i10", "b1-a1", "i10-j10"] {
            assert_eq!(game.result(), None);
            game.play_text(m).unwrap();
        }
    }
    assert_eq!(game.occurrences(), 4);
    assert_eq!(
        game.result(),
        Some(GameResult::Draw("Draw by fourfold repetition"))
    );
}

#[test]
fn ls17_perpetual_check_loses() {
    let p = pos("K a1, R a9", "K e10", "", 'w');
    let mut game = Game::new(p);
    for _ in 0..3 {
        for m in ["a9-a10", "e10-e9", "a10-a9", "e9-e10"] {
            assert_eq!(game.result(), None);
            game.play_text(m).unwrap();
        }
    }
    assert_eq!(
        game.result().and_then(|r| r.winner()),
        Some(Color::Black),
        "White checked every turn"
    );
}
