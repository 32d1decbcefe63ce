//! The neutral description of a game for any board that draws (the browser board, and any
//! other view): the board's true geometry as polygons, what stands on it, the hands, the
//! links drawn between cells (chutes, ladders, escalators), and every legal move as the
//! sequence of clicks that makes it. Nothing here knows a protocol or a drawing library;
//! a board only draws the cells and narrows the click sequences by the clicks made, so it
//! holds no rules and cannot disagree with the rules crate.
//!
//! Coordinates: one square is about 1.0 wide; `x` grows to the right and `y` downwards, as
//! seen from White's side (the first player's pieces at the bottom). A view flips the board
//! by turning it half round.

use crate::{Color, Position, Stage};

/// How a cell is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// A cell that is drawn but never holds a piece (a hole).
    Hole,
}

impl Shade {
    /// The lower-case name used by views (`light`, `dark`, `hole`).
    pub fn name(self) -> &'static str {
        match self {
            Shade::Light => "light",
            Shade::Dark => "dark",
            Shade::Hole => "hole",
        }
    }
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The cell's name, as the game's move text writes it (`e4`, `0e4`, `ab5`, `17`).
    pub name: String,
    /// The outline, in board coordinates.
    pub polygon: Vec<(f32, f32)>,
    /// Its colour.
    pub shade: Shade,
    /// A small coordinate label to draw on the cell, if any (`a`, `8`, `ab5`).
    pub label: Option<String>,
    /// The label drawn instead when the board is turned half round (the coordinates then
    /// run along the other edges, which come to the bottom and the left), if any.
    pub flipped_label: Option<String>,
}

/// A piece standing on a cell, or kept in a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Man {
    /// Its side.
    pub color: Color,
    /// The picture's name (`king`, `queen`, `dragon`, `rope-gold`): every variant's
    /// [`Diagram::legend`] lists the kinds it uses.
    pub kind: String,
    /// A short text for the piece (its FEN letter), for views without pictures.
    pub letter: String,
    /// Extra text drawn on the piece (a stage, a level), if any.
    pub badge: Option<String>,
    /// Whether losing it loses the game (a King): a view marks it when it is attacked.
    pub royal: bool,
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cell's name.
    pub cell: String,
    /// The piece.
    pub man: Man,
}

/// What kind of arrow a link is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// A chute of Chutes and Ladders Chess (down the board).
    Chute,
    /// A ladder of Chutes and Ladders Chess (up the board).
    Ladder,
    /// An escalator of Slanted Escalator Chess.
    Escalator,
}

impl LinkKind {
    /// The lower-case name used by views.
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Chute => "chute",
            LinkKind::Ladder => "ladder",
            LinkKind::Escalator => "escalator",
        }
    }
}

/// An arrow drawn from one cell to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The cell it starts at.
    pub from: String,
    /// The cell it points to.
    pub to: String,
    /// What it is.
    pub kind: LinkKind,
    /// The side that owns it, if it has an owner (drawn in that side's colour).
    pub owner: Option<Color>,
    /// Whether pieces go along it both ways (an escalator's squares are joined like any
    /// other neighbours): a view draws a head at each end, else only at `to`.
    pub two_way: bool,
}

/// Pieces of one kind in a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandGroup {
    /// The piece kind and its side.
    pub man: Man,
    /// How many of it the hand holds.
    pub count: u32,
    /// The click that picks it up ([`Click::Hand`] carries this id).
    pub id: String,
}

/// The position as a board draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// Every cell of the board.
    pub cells: Vec<Cell>,
    /// The pieces on the board.
    pub pieces: Vec<Placed>,
    /// The arrows between cells (chutes, ladders, escalators).
    pub links: Vec<Link>,
    /// The pieces in hand, by kind.
    pub hands: Vec<HandGroup>,
    /// Lines of text about the position that the board does not show otherwise (a
    /// pending roll, the form's rule in force).
    pub notes: Vec<String>,
}

/// One click of a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Click {
    /// A cell, by name.
    Cell(String),
    /// A piece in a hand, by its [`HandGroup::id`].
    Hand(String),
    /// A choice offered in a menu (a promotion, an experience split), by its label.
    Choice(String),
}

/// The [`PieceInfo::kind`] of the legend line that explains a kind of link
/// (`link:escalator`): a view draws the link there instead of a piece.
pub fn link_legend_kind(kind: LinkKind) -> String {
    format!("link:{}", kind.name())
}

/// One line of a variant's legend: a piece kind and what it does, or a kind of link
/// ([`link_legend_kind`]) and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The picture's name (as in [`Man::kind`]), or `link:` and a [`LinkKind::name`].
    pub kind: String,
    /// The piece's name for players.
    pub name: String,
    /// How it moves, in a sentence or two.
    pub moves: String,
}

/// A game as a drawing board shows it.
///
/// ```
/// use escalade_core::{Click, Diagram, Rules};
/// # fn demo<P: Diagram>(form: usize) {
/// let start = P::startpos(form);
/// let picture = start.picture();
/// assert!(!picture.cells.is_empty());
/// let mut moves = Vec::new();
/// start.generate_moves(&mut moves);
/// for mv in moves {
///     // Every legal move can be made by clicks on the drawn cells, hands and menus.
///     for clicks in start.move_clicks(mv) {
///         assert!(!clicks.is_empty());
///     }
/// }
/// # }
/// ```
pub trait Diagram: Position {
    /// The board with what stands on it, the hands and the links.
    fn picture(&self) -> Picture;

    /// Every way to make `mv` (legal here) by clicks, at least one. Two moves never share
    /// a sequence; a sequence may be a prefix of another move's (a move that may go on,
    /// such as a turn with an optional second part), and a board then offers both.
    fn move_clicks(&self, mv: Self::Move) -> Vec<Vec<Click>>;

    /// The cells a played move passes through, in order, to mark it on the board (by
    /// default the cells of its first click sequence).
    fn move_path(&self, mv: Self::Move) -> Vec<String> {
        let clicks = self.move_clicks(mv);
        let first = clicks.into_iter().next().unwrap_or_default();
        first
            .into_iter()
            .filter_map(|c| match c {
                Click::Cell(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    /// The played move as separate strokes, one per piece that moved (a Dragon pair in
    /// Ladder Shogi moves two): by default one stroke, [`Diagram::move_path`]. A board draws
    /// a line through each stroke of more than two cells (a jump path).
    fn move_strokes(&self, mv: Self::Move) -> Vec<Vec<String>> {
        vec![self.move_path(mv)]
    }

    /// The cells of the side to move's royal pieces that stand attacked, for a board to
    /// mark in check. By default every royal piece of the side to move when it is in check
    /// (right for a game with one King a side); a game with several royal pieces names
    /// only those attacked.
    fn checked_cells(&self) -> Vec<String> {
        if !self.in_check() {
            return Vec::new();
        }
        let side = self.side_to_move();
        self.picture()
            .pieces
            .into_iter()
            .filter(|p| p.man.royal && p.man.color == side)
            .map(|p| p.cell)
            .collect()
    }

    /// How the board looks after the first clicks of `mv` (legal here), `clicks` a prefix of
    /// one of [`Diagram::move_clicks`]' sequences, for a board to draw a move with visible
    /// parts as they are made: a jump chain's piece on its latest landing with the men
    /// jumped so far fading, Part 1 of a turn done before Part 2 is chosen. `None` (the
    /// default) draws the position as it is. After a whole sequence a stage, if given,
    /// holds the pieces of the position after the move.
    fn move_stage(&self, mv: Self::Move, clicks: &[Click]) -> Option<Stage> {
        let _ = (mv, clicks);
        None
    }

    /// Every piece kind the form uses, with what it does, and a line for each kind of link
    /// its pictures draw ([`link_legend_kind`]).
    fn legend(form: usize) -> Vec<PieceInfo>;
}

/// The coordinate label of square (`file`, `rank`) (both 0-based) of a `files` x `ranks`
/// grid: file letters along the bottom rank and rank numbers along the left file as the
/// board is drawn, the corner square carrying both (`a1`). Turned half round (`flipped`)
/// the top rank and the right file come to the bottom and the left, and carry them.
pub fn grid_label(file: u8, rank: u8, files: u8, ranks: u8, flipped: bool) -> Option<String> {
    let (edge_file, edge_rank) = if flipped {
        (files.saturating_sub(1), ranks.saturating_sub(1))
    } else {
        (0, 0)
    };
    let letter = ((b'a' + file) as char).to_string();
    let number = (rank + 1).to_string();
    match (file == edge_file, rank == edge_rank) {
        (true, true) => Some(format!("{letter}{number}")),
        (false, true) => Some(letter),
        (true, false) => Some(number),
        (false, false) => None,
    }
}

/// The square cells of a rectangular board of `files` x `ranks`, named by `name(file,
/// rank)` (both 0-based, rank 0 at the bottom), shaded like a chessboard (a1 dark), with
/// coordinates along the bottom and left edges either way up ([`grid_label`]).
pub fn grid_cells(files: u8, ranks: u8, name: impl Fn(u8, u8) -> String) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(files as usize * ranks as usize);
    for rank in 0..ranks {
        for file in 0..files {
            let x = file as f32;
            let y = (ranks - 1 - rank) as f32;
            let shade = if (file + rank) % 2 == 0 {
                Shade::Dark
            } else {
                Shade::Light
            };
            cells.push(Cell {
                name: name(file, rank),
                polygon: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
                shade,
                label: grid_label(file, rank, files, ranks, false),
                flipped_label: grid_label(file, rank, files, ranks, true),
            });
        }
    }
    cells
}

/// The usual square name: file letter and rank number from 1 (`a1`, `j10`).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// The picture kind and name of an orthodox chess piece by its FEN letter (either case).
pub fn chess_man(letter: char) -> Option<Man> {
    let kind = match letter.to_ascii_lowercase() {
        'k' => "king",
        'q' => "queen",
        'r' => "rook",
        'b' => "bishop",
        'n' => "knight",
        'p' => "pawn",
        _ => return None,
    };
    Some(Man {
        color: if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        },
        kind: kind.to_string(),
        letter: letter.to_string(),
        badge: None,
        royal: kind == "king",
    })
}

/// The menu choice that picks an orthodox piece by its letter (a promotion): `Queen`,
/// `Rook`, `Bishop`, `Knight` (an unknown letter is offered as itself).
pub fn chess_choice(letter: char) -> Click {
    let name = match letter.to_ascii_lowercase() {
        'q' => "Queen",
        'r' => "Rook",
        'b' => "Bishop",
        'n' => "Knight",
        'k' => "King",
        'p' => "Pawn",
        other => return Click::Choice(other.to_ascii_uppercase().to_string()),
    };
    Click::Choice(name.to_string())
}

/// The legend lines of the orthodox chess pieces.
pub fn chess_legend() -> Vec<PieceInfo> {
    let line = |kind: &str, name: &str, moves: &str| PieceInfo {
        kind: kind.into(),
        name: name.into(),
        moves: moves.into(),
    };
    vec![
        line("king", "King", "One step in any direction; castles with a Rook."),
        line("queen", "Queen", "Any distance along ranks, files and diagonals."),
        line("rook", "Rook", "Any distance along ranks and files."),
        line("bishop", "Bishop", "Any distance along diagonals."),
        line("knight", "Knight", "Leaps two squares one way and one the other."),
        line(
            "pawn",
            "Pawn",
            "Steps forward (two from its start), captures diagonally forward, promotes on the last rank.",
        ),
    ]
}

/// The placed pieces of an 8x8-style FEN board field read with [`chess_man`] (files `a`..,
/// ranks from 1 at the bottom), for games whose FEN is orthodox; letters it does not know
/// are skipped.
pub fn chess_placement_pieces(board_field: &str) -> Vec<Placed> {
    let rows: Vec<&str> = board_field.split('/').collect();
    let ranks = rows.len();
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = (ranks - 1 - i) as u8;
        let mut file = 0u8;
        let mut number = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                number = number * 10 + d as u8;
                continue;
            }
            file += number;
            number = 0;
            if let Some(man) = chess_man(c) {
                out.push(Placed {
                    cell: square_name(file, rank),
                    man,
                });
            }
            file += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_names_shades_and_labels() {
        let cells = grid_cells(8, 8, square_name);
        assert_eq!(cells.len(), 64);
        assert_eq!(cells[0].name, "a1");
        assert_eq!(cells[0].shade, Shade::Dark);
        assert_eq!(cells[0].polygon[0], (0.0, 7.0));
        assert_eq!(cells[63].name, "h8");
        assert_eq!(cells[63].label, None);
        assert_eq!(cells[1].label.as_deref(), Some("b"));
        assert_eq!(cells[8].label.as_deref(), Some("2"));
        // turned half round: letters on rank 8, numbers on the h-file, h8 carries both
        assert_eq!(cells[63].flipped_label.as_deref(), Some("h8"));
        assert_eq!(cells[56].flipped_label.as_deref(), Some("a"));
        assert_eq!(cells[7].flipped_label.as_deref(), Some("1"));
        assert_eq!(cells[0].flipped_label, None);
    }

    #[test]
    fn orthodox_placement() {
        let pieces = chess_placement_pieces("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        assert_eq!(pieces.len(), 32);
        let e4 = pieces.iter().find(|p| p.cell == "e4").unwrap();
        assert_eq!(e4.man.kind, "pawn");
        assert_eq!(e4.man.color, Color::White);
        assert!(pieces.iter().any(|p| p.cell == "e8" && p.man.royal));
    }
}
