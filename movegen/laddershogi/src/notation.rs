//! What Ladder Shogi shows ([`MoveNotation`]): move text and the terminal drawing (the
//! 10x10 board with stages, both hands and the side to move).
//!
//! Move text:
//!
//! * sub-move: `e3-e4`, capture `e5xf6`; an experience split follows in brackets,
//!   `e5xe8[d9=1/f9=5]` (recipient square = amount, amounts above zero only);
//! * a turn of two sub-moves joins them with a comma: `e4xe5,e5xf6` (Cricket infusion: the
//!   second starts where the first ended) or `d5xd6,f5xf6` (Dragon pair);
//! * a drop: hand letter, `@`, square: `V@e9`, `L@c10`.
//!
//! Reading is lenient: `-`/`x` may be omitted or swapped, spaces after the comma are
//! ignored, and any turn reaching the same position as a listed one is accepted (the
//! listed one is returned).

use escalade_core::{Bitboard, Color, MoveError, MoveNotation, Rules, Square};

use crate::moves::{Move, SubMove};
use crate::piece::{is_value, letter, HAND_KINDS, HAND_LETTERS};
use crate::position::LadderShogi;
use crate::tables::TABLES;

impl MoveNotation for LadderShogi {
    /// Sub-moves joined by a comma, each with its experience split; a drop as hand letter,
    /// `@`, square.
    fn move_text(&self, mv: Move) -> String {
        let t = &*TABLES;
        if let Some((hk, sq)) = mv.dropped() {
            return format!("{}@{}", HAND_LETTERS[hk], t.geo.name(sq));
        }
        let mut pos = self.clone();
        let mut parts = Vec::new();
        for sub in mv.sub_moves() {
            let capture = !pos.board[sub.to as usize].is_empty();
            let mut s = format!(
                "{}{}{}",
                t.geo.name(sub.from),
                if capture { 'x' } else { '-' },
                t.geo.name(sub.to)
            );
            if sub.split != 0 {
                let gifts: Vec<String> = (0..8)
                    .filter(|&d| sub.given(d) > 0)
                    .map(|d| {
                        format!(
                            "{}={}",
                            t.geo.name(t.geo.step(sub.to, d).lsb()),
                            sub.given(d)
                        )
                    })
                    .collect();
                s += &format!("[{}]", gifts.join("/"));
            }
            parts.push(s);
            pos.apply_sub(sub);
        }
        parts.join(",")
    }

    /// Reads a turn and returns the legal turn reaching the same position.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let wanted = parse_text(text)?;
        let us = self.side;
        if let Some((hk, sq)) = wanted.dropped() {
            if self.hands[us.index()][hk] == 0 {
                return Err(MoveError::Illegal(format!(
                    "no {} in hand",
                    HAND_LETTERS[hk]
                )));
            }
            if !self.board[sq as usize].is_empty() {
                return Err(MoveError::Illegal("the drop square is occupied".into()));
            }
        } else {
            let from = wanted.first.from;
            let p = self.board[from as usize];
            if p.is_empty() || p.color() != us {
                return Err(MoveError::Illegal(format!(
                    "no piece of the side to move on {}",
                    TABLES.geo.name(from)
                )));
            }
            if self.petrified(us).has(from) {
                return Err(MoveError::Illegal("the piece is petrified".into()));
            }
        }
        let mut reached = None;
        self.for_each_turn(&mut |mv: &Move, child: &LadderShogi, _| {
            if *mv == wanted {
                reached = Some(child.hash);
            }
            reached.is_some()
        });
        let Some(h) = reached else {
            return Err(MoveError::Illegal("not a turn this position allows".into()));
        };
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.into_iter().find(|m| m.child == h).ok_or_else(|| {
            let reason = if wanted.dropped().is_some_and(|(hk, _)| hk == 0) {
                "it leaves the King capturable or mates by a Merchant drop"
            } else {
                "it leaves the King capturable"
            };
            MoveError::Illegal(reason.into())
        })
    }
    /// Black's hand, the board from rank 10 down (White uppercase, Black lowercase, value
    /// pieces as V1..V10), White's hand, the side to move.
    fn board_text(&self) -> String {
        let mut out = String::new();
        out += &format!("  Black hand: {}\n", self.hand_text(Color::Black));
        out += "     a   b   c   d   e   f   g   h   i   j\n";
        for rank in (0..10).rev() {
            out += &format!("{:>3} ", rank + 1);
            for file in 0..10 {
                let p = self.board[rank * 10 + file];
                let cell = if p.is_empty() {
                    " . ".to_string()
                } else {
                    let mut s = if is_value(p.kind()) {
                        format!("V{}", p.kind())
                    } else {
                        letter(p.kind()).to_string()
                    };
                    if p.color() == Color::Black {
                        s = s.to_ascii_lowercase();
                    }
                    format!("{s:^3}")
                };
                out += &cell;
                out.push(' ');
            }
            out += &format!("{}\n", rank + 1);
        }
        out += "     a   b   c   d   e   f   g   h   i   j\n";
        out += &format!("  White hand: {}\n", self.hand_text(Color::White));
        out += &format!("  {} to move", self.side.name());
        out
    }
}

impl LadderShogi {
    fn hand_text(&self, color: Color) -> String {
        let items: Vec<String> = (0..HAND_KINDS)
            .filter(|&hk| self.hands[color.index()][hk] > 0)
            .map(|hk| format!("{} x{}", HAND_LETTERS[hk], self.hands[color.index()][hk]))
            .collect();
        if items.is_empty() {
            "-".into()
        } else {
            items.join(", ")
        }
    }
}

fn unparsable(why: &str) -> MoveError {
    MoveError::Unparsable(why.into())
}

/// Reads a square name at the start of `s`; returns it and the rest.
fn square(s: &str) -> Result<(Square, &str), MoveError> {
    let b = s.as_bytes();
    if b.is_empty() || !(b'a'..=b'j').contains(&b[0]) {
        return Err(unparsable("expected a square a1-j10"));
    }
    let digits = b[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let rank: usize = s[1..1 + digits]
        .parse()
        .map_err(|_| unparsable("expected a rank 1-10"))?;
    if !(1..=10).contains(&rank) {
        return Err(unparsable("ranks run from 1 to 10"));
    }
    Ok((
        ((rank - 1) * 10 + (b[0] - b'a') as usize) as Square,
        &s[1 + digits..],
    ))
}

/// Reads one sub-move, split included.
fn sub_move(text: &str) -> Result<SubMove, MoveError> {
    let t = &*TABLES;
    let (from, rest) = square(text)?;
    let rest = rest.strip_prefix(['-', 'x']).unwrap_or(rest);
    let (to, rest) = square(rest)?;
    let mut split = 0u32;
    if !rest.is_empty() {
        let inner = rest
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| {
                unparsable("after a sub-move only an experience split [sq=n/...] may follow")
            })?;
        for gift in inner.split('/').filter(|g| !g.is_empty()) {
            let (sq, amount) = gift
                .split_once('=')
                .ok_or_else(|| unparsable("a split item is square=amount"))?;
            let (r, tail) = square(sq)?;
            let n: u32 = amount
                .parse()
                .map_err(|_| unparsable("a split amount is a number"))?;
            if !tail.is_empty() || !(1..=9).contains(&n) {
                return Err(unparsable("a split item is square=amount with amount 1-9"));
            }
            let dir = (0..8)
                .find(|&d| t.geo.step(to, d) == u128::bit(r))
                .ok_or_else(|| {
                    MoveError::Illegal(
                        "an experience recipient must be next to the capturing piece".into(),
                    )
                })?;
            if (split >> (4 * dir)) & 15 != 0 {
                return Err(unparsable("a recipient is named twice"));
            }
            split |= n << (4 * dir);
        }
    }
    Ok(SubMove { from, to, split })
}

/// Reads a turn's text into a turn value (not checked against the position).
fn parse_text(text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(unparsable("empty move"));
    }
    if let Some((piece, sq)) = text.split_once('@') {
        let letter = piece.trim().to_ascii_uppercase();
        let hk = HAND_LETTERS
            .iter()
            .position(|&l| letter.len() == 1 && letter.starts_with(l))
            .ok_or_else(|| unparsable("a drop is V, D, C, P, L, J, H or U, then @ and a square"))?;
        let (sq, rest) = square(sq.trim())?;
        if !rest.is_empty() {
            return Err(unparsable("unexpected text after the drop square"));
        }
        return Ok(Move::drop_piece(hk, sq));
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    match parts.as_slice() {
        [one] => Ok(Move::single(sub_move(one)?)),
        [one, two] => Ok(Move::double(sub_move(one)?, sub_move(two)?)),
        _ => Err(unparsable("a turn has at most two sub-moves")),
    }
}
