//! Running a whole match: the engines' names (each engine started once to ask), the
//! schedule and openings, `-concurrency` worker threads taking games from a shared queue,
//! and the main thread counting results as they arrive (progress line, PGN in schedule
//! order, SPRT, which stops handing out games once a bound is crossed).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;

use escalade_core::GuiBoard;

use super::args::MatchConfig;
use super::engine::Player;
use super::openings;
use super::pgn::{today, PgnContext, PgnWriter};
use super::record::GameRecord;
use super::referee::play_game;
use super::report::{end_progress, finished_line, say, show_progress, Standings};
use super::schedule::{opening_of, openings_needed, schedule, GameJob};
use super::stats::sprt_bounds;

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
fn engine_names(cfg: &MatchConfig) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = Vec::new();
    for (i, spec) in cfg.engines.iter().enumerate() {
        let name = match &spec.name {
            Some(n) => n.clone(),
            None => {
                let player =
                    Player::start(spec, &format!("engine {}", i + 1), cfg.debug).map_err(|e| {
                        format!("engine {} ({}) does not start: {e:?}", i + 1, spec.cmd)
                    })?;
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

/// Plays the match of `cfg` in form `form` of game `P`.
pub fn run<P: GuiBoard>(form: usize, cfg: &MatchConfig) -> Result<MatchSummary, String> {
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
    let mut pgn = match &cfg.pgnout {
        Some(path) => Some(PgnWriter::open(
            path,
            PgnContext {
                event: cfg.event.clone(),
                date: today(),
                variant: cfg.variant.clone(),
                names: names.clone(),
                time_controls: cfg.engines.iter().map(|e| e.limits.pgn_text()).collect(),
            },
        )?),
        None => None,
    };
    say(&format!(
        "Match: variant {}, {} games, {} engines, concurrency {}, seed {}\n",
        cfg.variant,
        jobs.len(),
        names.len(),
        cfg.concurrency,
        cfg.seed
    ));
    let mut standings = Standings::new(names.clone(), jobs.len());
    let mut records: Vec<GameRecord> = Vec::new();
    let mut verdict = None;
    let mut write_error = None;
    let queue: Mutex<VecDeque<&GameJob>> = Mutex::new(jobs.iter().collect());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(jobs.len()) {
            let tx = tx.clone();
            let (queue, stop, openings) = (&queue, &stop, &openings);
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
            standings.add(&rec);
            say(&format!("{}\n", finished_line(&rec, &names)));
            show_progress(&standings.progress_line(cfg.sprt.as_ref()));
            if let Some(w) = pgn.as_mut() {
                if let Err(e) = w.add(&rec) {
                    write_error.get_or_insert(e);
                }
            }
            if let Some(sp) = &cfg.sprt {
                let llr = standings.results[0][1].llr(sp);
                let (lo, hi) = sprt_bounds(sp);
                let v = if llr >= hi {
                    SprtVerdict::H1
                } else if llr <= lo {
                    SprtVerdict::H0
                } else {
                    SprtVerdict::Inconclusive
                };
                if v != SprtVerdict::Inconclusive && verdict.is_none() {
                    stop.store(true, Ordering::Relaxed);
                    verdict = Some((llr, v));
                }
            }
            records.push(rec);
        }
    });
    end_progress();
    if let Some(w) = pgn.as_mut() {
        w.flush()?;
    }
    if let Some(e) = write_error {
        return Err(e);
    }
    records.sort_by_key(|r| r.number);
    let sprt = cfg
        .sprt
        .as_ref()
        .map(|sp| verdict.unwrap_or((standings.results[0][1].llr(sp), SprtVerdict::Inconclusive)));
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
    Ok(MatchSummary {
        names,
        games: records,
        standings,
        sprt,
        seed: cfg.seed,
    })
}
