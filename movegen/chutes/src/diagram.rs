//! Chutes and Ladders Chess on a drawing board ([`Diagram`]): the two 8x8 boards side by
//! side (board 0 on the left, board 1 on the right), the men, the chutes and ladders as
//! arrows from entrance to exit in their owner's colour, notes on what the boards do not
//! show, and every turn as clicks.
//!
//! Clicks of a turn: Part 1 is the man's origin and the square it steps on (on its own
//! board; a transport follows from the things), then the promotion piece from a menu, or
//! for castling the King's origin and destination. An optional Part 2 continues the same
//! sequence: making a thing is one click on its entrance (`0e4` ladder, `1c7` chute, as the
//! move text writes it), removing one's own thing one click on either of its two squares.
//! A turn without Part 2 is the Part 1 clicks alone, a prefix of the turns with a Part 2.
//! No two turns share a sequence: Part 1's clicks name its origin, the square stepped on
//! and the promotion, which the move holds apart; and after one Part 1 a file-rank either
//! holds a thing (only removing is possible there) or not (only making is).

use escalade_core::{
    chess_choice, chess_legend, chess_man, grid_label, link_legend_kind, Bitboard, Cell, Click,
    Color, Diagram, Link, LinkKind, Picture, PieceInfo, Placed, Rules, Shade, Stage,
};

use crate::men::Kind;
use crate::moves::{Move, Part2};
use crate::position::{castle_bit, Chutes, KING_SIDE, QUEEN_SIDE};
use crate::square::{square, square_name};

/// Where board 1 starts, in squares from the left edge of board 0 (a gap of one square).
const BOARD1_X: f32 = 9.0;

impl Diagram for Chutes {
    fn picture(&self) -> Picture {
        Picture {
            cells: board_cells(),
            pieces: self.placed_men(),
            links: self.links(),
            hands: Vec::new(),
            notes: self.notes(),
        }
    }

    fn move_clicks(&self, mv: Move) -> Vec<Vec<Click>> {
        let mut part1 = vec![cell(mv.from()), cell(mv.to())];
        if let Some(kind) = mv.special().promotion() {
            part1.push(chess_choice(kind.letter()));
        }
        let part2: Vec<Click> = match mv.part2() {
            Part2::Nothing => return vec![part1],
            Part2::Ladder(fr) => vec![cell(fr)],
            Part2::Chute(fr) => vec![cell(fr + 64)],
            Part2::Remove(fr) => vec![cell(fr), cell(fr + 64)],
        };
        part2
            .into_iter()
            .map(|click| {
                let mut clicks = part1.clone();
                clicks.push(click);
                clicks
            })
            .collect()
    }

    /// After Part 1's clicks (with the promotion, if any) the men as Part 1 leaves them: the
    /// man moved (and transported), the man it took gone, so Part 2 is chosen on the boards
    /// as they are then (Part 2 moves no man; it needs no stage of its own).
    fn move_stage(&self, mv: Move, clicks: &[Click]) -> Option<Stage> {
        let part1 = 2 + usize::from(mv.special().promotion().is_some());
        if clicks.len() != part1 {
            return None;
        }
        let pieces = self.play(mv).placed_men();
        let enemy = !self.side_to_move();
        let captured = self
            .placed_men()
            .into_iter()
            .filter(|p| p.man.color == enemy && !pieces.contains(p))
            .map(|p| p.cell)
            .collect();
        Some(Stage { pieces, captured })
    }

    /// Part 1's cells: the origin, the square stepped on and, after a transport, the
    /// square the man ends on (Part 2 shows as the thing made or gone).
    fn move_path(&self, mv: Move) -> Vec<String> {
        let mut path = vec![square_name(mv.from()), square_name(mv.to())];
        let landing = self.landing(mv.to());
        if landing != mv.to() {
            path.push(square_name(landing));
        }
        path
    }

    /// Only the Kings that stand attacked: a side has two, and one may be in check alone.
    fn checked_cells(&self) -> Vec<String> {
        let side = self.side_to_move();
        let occ = self.men.occupied();
        self.men
            .of(side, Kind::King)
            .squares()
            .filter(|&k| self.men.attacked(k, !side, occ))
            .map(square_name)
            .collect()
    }

    fn legend(_form: usize) -> Vec<PieceInfo> {
        let mut legend = chess_legend();
        for line in &mut legend {
            let extra = match line.kind.as_str() {
                "king" => " Each side has two; none may be left in check, and a King may not step onto an attacked entrance.",
                "pawn" => " Double step from rank 2 of either board; promotes first, then is transported.",
                _ => "",
            };
            line.moves.push_str(extra);
            line.moves
                .push_str(" Moves on its own board; stopping on an entrance transports it to the other board.");
        }
        let link = |kind: LinkKind, name: &str, moves: &str| PieceInfo {
            kind: link_legend_kind(kind),
            name: name.into(),
            moves: moves.into(),
        };
        legend.push(link(
            LinkKind::Ladder,
            "Ladder",
            "One way, up: a man that stops on its board-0 square climbs to the same square of board 1. Drawn in its owner's colour, head at the exit.",
        ));
        legend.push(link(
            LinkKind::Chute,
            "Chute",
            "One way, down: a man that stops on its board-1 square slides to the same square of board 0. Drawn in its owner's colour, head at the exit.",
        ));
        legend
    }
}

/// A square's cell click.
fn cell(sq: u8) -> Click {
    Click::Cell(square_name(sq))
}

/// The 128 cells: board 0 at x 0..8, board 1 at x 9..17, rank 8 at the top, a1 dark.
/// File letters label the bottom rank, rank numbers the left file (`a1` shows both).
fn board_cells() -> Vec<Cell> {
    let mut cells = Vec::with_capacity(128);
    for board in 0..2u8 {
        let left = if board == 0 { 0.0 } else { BOARD1_X };
        for rank in 0..8u8 {
            for file in 0..8u8 {
                let x = left + file as f32;
                let y = (7 - rank) as f32;
                cells.push(Cell {
                    name: square_name(square(board, file, rank)),
                    polygon: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
                    shade: if (file + rank) % 2 == 0 {
                        Shade::Dark
                    } else {
                        Shade::Light
                    },
                    label: grid_label(file, rank, 8, 8, false),
                    flipped_label: grid_label(file, rank, 8, 8, true),
                });
            }
        }
    }
    cells
}

impl Chutes {
    /// Every man on both boards, as orthodox pieces.
    fn placed_men(&self) -> Vec<Placed> {
        let mut out = Vec::with_capacity(self.men.occupied().count_ones() as usize);
        for side in Color::BOTH {
            for kind in Kind::ALL {
                let letter = match side {
                    Color::White => kind.letter(),
                    Color::Black => kind.letter().to_ascii_lowercase(),
                };
                let Some(man) = chess_man(letter) else {
                    continue;
                };
                for sq in self.men.of(side, kind).squares() {
                    out.push(Placed {
                        cell: square_name(sq),
                        man: man.clone(),
                    });
                }
            }
        }
        out
    }

    /// Every chute and ladder as an arrow from its entrance to its exit.
    fn links(&self) -> Vec<Link> {
        (0..64u8)
            .filter_map(|fr| {
                let (chute, owner) = self.thing_at(fr)?;
                let (from, to, kind) = if chute {
                    (fr + 64, fr, LinkKind::Chute)
                } else {
                    (fr, fr + 64, LinkKind::Ladder)
                };
                Some(Link {
                    from: square_name(from),
                    to: square_name(to),
                    kind,
                    owner: Some(owner),
                    two_way: false,
                })
            })
            .collect()
    }

    /// What a player must know that the boards do not show.
    fn notes(&self) -> Vec<String> {
        let mut notes = vec![
            "Board 0 (0a1-0h8) is on the left, board 1 on the right (stacked, board 0 first, on a narrow screen). A ladder lifts a man that stops on its board-0 square to board 1; a chute drops a man that stops on its board-1 square to board 0.".to_string(),
        ];
        if self.first_turn {
            notes.push("White's first turn has no Part 2: a chess move only.".into());
        } else {
            notes.push("After the chess move (Part 1) you may end the turn, or click a board-0 square to make a ladder there, a board-1 square to make a chute, or either square of one of your own things to remove it.".into());
        }
        for side in Color::BOTH {
            notes.push(format!(
                "{} owns {} of 2 ladders and {} of 2 chutes (only the owner may remove them).",
                side.name(),
                self.owned_count(side, false),
                self.owned_count(side, true)
            ));
        }
        notes.push(format!("Castling: {}.", self.castling_note()));
        if let Some((target, victim)) = self.en_passant() {
            notes.push(format!(
                "En passant: a pawn may capture on {}, taking the pawn on {}.",
                square_name(target),
                square_name(victim)
            ));
        }
        notes
    }

    /// The castling rights per board, e.g. `board 0 KQkq, board 1 none`.
    fn castling_note(&self) -> String {
        let board_rights = |board: u8| {
            let mut s = String::new();
            for (side, letters) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
                for (wing, letter) in [KING_SIDE, QUEEN_SIDE].into_iter().zip(letters) {
                    if self.castling & castle_bit(board, side, wing) != 0 {
                        s.push(letter);
                    }
                }
            }
            if s.is_empty() {
                "none".to_string()
            } else {
                s
            }
        };
        format!("board 0 {}, board 1 {}", board_rights(0), board_rights(1))
    }
}
