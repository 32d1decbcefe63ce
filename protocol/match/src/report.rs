//! What the user sees: cutechess-cli's lines per game on stdout (`Started game 1 of 100
//! (A vs B)`, `Finished game 1 (A vs B): 1-0 {White mates}`, and with two engines `Score of
//! A vs B: 3 - 1 - 2  [0.667] 6`), a progress line on stderr (games played, W/D/L, Elo
//! difference with its error margin, SPRT LLR with its bounds, pentanomial counts of paired
//! games) drawn as a progress bar when stderr is a terminal and printed one line per game
//! otherwise, and the results table (with two engines, cutechess's per-colour lines and
//! `Elo difference: ..., LOS: ..., DrawRatio: ...`).

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};

use super::args::SprtSpec;
use super::record::GameRecord;
use super::stats::{elo_text, sprt_bounds, Pentanomial, Wdl};

/// Everything counted so far.
#[derive(Clone, Debug)]
pub struct Standings {
    /// Engine names by index, made unique.
    pub names: Vec<String>,
    /// `results[i][j]`: engine i's W/D/L against engine j.
    pub results: Vec<Vec<Wdl>>,
    /// `by_colour[i]`: engine i's W/D/L with White and with Black.
    pub by_colour: Vec<[Wdl; 2]>,
    /// Games finished so far.
    pub played: usize,
    /// Games in the schedule.
    pub total: usize,
    /// The first engine's pairs against the second (games `2k+1` and `2k+2` of the
    /// schedule, one opening with colours reversed), when the schedule pairs games.
    pub ptnml: Option<Pentanomial>,
    /// The first game of pairs whose second game is still being played: pair index →
    /// (White's engine, the first engine's half points).
    halves: BTreeMap<usize, (usize, usize)>,
}

impl Standings {
    /// Empty standings for `names` and `total` scheduled games.
    pub fn new(names: Vec<String>, total: usize) -> Self {
        let n = names.len();
        Standings {
            names,
            results: vec![vec![Wdl::default(); n]; n],
            by_colour: vec![[Wdl::default(); 2]; n],
            played: 0,
            total,
            ptnml: None,
            halves: BTreeMap::new(),
        }
    }

    /// Counts the games of engines 0 and 1 in pairs too (pentanomial): for schedules
    /// whose games `2k+1` and `2k+2` share an opening with colours reversed.
    pub fn paired(mut self) -> Self {
        self.ptnml = Some(Pentanomial::default());
        self
    }

    /// Counts a finished game.
    pub fn add(&mut self, rec: &GameRecord) {
        let winner = rec.winner_engine();
        let (w, b) = (rec.white, rec.black);
        self.results[w][b].add(winner.map(|x| x == w));
        self.results[b][w].add(winner.map(|x| x == b));
        self.by_colour[w][0].add(winner.map(|x| x == w));
        self.by_colour[b][1].add(winner.map(|x| x == b));
        self.played += 1;
        self.add_half(rec);
    }

    /// Counts a game of engines 0 and 1 as half of its pair.
    fn add_half(&mut self, rec: &GameRecord) {
        let Some(ptnml) = self.ptnml.as_mut() else {
            return;
        };
        if rec.white.max(rec.black) != 1 {
            return;
        }
        let half_points = match rec.winner_engine() {
            Some(0) => 2,
            Some(_) => 0,
            None => 1,
        };
        let pair = (rec.number - 1) / 2;
        match self.halves.remove(&pair) {
            Some((white, first)) if white != rec.white => ptnml.add_games(first, half_points),
            Some(_) => {}
            None => {
                self.halves.insert(pair, (rec.white, half_points));
            }
        }
    }

    /// The SPRT log-likelihood ratio of engine 0 against engine 1: pentanomial when the
    /// games are paired, trinomial otherwise.
    pub fn llr(&self, sprt: &SprtSpec) -> f64 {
        match &self.ptnml {
            Some(p) => p.llr(sprt),
            None => self.results[0][1].llr(sprt),
        }
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
            s.push_str(&format!("  LLR {:.2} ({lo:.2}, {hi:.2})", self.llr(sp)));
        }
        if let Some(p) = &self.ptnml {
            s.push_str(&format!("  {}", p.text()));
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
            s.push_str(&self.sides_text());
            s.push_str(&self.elo_line());
        }
        if let Some(p) = &self.ptnml {
            s.push_str(&format!("{}\n", p.text()));
        }
        s
    }
}

impl Standings {
    /// `Score of A vs B: W - L - D  [score] games` (cutechess-cli's line after every game
    /// of a two-engine match; W and L are the two engines' wins).
    pub fn score_line(&self) -> String {
        let t = self.results[0][1];
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        )
    }

    /// cutechess-cli's lines of the first engine by colour: `...      A playing White:
    /// W - L - D  [score] games`, the same with Black, and `...      White vs Black: ...`.
    pub fn sides_text(&self) -> String {
        let name = &self.names[0];
        let [white, black] = self.by_colour[0];
        let mut s = String::new();
        for (wdl, colour) in [(white, "White"), (black, "Black")] {
            if wdl.games() > 0 {
                s.push_str(&format!(
                    "...      {name} playing {colour}: {} - {} - {}  [{:.3}] {}\n",
                    wdl.wins,
                    wdl.losses,
                    wdl.draws,
                    wdl.score(),
                    wdl.games()
                ));
            }
        }
        let sides = Wdl {
            wins: white.wins + black.losses,
            draws: white.draws + black.draws,
            losses: white.losses + black.wins,
        };
        if sides.games() > 0 {
            s.push_str(&format!(
                "...      White vs Black: {} - {} - {}  [{:.3}] {}\n",
                sides.wins,
                sides.losses,
                sides.draws,
                sides.score(),
                sides.games()
            ));
        }
        s
    }

    /// `Elo difference: E +/- M, LOS: L %, DrawRatio: D %` of the first engine against
    /// the second.
    pub fn elo_line(&self) -> String {
        let t = self.results[0][1];
        let (elo, margin) = t.elo();
        let draws = if t.games() == 0 {
            0.0
        } else {
            100.0 * t.draws as f64 / t.games() as f64
        };
        format!(
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {draws:.1} %\n",
            elo_text(elo),
            elo_text(margin),
            100.0 * t.los()
        )
    }
}

/// Prints `text` on stdout; a closed stdout (`escalade match ... | head`) is not an error.
pub fn say(text: &str) {
    let mut out = std::io::stdout();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// The line printed when a game starts: `Started game 3 of 100 (A vs B)`.
pub fn started_line(number: usize, total: usize, white: &str, black: &str) -> String {
    format!("Started game {number} of {total} ({white} vs {black})")
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

/// The progress of a match on stderr: a bar (games done) with the progress line as its
/// message when stderr is a terminal, one plain line per finished game otherwise.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress over `total` games.
    pub fn new(total: usize) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:24.cyan/blue} {wide_msg}") {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }

    /// Prints `text` on stdout (above the bar).
    pub fn say(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| say(text)),
            None => say(text),
        }
    }

    /// A finished game: its lines on stdout (`finished`, whole lines), then the progress
    /// `line`.
    pub fn game(&self, finished: &str, line: &str) {
        match &self.bar {
            Some(bar) => {
                bar.suspend(|| say(finished));
                bar.inc(1);
                bar.set_message(line.to_string());
            }
            None => {
                say(finished);
                let mut err = std::io::stderr();
                let _ = writeln!(err, "{line}");
                let _ = err.flush();
            }
        }
    }

    /// Ends the bar, leaving the last progress line on the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.abandon();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Outcome, Termination};
    use escalade_core::Color;

    fn game(number: usize, white: usize, winner: Option<Color>) -> GameRecord {
        GameRecord {
            number,
            round: 1,
            white,
            black: 1 - white,
            start_fen: None,
            first_side: Color::White,
            moves: Vec::new(),
            outcome: match winner {
                Some(c) => Outcome::win(c, "mates", Termination::Normal),
                None => Outcome::draw("repetition", Termination::Normal),
            },
            seed: 0,
            final_fen: String::new(),
            oversteps: Default::default(),
        }
    }

    /// Games 1-2, 3-4, ... are pairs; engine 0 scores per pair: (win as White, draw as
    /// Black) 1.5, (loss, loss) 0, (draw, win) 1.5 counted out of order, and a pair whose
    /// second game is missing is not counted.
    #[test]
    fn paired_games_fill_the_pentanomial_counts() {
        let mut s = Standings::new(vec!["A".into(), "B".into()], 8).paired();
        s.add(&game(1, 0, Some(Color::White)));
        s.add(&game(2, 1, None));
        s.add(&game(3, 0, Some(Color::Black)));
        s.add(&game(4, 1, Some(Color::White)));
        s.add(&game(6, 1, Some(Color::Black)));
        s.add(&game(7, 0, None));
        s.add(&game(5, 0, None));
        let p = s.ptnml.unwrap();
        assert_eq!(p.counts, [1, 0, 0, 2, 0]);
        assert_eq!(s.results[0][1].games(), 7);
        let sp = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(
            s.llr(&sp),
            p.llr(&sp),
            "paired games use the pentanomial LLR"
        );
        assert!(s
            .progress_line(Some(&sp))
            .ends_with("Ptnml(0-2): 1, 0, 0, 2, 0"));
        assert!(s.table().contains("Ptnml(0-2): 1, 0, 0, 2, 0\n"));
        let unpaired = Standings::new(vec!["A".into(), "B".into()], 8);
        assert!(!unpaired.progress_line(Some(&sp)).contains("Ptnml"));
        assert_eq!(unpaired.llr(&sp), unpaired.results[0][1].llr(&sp));
    }

    #[test]
    fn cutechess_lines_of_a_two_engine_match() {
        let mut s = Standings::new(vec!["A".into(), "B".into()], 4);
        s.add(&game(1, 0, Some(Color::White)));
        s.add(&game(2, 1, None));
        s.add(&game(3, 0, Some(Color::Black)));
        assert_eq!(s.score_line(), "Score of A vs B: 1 - 1 - 1  [0.500] 3");
        assert_eq!(
            s.sides_text(),
            "...      A playing White: 1 - 1 - 0  [0.500] 2\n\
             ...      A playing Black: 0 - 0 - 1  [0.500] 1\n\
             ...      White vs Black: 1 - 1 - 1  [0.500] 3\n"
        );
        let elo = s.elo_line();
        assert!(elo.starts_with("Elo difference: 0.0 +/- "), "{elo}");
        assert!(elo.ends_with(", LOS: 50.0 %, DrawRatio: 33.3 %\n"), "{elo}");
        assert!(s.table().contains("Elo difference: 0.0"));
        assert_eq!(
            started_line(3, 100, "A", "B"),
            "Started game 3 of 100 (A vs B)"
        );
    }
}
