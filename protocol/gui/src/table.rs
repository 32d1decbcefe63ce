//! One board's game loop: a thread that owns the session (the game, the engine, the dice)
//! for one WebSocket connection, reads the page's requests and the search's reports from
//! one channel, and sends replies through `out`. Everything the page asks is checked here
//! against the game; a refused request changes nothing and is answered with an `error`.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use escalade_core::{Color, GameResult};
use escalade_engine::{Limits, SearchInfo};
use escalade_session::output::error_chain;
use escalade_session::registry;
use escalade_session::session::{self, Notation, Session, Settings};
use serde_json::{json, Value};

use crate::clock::GameClock;
use crate::reply;
use crate::request::{Player, Request};

/// What wakes the game loop.
pub enum Event {
    /// A text frame from the page.
    Text(String),
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
    /// A table with a new game of `variant`; `events` is the sender of the loop's own
    /// channel (searches report through it), `out` sends a message to the page and says
    /// whether the page is still there.
    pub fn new(
        variant: &str,
        events: Sender<Event>,
        out: Box<dyn FnMut(String) -> bool + Send>,
    ) -> Result<Self, registry::UnknownVariant> {
        let settings = Settings::default();
        let session = session::open(variant, settings)?;
        Ok(Table {
            session,
            settings,
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
        self.send(reply::hello(default_variant));
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
            Event::Text(text) => match Request::parse(&text) {
                Ok(request) => {
                    let kind = request.kind();
                    if let Err(message) = self.request(request) {
                        self.send(reply::error(Some(kind), &message));
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

    /// Carries out one request; `Err` is the message of a refusal (nothing changed).
    fn request(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::New { variant } => self.new_game(variant),
            Request::Move { text } => self.human_move(&text),
            Request::Undo { turns } => self.undo(turns),
            Request::View { ply } => {
                let snapshot = self
                    .session
                    .snapshot_at(ply)
                    .ok_or_else(|| format!("no position after {ply} turns"))?;
                self.send(reply::view(Some(ply), &[], &snapshot));
                Ok(())
            }
            Request::Preview { moves } => {
                let snapshot = self
                    .session
                    .preview(&moves)
                    .map_err(|e| format!("illegal move in the line ({e})"))?;
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
                self.clock = base_ms.map(|base| {
                    GameClock::new(Duration::from_millis(base), Duration::from_millis(inc_ms))
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
                self.halt();
                self.session
                    .set_fen(&fen, Notation::Engine)
                    .map_err(|e| format!("invalid FEN ({})", error_chain(&e)))?;
                self.restart_clock();
                self.changed();
                Ok(())
            }
            Request::PgnImport { pgn } => self.import(&pgn),
            Request::PgnExport => {
                let text = crate::record::export(&*self.session, self.result());
                self.send(json!({"type": "pgn", "text": text}));
                Ok(())
            }
        }
    }

    fn new_game(&mut self, variant: Option<String>) -> Result<(), String> {
        let wanted = match variant {
            Some(name) => registry::canonical(&name).map_err(|e| e.to_string())?,
            None => self.session.variant(),
        };
        self.halt();
        if wanted == self.session.variant() {
            self.session.new_game();
        } else {
            self.session.release_engine();
            self.session = session::open(wanted, self.settings).map_err(|e| e.to_string())?;
        }
        self.restart_clock();
        self.changed();
        Ok(())
    }

    fn import(&mut self, pgn: &str) -> Result<(), String> {
        let mut imported = crate::record::import(pgn, self.session.variant(), self.settings)?;
        self.halt();
        self.session.release_engine();
        std::mem::swap(&mut self.session, &mut imported);
        drop(imported);
        self.restart_clock();
        self.changed();
        Ok(())
    }

    fn restart_clock(&mut self) {
        self.timeout = None;
        if let Some(clock) = &mut self.clock {
            clock.reset();
        }
    }

    fn result(&self) -> Option<GameResult> {
        self.timeout.or_else(|| self.session.result())
    }

    fn player_to_move(&self) -> Player {
        self.players[self.session.side_to_move().index()]
    }

    fn human_move(&mut self, text: &str) -> Result<(), String> {
        if let Some(r) = self.result() {
            return Err(format!("the game is over ({})", r.reason()));
        }
        if self.player_to_move() == Player::Engine {
            return Err("it is the engine's turn".into());
        }
        let analyzing = self.thinking == Some(Purpose::Analysis);
        self.halt();
        let mover = self.session.side_to_move();
        if let Err(e) = self.session.play(text, Notation::Engine) {
            self.resume_analysis(analyzing);
            return Err(format!("illegal move ({e}): {text}"));
        }
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

    fn undo(&mut self, turns: usize) -> Result<(), String> {
        if turns > self.session.turns() {
            return Err(format!(
                "cannot take back {turns} turns: {} played",
                self.session.turns()
            ));
        }
        self.halt();
        for _ in 0..turns {
            self.session.undo();
        }
        self.timeout = None;
        if let Some(clock) = &mut self.clock {
            if clock.running().is_some() {
                clock.start(self.session.side_to_move());
            }
        }
        self.changed();
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut settings = self.settings;
        let applied = escalade_session::options::apply(&mut settings, name, value)
            .map_err(|e| e.to_string())?;
        if !["Skill Level", "Threads", "Hash", "MultiPV", "Move Overhead"]
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name.trim()))
        {
            return Err(format!("option {name} is not set from the board"));
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

    fn analyze(&mut self, on: bool) -> Result<(), String> {
        if !on {
            if self.thinking == Some(Purpose::Analysis) {
                self.halt();
                self.send_state();
            }
            return Ok(());
        }
        if self.thinking == Some(Purpose::Move) {
            return Err("the engine is playing a move; set both sides to human to analyse".into());
        }
        if let Some(r) = self.result() {
            return Err(format!("the game is over ({})", r.reason()));
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
        let mut limits = Limits {
            move_overhead: self.settings.move_overhead(),
            ..Limits::default()
        };
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

    fn info(&mut self, line: Value) {
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
