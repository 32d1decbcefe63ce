//! FEN of the rope, field by field: each field read (validated, with typed errors) and
//! written. `Rules::from_fen` and `Rules::to_fen` (`play.rs`) put the fields in order.
//!
//! `BOARD[HAND] SIDE SWAPS [FORM FIELDS] HALFMOVE FULLMOVE`, the board from square 1
//! upwards (letters K G R T D C P, upper case White; digits count empty squares; `~` after
//! a letter marks a promoted pawn in `rope-regen` and `rope-house`), the hand in brackets
//! only in `rope-house`, swaps `K`/`k`/`Kk`/`-`, then per form: `rope-3check` checks given
//! `W+B`; `rope-regen` stacks `WHITE/black` (bottom first, `-` if empty) and cooldowns
//! (`-`, `w`, `b`, `wb`); `rope-dice` the square awaiting its roll or `-`.
//! See docs/rules/rope.md.

use escalade_core::{Bitboard, Color, FenError};

use crate::form::Special;
use crate::position::{Rope, NO_SQUARE};
use crate::Kind;

/// Largest count of one kind accepted in a FEN hand.
const FEN_MAX_HAND: u8 = 16;
/// Deepest stack accepted in a FEN.
const FEN_MAX_STACK: usize = 12;

fn err<T>(reason: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(reason))
}

/// How many fields form `special` adds between the swaps and the clocks.
pub(crate) fn form_field_count(special: Special) -> usize {
    match special {
        Special::ThreeCheck | Special::Dice => 1,
        Special::Regeneration => 2,
        _ => 0,
    }
}

/// The refusal of a FEN of `found` fields in form `special`.
pub(crate) fn field_count_error(special: Special, found: usize) -> FenError {
    FenError::new(format!(
        "expected {} fields (board, side, swaps{}, halfmove, fullmove), found {found}",
        5 + form_field_count(special),
        match special {
            Special::ThreeCheck => ", checks",
            Special::Regeneration => ", stacks, cooldowns",
            Special::Dice => ", roll",
            _ => "",
        },
    ))
}

impl Rope {
    /// Reads the board field, with its hand in brackets in `rope-house`.
    pub(crate) fn read_placement(&mut self, field: &str) -> Result<(), FenError> {
        let (board, hand) = match field.find('[') {
            Some(i) => {
                let Some(rest) = field[i + 1..].strip_suffix(']') else {
                    return err("the hand must end with ']'");
                };
                (&field[..i], Some(rest))
            }
            None => (field, None),
        };
        self.read_board(board)?;
        match (self.special(), hand) {
            (Special::House, Some(h)) => self.read_hand(h),
            (Special::House, None) => err("rope-house needs a hand in brackets, e.g. [] or [Pc]"),
            (_, Some(_)) => err("only rope-house has a hand"),
            _ => Ok(()),
        }
    }

    /// Reads the fields the form adds: checks given (`rope-3check`), stacks and cooldowns
    /// (`rope-regen`), the roll (`rope-dice`).
    pub(crate) fn read_form_fields(&mut self, fields: &[&str]) -> Result<(), FenError> {
        match self.special() {
            Special::ThreeCheck => self.read_checks(fields[0]),
            Special::Regeneration => {
                self.read_stacks(fields[0])?;
                self.read_cooldowns(fields[1])
            }
            Special::Dice => self.read_roll(fields[0]),
            _ => Ok(()),
        }
    }

    /// Reads the halfmove clock and the fullmove number.
    pub(crate) fn read_clocks(&mut self, halfmove: &str, fullmove: &str) -> Result<(), FenError> {
        self.halfmove = halfmove
            .parse()
            .map_err(|_| FenError::new(format!("bad halfmove clock {halfmove:?}")))?;
        self.fullmove = match fullmove.parse() {
            Ok(n) if n >= 1 => n,
            _ => return err(format!("bad fullmove number {fullmove:?}")),
        };
        Ok(())
    }

    fn read_board(&mut self, board: &str) -> Result<(), FenError> {
        let n = self.squares();
        let tracks = self.rules().tracks_promotion();
        let mut sq: u32 = 0;
        let mut chars = board.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + d2;
                    chars.next();
                    if run > n as u32 {
                        return err(format!("the board has more than {n} squares"));
                    }
                }
                if run == 0 {
                    return err("an empty run of 0 squares");
                }
                sq += run;
                if sq > n as u32 {
                    return err(format!("the board has more than {n} squares"));
                }
                continue;
            }
            let Some(kind) = Kind::from_letter(c) else {
                return err(format!("unknown piece letter {c:?}"));
            };
            if sq >= n as u32 {
                return err(format!("the board has more than {n} squares"));
            }
            if n == 15 && matches!(kind, Kind::Router | Kind::Torch) {
                return err("rope-mini has no Routers or Torches");
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let s = sq as u8;
            self.put(color, kind, s);
            if chars.peek() == Some(&'~') {
                chars.next();
                if !tracks {
                    return err("promoted markers (~) exist only in rope-regen and rope-house");
                }
                if !matches!(
                    kind,
                    Kind::Router | Kind::Torch | Kind::Dove | Kind::Dabbaba
                ) {
                    return err(format!("a {} cannot be a promoted pawn", kind.name()));
                }
                self.mark_promoted(s);
            }
            sq += 1;
        }
        if sq != n as u32 {
            return err(format!("the board has {sq} squares, not {n}"));
        }
        Ok(())
    }

    fn read_hand(&mut self, hand: &str) -> Result<(), FenError> {
        for c in hand.chars() {
            let kind = match Kind::from_letter(c) {
                Some(Kind::King) | None => return err(format!("bad piece in hand {c:?}")),
                Some(k) => k,
            };
            if self.squares() == 15 && matches!(kind, Kind::Router | Kind::Torch) {
                return err("rope-mini has no Routers or Torches");
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if self.hands[color.index()][kind.index()] >= FEN_MAX_HAND {
                return err(format!("more than {FEN_MAX_HAND} of one piece in hand"));
            }
            self.hands[color.index()][kind.index()] += 1;
        }
        Ok(())
    }

    pub(crate) fn read_swaps(&mut self, s: &str) -> Result<(), FenError> {
        match s {
            "-" => {}
            "K" => self.swap_right = [true, false],
            "k" => self.swap_right = [false, true],
            "Kk" => self.swap_right = [true, true],
            _ => return err(format!("swap rights must be Kk, K, k or -, not {s:?}")),
        }
        Ok(())
    }

    fn read_checks(&mut self, s: &str) -> Result<(), FenError> {
        let parsed = s
            .split_once('+')
            .and_then(|(w, b)| Some((w.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
        match parsed {
            Some((w, b)) if w <= 3 && b <= 3 => {
                self.checks = [w, b];
                Ok(())
            }
            _ => err(format!(
                "checks given must be W+B with counts 0..3, not {s:?}"
            )),
        }
    }

    fn read_stacks(&mut self, s: &str) -> Result<(), FenError> {
        let Some((w, b)) = s.split_once('/') else {
            return err(format!("stacks must be WHITE/black, not {s:?}"));
        };
        for (color, text) in [(Color::White, w), (Color::Black, b)] {
            if text == "-" {
                continue;
            }
            if text.chars().count() > FEN_MAX_STACK {
                return err(format!("a stack deeper than {FEN_MAX_STACK}"));
            }
            for c in text.chars() {
                let kind = match Kind::from_letter(c) {
                    Some(Kind::King) | None => return err(format!("bad piece on a stack {c:?}")),
                    Some(k) => k,
                };
                let owner = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if owner != color {
                    return err("White's stack holds upper-case letters, Black's lower-case");
                }
                self.stacks[color.index()].push(kind);
            }
        }
        Ok(())
    }

    fn read_cooldowns(&mut self, s: &str) -> Result<(), FenError> {
        self.cooldown = match s {
            "-" => [false, false],
            "w" => [true, false],
            "b" => [false, true],
            "wb" => [true, true],
            _ => return err(format!("cooldowns must be -, w, b or wb, not {s:?}")),
        };
        Ok(())
    }

    fn read_roll(&mut self, s: &str) -> Result<(), FenError> {
        if s == "-" {
            return Ok(());
        }
        match s.parse::<u8>() {
            Ok(n) if (1..=self.squares()).contains(&n) => {
                self.pending = n - 1;
                Ok(())
            }
            _ => err(format!(
                "the roll field must be - or a square number, not {s:?}"
            )),
        }
    }

    /// Checks what the rules need of a position: one King each, no pawn stranded on its
    /// last square, the side that just moved not in check (except a dice fall that ended
    /// the game), a pending roll on a piece of the mover that is not a King.
    pub(crate) fn validate(&self) -> Result<(), FenError> {
        let t = self.tables();
        for c in Color::BOTH {
            if self.pieces(c, Kind::King).count() != 1 {
                return err(format!("{} must have exactly one King", c.name()));
            }
            if self.pieces(c, Kind::Pawn).has(t.last[c.index()]) {
                return err(format!("a {} Pawn on its last square", c.name()));
            }
        }
        if self.pending != NO_SQUARE {
            match self.piece_at(self.pending) {
                Some((c, k)) if c == self.side && k != Kind::King => {}
                _ => {
                    return err("the roll square must hold a non-King piece of the side that moved")
                }
            }
            if self.king_attacked(self.side) {
                return err("the side that moved is in check");
            }
        } else if self.king_attacked(!self.side) && self.special() != Special::Dice {
            return err("the side not to move is in check");
        }
        Ok(())
    }

    /// The board field, with the hand in brackets in `rope-house`.
    pub(crate) fn write_placement(&self) -> String {
        let mut s = String::new();
        let mut empty = 0;
        for sq in 0..self.squares() {
            match self.piece_at(sq) {
                None => empty += 1,
                Some((c, k)) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(letter(c, k));
                    if self.promoted.has(sq) {
                        s.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if self.special() == Special::House {
            s.push('[');
            for c in Color::BOTH {
                for k in Kind::CAPTURABLE {
                    for _ in 0..self.hand(c, k) {
                        s.push(letter(c, k));
                    }
                }
            }
            s.push(']');
        }
        s
    }

    /// The swap rights field.
    pub(crate) fn write_swaps(&self) -> &'static str {
        match self.swap_right {
            [true, true] => "Kk",
            [true, false] => "K",
            [false, true] => "k",
            [false, false] => "-",
        }
    }

    /// The fields the form adds, in order (see [`Rope::read_form_fields`]).
    pub(crate) fn write_form_fields(&self) -> Vec<String> {
        match self.special() {
            Special::ThreeCheck => vec![format!("{}+{}", self.checks[0], self.checks[1])],
            Special::Regeneration => {
                let stack = |c: Color| {
                    let st = self.stacks[c.index()];
                    if st.is_empty() {
                        "-".to_string()
                    } else {
                        st.iter().map(|k| letter(c, k)).collect()
                    }
                };
                let cooldowns = match self.cooldown {
                    [false, false] => "-",
                    [true, false] => "w",
                    [false, true] => "b",
                    [true, true] => "wb",
                };
                vec![
                    format!("{}/{}", stack(Color::White), stack(Color::Black)),
                    cooldowns.to_string(),
                ]
            }
            Special::Dice => vec![match self.pending_roll() {
                Some(sq) => (sq + 1).to_string(),
                None => "-".to_string(),
            }],
            _ => Vec::new(),
        }
    }
}

/// The FEN letter of a piece.
pub(crate) fn letter(c: Color, k: Kind) -> char {
    match c {
        Color::White => k.letter(),
        Color::Black => k.letter().to_ascii_lowercase(),
    }
}
