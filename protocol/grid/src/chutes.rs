//! Chutes and Ladders Chess in a grid GUI (XBoard 16x8): board 0 on GUI files a-h, board 1
//! on files i-p (`1e4` is GUI `m4`). Entrance squares are always empty, so each thing is
//! drawn as a marker piece on its entrance: `L`/`l` a White/Black-owned ladder on board 0,
//! `C`/`c` a chute on board 1. Part 1 goes to the GUI as a coordinate move to the square
//! stepped on (`e2e4`, `i7i8q`); a Part 2 follows after `/` in the engine's notation
//! (`e2e4/+0e4`), which the GUI cannot enter itself. The GUI FEN's e.p. field is the
//! target, with the victim's square after `:` when a chute or ladder carried it to the
//! other board (`d6:l5`). See "GUI mapping" in `docs/rules/chutes.md`.

use escalade_core::{Color, FenError, MoveError};
use escalade_core::{MoveNotation, Rules};

use escalade_chutes::{board_of, file_of, fr_name, rank_of, square, square_name};
use escalade_chutes::{castle_bit, part2_text, Chutes, Kind, Move, Part2, KING_SIDE, QUEEN_SIDE};

use crate::{GuiBoard, GuiLayout};

/// XBoard's piece order with the two markers: `C` (chute) and `L` (ladder).
const PIECE_TO_CHAR: &str = "PNBRQ...C.........L..Kpnbrq...c.........l..k";

/// GUI name of one of our squares.
fn gui_square(sq: u8) -> String {
    let file = file_of(sq) + 8 * board_of(sq);
    format!("{}{}", (b'a' + file) as char, rank_of(sq) + 1)
}

/// Our square of a GUI square name (`a1`..`p8`).
fn parse_gui_square(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'p').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    let file = b[0] - b'a';
    Some(square(file / 8, file % 8, b[1] - b'1'))
}

/// The e.p. victim a GUI FEN leaves out: the square next to the target on its board, on
/// the side that moved (`side` is the side to move).
fn default_victim(target: u8, side: Color) -> u8 {
    if side == Color::Black {
        target + 8
    } else {
        target.wrapping_sub(8)
    }
}

/// Castling letters (Shredder style, by rook file): board 0 `H`/`A`, board 1 `P`/`I`.
fn castle_letter(board: u8, side: Color, wing: u8) -> char {
    let file = if wing == KING_SIDE { 7 } else { 0 } + 8 * board;
    let c = (b'A' + file) as char;
    if side == Color::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

impl GuiBoard for Chutes {
    fn gui_limit(_form: usize) -> Option<&'static str> {
        Some(
            "a turn's Part 2 makes or removes a chute or ladder, and a man stepping on an \
             entrance moves to the other board; an XBoard move carries one piece's squares and \
             a promotion letter, so XBoard's board would drift from the game",
        )
    }

    fn gui_layout(_form: usize) -> GuiLayout {
        GuiLayout {
            files: 16,
            ranks: 8,
            holdings: 0,
            parent: "fairy",
            piece_to_char: PIECE_TO_CHAR.to_string(),
        }
    }

    /// The markers never move.
    fn gui_pieces(_form: usize) -> Vec<(String, String)> {
        vec![
            ("L&".to_string(), String::new()),
            ("C&".to_string(), String::new()),
        ]
    }

    fn gui_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..8u8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..16u8 {
                let (board, f) = (file / 8, file % 8);
                let sq = square(board, f, rank);
                let c = match self.men().at(sq) {
                    Some((side, kind)) => Some(if side == Color::White {
                        kind.letter()
                    } else {
                        kind.letter().to_ascii_lowercase()
                    }),
                    None => match self.thing_at(sq & 63) {
                        Some((chute, owner)) if chute == (board == 1) => {
                            let c = if chute { 'C' } else { 'L' };
                            Some(if owner == Color::White {
                                c
                            } else {
                                c.to_ascii_lowercase()
                            })
                        }
                        _ => None,
                    },
                };
                match c {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut castling = String::new();
        for side in Color::BOTH {
            for board in 0..2 {
                for wing in [KING_SIDE, QUEEN_SIDE] {
                    if self.castling_rights() & castle_bit(board, side, wing) != 0 {
                        castling.push(castle_letter(board, side, wing));
                    }
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        // the victim stands next to the target on its board unless a chute or ladder took
        // it to the other board: then it is named too (`d6:l5`)
        let ep = match self.en_passant() {
            None => "-".to_string(),
            Some((t, v)) if v == default_victim(t, self.side_to_move()) => gui_square(t),
            Some((t, v)) => format!("{}:{}", gui_square(t), gui_square(v)),
        };
        format!(
            "{} {} {castling} {ep} {} {}",
            rows.join("/"),
            self.side_to_move().fen_char(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }

    fn from_gui_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(FenError::new(
                "expected at least the board and the side to move",
            ));
        }
        let (boards, things) = gui_boards(fields[0])?;
        let side = fields[1];
        let castling = gui_castling(fields.get(2).copied().unwrap_or("-"))?;
        let ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => "-".to_string(),
            field => field
                .split(':')
                .map(|name| parse_gui_square(name).map(square_name))
                .collect::<Option<Vec<String>>>()
                .filter(|names| names.len() <= 2)
                .ok_or_else(|| FenError::new(format!("bad en-passant field `{field}`")))?
                .join(":"),
        };
        let half = fields.get(4).copied().unwrap_or("0");
        let full = fields.get(5).copied().unwrap_or("1");
        let start = Chutes::startpos(0);
        let first = if side == "w"
            && full == "1"
            && boards.join("|") == start.to_fen().split(' ').next().unwrap_or("")
        {
            "first"
        } else {
            "-"
        };
        let ours = format!(
            "{}|{} {side} {castling} {ep} {things} {first} {half} {full}",
            boards[0], boards[1]
        );
        Chutes::from_fen(form, &ours)
    }

    fn gui_move_text(&self, mv: Move) -> String {
        let mut s = format!("{}{}", gui_square(mv.from()), gui_square(mv.to()));
        if let Some(k) = mv.special().promotion() {
            s.push(k.letter().to_ascii_lowercase());
        }
        if mv.part2() != Part2::Nothing {
            s.push('/');
            s.push_str(&part2_text(mv.part2()));
        }
        s
    }

    /// Reads `e2e4`, `e7e8q`, `e2e4/+0e4` (GUI squares, then an optional Part 2 in the
    /// engine's notation), or anything `parse_move` reads.
    fn parse_gui_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let (p1, p2) = text.split_once('/').map_or((text, ""), |(a, b)| (a, b));
        let (Some(from), Some(to)) = (
            p1.get(..2).and_then(parse_gui_square),
            p1.get(2..4).and_then(parse_gui_square),
        ) else {
            return self.parse_move(text);
        };
        let promotion = match p1.get(4..) {
            Some("") | None => None,
            Some(r) => match Kind::from_letter(r.chars().next().unwrap_or('?')) {
                Some(k @ (Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight))
                    if r.len() == 1 =>
                {
                    Some(k)
                }
                _ => {
                    return Err(MoveError::Unparsable(format!(
                        "`{text}`: bad promotion suffix"
                    )))
                }
            },
        };
        let mut found = None;
        self.for_each_legal_part1(|m, _| {
            if m.from() == from && m.to() == to && m.special().promotion() == promotion {
                found = Some(m);
            }
        });
        let Some(m) = found else {
            return Err(MoveError::Illegal("not a legal Part 1".into()));
        };
        // Rebuild the full text so Part 2 is checked by the one parser.
        let full = if p2.is_empty() {
            self.part1_text(m)
        } else {
            format!("{}/{p2}", self.part1_text(m))
        };
        self.parse_move(&full)
    }
}

/// The engine's two board placements (`board0`, `board1`) and its things field from the
/// GUI's one 16-file placement (chute and ladder markers on their squares).
fn gui_boards(placement: &str) -> Result<([String; 2], String), FenError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::new("the GUI board must have 8 ranks"));
    }
    let mut boards = [String::new(), String::new()];
    let mut things = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut cells: Vec<Option<char>> = Vec::new();
        let mut number = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                number = number * 10 + d as usize;
                if number > 16 {
                    return Err(FenError::new("too many empty squares in a GUI rank"));
                }
                continue;
            }
            cells.extend(std::iter::repeat_n(None, number));
            number = 0;
            cells.push(Some(c));
        }
        cells.extend(std::iter::repeat_n(None, number));
        if cells.len() != 16 {
            return Err(FenError::new(format!(
                "GUI rank {} does not have 16 squares",
                rank + 1
            )));
        }
        for board in 0..2usize {
            let mut text = String::new();
            let mut empty = 0;
            for f in 0..8usize {
                let cell = cells[board * 8 + f];
                let marker = cell.filter(|c| matches!(c, 'L' | 'l' | 'C' | 'c'));
                if let Some(m) = marker {
                    let is_chute = m.eq_ignore_ascii_case(&'c');
                    if is_chute != (board == 1) {
                        return Err(FenError::new(
                            "a ladder marker belongs on board 0, a chute marker on board 1",
                        ));
                    }
                    things.push((rank * 8 + f as u8, m));
                }
                match cell.filter(|_| marker.is_none()) {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if !boards[board].is_empty() {
                boards[board].push('/');
            }
            boards[board].push_str(&text);
        }
    }
    things.sort_unstable();
    let things: Vec<String> = things
        .iter()
        .map(|&(fr, m)| format!("{m}{}", fr_name(fr)))
        .collect();
    let things = if things.is_empty() {
        "-".to_string()
    } else {
        things.join(",")
    };
    Ok((boards, things))
}

/// The engine's castling field (`KQ|kq` per board) from the GUI's Shredder-style letters.
fn gui_castling(field: &str) -> Result<String, FenError> {
    let mut rights = [String::new(), String::new()];
    for c in field.chars().filter(|&c| c != '-') {
        let file = c.to_ascii_lowercase() as u8;
        if !(b'a'..=b'p').contains(&file) {
            return Err(FenError::new(format!("bad castling letter `{c}`")));
        }
        let (board, f) = ((file - b'a') / 8, (file - b'a') % 8);
        let letter = match (f, c.is_ascii_uppercase()) {
            (7, true) => 'K',
            (0, true) => 'Q',
            (7, false) => 'k',
            (0, false) => 'q',
            _ => return Err(FenError::new(format!("bad castling letter `{c}`"))),
        };
        rights[board as usize].push(letter);
    }
    Ok(if rights.iter().all(String::is_empty) {
        "-".to_string()
    } else {
        rights
            .iter()
            .map(|r| {
                if r.is_empty() {
                    "-".to_string()
                } else {
                    r.clone()
                }
            })
            .collect::<Vec<_>>()
            .join("|")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gui_fen_round_trips_and_moves_map() {
        let fen = "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12";
        let p = Chutes::from_fen(0, fen).unwrap();
        let gui = p.gui_fen();
        assert_eq!(gui.split(' ').next().unwrap().split('/').count(), 8);
        assert_eq!(Chutes::from_gui_fen(0, &gui).unwrap().to_fen(), fen);
        let start = Chutes::startpos(0);
        assert_eq!(
            Chutes::from_gui_fen(0, &start.gui_fen()).unwrap().to_fen(),
            start.to_fen()
        );
        let mut moves = Vec::new();
        p.generate_moves(&mut moves);
        for &m in moves.iter().step_by(7) {
            assert_eq!(p.parse_gui_move(&p.gui_move_text(m)), Ok(m));
        }
        assert_eq!(
            start.gui_move_text(start.parse_move("1e2-1e4").unwrap()),
            "m2m4"
        );
        assert!(Chutes::gui_layout(0).fits_xboard());
    }
}
