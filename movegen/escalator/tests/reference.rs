//! A naive reference generator written straight from the rules text and the graph file
//! (its own graph parser, FEN reader and square-by-square move rules, legality by making
//! the move and scanning every enemy piece's attacks), compared move list by move list
//! with the crate's bitboard generator along random games of every form, and on the
//! section 8.1 perft figures.

use escalade_core::{MoveNotation, Rules, SearchHints};
use std::collections::{BTreeSet, HashMap};

use escalade_escalator::board::GRAPH_TEXT;
use escalade_escalator::{Escalator, Kind};
use rand::seq::SliceRandom;
use rand::Rng;

const DIRS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The graph by square name.
struct Graph {
    step: HashMap<(String, usize), Vec<String>>,
    knight: HashMap<String, Vec<(String, bool)>>,
}

fn graph() -> Graph {
    let mut g = Graph {
        step: HashMap::new(),
        knight: HashMap::new(),
    };
    for line in GRAPH_TEXT
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("->"))
    {
        let (head, tail) = line.split_once("->").unwrap();
        let head: Vec<&str> = head.split_whitespace().collect();
        let words: Vec<String> = tail
            .split_whitespace()
            .filter(|w| *w != "-")
            .map(str::to_string)
            .collect();
        if head[1] == "knight" {
            let leaps = words
                .iter()
                .map(|w| (w.trim_end_matches("[x]").to_string(), w.ends_with("[x]")))
                .collect();
            g.knight.insert(head[0].to_string(), leaps);
        } else {
            let d = DIRS.iter().position(|&x| x == head[1]).unwrap();
            g.step.insert((head[0].to_string(), d), words);
        }
    }
    g
}

#[derive(Clone)]
struct Naive {
    board: HashMap<String, (bool, char)>, // square -> (white?, upper-case letter)
    white: bool,
    castling: String,
    ep: Option<(String, String)>,
    form: usize,
}

fn rank_names(rank: usize) -> Vec<String> {
    let files: Vec<&str> = if rank == 4 || rank == 5 {
        vec!["ab", "bc", "d", "e", "fg", "gh"]
    } else {
        vec!["a", "b", "c", "d", "e", "f", "g", "h"]
    };
    files.iter().map(|f| format!("{f}{rank}")).collect()
}

fn rank_of(sq: &str) -> char {
    sq.chars().last().unwrap()
}

impl Naive {
    fn from_fen(form: usize, fen: &str, g: &Graph) -> Naive {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = HashMap::new();
        for (i, row) in f[0].split('/').enumerate() {
            let names = rank_names(8 - i);
            let mut k = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    k += d as usize;
                } else {
                    board.insert(
                        names[k].clone(),
                        (c.is_ascii_uppercase(), c.to_ascii_uppercase()),
                    );
                    k += 1;
                }
            }
        }
        let white = f[1] == "w";
        let ep = (f[3] != "-").then(|| {
            let target = f[3].split(':').next().unwrap().to_string();
            let victim = match f[3].split_once(':') {
                Some((_, v)) => v.to_string(),
                None => {
                    let d = if white { 4 } else { 0 }; // the mover went N (White) or S (Black)
                    g.step[&(target.clone(), d)]
                        .iter()
                        .find(|s| board.get(*s) == Some(&(!white, 'C')))
                        .unwrap()
                        .clone()
                }
            };
            (target, victim)
        });
        Naive {
            board,
            white,
            castling: f[2].to_string(),
            ep,
            form,
        }
    }

    /// Squares a piece on `sq` attacks (crabs: diagonally forward).
    fn attacks(&self, sq: &str, g: &Graph) -> BTreeSet<String> {
        let (white, kind) = self.board[sq];
        let mut out = BTreeSet::new();
        let ride = |dirs: &[usize], out: &mut BTreeSet<String>| {
            for &d in dirs {
                let mut frontier = g.step[&(sq.to_string(), d)].clone();
                while let Some(t) = frontier.pop() {
                    out.insert(t.clone());
                    if !self.board.contains_key(&t) {
                        frontier.extend(g.step[&(t, d)].iter().cloned());
                    }
                }
            }
        };
        let leap = |out: &mut BTreeSet<String>| {
            for (t, cross) in &g.knight[sq] {
                if !(self.form == 1 && *cross) {
                    out.insert(t.clone());
                }
            }
        };
        match kind {
            'K' => (0..8).for_each(|d| out.extend(g.step[&(sq.to_string(), d)].iter().cloned())),
            'C' => {
                let dirs = if white { [1, 7] } else { [3, 5] };
                dirs.iter()
                    .for_each(|&d| out.extend(g.step[&(sq.to_string(), d)].iter().cloned()));
            }
            'N' => leap(&mut out),
            'B' => ride(&[1, 3, 5, 7], &mut out),
            'R' => ride(&[0, 2, 4, 6], &mut out),
            'Q' => ride(&[0, 1, 2, 3, 4, 5, 6, 7], &mut out),
            'A' => {
                ride(&[0, 2, 4, 6], &mut out);
                leap(&mut out);
            }
            _ => unreachable!(),
        }
        out
    }

    fn attacked(&self, sq: &str, by_white: bool, g: &Graph) -> bool {
        self.board
            .iter()
            .filter(|(_, &(w, _))| w == by_white)
            .any(|(s, _)| self.attacks(s, g).contains(sq))
    }

    fn king(&self, white: bool) -> String {
        self.board
            .iter()
            .find(|(_, &p)| p == (white, 'K'))
            .unwrap()
            .0
            .clone()
    }

    /// (text, successor) for every legal move.
    fn moves(&self, g: &Graph) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        let us = self.white;
        let last = if us { '8' } else { '1' };
        let promos: &[char] = if self.form == 2 {
            &['a', 'r', 'b', 'n']
        } else {
            &['q', 'r', 'b', 'n']
        };
        let mut add = |text: String, next: Naive| {
            if !next.attacked(&next.king(us), !us, g) {
                out.push((text, next));
            }
        };
        for (sq, &(white, kind)) in &self.board {
            if white != us {
                continue;
            }
            let mut targets = BTreeSet::new();
            if kind == 'C' {
                let (fwd, diag) = if us { (0, [1, 7]) } else { (4, [3, 5]) };
                let step = |s: &str, d: usize| g.step[&(s.to_string(), d)].clone();
                for d in std::iter::once(fwd).chain(diag) {
                    targets.extend(
                        step(sq, d)
                            .into_iter()
                            .filter(|t| !self.board.contains_key(t)),
                    );
                }
                for d in diag {
                    targets.extend(
                        step(sq, d)
                            .into_iter()
                            .filter(|t| self.board.get(t).is_some_and(|p| p.0 != us)),
                    );
                }
                for t in targets {
                    let mut next = self.moved(sq, &t);
                    if rank_of(&t) == last {
                        for &p in promos {
                            next.board.insert(t.clone(), (us, p.to_ascii_uppercase()));
                            add(format!("{sq}{t}{p}"), next.clone());
                        }
                    } else {
                        add(format!("{sq}{t}"), next);
                    }
                }
                if rank_of(sq) == if us { '2' } else { '7' } {
                    for via in step(sq, fwd)
                        .into_iter()
                        .filter(|v| !self.board.contains_key(v))
                    {
                        for t in step(&via, fwd)
                            .into_iter()
                            .filter(|t| !self.board.contains_key(t))
                        {
                            let mut next = self.moved(sq, &t);
                            next.ep = Some((via.clone(), t.clone()));
                            add(format!("{sq}{t}"), next);
                        }
                    }
                }
                if let Some((target, victim)) = &self.ep {
                    if diag.iter().any(|&d| step(sq, d).contains(target)) {
                        let mut next = self.moved(sq, target);
                        next.board.remove(victim);
                        add(format!("{sq}x{target}"), next);
                    }
                }
                continue;
            }
            for t in self.attacks(sq, g) {
                if !matches!(self.board.get(&t), Some(p) if p.0 == us) {
                    add(format!("{sq}{t}"), self.moved(sq, &t));
                }
            }
        }
        for (right, king, to, via, rook, rook_to, empty) in [
            ('K', "e1", "g1", "f1", "h1", "f1", &["f1", "g1"][..]),
            ('Q', "e1", "c1", "d1", "a1", "d1", &["b1", "c1", "d1"][..]),
            ('k', "e8", "g8", "f8", "h8", "f8", &["f8", "g8"][..]),
            ('q', "e8", "c8", "d8", "a8", "d8", &["b8", "c8", "d8"][..]),
        ] {
            if self.castling.contains(right)
                && right.is_ascii_uppercase() == us
                && empty.iter().all(|s| !self.board.contains_key(*s))
                && [king, via].iter().all(|s| !self.attacked(s, !us, g))
            {
                let mut next = self.moved(king, to);
                next.board.remove(rook);
                next.board.insert(rook_to.to_string(), (us, 'R'));
                add(format!("{king}{to}"), next);
            }
        }
        out
    }

    /// The position after moving the piece on `from` to `to` (captures what is there),
    /// with rights, e.p. and side updated.
    fn moved(&self, from: &str, to: &str) -> Naive {
        let mut next = self.clone();
        let piece = next.board.remove(from).unwrap();
        next.board.insert(to.to_string(), piece);
        next.ep = None;
        next.white = !self.white;
        for (sq, lost) in [
            ("e1", "KQ"),
            ("a1", "Q"),
            ("h1", "K"),
            ("e8", "kq"),
            ("a8", "q"),
            ("h8", "k"),
        ] {
            if from == sq || to == sq {
                next.castling.retain(|c| !lost.contains(c));
            }
        }
        next
    }

    fn perft(&self, depth: u32, g: &Graph) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(g)
            .iter()
            .map(|(_, n)| n.perft(depth - 1, g))
            .sum()
    }
}

fn crate_moves(p: &Escalator) -> BTreeSet<String> {
    let mut v = Vec::new();
    p.generate_moves(&mut v);
    v.iter().map(|&m| p.move_text(m)).collect()
}

#[test]
fn reference_perft_matches_section_8() {
    let g = graph();
    for (form, figures) in [(0, [32, 1152, 36854]), (2, [34, 1290, 43464])] {
        let start = Naive::from_fen(form, &Escalator::startpos(form).to_fen(), &g);
        for (d, &n) in figures.iter().enumerate().take(3) {
            assert_eq!(start.perft(d as u32 + 1, &g), n);
        }
    }
}

#[test]
fn reference_agrees_along_random_games() {
    let g = graph();
    let mut rng = escalade_core::SeededRng::new(3);
    let mut v = Vec::new();
    let mut compared = 0;
    let (mut seen_ep, mut seen_promotion, mut seen_castling) = (false, false, false);
    for form in 0..3 {
        for _ in 0..10 {
            let mut p = Escalator::startpos(form);
            for _ in 0..160 {
                let naive = Naive::from_fen(form, &p.to_fen(), &g);
                let expected: BTreeSet<String> =
                    naive.moves(&g).into_iter().map(|(t, _)| t).collect();
                assert_eq!(
                    crate_moves(&p),
                    expected,
                    "move lists differ in {}",
                    p.to_fen()
                );
                for t in &expected {
                    seen_ep |= t.contains('x');
                    seen_promotion |= t.ends_with(['q', 'a', 'r', 'b', 'n']);
                    seen_castling |= ["e1g1", "e1c1", "e8g8", "e8c8"].contains(&t.as_str());
                }
                compared += 1;
                p.generate_moves(&mut v);
                // half the time pick a crab move or a capture, to reach e.p., promotions
                // and endings more often
                let lively: Vec<_> = v
                    .iter()
                    .copied()
                    .filter(|&m| p.is_tactical(m) || p.cell(m.from).kind() == Kind::Crab)
                    .collect();
                let pick = if rng.gen_bool(0.5) && !lively.is_empty() {
                    lively.choose(&mut rng)
                } else {
                    v.choose(&mut rng)
                }
                .copied();
                match pick {
                    Some(m) => p = p.play(m),
                    None => break,
                }
            }
        }
    }
    assert!(compared > 1000);
    assert!(seen_ep && seen_promotion && seen_castling);
}
