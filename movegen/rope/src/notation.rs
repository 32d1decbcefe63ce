//! What the rope shows ([`MoveNotation`]): move text, written (`D5-8`, `T4x9`, `K1^3`,
//! `P17-18=C`, `K1<->G2`, `P@5`, `survives`, `falls`) and read, with a reason for every
//! refusal; and the terminal drawing, the numbered line with its pieces, then the side to
//! move and the state each form adds.
//!
//! Reading is lenient about spelling: the piece letter is optional (`5-8`), the separator
//! may be `-`, `x` or `^` (an `x` needs a capture, a `^` a hop), promotions may be written
//! `=C` or `C`, drops `P@5` or `P*5`, the swap `K1<->G2`, `K1<>G2` or as the King moving
//! onto its Gold (`K1-2`). At a chance node the outcome is `survives`, `falls`, a die face
//! `roll:N` or `N` (1..6), or any move text ending in `/N`, `/survives` or `/falls`; in
//! `rope-dice` a move may carry its roll as such a suffix (`T4-7/5`, `T4-7/falls`), which
//! the caller applies at the chance node that follows.

use std::fmt::Write;

use escalade_core::{Bitboard, Color, MoveError, MoveNotation, Rules as _, Square};

use crate::fen::letter;
use crate::form::Special;
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::Kind;

fn unparsable<T>(reason: impl Into<String>) -> Result<T, MoveError> {
    Err(MoveError::Unparsable(reason.into()))
}

fn illegal<T>(reason: impl Into<String>) -> Result<T, MoveError> {
    Err(MoveError::Illegal(reason.into()))
}

/// Splits a die face suffix off a move text: `T4-7/5` gives (`T4-7`, `Some(5)`).
/// A suffix that is not a face 1..6 is left in place (and then fails to parse).
pub fn split_roll(text: &str) -> (&str, Option<u8>) {
    if let Some((body, face)) = text.trim().rsplit_once('/') {
        if let Ok(n @ 1..=6) = face.trim().parse::<u8>() {
            return (body.trim(), Some(n));
        }
    }
    (text.trim(), None)
}

/// Splits an outcome suffix off a move text: a die face (`T4-7/5`) or an outcome word
/// (`T4-7/survives`, `T4-7/falls`). Anything else is left in place.
pub fn split_outcome(text: &str) -> (&str, Option<&str>) {
    if let Some((body, tail)) = text.trim().rsplit_once('/') {
        let tail = tail.trim();
        let word = tail.eq_ignore_ascii_case("survives") || tail.eq_ignore_ascii_case("falls");
        if word || matches!(tail.parse::<u8>(), Ok(1..=6)) {
            return (body.trim(), Some(tail));
        }
    }
    (text.trim(), None)
}

/// The parts of a board-move text: piece letter, origin, separator, destination, promotion.
struct Parts {
    letter: Option<Kind>,
    from: u32,
    sep: Option<char>,
    to: u32,
    promotion: Option<Kind>,
}

fn number(chars: &[char], i: &mut usize) -> Option<u32> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i == start || *i - start > 2 {
        return None;
    }
    chars[start..*i].iter().collect::<String>().parse().ok()
}

fn split_parts(text: &str) -> Option<Parts> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let letter = match chars.first() {
        Some(c) if c.is_ascii_alphabetic() => {
            i = 1;
            Some(Kind::from_letter(*c)?)
        }
        _ => None,
    };
    let from = number(&chars, &mut i)?;
    let sep = match chars.get(i) {
        Some(&c @ ('-' | 'x' | 'X' | '^')) => {
            i += 1;
            Some(c.to_ascii_lowercase())
        }
        _ => None,
    };
    let to = number(&chars, &mut i)?;
    let promotion = match &chars[i..] {
        [] => None,
        ['=' | '+', c] | [c] => Some(Kind::from_letter(*c)?),
        _ => return None,
    };
    Some(Parts {
        letter,
        from,
        sep,
        to,
        promotion,
    })
}

impl MoveNotation for Rope {
    /// `D5-8`, `T4x9`, `K1^3`, `P17-18=C`, `K1<->G2`, `P@5`, `survives`, `falls`.
    fn move_text(&self, mv: RopeMove) -> String {
        let (from, to) = (mv.from as u32 + 1, mv.to as u32 + 1);
        match mv.kind {
            MoveKind::Survives => "survives".into(),
            MoveKind::Falls => "falls".into(),
            MoveKind::Swap => format!("K{from}<->G{to}"),
            MoveKind::Drop(k) => format!("{}@{to}", k.letter()),
            MoveKind::Normal | MoveKind::Promote(_) => {
                let kind = self.kind_at(self.side, mv.from);
                let sep = if self.colors[(!self.side).index()].has(mv.to) {
                    'x'
                } else if matches!(kind, Kind::King | Kind::Gold) && from.abs_diff(to) == 2 {
                    '^'
                } else {
                    '-'
                };
                let mut s = format!("{}{from}{sep}{to}", kind.letter());
                if let MoveKind::Promote(p) = mv.kind {
                    s.push('=');
                    s.push(p.letter());
                }
                s
            }
        }
    }

    /// Reads a move text (see the module documentation) and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<RopeMove, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return unparsable("empty move");
        }
        let lower = text.to_ascii_lowercase();
        let outcome_word =
            matches!(lower.as_str(), "survives" | "falls") || lower.starts_with("roll:");
        if self.pending != NO_SQUARE {
            return self.read_outcome(&lower);
        }
        if outcome_word {
            return illegal("no roll is due");
        }
        let (body, outcome) = split_outcome(text);
        if outcome.is_some() && self.special() != Special::Dice {
            return unparsable("a roll suffix /N exists only in rope-dice");
        }
        if let Some((piece, square)) = body.split_once(['@', '*']) {
            return self.read_drop(piece, square);
        }
        if body.contains("<->") || body.contains("<>") {
            return self.read_swap(body);
        }
        let Some(parts) = split_parts(body) else {
            return unparsable(format!(
                "{body:?} is not a move (try D5-8, T4x9, K1^3, P17-18=C, K1<->G2, P@5)"
            ));
        };
        self.resolve(parts)
    }

    /// The numbered line with its pieces, then the side to move and the state each form
    /// adds.
    fn board_text(&self) -> String {
        let n = self.squares();
        let mut numbers = String::new();
        let mut cells = String::new();
        for sq in 0..n {
            let _ = write!(numbers, "{:>2} ", sq + 1);
            let cell = match self.piece_at(sq) {
                Some((c, k)) if self.promoted.has(sq) => format!("{}~", letter(c, k)),
                Some((c, k)) => format!("{} ", letter(c, k)),
                None => ". ".to_string(),
            };
            let _ = write!(cells, " {cell}");
        }
        let mut s = format!("{}\n{}\n", numbers.trim_end(), cells.trim_end());
        let who = |c: Color| if self.swap_right(c) { "unused" } else { "used" };
        let _ = writeln!(
            s,
            "{} to move; swap White {}, Black {}; no-progress {}/{}; move {}",
            self.side.name(),
            who(Color::White),
            who(Color::Black),
            self.halfmove,
            self.rules().no_progress,
            self.fullmove
        );
        match self.special() {
            Special::House => {
                for c in Color::BOTH {
                    let hand: String = Kind::CAPTURABLE
                        .iter()
                        .flat_map(|&k| (0..self.hand(c, k)).map(move |_| letter(c, k)))
                        .collect();
                    let _ = writeln!(
                        s,
                        "{} hand: {}",
                        c.name(),
                        if hand.is_empty() { "-" } else { &hand }
                    );
                }
            }
            Special::Regeneration => {
                for c in Color::BOTH {
                    let st: String = self.stack(c).iter().map(|k| letter(c, k)).collect();
                    let _ = writeln!(
                        s,
                        "{} stack (top last): {}{}",
                        c.name(),
                        if st.is_empty() { "-" } else { &st },
                        if self.cooldown(c) {
                            " (regenerated last move)"
                        } else {
                            ""
                        }
                    );
                }
            }
            Special::ThreeCheck => {
                let _ = writeln!(
                    s,
                    "checks given: White {}, Black {}",
                    self.checks[0], self.checks[1]
                );
            }
            Special::Dice => {
                if let Some(sq) = self.pending_roll() {
                    let k = self.kind_at(self.side, sq);
                    let _ = writeln!(
                        s,
                        "roll due: the {} on {} survives on 1..{}",
                        k.name(),
                        sq + 1,
                        k.dice_level()
                    );
                }
            }
            Special::None => {}
        }
        s
    }
}

impl Rope {
    /// The outcome that a die face gives at this chance node.
    pub fn outcome_for_roll(&self, face: u8) -> Option<RopeMove> {
        if self.pending == NO_SQUARE || !(1..=6).contains(&face) {
            return None;
        }
        let level = self.kind_at(self.side, self.pending).dice_level();
        Some(if face <= level {
            RopeMove::SURVIVES
        } else {
            RopeMove::FALLS
        })
    }

    fn read_outcome(&self, lower: &str) -> Result<RopeMove, MoveError> {
        let tail = lower.rsplit_once('/').map_or(lower, |(_, t)| t.trim());
        let face = match tail {
            "survives" => return Ok(RopeMove::SURVIVES),
            "falls" => return Ok(RopeMove::FALLS),
            _ => tail.strip_prefix("roll:").map_or(tail, str::trim),
        };
        match face
            .parse::<u8>()
            .ok()
            .and_then(|n| self.outcome_for_roll(n))
        {
            Some(m) => Ok(m),
            None => unparsable("a roll is due: survives, falls or a die face roll:N (1..6)"),
        }
    }

    fn square(&self, n: u32) -> Result<Square, MoveError> {
        if (1..=self.squares() as u32).contains(&n) {
            Ok((n - 1) as Square)
        } else {
            unparsable(format!(
                "there is no square {n} (squares are 1..{})",
                self.squares()
            ))
        }
    }

    fn legal_list(&self) -> Vec<RopeMove> {
        let mut v = Vec::new();
        self.generate_moves(&mut v);
        v
    }

    fn read_drop(&self, piece: &str, square: &str) -> Result<RopeMove, MoveError> {
        let mut cs = piece.trim().chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return unparsable("a drop is a piece letter, @ and a square, e.g. P@5");
        };
        let kind = match Kind::from_letter(c) {
            Some(Kind::King) | None => return unparsable(format!("{c:?} cannot be dropped")),
            Some(k) => k,
        };
        let Ok(n) = square.trim().parse::<u32>() else {
            return unparsable(format!("bad square {square:?}"));
        };
        let to = self.square(n)?;
        if self.special() != Special::House {
            return illegal("drops exist only in rope-house");
        }
        if self.hand(self.side, kind) == 0 {
            return illegal(format!("no {} in hand", kind.name()));
        }
        if self.occupied().has(to) {
            return illegal(format!("square {n} is occupied"));
        }
        let mv = RopeMove {
            from: 0,
            to,
            kind: MoveKind::Drop(kind),
        };
        if self.legal_list().contains(&mv) {
            return Ok(mv);
        }
        if kind == Kind::Pawn && to == self.tables().last[self.side.index()] {
            illegal("no pawn drop on the last square")
        } else if kind == Kind::Pawn && !self.with_drop_leaves_king_attacked(to) {
            illegal("a pawn drop may not give mate")
        } else {
            illegal("that leaves your King in check")
        }
    }

    fn with_drop_leaves_king_attacked(&self, to: Square) -> bool {
        let occ = self.occupied() | u64::bit(to);
        self.attackers_with(self.tables(), self.king(self.side), !self.side, occ, !0) != 0
    }

    fn read_swap(&self, body: &str) -> Result<RopeMove, MoveError> {
        let (a, b) = body
            .split_once("<->")
            .or_else(|| body.split_once("<>"))
            .unwrap_or((body, ""));
        let num = |s: &str, want: char| -> Result<Square, MoveError> {
            let s = s.trim();
            let s = s
                .strip_prefix([want, want.to_ascii_lowercase()])
                .unwrap_or(s);
            match s.parse::<u32>() {
                Ok(n) => self.square(n),
                Err(_) => unparsable("the swap is written K1<->G2"),
            }
        };
        let (from, to) = (num(a, 'K')?, num(b, 'G')?);
        self.swap_checked(from, to)
    }

    fn swap_checked(&self, from: Square, to: Square) -> Result<RopeMove, MoveError> {
        let us = self.side;
        if !self.pieces(us, Kind::King).has(from) {
            return illegal(format!("your King is not on {}", from + 1));
        }
        if !self.pieces(us, Kind::Gold).has(to) {
            return illegal(format!("your Gold is not on {}", to + 1));
        }
        if !self.swap_right(us) {
            return illegal("the King-Gold swap has been used");
        }
        let mv = RopeMove {
            from,
            to,
            kind: MoveKind::Swap,
        };
        if self.legal_list().contains(&mv) {
            Ok(mv)
        } else {
            illegal("that leaves your King in check")
        }
    }

    fn resolve(&self, p: Parts) -> Result<RopeMove, MoveError> {
        let us = self.side;
        let (from, to) = (self.square(p.from)?, self.square(p.to)?);
        let Some((color, kind)) = self.piece_at(from) else {
            return illegal(format!("square {} is empty", p.from));
        };
        if color != us {
            return illegal(format!("the piece on {} is not yours", p.from));
        }
        if let Some(l) = p.letter {
            if l != kind {
                return illegal(format!(
                    "the piece on {} is a {}, not a {}",
                    p.from,
                    kind.name(),
                    l.name()
                ));
            }
        }
        if kind == Kind::King && self.pieces(us, Kind::Gold).has(to) && p.promotion.is_none() {
            return self.swap_checked(from, to);
        }
        let enemy_there = self.colors[(!us).index()].has(to);
        match p.sep {
            Some('x') if !enemy_there => return illegal(format!("nothing to capture on {}", p.to)),
            Some('^') if !matches!(kind, Kind::King | Kind::Gold) || p.from.abs_diff(p.to) != 2 => {
                return illegal("only a King or Gold hops, two squares")
            }
            _ => {}
        }
        if p.promotion.is_some() && kind != Kind::Pawn {
            return illegal("only a Pawn promotes");
        }
        let wanted = match p.promotion {
            Some(k) => MoveKind::Promote(k),
            None => MoveKind::Normal,
        };
        let mv = RopeMove {
            from,
            to,
            kind: wanted,
        };
        if self.legal_list().contains(&mv) {
            return Ok(mv);
        }
        if !self.pseudo_targets(us, kind, from).has(to) {
            return illegal(format!(
                "the {} on {} cannot reach {}",
                kind.name(),
                p.from,
                p.to
            ));
        }
        let t = self.tables();
        let promotions = self.rules().promotions;
        let names = promotions
            .iter()
            .map(|k| format!("={}", k.letter()))
            .collect::<Vec<_>>()
            .join(", ");
        if kind == Kind::Pawn {
            match p.promotion {
                None if to == t.last[us.index()] => {
                    return illegal(format!("a Pawn reaching {} must promote ({names})", p.to))
                }
                Some(_) if !t.zone[us.index()].has(to) => {
                    return illegal("a Pawn promotes only on a move ending in the zone")
                }
                Some(k) if !promotions.contains(&k) => {
                    return illegal(format!("a Pawn promotes to {names} only"))
                }
                _ => {}
            }
        }
        illegal("that leaves your King in check")
    }
}
