//! Running a whole match: the engines' names (each engine started once to ask), the
//! schedule and openings, `-concurrency` worker threads taking games from a shared queue,
//! and the main thread counting results as they arrive (progress, PGN in schedule order,
//! SPRT, which stops handing out games once a bound is crossed).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;

use escalade_core::GuiBoard;

use super::args::{MatchConfig, SprtSpec};
use super::engine::Player;
use super::openings::{self, Opening};
use super::pgn::{today, PgnContext, PgnWriter};
use super::record::GameRecord;
use super::referee::play_game;
use super::report::{finished_line, say, Progress, Standings};
use super::schedule::{opening_of, openings_needed, schedule, GameJob};
use super::stats::sprt_bounds;
use super::MatchError;

/// The SPRT's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The first engine is not better by `elo1` (H0 accepted).
    H0,
    /// The first engine is better by at least `elo0` (H1 accepted).
    H1,
    /// Neither bound was reached.
    Inconclusive,
}

/// The result of a match.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    pub names: Vec<String>,
    /// Finished games in schedule order.
    pub games: Vec<GameRecord>,
    pub standings: Standings,
    pub sprt: Option<(f64, SprtVerdict)>,
    pub seed: u64,
}

/// Starts each engine once to learn its name (checking that it starts at all).
fn engine_names(cfg: &MatchConfig) -> Result<Vec<String>, MatchError> {
    let mut names: Vec<String> = Vec::new();
    for (i, spec) in cfg.engines.iter().enumerate() {
        let name = match &spec.name {
            Some(n) => n.clone(),
            None => {
                let player = Player::start(spec, &format!("engine {}", i + 1), cfg.debug).map_err(
                    |source| MatchError::EngineStart {
                        number: i + 1,
                        cmd: spec.cmd.clone(),
                        source,
                    },
                )?;
                let name = player.name().map(str::to_string);
                player.quit();
                name.unwrap_or_else(|| spec.cmd.clone())
            }
        };
        let mut unique = name.clone();
        let mut k = 2;
        while names.contains(&unique) {
            unique = format!("{name} ({k})");
            k += 1;
        }
        names.push(unique);
    }
    Ok(names)
}

/// Whether the schedule pairs games (`2k+1` and `2k+2` share an opening with colours
/// reversed) between exactly two engines: then the SPRT counts pairs (pentanomial).
fn is_paired(cfg: &MatchConfig) -> bool {
    cfg.engines.len() == 2 && cfg.repeat.is_multiple_of(2) && cfg.games.is_multiple_of(2)
}

/// The SPRT's verdict at log-likelihood ratio `llr`.
fn sprt_verdict(sp: &SprtSpec, llr: f64) -> SprtVerdict {
    let (lo, hi) = sprt_bounds(sp);
    if llr >= hi {
        SprtVerdict::H1
    } else if llr <= lo {
        SprtVerdict::H0
    } else {
        SprtVerdict::Inconclusive
    }
}

/// The PGN writer of `-pgnout`, if any.
fn open_pgn(cfg: &MatchConfig, names: &[String]) -> Result<Option<PgnWriter>, MatchError> {
    let Some(path) = &cfg.pgnout else {
        return Ok(None);
    };
    let ctx = PgnContext {
        event: cfg.event.clone(),
        date: today(),
        variant: cfg.variant.clone(),
        names: names.to_vec(),
        time_controls: cfg.engines.iter().map(|e| e.limits.pgn_text()).collect(),
    };
    Ok(Some(PgnWriter::open(path, ctx)?))
}

/// The main thread's side of a match in progress: what has arrived so far.
struct Collector<'a> {
    cfg: &'a MatchConfig,
    names: &'a [String],
    standings: Standings,
    records: Vec<GameRecord>,
    verdict: Option<(f64, SprtVerdict)>,
    pgn: Option<PgnWriter>,
    write_error: Option<MatchError>,
    progress: Progress,
}

impl Collector<'_> {
    /// Counts a finished game; true when the SPRT has just decided (stop handing out
    /// games).
    fn add(&mut self, rec: GameRecord) -> bool {
        self.standings.add(&rec);
        self.progress.game(
            &finished_line(&rec, self.names),
            &self.standings.progress_line(self.cfg.sprt.as_ref()),
        );
        if let Some(w) = self.pgn.as_mut() {
            if let Err(e) = w.add(&rec) {
                self.write_error.get_or_insert(e.into());
            }
        }
        self.records.push(rec);
        let Some(sp) = &self.cfg.sprt else {
            return false;
        };
        let llr = self.standings.llr(sp);
        let v = sprt_verdict(sp, llr);
        if v != SprtVerdict::Inconclusive && self.verdict.is_none() {
            self.verdict = Some((llr, v));
            return true;
        }
        false
    }
}

/// Plays the `jobs` on `-concurrency` worker threads, counting results as they arrive.
fn play_all<P: GuiBoard>(
    form: usize,
    jobs: &[GameJob],
    openings: &[Opening],
    collector: &mut Collector,
) {
    let cfg = collector.cfg;
    let queue: Mutex<VecDeque<&GameJob>> = Mutex::new(jobs.iter().collect());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(jobs.len()) {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let job = match queue.lock() {
                    Ok(mut q) => q.pop_front(),
                    Err(_) => None,
                };
                let Some(job) = job else { break };
                let rec = play_game::<P>(form, cfg, job, opening_of(openings, job));
                if tx.send(rec).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for rec in rx {
            if collector.add(rec) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    collector.progress.finish();
}

/// Prints the results table and the SPRT's line.
fn print_results(cfg: &MatchConfig, standings: &Standings, sprt: Option<(f64, SprtVerdict)>) {
    say(&standings.table());
    if let (Some(sp), Some((llr, v))) = (&cfg.sprt, sprt) {
        let (lo, hi) = sprt_bounds(sp);
        let text = match v {
            SprtVerdict::H0 => "H0 was accepted",
            SprtVerdict::H1 => "H1 was accepted",
            SprtVerdict::Inconclusive => "no decision",
        };
        say(&format!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} (bounds {lo:.2}, {hi:.2}), {text}\n",
            sp.elo0, sp.elo1, sp.alpha, sp.beta
        ));
    }
}

/// Plays the match of `cfg` in form `form` of game `P`.
pub fn run<P: GuiBoard>(form: usize, cfg: &MatchConfig) -> Result<MatchSummary, MatchError> {
    let names = engine_names(cfg)?;
    let jobs = schedule(
        cfg.tournament,
        cfg.engines.len(),
        cfg.rounds,
        cfg.games,
        cfg.repeat,
        cfg.seed,
    );
    let openings = openings::build::<P>(form, &cfg.openings, openings_needed(&jobs), cfg.seed)?;
    let pgn = open_pgn(cfg, &names)?;
    say(&format!(
        "Match: variant {}, {} games, {} engines, concurrency {}, seed {}\n",
        cfg.variant,
        jobs.len(),
        names.len(),
        cfg.concurrency,
        cfg.seed
    ));
    let mut standings = Standings::new(names.clone(), jobs.len());
    if is_paired(cfg) {
        standings = standings.paired();
    }
    let mut c = Collector {
        cfg,
        names: &names,
        standings,
        records: Vec::new(),
        verdict: None,
        pgn,
        write_error: None,
        progress: Progress::new(jobs.len()),
    };
    play_all::<P>(form, &jobs, &openings, &mut c);
    if let Some(w) = c.pgn.as_mut() {
        w.flush()?;
    }
    if let Some(e) = c.write_error {
        return Err(e);
    }
    c.records.sort_by_key(|r| r.number);
    let sprt = cfg.sprt.as_ref().map(|sp| {
        c.verdict
            .unwrap_or((c.standings.llr(sp), SprtVerdict::Inconclusive))
    });
    print_results(cfg, &c.standings, sprt);
    let (games, standings) = (c.records, c.standings);
    Ok(MatchSummary {
        names,
        games,
        standings,
        sprt,
        seed: cfg.seed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::parse;

    fn cfg(flags: &str) -> MatchConfig {
        let line = format!("-engine cmd=a -engine cmd=b -each depth=1 {flags}");
        parse(
            &line
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>(),
            1,
        )
        .unwrap()
    }

    #[test]
    fn pairs_need_two_engines_and_an_even_repeat_and_game_count() {
        assert!(is_paired(&cfg("-games 2 -repeat")));
        assert!(is_paired(&cfg("-rounds 50 -games 2 -repeat 2")));
        assert!(!is_paired(&cfg("-games 2")));
        assert!(!is_paired(&cfg("-rounds 4 -repeat")));
        assert!(!is_paired(&cfg("-games 3 -repeat")));
        let three = "-engine cmd=a -engine cmd=b -engine cmd=c -each depth=1 -games 2 -repeat";
        let three = parse(
            &three
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>(),
            1,
        )
        .unwrap();
        assert!(!is_paired(&three));
    }
}
