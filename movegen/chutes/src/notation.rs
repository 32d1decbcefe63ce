//! What Chutes and Ladders Chess shows ([`MoveNotation`]): move text and the terminal
//! drawing (both boards side by side, then the side to move, the things, en passant and the
//! FEN).
//!
//! Move text, close to the seed's notation: `[Piece]<from>(-|x)<to>[=Promo][/Part2]`, where
//! `<to>` names the square the man finally stands on (a changed board digit shows transport),
//! and Part 2 is `+0X` (make a ladder at X), `+1X` (make a chute at X) or `-X` (remove one's
//! thing at X). Castling is written as the King's move (`K0e1-0g1`). See `docs/rules/chutes.md`.

use std::fmt::Write;

use escalade_core::{Color, MoveError, MoveNotation, Rules, Square};

use crate::men::Kind;
use crate::moves::{Move, Part2, Special};
use crate::position::Chutes;
use crate::square::{
    board_of, file_of, fr_name, fr_of, parse_fr, parse_square, square, square_name,
};

impl MoveNotation for Chutes {
    /// Part 1, then `/` and Part 2 unless it is White's first turn.
    fn move_text(&self, m: Move) -> String {
        let mut s = self.part1_text(m);
        if !self.first_turn {
            s.push('/');
            s.push_str(&part2_text(m.part2()));
        }
        s
    }

    /// Reads a whole turn and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Unparsable("empty move".into()));
        }
        let (p1, p2) = match text.split_once('/') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (text, None),
        };
        let part1 = parse_part1(p1)?;
        let part2 = match p2 {
            None | Some("") => Part2::Nothing,
            Some(t) => parse_part2(t)?,
        };
        let mut candidates: Vec<(Move, Chutes)> = Vec::new();
        self.for_each_part1(|m, after| {
            if part1.matches(self, m) {
                candidates.push((m, *after));
            }
        });
        let Some(&(m, after)) = candidates.first() else {
            return Err(MoveError::Illegal(self.why_part1_illegal(&part1)));
        };
        if part2 == Part2::Nothing {
            return Ok(m);
        }
        if self.first_turn {
            return Err(MoveError::Illegal(
                "White's first turn has no Part 2".into(),
            ));
        }
        let mut legal = false;
        after.for_each_part2(|p| legal |= p == part2);
        if legal {
            Ok(m.with(part2))
        } else {
            Err(MoveError::Illegal(after.why_part2_illegal(part2)))
        }
    }

    /// Both boards side by side, things drawn on their entrance squares (`L`/`l` a
    /// White/Black-owned ladder on board 0, `C`/`c` a chute on board 1), then the side to
    /// move, the things with owners, castling and en passant.
    fn board_text(&self) -> String {
        let mut s = String::from("     board 0                  board 1\n");
        for rank in (0..8u8).rev() {
            for board in 0..2u8 {
                let _ = write!(s, "{} ", rank + 1);
                for file in 0..8u8 {
                    let sq = square(board, file, rank);
                    let c = match self.men.at(sq) {
                        Some((side, kind)) => {
                            let c = kind.letter();
                            if side == Color::White {
                                c
                            } else {
                                c.to_ascii_lowercase()
                            }
                        }
                        None => self.thing_marker(board, rank * 8 + file),
                    };
                    let _ = write!(s, " {c}");
                }
                s.push_str(if board == 0 { "     " } else { "\n" });
            }
        }
        s.push_str("   a b c d e f g h          a b c d e f g h\n");
        let mover = if self.first_turn {
            "White to move (first turn: no Part 2)"
        } else {
            self.side.name()
        };
        let _ = write!(
            s,
            "{}{}",
            mover,
            if self.first_turn { "" } else { " to move" }
        );
        if self.in_check() {
            s.push_str(", in check");
        }
        s.push('\n');
        let mut things = Vec::new();
        for fr in 0..64u8 {
            if let Some((chute, owner)) = self.thing_at(fr) {
                things.push(format!(
                    "{} {} ({})",
                    if chute { "chute" } else { "ladder" },
                    fr_name(fr),
                    owner.name()
                ));
            }
        }
        let _ = writeln!(
            s,
            "things: {}",
            if things.is_empty() {
                "none".into()
            } else {
                things.join(", ")
            }
        );
        if let Some((t, v)) = self.en_passant() {
            let _ = writeln!(
                s,
                "en passant: capture on {} removes the pawn on {}",
                square_name(t),
                square_name(v)
            );
        }
        let _ = writeln!(s, "FEN: {}", self.to_fen());
        s
    }
}

impl Chutes {
    /// The text of a Part 1 alone (no `/`).
    pub fn part1_text(&self, m: Move) -> String {
        let (from, to) = (m.from(), m.to());
        let mut s = String::new();
        match self.men.at(from) {
            Some((_, Kind::Pawn)) | None => {}
            Some((_, kind)) => s.push(kind.letter()),
        }
        s.push_str(&square_name(from));
        let capture = m.special() == Special::EnPassant
            || self.men.sides[(!self.side).index()] >> to & 1 != 0;
        s.push(if capture { 'x' } else { '-' });
        s.push_str(&square_name(self.landing(to)));
        if let Some(k) = m.special().promotion() {
            s.push('=');
            s.push(k.letter());
        }
        s
    }

    fn thing_marker(&self, board: u8, fr: u8) -> char {
        match self.thing_at(fr) {
            Some((false, owner)) if board == 0 => {
                if owner == Color::White {
                    'L'
                } else {
                    'l'
                }
            }
            Some((true, owner)) if board == 1 => {
                if owner == Color::White {
                    'C'
                } else {
                    'c'
                }
            }
            _ => '.',
        }
    }

    fn why_part1_illegal(&self, part1: &Part1Text) -> String {
        match self.men.at(part1.from) {
            None => format!("no man on {}", square_name(part1.from)),
            Some((side, _)) if side != self.side => {
                format!("the man on {} is not yours", square_name(part1.from))
            }
            Some((_, kind)) if part1.kind.is_some_and(|k| k != kind) => {
                format!(
                    "the man on {} is not a {}",
                    square_name(part1.from),
                    part1.kind.map_or('?', Kind::letter)
                )
            }
            _ => "not a legal Part 1 (impossible move, a King left in check, Rule 6 or Rule 11)"
                .into(),
        }
    }

    fn why_part2_illegal(&self, part2: Part2) -> String {
        let us = self.side;
        let occ = self.men.occupied();
        match part2 {
            Part2::Nothing => "no Part 2 is legal".into(),
            Part2::Remove(fr) => match self.thing_at(fr) {
                None => format!("there is no chute or ladder on {}", fr_name(fr)),
                Some(_) => format!("the thing on {} is not yours", fr_name(fr)),
            },
            Part2::Ladder(fr) | Part2::Chute(fr) => {
                let chute = matches!(part2, Part2::Chute(_));
                if self.thing_at(fr).is_some() {
                    format!("{} already has a chute or ladder", fr_name(fr))
                } else if self.owned_count(us, chute) >= 2 {
                    format!(
                        "you already own two {}",
                        if chute { "chutes" } else { "ladders" }
                    )
                } else if occ >> fr & 1 != 0 && occ >> (fr + 64) & 1 != 0 {
                    format!("both 0{0} and 1{0} are occupied", fr_name(fr))
                } else {
                    "it would leave one of your Kings in check".into()
                }
            }
        }
    }
}

/// Part 2 as text (empty for "nothing").
pub fn part2_text(part2: Part2) -> String {
    match part2 {
        Part2::Nothing => String::new(),
        Part2::Ladder(fr) => format!("+0{}", fr_name(fr)),
        Part2::Chute(fr) => format!("+1{}", fr_name(fr)),
        Part2::Remove(fr) => format!("-{}", fr_name(fr)),
    }
}

/// A parsed Part 1 text, not yet matched against the legal moves.
struct Part1Text {
    kind: Option<Kind>,
    from: Square,
    /// The written destination (either the square stepped on or the final square).
    to: Square,
    promotion: Option<Kind>,
    castle: bool,
}

impl Part1Text {
    fn matches(&self, pos: &Chutes, m: Move) -> bool {
        if self.castle {
            // written for the board only; the side to move decides the rank
            return m.special() == Special::Castle
                && board_of(m.from()) == board_of(self.from)
                && file_of(m.to()) == file_of(self.to);
        }
        if m.from() != self.from
            || self
                .kind
                .is_some_and(|k| pos.men.at(m.from()).map(|x| x.1) != Some(k))
        {
            return false;
        }
        let to_ok = fr_of(m.to()) == fr_of(self.to)
            && (board_of(self.to) == board_of(m.to()) || self.to == pos.landing(m.to()));
        to_ok && m.special().promotion() == self.promotion
    }
}

fn unparsable(text: &str, why: &str) -> MoveError {
    MoveError::Unparsable(format!("`{text}`: {why}"))
}

fn parse_part1(text: &str) -> Result<Part1Text, MoveError> {
    let mut t = text.trim_end_matches(['+', '#', '!', '?']);
    t = t.strip_suffix("e.p.").unwrap_or(t).trim_end();
    // Castling: `0O-O`, `1O-O-O` (zeros accepted too), for the side to move.
    let castle_text = t.replace('0', "O");
    if let Some(rest) = t.get(1..) {
        let board = t.as_bytes()[0];
        let wing = rest.replace('0', "O");
        if (board == b'0' || board == b'1') && (wing == "O-O" || wing == "O-O-O") {
            let b = board - b'0';
            let file = if wing == "O-O" { 6 } else { 2 };
            return Ok(Part1Text {
                kind: Some(Kind::King),
                from: square(b, 4, 0),
                to: square(b, file, 0),
                promotion: None,
                castle: true,
            });
        }
    }
    if castle_text == "O-O" || castle_text == "O-O-O" {
        return Err(unparsable(
            text,
            "castling needs its board: `0O-O` or `1O-O-O`",
        ));
    }
    let mut chars = t;
    let mut kind = None;
    if let Some(c) = chars.chars().next().filter(|c| c.is_ascii_uppercase()) {
        kind = Some(Kind::from_letter(c).ok_or_else(|| unparsable(text, "unknown piece letter"))?);
        chars = &chars[1..];
    }
    let from = chars
        .get(..3)
        .and_then(parse_square)
        .ok_or_else(|| unparsable(text, "expected a square like 0e2"))?;
    let sep = chars.as_bytes().get(3).copied();
    if sep != Some(b'-') && sep != Some(b'x') {
        return Err(unparsable(text, "expected `-` or `x` after the origin"));
    }
    let to = chars
        .get(4..7)
        .and_then(parse_square)
        .ok_or_else(|| unparsable(text, "expected a destination like 0e4"))?;
    let rest = chars.get(7..).unwrap_or("");
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let promotion = match rest {
        "" => None,
        r if r.len() == 1 => match Kind::from_letter(r.chars().next().unwrap_or('?')) {
            Some(k @ (Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight)) => Some(k),
            _ => return Err(unparsable(text, "promotion must be to Q, R, B or N")),
        },
        _ => return Err(unparsable(text, "unexpected text after the destination")),
    };
    Ok(Part1Text {
        kind,
        from,
        to,
        promotion,
        castle: false,
    })
}

fn parse_part2(text: &str) -> Result<Part2, MoveError> {
    let bad = || {
        unparsable(
            text,
            "Part 2 must be `+0X` (ladder), `+1X` (chute) or `-X` (remove), one per turn",
        )
    };
    if let Some(rest) = text.strip_prefix('+') {
        let fr = rest.get(1..).and_then(parse_fr).ok_or_else(bad)?;
        match rest.as_bytes().first() {
            Some(b'0') => Ok(Part2::Ladder(fr)),
            Some(b'1') => Ok(Part2::Chute(fr)),
            _ => Err(bad()),
        }
    } else if let Some(rest) = text.strip_prefix('-') {
        parse_fr(rest).map(Part2::Remove).ok_or_else(bad)
    } else {
        Err(bad())
    }
}
