//! Chess on the Rope on a drawing board ([`Diagram`]): the line of 21 (or 15) squares left
//! to right, named and labelled by their numbers, the pieces with their badges (a promoted
//! Pawn's `~`, the "Hold on dice!" level), the crazyhouse hands, notes on the state each
//! form adds (swap rights, stacks, checks, the pending roll), a legend per form, and every
//! move as clicks.
//!
//! Clicks: a board move is its origin and destination; a Pawn move into the zone ends with
//! a menu choice, the piece's name or `Pawn` to decline; the King-Gold swap is the King's
//! square then the Gold's (a King never moves onto its own piece otherwise, so no choice is
//! needed); a drop is the hand group (`w-P`) then the square. At a chance node the two
//! outcomes are the choices `survives` and `falls`, which the referee rolls, not a player.

use escalade_core::{
    Bitboard, Cell, Click, Color, Diagram, HandGroup, Man, MoveNotation, Picture, PieceInfo,
    Placed, Shade, Square,
};

use crate::fen::letter;
use crate::form::{Special, FORMS, RULES};
use crate::moves::{MoveKind, RopeMove};
use crate::position::Rope;
use crate::Kind;

impl Diagram for Rope {
    fn picture(&self) -> Picture {
        Picture {
            cells: line_cells(self.squares()),
            pieces: self.placed(),
            links: Vec::new(),
            hands: self.hand_groups(),
            notes: self.notes(),
        }
    }

    fn move_clicks(&self, mv: RopeMove) -> Vec<Vec<Click>> {
        let clicks = match mv.kind {
            MoveKind::Survives | MoveKind::Falls => vec![Click::Choice(self.move_text(mv))],
            MoveKind::Drop(kind) => {
                vec![Click::Hand(hand_id(self.side, kind)), square_click(mv.to)]
            }
            MoveKind::Swap => vec![square_click(mv.from), square_click(mv.to)],
            MoveKind::Promote(kind) => vec![
                square_click(mv.from),
                square_click(mv.to),
                Click::Choice(kind.name().to_string()),
            ],
            MoveKind::Normal => {
                let mut clicks = vec![square_click(mv.from), square_click(mv.to)];
                if self.declines_promotion(mv) {
                    clicks.push(Click::Choice(Kind::Pawn.name().to_string()));
                }
                clicks
            }
        };
        vec![clicks]
    }

    /// The squares of the move; for a chance outcome, the square of the piece that rolls.
    fn move_path(&self, mv: RopeMove) -> Vec<String> {
        match mv.kind {
            MoveKind::Survives | MoveKind::Falls => {
                self.pending_roll().map(square_name).into_iter().collect()
            }
            MoveKind::Drop(_) => vec![square_name(mv.to)],
            _ => vec![square_name(mv.from), square_name(mv.to)],
        }
    }

    fn legend(form: usize) -> Vec<PieceInfo> {
        let rules = &RULES[form.min(RULES.len() - 1)];
        let kinds: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|&k| k == Kind::Pawn || k.index() < 2 || rules.promotions.contains(&k))
            .collect();
        kinds
            .into_iter()
            .map(|kind| PieceInfo {
                kind: kind_name(kind).to_string(),
                name: kind.name().to_string(),
                moves: legend_text(kind, form),
            })
            .collect()
    }
}

/// The picture kind of a piece.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "king",
        Kind::Gold => "gold",
        Kind::Router => "router",
        Kind::Torch => "torch",
        Kind::Dove => "dove",
        Kind::Dabbaba => "dabbaba",
        Kind::Pawn => "pawn",
    }
}

/// A square's name: its number from 1.
fn square_name(sq: Square) -> String {
    (sq as u32 + 1).to_string()
}

fn square_click(sq: Square) -> Click {
    Click::Cell(square_name(sq))
}

/// The hand group id of `color`'s pieces of `kind`: `w-P`, `b-G`.
fn hand_id(color: Color, kind: Kind) -> String {
    let side = if color == Color::White { 'w' } else { 'b' };
    format!("{side}-{}", kind.letter())
}

/// One row of `n` unit squares, square 1 at the left (dark), labelled by their numbers.
fn line_cells(n: u8) -> Vec<Cell> {
    (0..n)
        .map(|sq| {
            let x = sq as f32;
            Cell {
                name: square_name(sq),
                polygon: vec![(x, 0.0), (x + 1.0, 0.0), (x + 1.0, 1.0), (x, 1.0)],
                shade: if sq % 2 == 0 {
                    Shade::Dark
                } else {
                    Shade::Light
                },
                label: Some(square_name(sq)),
                // one row: each number stays on its square either way up
                flipped_label: Some(square_name(sq)),
            }
        })
        .collect()
}

/// How a piece of `kind` moves in `form`, for the legend.
fn legend_text(kind: Kind, form: usize) -> String {
    let rules = &RULES[form.min(RULES.len() - 1)];
    let hop = "or hops over an adjacent piece of either colour onto the empty square beyond (a hop never captures)";
    let mut text = match kind {
        Kind::King => format!("Steps one square either way, {hop}. Once per game it may swap places with its own Gold at any distance, even in check, unless the Gold is attacked. Losing it loses the game."),
        Kind::Gold => format!("Steps one square either way, {hop}."),
        Kind::Router => "Slides any distance along the line up to the first piece.".into(),
        Kind::Torch => "Moves an odd number of squares (1, 3, 5, ...) either way; only pieces at odd distances block it.".into(),
        Kind::Dove => "Leaps two or three squares either way.".into(),
        Kind::Dabbaba => "Leaps one or two squares either way.".into(),
        Kind::Pawn => {
            let choices: Vec<&str> = rules.promotions.iter().map(|k| k.name()).collect();
            format!("One step forward, moving and capturing straight ahead. In the last four squares it may promote (to {}); on the last square it must.", choices.join(", "))
        }
    };
    match rules.special {
        Special::Dice if kind == Kind::King => text.push_str(" Never rolls."),
        Special::Dice => text.push_str(&format!(
            " Acrobatic level {0}: after it moves it survives on a die roll of 1 to {0}, else it falls off the rope.",
            kind.dice_level()
        )),
        Special::House if kind != Kind::King => text.push_str(" Captured, it goes to the captor's hand (a promoted Pawn as a Pawn) and may be dropped on any empty square."),
        Special::Regeneration if kind != Kind::King => text.push_str(" Captured, it goes on its owner's stack and comes back on the home square when that is empty (a promoted Pawn as a Pawn)."),
        _ => {}
    }
    text
}

impl Rope {
    /// Whether `mv` is a Pawn's move into the zone that stays a Pawn (the move beside the
    /// promotions, told apart from them by its own menu choice).
    fn declines_promotion(&self, mv: RopeMove) -> bool {
        let us = self.side.index();
        self.pieces[us][Kind::Pawn.index()].has(mv.from) && self.tables().zone[us].has(mv.to)
    }

    /// The piece standing on `sq` as drawn (`color`'s, of `kind`).
    fn man(&self, color: Color, kind: Kind, sq: Square) -> Man {
        let badge = if self.special() == Special::Dice && kind != Kind::King {
            Some(kind.dice_level().to_string())
        } else if self.promoted.has(sq) {
            Some("~".to_string())
        } else {
            None
        };
        Man {
            color,
            kind: kind_name(kind).to_string(),
            letter: letter(color, kind).to_string(),
            badge,
            royal: kind == Kind::King,
        }
    }

    /// Every piece on the line.
    fn placed(&self) -> Vec<Placed> {
        let mut out = Vec::new();
        for color in Color::BOTH {
            for kind in Kind::ALL {
                for sq in self.pieces(color, kind).squares() {
                    out.push(Placed {
                        cell: square_name(sq),
                        man: self.man(color, kind, sq),
                    });
                }
            }
        }
        out
    }

    /// The non-empty hand groups (crazyhouse), White's first, in the order G R T D C P.
    fn hand_groups(&self) -> Vec<HandGroup> {
        let mut out = Vec::new();
        for color in Color::BOTH {
            for kind in Kind::CAPTURABLE {
                let count = self.hand(color, kind) as u32;
                if count > 0 {
                    out.push(HandGroup {
                        man: Man {
                            color,
                            kind: kind_name(kind).to_string(),
                            letter: letter(color, kind).to_string(),
                            badge: None,
                            royal: false,
                        },
                        count,
                        id: hand_id(color, kind),
                    });
                }
            }
        }
        out
    }

    /// What a player must know that the line does not show.
    fn notes(&self) -> Vec<String> {
        let mut notes = vec![FORMS[self.form as usize].description.to_string()];
        let swap = |c: Color| {
            if self.swap_right(c) {
                format!("{} may still swap King and Gold", c.name())
            } else {
                format!("{} has no swap left", c.name())
            }
        };
        notes.push(format!("{}; {}.", swap(Color::White), swap(Color::Black)));
        notes.push(format!(
            "No progress: {} of {} plies without a capture or promotion.",
            self.halfmove,
            self.rules().no_progress
        ));
        if self.rules().tracks_promotion() && self.promoted != 0 {
            notes.push(
                "A piece marked ~ is a promoted Pawn: captured, it returns as a Pawn.".into(),
            );
        }
        notes.extend(self.form_notes());
        notes
    }

    /// The notes of the form's own rule: checks, stacks, hands, the roll.
    fn form_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        match self.special() {
            Special::ThreeCheck => notes.push(format!(
                "Checks given: White {}, Black {} (the third check wins).",
                self.checks[0], self.checks[1]
            )),
            Special::Regeneration => {
                for c in Color::BOTH {
                    notes.push(self.stack_note(c));
                }
            }
            Special::House => notes.push(
                "Captured pieces go to the captor's hand: click one, then an empty square, to drop it.".into(),
            ),
            Special::Dice => {
                notes.push("The number on a piece is its acrobatic level: after a move (not a King's, not the swap) it survives on a die roll up to that number, else it falls off the rope. The referee rolls.".into());
                if let Some(sq) = self.pending_roll() {
                    let k = self.kind_at(self.side, sq);
                    let level = k.dice_level();
                    let falls = if level == 5 {
                        "6".to_string()
                    } else {
                        format!("{} to 6", level + 1)
                    };
                    notes.push(format!(
                        "Roll due: the {} on {} survives on 1 to {level} and falls on {falls}.",
                        k.name(),
                        sq + 1,
                    ));
                }
            }
            Special::None => {}
        }
        notes
    }

    /// One side's regeneration stack, top first, and its cooldown.
    fn stack_note(&self, c: Color) -> String {
        let stack: Vec<&str> = self.stack(c).iter().map(Kind::name).collect();
        let pile = if stack.is_empty() {
            "empty".to_string()
        } else {
            let top_first: Vec<&str> = stack.into_iter().rev().collect();
            format!("{} (next to come back first)", top_first.join(", "))
        };
        let cooldown = if self.cooldown(c) {
            "; regenerated last move, so not after the next"
        } else {
            ""
        };
        format!("{}'s stack: {pile}{cooldown}.", c.name())
    }
}
