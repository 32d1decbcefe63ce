//! Checker-capture Chess on a drawing board ([`Diagram`]): the 8x8 grid, the orthodox
//! pieces, a legend that says how each piece captures in this form, and every move as the
//! clicks that make it. A jump sequence is clicked as its origin and then each landing
//! square in order; when several paths make the same move (D5) each path is offered. A
//! promotion ends with the chosen piece from a menu; the simpler variation's promotion in
//! place is origin, final square of the new piece (the origin again when it stays), choice.

use escalade_core::{
    chess_choice, chess_placement_pieces, grid_cells, Bitboard, Click, Diagram, Picture, PieceInfo,
    Rules, Square, Stage,
};

use crate::forms::{FORMS, RULES};
use crate::position::CheckerCapture;
use crate::tables::{square_name, tables, Tables};
use crate::types::{Kind, Move, MoveKind};

/// At most this many jump paths are offered for one move (the first is the written one).
const MAX_PATHS: usize = 64;

impl Diagram for CheckerCapture {
    fn picture(&self) -> Picture {
        let fen = self.to_fen();
        let board = fen.split_whitespace().next().unwrap_or_default();
        let mut notes: Vec<String> = FORMS
            .get(self.form())
            .map(|f| f.description.to_string())
            .into_iter()
            .collect();
        if self.has_jump() {
            notes.push("A jump is compulsory.".to_string());
        }
        Picture {
            cells: grid_cells(8, 8, escalade_core::square_name),
            pieces: chess_placement_pieces(board),
            notes,
            ..Picture::default()
        }
    }

    fn move_clicks(&self, mv: Move) -> Vec<Vec<Click>> {
        let paths = if mv.kind == MoveKind::Jump {
            self.all_jump_paths(mv)
        } else {
            vec![vec![mv.from, mv.to]]
        };
        paths
            .into_iter()
            .map(|path| {
                let mut clicks: Vec<Click> = path
                    .into_iter()
                    .map(|sq| Click::Cell(square_name(sq).to_string()))
                    .collect();
                if let Some(kind) = mv.promotion {
                    clicks.push(chess_choice(kind.letter()));
                }
                clicks
            })
            .collect()
    }

    /// A jump chain part way: the piece on its latest landing, the men jumped so far gone
    /// (fading where they stood); after its last landing, the position after the move.
    fn move_stage(&self, mv: Move, clicks: &[Click]) -> Option<Stage> {
        if mv.kind != MoveKind::Jump || clicks.len() < 2 {
            return None;
        }
        let landings: Vec<&str> = clicks
            .iter()
            .filter_map(|c| match c {
                Click::Cell(name) => Some(name.as_str()),
                _ => None,
            })
            .collect();
        let jumped: Vec<String> = landings
            .windows(2)
            .filter_map(|hop| jumped_cell(hop[0], hop[1]))
            .collect();
        let whole = mv.captured.count_ones() as usize + 1 + usize::from(mv.promotion.is_some());
        if clicks.len() >= whole {
            return Some(Stage {
                pieces: self.play(mv).picture().pieces,
                captured: jumped,
            });
        }
        let live = self.picture().pieces;
        Stage::moved(&live, landings[0], landings[landings.len() - 1], jumped)
    }

    fn move_path(&self, mv: Move) -> Vec<String> {
        let squares = match mv.kind {
            MoveKind::Jump => self.jump_path(mv),
            _ if mv.from == mv.to => vec![mv.from],
            _ => vec![mv.from, mv.to],
        };
        squares
            .into_iter()
            .map(|sq| square_name(sq).to_string())
            .collect()
    }

    fn legend(form: usize) -> Vec<PieceInfo> {
        let rules = RULES.get(form).copied().unwrap_or(RULES[0]);
        let capture = capture_sentence(rules.displacement());
        let line = |kind: &str, name: &str, moves: &str| PieceInfo {
            kind: kind.into(),
            name: name.into(),
            moves: format!("{moves} {capture}"),
        };
        let (king, pawn) = if rules.simple {
            (KING_SIMPLE, PAWN_SIMPLE)
        } else {
            (KING_MAIN, PAWN_MAIN)
        };
        vec![
            line("king", "King", king),
            line("queen", "Queen", QUEEN),
            line("rook", "Rook", ROOK),
            line("bishop", "Bishop", BISHOP),
            line("knight", "Knight", KNIGHT),
            line("pawn", "Pawn", pawn),
        ]
    }
}

/// How the pieces move onto empty squares (the legend adds how they capture).
const KING_MAIN: &str =
    "One step in any direction onto an empty square; castles with a Rook. Losing it ends the game.";
const KING_SIMPLE: &str =
    "One step in any direction onto an empty square. Losing it ends the game.";
const QUEEN: &str = "Any distance along ranks, files and diagonals onto empty squares.";
const ROOK: &str = "Any distance along ranks and files onto empty squares.";
const BISHOP: &str = "Any distance along diagonals onto empty squares.";
const KNIGHT: &str = "Leaps two squares one way and one the other onto an empty square.";
const PAWN_MAIN: &str = "Steps forward onto an empty square (two from its start if it never \
    moved); promotes when it ends its turn on the last rank.";
const PAWN_SIMPLE: &str = "Steps one square forward onto an empty square; on its last rank it \
    promotes in place, then the new piece makes one normal move (or stays when it has none).";
const JUMPS: &str = "Captures by short jumps: over an adjacent enemy piece in any of the 8 \
    directions onto the empty square beyond, jumping on while it can; a jump is compulsory \
    when one exists.";

/// How every piece captures in a form (with or without displacement captures).
fn capture_sentence(displacement: bool) -> String {
    if displacement {
        format!("{JUMPS} Otherwise it may also capture as in chess (a Pawn diagonally forward).")
    } else {
        JUMPS.to_string()
    }
}

/// The square between two cells a short jump apart (`c3`, `e5` -> `d4`), by their names.
fn jumped_cell(from: &str, to: &str) -> Option<String> {
    let coords = |name: &str| -> Option<(u8, u8)> {
        let file = name.bytes().next()?.checked_sub(b'a')?;
        let rank: u8 = name.get(1..)?.parse().ok()?;
        Some((file, rank))
    };
    let (a, b) = (coords(from)?, coords(to)?);
    Some(format!(
        "{}{}",
        (b'a' + (a.0 + b.0) / 2) as char,
        (a.1 + b.1) / 2
    ))
}

impl CheckerCapture {
    /// Every jump path (landing squares, the origin first) that makes the jump move `mv`,
    /// in direction order N, NE, E, SE, S, SW, W, NW, so the first is [`Self::jump_path`]'s
    /// (at most [`MAX_PATHS`]).
    fn all_jump_paths(&self, mv: Move) -> Vec<Vec<Square>> {
        let us = self.side;
        let mut search = PathSearch {
            t: tables(),
            to: mv.to,
            own: self.colors[us.index()] ^ u64::bit(mv.from),
            king: self.pieces(!us, Kind::King),
            path: vec![mv.from],
            found: Vec::new(),
        };
        search.walk(mv.from, self.colors[(!us).index()], mv.captured);
        if search.found.is_empty() {
            search.found.push(self.jump_path(mv));
        }
        search.found
    }
}

/// The depth-first search for every path of one jump move.
struct PathSearch<'a> {
    t: &'a Tables,
    to: Square,
    /// The mover's own pieces without the mover.
    own: u64,
    /// The enemy king (jumping it ends the turn).
    king: u64,
    path: Vec<Square>,
    found: Vec<Vec<Square>>,
}

impl PathSearch<'_> {
    /// Extends the path from `cur` while `left` (the victims still to jump) is not empty;
    /// `enemies` are the enemy pieces still standing (those jumped are gone).
    fn walk(&mut self, cur: Square, enemies: u64, left: u64) {
        if self.found.len() >= MAX_PATHS {
            return;
        }
        if left == 0 {
            if cur == self.to {
                self.found.push(self.path.clone());
            }
            return;
        }
        for step in self.t.jumps[cur as usize].as_slice() {
            let over = u64::bit(step.over);
            let last = left == over;
            if left & over == 0
                || (self.own | enemies).has(step.land)
                || (over & self.king != 0 && !last)
            {
                continue;
            }
            self.path.push(step.land);
            self.walk(step.land, enemies ^ over, left ^ over);
            self.path.pop();
        }
    }
}
