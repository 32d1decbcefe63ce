//! The inputs of the rope's evaluation network, one layout for all six forms (460 per
//! perspective), every one written relative to the perspective: "own" and "other" side
//! instead of White and Black, and squares counted from the perspective's own end.
//!
//! The line is symmetric between the sides: White starts on square 1 and moves up, Black
//! starts on the last square and moves down, the start positions are each other's image
//! (`KGRTDCP7pcdtrgk`), the promotion zones are the last four squares of each side's way,
//! the home squares (regeneration) are the two ends, and the Torch's blocking goes by the
//! distance between squares (its parity classes map to themselves, the line's length being
//! odd). So White's square `i` is Black's square `n - 1 - i` (20 - i, or 14 - i in
//! `rope-mini`), and Black's view of a position is White's view of its colour-swapped
//! mirror: one block of weights serves both perspectives (`tests` below play random games
//! and check that every position and its mirror have as many legal moves and give the
//! mirrored sides the same inputs).
//!
//! * pieces: own/other x 7 kinds x 21 squares (294); `rope-mini`'s 15 squares use the first
//!   15 of each row, counted from the perspective's own end like the long line's;
//! * promoted pawns (`rope-regen`, `rope-house`: they come back as Pawns): own/other x
//!   square (42);
//! * hands (`rope-house`): own/other x 6 kinds (no King) x "at least 1", "at least 2" (24;
//!   a hand holds at most two of a kind in play: each side starts with one of each, and a
//!   captured promoted piece goes to the hand as a Pawn);
//! * checks given (`rope-3check`): own/other x "at least 1, 2, 3" (6);
//! * regeneration stacks (`rope-regen`): own/other x 6 kinds x depth from the top, 0 (the
//!   next to come back) to 5 (36 x 2 = 72; a stack holds a side's own captured pieces, at
//!   most six in play, one of each kind); and the cooldowns, own/other (2);
//! * a pending survival roll (`rope-dice`): own/other x the kind that rolls (12);
//! * the King-Gold swap still available: own/other (2);
//! * the form: one input per form (6), active in both perspectives, so one network can tell
//!   the forms' goals and rules apart.
//!
//! Counts are "at least k" inputs, so a count of `c` activates `c` of them (one per piece in
//! hand, per check), never a large number.

use escalade_core::{Bitboard, Color, Rules, Square};

use crate::form::FORMS;
use crate::tables::MAX_SQUARES;
use crate::{Kind, Rope};

/// Piece kinds.
const KINDS: usize = 7;
/// Kinds a hand or a stack holds (all but the King).
const HELD: usize = 6;
/// Hand counts with an input ("at least 1", "at least 2").
pub(crate) const HAND_COUNTS: usize = 2;
/// Check counts with an input ("at least 1, 2, 3").
pub(crate) const CHECK_COUNTS: usize = 3;
/// Stack depths (from the top) with an input.
pub(crate) const STACK_DEPTHS: usize = 6;

/// Where each group of inputs starts.
const PIECES: usize = 0;
const PROMOTED: usize = PIECES + 2 * KINDS * MAX_SQUARES;
const HAND: usize = PROMOTED + 2 * MAX_SQUARES;
const CHECKS: usize = HAND + 2 * HELD * HAND_COUNTS;
const STACK: usize = CHECKS + 2 * CHECK_COUNTS;
const COOLDOWN: usize = STACK + 2 * HELD * STACK_DEPTHS;
const PENDING: usize = COOLDOWN + 2;
const SWAP: usize = PENDING + 2 * HELD;
const FORM: usize = SWAP + 2;
/// Inputs per perspective.
pub const INPUTS: usize = FORM + FORMS.len();

/// The index of a held kind (Gold 0 .. Pawn 5).
fn held(kind: Kind) -> usize {
    kind.index() - 1
}

/// Appends the active inputs of `pos` seen from `side`.
pub fn inputs(pos: &Rope, side: Color, out: &mut Vec<u16>) {
    let last = pos.squares() - 1;
    let seen = |sq: Square| -> usize {
        usize::from(match side {
            Color::White => sq,
            Color::Black => last - sq,
        })
    };
    let mut push = |i: usize| out.push(i as u16);
    for (rel, color) in [(0, side), (1, !side)] {
        for kind in Kind::ALL {
            let base = PIECES + (rel * KINDS + kind.index()) * MAX_SQUARES;
            for sq in pos.pieces(color, kind).squares() {
                push(base + seen(sq));
            }
        }
        for sq in (pos.promoted_set() & pos.color_set(color)).squares() {
            push(PROMOTED + rel * MAX_SQUARES + seen(sq));
        }
        for kind in Kind::CAPTURABLE {
            let base = HAND + (rel * HELD + held(kind)) * HAND_COUNTS;
            (0..usize::from(pos.hand(color, kind)).min(HAND_COUNTS)).for_each(|k| push(base + k));
        }
        let checks = usize::from(pos.checks_given(color)).min(CHECK_COUNTS);
        (0..checks).for_each(|k| push(CHECKS + rel * CHECK_COUNTS + k));
        let stack = pos.stack(color);
        for depth in 0..stack.len().min(STACK_DEPTHS) {
            let kind = stack.get(stack.len() - 1 - depth);
            push(STACK + (rel * HELD + held(kind)) * STACK_DEPTHS + depth);
        }
        if pos.cooldown(color) {
            push(COOLDOWN + rel);
        }
        if pos.swap_right(color) {
            push(SWAP + rel);
        }
    }
    if let Some((color, kind)) = pos.pending_roll().and_then(|sq| pos.piece_at(sq)) {
        if kind != Kind::King {
            let rel = usize::from(color != side);
            push(PENDING + rel * HELD + held(kind));
        }
    }
    push(FORM + pos.form());
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_eval::Evaluate;

    /// The inputs beyond one per piece on the board: pieces in hand (up to two of a kind),
    /// checks, stacked pieces (the top six), promoted pawns, cooldowns, swap rights, the
    /// pending roll and the form.
    fn extras(pos: &Rope) -> u32 {
        let mut n = 1 + pos.promoted_set().count();
        for c in Color::BOTH {
            n += Kind::CAPTURABLE
                .iter()
                .map(|&k| u32::from(pos.hand(c, k)).min(HAND_COUNTS as u32))
                .sum::<u32>();
            n += u32::from(pos.checks_given(c)).min(CHECK_COUNTS as u32);
            n += pos.stack(c).len().min(STACK_DEPTHS) as u32;
            n += u32::from(pos.cooldown(c)) + u32::from(pos.swap_right(c));
        }
        n + u32::from(pos.pending_roll().is_some())
    }

    fn sorted(pos: &Rope, side: Color) -> Vec<u16> {
        let mut seen = Vec::new();
        pos.net_inputs(side, &mut seen);
        seen.sort_unstable();
        seen
    }

    /// Positions of every form: the bench positions and a few random games from the start.
    fn positions() -> Vec<Rope> {
        let mut out: Vec<Rope> = (0..Rope::FORMS.len())
            .flat_map(|form| {
                Rope::bench_fens(form)
                    .iter()
                    .map(move |fen| Rope::from_fen(form, fen).unwrap())
            })
            .collect();
        escalade_eval::testsuite::random_walk::<Rope>(6, 60, 1984, |_, p| out.push(p.clone()));
        out
    }

    #[test]
    fn the_layout_has_460_inputs() {
        assert_eq!(INPUTS, 460);
        assert_eq!(Rope::NET_INPUTS, INPUTS);
        // 14 pieces at the start of the long forms, none can come in from outside
        assert_eq!(Rope::startpos(0).net_pieces(), Rope::NET_MOST_PIECES);
    }

    #[test]
    fn network_inputs_are_one_per_piece_and_per_extra_below_the_count() {
        let mut kinds = [false; 7];
        for pos in positions() {
            let fen = pos.to_fen();
            for side in [Color::White, Color::Black] {
                let mut seen = sorted(&pos, side);
                assert_eq!(seen.len() as u32, pos.net_pieces() + extras(&pos), "{fen}");
                assert!(seen.iter().all(|&i| usize::from(i) < INPUTS), "{fen}");
                assert!(seen.contains(&((FORM + pos.form()) as u16)), "{fen}");
                seen.dedup();
                assert_eq!(seen.len() as u32, pos.net_pieces() + extras(&pos), "{fen}");
            }
            assert!(pos.net_pieces() <= Rope::NET_MOST_PIECES);
            kinds[0] |= pos.hand(Color::White, Kind::Pawn) > 0;
            kinds[1] |= pos.stack(Color::Black).len() > 1;
            kinds[2] |= pos.checks_given(Color::White) > 0;
            kinds[3] |= pos.pending_roll().is_some();
            kinds[4] |= pos.promoted_set() != 0;
            kinds[5] |= pos.cooldown(Color::White);
            kinds[6] |= pos.squares() == 15;
        }
        // the positions hold every kind of extra input
        assert_eq!(kinds, [true; 7]);
    }

    /// The colour-swapped mirror of a FEN of any form: the board read backwards with the
    /// letters' case swapped, the other side to move, and each side's hand, swap right,
    /// checks, stack and cooldown given to the other; a pending roll's square mirrored.
    fn mirror_fen(pos: &Rope) -> String {
        let fen = pos.to_fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap_case = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let (board, hand) = match fields[0].split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (fields[0], None),
        };
        // tokens: a run of digits, or a letter with its `~`
        let mut tokens: Vec<String> = Vec::new();
        for c in board.chars() {
            let joins = match tokens.last() {
                Some(t) if c == '~' => !t.is_empty(),
                Some(t) => c.is_ascii_digit() && t.chars().all(|d| d.is_ascii_digit()),
                None => false,
            };
            if joins {
                tokens.last_mut().unwrap().push(c);
            } else {
                tokens.push(c.to_string());
            }
        }
        let mut out = swap_case(&tokens.iter().rev().cloned().collect::<String>());
        if let Some(h) = hand {
            out += &format!("[{}]", swap_case(h));
        }
        let side = if fields[1] == "w" { "b" } else { "w" };
        let swaps = match fields[2] {
            "K" => "k",
            "k" => "K",
            other => other,
        };
        let mut rest = vec![out, side.to_string(), swaps.to_string()];
        let form_fields = &fields[3..fields.len() - 2];
        rest.extend(form_fields.iter().enumerate().map(|(i, f)| {
            if let Some((w, b)) = f.split_once('+') {
                format!("{b}+{w}")
            } else if let Some((w, b)) = f.split_once('/') {
                format!("{}/{}", swap_case(b), swap_case(w))
            } else if i == 1 {
                match *f {
                    "w" => "b".into(),
                    "b" => "w".into(),
                    other => other.into(),
                }
            } else if let Ok(sq) = f.parse::<u8>() {
                (pos.squares() + 1 - sq).to_string()
            } else {
                f.to_string()
            }
        }));
        rest.extend(fields[fields.len() - 2..].iter().map(|s| s.to_string()));
        rest.join(" ")
    }

    #[test]
    fn a_position_and_its_mirror_give_the_sides_the_same_inputs() {
        let mirror = |pos: &Rope| {
            let fen = mirror_fen(pos);
            Some(Rope::from_fen(pos.form(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
        };
        let checked = escalade_eval::net_testsuite::check_colour_swap(positions(), mirror);
        assert!(checked > 1_000, "{checked}");
        // the start positions are their own mirrors, but for the side to move
        for form in 0..Rope::FORMS.len() {
            let start = Rope::startpos(form);
            assert_eq!(sorted(&start, Color::White), sorted(&start, Color::Black));
        }
    }

    #[test]
    fn a_network_through_the_memo_equals_the_network_afresh() {
        let seen = escalade_eval::net_testsuite::check_network_memo::<Rope>(6, 80, 84);
        assert!(seen > 1000, "{seen}");
    }
}
