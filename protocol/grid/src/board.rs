//! How a game is shown in a GUI that draws rectangular grids (XBoard/WinBoard): board size
//! and holdings, the piece-to-char table, piece moves in Betza notation, the position as a
//! GUI FEN (holes `*`, holdings in brackets), the mapping between the GUI's square names and
//! the game's move text, and the squares to highlight when the user lifts a piece.
//!
//! [`GuiBoard`]'s default methods describe a plain rectangular board whose FEN and move text
//! are already XBoard's (files `a`.., ranks `1`.., moves `e2e4`, `e7e8q`, drops `P@e4`,
//! legs joined by commas); a game with another shape overrides what differs in its own
//! module of this crate (`fide.rs`, `rope.rs`, ...). Owns the trait, [`GuiLayout`] and the
//! coordinate helpers; nothing here is on a hot path: the protocols call it once per command.

use escalade_core::{FenError, MoveError, Position};

/// XBoard's standard piece-to-char table: pawn, knight, bishop, rook, queen, then unused
/// piece types, the king last; white pieces first.
pub const FIDE_PIECE_TO_CHAR: &str = "PNBRQ................Kpnbrq................k";

/// The board as a GUI grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiLayout {
    /// Files (columns) of the board proper.
    pub files: u8,
    /// Ranks (rows).
    pub ranks: u8,
    /// Holdings size (kinds of pieces in hand), 0 without drops.
    pub holdings: u8,
    /// XBoard's parent variant for `setup` (`fairy` for most).
    pub parent: &'static str,
    /// The piece-to-char table (XBoard's piece type order).
    pub piece_to_char: String,
}

impl GuiLayout {
    /// Whether XBoard 4.9.1 can draw it: at most 16 files (two hand columns per side
    /// included when there are holdings) and 17 ranks.
    pub fn fits_xboard(&self) -> bool {
        let hand_columns = if self.holdings > 0 { 4 } else { 0 };
        self.files >= 1
            && self.ranks >= 1
            && self.files as usize + hand_columns <= 16
            && self.ranks <= 17
    }

    /// XBoard's name of the square at GUI (file, rank), both 0-based: `a1`; ranks are
    /// numbered from 0 on boards of 10 ranks and written with two digits above that.
    pub fn square_name(&self, file: u8, rank: u8) -> String {
        let letter = (b'a' + file) as char;
        if self.ranks == 10 {
            format!("{letter}{rank}")
        } else {
            format!("{letter}{}", rank + 1)
        }
    }

    /// The GUI (file, rank) of an XBoard square name, if it is on the board.
    pub fn parse_square(&self, name: &str) -> Option<(u8, u8)> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let file = letter as u8 - b'a';
        let number: u8 = chars.as_str().parse().ok()?;
        let rank = if self.ranks == 10 {
            number
        } else {
            number.checked_sub(1)?
        };
        (file < self.files && rank < self.ranks).then_some((file, rank))
    }

    /// A COLORFEN for `highlight`: `marks` gives (GUI square name, colour letter).
    pub fn color_fen(&self, marks: &[(String, char)]) -> String {
        let mut grid = vec![vec![None; self.files as usize]; self.ranks as usize];
        for (name, colour) in marks {
            if let Some((f, r)) = self.parse_square(name) {
                grid[r as usize][f as usize] = Some(*colour);
            }
        }
        let rows: Vec<String> = grid
            .iter()
            .rev()
            .map(|row| {
                let mut s = String::new();
                let mut empty = 0;
                for cell in row {
                    match cell {
                        None => empty += 1,
                        Some(c) => {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            s.push(*c);
                        }
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect();
        rows.join("/")
    }
}

/// Splits an XBoard coordinate move `e2e4`, `e7e8q`, `a10b9` into origin, destination and
/// the rest (promotion suffix, further legs); drops (`P@e4`) have no origin.
pub fn split_coordinate_move(text: &str) -> Option<(Option<&str>, &str, &str)> {
    if let Some((_, rest)) = text.split_once('@') {
        let (to, rest) = split_square(rest)?;
        return Some((None, to, rest));
    }
    let (from, rest) = split_square(text)?;
    let (to, rest) = split_square(rest)?;
    Some((Some(from), to, rest))
}

/// Splits a coordinate square (`e2`, `a10`: a lower-case file letter and one or two digits)
/// off the front of `text`, returning it and the rest.
pub fn split_square(text: &str) -> Option<(&str, &str)> {
    let b = text.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    (digits > 0).then(|| text.split_at(1 + digits))
}

/// Board size of a FEN's board field: ranks separated by `/`, files counted from the first
/// rank (digits are empty squares, `*` a hole, letters pieces, `'`/`!`/`~`/`+` modifiers).
pub fn fen_board_size(fen: &str) -> Option<(u8, u8)> {
    let board = fen.split_whitespace().next()?;
    let board = board.split('[').next()?;
    let rows: Vec<&str> = board.split('/').collect();
    let mut files = 0u32;
    let mut number = 0u32;
    for c in rows[0].chars() {
        if let Some(d) = c.to_digit(10) {
            number = number * 10 + d;
            continue;
        }
        files += number;
        number = 0;
        if c.is_ascii_alphabetic() || c == '*' {
            files += 1;
        }
    }
    files += number;
    let ranks = rows.len() as u32;
    (files > 0 && files < 256 && ranks < 256).then_some((files as u8, ranks as u8))
}

/// A game's description for a grid GUI. Every method has a default for a plain rectangular
/// board whose FEN and move text are XBoard's; override what differs.
pub trait GuiBoard: Position {
    /// Whether the GUI knows form `form` under its own name, so no `setup` is sent.
    fn gui_builtin(_form: usize) -> bool {
        false
    }

    /// Why XBoard 4.9.1 cannot carry form `form`: a rule whose effect on the board XBoard's
    /// moves cannot express, so its board would drift from the engine's. `None` (the
    /// default) when it can. Found in XBoard's own source, not assumed: see the variant's
    /// rules doc.
    fn gui_limit(_form: usize) -> Option<&'static str> {
        None
    }

    /// Whether the grid shows form `form` with the colours exchanged (the game's Black is
    /// the GUI's White), so that results are told to the GUI the other way round.
    fn gui_swaps_colours(_form: usize) -> bool {
        false
    }

    /// What a player must know about how the grid shows form `form` (told once at the
    /// start of a game), if anything.
    fn gui_note(_form: usize) -> Option<&'static str> {
        None
    }

    /// The grid: by default the start position's FEN size, no holdings, parent `fairy`,
    /// XBoard's standard piece letters.
    fn gui_layout(form: usize) -> GuiLayout {
        let (files, ranks) = fen_board_size(&Self::startpos(form).gui_fen()).unwrap_or((8, 8));
        GuiLayout {
            files,
            ranks,
            holdings: 0,
            parent: "fairy",
            piece_to_char: FIDE_PIECE_TO_CHAR.to_string(),
        }
    }

    /// `piece` commands: (piece letter, possibly with `&` for both colours; Betza text).
    fn gui_pieces(_form: usize) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The position as the GUI's FEN (holes `*`, holdings in brackets).
    fn gui_fen(&self) -> String {
        self.to_fen()
    }

    /// Reads a position given by the GUI (`setboard`).
    fn from_gui_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        Self::from_fen(form, fen)
    }

    /// A legal move as the GUI writes it (legs joined by commas).
    fn gui_move_text(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Reads a move as the GUI writes it.
    fn parse_gui_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    /// Squares to mark when the user lifts the piece on GUI square `from`: (square, colour),
    /// colours as in XBoard's `highlight` (`Y` move, `R` capture, `M` promotion choice,
    /// `C` the move continues with another leg). By default read from the GUI move texts
    /// of the legal moves: the first leg's destination of every move starting at `from`.
    fn gui_targets(&self, from: &str) -> Vec<(String, char)> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let mut out: Vec<(String, char)> = Vec::new();
        for mv in moves {
            let text = self.gui_move_text(mv);
            let Some((Some(origin), to, rest)) = split_coordinate_move(&text) else {
                continue;
            };
            if origin != from {
                continue;
            }
            let colour = if rest.starts_with(',') {
                'C'
            } else if rest.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                'M'
            } else {
                'Y'
            };
            match out.iter_mut().find(|(sq, _)| sq == to) {
                Some(entry) if entry.1 == 'Y' => entry.1 = colour,
                Some(_) => {}
                None => out.push((to.to_string(), colour)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_moves_split() {
        assert_eq!(split_coordinate_move("e2e4"), Some((Some("e2"), "e4", "")));
        assert_eq!(
            split_coordinate_move("e7e8q"),
            Some((Some("e7"), "e8", "q"))
        );
        assert_eq!(
            split_coordinate_move("a10b9,b9c8"),
            Some((Some("a10"), "b9", ",b9c8"))
        );
        assert_eq!(split_coordinate_move("P@h3"), Some((None, "h3", "")));
        assert_eq!(split_coordinate_move("xyz"), None);
        assert_eq!(split_square("j10i9"), Some(("j10", "i9")));
        assert_eq!(split_square("e2"), Some(("e2", "")));
        assert_eq!(split_square("E2"), None);
        assert_eq!(split_square("e"), None);
    }

    #[test]
    fn fen_sizes() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(fen_board_size(start), Some((8, 8)));
        assert_eq!(fen_board_size("10/10/10 w"), Some((10, 3)));
        assert_eq!(fen_board_size("2*2*/5 w"), Some((6, 2)));
    }

    #[test]
    fn color_fen_marks() {
        let layout = GuiLayout {
            files: 8,
            ranks: 8,
            holdings: 0,
            parent: "fairy",
            piece_to_char: FIDE_PIECE_TO_CHAR.into(),
        };
        let marks = [("e3".to_string(), 'Y'), ("e4".to_string(), 'Y')];
        assert_eq!(layout.color_fen(&marks), "8/8/8/8/4Y3/4Y3/8/8");
        assert_eq!(layout.parse_square("h8"), Some((7, 7)));
        assert_eq!(layout.parse_square("i1"), None);
        assert!(layout.fits_xboard());
    }
}
