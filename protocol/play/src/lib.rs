//! `escalade play`: a game against the engine in the terminal, for every registered
//! variant. The board is the game's own drawing (`Position::board_text`), moves are typed in
//! the game's move text, and `moves`, `undo`, `hint`, `fen`, `board`, `help` and `quit`
//! work; the engine's thinking is shown while it searches (`stop` makes it move at once).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod clock;

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use escalade_core::Color;
use escalade_engine::{Limits, Score, SearchInfo};

pub use clock::{TimeControl, TimeControlError};
use escalade_session::input::{spawn_reader, Event};
use escalade_session::output::Output;
use escalade_session::session::{self, Notation, Played, Session, Settings};

/// How the terminal game is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The variant's registry name (as `escalade variants` lists them).
    pub variant: String,
    /// The human's side.
    pub color: Color,
    /// The engine's clock (ignored when `depth` is given).
    pub tc: TimeControl,
    /// A fixed search depth instead of a clock.
    pub depth: Option<u32>,
    /// Start from this FEN.
    pub fen: Option<String>,
    /// Seed of the dice and of the skill level's choices (0: from the clock).
    pub seed: u64,
    /// The engine's `Skill Level`, 0 to 20 (20: full strength).
    pub skill: u32,
}

/// Why the game could not start.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The variant is not in the registry.
    #[error(transparent)]
    Variant(#[from] escalade_session::registry::UnknownVariant),
    /// The `--fen` does not read.
    #[error(transparent)]
    Fen(#[from] escalade_core::FenError),
}

const HELP: &str = "Type a move in the variant's move text, or: moves (legal moves), undo \
(take back your last move), hint, fen, board, new, help, quit. While the engine thinks: stop \
(move now), quit.";

struct Terminal {
    out: Output,
    rx: Receiver<Event>,
    events: std::sync::mpsc::Sender<Event>,
    session: Box<dyn Session>,
    opts: PlayOptions,
    engine_time: Duration,
    queued: VecDeque<String>,
    search_id: u64,
}

/// Plays a game on `input`/`out` until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static>(
    opts: PlayOptions,
    input: R,
    out: Output,
) -> Result<(), PlayError> {
    let settings = Settings {
        seed: opts.seed,
        skill_level: opts.skill,
        ..Settings::default()
    };
    let mut session = session::open(&opts.variant, settings)?;
    if let Some(fen) = &opts.fen {
        session.set_fen(fen, Notation::Engine)?;
        session.roll();
    }
    let (events, rx) = spawn_reader(input);
    let mut t = Terminal {
        out,
        rx,
        events,
        session,
        engine_time: opts.tc.base,
        opts,
        queued: VecDeque::new(),
        search_id: 0,
    };
    t.out.line(&format!(
        "Escalade: {} — you play {}. {HELP}",
        t.session.variant(),
        t.opts.color.name()
    ));
    t.main_loop();
    Ok(())
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("mate {n}"),
    }
}

fn thinking_line(i: &SearchInfo) -> String {
    format!(
        "  depth {:>2}  score {:>7}  nodes {:>9}  time {:>6.2}s  pv {}",
        i.depth,
        score_text(i.score),
        i.nodes,
        i.time.as_secs_f64(),
        i.pv.join(" ")
    )
}

impl Terminal {
    fn show(&self) {
        self.out.line("");
        for line in self.session.board_text().lines() {
            self.out.line(line);
        }
    }

    /// The next typed line (queued ones first); `None` at the end of input.
    fn next_line(&mut self) -> Option<String> {
        if let Some(l) = self.queued.pop_front() {
            return Some(l);
        }
        loop {
            match self.rx.recv().ok()? {
                Event::Line(l) => return Some(l),
                Event::Eof => return None,
                Event::SearchDone(_) => {}
                Event::Invalid(bad) => self
                    .out
                    .line(&format!("Input refused ({}): {}", bad.reason, bad.excerpt)),
            }
        }
    }

    fn main_loop(&mut self) {
        let mut show = true;
        loop {
            if show {
                self.show();
            }
            show = true;
            if let Some(r) = self.session.result() {
                self.out.line(&format!(
                    "Game over: {} {{{}}}. Type undo, new or quit.",
                    r.score_text(),
                    r.reason()
                ));
            } else if self.session.side_to_move() != self.opts.color {
                match self.engine_move() {
                    Some(()) => continue,
                    None => return,
                }
            } else {
                self.out.line(&format!(
                    "Your move ({}):",
                    self.session.side_to_move().name()
                ));
            }
            let Some(line) = self.next_line() else {
                return;
            };
            match self.human(line.trim()) {
                Some(again) => show = again,
                None => return,
            }
        }
    }

    /// One typed command; `None` to leave, `Some(redraw)` otherwise.
    fn human(&mut self, line: &str) -> Option<bool> {
        match line {
            "" => Some(false),
            "quit" | "exit" => None,
            "help" | "?" => {
                self.out.line(HELP);
                Some(false)
            }
            "board" => Some(true),
            "fen" => {
                self.out.line(&self.session.fen(Notation::Engine));
                Some(false)
            }
            "moves" => {
                let moves = self.session.legal_moves(Notation::Engine);
                self.out
                    .line(&format!("{} legal moves: {}", moves.len(), moves.join(" ")));
                Some(false)
            }
            "new" => {
                self.session.new_game();
                self.engine_time = self.opts.tc.base;
                Some(true)
            }
            "undo" => {
                let mut undone = self.session.undo();
                if undone && self.session.side_to_move() != self.opts.color {
                    undone = self.session.undo();
                }
                if !undone {
                    self.out.line("Nothing to undo.");
                }
                Some(undone)
            }
            "hint" => {
                self.hint();
                Some(false)
            }
            text => {
                match self.session.play(text, Notation::Engine) {
                    Ok(played) => self.after_move("You play", &played),
                    Err(e) => {
                        self.out
                            .line(&format!("Illegal move ({}): {text}", e.reason()));
                        self.out
                            .line("Type `moves` for the legal moves, `help` for commands.");
                        return Some(false);
                    }
                }
                Some(true)
            }
        }
    }

    fn after_move(&mut self, who: &str, played: &Played) {
        self.out.line(&format!("{who} {}", played.text));
        let mut rolls = played.rolls.clone();
        rolls.extend(self.session.roll());
        for r in rolls {
            let how = if r.rolled { "rolled" } else { "given" };
            self.out.line(&format!("  chance: {} ({how})", r.text));
        }
    }

    fn limits(&self) -> Limits {
        match self.opts.depth {
            Some(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            None => Limits {
                time_left: Some(self.engine_time),
                increment: self.opts.tc.increment,
                ..Limits::default()
            },
        }
    }

    /// Runs a search; lines typed meanwhile are queued, except `stop` (move now) and
    /// `quit`. Returns `None` when the user quits.
    fn search(&mut self, limits: Limits, show: bool) -> Option<session::Found> {
        self.search_id += 1;
        let id = self.search_id;
        let out = self.out.clone();
        let tx = self.events.clone();
        let info = Box::new(move |i: &SearchInfo| {
            if show {
                out.line(&thinking_line(i));
            }
        });
        let done = Box::new(move || {
            let _ = tx.send(Event::SearchDone(id));
        });
        self.session.start_search(limits, info, done);
        loop {
            match self.rx.recv() {
                Ok(Event::SearchDone(done_id)) if done_id == id => break,
                Ok(Event::SearchDone(_)) => {}
                Ok(Event::Invalid(bad)) => self
                    .out
                    .line(&format!("Input refused ({}): {}", bad.reason, bad.excerpt)),
                Ok(Event::Line(l)) => match l.trim() {
                    "stop" | "move" => self.session.stop(),
                    "quit" | "exit" => {
                        self.session.stop();
                        self.session.finish_search(Notation::Engine);
                        return None;
                    }
                    _ => self.queued.push_back(l),
                },
                Ok(Event::Eof) | Err(_) => {
                    self.session.stop();
                    self.session.finish_search(Notation::Engine);
                    return None;
                }
            }
        }
        self.session.finish_search(Notation::Engine)
    }

    fn engine_move(&mut self) -> Option<()> {
        self.out.line("Escalade thinks...");
        let started = Instant::now();
        let found = self.search(self.limits(), true)?;
        if self.opts.depth.is_none() {
            self.engine_time =
                self.engine_time.saturating_sub(started.elapsed()) + self.opts.tc.increment;
        }
        let Some(best) = found.best else {
            return Some(());
        };
        match self.session.play(&best, Notation::Engine) {
            Ok(played) => self.after_move("Escalade plays", &played),
            Err(e) => self.out.line(&format!("internal error: {best}: {e}")),
        }
        Some(())
    }

    fn hint(&mut self) {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        match self.search(limits, false) {
            Some(session::Found {
                best: Some(b),
                score,
                ..
            }) => self
                .out
                .line(&format!("Hint: {b} (score {})", score_text(score))),
            _ => self.out.line("No hint."),
        }
    }
}
