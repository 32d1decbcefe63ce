//! What the user sees: a line per finished game (stdout), a live progress line on stderr
//! (games played, W/D/L, Elo difference with its error margin, SPRT LLR), and the results
//! table at the end.

use std::io::{IsTerminal, Write};

use super::args::SprtSpec;
use super::record::GameRecord;
use super::stats::{elo_text, sprt_bounds, Wdl};

/// Everything counted so far.
#[derive(Clone, Debug)]
pub struct Standings {
    pub names: Vec<String>,
    /// `results[i][j]`: engine i's W/D/L against engine j.
    pub results: Vec<Vec<Wdl>>,
    pub played: usize,
    pub total: usize,
}

impl Standings {
    /// Empty standings for `names` and `total` scheduled games.
    pub fn new(names: Vec<String>, total: usize) -> Self {
        let n = names.len();
        Standings {
            names,
            results: vec![vec![Wdl::default(); n]; n],
            played: 0,
            total,
        }
    }

    /// Counts a finished game.
    pub fn add(&mut self, rec: &GameRecord) {
        let winner = rec.winner_engine();
        let (w, b) = (rec.white, rec.black);
        self.results[w][b].add(winner.map(|x| x == w));
        self.results[b][w].add(winner.map(|x| x == b));
        self.played += 1;
    }

    /// Engine i against the whole field.
    pub fn total_of(&self, i: usize) -> Wdl {
        self.results[i].iter().fold(Wdl::default(), |mut acc, r| {
            acc.wins += r.wins;
            acc.draws += r.draws;
            acc.losses += r.losses;
            acc
        })
    }

    /// The progress line: the first engine against the field.
    pub fn progress_line(&self, sprt: Option<&SprtSpec>) -> String {
        let t = self.total_of(0);
        let (elo, margin) = t.elo();
        let mut s = format!(
            "Games {}/{}  {}: W {} D {} L {}  Elo {} +/- {}",
            self.played,
            self.total,
            self.names[0],
            t.wins,
            t.draws,
            t.losses,
            elo_text(elo),
            elo_text(margin)
        );
        if let Some(sp) = sprt {
            let (lo, hi) = sprt_bounds(sp);
            s.push_str(&format!("  LLR {:.2} ({lo:.2}, {hi:.2})", t.llr(sp)));
        }
        s
    }

    /// The final table, best score first.
    pub fn table(&self) -> String {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            self.total_of(b)
                .score()
                .partial_cmp(&self.total_of(a).score())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
        let mut s = format!(
            "Rank {:<width$}  {:>7} {:>7} {:>6} {:>6} {:>6}  W-D-L\n",
            "Name", "Elo", "+/-", "Games", "Score", "Draw"
        );
        for (rank, &i) in order.iter().enumerate() {
            let t = self.total_of(i);
            let (elo, margin) = t.elo();
            let draw = if t.games() == 0 {
                0.0
            } else {
                100.0 * t.draws as f64 / t.games() as f64
            };
            s.push_str(&format!(
                "{:>4} {:<width$}  {:>7} {:>7} {:>6} {:>5.1}% {:>5.1}%  {}-{}-{}\n",
                rank + 1,
                self.names[i],
                elo_text(elo),
                elo_text(margin),
                t.games(),
                100.0 * t.score(),
                draw,
                t.wins,
                t.draws,
                t.losses
            ));
        }
        if self.names.len() == 2 {
            let t = self.results[0][1];
            let (elo, margin) = t.elo();
            s.push_str(&format!(
                "Elo difference ({} vs {}): {} +/- {}, LOS {:.1}%\n",
                self.names[0],
                self.names[1],
                elo_text(elo),
                elo_text(margin),
                100.0 * t.los()
            ));
        }
        s
    }
}

/// Prints `text` on stdout; a closed stdout (`escalade match ... | head`) is not an error.
pub fn say(text: &str) {
    let mut out = std::io::stdout();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// The line printed for a finished game.
pub fn finished_line(rec: &GameRecord, names: &[String]) -> String {
    format!(
        "Finished game {} ({} vs {}): {} {{{}}}",
        rec.number,
        names[rec.white],
        names[rec.black],
        rec.outcome.score_text(),
        rec.outcome.reason
    )
}

/// Shows the progress line on stderr: redrawn in place on a terminal, one line each
/// otherwise.
pub fn show_progress(line: &str) {
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K{line}");
    } else {
        let _ = writeln!(err, "{line}");
    }
    let _ = err.flush();
}

/// Ends the in-place progress line on a terminal.
pub fn end_progress() {
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = writeln!(err);
    }
}
