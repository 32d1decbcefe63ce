//! The rope in a grid GUI (XBoard): the line folded boustrophedon into 7x3 (15 squares:
//! 5x3), square 1 on `a1`, rank 1 left to right, rank 2 right to left, rank 3 left to right
//! (`docs/rules/rope.md`, "GUI mapping"). Holdings for `rope-house`. The folded geometry is
//! not XBoard's, so the engine referees (legality testing off) and answers `lift` with the
//! legal targets; the pieces ride on XBoard piece types that carry none of its chess side
//! effects, under the Shatranj parent (`PIECE_TO_CHAR`, `PARENT`). Moves are grid
//! coordinates (`a1d1` = 1-4, `c3d3c` = 17-18=C, `P@d2`); the swap is the King moving onto
//! its Gold (`a1b1` = K1<->G2); a dice roll may follow as `/N`; the engine's own move text
//! is accepted as well. The GUI FEN is the folded board, `[hand]`, side, swap rights in the
//! castling field (`Kk`), `-`, and the two counters; the engine's own FEN fields are read as
//! well. XBoard's FENs carry no swap rights (under the Shatranj parent there is no castling
//! field), so from them a side with a Gold keeps its swap.

use escalade_core::{Color, FenError, MoveError, Square};
use escalade_core::{MoveNotation, Rules};

use escalade_rope::{split_outcome, Kind, MoveKind, Rope, RopeMove, Special, RULES};

use crate::{split_coordinate_move, GuiBoard, GuiLayout};

/// XBoard's piece types for the rope's pieces, chosen so that XBoard's `ApplyMove`
/// (backend.c) gives none of them a chess side effect: castling belongs to its King type,
/// en passant and rank promotion to its Pawn and Lance types, so the rope's King is XBoard's
/// Man (commoner), its Pawn XBoard's Wazir, and the King, Pawn and Lance slots are empty.
/// Order: Pawn (unused), Knight (Dove), Bishop (Torch), Rook (Router), Queen (unused), Ferz
/// (Gold), Alfil (Dabbaba), Angel, Marshall (unused), Wazir (Pawn), Man (King), ..., King
/// (unused). XBoard's Rook type castles only with its King type, which never appears.
const PIECE_TO_CHAR: &str = ".DTR.GC..PK............dtr.gc..pk...........";

/// XBoard's parent variant: Shatranj has no castling rights (`nrCastlingRights` 0), and
/// only then does XBoard's `ApplyMove` turn a move onto an own piece into an exchange of
/// the two, which is how the swap (the King moving onto its Gold) reaches XBoard's board;
/// under any parent with castling rights the Gold would vanish. Shatranj's own rules
/// (bare King, stalemate) are adjudicated by XBoard only with legality testing on.
const PARENT: &str = "shatranj";

/// Grid width of a board of `n` squares.
fn width(n: u8) -> u8 {
    if n == 15 {
        5
    } else {
        7
    }
}

/// Grid (file, rank), 0-based, of a square index.
fn grid(n: u8, sq: Square) -> (u8, u8) {
    let w = width(n);
    let (row, col) = (sq / w, sq % w);
    (if row % 2 == 1 { w - 1 - col } else { col }, row)
}

/// Square index at grid (file, rank).
fn square_at(n: u8, file: u8, rank: u8) -> Square {
    let w = width(n);
    rank * w + if rank % 2 == 1 { w - 1 - file } else { file }
}

fn layout(form: usize) -> GuiLayout {
    let rules = &RULES[form];
    GuiLayout {
        files: width(rules.squares),
        ranks: 3,
        holdings: if rules.special == Special::House {
            6
        } else {
            0
        },
        parent: PARENT,
        piece_to_char: PIECE_TO_CHAR.to_string(),
    }
}

/// The GUI name of square `sq` of `pos`'s line.
fn gui_square(pos: &Rope, sq: Square) -> String {
    let (f, r) = grid(pos.squares(), sq);
    layout(pos.form()).square_name(f, r)
}

/// The square of `pos`'s line on the GUI square `name`.
fn parse_gui_square(pos: &Rope, name: &str) -> Result<Square, MoveError> {
    layout(pos.form())
        .parse_square(name)
        .map(|(f, r)| square_at(pos.squares(), f, r))
        .ok_or_else(|| MoveError::Unparsable(format!("{name} is not a square of the folded board")))
}

/// The FEN letter of a piece (upper case White).
fn letter(c: Color, k: Kind) -> char {
    match c {
        Color::White => k.letter(),
        Color::Black => k.letter().to_ascii_lowercase(),
    }
}

/// The line (engine FEN board field) from the folded GUI board field.
fn unfold(form: usize, board: &str) -> Result<String, FenError> {
    let n = RULES[form].squares;
    let w = width(n) as usize;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 3 {
        return Err(FenError::new(format!(
            "expected 3 ranks, found {}",
            rows.len()
        )));
    }
    let mut line: Vec<Option<String>> = vec![None; n as usize];
    for (i, row) in rows.iter().enumerate() {
        let rank = 2 - i as u8;
        let mut cells: Vec<Option<String>> = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                cells.extend((0..d).map(|_| None));
            } else if c.is_ascii_alphabetic() {
                let mut piece = c.to_string();
                if chars.peek() == Some(&'~') {
                    chars.next();
                    piece.push('~');
                }
                cells.push(Some(piece));
            } else {
                return Err(FenError::new(format!("unexpected {c:?} in the board")));
            }
        }
        if cells.len() != w {
            return Err(FenError::new(format!(
                "rank {} has {} squares, not {w}",
                rank + 1,
                cells.len()
            )));
        }
        for (file, cell) in cells.into_iter().enumerate() {
            line[square_at(n, file as u8, rank) as usize] = cell;
        }
    }
    let mut out = String::new();
    let mut empty = 0;
    for cell in line {
        match cell {
            None => empty += 1,
            Some(p) => {
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out += &p;
            }
        }
    }
    if empty > 0 {
        out += &empty.to_string();
    }
    Ok(out)
}

impl GuiBoard for Rope {
    fn gui_limit(form: usize) -> Option<&'static str> {
        match RULES[form].special {
            Special::Dice => Some(
                "a die roll after the move decides whether the moved piece falls off the \
                 rope; a move is on XBoard's board before its roll is made, and an engine \
                 cannot take the fallen piece off XBoard's board, so the boards would drift",
            ),
            Special::Regeneration => Some(
                "a captured piece comes back onto its home square without a move of its own; \
                 XBoard's board cannot show it, so the boards would drift",
            ),
            Special::House => Some(
                "a captured promoted piece goes to the hand as a Pawn; XBoard 4.9.1 does that \
                 only by turning it into its own Pawn type (backend.c, ApplyMove: a captured \
                 piece without a holdings slot becomes WhitePawn/BlackPawn), which carries \
                 chess's en passant and last-rank promotion, while the rope's Pawn must ride \
                 on a type without them; XBoard's hand would hold the wrong piece",
            ),
            _ => None,
        }
    }

    fn gui_layout(form: usize) -> GuiLayout {
        layout(form)
    }

    fn gui_fen(&self) -> String {
        let n = self.squares();
        let mut rows = Vec::new();
        for rank in (0..3).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..width(n) {
                let sq = square_at(n, file, rank);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((c, k)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(letter(c, k));
                        if self.promoted_set() & (1 << sq) != 0 {
                            row.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let mut s = rows.join("/");
        if self.special() == Special::House {
            let fen = self.to_fen();
            let hand = fen
                .split_whitespace()
                .next()
                .and_then(|b| b.find('[').map(|i| b[i..].to_string()));
            s += &hand.unwrap_or_else(|| "[]".into());
        }
        let swaps = match [self.swap_right(Color::White), self.swap_right(Color::Black)] {
            [true, true] => "Kk",
            [true, false] => "K",
            [false, true] => "k",
            [false, false] => "-",
        };
        format!(
            "{s} {} {swaps} - {} {}",
            self.side_to_move().fen_char(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }

    fn from_gui_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let Some(rules) = RULES.get(form) else {
            return Err(FenError::new(format!("no rope form number {form}")));
        };
        let mut fields = fen.split_whitespace();
        let first = fields.next().ok_or_else(|| FenError::new("empty FEN"))?;
        let (board, hand) = match first.find('[') {
            Some(i) => (&first[..i], &first[i..]),
            None => (first, ""),
        };
        let line = unfold(form, board)?;
        let rest: Vec<&str> = fields.collect();
        // XBoard's FEN: `SIDE CASTLING EP HALF FULL`, or under the Shatranj parent (no
        // castling rights, no en passant) `SIDE HALF FULL`
        let number = |x: &str| x.parse::<u32>().is_ok();
        let xboard_fields: Option<[&str; 4]> = match rest.as_slice() {
            [side, swaps, "-", half, full] => Some([side, swaps, half, full]),
            [side, half, full] if number(half) && number(full) => Some([side, "-", half, full]),
            _ => None,
        };
        let xboard_style = xboard_fields.is_some();
        let tail = if let Some([side, swaps, half, full]) = xboard_fields {
            let extra = match rules.special {
                Special::ThreeCheck => " 0+0",
                Special::Regeneration => " -/- -",
                Special::Dice => " -",
                _ => "",
            };
            format!("{side} {swaps}{extra} {half} {full}")
        } else {
            rest.join(" ")
        };
        // XBoard writes empty holdings as [-]
        let hand = if rules.special == Special::House && (hand.is_empty() || hand == "[-]") {
            "[]"
        } else {
            hand
        };
        let mut pos = Rope::from_fen(form, &format!("{line}{hand} {tail}"))?;
        if xboard_style {
            // XBoard rewrites the castling field by its own castling rules (it drops `k`
            // from the start position), so a side with a Gold on the line keeps its right.
            for c in [Color::White, Color::Black] {
                if pos.pieces(c, Kind::Gold) != 0 {
                    pos.set_swap_right(c, true);
                }
            }
        }
        Ok(pos)
    }

    fn gui_move_text(&self, mv: RopeMove) -> String {
        match mv.kind {
            MoveKind::Survives | MoveKind::Falls => self.move_text(mv),
            MoveKind::Drop(k) => format!("{}@{}", k.letter(), gui_square(self, mv.to)),
            MoveKind::Promote(k) => format!(
                "{}{}{}",
                gui_square(self, mv.from),
                gui_square(self, mv.to),
                k.letter().to_ascii_lowercase()
            ),
            MoveKind::Normal | MoveKind::Swap => {
                format!("{}{}", gui_square(self, mv.from), gui_square(self, mv.to))
            }
        }
    }

    fn parse_gui_move(&self, text: &str) -> Result<RopeMove, MoveError> {
        if self.is_chance() {
            return self.parse_move(text);
        }
        let (body, outcome) = split_outcome(text);
        let suffix = outcome.map(|o| format!("/{o}")).unwrap_or_default();
        let Some((from, to, rest)) = split_coordinate_move(body) else {
            // not a grid move: the engine's own notation (`D5-8`, `K1<->G2`) is accepted too
            return self.parse_move(text);
        };
        let to = parse_gui_square(self, to)? + 1;
        let Some(from) = from else {
            let piece = body.split('@').next().unwrap_or("");
            return self.parse_move(&format!("{piece}@{to}{suffix}"));
        };
        let from = parse_gui_square(self, from)? + 1;
        let promotion = match rest {
            "" => String::new(),
            p if p.len() == 1 && Kind::from_letter(p.chars().next().unwrap_or(' ')).is_some() => {
                format!("={}", p.to_ascii_uppercase())
            }
            other => {
                return Err(MoveError::Unparsable(format!(
                    "unexpected '{other}' after the move"
                )))
            }
        };
        self.parse_move(&format!("{from}-{to}{promotion}{suffix}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_is_boustrophedon_and_reversible() {
        assert_eq!(grid(21, 0), (0, 0));
        assert_eq!(grid(21, 6), (6, 0));
        assert_eq!(grid(21, 7), (6, 1));
        assert_eq!(grid(21, 13), (0, 1));
        assert_eq!(grid(21, 14), (0, 2));
        assert_eq!(grid(21, 20), (6, 2));
        assert_eq!(grid(15, 5), (4, 1));
        for n in [15u8, 21] {
            for sq in 0..n {
                let (f, r) = grid(n, sq);
                assert_eq!(square_at(n, f, r), sq);
            }
        }
    }
}
