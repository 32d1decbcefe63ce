//! Running a whole match: the engines' names (each engine started once to ask), the
//! schedule and openings, `-concurrency` worker threads taking games from a shared queue
//! (pausing `-wait` between games), and the main thread reporting games as they start and
//! end and counting results (progress, PGN in schedule order, EPD, SPRT, which stops handing
//! out games once a bound is crossed, ratings and outcomes every N games).

use std::collections::{HashSet, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;

use escalade_grid::GuiBoard;

use super::affinity;
use super::args::{MatchConfig, SprtSpec};
use super::engine::Player;
use super::fastchess::{self, ReportContext};
use super::openings::{self, Opening};
use super::pgn::{today, PgnContext, PgnWriter};
use super::polyglot::Books;
use super::record::{GameRecord, Oversteps};
use super::referee::play_game;
use super::report::{finished_line, say, started_line, Progress, Standings};
use super::resultformat;
use super::runlog::{self, Level};
use super::schedule::{opening_of, openings_needed, schedule, GameJob};
use super::state::{self, SavedGame, SavedState};
use super::stats::sprt_bounds;
use super::summary::{margin_text, oversteps_line, sprt_line, Outcomes};
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
    /// Engine names by index, made unique (`name (2)`).
    pub names: Vec<String>,
    /// Finished games in schedule order.
    pub games: Vec<GameRecord>,
    /// The final counts: W/D/L per pairing and colour, pairs.
    pub standings: Standings,
    /// `-sprt`: the final log-likelihood ratio and the verdict (`None`: no SPRT).
    pub sprt: Option<(f64, SprtVerdict)>,
    /// The master seed the match was played with.
    pub seed: u64,
    /// Every engine's moves within the time margin, over the match.
    pub oversteps: Vec<Oversteps>,
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
    cfg.engines.len() == 2
        && cfg.swap
        && cfg.repeat.is_multiple_of(2)
        && cfg.games.is_multiple_of(2)
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
        site: cfg.site.clone(),
        date: today(),
        variant: cfg.variant.clone(),
        names: names.to_vec(),
        time_controls: cfg.engines.iter().map(|e| e.limits.pgn_text()).collect(),
        minimal: cfg.pgn_minimal,
    };
    Ok(Some(PgnWriter::open(path, ctx)?))
}

/// The file of `-epdout` (appended to), if any.
fn open_epd(cfg: &MatchConfig) -> Result<Option<File>, MatchError> {
    let Some(path) = &cfg.epdout else {
        return Ok(None);
    };
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Some)
        .map_err(|source| MatchError::Epdout {
            path: path.clone(),
            source,
        })
}

/// What a worker reports: a game starts (its index in the schedule) or ends.
enum Event {
    Started(usize),
    Finished(Box<GameRecord>),
}

/// The main thread's side of a match in progress: what has arrived so far.
struct Collector<'a> {
    cfg: &'a MatchConfig,
    names: &'a [String],
    standings: Standings,
    outcomes: Outcomes,
    /// Every engine's oversteps, over all its games.
    oversteps: Vec<Oversteps>,
    records: Vec<GameRecord>,
    verdict: Option<(f64, SprtVerdict)>,
    pgn: Option<PgnWriter>,
    epd: Option<File>,
    write_error: Option<MatchError>,
    progress: Progress,
    /// Whether the ratings (the outcomes) were printed after the last game.
    ratings_shown: bool,
    outcomes_shown: bool,
}

/// Whether `played` games is a multiple of `interval` (0: never).
fn at_interval(played: usize, interval: usize) -> bool {
    interval > 0 && played.is_multiple_of(interval)
}

impl Collector<'_> {
    /// The results table, with cutechess's lines for two engines and the SPRT's line.
    fn ratings(&self) -> String {
        let verdict = self.cfg.sprt.as_ref().map(|sp| {
            let (llr, v) = self.verdict.unwrap_or_else(|| {
                let llr = self.standings.llr(sp);
                (llr, sprt_verdict(sp, llr))
            });
            (sp, llr, v)
        });
        if let Some(penta) = self.cfg.report_penta {
            let penta = penta && self.standings.ptnml.is_some();
            let ctx = ReportContext {
                engines: &self.cfg.engines,
                names: self.names,
                book: self.cfg.openings.file.as_deref().and_then(|p| p.to_str()),
                penta,
                sprt: verdict.map(|(sp, llr, _)| (sp, llr)),
            };
            return fastchess::report(&self.standings, &ctx);
        }
        let mut s = match &self.cfg.result_format {
            Some(tokens) if self.names.len() > 2 => {
                let tcs: Vec<String> = self
                    .cfg
                    .engines
                    .iter()
                    .map(|e| e.limits.pgn_text())
                    .collect();
                resultformat::table(tokens, self.names, &tcs, &self.records)
            }
            _ => self.standings.table(),
        };
        if let Some((sp, llr, v)) = verdict {
            s.push_str(&sprt_line(sp, llr, v));
        }
        s
    }

    /// The lines printed after a finished game: `Finished game`, the score (two engines),
    /// the ratings and outcomes when their interval comes round.
    fn game_lines(&mut self, rec: &GameRecord) -> String {
        let finished = finished_line(rec, self.names);
        runlog::write(Level::Info, &finished);
        let mut out = format!("{finished}\n");
        if self.names.len() == 2 {
            out.push_str(&format!("{}\n", self.standings.score_line()));
        }
        let played = self.standings.played;
        self.ratings_shown = at_interval(played, self.cfg.rating_interval);
        if self.ratings_shown {
            out.push_str(&self.ratings());
        }
        self.outcomes_shown = at_interval(played, self.cfg.outcome_interval);
        if self.outcomes_shown {
            out.push_str(&self.outcomes.text(self.names));
        }
        out
    }

    /// Writes the game to the PGN and EPD files.
    fn write(&mut self, rec: &GameRecord) {
        if let Some(w) = self.pgn.as_mut() {
            if let Err(e) = w.add(rec) {
                self.write_error.get_or_insert(e.into());
            }
        }
        if let (Some(f), Some(path)) = (self.epd.as_mut(), &self.cfg.epdout) {
            if let Err(source) = writeln!(f, "{}", rec.final_fen).and_then(|_| f.flush()) {
                self.write_error.get_or_insert(MatchError::Epdout {
                    path: path.clone(),
                    source,
                });
            }
        }
    }

    /// Counts a finished game; true when the SPRT has just decided (stop handing out
    /// games).
    fn add(&mut self, rec: GameRecord) -> bool {
        self.standings.add(&rec);
        self.outcomes.add(&rec);
        self.oversteps[rec.white].merge(rec.oversteps[0]);
        self.oversteps[rec.black].merge(rec.oversteps[1]);
        let mut decided = false;
        if let Some(sp) = &self.cfg.sprt {
            let llr = self.standings.llr(sp);
            let v = sprt_verdict(sp, llr);
            if v != SprtVerdict::Inconclusive && self.verdict.is_none() {
                self.verdict = Some((llr, v));
                decided = true;
            }
        }
        let lines = self.game_lines(&rec);
        self.progress.game(
            &lines,
            &self.standings.progress_line(self.cfg.sprt.as_ref()),
        );
        self.write(&rec);
        self.records.push(rec);
        self.autosave(false);
        decided
    }

    /// Saves the run's state when the autosave interval comes round (or `at_end`).
    fn autosave(&mut self, at_end: bool) {
        let Some(a) = &self.cfg.autosave else { return };
        if !at_end && !at_interval(self.records.len(), a.interval) {
            return;
        }
        let mut games: Vec<SavedGame> = self.records.iter().map(SavedGame::of).collect();
        games.sort_by_key(|g| g.number);
        let saved = SavedState {
            format: state::FORMAT.into(),
            args: a.args.clone(),
            games,
        };
        if let Err(e) = state::save(&a.path, &saved) {
            self.write_error.get_or_insert(MatchError::Save(e));
        }
    }

    /// Counts the games a resumed run had finished, without printing them.
    fn resume(&mut self, games: &[GameRecord]) -> Result<(), MatchError> {
        for rec in games {
            self.standings.add(rec);
            self.outcomes.add(rec);
            self.oversteps[rec.white].merge(rec.oversteps[0]);
            self.oversteps[rec.black].merge(rec.oversteps[1]);
            if let Some(w) = self.pgn.as_mut() {
                w.written_before(rec.number)?;
            }
            self.records.push(rec.clone());
        }
        Ok(())
    }

    /// What is printed at the end: the ratings and outcomes (unless printed after the last
    /// game), the oversteps (with a time margin) and `Finished match`.
    fn final_text(&self) -> String {
        let mut s = String::new();
        if !self.ratings_shown {
            s.push_str(&self.ratings());
        }
        if self.cfg.engines.iter().any(|e| !e.limits.margin.is_zero()) {
            s.push_str(&oversteps_line(self.names, &self.oversteps));
        }
        if !self.outcomes_shown {
            s.push_str(&self.outcomes.text(self.names));
        }
        s.push_str("Finished match\n");
        s
    }
}

/// One worker: takes games from `queue` until it is empty or `stop` is set, pausing
/// `-wait` before each game after its first.
fn worker<P: GuiBoard>(
    form: usize,
    cfg: &MatchConfig,
    jobs: (&Mutex<VecDeque<&GameJob>>, &[Opening], Option<usize>),
    books: &Books,
    stop: &AtomicBool,
    tx: mpsc::Sender<Event>,
) {
    let (queue, openings, cpu) = jobs;
    if let Some(cpu) = cpu {
        if !affinity::pin_current(cpu) {
            runlog::warn(&format!(
                "-use-affinity: CPU {cpu} could not be set for a game thread"
            ));
        }
    }
    let mut first = true;
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let job = match queue.lock() {
            Ok(mut q) => q.pop_front(),
            Err(_) => None,
        };
        let Some(job) = job else { break };
        if !first && !cfg.wait.is_zero() {
            thread::sleep(cfg.wait);
        }
        first = false;
        if tx.send(Event::Started(job.number - 1)).is_err() {
            break;
        }
        let rec = play_game::<P>(form, cfg, job, opening_of(openings, job), books);
        if tx.send(Event::Finished(Box::new(rec))).is_err() {
            break;
        }
    }
}

/// Plays the `jobs` on `-concurrency` worker threads, reporting games as they start and
/// counting results as they arrive.
fn play_all<P: GuiBoard>(
    form: usize,
    jobs: &[GameJob],
    openings: &[Opening],
    cpus: &[usize],
    books: &Books,
    collector: &mut Collector,
) {
    let cfg = collector.cfg;
    let done: HashSet<usize> = collector.records.iter().map(|r| r.number).collect();
    let todo: VecDeque<&GameJob> = jobs.iter().filter(|j| !done.contains(&j.number)).collect();
    let workers = cfg.concurrency.min(todo.len());
    let queue: Mutex<VecDeque<&GameJob>> = Mutex::new(todo);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Event>();
    thread::scope(|scope| {
        for k in 0..workers {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            let cpu = cpus.get(k).copied();
            scope.spawn(move || worker::<P>(form, cfg, (queue, openings, cpu), books, stop, tx));
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Started(k) => {
                    let job = &jobs[k];
                    let names = collector.names;
                    let line =
                        started_line(job.number, jobs.len(), &names[job.white], &names[job.black]);
                    runlog::write(Level::Info, &line);
                    collector.progress.say(&format!("{line}\n"));
                }
                Event::Finished(rec) => {
                    if collector.add(*rec) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    collector.progress.finish();
}

/// Opens the `-log` file, if any, and prints the start banner (to the log too).
fn open_log_and_say_banner(
    cfg: &MatchConfig,
    games: usize,
    names: &[String],
) -> Result<(), MatchError> {
    if let Some(spec) = &cfg.log {
        runlog::open(spec).map_err(|source| MatchError::Log {
            path: spec.file.clone(),
            source,
        })?;
    }
    let banner = format!(
        "Match: variant {}, {games} games, {} engines, concurrency {}, seed {}{}",
        cfg.variant,
        names.len(),
        cfg.concurrency,
        cfg.seed,
        margin_text(&cfg.engines, names)
    );
    runlog::write(Level::Info, &banner);
    say(&format!("{banner}\n"));
    Ok(())
}

/// Empty standings, counting pairs when the schedule pairs games.
fn new_standings(cfg: &MatchConfig, names: &[String], games: usize) -> Standings {
    let standings = Standings::new(names.to_vec(), games);
    if is_paired(cfg) {
        return standings.paired();
    }
    if cfg.report_penta == Some(true) {
        runlog::warn(
            "-report penta=true: the games are not played in pairs (two engines, -repeat, \
             an even -games, colours swapped); the report counts single games",
        );
    }
    standings
}

/// Plays the match of `cfg` in form `form` of game `P`.
pub fn run<P: GuiBoard>(form: usize, cfg: &MatchConfig) -> Result<MatchSummary, MatchError> {
    let names = engine_names(cfg)?;
    let jobs = schedule(cfg);
    let openings = openings::build::<P>(
        form,
        &cfg.openings,
        &cfg.variant,
        openings_needed(&jobs),
        cfg.seed,
    )?;
    let cpus = match &cfg.affinity {
        Some(list) => {
            affinity::assign(list, cfg.concurrency.min(jobs.len())).map_err(MatchError::Affinity)?
        }
        None => Vec::new(),
    };
    let books = Books::load(cfg)?;
    let pgn = open_pgn(cfg, &names)?;
    let epd = open_epd(cfg)?;
    open_log_and_say_banner(cfg, jobs.len(), &names)?;
    let mut c = Collector {
        cfg,
        names: &names,
        standings: new_standings(cfg, &names, jobs.len()),
        outcomes: Outcomes::new(names.len()),
        oversteps: vec![Oversteps::default(); names.len()],
        records: Vec::new(),
        verdict: None,
        pgn,
        epd,
        write_error: None,
        progress: Progress::new(jobs.len()),
        ratings_shown: false,
        outcomes_shown: false,
    };
    c.resume(&cfg.resumed)?;
    if !cfg.resumed.is_empty() {
        say(&format!(
            "Resumed: {} of {} games played\n",
            cfg.resumed.len(),
            jobs.len()
        ));
    }
    let decided = cfg.sprt.as_ref().and_then(|sp| {
        let v = sprt_verdict(sp, c.standings.llr(sp));
        (v != SprtVerdict::Inconclusive).then(|| (c.standings.llr(sp), v))
    });
    c.verdict = decided;
    if decided.is_none() {
        play_all::<P>(form, &jobs, &openings, &cpus, &books, &mut c);
    }
    c.autosave(true);
    if let Some(w) = c.pgn.as_mut() {
        w.flush()?;
    }
    if let Some(e) = c.write_error.take() {
        runlog::close();
        return Err(e);
    }
    say(&c.final_text());
    runlog::write(Level::Info, "Finished match");
    runlog::close();
    let sprt = cfg.sprt.as_ref().map(|sp| {
        c.verdict
            .unwrap_or((c.standings.llr(sp), SprtVerdict::Inconclusive))
    });
    let Collector {
        mut records,
        standings,
        oversteps,
        ..
    } = c;
    records.sort_by_key(|r| r.number);
    Ok(MatchSummary {
        names,
        games: records,
        standings,
        sprt,
        seed: cfg.seed,
        oversteps,
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
        assert!(!is_paired(&cfg("-games 2 -repeat -noswap")));
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
