//! Checker-capture Chess in a grid GUI (XBoard): an ordinary 8x8 board with FIDE pieces
//! (`docs/rules/checkercapture.md`, "GUI mapping"). XBoard 4.9.1 relays at most two legs of
//! one piece, so a jump turn goes to the GUI as:
//! - a single jump: two legs through the victim (`c3d4,d4e5`);
//! - a longer jump sequence that is the only one from its origin to its final square: origin
//!   and final square (`c3e7`);
//! - a longer one sharing origin and final square with others: two legs through its *mark*
//!   (`a7b7,b7e7`), one of its own victims chosen so that no two of those sequences share a
//!   mark (`victim_marks`).
//!
//! Anything the GUI sends is read by the engine's move reader first (landing paths, legs,
//! origin-final), then as two legs through a mark or through a victim no other sequence
//! between the same squares captures.

use escalade_core::{Bitboard, MoveError, Square};
use escalade_core::{MoveNotation, Rules};

use escalade_checkercapture::{parse_square, square_name, CheckerCapture, Kind, Move, MoveKind};

use crate::{split_coordinate_move, GuiBoard};

impl GuiBoard for CheckerCapture {
    fn gui_limit(_form: usize) -> Option<&'static str> {
        Some(
            "a jump chain captures every piece it jumps over, and XBoard 4.9.1's moves hold at \
             most two captured squares (two kill squares, parser.c and backend.c); a chain of \
             three or more jumps would leave captured pieces on XBoard's board",
        )
    }

    fn gui_move_text(&self, mv: Move) -> String {
        if mv.kind != MoveKind::Jump || mv.captured.count_ones() < 2 {
            return xboard_legs(self, mv);
        }
        let promo: String = mv
            .promotion
            .map(|k| k.letter().to_ascii_lowercase().to_string())
            .unwrap_or_default();
        let (from, to) = (square_name(mv.from), square_name(mv.to));
        let sets = sequences_between(self, mv.from, mv.to);
        let marks = victim_marks(self, mv.from, mv.to, &sets);
        let text = match sets.iter().position(|&c| c == mv.captured) {
            Some(_) if sets.len() == 1 => format!("{from}{to}{promo}"),
            Some(i) => {
                let over = square_name(marks[i]);
                format!("{from}{over},{over}{to}{promo}")
            }
            None => String::new(),
        };
        if self.parse_gui_move(&text) == Ok(mv) {
            text
        } else {
            // Never seen (the tests check it): every leg, which Escalade's own referee
            // relays but XBoard 4.9.1 garbles.
            xboard_legs(self, mv)
        }
    }

    fn parse_gui_move(&self, text: &str) -> Result<Move, MoveError> {
        match self.parse_move(text) {
            Ok(mv) => Ok(mv),
            Err(e) => match read_marked_legs(self, text.trim()) {
                Some(found) => found,
                None => Err(e),
            },
        }
    }
}

/// The move in XBoard's comma-separated legs: a jump as origin-to-victim then
/// victim-to-landing per jump (`c3d4,d4e5`); other moves as their normal text.
fn xboard_legs(pos: &CheckerCapture, mv: Move) -> String {
    if mv.kind != MoveKind::Jump {
        return pos.move_text(mv);
    }
    let path = pos.jump_path(mv);
    let mut legs = Vec::new();
    for w in path.windows(2) {
        let over = ((w[0] as u32 + w[1] as u32) / 2) as Square;
        legs.push(format!("{}{}", square_name(w[0]), square_name(over)));
        legs.push(format!("{}{}", square_name(over), square_name(w[1])));
    }
    let mut s = legs.join(",");
    if let Some(k) = mv.promotion {
        s.push(k.letter().to_ascii_lowercase());
    }
    s
}

/// The captured sets of the legal jump sequences from `from` to `to` in `pos`, ascending (one
/// entry per set: the promotion choices of a sequence share it).
fn sequences_between(pos: &CheckerCapture, from: Square, to: Square) -> Vec<u64> {
    let mut legal = Vec::new();
    pos.generate_moves(&mut legal);
    let mut sets: Vec<u64> = legal
        .iter()
        .filter(|m| m.kind == MoveKind::Jump && m.from == from && m.to == to)
        .map(|m| m.captured)
        .collect();
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// The mark of each jump sequence from `from` to `to` (`sets`, as given by
/// `sequences_between`), pairwise distinct: one of the sequence's own victims, those
/// met first along its path preferred, assigned by augmenting paths (Kuhn's matching)
/// over the sets in ascending order. A set left without a victim of its own (only
/// possible when some sets have fewer victims between them than there are sets) gets
/// the lowest square that is neither `from`, `to` nor any set's victim.
fn victim_marks(pos: &CheckerCapture, from: Square, to: Square, sets: &[u64]) -> Vec<Square> {
    let candidates: Vec<Vec<Square>> = sets
        .iter()
        .map(|&captured| {
            let mv = Move {
                captured,
                from,
                to,
                promotion: None,
                kind: MoveKind::Jump,
            };
            let mut victims: Vec<Square> = pos
                .jump_path(mv)
                .windows(2)
                .map(|w| ((w[0] as u32 + w[1] as u32) / 2) as Square)
                .collect();
            // Whatever the path search found, every captured square is a candidate.
            for sq in captured.squares() {
                if !victims.contains(&sq) {
                    victims.push(sq);
                }
            }
            victims
        })
        .collect();
    let mut owner: [Option<usize>; 64] = [None; 64];
    for i in 0..sets.len() {
        let mut seen = [false; 64];
        augment(i, &candidates, &mut owner, &mut seen);
    }
    let mut marks: Vec<Option<Square>> = vec![None; sets.len()];
    for (sq, o) in owner.iter().enumerate() {
        if let Some(i) = *o {
            marks[i] = Some(sq as Square);
        }
    }
    let taken = sets
        .iter()
        .fold(u64::bit(from) | u64::bit(to), |a, &c| a | c);
    let mut spare = (0..64u8).filter(|&sq| !taken.has(sq));
    marks
        .into_iter()
        .map(|m| m.or_else(|| spare.next()).unwrap_or(from))
        .collect()
}

/// Reads two legs through a square, `a7b7,b7e7` (a promotion letter may follow): the
/// jump sequence from the first leg's origin to the second leg's destination that alone
/// among those captures the middle square, else the one whose mark it is. `None` when
/// the text does not have that shape (the caller's error stands).
fn read_marked_legs(pos: &CheckerCapture, text: &str) -> Option<Result<Move, MoveError>> {
    let (first, second) = text.split_once(',')?;
    let (Some(from), over, "") = split_coordinate_move(first)? else {
        return None;
    };
    let (Some(over_again), to, promo) = split_coordinate_move(second)? else {
        return None;
    };
    if over != over_again {
        return None;
    }
    let promotion = match promo.as_bytes() {
        [] => None,
        [letter] => Some(Kind::from_letter(*letter as char)?),
        _ => return None,
    };
    let (from, over, to) = (parse_square(from)?, parse_square(over)?, parse_square(to)?);
    let sets = sequences_between(pos, from, to);
    let capturing: Vec<u64> = sets.iter().copied().filter(|c| c.has(over)).collect();
    let captured = match capturing.as_slice() {
        [only] => Some(*only),
        _ => {
            let marks = victim_marks(pos, from, to, &sets);
            marks.iter().position(|&m| m == over).map(|i| sets[i])
        }
    };
    let Some(captured) = captured else {
        return Some(Err(MoveError::Illegal(format!(
            "no jump sequence from {} to {} is marked by {}",
            square_name(from),
            square_name(to),
            square_name(over)
        ))));
    };
    let mut legal = Vec::new();
    pos.generate_moves(&mut legal);
    legal.retain(|m| {
        m.kind == MoveKind::Jump
            && m.from == from
            && m.to == to
            && m.captured == captured
            && (promotion.is_none() || m.promotion == promotion)
    });
    Some(match legal.as_slice() {
        [only] => Ok(*only),
        [] => Err(MoveError::Illegal(
            "that jump sequence cannot promote to that piece".into(),
        )),
        _ => Err(MoveError::Illegal(
            "a promotion piece is required: add q, r, b or n".into(),
        )),
    })
}

/// Kuhn's augmenting path from set `i` over `candidates` (each set's possible marks, in
/// order of preference); `owner` maps a square to the set it marks.
fn augment(
    i: usize,
    candidates: &[Vec<Square>],
    owner: &mut [Option<usize>; 64],
    seen: &mut [bool; 64],
) -> bool {
    for &sq in &candidates[i] {
        let s = sq as usize;
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let free = match owner[s] {
            None => true,
            Some(j) => augment(j, candidates, owner, seen),
        };
        if free {
            owner[s] = Some(i);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_checkercapture::form_index;

    fn pos(form: &str, fen: &str) -> CheckerCapture {
        CheckerCapture::from_fen(form_index(form).expect("known form"), fen).expect("valid FEN")
    }

    #[test]
    fn xboard_legs_for_single_and_multiple_jumps() {
        let p = pos(
            "checkercapture-displacement",
            "4k3/8/8/8/3p4/2Q5/8/4K3 w - - 0 1",
        );
        let mv = p.parse_move("c3xe5").unwrap();
        assert_eq!(xboard_legs(&p, mv), "c3d4,d4e5");
        assert_eq!(p.gui_move_text(mv), "c3d4,d4e5");
        let t1 = pos("checkercapture", "7k/8/4p3/5n2/3p4/2P5/8/K7 w - - 0 1");
        let mv = t1.parse_move("c3xe5xg5").unwrap();
        assert_eq!(xboard_legs(&t1, mv), "c3d4,d4e5,e5f5,f5g5");
        assert_eq!(t1.parse_move(&xboard_legs(&t1, mv)), Ok(mv));
    }
}
