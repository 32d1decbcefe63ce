//! Slanted Escalator Chess in a grid GUI (XBoard): an 8x8 grid with holes (`*`) on c4, c5,
//! f4, f5 and the escalators drawn on a4/b4/g4/h4 and a5/b5/g5/h5 (`ab4` on a4, `bc4` on b4,
//! `fg4` on g4, `gh4` on h4). Crabs are shown as pawns (`P`), Chancellors as XBoard's
//! Marshall (`C`). XBoard cannot follow the forked links, so the engine referees (legality
//! testing off) and answers `lift` with the legal targets. Moves use grid names (`b2a4` =
//! b2-ab4); an e.p. capture goes as two legs through the captured crab (`d4e4,e4e3`), so it
//! never shares its text with the quiet diagonal step onto the same square (`d4e3`). The
//! GUI FEN's e.p. field is the passed square, with `:` and the crab's grid square when two
//! crabs could have passed it (`b3:a4`). See `docs/rules/escalator.md`, "GUI mapping".
//!
//! Black moves first in this game, but XBoard 4.9.1 always starts a game with White (it
//! ignores the side to move of an engine's `setup` FEN, backend.c): so the grid shows the
//! board turned over, the colours exchanged: the engine's Black is XBoard's White, at the
//! bottom, and moves first; grid rank `r` is the board's rank `9 - r`.

use escalade_core::{FenError, MoveError, Square};
use escalade_core::{MoveNotation, Rules};

use escalade_escalator::board::{grid_coords, square_at_grid, square_named, NAMES};
use escalade_escalator::{Escalator, Kind, Move, MoveKind, FORM_ALMOST};

use crate::{GuiBoard, GuiLayout};

/// XBoard's piece order: pawn (Crab), knight, bishop, rook, queen, ..., Marshall
/// (Chancellor) ninth, king last.
const PIECE_TO_CHAR: &str = "PNBRQ...C............Kpnbrq...c............k";

/// The grid holes.
const HOLES: [(i8, i8); 4] = [(2, 3), (2, 4), (5, 3), (5, 4)];

/// The GUI's name of an engine square (the board turned over: grid rank 1 is rank 8).
fn grid_name(sq: Square) -> String {
    let (f, r) = grid_coords(sq);
    format!("{}{}", (b'a' + f as u8) as char, 8 - r)
}

/// The engine square at grid (file, rank), both 0-based (the board turned over).
fn square_at(file: i8, grid_rank: i8) -> Option<Square> {
    square_at_grid(file, 7 - grid_rank)
}

/// The engine square of a GUI square name (none for holes and off-board names).
fn from_grid_name(name: &str) -> Option<Square> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    square_at((b[0] - b'a') as i8, (b[1] - b'1') as i8)
}

/// Exchanges the colours of a FEN letter or a castling field (`K` <-> `k`).
fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The side-to-move and castling fields with the colours exchanged (`b KQk` -> `w KQq`).
fn swap_colour_fields(fields: &mut [String]) {
    if let Some(side) = fields.first_mut() {
        *side = match side.as_str() {
            "w" => "b".into(),
            "b" => "w".into(),
            other => other.into(),
        };
    }
    if let Some(castling) = fields.get_mut(1) {
        if castling != "-" {
            let mut letters: Vec<char> = castling.chars().map(swap_case).collect();
            // upper case (White) first, king side first, as FEN writes them
            letters.sort_by_key(|c| (c.is_ascii_lowercase(), *c != 'K' && *c != 'k'));
            *castling = letters.into_iter().collect();
        }
    }
}

/// Engine FEN letter for a GUI FEN letter (colours exchanged).
fn engine_letter(c: char) -> Option<char> {
    Some(swap_case(match c {
        'P' => 'C',
        'p' => 'c',
        'C' => 'A',
        'c' => 'a',
        'K' | 'Q' | 'R' | 'B' | 'N' | 'k' | 'q' | 'r' | 'b' | 'n' => c,
        _ => return None,
    }))
}

/// GUI FEN letter of an engine piece (`white`: the GUI's White, the engine's Black).
fn gui_letter(kind: Kind, white: bool) -> char {
    let c = match kind {
        Kind::Crab => 'P',
        Kind::Chancellor => 'C',
        k => k.letter(),
    };
    if white {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

fn gui_promotion_letter(kind: Kind) -> char {
    match kind {
        Kind::Chancellor => 'c',
        k => k.letter().to_ascii_lowercase(),
    }
}

impl GuiBoard for Escalator {
    fn gui_swaps_colours(_form: usize) -> bool {
        true
    }

    fn gui_note(_form: usize) -> Option<&'static str> {
        Some(
            "Slanted Escalator Chess: Black moves first. XBoard always starts with White, so \
             the board is shown turned over with the colours exchanged: Black's army is \
             XBoard's White, at the bottom, and moves first",
        )
    }

    fn gui_layout(_form: usize) -> GuiLayout {
        GuiLayout {
            files: 8,
            ranks: 8,
            holdings: 0,
            parent: "fairy",
            piece_to_char: PIECE_TO_CHAR.to_string(),
        }
    }

    fn gui_pieces(form: usize) -> Vec<(String, String)> {
        // approximate (the graph's forks are the engine's business): Crab = pawn with
        // quiet diagonal steps, Chancellor = R+N
        let mut out = vec![("P&".to_string(), "fmWfFifmnD".to_string())];
        if form == FORM_ALMOST {
            out.push(("C&".to_string(), "RN".to_string()));
        }
        out
    }

    fn gui_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..8i8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8i8 {
                let mark = if HOLES.contains(&(file, rank)) {
                    Some('*')
                } else {
                    let sq = square_at(file, rank).unwrap_or(0);
                    let cell = self.cell(sq);
                    (!cell.is_empty()).then(|| {
                        gui_letter(cell.kind(), cell.color() == escalade_core::Color::Black)
                    })
                };
                match mark {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        // the other fields are the engine's, the e.p. field in grid names
        let fen = self.to_fen();
        let mut fields: Vec<String> = fen.split_whitespace().skip(1).map(str::to_string).collect();
        swap_colour_fields(&mut fields);
        if let Some(ep) = fields.get_mut(2) {
            *ep = map_ep_field(ep, |name| square_named(name).map(grid_name))
                .unwrap_or_else(|| "-".to_string());
        }
        format!("{} {}", rows.join("/"), fields.join(" "))
    }

    fn from_gui_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or_else(|| FenError::new("empty FEN"))?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(FenError::new(format!(
                "expected 8 ranks, found {}",
                rows.len()
            )));
        }
        let mut engine_rows = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as i8;
            let mut cells: Vec<Option<char>> = Vec::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(d) => cells.extend((0..d).map(|_| None)),
                    None if c == '*' => cells.push(Some('*')),
                    None => cells
                        .push(Some(engine_letter(c).ok_or_else(|| {
                            FenError::new(format!("unknown piece letter '{c}'"))
                        })?)),
                }
            }
            if cells.len() != 8 {
                return Err(FenError::new(format!(
                    "rank {} has {} squares instead of 8",
                    rank + 1,
                    cells.len()
                )));
            }
            let mut out = String::new();
            let mut empty = 0;
            for (file, cell) in cells.into_iter().enumerate() {
                let hole = HOLES.contains(&(file as i8, rank));
                match cell {
                    Some('*') | None if hole => continue,
                    _ if hole => {
                        return Err(FenError::new(format!(
                            "{}{} is a hole",
                            (b'a' + file as u8) as char,
                            rank + 1
                        )))
                    }
                    Some('*') => return Err(FenError::new("a hole where the board has a square")),
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            engine_rows.push(out);
        }
        // grid rank 8 first = the board's rank 1 first: the board's FEN lists them reversed
        engine_rows.reverse();
        let mut rest: Vec<String> = fields.map(str::to_string).collect();
        swap_colour_fields(&mut rest);
        if let Some(ep) = rest.get_mut(2) {
            *ep = map_ep_field(ep, |name| {
                from_grid_name(name).map(|sq| NAMES[sq as usize].to_string())
            })
            .ok_or_else(|| {
                FenError::new(format!(
                    "e.p. field '{ep}' names a square not on the grid board"
                ))
            })?;
        }
        Escalator::from_fen(
            form,
            &format!("{} {}", engine_rows.join("/"), rest.join(" ")),
        )
    }

    fn gui_move_text(&self, mv: Move) -> String {
        if let (MoveKind::EnPassant, Some((_, victim))) = (mv.kind, self.en_passant()) {
            let over = grid_name(victim);
            return format!("{}{over},{over}{}", grid_name(mv.from), grid_name(mv.to));
        }
        let mut s = format!("{}{}", grid_name(mv.from), grid_name(mv.to));
        if let Some(k) = mv.promotion {
            s.push(gui_promotion_letter(k));
        }
        s
    }

    fn parse_gui_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let square = |name: &str| {
            from_grid_name(name).ok_or_else(|| {
                MoveError::Unparsable(format!("{name} is not a square of the grid board"))
            })
        };
        if let Some((first, second)) = text.split_once(',') {
            return parse_gui_en_passant(self, first, second);
        }
        if text.len() < 4 || !text.is_char_boundary(2) || !text.is_char_boundary(4) {
            return Err(MoveError::Unparsable(format!(
                "'{text}' is not a grid move"
            )));
        }
        let (from, to) = (square(&text[..2])?, square(&text[2..4])?);
        let promotion = match &text[4..] {
            "" => None,
            "c" | "C" => Some(Kind::Chancellor),
            p if p.len() == 1 => Some(
                Kind::from_letter(p.to_ascii_uppercase().chars().next().unwrap_or(' '))
                    .filter(|k| matches!(k, Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight))
                    .ok_or_else(|| {
                        MoveError::Unparsable(format!("'{p}' is not a promotion piece"))
                    })?,
            ),
            other => {
                return Err(MoveError::Unparsable(format!(
                    "unexpected '{other}' after the move"
                )))
            }
        };
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        let same: Vec<Move> = moves
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if same.is_empty() {
            // the engine's own notation gives the reason
            let engine_text = format!("{}{}", NAMES[from as usize], NAMES[to as usize]);
            return self
                .parse_move(&engine_text)
                .and(Err(MoveError::Illegal("not a legal move here".into())));
        }
        // one leg is the e.p. capture only when the quiet step there is not legal (the
        // GUI texts of this module send the e.p. capture as two legs)
        if let [ep] = same.as_slice() {
            if ep.kind == MoveKind::EnPassant {
                return Ok(*ep);
            }
        }
        same.into_iter()
            .filter(|m| m.kind != MoveKind::EnPassant)
            .find(|m| m.promotion == promotion)
            .ok_or_else(|| {
                MoveError::Illegal(
                    "a crab reaching the last rank must promote (q, r, b, n; c in Almost)".into(),
                )
            })
    }
}

/// The e.p. capture in `pos` written as two legs through the captured crab, `d4e4,e4e3`.
fn parse_gui_en_passant(pos: &Escalator, first: &str, second: &str) -> Result<Move, MoveError> {
    let legs = |leg: &str| {
        let (a, b) = (leg.get(..2), leg.get(2..));
        match (a.and_then(from_grid_name), b.and_then(from_grid_name)) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => Err(MoveError::Unparsable(format!(
                "'{leg}' is not a leg between two squares of the grid board"
            ))),
        }
    };
    let ((from, over), (over_again, to)) = (legs(first)?, legs(second)?);
    if over != over_again {
        return Err(MoveError::Unparsable(
            "the second leg must start where the first ends".into(),
        ));
    }
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    moves
        .into_iter()
        .find(|m| {
            m.kind == MoveKind::EnPassant
                && m.from == from
                && m.to == to
                && pos.en_passant().map(|(_, victim)| victim) == Some(over)
        })
        .ok_or_else(|| {
            MoveError::Illegal(
                "two legs mean an e.p. capture: from, the captured crab, the passed square".into(),
            )
        })
}

/// An e.p. field (`-`, `b3` or `b3:ab4`) with every square name mapped by `map`; `None`
/// when a name does not map.
fn map_ep_field(field: &str, map: impl Fn(&str) -> Option<String>) -> Option<String> {
    if field == "-" {
        return Some(field.to_string());
    }
    let names: Option<Vec<String>> = field.split(':').map(&map).collect();
    Some(names?.join(":"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_escalator::rank_squares;

    #[test]
    fn start_position_on_the_grid() {
        let p = Escalator::startpos(0);
        assert_eq!(
            p.gui_fen(),
            "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let a = Escalator::startpos(FORM_ALMOST);
        assert_eq!(
            a.gui_fen(),
            "rnbckbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1"
        );
        assert_eq!(
            Escalator::from_gui_fen(0, &p.gui_fen()).unwrap().to_fen(),
            p.to_fen()
        );
        assert!((0..8).all(|r| rank_squares(r).all(|s| grid_coords(s).1 == r as i8)));
    }

    #[test]
    fn grid_moves_round_trip() {
        let p = Escalator::startpos(0);
        // Black moves first: its crabs are XBoard's white pawns on rank 2
        let mv = p.parse_gui_move("a2a4").unwrap();
        assert_eq!(p.move_text(mv), "a7ab5");
        let mut moves = Vec::new();
        p.generate_moves(&mut moves);
        for m in moves {
            assert_eq!(p.parse_gui_move(&p.gui_move_text(m)).unwrap(), m);
        }
        assert!(p.parse_gui_move("c2c4").is_err());
        assert!(p.parse_gui_move("e7e5").is_err());
        let targets: Vec<String> = p.gui_targets("b2").into_iter().map(|(s, _)| s).collect();
        assert_eq!(targets.len(), 4); // a3 b3 c3 b4 (= bc5)
    }

    #[test]
    fn grid_en_passant_is_two_legs_through_the_crab() {
        let p = Escalator::from_fen(0, "7k/1c6/8/C5/6/8/8/7K b - - 0 1").unwrap();
        let p = p.play(p.parse_gui_move("b2b4").unwrap());
        assert_eq!(p.gui_fen(), "7k/8/8/2*2*2/pP*2*2/8/8/7K b - b3 0 1");
        let ep = p.parse_gui_move("a4b4,b4b3").unwrap();
        assert_eq!(ep.kind, MoveKind::EnPassant);
        assert_eq!(p.gui_move_text(ep), "a4b4,b4b3");
        let quiet = p.parse_gui_move("a4b3").unwrap();
        assert_eq!(quiet.kind, MoveKind::Quiet);
        assert_eq!(p.gui_move_text(quiet), "a4b3");
        assert!(p.parse_gui_move("a4a3,a3b3").is_err());
    }
}
