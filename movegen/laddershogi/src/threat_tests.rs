//! Cross-check of the fast royal-capture test against a plain enumeration of every turn
//! (single, infused double, energized pair) on random crowded positions.

use escalade_core::{Bitboard, Color, Rules, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::TABLES;

impl LadderShogi {
    /// The reference answer: enumerate `by`'s turns and look for a King capture.
    fn brute_king_capturable(&self, by: Color, single_only: bool) -> bool {
        let t = &*TABLES;
        let k = u128::bit(self.kings[(!by).index()]);
        let own = self.by_color[by.index()];
        let crickets = self.bb(CRICKET) & own;
        for p in (own & !self.petrified(by)).squares() {
            let first = self.sub_targets(p, 0);
            if (first & k).any() {
                return true;
            }
            if single_only || (t.king[p as usize] & crickets).is_empty() {
                continue;
            }
            for m in first.squares() {
                let mut mid = self.clone();
                if mid.apply_sub(crate::moves::SubMove::plain(p, m)).to_hand
                    || mid.petrified(by).has(m)
                {
                    continue;
                }
                if (mid.sub_targets(m, 0) & k).any() {
                    return true;
                }
            }
            // The first sub-move takes the King passing next to an enemy Burakumin that
            // the second sub-move captures (rules section 4).
            for u in (self.bb(BURAKUMIN) & !own).squares() {
                if (self.sub_targets(p, u128::bit(u)) & k).is_empty() {
                    continue;
                }
                let mut mid = self.clone();
                let to = self.kings[(!by).index()];
                if mid.apply_sub(crate::moves::SubMove::plain(p, to)).to_hand
                    || mid.petrified(by).has(to)
                {
                    continue;
                }
                if mid.sub_targets(to, 0).has(u) {
                    return true;
                }
            }
        }
        if single_only {
            return false;
        }
        for d in (self.bb(DRAGON) & own).squares() {
            let friends = t.king[d as usize] & own;
            if !friends.several() {
                continue;
            }
            for a in (friends & !self.petrified(by)).squares() {
                for m in self.sub_targets(a, 0).squares() {
                    // Every excess split: it may raise partner B (rules L10(d)).
                    let found = self.for_each_split(a, m, &mut |split| {
                        let mut mid = self.clone();
                        mid.apply_sub(crate::moves::SubMove {
                            from: a,
                            to: m,
                            split,
                        });
                        (friends & !u128::bit(a) & !mid.petrified(by))
                            .squares()
                            .any(|b| (mid.sub_targets(b, 0) & k).any())
                    });
                    if found {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// A random position obeying untouchability, with many Crickets, Dragons and Kappas.
fn random_position(rng: &mut StdRng) -> LadderShogi {
    let t = &*TABLES;
    let mut p = LadderShogi::empty();
    let kinds: [Kind; 20] = [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, DRAGON, CRICKET, KAPPA, LANCE, NINJA, HORSE, ROOK, BISHOP,
        SHOGUN, BURAKUMIN,
    ];
    for color in Color::BOTH {
        loop {
            let sq: Square = rng.gen_range(0..100);
            if p.board[sq as usize].is_empty() {
                p.put(sq, KING, color);
                break;
            }
        }
    }
    let n = rng.gen_range(6..30);
    for _ in 0..n {
        let sq: Square = rng.gen_range(0..100);
        let kind = kinds[rng.gen_range(0..kinds.len())];
        let color = if rng.gen_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        let ubb = p.bb(BURAKUMIN);
        let occ = p.occupied();
        if !p.board[sq as usize].is_empty() {
            continue;
        }
        let touches = if kind == BURAKUMIN {
            (t.king[sq as usize] & occ & !ubb).any()
        } else {
            (t.king[sq as usize] & ubb).any()
        };
        let stuck = match kind {
            1 | 2 | LANCE | NINJA => t.last_rank[color.index()].has(sq),
            HORSE => t.last_two[color.index()].has(sq),
            _ => false,
        };
        if !touches && !stuck {
            p.put(sq, kind, color);
        }
    }
    p.hash = p.hash_from_scratch();
    p
}

#[test]
fn fast_threat_test_matches_enumeration() {
    let mut rng = StdRng::seed_from_u64(2005);
    let mut hits = [0usize; 2];
    let mut double_only = 0;
    for i in 0..30_000 {
        let p = random_position(&mut rng);
        for by in Color::BOTH {
            let fast = p.king_capturable(by);
            let slow = p.brute_king_capturable(by, false);
            double_only += (slow && !p.brute_king_capturable(by, true)) as usize;
            assert_eq!(fast, slow, "case {i}, by {by:?}: {}", p.to_fen());
            hits[fast as usize] += 1;
        }
    }
    assert!(hits[1] > 1000, "too few threats exercised: {hits:?}");
    assert!(
        double_only > 300,
        "too few double-move threats exercised: {double_only}"
    );
}

/// A square-by-square reference for one sub-move's destinations.
fn reference_targets(p: &LadderShogi, from: Square, exempt: u128) -> u128 {
    use crate::tables::{motion, oriented};
    let t = &*TABLES;
    let piece = p.board[from as usize];
    let (kind, us) = (piece.kind(), piece.color());
    let occ = p.occupied();
    let ubb = p.bb(BURAKUMIN);
    let enemy = p.by_color[(!us).index()];
    let coords = |s: Square| ((s % 10) as i8, (s / 10) as i8);
    let at = |f: i8, r: i8| {
        ((0..10).contains(&f) && (0..10).contains(&r)).then(|| (r * 10 + f) as Square)
    };
    // Whether a move along `path` (passed squares) to `dest` obeys untouchability.
    let clean = |path: &[Square], dest: Square| -> bool {
        let victim = if occ.has(dest) { u128::bit(dest) } else { 0 };
        if kind == BURAKUMIN {
            let others = occ & !ubb & !u128::bit(from) & !victim;
            path.iter()
                .chain([&dest])
                .all(|&x| (t.king[x as usize] & others).is_empty())
        } else {
            let bad = ubb & !victim & !exempt;
            path.iter()
                .chain([&dest])
                .all(|&x| (t.king[x as usize] & bad).is_empty())
        }
    };
    let mut out = 0u128;
    let m = motion(kind);
    let (f0, r0) = coords(from);
    for d in 0..8 {
        let bit = 1u8 << d;
        let range = if oriented(m.step, us) & bit != 0 {
            1
        } else if oriented(m.two, us) & bit != 0 {
            2
        } else if oriented(m.ride, us) & bit != 0 {
            10
        } else {
            continue;
        };
        let (df, dr) = escalade_core::COMPASS[d];
        let mut path = Vec::new();
        for i in 1..=range {
            let Some(x) = at(f0 + df * i, r0 + dr * i) else {
                break;
            };
            if occ.has(x) {
                if enemy.has(x) && can_capture(kind) && clean(&path, x) {
                    out |= u128::bit(x);
                }
                break;
            }
            if clean(&path, x) {
                out |= u128::bit(x);
            }
            path.push(x);
        }
    }
    for &(lf, lr) in m.leaps {
        let (lf, lr) = if us == Color::White {
            (lf, lr)
        } else {
            (-lf, -lr)
        };
        if let Some(x) = at(f0 + lf, r0 + lr) {
            let ok_target = !occ.has(x) || (enemy.has(x) && can_capture(kind));
            if ok_target && clean(&[], x) {
                out |= u128::bit(x);
            }
        }
    }
    out
}

#[test]
fn sub_move_targets_match_square_by_square_reference() {
    let mut rng = StdRng::seed_from_u64(1971);
    let mut checked = 0;
    for i in 0..20_000 {
        let p = random_position(&mut rng);
        let ubb = p.bb(BURAKUMIN);
        for from in p.occupied().squares() {
            assert_eq!(
                p.sub_targets(from, 0),
                reference_targets(&p, from, 0),
                "case {i}, {from}: {}",
                p.to_fen()
            );
            for b in ubb.squares() {
                if p.board[from as usize].kind() != BURAKUMIN {
                    let ex = u128::bit(b);
                    assert_eq!(
                        p.sub_targets(from, ex),
                        reference_targets(&p, from, ex),
                        "case {i}, {from}, exempt {b}: {}",
                        p.to_fen()
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 100_000);
}

#[test]
#[ignore]
fn time_threat_test() {
    let fens = [
        crate::fen::START_FEN,
        "ljcdkpjl1u/hv4v3v2v2v31v42/1v1v12v1v11v11/v1v11H3v11v1/5v24/3v11v44/2V1HV1V21V1V31/V1V1V4V1V2D2V4V1/4V31V22H/U1LJPK1CJL w - 0",
    ];
    for fen in fens {
        let p = LadderShogi::from_fen(0, fen).unwrap();
        let n = 2_000_000;
        let t = std::time::Instant::now();
        let mut c = 0;
        for i in 0..n {
            c += std::hint::black_box(&p).king_capturable(if i & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }) as u32;
        }
        let e = t.elapsed();
        let mut v = Vec::new();
        let t2 = std::time::Instant::now();
        for _ in 0..20_000 {
            std::hint::black_box(&p).generate_moves(&mut v);
        }
        println!(
            "{:.0} ns per threat test ({c}); {:.0} ns per generate ({} turns)",
            e.as_nanos() as f64 / n as f64,
            t2.elapsed().as_nanos() as f64 / 20_000.0,
            v.len()
        );
    }
}

#[test]
fn legality_shortcut_agrees_on_random_positions() {
    // `generate_moves` asserts (debug builds) that every turn the shortcut passes is legal.
    let mut rng = StdRng::seed_from_u64(77);
    let mut moves = Vec::new();
    let (mut total, mut active) = (0, 0);
    for _ in 0..3_000 {
        let mut p = random_position(&mut rng);
        if rng.gen_bool(0.5) {
            p.flip_side();
        }
        if p.king_capturable(p.side) {
            continue;
        }
        p.hands[p.side.index()] = [2, 1, 0, 1, 1, 0, 1, 0];
        p.hash = p.hash_from_scratch();
        p.generate_moves(&mut moves);
        total += moves.len();
        active += crate::shortcut::SafeTurns::new(&p).is_active() as usize;
    }
    assert!(total > 10_000);
    assert!(active > 300, "shortcut active in only {active} positions");
}
