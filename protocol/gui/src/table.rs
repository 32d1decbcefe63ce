//! One board's game loop: a thread that owns the session (the game, the engine, the dice)
//! for one WebSocket connection, reads the page's requests and the search's reports from
//! one channel, and sends replies through `out`. Everything the page asks is checked here
//! against the game before anything changes; a refused request ([`Refusal`]) leaves the
//! game, the engine's search or analysis and the clocks as they were, and is answered with
//! an `error`.
//!
//! The session's search runs on its own copy of the game (`Session::start_search`), so a
//! request that can only be checked by doing it (a FEN, a move) is done first, and the
//! search is halted (its result discarded) only once it succeeded.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use escalade_core::{Color, GameResult};
use escalade_engine::{Limits, SearchInfo};
use escalade_session::registry;
use escalade_session::session::{self, Notation, Session, Settings};
use serde_json::{json, Value};

use crate::budget::HashShare;
use crate::clock::GameClock;
use crate::queues::Counted;
use crate::refusal::Refusal;
use crate::request::{Player, Request};
use crate::{record, reply};

/// What wakes the game loop.
pub enum Event {
    /// A text frame from the page, counted in the connection's incoming queue until handled.
    Text(String, Counted),
    /// A frame the protocol does not use (binary).
    Unreadable,
    /// A search reported a line (search generation, line).
    Info(u64, Value),
    /// A search ended (its generation).
    Done(u64),
    /// The page went away.
    Closed,
}

/// Why the engine is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Move,
    Analysis,
}

/// Time for an engine move when the game has no clock.
const MOVE_TIME_WITHOUT_CLOCK: Duration = Duration::from_secs(1);

/// The game of one connection.
pub struct Table {
    session: Box<dyn Session>,
    settings: Settings,
    /// This board's part of the server's hash budget (as large as `settings.hash_mb`).
    share: HashShare,
    players: [Player; 2],
    clock: Option<GameClock>,
    /// A loss on time (the rules never give one).
    timeout: Option<GameResult>,
    thinking: Option<Purpose>,
    generation: u64,
    lines: Vec<Value>,
    events: Sender<Event>,
    out: Box<dyn FnMut(String) -> bool + Send>,
    open: bool,
}

impl Table {
    /// A table with a new game of `variant` and a hash table of `share`'s size; `events`
    /// is the sender of the loop's own channel (searches report through it), `out` sends a
    /// message to the page and says whether the page is still there.
    pub fn new(
        variant: &str,
        share: HashShare,
        events: Sender<Event>,
        out: Box<dyn FnMut(String) -> bool + Send>,
    ) -> Result<Self, registry::UnknownVariant> {
        let settings = Settings {
            hash_mb: share.mb(),
            ..Settings::default()
        };
        let session = session::open(variant, settings)?;
        Ok(Table {
            session,
            settings,
            share,
            players: [Player::Human, Player::Engine],
            clock: None,
            timeout: None,
            thinking: None,
            generation: 0,
            lines: Vec::new(),
            events,
            out,
            open: true,
        })
    }

    /// Runs until the page goes away; a running search is stopped then.
    pub fn run(mut self, default_variant: &str, events: Receiver<Event>) {
        self.send(reply::hello(default_variant, self.share.budget().total()));
        let wanted = Settings::default().hash_mb;
        if self.share.mb() < wanted {
            let note = format!(
                "Hash {wanted} MB does not fit the server's hash budget beside the other \
                 boards; this board uses {} MB",
                self.share.mb()
            );
            self.send(json!({"type": "note", "message": note}));
        }
        self.send_state();
        while self.open {
            let wait = self
                .clock
                .as_ref()
                .and_then(GameClock::until_flag)
                .map_or(Duration::from_secs(3600), |d| d + Duration::from_millis(1));
            match events.recv_timeout(wait) {
                Ok(event) => self.handle(event),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            self.check_flag();
        }
        self.halt();
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Text(text, _counted) => match Request::parse(&text) {
                Ok(request) => {
                    let kind = request.kind();
                    if let Err(refusal) = self.request(request) {
                        self.send(reply::error(Some(kind), &refusal.to_string()));
                    }
                }
                Err(e) => self.send(reply::error(None, &format!("bad message: {e}"))),
            },
            Event::Unreadable => self.send(reply::error(
                None,
                "bad message: binary frames are not used",
            )),
            Event::Info(generation, line) if generation == self.generation => self.info(line),
            Event::Done(generation) if generation == self.generation => self.search_done(),
            Event::Info(..) | Event::Done(_) => {}
            Event::Closed => self.open = false,
        }
    }

    fn send(&mut self, message: Value) {
        if !(self.out)(message.to_string()) {
            self.open = false;
        }
    }

    /// Carries out one request; `Err` is a refusal (nothing changed).
    fn request(&mut self, request: Request) -> Result<(), Refusal> {
        match request {
            Request::New { variant } => self.new_game(variant),
            Request::Move { text } => self.human_move(&text),
            Request::Undo { turns } => self.undo(turns),
            Request::View { ply } => {
                let snapshot = self
                    .session
                    .snapshot_at(ply)
                    .ok_or(Refusal::NoPosition(ply))?;
                self.send(reply::view(Some(ply), &[], &snapshot));
                Ok(())
            }
            Request::Preview { moves } => {
                let snapshot = self.session.preview(&moves).map_err(Refusal::IllegalLine)?;
                self.send(reply::view(None, &moves, &snapshot));
                Ok(())
            }
            Request::Players { white, black } => {
                self.players = [white, black];
                if self.thinking == Some(Purpose::Move) && self.player_to_move() == Player::Human {
                    self.halt();
                }
                self.changed();
                Ok(())
            }
            Request::Clock { base_ms, inc_ms } => {
                let ply = self.session.turns();
                self.clock = base_ms.map(|base| {
                    let (base, inc) = (Duration::from_millis(base), Duration::from_millis(inc_ms));
                    GameClock::new(base, inc, ply)
                });
                self.halt();
                self.timeout = None;
                self.changed();
                Ok(())
            }
            Request::Option { name, value } => self.set_option(&name, &value),
            Request::Analyze { on } => self.analyze(on),
            Request::Stop => {
                self.session.stop();
                Ok(())
            }
            Request::Fen { fen } => {
                // read first: a bad FEN leaves the search (on its own copy) running
                self.session
                    .set_fen(&fen, Notation::Engine)
                    .map_err(Refusal::Fen)?;
                self.halt();
                self.restart_clock();
                self.changed();
                Ok(())
            }
            Request::PgnImport { pgn } => self.import(&pgn),
            Request::PgnExport => {
                let text = record::export(&*self.session, self.result());
                self.send(json!({"type": "pgn", "text": text}));
                Ok(())
            }
        }
    }

    fn new_game(&mut self, variant: Option<String>) -> Result<(), Refusal> {
        let wanted = match variant {
            Some(name) => registry::canonical(&name)?,
            None => self.session.variant(),
        };
        self.halt();
        if wanted == self.session.variant() {
            self.session.new_game();
        } else {
            // a canonical name opens: the old table goes first, so two never exist at once
            self.session.release_engine();
            self.session = session::open(wanted, self.settings)?;
        }
        self.restart_clock();
        self.changed();
        Ok(())
    }

    /// Loads a game: it is read into a session of its own with the smallest table (outside
    /// the budget), so a bad game changes nothing and two tables of this board's size never
    /// exist at once; the board's table is made once the old one is gone.
    fn import(&mut self, pgn: &str) -> Result<(), Refusal> {
        let scratch = Settings {
            hash_mb: 1,
            ..self.settings
        };
        let mut imported = record::import(pgn, self.session.variant(), scratch)?;
        self.halt();
        self.session.release_engine();
        std::mem::swap(&mut self.session, &mut imported);
        drop(imported);
        self.session.configure(self.settings);
        self.restart_clock();
        self.changed();
        Ok(())
    }

    fn restart_clock(&mut self) {
        self.timeout = None;
        let ply = self.session.turns();
        if let Some(clock) = &mut self.clock {
            clock.reset(ply);
        }
    }

    fn result(&self) -> Option<GameResult> {
        self.timeout.or_else(|| self.session.result())
    }

    fn player_to_move(&self) -> Player {
        self.players[self.session.side_to_move().index()]
    }

    fn human_move(&mut self, text: &str) -> Result<(), Refusal> {
        if let Some(r) = self.result() {
            return Err(Refusal::GameOver(r.reason()));
        }
        if self.player_to_move() == Player::Engine {
            return Err(Refusal::EngineToMove);
        }
        // played first: an illegal move leaves an analysis (on its own copy) running
        let mover = self.session.side_to_move();
        self.session
            .play(text, Notation::Record)
            .map_err(|error| Refusal::IllegalMove {
                text: text.to_string(),
                error,
            })?;
        let analyzing = self.thinking == Some(Purpose::Analysis);
        self.halt();
        self.moved(mover);
        self.resume_analysis(analyzing);
        Ok(())
    }

    fn resume_analysis(&mut self, analyzing: bool) {
        if analyzing && self.result().is_none() && self.thinking.is_none() {
            self.start_search(Purpose::Analysis);
            self.send_state();
        }
    }

    /// After `mover`'s move: the clock, the dice, the page, the engine.
    fn moved(&mut self, mover: Color) {
        let rolls = self.session.roll();
        for roll in rolls {
            self.send(json!({"type": "roll", "text": roll.text}));
        }
        if let Some(clock) = &mut self.clock {
            clock.moved(mover);
            if self.session.result().is_none() {
                clock.start(self.session.side_to_move());
            }
        }
        self.changed();
    }

    /// Takes back `turns` turns, with the clocks as they were at the ply reached (a loss on
    /// time is taken back with its flag).
    fn undo(&mut self, turns: usize) -> Result<(), Refusal> {
        let played = self.session.turns();
        if turns > played {
            return Err(Refusal::TakeBack {
                asked: turns,
                played,
            });
        }
        self.halt();
        for _ in 0..turns {
            self.session.undo();
        }
        self.timeout = None;
        let (ply, side) = (self.session.turns(), self.session.side_to_move());
        let over = self.session.result().is_some();
        if let Some(clock) = &mut self.clock {
            if clock.back_to(ply) && !over {
                clock.start(side);
            }
        }
        self.changed();
        Ok(())
    }

    /// Sets an engine option; a `Hash` past what the other boards leave of the server's
    /// budget is refused.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        let mut settings = self.settings;
        let applied = escalade_session::options::apply(&mut settings, name, value)?;
        if !escalade_session::options::find(name).is_some_and(|o| o.board) {
            return Err(Refusal::NotABoardOption(name.to_string()));
        }
        if settings.hash_mb != self.share.mb() {
            self.share.resize(settings.hash_mb)?;
        }
        if let escalade_session::options::Applied::Settings { note: Some(note) } = applied {
            self.send(json!({"type": "note", "message": note}));
        }
        let analyzing = self.thinking == Some(Purpose::Analysis);
        if analyzing {
            self.halt();
        }
        self.settings = settings;
        self.session.configure(settings);
        self.resume_analysis(analyzing);
        Ok(())
    }

    fn analyze(&mut self, on: bool) -> Result<(), Refusal> {
        if !on {
            if self.thinking == Some(Purpose::Analysis) {
                self.halt();
                self.send_state();
            }
            return Ok(());
        }
        if self.thinking == Some(Purpose::Move) {
            return Err(Refusal::EngineMoving);
        }
        if let Some(r) = self.result() {
            return Err(Refusal::GameOver(r.reason()));
        }
        if self.thinking.is_none() {
            self.start_search(Purpose::Analysis);
        }
        self.send_state();
        Ok(())
    }

    /// The game changed: tell the page, then let the engine move if it is its turn.
    fn changed(&mut self) {
        if self.result().is_some() {
            if let Some(clock) = &mut self.clock {
                clock.stop();
            }
        } else if self.thinking.is_none() && self.player_to_move() == Player::Engine {
            self.start_search(Purpose::Move);
        }
        self.send_state();
    }

    fn start_search(&mut self, purpose: Purpose) {
        self.generation += 1;
        self.lines.clear();
        let generation = self.generation;
        let mover = self.session.side_to_move();
        let mut settings = self.settings;
        if purpose == Purpose::Move {
            settings.multi_pv = 1;
        }
        self.session.configure(settings);
        let limits = self.limits(purpose);
        let info_events = self.events.clone();
        let done_events = self.events.clone();
        let info = Box::new(move |i: &SearchInfo| {
            let _ = info_events.send(Event::Info(generation, reply::info_line(i, mover)));
        });
        let done = Box::new(move || {
            let _ = done_events.send(Event::Done(generation));
        });
        self.session.start_search(limits, info, done);
        self.thinking = Some(purpose);
    }

    fn limits(&self, purpose: Purpose) -> Limits {
        // the session adds the settings (`Move Overhead` among them)
        let mut limits = Limits::default();
        match (purpose, &self.clock) {
            (Purpose::Analysis, _) => limits.infinite = true,
            (Purpose::Move, Some(clock)) => {
                limits.time_left = Some(clock.left(self.session.side_to_move()));
                limits.increment = clock.increment();
            }
            (Purpose::Move, None) => limits.movetime = Some(MOVE_TIME_WITHOUT_CLOCK),
        }
        limits
    }

    /// Stops and discards any search.
    fn halt(&mut self) {
        if self.thinking.take().is_some() {
            self.generation += 1;
            self.session.stop();
            let _ = self.session.finish_search(Notation::Engine);
        }
    }

    /// A search's line, with its PV in record text (SAN in chess) as `pv_record`.
    fn info(&mut self, mut line: Value) {
        let pv: Vec<String> = serde_json::from_value(line["pv"].clone()).unwrap_or_default();
        line["pv_record"] = json!(self.session.record_line(&pv));
        let rank = (line["multipv"].as_u64().unwrap_or(1) as usize).max(1);
        if self.lines.len() < rank {
            self.lines.resize(rank, Value::Null);
        }
        self.lines[rank - 1] = line;
        let lines: Vec<&Value> = self.lines.iter().filter(|l| !l.is_null()).collect();
        let message = json!({"type": "info", "lines": lines});
        self.send(message);
    }

    fn search_done(&mut self) {
        let purpose = self.thinking.take();
        let found = self.session.finish_search(Notation::Engine);
        if purpose != Some(Purpose::Move) {
            self.send_state();
            return;
        }
        let Some(best) = found.and_then(|f| f.best) else {
            self.send_state();
            return;
        };
        let mover = self.session.side_to_move();
        match self.session.play(&best, Notation::Engine) {
            Ok(_) => self.moved(mover),
            Err(e) => {
                log::error!("the engine's move {best} was refused: {e}");
                let message = format!("the engine's move {best} was refused ({e})");
                self.send(reply::error(None, &message));
            }
        }
    }

    fn check_flag(&mut self) {
        let Some(side) = self.clock.as_ref().and_then(GameClock::flagged) else {
            return;
        };
        if self.timeout.is_some() || self.session.result().is_some() {
            return;
        }
        self.halt();
        self.timeout = Some(GameResult::win(!side, "time forfeit"));
        self.changed();
    }

    fn send_state(&mut self) {
        let state = crate::state::state(
            &*self.session,
            self.result(),
            self.players,
            self.clock.as_ref(),
            self.thinking == Some(Purpose::Move),
            self.thinking == Some(Purpose::Analysis),
        );
        self.send(state);
    }
}
