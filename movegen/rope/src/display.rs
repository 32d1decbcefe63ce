//! A legible drawing of a rope position for the terminal: the numbered line with its
//! pieces, then the side to move and the state each form adds.

use std::fmt::Write;

use escalade_core::{Bitboard, Color};

use crate::fen::letter;
use crate::form::Special;
use crate::position::Rope;
use crate::Kind;

impl Rope {
    /// The drawing (several lines).
    pub(crate) fn drawing(&self) -> String {
        let n = self.squares();
        let mut numbers = String::new();
        let mut cells = String::new();
        for sq in 0..n {
            let _ = write!(numbers, "{:>2} ", sq + 1);
            let cell = match self.piece_at(sq) {
                Some((c, k)) if self.promoted.has(sq) => format!("{}~", letter(c, k)),
                Some((c, k)) => format!("{} ", letter(c, k)),
                None => ". ".to_string(),
            };
            let _ = write!(cells, " {cell}");
        }
        let mut s = format!("{}\n{}\n", numbers.trim_end(), cells.trim_end());
        let who = |c: Color| if self.swap_right(c) { "unused" } else { "used" };
        let _ = writeln!(
            s,
            "{} to move; swap White {}, Black {}; no-progress {}/{}; move {}",
            self.side.name(),
            who(Color::White),
            who(Color::Black),
            self.halfmove,
            self.rules().no_progress,
            self.fullmove
        );
        match self.special() {
            Special::House => {
                for c in Color::BOTH {
                    let hand: String = Kind::CAPTURABLE
                        .iter()
                        .flat_map(|&k| (0..self.hand(c, k)).map(move |_| letter(c, k)))
                        .collect();
                    let _ = writeln!(
                        s,
                        "{} hand: {}",
                        c.name(),
                        if hand.is_empty() { "-" } else { &hand }
                    );
                }
            }
            Special::Regeneration => {
                for c in Color::BOTH {
                    let st: String = self.stack(c).iter().map(|k| letter(c, k)).collect();
                    let _ = writeln!(
                        s,
                        "{} stack (top last): {}{}",
                        c.name(),
                        if st.is_empty() { "-" } else { &st },
                        if self.cooldown(c) {
                            " (regenerated last move)"
                        } else {
                            ""
                        }
                    );
                }
            }
            Special::ThreeCheck => {
                let _ = writeln!(
                    s,
                    "checks given: White {}, Black {}",
                    self.checks[0], self.checks[1]
                );
            }
            Special::Dice => {
                if let Some(sq) = self.pending_roll() {
                    let k = self.kind_at(self.side, sq);
                    let _ = writeln!(
                        s,
                        "roll due: the {} on {} survives on 1..{}",
                        k.name(),
                        sq + 1,
                        k.dice_level()
                    );
                }
            }
            Special::None => {}
        }
        s
    }
}
