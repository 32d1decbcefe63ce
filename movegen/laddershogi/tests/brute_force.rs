//! The engine's legal turns and perft against an independent brute force
//! (`tests/reference`): every pseudo-legal turn of the side to move is played, and it is legal
//! when no pseudo-legal reply turn of the opponent (single, Cricket double or Dragon pair, with
//! every excess-experience split, the opponent's own check ignored) captures the mover's King.
//! The reference never calls the crate's threat test. The positions here stress check by a
//! Dragon pair whose first piece's capture hands excess experience to the second piece (rules
//! sections 1.5 step 2, 1.9, L10(c)(d), L18).
//!
//! Longer random run: `cargo test --release -p escalade-laddershogi --test brute_force -- --ignored`.

mod common;
mod reference;

use escalade_core::Rules;
use std::collections::HashSet;

use escalade_core::SeededRng;
use escalade_laddershogi::LadderShogi;
use rand::Rng;
use reference::{neighbours, Kind, Pc, Pos};

/// The positions the engine's legal turns reach, read by the reference.
fn engine_children(p: &LadderShogi) -> HashSet<Pos> {
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let set: HashSet<Pos> = moves
        .iter()
        .map(|&m| Pos::from_fen(&p.play(m).to_fen()))
        .collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "two listed turns reach one position in {}",
        p.to_fen()
    );
    set
}

/// Compares the engine's legal turns with the reference's in `fen`; `Err` lists the
/// differences (as FENs of the positions reached).
fn compare_turns(fen: &str) -> Result<usize, String> {
    let p = LadderShogi::from_fen(0, fen).map_err(|e| format!("{fen}: {e}"))?;
    let engine = engine_children(&p);
    let reference = Pos::from_fen(fen).legal_children();
    if engine == reference {
        return Ok(engine.len());
    }
    let mut text = format!(
        "{fen}: engine {} turns, brute force {}\n",
        engine.len(),
        reference.len()
    );
    for c in engine.difference(&reference).take(5) {
        text += &format!("  engine only: {}\n", c.fen());
    }
    for c in reference.difference(&engine).take(5) {
        text += &format!("  brute force only: {}\n", c.fen());
    }
    Err(text)
}

/// Perft 2 by the reference, checking every child's turn list against the engine's.
fn compare_depth_2(fen: &str) -> Result<u64, String> {
    compare_turns(fen)?;
    let p = LadderShogi::from_fen(0, fen).unwrap();
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let mut total = 0;
    for m in moves {
        let child = p.play(m).to_fen();
        total += compare_turns(&child)? as u64;
    }
    let engine = p.perft(2);
    if engine != total {
        return Err(format!(
            "{fen}: engine perft 2 {engine}, brute force {total}"
        ));
    }
    Ok(total)
}

#[test]
fn reported_position_matches_brute_force() {
    let (fen, d1, d2) = common::TRANSFER_POSITIONS[0];
    assert_eq!((d1, d2), (14, 1_196), "the figures of the report");
    assert_eq!(Pos::from_fen(fen).perft(1), 14);
    assert_eq!(compare_turns(fen), Ok(14));
    assert_eq!(compare_depth_2(fen), Ok(1_196));
}

/// The hand-built positions of `perft.rs::experience_transfer_perft`: the figures there are
/// this brute force's, and the engine's turn lists agree position by position.
#[test]
fn transfer_positions_match_brute_force() {
    for (fen, d1, d2) in common::TRANSFER_POSITIONS {
        let p = Pos::from_fen(fen);
        assert!(p.king_capturable(!p.black), "{fen} should be check");
        assert!(
            LadderShogi::from_fen(0, fen).unwrap().in_check(),
            "{fen}: the engine should see the check"
        );
        assert_eq!(compare_turns(fen), Ok(d1 as usize), "{fen}");
        assert_eq!(compare_depth_2(fen), Ok(d2), "{fen}");
    }
}

/// A random crowded position with at least one Dragon next to two or more friends close to
/// the enemy King, value partners, enemy value pieces they can capture with excess, and
/// a sprinkling of everything else; `None` when the drawing failed.
fn random_dragon_position(rng: &mut SeededRng) -> Option<Pos> {
    let mut p = Pos {
        board: [None; 100],
        hands: [[0; 8]; 2],
        black: rng.gen_bool(0.5),
    };
    let place = |p: &mut Pos, s: usize, kind: Kind, black: bool| -> bool {
        if p.board[s].is_some() {
            return false;
        }
        let u = kind == Kind::Burakumin;
        let near = neighbours(s).any(|n| match p.board[n] {
            Some(q) => u != (q.kind == Kind::Burakumin),
            None => false,
        });
        let rank = s / 10;
        let last = if black { rank == 0 } else { rank == 9 };
        let last_two = if black { rank <= 1 } else { rank >= 8 };
        let stuck = match kind {
            Kind::V(1) | Kind::V(2) | Kind::Lance | Kind::Ninja => last,
            Kind::Horse => last_two,
            _ => false,
        };
        if near || stuck {
            return false;
        }
        p.board[s] = Some(Pc { kind, black });
        true
    };
    let kings = [rng.gen_range(0..100), rng.gen_range(0..100)];
    if !place(&mut p, kings[0], Kind::King, false) || !place(&mut p, kings[1], Kind::King, true) {
        return None;
    }
    let within = |s: usize, d: i32| -> Vec<usize> {
        let (f, r) = ((s % 10) as i32, (s / 10) as i32);
        (0..100)
            .filter(|&x| {
                let (g, q) = ((x % 10) as i32, (x / 10) as i32);
                (g - f).abs().max((q - r).abs()) <= d && x != s
            })
            .collect()
    };
    let stage = |rng: &mut SeededRng| Kind::V(rng.gen_range(1..=10));
    let attackers: Vec<bool> = match rng.gen_range(0..3) {
        0 => vec![false],
        1 => vec![true],
        _ => vec![false, true],
    };
    for by in attackers {
        let king = kings[!by as usize];
        let near = within(king, 3);
        let d = near[rng.gen_range(0..near.len())];
        if !place(&mut p, d, Kind::Dragon, by) {
            continue;
        }
        let spots = within(d, 1);
        for _ in 0..rng.gen_range(2..=5) {
            let s = spots[rng.gen_range(0..spots.len())];
            let kind = match rng.gen_range(0..10) {
                0 => Kind::Lance,
                1 => Kind::Rook,
                2 => Kind::Horse,
                3 => Kind::Cricket,
                _ => stage(rng),
            };
            place(&mut p, s, kind, by);
        }
        let prey = within(d, 2);
        for _ in 0..rng.gen_range(2..=6) {
            let s = prey[rng.gen_range(0..prey.len())];
            let kind = Kind::V(rng.gen_range(3..=10));
            place(&mut p, s, kind, !by);
        }
    }
    // Sometimes an infused slider aligned with the enemy King, its path next to a Burakumin
    // of the King's side that stands on another of the King's lines: a double move may take
    // the King passing the Burakumin if it captures the Burakumin next (rules section 4).
    if rng.gen_bool(0.3) {
        let by = rng.gen_bool(0.5);
        let king = kings[!by as usize];
        let (kf, kr) = ((king % 10) as i32, (king / 10) as i32);
        let line = |s: usize| {
            let (df, dr) = ((s % 10) as i32 - kf, (s / 10) as i32 - kr);
            s != king && (df == 0 || dr == 0 || df.abs() == dr.abs())
        };
        let (df, dr) = [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ][rng.gen_range(0..8)];
        let n = rng.gen_range(3..=6);
        let path: Vec<usize> = (1..n)
            .map_while(|i| {
                let (f, r) = (kf + df * i, kr + dr * i);
                ((0..10).contains(&f) && (0..10).contains(&r)).then_some((r * 10 + f) as usize)
            })
            .collect();
        let (f, r) = (kf + df * n, kr + dr * n);
        if path.len() as i32 == n - 1 && (0..10).contains(&f) && (0..10).contains(&r) {
            let a = (r * 10 + f) as usize;
            let kind = [
                Kind::V(10),
                Kind::V(10),
                Kind::V(8),
                Kind::V(9),
                Kind::Rook,
                Kind::Bishop,
            ][rng.gen_range(0..6)];
            let spots: Vec<usize> = path
                .iter()
                .flat_map(|&x| neighbours(x))
                .filter(|&u| line(u) && !path.contains(&u) && neighbours(u).all(|y| y != king))
                .collect();
            if !spots.is_empty()
                && place(
                    &mut p,
                    spots[rng.gen_range(0..spots.len())],
                    Kind::Burakumin,
                    !by,
                )
                && place(&mut p, a, kind, by)
            {
                let around: Vec<usize> = neighbours(a).collect();
                for _ in 0..3 {
                    if place(
                        &mut p,
                        around[rng.gen_range(0..around.len())],
                        Kind::Cricket,
                        by,
                    ) {
                        break;
                    }
                }
            }
        }
    }
    let kinds = [
        Kind::V(1),
        Kind::V(5),
        Kind::V(8),
        Kind::V(10),
        Kind::Dragon,
        Kind::Cricket,
        Kind::Kappa,
        Kind::Lance,
        Kind::Ninja,
        Kind::Horse,
        Kind::Burakumin,
        Kind::Rook,
        Kind::Bishop,
        Kind::Shogun,
    ];
    for _ in 0..rng.gen_range(2..10) {
        let s = rng.gen_range(0..100);
        let mut kind = kinds[rng.gen_range(0..kinds.len())];
        if let Kind::V(_) = kind {
            kind = stage(rng);
        }
        place(&mut p, s, kind, rng.gen_bool(0.5));
    }
    if rng.gen_bool(0.2) {
        p.hands[p.black as usize][rng.gen_range(0..8)] = 1;
    }
    // The side not to move must not be capturable (the position could not occur).
    if p.king_capturable(p.black) {
        return None;
    }
    Some(p)
}

/// Compares `count` random positions at depth 1 and every `d2_every`-th at depth 2; returns
/// how many positions had a threat only through an experience transfer (for the caller's
/// sanity check) and the number compared.
fn random_comparison(seed: u64, count: usize, d2_every: usize) -> (usize, usize) {
    let mut rng = SeededRng::new(seed);
    let mut compared = 0;
    let mut in_check = 0;
    let mut failures = Vec::new();
    while compared < count {
        let Some(p) = random_dragon_position(&mut rng) else {
            continue;
        };
        let fen = p.fen();
        compared += 1;
        in_check += p.king_capturable(!p.black) as usize;
        let result = if d2_every > 0 && compared % d2_every == 0 {
            compare_depth_2(&fen).map(|_| ())
        } else {
            compare_turns(&fen).map(|_| ())
        };
        if let Err(e) = result {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("")
    );
    (in_check, compared)
}

#[test]
fn random_dragon_positions_match_brute_force() {
    let (in_check, n) = random_comparison(2005, 1_000, 100);
    assert!(in_check > 20, "only {in_check} of {n} positions in check");
}

/// `cargo test --release -p escalade-laddershogi --test brute_force -- --ignored`
#[test]
#[ignore]
fn random_dragon_positions_match_brute_force_long() {
    random_comparison(4242, 20_000, 400);
}
