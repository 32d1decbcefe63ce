//! XBoard/CECP (protocol version 2): the engine side of WinBoard/XBoard's engine interface
//! (`/usr/share/doc/xboard/engine-intf.html`).
//!
//! One loop handles input lines and search-done events (see [`escalade_session::input`]); commands are
//! read while the engine thinks, so `?`, `.`, `ping`, `force` and `quit` act at once. The
//! game lives in a [`Session`]; moves and FENs use the GUI's notation ([`GuiBoard`]), and
//! engine-defined variants are described to the GUI with `setup` and `piece`
//! (`describe.rs`).
//!
//! [`GuiBoard`]: escalade_grid::GuiBoard

#![forbid(unsafe_code)]

mod clock;
mod describe;
mod ponder;
mod root_moves;

use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

use escalade_core::{Color, GameResult};
use escalade_engine::{Limits, PonderHit, Score, SearchInfo};
use escalade_grid::split_coordinate_move;

use clock::Clock;
use escalade_session::input::Event;
use escalade_session::options::{self, Applied, OptionError};
use escalade_session::output::Output;
use escalade_session::registry;
use escalade_session::session::{self, Notation, Played, Session, Settings};
use root_moves::RootMoves;

/// Input lines handled in a row before a due search starts anyway.
const MAX_DEFERRED: u32 = 10_000;

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The engine's own move: play it when done.
    Think,
    /// Analysis: runs until stopped, never moves.
    Analyze,
    /// Pondering (`hard`): the position after the opponent's expected reply, searched on
    /// the opponent's time; that reply turns it into `Think` (`ponder.rs`), any other
    /// command that changes the game stops it (the table stays warm).
    Ponder,
}

/// Whether the loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The XBoard engine state.
pub struct XBoard {
    out: Output,
    events: Sender<Event>,
    settings: Settings,
    session: Box<dyn Session>,
    force: bool,
    engine_side: Option<Color>,
    analyzing: bool,
    post: bool,
    clock: Clock,
    mode: Option<Mode>,
    search_id: u64,
    pending_pongs: Vec<String>,
    hint: Option<String>,
    last_info: Arc<Mutex<Option<SearchInfo>>>,
    /// `exclude`/`include`: the root moves to search.
    root_moves: RootMoves,
    /// `hard` (ponder on the opponent's time) or `easy`.
    ponder: bool,
    /// The expected reply to the engine's last move, to ponder on next.
    ponder_move: Option<String>,
    /// While pondering: the signal that turns the search into thinking, and the move it
    /// waits for.
    pondering: Option<(PonderHit, String)>,
}

/// Runs XBoard until `quit` or the end of input. `first` is a line already read (the
/// `xboard` command when the protocol was detected from it).
pub fn run(first: Option<String>, events: Sender<Event>, rx: Receiver<Event>, out: Output) {
    let session = session::open(registry::DEFAULT_VARIANT, Settings::default())
        .expect("the default variant is registered");
    let mut xb = XBoard {
        out,
        events,
        settings: Settings::default(),
        session,
        force: false,
        engine_side: None,
        analyzing: false,
        post: false,
        clock: Clock::default(),
        mode: None,
        search_id: 0,
        pending_pongs: Vec::new(),
        hint: None,
        last_info: Arc::new(Mutex::new(None)),
        root_moves: RootMoves::default(),
        ponder: false,
        ponder_move: None,
        pondering: None,
    };
    if let Some(line) = first {
        if xb.command(&line) == Flow::Quit {
            return xb.shutdown();
        }
    }
    let mut waiting = None;
    let mut deferred = 0;
    loop {
        let event = match waiting.take() {
            Some(event) => event,
            None => match rx.recv() {
                Ok(event) => event,
                Err(_) => break,
            },
        };
        let flow = match event {
            Event::Line(line) => xb.command(&line),
            Event::Eof => Flow::Quit,
            Event::Invalid(bad) => {
                xb.error(&bad.reason, &bad.excerpt);
                Flow::Continue
            }
            Event::SearchDone(id) => {
                xb.search_done(id);
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            break;
        }
        // While more input waits (a GUI replaying a game into an analysis, a burst of
        // commands), an analysis or ponder search would only be started to be stopped
        // again: start it once the input is read. The engine's own move starts at once.
        match rx.try_recv() {
            Ok(event) if deferred < MAX_DEFERRED && !xb.think_due() => {
                waiting = Some(event);
                deferred += 1;
            }
            next => {
                waiting = next.ok();
                deferred = 0;
                xb.maybe_search();
            }
        }
    }
    xb.shutdown();
}

/// XBoard's score convention: centipawns, mates as 100000 + moves.
fn score_value(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n >= 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    }
}

/// The result claim, e.g. `1-0 {White mates}`.
/// The result line for XBoard; on a grid with the colours exchanged (Slanted Escalator
/// Chess, where Black moves first) the game's White is XBoard's Black.
fn claim(result: GameResult, swapped: bool) -> String {
    if !swapped {
        return format!("{} {{{}}}", result.score_text(), result.reason());
    }
    let score = match result.score_text() {
        "1-0" => "0-1",
        "0-1" => "1-0",
        draw => draw,
    };
    let reason: String = result
        .reason()
        .split(' ')
        .map(|w| match w {
            "White" => "Black",
            "Black" => "White",
            "White's" => "Black's",
            "Black's" => "White's",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ");
    format!("{score} {{{reason}}}")
}

impl XBoard {
    fn line(&self, text: &str) {
        self.out.line(text);
    }

    fn error(&self, kind: &str, command: &str) {
        let command = escalade_session::output::excerpt(command);
        self.line(&format!("Error ({kind}): {command}"));
    }

    /// Handles one input line.
    fn command(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let args: Vec<&str> = rest.split_whitespace().collect();
        match cmd {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "nps" | "egtpath" | "put" | "hover" | "bk" | "white" | "black"
            | "otim" | "pause" | "resume" => {}
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self.mode == Some(Mode::Ponder) {
                    self.halt();
                }
            }
            "protover" => self.features(),
            "quit" => return Flow::Quit,
            "new" => self.new_game(),
            "variant" => self.set_variant(rest, line),
            "force" => {
                self.halt();
                self.force = true;
            }
            "go" => self.go(),
            "playother" => {
                if let Some(why) = self.refusal() {
                    self.error(&why, line);
                    return Flow::Continue;
                }
                self.halt();
                self.force = false;
                self.engine_side = Some(!self.session.side_to_move());
            }
            "level" => self.clock_command(line, |c| c.level(&args)),
            "st" => self.clock_command(line, |c| c.set_move_time(rest)),
            "sd" => self.clock_command(line, |c| c.set_depth(rest)),
            "time" => self.clock_command(line, |c| c.set_own(rest)),
            "usermove" => self.user_move(rest),
            "?" => {
                if self.mode == Some(Mode::Think) {
                    self.session.stop();
                    self.conclude_think();
                }
            }
            "ping" => self.ping(rest),
            "result" => {
                self.halt();
                self.force = true;
            }
            "setboard" => self.set_board(rest, line),
            "edit" => self.error("not supported, use setboard", line),
            "undo" | "remove" => self.take_back(cmd, line),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.halt();
                self.analyzing = true;
            }
            "exit" => {
                self.halt();
                self.analyzing = false;
            }
            "." => self.stat01(),
            "hint" => {
                if let Some(h) = &self.hint {
                    self.line(&format!("Hint: {h}"));
                }
            }
            "memory" => self.set_option("Hash", rest, line),
            "cores" => self.set_option("Threads", rest, line),
            "option" => self.option(rest, line),
            "exclude" | "include" => self.root_moves_command(cmd, rest, line),
            "lift" => self.lift(rest),
            _ => self.bare_word(line),
        }
        Flow::Continue
    }

    /// A new game of the default variant (`new`).
    fn new_game(&mut self) {
        self.halt();
        self.switch_variant(registry::DEFAULT_VARIANT);
        self.session.new_game();
        self.force = false;
        // The engine plays Black, but starts only on `go` or after a user move (a
        // variant where Black moves first must not start thinking here).
        self.engine_side = None;
        self.clock.reset();
        self.hint = None;
    }

    /// `variant NAME`: a new game of that variant, described to the GUI.
    fn set_variant(&mut self, rest: &str, line: &str) {
        self.halt();
        let known = registry::canonical(rest).is_ok();
        if known {
            self.switch_variant(rest);
            self.session.new_game();
            match self.refusal() {
                Some(why) => self.line(&format!("telluser {why}")),
                None => self.describe_variant(),
            }
        } else {
            self.error("unknown variant", line);
        }
    }

    /// Why this variant is refused here: XBoard cannot carry one of its rules and the peer
    /// has not said it speaks Escalade's whole dialect (`Full Dialect`).
    fn refusal(&self) -> Option<String> {
        let reason = self.session.gui_limit()?;
        if self.settings.full_dialect {
            return None;
        }
        let name = self.session.variant();
        Some(format!(
            "Escalade cannot play {name} in XBoard: {reason}. \
             Play it on the browser board: escalade gui --variant {name}"
        ))
    }

    /// `go`: the engine plays the side to move (a finished game gets its result instead).
    fn go(&mut self) {
        if let Some(why) = self.refusal() {
            return self.error(&why, "go");
        }
        self.halt();
        self.force = false;
        self.engine_side = Some(self.session.side_to_move());
        // a finished game gets its result (and its reason) instead of silence
        if let Some(r) = self.session.game_over() {
            self.line(&claim(r, self.session.gui_swaps_colours()));
        }
    }

    /// `ping N`: `pong N` once everything before it is done (after the move being thought).
    fn ping(&mut self, rest: &str) {
        // a search due after the commands before it starts first (ping orders)
        self.maybe_search();
        let pong = format!("pong {rest}");
        if self.mode == Some(Mode::Think) {
            self.pending_pongs.push(pong);
        } else {
            self.line(&pong);
        }
    }

    /// `setboard FEN` (the GUI's FEN); a bad one changes nothing.
    fn set_board(&mut self, rest: &str, line: &str) {
        self.halt();
        match self.session.set_fen(rest, Notation::Gui) {
            Ok(()) => self.announce_rolls_after_setup(),
            Err(e) => self.error(&e.to_string(), line),
        }
    }

    /// `undo` (one move) or `remove` (two), all or nothing.
    fn take_back(&mut self, cmd: &str, line: &str) {
        // all or nothing: an error leaves the game as it was
        let n = if cmd == "undo" { 1 } else { 2 };
        if self.session.turns() < n {
            self.error("command not legal now", line);
        } else {
            self.halt();
            for _ in 0..n {
                self.session.undo();
            }
        }
    }

    /// `exclude`/`include`: the root moves searched in this position.
    fn root_moves_command(&mut self, cmd: &str, rest: &str, line: &str) {
        match self
            .root_moves
            .change(&*self.session, cmd == "include", rest)
        {
            // an analysis starts again with the new set (a move being thought
            // about keeps its search)
            Ok(()) if self.mode == Some(Mode::Analyze) => self.halt(),
            Ok(()) => {}
            Err(e) => self.error(e.reason(), line),
        }
    }

    fn clock_command(
        &mut self,
        line: &str,
        f: impl FnOnce(&mut Clock) -> Result<(), clock::ClockError>,
    ) {
        if let Err(e) = f(&mut self.clock) {
            self.error(&e.to_string(), line);
        }
    }

    fn configure(&mut self, f: impl FnOnce(&mut Settings)) {
        f(&mut self.settings);
        self.session.configure(self.settings);
    }

    /// `option NAME[=VALUE]`, and `memory`/`cores` (the options `Hash` and `Threads`),
    /// through the option table (`escalade_session::options`): a bad value is an error and changes
    /// nothing, an out-of-range number is clamped.
    fn option(&mut self, rest: &str, line: &str) {
        let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
        self.set_option(name, value, line);
    }

    fn set_option(&mut self, name: &str, value: &str, line: &str) {
        let mut settings = self.settings;
        match options::apply(&mut settings, name, value) {
            Ok(Applied::Button(_)) if self.mode == Some(Mode::Think) => {
                self.error("command not legal now: engine is thinking", line)
            }
            Ok(Applied::Button(_)) => {
                // an analysis or a ponder search starts again on the empty table
                self.halt();
                self.session.clear_hash();
            }
            Ok(Applied::Settings { note }) => {
                if let Some(note) = note {
                    log::warn!("xboard: {note}");
                }
                self.configure(|s| *s = settings);
            }
            Err(OptionError::Unknown(_)) => self.error("unknown option", line),
            Err(e) => {
                log::warn!("xboard: {e}");
                self.error("bad value", line)
            }
        }
    }

    /// A line that is no command: a move without `usermove`, or an error.
    fn bare_word(&mut self, line: &str) {
        if split_coordinate_move(line).is_some()
            || self.session.move_code(line, Notation::Gui).is_ok()
        {
            self.user_move(line);
        } else {
            self.error("unknown command", line);
        }
    }

    fn switch_variant(&mut self, name: &str) {
        if self.session.variant() == registry::canonical(name).unwrap_or("") {
            return;
        }
        // the old table goes before the new one comes (a known name cannot fail to open)
        if registry::canonical(name).is_ok() {
            self.session.release_engine();
        }
        match session::open(name, self.settings) {
            Ok(s) => self.session = s,
            Err(e) => self.error(&e.to_string(), name),
        }
    }

    /// Stops any search without playing its move (and, thinking, answers queued pings).
    fn halt(&mut self) {
        self.pondering = None;
        if self.mode.take().is_some() {
            self.session.stop();
            self.session.finish_search(Notation::Gui);
            self.flush_pongs();
        }
    }

    fn flush_pongs(&mut self) {
        for pong in std::mem::take(&mut self.pending_pongs) {
            self.line(&pong);
        }
    }

    fn user_move(&mut self, text: &str) {
        if self.mode == Some(Mode::Think) {
            self.error("command not legal now: engine is thinking", text);
            return;
        }
        if self.ponder_hit(text) {
            return;
        }
        if let Some(why) = self.refusal() {
            return self.line(&format!("Illegal move ({why}): {text}"));
        }
        self.halt();
        match self.session.play(text, Notation::Gui) {
            Ok(played) => {
                self.after_move(&played);
                if !self.force {
                    self.engine_side = Some(self.session.side_to_move());
                }
            }
            Err(e) => self.line(&format!("Illegal move ({}): {text}", e.reason())),
        }
    }

    /// Rolls due dice, tells the user about rolls, and claims a finished game's result.
    fn after_move(&mut self, played: &Played) {
        let mut rolls = played.rolls.clone();
        rolls.extend(self.session.roll());
        for roll in rolls.iter().filter(|r| r.rolled) {
            self.line(&format!(
                "telluser roll after {}: {}",
                played.text, roll.text
            ));
        }
        if let Some(r) = self.session.result() {
            self.line(&claim(r, self.session.gui_swaps_colours()));
        }
    }

    fn announce_rolls_after_setup(&mut self) {
        for roll in self.session.roll() {
            self.line(&format!("telluser roll: {}", roll.text));
        }
    }

    /// Whether some search would start now (before asking whether the game is over, which
    /// needs the legal moves: in force mode nothing is due).
    fn search_due(&self) -> bool {
        let side = Some(self.session.side_to_move());
        self.analyzing
            || !self.force
                && (self.engine_side == side || self.ponder && self.engine_side.is_some())
    }

    /// Whether the engine's own move is due (`maybe_search` would start thinking).
    fn think_due(&self) -> bool {
        !self.analyzing && !self.force && self.engine_side == Some(self.session.side_to_move())
    }

    /// Starts thinking, analysing or pondering when it is due.
    fn maybe_search(&mut self) {
        if self.mode.is_some() || !self.search_due() {
            return;
        }
        // a claimable draw has been claimed after its move; the game may still go on
        if self.session.game_over().is_some() {
            return;
        }
        // pondering is due once, right after the engine's own move
        let ponder_move = self.ponder_move.take();
        let side = self.session.side_to_move();
        let (mode, limits) = if self.analyzing {
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            (Mode::Analyze, limits)
        } else if !self.force && self.engine_side == Some(side) {
            let limits = self.clock.limits(self.session.turns());
            (Mode::Think, limits)
        } else if self.ponder && !self.force && self.engine_side == Some(!side) {
            let Some(predicted) = &ponder_move else {
                return;
            };
            (Mode::Ponder, self.ponder_limits(predicted))
        } else {
            return;
        };
        // `exclude`/`include` speak of the current position, not of the one pondered on
        let limits = if mode == Mode::Ponder {
            limits
        } else {
            Limits {
                search_moves: self.root_moves.search_moves(&*self.session),
                ..limits
            }
        };
        self.search_id += 1;
        let id = self.search_id;
        let done_tx = self.events.clone();
        let out = self.out.clone();
        let post = self.post || mode == Mode::Analyze;
        let last = self.last_info.clone();
        let info = Box::new(move |i: &SearchInfo| {
            if i.multipv <= 1 {
                if let Ok(mut slot) = last.lock() {
                    *slot = Some(i.clone());
                }
            }
            if post {
                out.line(&format!(
                    "{} {} {} {} {}",
                    i.depth,
                    score_value(i.score),
                    i.time.as_millis() / 10,
                    i.nodes,
                    i.pv.join(" ")
                ));
            }
        });
        let done = Box::new(move || {
            let _ = done_tx.send(Event::SearchDone(id));
        });
        if let Ok(mut slot) = self.last_info.lock() {
            *slot = None;
        }
        let started = match (mode, ponder_move) {
            (Mode::Ponder, Some(predicted)) => {
                self.session
                    .start_ponder(&predicted, Notation::Gui, limits, info, done)
            }
            _ => {
                self.session.start_search(limits, info, done);
                true
            }
        };
        if started {
            self.mode = Some(mode);
        } else {
            self.pondering = None;
        }
    }

    fn search_done(&mut self, id: u64) {
        if id == self.search_id && self.mode == Some(Mode::Think) {
            self.conclude_think();
        }
    }

    /// Collects the finished (or stopped) search and plays its move.
    fn conclude_think(&mut self) {
        self.mode = None;
        let found = self.session.finish_search(Notation::Gui);
        if let Some(best) = found.and_then(|f| {
            self.hint = f.ponder.clone();
            self.ponder_move = f.ponder.clone();
            f.best
        }) {
            match self.session.play(&best, Notation::Gui) {
                Ok(played) => {
                    self.line(&format!("move {best}"));
                    self.after_move(&played);
                }
                Err(e) => log::error!("the engine's move {best} was refused: {e}"),
            }
        }
        self.flush_pongs();
    }

    fn stat01(&self) {
        if self.mode != Some(Mode::Analyze) {
            return;
        }
        let (cs, nodes, depth) = match self.last_info.lock().ok().and_then(|s| s.clone()) {
            Some(i) => (i.time.as_millis() / 10, i.nodes, i.depth),
            None => (0, 0, 0),
        };
        self.line(&format!("stat01: {cs} {nodes} {depth} 0 0"));
    }

    fn shutdown(&mut self) {
        if self.mode.take().is_some() {
            self.session.stop();
            self.session.finish_search(Notation::Gui);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_on_a_grid_with_exchanged_colours_are_told_the_other_way_round() {
        let mate = GameResult::mate(Color::White);
        assert_eq!(claim(mate, false), "1-0 {White mates}");
        assert_eq!(claim(mate, true), "0-1 {Black mates}");
        let draw = GameResult::Draw("Draw by repetition");
        assert_eq!(claim(draw, true), "1/2-1/2 {Draw by repetition}");
    }
}
