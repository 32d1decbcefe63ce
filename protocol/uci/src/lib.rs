//! UCI: the engine side of the Universal Chess Interface, with `UCI_Variant` for every
//! registered variant.
//!
//! One loop handles input lines and search-done events (see [`escalade_session::input`]), so `stop`,
//! `isready`, `ponderhit` and `quit` act while the engine thinks. Every `go` gets exactly one
//! `bestmove`. Malformed input is logged on stderr and ignored; the position is unchanged.
//! Chance outcomes: a move list may give an outcome after its move (or as the move text's
//! suffix); a move without one is rolled and announced with `info string`.

#![forbid(unsafe_code)]

mod go;
mod options;
mod perft;

pub use escalade_session::options::{MAX_DEPTH_OPTION, MAX_MULTI_PV};

use std::sync::mpsc::{Receiver, Sender};

use escalade_core::MoveError;
use escalade_engine::{Limits, PonderHit, Score, SearchInfo};

use escalade_session::input::Event;
use escalade_session::output::Output;
use escalade_session::registry;
use escalade_session::session::{self, Notation, Session, Settings};

/// What the running search is for.
#[derive(Clone, Debug)]
enum Mode {
    /// `go` with limits: `bestmove` when done.
    Think,
    /// `go infinite`: `bestmove` after `stop`.
    Infinite,
    /// `go ponder`: on `ponderhit` the same search goes on under its limits (its clock
    /// starts then), as `Think` (or `Infinite` for `go ponder infinite`).
    Ponder { hit: PonderHit, infinite: bool },
}

/// The UCI engine state.
pub struct Uci {
    out: Output,
    events: Sender<Event>,
    settings: Settings,
    session: Box<dyn Session>,
    mode: Option<Mode>,
    search_id: u64,
    /// A `go perft` running on its own thread.
    perft: Option<perft::PerftRun>,
    /// `uci` lists the search constants too (`escalade uci --tunable`).
    list_search_params: bool,
}

/// Runs UCI until `quit` or the end of input; `first` is a line already read.
pub fn run(first: Option<String>, events: Sender<Event>, rx: Receiver<Event>, out: Output) {
    run_listing(first, events, rx, out, false)
}

/// [`run`], listing the search constants among the options when `list_search_params`
/// (`escalade uci --tunable`: what an SPSA tuner sets through `option.NAME=VALUE`).
pub fn run_listing(
    first: Option<String>,
    events: Sender<Event>,
    rx: Receiver<Event>,
    out: Output,
    list_search_params: bool,
) {
    let session = session::open(registry::DEFAULT_VARIANT, Settings::default())
        .expect("the default variant is registered");
    let mut uci = Uci {
        out,
        events,
        settings: Settings::default(),
        session,
        mode: None,
        search_id: 0,
        perft: None,
        list_search_params,
    };
    if let Some(line) = first {
        if !uci.command(&line) {
            return uci.finish(false);
        }
    }
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if !uci.command(&line) {
                    break;
                }
            }
            Event::Eof => break,
            Event::Invalid(bad) => uci.refuse(&format!("{}: {}", bad.reason, bad.excerpt)),
            Event::SearchDone(id) => {
                if id == uci.search_id && matches!(uci.mode, Some(Mode::Think)) {
                    uci.finish(true);
                }
            }
        }
    }
    uci.finish(false);
}

/// The `info` line of one iteration.
pub fn info_line(i: &SearchInfo) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth.max(i.depth),
        i.multipv,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv.join(" "));
    }
    s
}

impl Uci {
    fn line(&self, text: &str) {
        self.out.line(text);
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "uci" => self.identify(),
            "isready" => self.line("readyok"),
            "debug" | "register" => {}
            "setoption" => {
                self.finish(true);
                self.stop_perft();
                self.set_option(rest);
            }
            "ucinewgame" => {
                self.finish(true);
                self.stop_perft();
                self.session.new_game();
            }
            "position" => {
                self.finish(true);
                self.stop_perft();
                self.set_position(rest);
            }
            "go" => {
                self.finish(true);
                self.stop_perft();
                self.go(rest);
            }
            "stop" => {
                self.finish(true);
                self.stop_perft();
            }
            "ponderhit" => self.ponderhit(),
            "quit" => {
                self.stop_perft();
                return false;
            }
            "d" => {
                for l in self.session.board_text().lines() {
                    self.line(&format!("info string {l}"));
                }
            }
            _ => self.refuse(&format!("unknown command ignored: {line}")),
        }
        true
    }

    /// Reports refused input on stderr and as an `info string` (the GUI's log), and goes
    /// on; nothing changed.
    fn refuse(&self, why: &str) {
        let why = escalade_session::output::excerpt(why);
        log::warn!("uci: {why}");
        self.line(&format!("info string error: {why}"));
    }

    /// Stops any search; `emit`: print its `bestmove` (every `go` gets one).
    fn finish(&mut self, emit: bool) {
        if self.mode.take().is_none() {
            return;
        }
        self.session.stop();
        let found = self.session.finish_search(Notation::Engine);
        if !emit {
            return;
        }
        match found.and_then(|f| f.best.map(|b| (b, f.ponder))) {
            Some((best, Some(ponder))) => self.line(&format!("bestmove {best} ponder {ponder}")),
            Some((best, None)) => self.line(&format!("bestmove {best}")),
            None => self.line("bestmove (none)"),
        }
    }

    fn start(&mut self, limits: Limits, mode: Mode) {
        self.search_id += 1;
        let id = self.search_id;
        let out = self.out.clone();
        let tx = self.events.clone();
        let info = Box::new(move |i: &SearchInfo| out.line(&info_line(i)));
        let done = Box::new(move || {
            let _ = tx.send(Event::SearchDone(id));
        });
        self.mode = Some(mode);
        self.session.start_search(limits, info, done);
    }

    fn ponderhit(&mut self) {
        if let Some(Mode::Ponder { hit, infinite }) = &self.mode {
            hit.hit();
            self.mode = Some(if *infinite {
                Mode::Infinite
            } else {
                Mode::Think
            });
        }
    }

    /// `position startpos|fen FEN [moves M...]`. A bad start (unknown word, bad FEN)
    /// changes nothing; the moves are played up to the first that is not legal, which is
    /// reported (as Stockfish does), so the legal prefix stands.
    fn set_position(&mut self, rest: &str) {
        let (setup, moves) = match rest.split_once("moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (rest.trim(), Vec::new()),
        };
        if setup == "startpos" {
            self.session.set_start();
        } else if let Some(fen) = setup.strip_prefix("fen") {
            if let Err(e) = self.session.set_fen(fen.trim(), Notation::Engine) {
                return self.refuse(&format!("position ignored (bad FEN: {e}): {rest}"));
            }
        } else {
            return self.refuse(&format!(
                "position ignored (expected startpos or fen): {rest}"
            ));
        }
        let mut last = String::new();
        for (i, mv) in moves.iter().enumerate() {
            match self.play_listed(mv, &last) {
                Ok(text) => last = text,
                Err(e) => {
                    return self.refuse(&format!(
                        "position: move {} of {} ({mv}) refused ({e}); the position after the first {i} stands",
                        i + 1,
                        moves.len()
                    ))
                }
            }
        }
        for roll in self.session.roll() {
            self.line(&format!("info string roll after {last}: {}", roll.text));
        }
    }

    /// Plays one move of a `position` list. At a chance node a text that is no outcome is
    /// the next move: the due outcome is rolled (and announced) first.
    fn play_listed(&mut self, mv: &str, last: &str) -> Result<String, MoveError> {
        match self.session.play(mv, Notation::Engine) {
            Ok(p) => Ok(p.text),
            Err(e) if self.session.is_chance() => {
                for r in self.session.roll() {
                    self.line(&format!("info string roll after {last}: {}", r.text));
                }
                self.session
                    .play(mv, Notation::Engine)
                    .map(|p| p.text)
                    .map_err(|e2| {
                        MoveError::Illegal(format!(
                            "{} (as an outcome: {})",
                            e2.reason(),
                            e.reason()
                        ))
                    })
            }
            Err(e) => Err(e),
        }
    }
}
