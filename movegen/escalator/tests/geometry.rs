//! The geometry tables against the rules' graph file and its stated properties: every step
//! and knight entry of `escalator_graph.txt` (read here by a separate little parser),
//! reversible links, the mirror symmetry, forks only where section 2 says, the ray
//! examples of section 2, and the knight table recomputed from the K-rule of section 4.

// square and direction indices address several parallel tables at once
#![allow(clippy::needless_range_loop)]

use std::collections::{BTreeMap, BTreeSet};

use escalade_core::{Bitboard, Square};
use escalade_escalator::board::{square_named, BOARD, GRAPH_TEXT, NAMES, SQUARES};

const DIRS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

fn sq(name: &str) -> Square {
    square_named(name).unwrap_or_else(|| panic!("{name}"))
}

fn names(b: u64) -> BTreeSet<String> {
    b.squares().map(|s| NAMES[s as usize].to_string()).collect()
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
}

/// (square, what) -> list of words, straight from the file.
fn graph_entries() -> BTreeMap<(String, String), Vec<String>> {
    let mut out = BTreeMap::new();
    for line in GRAPH_TEXT
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("->"))
    {
        let (head, tail) = line.split_once("->").unwrap();
        let head: Vec<&str> = head.split_whitespace().collect();
        let words = tail
            .split_whitespace()
            .filter(|w| *w != "-")
            .map(str::to_string)
            .collect();
        out.insert((head[0].to_string(), head[1].to_string()), words);
    }
    out
}

#[test]
fn the_file_lists_every_square_with_nine_lines() {
    let entries = graph_entries();
    assert_eq!(entries.len(), SQUARES * 9);
    let listed: BTreeSet<&str> = entries.keys().map(|(s, _)| s.as_str()).collect();
    assert_eq!(listed, NAMES.iter().copied().collect());
}

#[test]
fn steps_and_knights_match_the_graph_file() {
    for ((square, what), words) in graph_entries() {
        let s = sq(&square);
        if what == "knight" {
            let with: BTreeSet<String> = words
                .iter()
                .map(|w| w.trim_end_matches("[x]").to_string())
                .collect();
            let without: BTreeSet<String> = words
                .iter()
                .filter(|w| !w.ends_with("[x]"))
                .cloned()
                .collect();
            assert_eq!(names(BOARD.knight[0][s as usize]), with, "{square} knight");
            assert_eq!(
                names(BOARD.knight[1][s as usize]),
                without,
                "{square} knight without leaps"
            );
        } else {
            let d = DIRS.iter().position(|&x| x == what).unwrap();
            let expected: BTreeSet<String> = words.into_iter().collect();
            assert_eq!(names(BOARD.geo.step(s, d)), expected, "{square} {what}");
        }
    }
}

#[test]
fn every_link_is_reversible() {
    for s in 0..SQUARES as Square {
        for d in 0..8 {
            for t in BOARD.geo.step(s, d).squares() {
                assert!(
                    BOARD.geo.step(t, (d + 4) % 8).has(s),
                    "{} {} {}",
                    NAMES[s as usize],
                    DIRS[d],
                    NAMES[t as usize]
                );
            }
        }
        for t in BOARD.knight[0][s as usize].squares() {
            assert!(
                BOARD.knight[0][t as usize].has(s),
                "knight {} {}",
                NAMES[s as usize],
                NAMES[t as usize]
            );
        }
    }
}

fn mirror_name(name: &str) -> String {
    let (files, rank) = name.split_at(name.len() - 1);
    let files: String = files
        .chars()
        .rev()
        .map(|c| (b'h' - (c as u8 - b'a')) as char)
        .collect();
    format!("{files}{rank}")
}

#[test]
fn the_right_side_mirrors_the_left() {
    let mirror_dir = [0, 7, 6, 5, 4, 3, 2, 1];
    for s in 0..SQUARES as Square {
        let m = sq(&mirror_name(NAMES[s as usize]));
        for d in 0..8 {
            let mirrored: BTreeSet<String> = names(BOARD.geo.step(s, d))
                .iter()
                .map(|n| mirror_name(n))
                .collect();
            assert_eq!(names(BOARD.geo.step(m, mirror_dir[d])), mirrored);
        }
        let knights: BTreeSet<String> = names(BOARD.knight[0][s as usize])
            .iter()
            .map(|n| mirror_name(n))
            .collect();
        assert_eq!(names(BOARD.knight[0][m as usize]), knights);
    }
}

#[test]
fn forks_only_at_b3_g3_north_and_rank4_south() {
    let mut forks = BTreeSet::new();
    for s in 0..SQUARES as Square {
        for d in 0..8 {
            if BOARD.geo.step(s, d).several() {
                forks.insert(format!("{} {}", NAMES[s as usize], DIRS[d]));
            }
        }
    }
    let expected: BTreeSet<String> = ["b3 N", "g3 N", "ab4 S", "bc4 S", "fg4 S", "gh4 S"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(forks, expected);
}

#[test]
fn section_2_ray_examples() {
    let ray = |from: &str, d: usize| names(BOARD.geo.ray(sq(from), d));
    assert_eq!(ray("a3", 0), set("ab4 ab5 a6 a7 a8"));
    assert_eq!(ray("b3", 0), set("ab4 ab5 a6 a7 a8 bc4 bc5 b6 b7 b8"));
    assert_eq!(ray("c3", 0), set("bc4 bc5 b6 b7 b8"));
    assert_eq!(ray("a8", 4), set("a7 a6 ab5 ab4 a3 a2 a1 b3 b2 b1"));
    assert_eq!(ray("a3", 1), set("ab4 bc5 c6 d7 e8"));
    assert_eq!(ray("e1", 7), set("d2 c3 bc4 ab5"));
    assert_eq!(ray("ab4", 3), set("b3 c2 d1"));
    // each branch of a fork is blocked on its own
    let blocked = BOARD.geo.slide(sq("b3"), 0, 1 << sq("ab5"));
    assert_eq!(names(blocked), set("ab4 ab5 bc4 bc5 b6 b7 b8"));
    // the holes cut the lines the seed names
    assert!(!BOARD.queen_rays[sq("d4") as usize].has(sq("b6")));
    assert!(!BOARD.queen_rays[sq("bc4") as usize].has(sq("d6")));
    assert!(!BOARD.queen_rays[sq("e4") as usize].has(sq("fg4")));
}

#[test]
fn section_4_knight_examples_and_sizes() {
    let k = |s: &str| names(BOARD.knight[0][sq(s) as usize]);
    assert_eq!(k("d4"), set("b3 bc5 c2 c6 e2 e6 f3"));
    assert_eq!(k("c3"), set("a2 ab4 ab5 b1 bc5 d1 d5 e2 e4"));
    assert_eq!(k("bc4"), set("a2 a3 a6 b2 c2 c6 d2 d3 d5 e3"));
    assert_eq!(k("a3"), set("b1 c2 bc5 bc4 ab5"));
    assert_eq!(k("b3"), set("ab5 bc5 d2 d4 a1 c1"));
    let sizes: Vec<u32> = (0..SQUARES).map(|s| BOARD.knight[0][s].count()).collect();
    assert_eq!(*sizes.iter().max().unwrap(), 10);
    assert_eq!(*sizes.iter().min().unwrap(), 2);
    assert_eq!(BOARD.knight[0][sq("fg4") as usize].count(), 10);
}

/// Orthogonal steps of the K-rule graph: the board's links plus, when `holes` is set, the
/// four holes as extra nodes (indices 60..64 = c4, c5, f4, f5) with their natural links.
fn k_rule_steps(holes: bool) -> Vec<[Vec<usize>; 4]> {
    let mut steps: Vec<[Vec<usize>; 4]> = vec![Default::default(); SQUARES + 4];
    for s in 0..SQUARES {
        for (k, d) in [0, 2, 4, 6].into_iter().enumerate() {
            steps[s][k] = BOARD
                .geo
                .step(s as Square, d)
                .squares()
                .map(usize::from)
                .collect();
        }
    }
    if holes {
        // (hole, direction slot N=0 E=1 S=2 W=3, neighbour) from section 4
        let (c4, c5, f4, f5) = (60, 61, 62, 63);
        let links = [
            (c4, 3, sq("bc4") as usize),
            (c4, 1, sq("d4") as usize),
            (c4, 2, sq("c3") as usize),
            (c4, 0, c5),
            (c5, 3, sq("bc5") as usize),
            (c5, 1, sq("d5") as usize),
            (c5, 0, sq("c6") as usize),
            (f4, 1, sq("fg4") as usize),
            (f4, 3, sq("e4") as usize),
            (f4, 2, sq("f3") as usize),
            (f4, 0, f5),
            (f5, 1, sq("fg5") as usize),
            (f5, 3, sq("e5") as usize),
            (f5, 0, sq("f6") as usize),
        ];
        for (h, d, t) in links {
            steps[h][d].push(t);
            steps[t][(d + 2) % 4].push(h);
        }
    }
    steps
}

fn k_rule_table(holes: bool) -> Vec<BTreeSet<usize>> {
    let steps = k_rule_steps(holes);
    let go = |from: &[usize], d: usize| -> Vec<usize> {
        from.iter().flat_map(|&s| steps[s][d].clone()).collect()
    };
    let mut table = vec![BTreeSet::new(); SQUARES];
    for (a, entry) in table.iter_mut().enumerate() {
        for d1 in 0..4 {
            for d2 in [(d1 + 1) % 4, (d1 + 3) % 4] {
                let two_then_one = go(&go(&go(&[a], d1), d1), d2);
                let one_then_two = go(&go(&go(&[a], d2), d1), d1);
                for b in two_then_one.into_iter().chain(one_then_two) {
                    let near = BOARD.king[a].has(b as Square);
                    if b < SQUARES && b != a && !near {
                        entry.insert(b);
                    }
                }
            }
        }
    }
    table
}

#[test]
fn knight_table_follows_the_k_rule() {
    for (holes, table) in [(true, 0), (false, 1)] {
        let computed = k_rule_table(holes);
        for (s, expected) in computed.iter().enumerate() {
            let actual: BTreeSet<usize> =
                BOARD.knight[table][s].squares().map(usize::from).collect();
            assert_eq!(
                &actual, expected,
                "knight from {} (holes as waypoints: {holes})",
                NAMES[s]
            );
        }
    }
}

#[test]
fn cross_barrier_leaps_are_the_four_seed_pairs() {
    let mut pairs = BTreeSet::new();
    for s in 0..SQUARES {
        for t in (BOARD.knight[0][s] & !BOARD.knight[1][s]).squares() {
            pairs.insert(format!("{}-{}", NAMES[s], NAMES[t as usize]));
        }
    }
    assert_eq!(
        pairs,
        set("d4-bc5 bc5-d4 d5-bc4 bc4-d5 e4-fg5 fg5-e4 e5-fg4 fg4-e5")
    );
}
