//! An independent, deliberately naive reference generator (a mailbox of 64 cells, coordinates
//! instead of bitboards, explicit jump paths deduplicated afterwards, castling tested by
//! searching the opponent's replies in full) compared move set by move set with the crate's
//! generator along random games of every form.

mod common;

use escalade_core::Rules;
use std::collections::BTreeSet;

use escalade_checkercapture::{CheckerCapture, Kind, MoveKind, FORMS, RULES};
use escalade_core::Color;
use escalade_core::SeededRng;
use rand::seq::SliceRandom;

/// A cell: (colour, kind) or nothing.
type Cell = Option<(Color, Kind)>;

/// (from, to, captured, promotion letter) of one move.
type Key = (u8, u8, u64, Option<char>);

struct Board {
    cells: [Cell; 64],
    side: Color,
    unmoved: u64,
    castling: u8,
    simple: bool,
    displacement: bool,
}

const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn at(f: i8, r: i8) -> Option<u8> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

fn fr(sq: u8) -> (i8, i8) {
    ((sq % 8) as i8, (sq / 8) as i8)
}

fn board_of(p: &CheckerCapture) -> Board {
    let mut cells = [None; 64];
    for c in Color::BOTH {
        for k in Kind::ALL {
            let mut b = p.pieces(c, k);
            while b != 0 {
                let sq = b.trailing_zeros() as usize;
                b &= b - 1;
                cells[sq] = Some((c, k));
            }
        }
    }
    let rules = RULES[p.form()];
    Board {
        cells,
        side: p.side_to_move(),
        unmoved: p.unmoved_pawns(),
        castling: p.castling_rights(),
        simple: rules.simple,
        displacement: rules.displacement(),
    }
}

impl Board {
    fn last_rank(&self, c: Color) -> i8 {
        if c == Color::White {
            7
        } else {
            0
        }
    }

    /// Every jump path of `side` from `from`, as (to, captured, king taken), recursively.
    fn jump_paths(
        &self,
        cells: &mut [Cell; 64],
        side: Color,
        cur: u8,
        captured: u64,
        out: &mut Vec<(u8, u64)>,
    ) {
        let (f, r) = fr(cur);
        let mut any = false;
        for (df, dr) in DIRS {
            let (Some(over), Some(land)) = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr)) else {
                continue;
            };
            let Some((c, k)) = cells[over as usize] else {
                continue;
            };
            if c == side || cells[land as usize].is_some() {
                continue;
            }
            any = true;
            let mover = cells[cur as usize].take();
            let victim = cells[over as usize].take();
            cells[land as usize] = mover;
            if k == Kind::King {
                out.push((land, captured | 1 << over));
            } else {
                self.jump_paths(cells, side, land, captured | 1 << over, out);
            }
            cells[cur as usize] = cells[land as usize].take();
            cells[over as usize] = victim;
        }
        if !any && captured != 0 {
            out.push((cur, captured));
        }
    }

    fn jumps(&self, side: Color) -> BTreeSet<Key> {
        let mut set = BTreeSet::new();
        for from in 0..64u8 {
            let Some((c, k)) = self.cells[from as usize] else {
                continue;
            };
            if c != side {
                continue;
            }
            let mut cells = self.cells;
            let mut out = Vec::new();
            self.jump_paths(&mut cells, side, from, 0, &mut out);
            for (to, captured) in out {
                if k == Kind::Pawn && !self.simple && fr(to).1 == self.last_rank(side) {
                    for l in ['q', 'r', 'b', 'n'] {
                        set.insert((from, to, captured, Some(l)));
                    }
                } else {
                    set.insert((from, to, captured, None));
                }
            }
        }
        set
    }

    /// Normal targets of a piece of kind `k` and colour `side` on `from`: (to, captures?).
    fn piece_moves(&self, side: Color, k: Kind, from: u8) -> Vec<(u8, bool)> {
        let (f, r) = fr(from);
        let mut out = Vec::new();
        let consider = |sq: u8, out: &mut Vec<(u8, bool)>| match self.cells[sq as usize] {
            None => {
                out.push((sq, false));
                true
            }
            Some((c, _)) => {
                if c != side && self.displacement {
                    out.push((sq, true));
                }
                false
            }
        };
        match k {
            Kind::Knight => {
                for (df, dr) in KNIGHT {
                    if let Some(sq) = at(f + df, r + dr) {
                        consider(sq, &mut out);
                    }
                }
            }
            Kind::King => {
                for (df, dr) in DIRS {
                    if let Some(sq) = at(f + df, r + dr) {
                        consider(sq, &mut out);
                    }
                }
            }
            Kind::Bishop | Kind::Rook | Kind::Queen => {
                for (i, (df, dr)) in DIRS.iter().enumerate() {
                    let diagonal = i % 2 == 1;
                    if (k == Kind::Bishop && !diagonal) || (k == Kind::Rook && diagonal) {
                        continue;
                    }
                    let mut n = 1;
                    while let Some(sq) = at(f + n * df, r + n * dr) {
                        if !consider(sq, &mut out) {
                            break;
                        }
                        n += 1;
                    }
                }
            }
            Kind::Pawn => {}
        }
        out
    }

    fn normal(&self) -> BTreeSet<Key> {
        let side = self.side;
        let mut set = BTreeSet::new();
        let dir: i8 = if side == Color::White { 1 } else { -1 };
        for from in 0..64u8 {
            let Some((c, k)) = self.cells[from as usize] else {
                continue;
            };
            if c != side {
                continue;
            }
            let (f, r) = fr(from);
            if k != Kind::Pawn {
                for (to, cap) in self.piece_moves(side, k, from) {
                    set.insert((from, to, if cap { 1 << to } else { 0 }, None));
                }
                continue;
            }
            if self.simple && r == self.last_rank(side) {
                for (l, pk) in [
                    ('q', Kind::Queen),
                    ('r', Kind::Rook),
                    ('b', Kind::Bishop),
                    ('n', Kind::Knight),
                ] {
                    let moves = self.piece_moves(side, pk, from);
                    if moves.is_empty() {
                        set.insert((from, from, 0, Some(l)));
                    }
                    for (to, cap) in moves {
                        set.insert((from, to, if cap { 1 << to } else { 0 }, Some(l)));
                    }
                }
                continue;
            }
            let mut pawn_to = Vec::new();
            if let Some(one) = at(f, r + dir) {
                if self.cells[one as usize].is_none() {
                    pawn_to.push((one, 0u64));
                    if !self.simple && self.unmoved & (1 << from) != 0 {
                        if let Some(two) = at(f, r + 2 * dir) {
                            if self.cells[two as usize].is_none() {
                                set.insert((from, two, 0, None));
                            }
                        }
                    }
                }
            }
            if self.displacement {
                for df in [-1, 1] {
                    if let Some(sq) = at(f + df, r + dir) {
                        if matches!(self.cells[sq as usize], Some((c, _)) if c != side) {
                            pawn_to.push((sq, 1 << sq));
                        }
                    }
                }
            }
            for (to, cap) in pawn_to {
                if !self.simple && fr(to).1 == self.last_rank(side) {
                    for l in ['q', 'r', 'b', 'n'] {
                        set.insert((from, to, cap, Some(l)));
                    }
                } else {
                    set.insert((from, to, cap, None));
                }
            }
        }
        if !self.simple {
            let base: u8 = if side == Color::White { 0 } else { 56 };
            let (short, long) = if side == Color::White { (1, 2) } else { (4, 8) };
            let free = |fs: &[u8]| {
                fs.iter()
                    .all(|&f| self.cells[(base + f) as usize].is_none())
            };
            for (right, files, king_to, rook_from, rook_to) in [
                (short, &[5u8, 6][..], 6u8, 7u8, 5u8),
                (long, &[1u8, 2, 3][..], 2, 0, 3),
            ] {
                if self.castling & right == 0 || !free(files) {
                    continue;
                }
                let mut after = Board {
                    cells: self.cells,
                    side: !side,
                    ..*self
                };
                after.cells[(base + 4) as usize] = None;
                after.cells[(base + rook_from) as usize] = None;
                after.cells[(base + king_to) as usize] = Some((side, Kind::King));
                after.cells[(base + rook_to) as usize] = Some((side, Kind::Rook));
                if !after.can_take_king(!side, base + king_to) {
                    set.insert((base + 4, base + king_to, 0, None));
                }
            }
        }
        set
    }

    /// Whether `by` could capture the king on `king` next turn, ignoring jump priority.
    fn can_take_king(&self, by: Color, king: u8) -> bool {
        if self.jumps(by).iter().any(|k| k.2 & (1 << king) != 0) {
            return true;
        }
        if !self.displacement {
            return false;
        }
        let dir: i8 = if by == Color::White { 1 } else { -1 };
        (0..64u8).any(|from| match self.cells[from as usize] {
            Some((c, Kind::Pawn)) if c == by => {
                let (f, r) = fr(from);
                [at(f - 1, r + dir), at(f + 1, r + dir)].contains(&Some(king))
            }
            Some((c, k)) if c == by => self.piece_moves(by, k, from).contains(&(king, true)),
            _ => false,
        })
    }

    fn legal(&self) -> BTreeSet<Key> {
        let jumps = self.jumps(self.side);
        if jumps.is_empty() {
            self.normal()
        } else {
            jumps
        }
    }
}

/// Positions with castling available, pawns near promotion and room for long jumps.
const OPEN_FENS: [&str; 3] = [
    "r3k2r/p1p2p1p/8/1p1pp1p1/1P1PP1P1/8/P1P2P1P/R3K2R w KQkq - 0 1",
    "4k3/1P1P1P1P/8/8/8/8/1p1p1p1p/4K3 w - - 0 1",
    "r3k2r/8/1p1p1p2/8/1P1P1P2/8/8/R3K2R w KQkq - 0 1",
];

fn engine_keys(p: &CheckerCapture) -> BTreeSet<Key> {
    let mut v = Vec::new();
    p.generate_moves(&mut v);
    let set: BTreeSet<Key> = v
        .iter()
        .map(|m| {
            (
                m.from,
                m.to,
                m.captured,
                m.promotion.map(|k| k.letter().to_ascii_lowercase()),
            )
        })
        .collect();
    assert_eq!(set.len(), v.len(), "duplicate moves in {}", p.to_fen());
    set
}

#[test]
fn generator_agrees_with_the_naive_reference_in_random_games() {
    let mut rng = SeededRng::new(2008);
    let mut positions = 0;
    let (mut castles, mut promotions, mut long_jumps) = (0, 0, 0);
    for form in 0..FORMS.len() {
        for game in 0..60 {
            let mut p = if game % 2 == 0 {
                CheckerCapture::startpos(form)
            } else {
                CheckerCapture::from_fen(form, OPEN_FENS[game / 2 % OPEN_FENS.len()]).unwrap()
            };
            for _ in 0..120 {
                if p.rule_result().is_some() {
                    break;
                }
                let b = board_of(&p);
                assert_eq!(
                    engine_keys(&p),
                    b.legal(),
                    "move sets differ in {} (form {form})",
                    p.to_fen()
                );
                positions += 1;
                let mut v = Vec::new();
                p.generate_moves(&mut v);
                castles += v.iter().filter(|m| m.kind == MoveKind::Castle).count();
                promotions += v.iter().filter(|m| m.promotion.is_some()).count();
                long_jumps += v.iter().filter(|m| m.captured.count_ones() >= 3).count();
                let Some(&m) = v.choose(&mut rng) else { break };
                p = p.play(m);
            }
        }
    }
    assert!(positions > 5_000, "only {positions} positions compared");
    assert!(
        castles > 100 && promotions > 100 && long_jumps > 100,
        "{castles} {promotions} {long_jumps}"
    );
}

/// Compares the move sets at every node of the tree below `p` to `depth` plies.
fn compare_tree(p: &CheckerCapture, depth: u32) -> u64 {
    let engine = engine_keys(p);
    if p.rule_result().is_some() {
        assert!(
            engine.is_empty(),
            "a decided position has moves: {}",
            p.to_fen()
        );
    } else {
        assert_eq!(
            engine,
            board_of(p).legal(),
            "move sets differ in {}",
            p.to_fen()
        );
    }
    if depth == 0 {
        return 1;
    }
    let mut v = Vec::new();
    p.generate_moves(&mut v);
    v.iter().map(|&m| compare_tree(&p.play(m), depth - 1)).sum()
}

#[test]
fn reference_agrees_on_the_whole_depth_3_tree_of_every_form() {
    for form in 0..FORMS.len() {
        compare_tree(&CheckerCapture::startpos(form), 3);
    }
}

/// `cargo test --release -p escalade-checkercapture --test reference -- --ignored` (about a
/// minute): every node of the depth-5 trees of the main and simpler displacement forms.
#[test]
#[ignore]
fn reference_agrees_on_the_whole_depth_5_tree() {
    for form in [3, 7] {
        let p = CheckerCapture::startpos(form);
        assert_eq!(compare_tree(&p, 5), p.perft(5), "form {form}");
    }
}
