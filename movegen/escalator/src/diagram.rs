//! Slanted Escalator Chess on a drawing board ([`Diagram`]): the board's true shape (60
//! squares, the eight escalator squares as slanted parallelograms, the four holes), the
//! escalator links, the pieces (Crabs and Chancellors included), the legend of each form,
//! and every move as clicks: origin, destination, then the promotion piece from a menu. The
//! e.p. capture ends with the menu choice [`EN_PASSANT`], so it differs from the crab's
//! quiet diagonal step onto the same square (just origin and destination).
//!
//! Shape (board coordinates, one square 1.0 wide, `y` down, White at the bottom): ranks 1-3
//! and 6-8 are ordinary squares. The escalator columns `ab`, `bc` (and their mirror images
//! `gh`, `fg`) have their top edges under the files `a`, `b` (`h`, `g`) of rank 6 and their
//! bottom edges shifted half a file towards the centre, so `ab4` stands on the a3/b3
//! boundary and `bc4` on b3/c3. The holes fill the rest of the c and f files of ranks 4-5.

use escalade_core::{
    chess_choice, link_legend_kind, Bitboard, Cell, Click, Color, Diagram, Link, LinkKind, Man,
    Picture, PieceInfo, Placed, Rules, Shade, Square,
};

use crate::board::{grid_coords, BOARD, N, NAMES, SQUARES};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::{Escalator, FORMS, FORM_ALMOST, FORM_NOLEAP};

/// The menu choice that marks an e.p. capture.
const EN_PASSANT: &str = "en passant capture";

/// How far an escalator edge moves right for each unit down (half a file over two ranks).
const SLANT: f32 = 0.25;
/// The `y` of the top edge of rank 5 (where the slant starts).
const SLANT_TOP: f32 = 3.0;

impl Diagram for Escalator {
    fn picture(&self) -> Picture {
        Picture {
            cells: board_cells(),
            pieces: self.placed(),
            links: escalator_links(),
            hands: Vec::new(),
            notes: self.notes(),
        }
    }

    fn move_clicks(&self, mv: Move) -> Vec<Vec<Click>> {
        let mut clicks = vec![
            Click::Cell(NAMES[mv.from as usize].to_string()),
            Click::Cell(NAMES[mv.to as usize].to_string()),
        ];
        if mv.kind == MoveKind::EnPassant {
            clicks.push(Click::Choice(EN_PASSANT.to_string()));
        }
        match mv.promotion {
            Some(Kind::Chancellor) => clicks.push(Click::Choice("Chancellor".to_string())),
            Some(kind) => clicks.push(chess_choice(kind.letter())),
            None => {}
        }
        vec![clicks]
    }

    fn legend(form: usize) -> Vec<PieceInfo> {
        let line = |kind: &str, name: &str, moves: &str| PieceInfo {
            kind: kind.into(),
            name: name.into(),
            moves: moves.into(),
        };
        let knight = if form == FORM_NOLEAP {
            KNIGHT_NOLEAP
        } else {
            KNIGHT
        };
        let crab = if form == FORM_ALMOST {
            format!("{CRAB} Chancellor, Rook, Bishop or Knight.")
        } else {
            format!("{CRAB} Queen, Rook, Bishop or Knight.")
        };
        vec![
            line("king", "King", KING),
            line("queen", "Queen", QUEEN),
            line("chancellor", "Chancellor", CHANCELLOR),
            line("rook", "Rook", ROOK),
            line("bishop", "Bishop", BISHOP),
            line("knight", "Knight", knight),
            line("crab", "Crab", &crab),
            line(
                &link_legend_kind(LinkKind::Escalator),
                "Escalator",
                ESCALATOR,
            ),
        ]
    }
}

/// What the escalator arrows mean (the legend's line for the links).
const ESCALATOR: &str = "The double-headed arrows join the two slanted squares of each \
    escalator (ab4-ab5, bc4-bc5, fg4-fg5, gh4-gh5). They are ordinary squares, ridden both \
    ways: a piece steps or slides up and down them like along a file, and their slanted feet \
    lead on to rank 3 (ab4 stands between a3 and b3, so a3 and b3 both step onto it, and a \
    line from b3 forks to ab4 and bc4).";

/// What each piece does (the Crab's line ends with the form's promotion pieces).
const KING: &str = "One step along any link, escalators included; castles with a Rook as in chess.";
const QUEEN: &str = "Any distance along ranks, files and diagonals; its lines ride the \
    escalators and fork where they fork.";
const CHANCELLOR: &str = "Moves as a Rook or as a Knight (it replaces the Queen in Almost \
    Slanted Escalator Chess).";
const ROOK: &str = "Any distance along ranks and files; the files ride the escalators and \
    fork at b3, g3 and at the escalators' feet.";
const BISHOP: &str = "Any distance along diagonals, which bend through the escalators (so it \
    may change colour).";
const KNIGHT: &str = "Leaps to the end of two steps one way and one step the other along the \
    board's links; it may leap across the holes (d4-bc5, d5-bc4, e4-fg5, e5-fg4).";
const KNIGHT_NOLEAP: &str = "Leaps to the end of two steps one way and one step the other \
    along the board's links; it may not leap across the holes.";
const CRAB: &str = "Steps forward straight or diagonally onto an empty square (two straight \
    from its start, following the escalator forks); captures diagonally forward, also en \
    passant; promotes on the last rank to a";

impl Escalator {
    /// The pieces on the board.
    fn placed(&self) -> Vec<Placed> {
        (0..SQUARES as Square)
            .filter(|&sq| !self.cell(sq).is_empty())
            .map(|sq| {
                let cell = self.cell(sq);
                Placed {
                    cell: NAMES[sq as usize].to_string(),
                    man: man(cell.color(), cell.kind()),
                }
            })
            .collect()
    }

    /// The form in force and the e.p. square, if any.
    fn notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = FORMS
            .get(self.form())
            .map(|f| f.description.to_string())
            .into_iter()
            .collect();
        // the right alone does not say a crab can use it: only a legal capture is offered
        let capturable = self.en_passant().filter(|_| {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            moves.iter().any(|m| m.kind == MoveKind::EnPassant)
        });
        if let Some((target, victim)) = capturable {
            notes.push(format!(
                "En passant: the crab on {} may be taken on {} (choose \"{EN_PASSANT}\").",
                NAMES.get(victim as usize).unwrap_or(&"?"),
                NAMES.get(target as usize).unwrap_or(&"?"),
            ));
        }
        notes
    }
}

/// The drawn piece of a colour and kind.
fn man(color: Color, kind: Kind) -> Man {
    let name = match kind {
        Kind::Crab => "crab",
        Kind::Knight => "knight",
        Kind::Bishop => "bishop",
        Kind::Rook => "rook",
        Kind::Queen => "queen",
        Kind::Chancellor => "chancellor",
        Kind::King => "king",
    };
    let letter = match color {
        Color::White => kind.letter(),
        Color::Black => kind.letter().to_ascii_lowercase(),
    };
    Man {
        color,
        kind: name.to_string(),
        letter: letter.to_string(),
        badge: None,
        royal: kind == Kind::King,
    }
}

/// Whether a square is one of the eight escalator squares (`ab4`, `fg5`, ...).
fn is_escalator(sq: Square) -> bool {
    NAMES[sq as usize].len() == 3
}

/// The links drawn as escalators: the rides up each escalator (`ab4` to `ab5`, `bc4` to
/// `bc5`, and their mirror images). The rank-3 squares that feed them (`a3`/`b3` to `ab4`)
/// are left undrawn: their arrows would cover the pieces on rank 3, and the slanted cells
/// already show where each escalator starts.
fn escalator_links() -> Vec<Link> {
    let mut links = Vec::new();
    for from in 0..SQUARES as Square {
        for to in BOARD.geo.step(from, N).squares() {
            if is_escalator(from) && is_escalator(to) {
                links.push(Link {
                    from: NAMES[from as usize].to_string(),
                    to: NAMES[to as usize].to_string(),
                    kind: LinkKind::Escalator,
                    owner: None,
                    two_way: true,
                });
            }
        }
    }
    links
}

/// The 60 squares in index order, then the four holes (`hole-c4`, `hole-c5`, `hole-f4`,
/// `hole-f5`).
fn board_cells() -> Vec<Cell> {
    let mut cells: Vec<Cell> = (0..SQUARES as Square).map(square_cell).collect();
    for (name, file, rank) in [
        ("hole-c4", 2, 3),
        ("hole-c5", 2, 4),
        ("hole-f4", 5, 3),
        ("hole-f5", 5, 4),
    ] {
        cells.push(Cell {
            name: name.to_string(),
            polygon: hole_polygon(file, rank),
            shade: Shade::Hole,
            label: None,
            flipped_label: None,
        });
    }
    cells
}

/// One square's cell: its outline, a chessboard shade on the display grid (a1 dark; `ab`
/// counts as `a`, `bc` as `b`, `fg` as `g`, `gh` as `h`), and its name as a label on rank
/// 1, the a-file and the two middle ranks (turned half round: on rank 8, the h-file and the
/// middle ranks, the edges then at the bottom and the left).
fn square_cell(sq: Square) -> Cell {
    let (file, rank) = grid_coords(sq);
    let name = NAMES[sq as usize].to_string();
    let polygon = if is_escalator(sq) {
        escalator_polygon(file, rank)
    } else {
        let (x, y) = (file as f32, (7 - rank) as f32);
        vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
    };
    let shade = if (file + rank) % 2 == 0 {
        Shade::Dark
    } else {
        Shade::Light
    };
    let middle = rank == 3 || rank == 4;
    let labelled = rank == 0 || file == 0 || middle;
    let labelled_flipped = rank == 7 || file == 7 || middle;
    Cell {
        label: labelled.then(|| name.clone()),
        flipped_label: labelled_flipped.then(|| name.clone()),
        name,
        polygon,
        shade,
    }
}

/// A left-side edge: its `x` at `y` (`x0` at the top of rank 5, moving `slope` per unit down).
fn edge_x(x0: f32, slope: f32, y: f32) -> f32 {
    x0 + slope * (y - SLANT_TOP)
}

/// The outline of a cell of rank 4 or 5 (`rank` 3 or 4) between two left-side edges,
/// mirrored onto the right side when `mirror`: top-left, top-right, bottom-right,
/// bottom-left (the order of the ordinary squares).
fn band_polygon(left: (f32, f32), right: (f32, f32), rank: i8, mirror: bool) -> Vec<(f32, f32)> {
    let top = (7 - rank) as f32;
    let bottom = top + 1.0;
    let (tl, tr) = (edge_x(left.0, left.1, top), edge_x(right.0, right.1, top));
    let (bl, br) = (
        edge_x(left.0, left.1, bottom),
        edge_x(right.0, right.1, bottom),
    );
    if mirror {
        vec![
            (8.0 - tr, top),
            (8.0 - tl, top),
            (8.0 - bl, bottom),
            (8.0 - br, bottom),
        ]
    } else {
        vec![(tl, top), (tr, top), (br, bottom), (bl, bottom)]
    }
}

/// An escalator square on display file 0, 1 (left) or 6, 7 (right).
fn escalator_polygon(file: i8, rank: i8) -> Vec<(f32, f32)> {
    let mirror = file >= 4;
    let column = if mirror { 7 - file } else { file } as f32;
    band_polygon((column, SLANT), (column + 1.0, SLANT), rank, mirror)
}

/// A hole on display file 2 (left, right of the `bc` escalator) or 5 (right).
fn hole_polygon(file: i8, rank: i8) -> Vec<(f32, f32)> {
    band_polygon((2.0, SLANT), (3.0, 0.0), rank, file >= 4)
}
