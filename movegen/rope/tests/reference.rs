//! Cross-check of the bitboard move generator against a naive reference written from the
//! rules text alone: an array of squares, plain loops for every piece, legality by
//! making the move and asking whether any enemy capture move reaches the King. Random
//! games of every form compare the two move lists position by position.

use escalade_core::Color;
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_rope::{Kind, Rope, Special, FORMS, RULES};
use rand::seq::SliceRandom;

type Board = Vec<Option<(Color, Kind)>>;

fn forward(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

/// Destinations of the piece on `s` (captures included, own pieces excluded);
/// `with_hops` adds the non-capturing King/Gold hops.
fn destinations(b: &Board, s: usize, with_hops: bool) -> Vec<usize> {
    let (c, k) = b[s].expect("a piece");
    let n = b.len() as i32;
    let on = |t: i32| (0..n).contains(&t);
    let free = |t: i32| on(t) && !matches!(b[t as usize], Some((oc, _)) if oc == c);
    let mut out = Vec::new();
    let si = s as i32;
    match k {
        Kind::King | Kind::Gold => {
            for d in [1, -1] {
                if free(si + d) {
                    out.push(si + d);
                }
                if with_hops
                    && on(si + 2 * d)
                    && b[(si + d) as usize].is_some()
                    && b[(si + 2 * d) as usize].is_none()
                {
                    out.push(si + 2 * d);
                }
            }
        }
        Kind::Dabbaba | Kind::Dove => {
            let jumps: &[i32] = if k == Kind::Dabbaba {
                &[1, 2, -1, -2]
            } else {
                &[2, 3, -2, -3]
            };
            out.extend(jumps.iter().map(|j| si + j).filter(|&t| free(t)));
        }
        Kind::Pawn => {
            if free(si + forward(c)) {
                out.push(si + forward(c));
            }
        }
        Kind::Router | Kind::Torch => {
            let (first, stride) = if k == Kind::Router { (1, 1) } else { (1, 2) };
            for d in [1, -1] {
                let mut dist = first;
                while on(si + d * dist) {
                    let t = si + d * dist;
                    match b[t as usize] {
                        None => out.push(t),
                        Some((oc, _)) => {
                            if oc != c {
                                out.push(t);
                            }
                            break;
                        }
                    }
                    dist += stride;
                }
            }
        }
    }
    out.into_iter().map(|t| t as usize).collect()
}

fn attacked(b: &Board, sq: usize, by: Color) -> bool {
    (0..b.len())
        .any(|s| matches!(b[s], Some((c, _)) if c == by) && destinations(b, s, false).contains(&sq))
}

fn king(b: &Board, c: Color) -> usize {
    (0..b.len())
        .find(|&s| b[s] == Some((c, Kind::King)))
        .expect("a King")
}

/// Legal move texts of a position, from the rules alone (no chance nodes, no terminal wins).
fn reference_moves(
    b: &Board,
    side: Color,
    swaps: [bool; 2],
    hand: &[u8; 7],
    house: bool,
    promos: &[Kind],
) -> Vec<String> {
    let swap = swaps[side.index()];
    let n = b.len();
    let mut out = Vec::new();
    let safe = |nb: &Board| !attacked(nb, king(nb, side), !side);
    for s in 0..n {
        let Some((c, k)) = b[s] else { continue };
        if c != side {
            continue;
        }
        for t in destinations(b, s, true) {
            let mut nb = b.clone();
            let capture = nb[t].is_some();
            nb[t] = nb[s].take();
            if !safe(&nb) {
                continue;
            }
            let sep = if capture {
                'x'
            } else if matches!(k, Kind::King | Kind::Gold) && s.abs_diff(t) == 2 {
                '^'
            } else {
                '-'
            };
            let text = format!("{}{}{}{}", k.letter(), s + 1, sep, t + 1);
            let in_zone = if side == Color::White {
                t + 4 >= n
            } else {
                t < 4
            };
            let last = if side == Color::White {
                t == n - 1
            } else {
                t == 0
            };
            if k == Kind::Pawn && in_zone {
                if !last {
                    out.push(text.clone());
                }
                out.extend(promos.iter().map(|p| format!("{text}={}", p.letter())));
            } else {
                out.push(text);
            }
        }
    }
    if swap {
        let ks = king(b, side);
        for g in (0..n).filter(|&g| b[g] == Some((side, Kind::Gold))) {
            let mut nb = b.clone();
            nb.swap(ks, g);
            if safe(&nb) {
                out.push(format!("K{}<->G{}", ks + 1, g + 1));
            }
        }
    }
    if house {
        for k in Kind::ALL.into_iter().filter(|k| hand[k.index()] > 0) {
            for t in (0..n).filter(|&t| b[t].is_none()) {
                let last = if side == Color::White {
                    t == n - 1
                } else {
                    t == 0
                };
                if k == Kind::Pawn && last {
                    continue;
                }
                let mut nb = b.clone();
                nb[t] = Some((side, k));
                if !safe(&nb) {
                    continue;
                }
                if k == Kind::Pawn {
                    let ek = king(&nb, !side);
                    let checks = t as i32 + forward(side) == ek as i32;
                    // the opponent's replies: board moves and the swap (the caller only
                    // compares positions where the opponent has nothing in hand)
                    if checks
                        && reference_moves(&nb, !side, swaps, &[0; 7], false, promos).is_empty()
                    {
                        continue; // pawn-drop mate, checked for positions whose opponent hand is empty
                    }
                }
                out.push(format!("{}@{}", k.letter(), t + 1));
            }
        }
    }
    out.sort();
    out
}

fn board_of(p: &Rope) -> Board {
    (0..p.squares()).map(|s| p.piece_at(s)).collect()
}

#[test]
fn bitboard_generator_agrees_with_the_reference() {
    let mut rng = SeededRng::new(2023);
    let mut compared = 0;
    for form in 0..FORMS.len() {
        let rules = RULES[form];
        for _ in 0..60 {
            let mut p = Rope::startpos(form);
            for _ in 0..80 {
                let mut moves = Vec::new();
                p.generate_moves(&mut moves);
                let decided = p.rule_result().is_some_and(|r| r.winner().is_some());
                if !p.is_chance() && !decided {
                    let side = p.side_to_move();
                    let hand: [u8; 7] = std::array::from_fn(|i| p.hand(side, Kind::ALL[i]));
                    let opponent_hand_empty = Kind::ALL.iter().all(|&k| p.hand(!side, k) == 0);
                    let house = rules.special == Special::House;
                    if !house || opponent_hand_empty || hand[Kind::Pawn.index()] == 0 {
                        let swaps = [p.swap_right(Color::White), p.swap_right(Color::Black)];
                        let want = reference_moves(
                            &board_of(&p),
                            side,
                            swaps,
                            &hand,
                            house,
                            rules.promotions,
                        );
                        let mut got: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
                        got.sort();
                        assert_eq!(got, want, "{} {}", FORMS[form].name, p.to_fen());
                        compared += 1;
                    }
                }
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                p = p.play(m);
            }
        }
    }
    assert!(compared > 10_000, "only {compared} positions compared");
}
