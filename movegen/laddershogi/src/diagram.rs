//! Ladder Shogi on a drawing board (`escalade_core::Diagram`): the 10x10 grid named as the
//! move text names squares, the pieces with their stages as badges, both hands as groups
//! (`w-V`, `b-L`), notes on petrified pieces, the legend, and every turn as clicks:
//! origin and destination of each sub-move (a Cricket double move adds the second
//! destination, a Dragon pair the second piece's origin and destination), a drop as the hand
//! group then the square, and, when a capture's excess experience may be split, one menu
//! choice naming the split (`d9+1 f9+5`, or `keep`). The sequences are derived from the
//! turn alone (no move generation); see "Drawing board" in `docs/rules/laddershogi.md`.

use escalade_core::{grid_cells, square_name, Bitboard, Color, Square};
use escalade_core::{Click, Diagram, HandGroup, Man, Picture, PieceInfo, Placed};

use crate::moves::{Move, SubMove};
use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::TABLES;

/// The menu label of a sub-move that could split its excess experience but keeps it.
const KEEP: &str = "keep";

/// The picture kind of a piece kind.
fn picture_kind(kind: Kind) -> &'static str {
    match kind {
        KING => "shogi-king",
        DRAGON => "shogi-dragon",
        CRICKET => "shogi-cricket",
        KAPPA => "shogi-kappa",
        LANCE => "shogi-lance",
        NINJA => "shogi-ninja",
        HORSE => "shogi-horse",
        BURAKUMIN => "shogi-burakumin",
        ROOK => "shogi-rook",
        BISHOP => "shogi-bishop",
        SHOGUN => "shogi-shogun",
        _ => "shogi-value",
    }
}

/// White's text in upper case, Black's in lower case.
fn cased(text: String, color: Color) -> String {
    match color {
        Color::White => text,
        Color::Black => text.to_ascii_lowercase(),
    }
}

/// A piece on the board: a value piece shows its stage (`V6`, badge `6`).
fn board_man(kind: Kind, color: Color) -> Man {
    let (letter, badge) = if is_value(kind) {
        (format!("V{kind}"), Some(kind.to_string()))
    } else {
        (letter(kind).to_string(), None)
    };
    Man {
        color,
        kind: picture_kind(kind).into(),
        letter: cased(letter, color),
        badge,
        royal: kind == KING,
    }
}

/// The id of `color`'s hand group of hand kind `hk` (`w-V`, `b-L`).
fn hand_id(color: Color, hk: usize) -> String {
    format!("{}-{}", color.fen_char(), HAND_LETTERS[hk])
}

fn cell(sq: Square) -> Click {
    Click::Cell(TABLES.geo.name(sq).to_string())
}

/// The squares of `squares` by name, joined by commas.
fn names(squares: u128) -> String {
    let list: Vec<&str> = squares.squares().map(|s| TABLES.geo.name(s)).collect();
    list.join(", ")
}

/// A sub-move's split as a menu text, recipients in board order (`d9+1 f9+5`), or `keep`
/// when nothing is given.
fn split_text(sub: SubMove) -> String {
    let mut gifts: Vec<(Square, u8)> = (0..8)
        .filter(|&d| sub.given(d) > 0)
        .map(|d| (TABLES.geo.step(sub.to, d).lsb(), sub.given(d)))
        .collect();
    gifts.sort_unstable();
    let gifts: Vec<String> = gifts
        .into_iter()
        .map(|(r, n)| format!("{}+{n}", TABLES.geo.name(r)))
        .collect();
    if gifts.is_empty() {
        KEEP.into()
    } else {
        gifts.join(" ")
    }
}

impl LadderShogi {
    fn placed_pieces(&self) -> Vec<Placed> {
        (0..100 as Square)
            .filter_map(|sq| {
                let (kind, color) = self.piece_at(sq)?;
                Some(Placed {
                    cell: TABLES.geo.name(sq).to_string(),
                    man: board_man(kind, color),
                })
            })
            .collect()
    }

    /// Both hands, White's first, one group per kind held.
    fn hand_groups(&self) -> Vec<HandGroup> {
        let mut groups = Vec::new();
        for color in Color::BOTH {
            for (hk, &base) in HAND_BASE.iter().enumerate() {
                let count = self.hand_count(color, hk);
                if count == 0 {
                    continue;
                }
                let man = Man {
                    color,
                    kind: picture_kind(base).into(),
                    letter: cased(HAND_LETTERS[hk].to_string(), color),
                    badge: None,
                    royal: false,
                };
                groups.push(HandGroup {
                    man,
                    count: count.into(),
                    id: hand_id(color, hk),
                });
            }
        }
        groups
    }

    /// The petrified pieces of each side (a state the board does not otherwise show).
    fn diagram_notes(&self) -> Vec<String> {
        Color::BOTH
            .into_iter()
            .filter_map(|color| {
                let stuck = self.petrified_pieces(color);
                stuck.any().then(|| {
                    format!(
                        "{} pieces petrified by a Kappa: {}",
                        color.name(),
                        names(stuck)
                    )
                })
            })
            .collect()
    }

    /// Whether the capture `from` -> `to` here offers more than one split of its excess.
    fn offers_splits(&self, from: Square, to: Square) -> bool {
        let mut seen = 0;
        self.for_each_split(from, to, &mut |_| {
            seen += 1;
            seen > 1
        })
    }

    /// The menu label of a turn whose sub-moves offer splits: one part per such sub-move,
    /// joined by ` then `; `None` when no sub-move offers a choice.
    fn split_label(&self, mv: Move) -> Option<String> {
        if !mv.is_double() {
            let sub = mv.first;
            return self
                .offers_splits(sub.from, sub.to)
                .then(|| split_text(sub));
        }
        let mut pos = self.clone();
        let mut parts = Vec::new();
        for sub in mv.sub_moves() {
            if pos.offers_splits(sub.from, sub.to) {
                parts.push(split_text(sub));
            }
            pos.apply_sub(sub);
        }
        (!parts.is_empty()).then(|| parts.join(" then "))
    }

    /// Whether `sub` (without split) is a sub-move the piece on its origin may make here.
    fn plain_sub_allowed(&self, sub: SubMove) -> bool {
        let us = self.side;
        let enemy_king = u128::bit(self.kings[(!us).index()]);
        !self.petrified(us).has(sub.from)
            && (self.sub_targets(sub.from, 0) & !enemy_king).has(sub.to)
            && !self.offers_splits(sub.from, sub.to)
    }

    /// A Dragon pair's clicks in the other order (B's move, then A's), when that order is a
    /// turn too, gives away no experience and reaches the same position; such a turn is
    /// merged into this one by move generation, so no other turn has these clicks.
    fn reversed_pair(&self, mv: Move) -> Option<Vec<Click>> {
        let (a, b) = (mv.first, mv.second);
        if !mv.is_double() || mv.is_infused() || a.split != 0 || b.split != 0 || b.to == a.from {
            return None;
        }
        if !self.plain_sub_allowed(b) {
            return None;
        }
        let mut reverse = self.clone();
        reverse.apply_sub(b);
        if !reverse.plain_sub_allowed(a) {
            return None;
        }
        reverse.apply_sub(a);
        let mut forward = self.clone();
        forward.apply_sub(a);
        forward.apply_sub(b);
        (forward.hash == reverse.hash)
            .then(|| vec![cell(b.from), cell(b.to), cell(a.from), cell(a.to)])
    }
}

impl Diagram for LadderShogi {
    fn picture(&self) -> Picture {
        Picture {
            cells: grid_cells(10, 10, square_name),
            pieces: self.placed_pieces(),
            links: Vec::new(),
            hands: self.hand_groups(),
            notes: self.diagram_notes(),
        }
    }

    fn move_clicks(&self, mv: Move) -> Vec<Vec<Click>> {
        if let Some((hk, sq)) = mv.dropped() {
            return vec![vec![Click::Hand(hand_id(self.side, hk)), cell(sq)]];
        }
        let (a, b) = (mv.first, mv.second);
        let mut clicks = vec![cell(a.from), cell(a.to)];
        if mv.is_infused() {
            clicks.push(cell(b.to));
        } else if mv.is_double() {
            clicks.extend([cell(b.from), cell(b.to)]);
        }
        if let Some(label) = self.split_label(mv) {
            clicks.push(Click::Choice(label));
        }
        let mut out = vec![clicks];
        out.extend(self.reversed_pair(mv));
        out
    }

    fn move_strokes(&self, mv: Move) -> Vec<Vec<String>> {
        let name = |sq: Square| TABLES.geo.name(sq).to_string();
        if let Some((_, sq)) = mv.dropped() {
            return vec![vec![name(sq)]];
        }
        let (a, b) = (mv.first, mv.second);
        if mv.is_infused() {
            vec![vec![name(a.from), name(a.to), name(b.to)]]
        } else if mv.is_double() {
            vec![
                vec![name(a.from), name(a.to)],
                vec![name(b.from), name(b.to)],
            ]
        } else {
            vec![vec![name(a.from), name(a.to)]]
        }
    }

    fn legend(_form: usize) -> Vec<PieceInfo> {
        legend_lines()
            .iter()
            .map(|&(kind, name, moves)| PieceInfo {
                kind: kind.into(),
                name: name.into(),
                moves: moves.into(),
            })
            .collect()
    }
}

/// (picture kind, name, how it moves) of every kind.
fn legend_lines() -> [(&'static str, &'static str, &'static str); 12] {
    [
        ("shogi-value", "Value piece (V1-V10)", VALUE_MOVES),
        ("shogi-king", "King", "One step in any direction. Executes what it captures (nothing goes to hand, no experience); the side whose King can be taken must prevent it."),
        ("shogi-dragon", "Dragon", "One step in any direction, never captures. Energizes: two different friendly pieces next to it may each move once in one turn, in either order."),
        ("shogi-cricket", "Cricket", "One step in any direction, never captures. Infuses: a friendly piece next to it may move a second time in the same turn (optional; it may come back)."),
        ("shogi-kappa", "Kappa", "One step in any direction, never captures. Petrifies: enemy pieces next to it cannot move."),
        ("shogi-lance", "Lance", "Any distance straight forward. Promotes to the Flying Chariot on the last rank."),
        ("shogi-ninja", "Ninja", "Any distance diagonally forward. Promotes to the Angled Chariot on the last rank."),
        ("shogi-horse", "Honorable Horse", "The two forward knight leaps (two forward, one sideways). Promotes to the Shogun on the last two ranks."),
        ("shogi-burakumin", "Burakumin", "Any distance in any direction. Untouchable: no other piece passes or stops next to it except to capture it, and it passes and stops only where no other piece but a Burakumin or its victim is next to it."),
        ("shogi-rook", "Flying Chariot", "Any distance along ranks and files (a promoted Lance)."),
        ("shogi-bishop", "Angled Chariot", "Any distance along diagonals (a promoted Ninja)."),
        ("shogi-shogun", "Shogun", "Leaps like a chess knight (a promoted Honorable Horse)."),
    ]
}

/// How a value piece moves, by stage (the badge).
const VALUE_MOVES: &str = "Its stage (the badge) sets its move: 1 Merchant, one step forward; \
2 Craftsman, one step diagonally forward; 3 Farmer, one step forward or sideways; \
4 Samurai, one step diagonally forward or sideways; 5 Silver General, up to two squares \
forward or diagonally; 6 Gold General, up to two orthogonally or diagonally forward; \
7 Platinum General, up to two in any direction but straight back (the first square of a \
two-square move empty); 8 Dragon Horse, rides diagonally or steps orthogonally; 9 Dragon \
King, rides orthogonally or steps diagonally; 10 Dragon Emperor, rides in any direction. \
Capturing a value piece adds its stage (at most 10); the excess may be split among \
adjacent friendly value pieces (a menu). A Merchant or Craftsman on the last rank goes to \
hand; value pieces are dropped as Merchants.";
