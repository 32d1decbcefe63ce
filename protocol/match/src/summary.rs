//! The summaries of a match besides the results table, in cutechess-cli's words where it
//! has them: the outcome counts of each engine (`-outcomeinterval`: `Player: A` then
//! `   "Win: White mates": 3`), the SPRT line (`SPRT: llr 2.95 (100.3%), lbound -2.94,
//! ubound 2.94 - H1 was accepted`), and the runner's own: the time margins of the start
//! banner and each engine's oversteps (`Oversteps: A 3 (worst 12 ms), B 0`).

use std::collections::BTreeMap;

use super::args::{EngineSpec, SprtSpec};
use super::record::{GameRecord, Oversteps};
use super::stats::sprt_bounds;
use super::tournament::SprtVerdict;

/// How each engine's games ended: `Win: REASON`, `Loss: REASON` or the draw's reason,
/// counted.
#[derive(Clone, Debug)]
pub struct Outcomes {
    per_engine: Vec<BTreeMap<String, u32>>,
}

impl Outcomes {
    /// No game yet, for `engines` engines.
    pub fn new(engines: usize) -> Self {
        Outcomes {
            per_engine: vec![BTreeMap::new(); engines],
        }
    }

    fn count(&mut self, engine: usize, key: String) {
        *self.per_engine[engine].entry(key).or_insert(0) += 1;
    }

    /// Counts a finished game for both its engines.
    pub fn add(&mut self, rec: &GameRecord) {
        let reason = &rec.outcome.reason;
        match rec.winner_engine() {
            None => {
                self.count(rec.white, reason.clone());
                self.count(rec.black, reason.clone());
            }
            Some(w) => {
                let loser = if w == rec.white { rec.black } else { rec.white };
                self.count(w, format!("Win: {reason}"));
                self.count(loser, format!("Loss: {reason}"));
            }
        }
    }

    /// Every engine's counts, sorted by outcome, as cutechess-cli prints them (after a
    /// blank line).
    pub fn text(&self, names: &[String]) -> String {
        let mut s = String::new();
        for (name, map) in names.iter().zip(&self.per_engine) {
            s.push_str(&format!("\nPlayer: {name}"));
            for (outcome, n) in map {
                s.push_str(&format!("\n   \"{outcome}\": {n}"));
            }
        }
        s.push('\n');
        s
    }
}

/// Milliseconds, rounded.
fn ms(d: std::time::Duration) -> u128 {
    (d.as_micros() + 500) / 1000
}

/// `Oversteps: A 3 (worst 12 ms), B 0`.
pub fn oversteps_line(names: &[String], oversteps: &[Oversteps]) -> String {
    let parts: Vec<String> = names
        .iter()
        .zip(oversteps)
        .map(|(name, o)| match o.count {
            0 => format!("{name} 0"),
            n => format!("{name} {n} (worst {} ms)", ms(o.worst)),
        })
        .collect();
    format!("Oversteps: {}\n", parts.join(", "))
}

/// The time margins for the start banner: `, time margin 50 ms` when every engine has the
/// same, `, time margins A 50 ms, B 0 ms` otherwise, nothing without a margin.
pub fn margin_text(engines: &[EngineSpec], names: &[String]) -> String {
    let margins: Vec<u128> = engines.iter().map(|e| ms(e.limits.margin)).collect();
    if margins.iter().all(|&m| m == 0) {
        String::new()
    } else if margins.iter().all(|&m| m == margins[0]) {
        format!(", time margin {} ms", margins[0])
    } else {
        let parts: Vec<String> = names
            .iter()
            .zip(&margins)
            .map(|(n, m)| format!("{n} {m} ms"))
            .collect();
        format!(", time margins {}", parts.join(", "))
    }
}

/// A number with three significant digits, as C's `%.3g`.
fn g3(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let exp = x.abs().log10().floor() as i32;
    if !(-5..3).contains(&exp) {
        return format!("{x:.2e}");
    }
    let text = format!("{x:.*}", (2 - exp).max(0) as usize);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// `SPRT: llr 0.5 (17.3%), lbound -2.94, ubound 2.94`, with ` - H0 was accepted` or ` - H1
/// was accepted` once decided.
pub fn sprt_line(sp: &SprtSpec, llr: f64, verdict: SprtVerdict) -> String {
    let (lo, hi) = sprt_bounds(sp);
    let mut s = format!(
        "SPRT: llr {} ({:.1}%), lbound {}, ubound {}",
        g3(llr),
        llr / hi * 100.0,
        g3(lo),
        g3(hi)
    );
    match verdict {
        SprtVerdict::H0 => s.push_str(" - H0 was accepted"),
        SprtVerdict::H1 => s.push_str(" - H1 was accepted"),
        SprtVerdict::Inconclusive => {}
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Outcome, Termination};
    use escalade_core::Color;
    use std::time::Duration;

    #[test]
    fn numbers_as_percent_g() {
        assert_eq!(g3(2.944_438_979), "2.94");
        assert_eq!(g3(-2.944_438_979), "-2.94");
        assert_eq!(g3(0.5), "0.5");
        assert_eq!(g3(0.023_44), "0.0234");
        assert_eq!(g3(12.34), "12.3");
        assert_eq!(g3(100.0), "100");
        assert_eq!(g3(0.0), "0");
    }

    #[test]
    fn outcomes_per_engine() {
        let rec = |white, winner: Option<Color>, reason: &str| GameRecord {
            number: 1,
            round: 1,
            white,
            black: 1 - white,
            start_fen: None,
            first_side: Color::White,
            moves: Vec::new(),
            outcome: match winner {
                Some(c) => Outcome::win(c, reason, Termination::Normal),
                None => Outcome::draw(reason, Termination::Normal),
            },
            seed: 0,
            final_fen: String::new(),
            oversteps: Default::default(),
        };
        let mut o = Outcomes::new(2);
        o.add(&rec(0, Some(Color::White), "White mates"));
        o.add(&rec(1, Some(Color::White), "White mates"));
        o.add(&rec(0, None, "Draw by repetition"));
        assert_eq!(
            o.text(&["A".into(), "B".into()]),
            "\nPlayer: A\n   \"Draw by repetition\": 1\n   \"Loss: White mates\": 1\n   \
             \"Win: White mates\": 1\nPlayer: B\n   \"Draw by repetition\": 1\n   \
             \"Loss: White mates\": 1\n   \"Win: White mates\": 1\n"
        );
    }

    #[test]
    fn oversteps_and_sprt_lines() {
        let mut a = Oversteps::default();
        a.add(Duration::from_micros(4_400));
        a.add(Duration::from_micros(11_600));
        let names = ["Escalade".to_string(), "Fairy-Max".to_string()];
        assert_eq!(
            oversteps_line(&names, &[a, Oversteps::default()]),
            "Oversteps: Escalade 2 (worst 12 ms), Fairy-Max 0\n"
        );
        let sp = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(
            sprt_line(&sp, 3.0, SprtVerdict::H1),
            "SPRT: llr 3 (101.9%), lbound -2.94, ubound 2.94 - H1 was accepted\n"
        );
    }
}
