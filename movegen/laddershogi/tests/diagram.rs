//! The drawing board's view of Ladder Shogi (`Diagram`): the core's checker along random
//! games from the start and from positions with hands, Dragon pairs, Crickets and experience
//! splits, and the click sequences of a drop, a Dragon pair, a Cricket double move and splits.

mod common;

use common::pos;
use escalade_core::testsuite::check_diagram;
use escalade_core::{Click, Color, Diagram, MoveNotation, Rules, SeededRng};
use escalade_laddershogi::LadderShogi;

fn c(name: &str) -> Click {
    Click::Cell(name.into())
}

/// The text of the legal turn that `clicks` make (one of its sequences), if any.
fn turn_of(p: &LadderShogi, clicks: &[Click]) -> Option<String> {
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let found: Vec<String> = moves
        .into_iter()
        .filter(|&m| p.move_clicks(m).iter().any(|s| s == clicks))
        .map(|m| p.move_text(m))
        .collect();
    assert!(found.len() <= 1, "{clicks:?} make {found:?}");
    found.into_iter().next()
}

/// Positions of the other tests: hands, Dragon pairs, Crickets, excess experience.
fn busy_positions() -> Vec<LadderShogi> {
    let mut out = vec![
        // suite.rs: Crickets, Dragons, Kappas, a Burakumin and hands.
        pos(
            "U a1, K f1, Dr e3, Cr g3, Kp d5, V3 d3, V5 e4, V1 f4, V8 h3, L c1, H d2",
            "K e10, Dr d9, Cr f9, Kp g6, V2 d8, V4 e8, V6 f7, V9 c7, L h10, Nj b10",
            "2VLh",
            'w',
        ),
        pos(
            "K e1, Cr d2, Dr f2, V7 e3, V2 d3, V4 f3, V10 c4, R a2, Kp h4",
            "K f10, Cr e9, Dr g9, V6 f8, V3 e8, V2 g8, B c8, Kp c6, N h7",
            "VCvp",
            'b',
        ),
        // rules.rs: ls4 (27 splits), ls12b (Cricket), ls13 (Dragon pair).
        pos("K j1, VX e5, V1 d9, V5 f9, L d8", "K a10, V6 e8", "", 'w'),
        pos("K a1, Cr d3, V1 e4", "K j10, V1 e5, V1 e6, V1 f6", "", 'w'),
        pos(
            "K a1, Dr e4, V1 d5, V1 f5, V1 h5",
            "K j10, V1 d6, V1 f6, V1 h6",
            "",
            'w',
        ),
    ];
    // Dragon pairs whose first capture gives experience to the partner.
    for (fen, _, _) in common::TRANSFER_POSITIONS {
        out.push(LadderShogi::from_fen(0, fen).expect("valid"));
    }
    out
}

#[test]
fn diagram_clicks_make_every_move() {
    let start = LadderShogi::startpos(0);
    assert!(check_diagram(&start, 4, 60, 11) > 120);
    for (i, p) in busy_positions().iter().enumerate() {
        check_diagram(p, 3, 10, 100 + i as u64);
    }
}

/// The cell names of a click sequence, joined as a move text (`d5d6,f5f6`).
fn pair_text(clicks: &[Click]) -> String {
    let name = |click: &Click| match click {
        Click::Cell(name) => name.clone(),
        other => panic!("a pair's second order has only cells, not {other:?}"),
    };
    let names: Vec<String> = clicks.iter().map(name).collect();
    format!("{}{},{}{}", names[0], names[1], names[2], names[3])
}

/// A random crowded middle of the board (value pieces of high stages, Dragons, Crickets, a
/// Kappa, a Burakumin), both Kings anywhere, hands `VCd`; `None` when the FEN is refused.
fn random_crowd(rng: &mut SeededRng) -> Option<LadderShogi> {
    const LETTERS: [&str; 17] = [
        "V5", "V6", "V7", "V8", "V9", "VX", "V4", "V3", "D", "C", "D", "C", "V1", "V2", "P", "U",
        "L",
    ];
    let mut board = vec![String::new(); 100];
    board[rng.below(100)] = "K".into();
    let black_king = rng.below(100);
    if !board[black_king].is_empty() {
        return None;
    }
    board[black_king] = "k".into();
    for _ in 0..12 + rng.below(14) {
        let sq = (2 + rng.below(6)) * 10 + 2 + rng.below(6);
        let letter = LETTERS[rng.below(LETTERS.len())];
        if board[sq].is_empty() {
            board[sq] = match rng.below(2) {
                0 => letter.to_string(),
                _ => letter.to_ascii_lowercase(),
            };
        }
    }
    let rank = |r: usize| {
        let row: Vec<&str> = board[r * 10..r * 10 + 10]
            .iter()
            .map(|s| match s.as_str() {
                "" => "1",
                piece => piece,
            })
            .collect();
        row.concat()
    };
    let ranks: Vec<String> = (0..10).rev().map(rank).collect();
    let side = ["w", "b"][rng.below(2)];
    let fen = format!("{} {side} VCd 0", ranks.join("/"));
    LadderShogi::from_fen(0, &fen).ok()
}

/// Random play rarely reaches a split; crowds of high stages next to Dragons and Crickets
/// give hundreds (splits in both sub-moves of a turn among them).
#[test]
fn random_crowds_keep_every_click_sequence_unique() {
    let mut rng = SeededRng::new(9);
    let (mut positions, mut menus) = (0, 0);
    while positions < 300 {
        let Some(p) = random_crowd(&mut rng) else {
            continue;
        };
        positions += 1;
        check_diagram(&p, 1, 1, positions);
        let mut moves = Vec::new();
        p.generate_moves(&mut moves);
        menus += moves
            .iter()
            .filter(|&&m| matches!(p.move_clicks(m)[0].last(), Some(Click::Choice(_))))
            .count();
    }
    assert!(menus > 1000, "only {menus} turns with a split menu");
}

#[test]
fn second_order_of_a_pair_is_a_turn_the_rules_accept() {
    let mut rng = SeededRng::new(5);
    let mut seen = 0;
    for start in busy_positions() {
        let mut p = start;
        for _ in 0..8 {
            let mut moves = Vec::new();
            p.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                for other in p.move_clicks(m).iter().skip(1) {
                    seen += 1;
                    let text = pair_text(other);
                    assert_eq!(
                        p.parse_move(&text).ok(),
                        Some(m),
                        "{text} in {}",
                        p.to_fen()
                    );
                }
            }
            p = p.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(seen > 20, "only {seen} pairs in the other order");
}

#[test]
fn picture_shows_stages_hands_and_petrified_pieces() {
    let p = pos("K j1, V6 e5, Dr d2", "K a10, Kp e6, V10 b9", "2VLh", 'b');
    let picture = p.picture();
    assert_eq!(picture.cells.len(), 100);
    assert!(picture.cells.iter().any(|c| c.name == "j10"));
    let at = |name: &str| {
        let placed = picture.pieces.iter().find(|p| p.cell == name);
        placed.expect("a piece").man.clone()
    };
    let v6 = at("e5");
    assert_eq!(
        (v6.kind.as_str(), v6.letter.as_str()),
        ("shogi-value", "V6")
    );
    assert_eq!(v6.badge.as_deref(), Some("6"));
    let v10 = at("b9");
    assert_eq!(
        (v10.letter.as_str(), v10.badge.as_deref()),
        ("v10", Some("10"))
    );
    assert!(at("a10").royal && !at("d2").royal);
    assert_eq!(at("e6").kind, "shogi-kappa");
    let hands: Vec<(&str, u32)> = picture
        .hands
        .iter()
        .map(|h| (h.id.as_str(), h.count))
        .collect();
    assert_eq!(hands, [("w-V", 2), ("w-L", 1), ("b-H", 1)]);
    assert_eq!(picture.hands[2].man.color, Color::Black);
    assert_eq!(
        picture.notes,
        ["White pieces petrified by a Kappa: e5"],
        "the V6 next to Black's Kappa"
    );
    let legend = LadderShogi::legend(0);
    assert_eq!(legend.len(), 12);
    assert!(legend[0].moves.contains("Dragon Emperor"));
}

#[test]
fn drop_clicks() {
    let p = pos("K j1", "K a10", "2VL", 'w');
    let drop = [Click::Hand("w-V".into()), c("e5")];
    assert_eq!(turn_of(&p, &drop).as_deref(), Some("V@e5"));
    let lance = [Click::Hand("w-L".into()), c("c9")];
    assert_eq!(turn_of(&p, &lance).as_deref(), Some("L@c9"));
    assert_eq!(turn_of(&p, &[Click::Hand("w-L".into()), c("c10")]), None);
}

#[test]
fn dragon_pair_clicks_in_either_order() {
    let p = pos(
        "K a1, Dr e4, V1 d5, V1 f5, V1 h5",
        "K j10, V1 d6, V1 f6, V1 h6",
        "",
        'w',
    );
    let one = turn_of(&p, &[c("d5"), c("d6"), c("f5"), c("f6")]);
    let other = turn_of(&p, &[c("f5"), c("f6"), c("d5"), c("d6")]);
    assert!(one.is_some());
    assert_eq!(one, other, "A then B and B then A are one turn");
    assert_eq!(turn_of(&p, &[c("d5"), c("d6"), c("h5"), c("h6")]), None);
}

#[test]
fn cricket_double_move_clicks() {
    let p = pos("K a1, Cr d3, V1 e4", "K j10, V1 e5, V1 e6, V1 f6", "", 'w');
    let double = [c("e4"), c("e5"), c("f6")];
    assert_eq!(turn_of(&p, &double).as_deref(), Some("e4xe5,e5xf6"));
    assert_eq!(turn_of(&p, &double[..2]).as_deref(), Some("e4xe5"));
    // The King, hemmed in by Merchants, goes out to d5 and back: the only pass.
    let q = pos(
        "K d4, Cr c3, V1 c4, V1 c5, V1 d3, V1 e3, V1 e4, V1 e5",
        "K j10",
        "",
        'w',
    );
    let pass = [c("d4"), c("d5"), c("d4")];
    assert_eq!(turn_of(&q, &pass).as_deref(), Some("d4-d5,d5-d4"));
}

#[test]
fn experience_split_clicks() {
    let p = pos("K j1, VX e5, V1 d9, V5 f9, L d8", "K a10, V6 e8", "", 'w');
    let with = |label: &str| [c("e5"), c("e8"), Click::Choice(label.into())];
    assert_eq!(
        turn_of(&p, &with("d9+1 f9+5")).as_deref(),
        Some("e5xe8[f9=5/d9=1]")
    );
    assert_eq!(turn_of(&p, &with("keep")).as_deref(), Some("e5xe8"));
    assert_eq!(turn_of(&p, &[c("e5"), c("e8")]), None, "a split is chosen");
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let labels: std::collections::HashSet<Click> = moves
        .iter()
        .flat_map(|&m| p.move_clicks(m))
        .filter(|s| s[..2] == [c("e5"), c("e8")])
        .map(|s| s[2].clone())
        .collect();
    assert_eq!(labels.len(), 27, "one menu line per split");
}
