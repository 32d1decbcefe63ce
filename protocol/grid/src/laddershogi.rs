//! Ladder Shogi in a grid GUI (XBoard): a 10x10 board (ranks numbered 0-9 by XBoard) with
//! eight holding kinds, one XBoard piece type per kind and stage, stage changes sent as a
//! promotion suffix, drops `P@e5`, Cricket double moves as two legs of one piece. See the
//! "GUI mapping" section of `docs/rules/laddershogi.md` for what XBoard cannot carry.

use escalade_core::{Color, FenError, MoveError};
use escalade_core::{MoveNotation, Rules};

use escalade_laddershogi::{hand_index, is_value, kind_letter, stage_char, Kind, KINDS};
use escalade_laddershogi::{LadderShogi, Move, SubMove, HAND_BASE, HAND_KINDS, HAND_LETTERS};

use crate::{split_square, GuiBoard, GuiLayout};

/// XBoard's 22 piece types in order (`PNBRQFEACWMOHIJGDVLSUK`), `.` for the unused one.
const PIECE_TO_CHAR: &str = "PNBRQFEACWMOHIJG.VLSUKpnbrqfeacwmohijg.vlsuk";

/// GUI letter (White) of each kind, by kind index (index 0 unused).
const GUI_LETTER: [char; KINDS] = [
    '.', 'P', 'F', 'E', 'W', 'I', 'J', 'G', 'A', 'C', 'Q', // value stages 1-10
    'K', 'M', 'O', 'U', 'L', 'S', 'H', 'V', 'R', 'B', 'N', // King .. Shogun
];

/// Betza moves of each kind, by kind index.
const BETZA: [&str; KINDS] = [
    "", "fW", "fF", "fsW", "fFsW", "fW2F2", "W2fF2", "fsW2F2", "BW", "RF", "Q", "K", "mK", "mK",
    "mK", "fR", "fB", "ffN", "Q", "R", "B", "N",
];

fn gui_letter(kind: Kind, color: Color) -> char {
    let c = GUI_LETTER[kind as usize];
    match color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

fn kind_of_gui(c: char) -> Option<(Kind, Color)> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let up = c.to_ascii_uppercase();
    (1..KINDS as Kind)
        .find(|&k| GUI_LETTER[k as usize] == up)
        .map(|k| (k, color))
}

/// The engine's text of a GUI square (`e0` is `e1`), if it is on the board.
fn engine_square(gui: &str) -> Option<String> {
    let mut chars = gui.chars();
    let file = chars.next().filter(|c| ('a'..='j').contains(c))?;
    let rank: u8 = chars.as_str().parse().ok().filter(|r| *r <= 9)?;
    Some(format!("{file}{}", rank + 1))
}

/// The GUI name of an engine square.
fn gui_square(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 10) as char, sq / 10)
}

impl GuiBoard for LadderShogi {
    fn gui_limit(_form: usize) -> Option<&'static str> {
        Some(
            "a Dragon-pair turn moves two pieces and a capture can pass experience to pieces \
             that did not move; an XBoard move carries one piece (XBoard relays the second \
             Dragon's leg as a leg of the first), so XBoard's board would drift from the game",
        )
    }

    fn gui_layout(_form: usize) -> GuiLayout {
        GuiLayout {
            files: 10,
            ranks: 10,
            holdings: HAND_KINDS as u8,
            parent: "shogi",
            piece_to_char: PIECE_TO_CHAR.into(),
        }
    }

    fn gui_pieces(_form: usize) -> Vec<(String, String)> {
        (1..KINDS)
            .map(|k| (format!("{}&", GUI_LETTER[k]), BETZA[k].to_string()))
            .collect()
    }

    fn gui_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..10u8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..10u8 {
                match self.piece_at(rank * 10 + file) {
                    None => empty += 1,
                    Some((kind, color)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(gui_letter(kind, color));
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let mut hands = String::new();
        for color in Color::BOTH {
            for (hk, &base) in HAND_BASE.iter().enumerate() {
                for _ in 0..self.hand_count(color, hk) {
                    hands.push(gui_letter(base, color));
                }
            }
        }
        format!(
            "{}[{hands}] {} 0 1",
            rows.join("/"),
            self.side_to_move().fen_char()
        )
    }

    fn from_gui_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or_else(|| FenError::new("empty FEN"))?;
        let side = fields.next().unwrap_or("w");
        let (board, hands) = match board.split_once('[') {
            Some((b, h)) => (b, h.trim_end_matches(']')),
            None => (board, ""),
        };
        let mut engine_board = String::new();
        for c in board.chars() {
            if c.is_ascii_digit() || c == '/' {
                engine_board.push(c);
                continue;
            }
            let (kind, color) =
                kind_of_gui(c).ok_or_else(|| FenError::new(format!("unknown GUI piece '{c}'")))?;
            let mut text = if is_value(kind) {
                format!("V{}", stage_char(kind))
            } else {
                kind_letter(kind).to_string()
            };
            if color == Color::Black {
                text = text.to_ascii_lowercase();
            }
            engine_board += &text;
        }
        let mut engine_hands = String::new();
        // XBoard writes empty holdings as `[-]`
        for c in hands.chars().filter(|&c| c != '-') {
            let (kind, color) = kind_of_gui(c)
                .ok_or_else(|| FenError::new(format!("unknown GUI hand piece '{c}'")))?;
            let hk = hand_index(kind)
                .filter(|&hk| HAND_BASE[hk] == kind)
                .ok_or_else(|| FenError::new("only base forms are held"))?;
            let l = HAND_LETTERS[hk];
            engine_hands.push(if color == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            });
        }
        if engine_hands.is_empty() {
            engine_hands.push('-');
        }
        Self::from_fen(form, &format!("{engine_board} {side} {engine_hands}"))
    }

    fn gui_move_text(&self, mv: Move) -> String {
        if let Some((hk, sq)) = mv.dropped() {
            return format!("{}@{}", GUI_LETTER[HAND_BASE[hk] as usize], gui_square(sq));
        }
        let subs: Vec<_> = mv.sub_moves().collect();
        let legs: Vec<String> = subs
            .iter()
            .map(|s| format!("{}{}", gui_square(s.from), gui_square(s.to)))
            .collect();
        let mut text = legs.join(",");
        // The piece's kind after the turn, when it changed (experience or promotion).
        let last = subs[subs.len() - 1];
        let mover = if mv.is_infused() {
            subs[0].from
        } else {
            last.from
        };
        let child = self.play(mv);
        if let (Some((old, _)), Some((new, color))) =
            (self.piece_at(mover), child.piece_at(last.to))
        {
            if new != old && color == self.side_to_move() {
                text.push(GUI_LETTER[new as usize].to_ascii_lowercase());
            }
        }
        // The experience split, which XBoard cannot carry: one bracket per sub-move up to
        // the last one that gives experience away (`[]` for a sub-move that gives none).
        if let Some(n) = subs.iter().rposition(|s| s.split != 0) {
            for sub in &subs[..=n] {
                text += &format!("[{}]", split_items(*sub).join("/"));
            }
        }
        text
    }

    fn parse_gui_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if let Some((piece, sq)) = text.split_once('@') {
            let c = piece
                .chars()
                .next()
                .ok_or_else(|| MoveError::Unparsable("drop without a piece".into()))?;
            let (kind, _) = kind_of_gui(c)
                .ok_or_else(|| MoveError::Unparsable(format!("unknown GUI piece '{c}'")))?;
            let hk = hand_index(kind)
                .ok_or_else(|| MoveError::Illegal("the King is never dropped".into()))?;
            let sq =
                engine_square(sq).ok_or_else(|| MoveError::Unparsable("bad drop square".into()))?;
            return self.parse_move(&format!("{}@{sq}", HAND_LETTERS[hk]));
        }
        let unparsable = || MoveError::Unparsable(format!("not a GUI move: {text}"));
        let (moves, splits) = match text.find('[') {
            Some(i) => (
                &text[..i],
                Some(read_splits(&text[i..]).ok_or_else(unparsable)?),
            ),
            None => (text, None),
        };
        let legs: Vec<&str> = moves.split(',').map(str::trim).collect();
        if legs.len() > 2 || splits.as_ref().is_some_and(|g| g.len() > legs.len()) {
            return Err(unparsable());
        }
        let mut parts = Vec::new();
        for (i, leg) in legs.iter().enumerate() {
            let (from, rest) = split_square(leg).ok_or_else(unparsable)?;
            let (to, _suffix) = split_square(rest).ok_or_else(unparsable)?;
            let (from, to) = (
                engine_square(from).ok_or_else(unparsable)?,
                engine_square(to).ok_or_else(unparsable)?,
            );
            let mut part = format!("{from}{to}");
            if let Some(items) = splits.as_ref().and_then(|g| g.get(i)) {
                if !items.is_empty() {
                    part += &format!("[{}]", items.join("/"));
                }
            }
            parts.push(part);
        }
        let engine_text = parts.join(",");
        match self.parse_move(&engine_text) {
            Err(MoveError::Illegal(reason)) if splits.is_none() => {
                // Without a split (XBoard cannot send one) the excess is kept; when that
                // turn is illegal, the first legal turn with these legs and a split.
                first_turn_with_legs(self, &engine_text).ok_or(MoveError::Illegal(reason))
            }
            other => other,
        }
    }
}

/// The first legal turn of `pos` whose sub-moves go along the legs of `text` (engine notation,
/// no split), whatever it does with excess experience.
fn first_turn_with_legs(pos: &LadderShogi, text: &str) -> Option<Move> {
    let wanted = parse_move_legs(text)?;
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    moves.into_iter().find(|m| {
        m.dropped().is_none()
            && m.sub_moves()
                .map(|s| (s.from, s.to))
                .eq(wanted.iter().copied())
    })
}

/// The (from, to) squares of the sub-moves of an engine move text.
fn parse_move_legs(text: &str) -> Option<Vec<(u8, u8)>> {
    text.split(',')
        .map(|leg| {
            let (from, rest) = split_square(leg)?;
            let (to, _) = split_square(rest)?;
            let sq = |name: &str| {
                let file = name.as_bytes()[0].checked_sub(b'a')?;
                let rank: u8 = name[1..].parse().ok()?;
                (file < 10 && (1..=10).contains(&rank)).then(|| (rank - 1) * 10 + file)
            };
            Some((sq(from)?, sq(to)?))
        })
        .collect()
}

/// The split of a sub-move as `square=amount` items, GUI square names.
fn split_items(sub: SubMove) -> Vec<String> {
    sub.gifts()
        .map(|(r, amount)| format!("{}={amount}", gui_square(r)))
        .collect()
}

/// Reads `[a7=1/c7=2][]...`: per sub-move, its split items with engine square names.
fn read_splits(text: &str) -> Option<Vec<Vec<String>>> {
    let mut groups = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[')?;
        let end = inner.find(']')?;
        let mut items = Vec::new();
        for item in inner[..end].split('/').filter(|i| !i.is_empty()) {
            let (sq, amount) = item.split_once('=')?;
            let amount: u8 = amount.parse().ok()?;
            items.push(format!("{}={amount}", engine_square(sq)?));
        }
        groups.push(items);
        rest = &inner[end + 1..];
    }
    Some(groups)
}
