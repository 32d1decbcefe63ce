//! An independent, deliberately plain implementation of the Ladder Shogi rules, for tests
//! only: its own board (one cell per square), FEN reader and writer, sub-move geometry
//! walked square by square, untouchability, petrification, experience with every excess
//! split, promotion, Merchant/Craftsman to hand, the four turn shapes (single move, Cricket
//! double move, Dragon pair, drop) and legality decided by enumerating every pseudo-legal
//! reply turn of the opponent and looking for one that captures the King
//! (`shared/rules/laddershogi.md` sections 1.4-1.10 and 4). It shares no code with the crate:
//! no bitboards, no tables, no threat test, no legality shortcut.
//!
//! Turns are counted as the engine does: one per distinct resulting position (board with
//! stages, hands, side to move).

#![allow(dead_code)]

use std::collections::HashSet;

/// A piece kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A value piece of stage 1-10.
    V(u8),
    King,
    Dragon,
    Cricket,
    Kappa,
    Lance,
    Ninja,
    Horse,
    Burakumin,
    Rook,
    Bishop,
    Shogun,
}

use Kind::*;

/// A piece: kind and owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pc {
    pub kind: Kind,
    pub black: bool,
}

/// Hand letters in hand-index order (as in FEN).
pub const HAND: [char; 8] = ['V', 'D', 'C', 'P', 'L', 'J', 'H', 'U'];

/// A position: 100 squares (`rank * 10 + file`, a1 = 0), both hands, side to move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    pub board: [Option<Pc>; 100],
    pub hands: [[u8; 8]; 2],
    pub black: bool,
}

fn file(s: usize) -> i32 {
    (s % 10) as i32
}

fn rank(s: usize) -> i32 {
    (s / 10) as i32
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..10).contains(&f) && (0..10).contains(&r)).then_some((r * 10 + f) as usize)
}

/// The (up to 8) squares adjacent to `s`.
pub fn neighbours(s: usize) -> impl Iterator<Item = usize> {
    let (f, r) = (file(s), rank(s));
    (-1..=1)
        .flat_map(move |df| (-1..=1).map(move |dr| (df, dr)))
        .filter(|&(df, dr)| (df, dr) != (0, 0))
        .filter_map(move |(df, dr)| at(f + df, r + dr))
}

/// The name of a square, `a1`..`j10`.
pub fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 10) as u8) as char, s / 10 + 1)
}

/// The square of a name.
pub fn square(n: &str) -> usize {
    let f = (n.as_bytes()[0] - b'a') as usize;
    let r: usize = n[1..].parse().unwrap();
    (r - 1) * 10 + f
}

const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (2, 1),
    (-2, 1),
    (1, -2),
    (-1, -2),
    (2, -1),
    (-2, -1),
];

/// How a kind moves, for White (Black mirrors the rank direction): (file step, rank step,
/// how many steps at most). A leap is a single step of a knight vector (it passes nothing).
pub fn vectors(kind: Kind) -> Vec<(i32, i32, u32)> {
    let with =
        |dirs: &[(i32, i32)], n: u32| dirs.iter().map(|&(f, r)| (f, r, n)).collect::<Vec<_>>();
    let all = |n: u32| [with(&ORTH, n), with(&DIAG, n)].concat();
    match kind {
        V(1) => vec![(0, 1, 1)],
        V(2) => vec![(1, 1, 1), (-1, 1, 1)],
        V(3) => vec![(0, 1, 1), (1, 0, 1), (-1, 0, 1)],
        V(4) => vec![(1, 1, 1), (-1, 1, 1), (1, 0, 1), (-1, 0, 1)],
        // Silver: forward or any diagonal, 1 or 2 squares.
        V(5) => [vec![(0, 1, 2)], with(&DIAG, 2)].concat(),
        // Gold: any orthogonal or forward diagonal, 1 or 2 squares.
        V(6) => [with(&ORTH, 2), vec![(1, 1, 2), (-1, 1, 2)]].concat(),
        // Platinum: every direction but straight back, 1 or 2 squares.
        V(7) => [vec![(0, 1, 2), (1, 0, 2), (-1, 0, 2)], with(&DIAG, 2)].concat(),
        V(8) => [with(&DIAG, 10), with(&ORTH, 1)].concat(),
        V(9) => [with(&ORTH, 10), with(&DIAG, 1)].concat(),
        V(10) => all(10),
        V(s) => panic!("no stage {s}"),
        King | Dragon | Cricket | Kappa => all(1),
        Lance => vec![(0, 1, 10)],
        Ninja => vec![(1, 1, 10), (-1, 1, 10)],
        Horse => vec![(1, 2, 1), (-1, 2, 1)],
        Burakumin => all(10),
        Rook => with(&ORTH, 10),
        Bishop => with(&DIAG, 10),
        Shogun => with(&KNIGHT, 1),
    }
}

/// Whether a kind may capture at all.
pub fn captures(kind: Kind) -> bool {
    !matches!(kind, Dragon | Cricket | Kappa)
}

/// The hand index a captured kind goes to (`None` for the King).
pub fn hand_of(kind: Kind) -> Option<usize> {
    Some(match kind {
        V(_) => 0,
        Dragon => 1,
        Cricket => 2,
        Kappa => 3,
        Lance | Rook => 4,
        Ninja | Bishop => 5,
        Horse | Shogun => 6,
        Burakumin => 7,
        King => return None,
    })
}

/// The kind a hand index is dropped as.
pub fn dropped(hk: usize) -> Kind {
    [V(1), Dragon, Cricket, Kappa, Lance, Ninja, Horse, Burakumin][hk]
}

/// Whether square `s` is on `black`'s last rank (or last two ranks).
fn last_rank(s: usize, black: bool) -> bool {
    rank(s) == if black { 0 } else { 9 }
}

fn last_two(s: usize, black: bool) -> bool {
    if black {
        rank(s) <= 1
    } else {
        rank(s) >= 8
    }
}

/// What resolving a sub-move did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Done {
    /// The moved Merchant/Craftsman went to hand.
    pub to_hand: bool,
    /// The victim was a King.
    pub king_taken: bool,
}

/// A set of squares (plain bit set).
pub type Squares = u128;

pub fn squares(set: Squares) -> impl Iterator<Item = usize> {
    (0..100).filter(move |&s| set >> s & 1 != 0)
}

impl Pos {
    /// Reads a FEN (`board side hands [plies]`); panics on malformed text.
    pub fn from_fen(fen: &str) -> Pos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut p = Pos {
            board: [None; 100],
            hands: [[0; 8]; 2],
            black: fields[1] == "b",
        };
        for (i, text) in fields[0].split('/').enumerate() {
            let r = 9 - i;
            let mut f = 0;
            let chars: Vec<char> = text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap() as usize;
                    if n == 1 && chars.get(j) == Some(&'0') {
                        n = 10;
                        j += 1;
                    }
                    f += n;
                    continue;
                }
                let black = c.is_ascii_lowercase();
                let kind = match c.to_ascii_uppercase() {
                    'V' => {
                        let s = chars[j];
                        j += 1;
                        V(if s == 'X' || s == 'x' {
                            10
                        } else {
                            s.to_digit(10).unwrap() as u8
                        })
                    }
                    'K' => King,
                    'D' => Dragon,
                    'C' => Cricket,
                    'P' => Kappa,
                    'L' => Lance,
                    'J' => Ninja,
                    'H' => Horse,
                    'U' => Burakumin,
                    'R' => Rook,
                    'B' => Bishop,
                    'N' => Shogun,
                    other => panic!("unknown letter {other} in {fen}"),
                };
                p.board[r * 10 + f] = Some(Pc { kind, black });
                f += 1;
            }
            assert_eq!(f, 10, "rank {} of {fen}", r + 1);
        }
        if fields[2] != "-" {
            let mut count = 0u8;
            for c in fields[2].chars() {
                if let Some(d) = c.to_digit(10) {
                    count = count * 10 + d as u8;
                    continue;
                }
                let hk = HAND
                    .iter()
                    .position(|&l| l == c.to_ascii_uppercase())
                    .unwrap();
                p.hands[c.is_ascii_lowercase() as usize][hk] += count.max(1);
                count = 0;
            }
        }
        p
    }

    /// The position as FEN (reversible-ply count 0).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..10).rev() {
            let mut empty = 0;
            for f in 0..10 {
                let Some(pc) = self.board[r * 10 + f] else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                let text = match pc.kind {
                    V(10) => "VX".to_string(),
                    V(n) => format!("V{n}"),
                    King => "K".into(),
                    Dragon => "D".into(),
                    Cricket => "C".into(),
                    Kappa => "P".into(),
                    Lance => "L".into(),
                    Ninja => "J".into(),
                    Horse => "H".into(),
                    Burakumin => "U".into(),
                    Rook => "R".into(),
                    Bishop => "B".into(),
                    Shogun => "N".into(),
                };
                // Only the letter changes case ("vX", "v5").
                let mut cs = text.chars();
                let l = cs.next().unwrap();
                s.push(if pc.black { l.to_ascii_lowercase() } else { l });
                s.extend(cs);
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        let mut hands = String::new();
        for (c, hand) in self.hands.iter().enumerate() {
            for (hk, &n) in hand.iter().enumerate() {
                if n > 1 {
                    hands += &n.to_string();
                }
                if n > 0 {
                    hands.push(if c == 1 {
                        HAND[hk].to_ascii_lowercase()
                    } else {
                        HAND[hk]
                    });
                }
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        format!("{s} {} {hands} 0", if self.black { 'b' } else { 'w' })
    }

    /// The square of `black`'s King.
    pub fn king(&self, black: bool) -> Option<usize> {
        (0..100).find(|&s| self.board[s] == Some(Pc { kind: King, black }))
    }

    /// Whether the piece on `s` stands next to an enemy Kappa.
    pub fn petrified(&self, s: usize) -> bool {
        let Some(pc) = self.board[s] else {
            return false;
        };
        neighbours(s).any(|n| {
            self.board[n]
                == Some(Pc {
                    kind: Kappa,
                    black: !pc.black,
                })
        })
    }

    /// Whether a square passed or reached by the piece leaving `from` obeys untouchability:
    /// `victim` is the square it captures on (if any) and `exempt` a Burakumin the second
    /// sub-move of a double move captures.
    fn clean(
        &self,
        mover: Pc,
        from: usize,
        x: usize,
        victim: Option<usize>,
        exempt: Option<usize>,
    ) -> bool {
        neighbours(x).all(|n| {
            if n == from || Some(n) == victim {
                return true;
            }
            match self.board[n] {
                None => true,
                Some(q) if mover.kind == Burakumin => q.kind == Burakumin,
                Some(q) => q.kind != Burakumin || Some(n) == exempt,
            }
        })
    }

    /// Destinations of one sub-move of the piece on `from` (petrification not tested):
    /// geometry, blocking, no friendly capture, Dragon/Cricket/Kappa never capture, and
    /// untouchability on every passed square and the destination.
    pub fn targets(&self, from: usize, exempt: Option<usize>) -> Squares {
        let mover = self.board[from].expect("a piece");
        let mut out = 0u128;
        for (df, dr, n) in vectors(mover.kind) {
            let dr = if mover.black { -dr } else { dr };
            let (mut f, mut r) = (file(from), rank(from));
            let mut path: Vec<usize> = Vec::new();
            for _ in 0..n {
                f += df;
                r += dr;
                let Some(x) = at(f, r) else {
                    break;
                };
                match self.board[x] {
                    None => {
                        if path
                            .iter()
                            .chain([&x])
                            .all(|&y| self.clean(mover, from, y, None, exempt))
                        {
                            out |= 1 << x;
                        }
                        path.push(x);
                    }
                    Some(q) => {
                        if q.black != mover.black
                            && captures(mover.kind)
                            && path
                                .iter()
                                .chain([&x])
                                .all(|&y| self.clean(mover, from, y, Some(x), exempt))
                        {
                            out |= 1 << x;
                        }
                        break;
                    }
                }
            }
        }
        out
    }

    /// Every excess-experience split of the capture `from` -> `to`: lists of (recipient,
    /// amount), amounts above zero only; `[[]]` when there is no excess.
    pub fn splits(&self, from: usize, to: usize) -> Vec<Vec<(usize, u8)>> {
        let mover = self.board[from].unwrap();
        let (V(a), Some(Pc { kind: V(b), .. })) = (mover.kind, self.board[to]) else {
            return vec![vec![]];
        };
        if a + b <= 10 {
            return vec![vec![]];
        }
        let excess = a + b - 10;
        let rooms: Vec<(usize, u8)> = neighbours(to)
            .filter(|&n| n != from)
            .filter_map(|n| match self.board[n] {
                Some(Pc { kind: V(s), black }) if black == mover.black && s < 10 => {
                    Some((n, 10 - s))
                }
                _ => None,
            })
            .collect();
        let mut out: Vec<Vec<(usize, u8)>> = vec![vec![]];
        for (n, room) in rooms {
            let mut next = Vec::new();
            for split in out {
                let used: u8 = split.iter().map(|x| x.1).sum();
                for amount in 0..=room.min(excess - used) {
                    let mut s = split.clone();
                    if amount > 0 {
                        s.push((n, amount));
                    }
                    next.push(s);
                }
            }
            out = next;
        }
        out
    }

    /// Resolves the sub-move `from` -> `to` with an excess split (side to move unchanged).
    pub fn apply(&mut self, from: usize, to: usize, split: &[(usize, u8)]) -> Done {
        let mover = self.board[from].take().unwrap();
        let mut kind = mover.kind;
        let mut done = Done::default();
        if let Some(victim) = self.board[to].take() {
            done.king_taken = victim.kind == King;
            if mover.kind != King {
                if let Some(hk) = hand_of(victim.kind) {
                    self.hands[mover.black as usize][hk] += 1;
                }
            }
            if let (V(a), V(b)) = (mover.kind, victim.kind) {
                kind = V((a + b).min(10));
                for &(r, amount) in split {
                    let q = self.board[r].as_mut().unwrap();
                    let V(s) = q.kind else {
                        panic!("split to a non-value piece")
                    };
                    q.kind = V((s + amount).min(10));
                }
            }
        }
        kind = match kind {
            Lance if last_rank(to, mover.black) => Rook,
            Ninja if last_rank(to, mover.black) => Bishop,
            Horse if last_two(to, mover.black) => Shogun,
            k => k,
        };
        if matches!(kind, V(1) | V(2)) && last_rank(to, mover.black) {
            self.hands[mover.black as usize][0] += 1;
            done.to_hand = true;
        } else {
            self.board[to] = Some(Pc {
                kind,
                black: mover.black,
            });
        }
        done
    }

    fn own(&self, s: usize, black: bool) -> bool {
        matches!(self.board[s], Some(q) if q.black == black)
    }

    /// Enemy Burakumins of `black` (the ones a double move may pass, if it captures them).
    fn enemy_burakumins(&self, black: bool) -> Vec<usize> {
        (0..100)
            .filter(|&s| {
                self.board[s]
                    == Some(Pc {
                        kind: Burakumin,
                        black: !black,
                    })
            })
            .collect()
    }

    /// Pieces of `black` standing next to one of its Crickets (infused).
    fn infused(&self, s: usize, black: bool) -> bool {
        neighbours(s).any(|n| {
            self.board[n]
                == Some(Pc {
                    kind: Cricket,
                    black,
                })
        })
    }

    /// Dragons of `black` with their friendly neighbours (two or more).
    fn dragon_groups(&self, black: bool) -> Vec<Vec<usize>> {
        (0..100)
            .filter(|&d| {
                self.board[d]
                    == Some(Pc {
                        kind: Dragon,
                        black,
                    })
            })
            .map(|d| {
                neighbours(d)
                    .filter(|&n| self.own(n, black))
                    .collect::<Vec<_>>()
            })
            .filter(|f| f.len() >= 2)
            .collect()
    }

    /// Whether `by` has a pseudo-legal turn (single, Cricket double or Dragon pair; drops
    /// never capture) that captures the other side's King. The last sub-move's own
    /// experience split cannot matter (it only changes other pieces after the capture that
    /// counts), so only its destinations are looked at; every split of a first sub-move is
    /// tried where it can matter (a pair's partner B may receive experience).
    pub fn king_capturable(&self, by: bool) -> bool {
        let Some(king) = self.king(!by) else {
            return true;
        };
        let k = 1u128 << king;
        let own: Vec<usize> = (0..100)
            .filter(|&s| self.own(s, by) && !self.petrified(s))
            .collect();
        // Single moves.
        if own.iter().any(|&s| self.targets(s, None) & k != 0) {
            return true;
        }
        // Cricket double moves: only the infused piece moves, so a first sub-move's split
        // (which changes other pieces' stages) cannot change its second sub-move.
        for &p in own.iter().filter(|&&p| self.infused(p, by)) {
            let exemptions =
                std::iter::once(None).chain(self.enemy_burakumins(by).into_iter().map(Some));
            for exempt in exemptions {
                for m in squares(self.targets(p, exempt)) {
                    let mut mid = self.clone();
                    let done = mid.apply(p, m, &[]);
                    if done.to_hand || mid.petrified(m) {
                        continue;
                    }
                    let second = mid.targets(m, None);
                    match exempt {
                        // The first sub-move took the King passing next to a Burakumin
                        // that the second sub-move captures (section 4).
                        Some(u) => {
                            if m == king && second >> u & 1 != 0 {
                                return true;
                            }
                        }
                        None => {
                            if second & k != 0 {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        // Dragon pairs: A moves (every split), then B.
        for friends in self.dragon_groups(by) {
            for &a in &friends {
                if self.petrified(a) {
                    continue;
                }
                for m in squares(self.targets(a, None)) {
                    for split in self.splits(a, m) {
                        let mut mid = self.clone();
                        mid.apply(a, m, &split);
                        for &b in friends.iter().filter(|&&b| b != a) {
                            if !mid.petrified(b) && mid.targets(b, None) & k != 0 {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// The position after the turn, side flipped.
    fn flipped(mut self) -> Pos {
        self.black = !self.black;
        self
    }

    /// Calls `f` with the position reached by every pseudo-legal turn of the side to move
    /// (duplicates included) and whether the turn drops a value piece; stops when `f`
    /// returns true. Turns capturing the enemy King are not listed (they exist only in
    /// positions that cannot occur).
    pub fn for_each_turn(&self, f: &mut dyn FnMut(&Pos, bool) -> bool) -> bool {
        let us = self.black;
        let enemy_king = self.king(!us);
        let own: Vec<usize> = (0..100)
            .filter(|&s| self.own(s, us) && !self.petrified(s))
            .collect();
        // Single moves.
        for &p in &own {
            for m in squares(self.targets(p, None)) {
                if Some(m) == enemy_king {
                    continue;
                }
                for split in self.splits(p, m) {
                    let mut c = self.clone();
                    c.apply(p, m, &split);
                    if f(&c.flipped(), false) {
                        return true;
                    }
                }
            }
        }
        // Cricket double moves (the first sub-move alone is a single move, listed above).
        for &p in own.iter().filter(|&&p| self.infused(p, us)) {
            let exemptions =
                std::iter::once(None).chain(self.enemy_burakumins(us).into_iter().map(Some));
            for exempt in exemptions {
                for m in squares(self.targets(p, exempt)) {
                    if Some(m) == enemy_king {
                        continue;
                    }
                    for split in self.splits(p, m) {
                        let mut mid = self.clone();
                        if mid.apply(p, m, &split).to_hand || mid.petrified(m) {
                            continue;
                        }
                        for m2 in squares(mid.targets(m, None)) {
                            if Some(m2) == enemy_king || exempt.is_some_and(|u| u != m2) {
                                continue;
                            }
                            for split2 in mid.splits(m, m2) {
                                let mut c = mid.clone();
                                c.apply(m, m2, &split2);
                                if f(&c.flipped(), false) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
        // Dragon pairs.
        for friends in self.dragon_groups(us) {
            for &a in &friends {
                if self.petrified(a) {
                    continue;
                }
                for m in squares(self.targets(a, None)) {
                    if Some(m) == enemy_king {
                        continue;
                    }
                    for split in self.splits(a, m) {
                        let mut mid = self.clone();
                        mid.apply(a, m, &split);
                        for &b in friends.iter().filter(|&&b| b != a) {
                            if mid.petrified(b) {
                                continue;
                            }
                            for m2 in squares(mid.targets(b, None)) {
                                if Some(m2) == enemy_king {
                                    continue;
                                }
                                for split2 in mid.splits(b, m2) {
                                    let mut c = mid.clone();
                                    c.apply(b, m2, &split2);
                                    if f(&c.flipped(), false) {
                                        return true;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Drops.
        for hk in 0..8 {
            if self.hands[us as usize][hk] == 0 {
                continue;
            }
            let kind = dropped(hk);
            for s in 0..100 {
                if self.board[s].is_some() {
                    continue;
                }
                // Untouchability: a Burakumin only next to Burakumins, anything else
                // never next to a Burakumin.
                let near_ok = neighbours(s).all(|n| match self.board[n] {
                    None => true,
                    Some(q) => (q.kind == Burakumin) == (kind == Burakumin),
                });
                let stuck = match kind {
                    V(1) | Lance | Ninja => last_rank(s, us),
                    Horse => last_two(s, us),
                    _ => false,
                };
                if !near_ok || stuck {
                    continue;
                }
                let mut c = self.clone();
                c.hands[us as usize][hk] -= 1;
                c.board[s] = Some(Pc { kind, black: us });
                if f(&c.flipped(), hk == 0) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `child`, reached by a turn of the other side (`value_drop`: a value-piece
    /// drop), is legal: that side's King cannot be captured by any turn of the side to move
    /// in `child`, and a value drop does not mate.
    pub fn is_legal_child(child: &Pos, value_drop: bool) -> bool {
        if child.king_capturable(child.black) {
            return false;
        }
        !(value_drop && child.king_capturable(!child.black) && !child.has_legal_turn())
    }

    /// Whether the side to move has a legal turn.
    pub fn has_legal_turn(&self) -> bool {
        self.for_each_turn(&mut |c, vd| Pos::is_legal_child(c, vd))
    }

    /// The distinct positions reached by the legal turns of the side to move.
    pub fn legal_children(&self) -> HashSet<Pos> {
        let mut seen = HashSet::new();
        let mut legal = HashSet::new();
        self.for_each_turn(&mut |c, vd| {
            if seen.insert(c.clone()) && Pos::is_legal_child(c, vd) {
                legal.insert(c.clone());
            }
            false
        });
        legal
    }

    /// Perft by this reference (depth >= 1), one leaf per distinct resulting position.
    pub fn perft(&self, depth: u32) -> u64 {
        let children = self.legal_children();
        if depth <= 1 {
            return children.len() as u64;
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}
