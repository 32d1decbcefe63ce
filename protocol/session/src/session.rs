//! One game in progress behind a variant-independent interface: the protocols hold a
//! `Box<dyn Session>` and switch it when the variant changes, so each command dispatches
//! once; below it everything is monomorphized for the game (`crate::game`'s
//! `GameSession<P>`, opened by [`open`]). This module is the interface: what a session
//! does ([`GameRecord`], [`Thinking`], [`GuiView`], [`BoardView`]) and the values it
//! hands back.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use escalade_core::{Color, FenError, GameResult, MoveError};
use escalade_engine::{Limits, Score};

pub use crate::board::BoardView;
use crate::game::GameSession;
pub use crate::grid_view::GuiView;
pub use crate::options::Settings;
use crate::registry::{dispatch, Game, GameVisitor, UnknownVariant};
use crate::search::InfoSink;

/// Which move text a command uses: the game's own (UCI, terminal), the GUI grid's
/// (XBoard, through `escalade_grid::GuiBoard`) or the game records' (the browser board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The game's own move text (UCI, terminal play).
    Engine,
    /// The GUI grid's move text (XBoard).
    Gui,
    /// The game records' notation (SAN in chess, the game's move text elsewhere:
    /// `MoveNotation::record_text`); read leniently, the game's move text accepted too
    /// (`MoveNotation::read_move`: `e4`, `Nf3+`, `0-0`, `e2e4`). FENs are the game's own.
    Record,
}

/// A chance outcome that followed a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The outcome's move text.
    pub text: String,
    /// True when the session rolled it (the move text carried none).
    pub rolled: bool,
}

/// A turn that was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move in the notation asked for.
    pub text: String,
    /// The chance outcomes that followed it, if any.
    pub rolls: Vec<Roll>,
}

/// What a finished search found, as text.
#[derive(Clone, Debug)]
pub struct Found {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<String>,
    /// The expected reply to `best`, if the search has a legal one.
    pub ponder: Option<String>,
    /// The score of `best`, from the side to move's point of view.
    pub score: Score,
    /// The depth of the iteration that chose `best`.
    pub depth: u32,
    /// Nodes searched, over all threads.
    pub nodes: u64,
}

/// A perft run of one position, ready to go on another thread: per legal move its engine
/// move text and leaf count, or `None` when the stop flag ended it.
pub type PerftJob = Box<dyn FnOnce() -> Option<Vec<(String, u64)>> + Send>;

/// A game in progress of whichever variant, as the protocols see it: the game record
/// ([`GameRecord`]), the engine thinking about it ([`Thinking`]), its drawing on a GUI
/// grid ([`GuiView`]) and on a drawing board ([`BoardView`]). Every type with the four is
/// a `Session`.
///
/// ```
/// use escalade_session::session::{self, Notation, Settings};
///
/// let mut s = session::open("normal", Settings::default()).unwrap();
/// s.play("e2e4", Notation::Engine).unwrap();
/// assert!(s.play("e2e4", Notation::Engine).is_err(), "an error changes nothing");
/// assert_eq!(s.turns(), 1);
/// assert_eq!(s.fen(Notation::Engine), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
pub trait Session: GameRecord + Thinking + GuiView + BoardView {}

impl<T: GameRecord + Thinking + GuiView + BoardView> Session for T {}

/// The game record of a session: positions, moves, chance outcomes, the rules' verdict.
pub trait GameRecord: Send {
    /// The canonical variant name.
    fn variant(&self) -> &'static str;
    /// Back to the start position; the engine forgets what it learnt (a new table).
    fn new_game(&mut self);
    /// Back to the start position of the same game, keeping what the engine learnt (UCI
    /// `position startpos`, sent before every move).
    fn set_start(&mut self);
    /// Starts from `fen` (in the notation's FEN: the game's own or the GUI's).
    fn set_fen(&mut self, fen: &str, notation: Notation) -> Result<(), FenError>;
    /// The current position's FEN.
    fn fen(&self, notation: Notation) -> String;
    /// Reads and plays a move; nothing changes on error. At a chance node the text is read
    /// as the outcome. After a move, an outcome the same text carries (e.g. a `/5` suffix)
    /// is played too; otherwise the position stays at the chance node until [`roll`].
    ///
    /// [`roll`]: GameRecord::roll
    fn play(&mut self, text: &str, notation: Notation) -> Result<Played, MoveError>;
    /// Whether nature is to move (a chance outcome is due).
    fn is_chance(&self) -> bool;
    /// Rolls every due chance outcome with the seeded dice.
    fn roll(&mut self) -> Vec<Roll>;
    /// Takes back the last turn with its chance outcomes; false at the start.
    fn undo(&mut self) -> bool;
    /// Turns played since the start position (chance outcomes not counted).
    fn turns(&self) -> usize;
    /// The referee's verdict, if the game is over or a draw can be claimed.
    fn result(&self) -> Option<GameResult>;
    /// The verdict that ends the game without a claim (mate, stalemate, a variant's
    /// automatic end): no move may be played from here. A claimable draw is not one.
    fn game_over(&self) -> Option<GameResult>;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Every legal move's text.
    fn legal_moves(&self, notation: Notation) -> Vec<String>;
    /// The `move_code` of the legal move `text` here (for `Limits::search_moves`).
    fn move_code(&self, text: &str, notation: Notation) -> Result<u32, MoveError>;
    /// The `move_code` of every legal move here.
    fn legal_move_codes(&self) -> Vec<u32>;
    /// A drawing of the position for the terminal.
    fn board_text(&self) -> String;
}

/// The engine of a session: searches on a thread, its settings and its table.
pub trait Thinking: Send {
    /// Starts searching the current position on a thread; `done` runs when it ends.
    fn start_search(&mut self, limits: Limits, info: InfoSink, done: Box<dyn FnOnce() + Send>);
    /// Starts pondering: searching, on a thread, the position after the opponent's expected
    /// reply `predicted`, without playing it (the game stays as it is). False, with nothing
    /// started, when `predicted` is not legal, ends the game or leads to a chance node, or
    /// the random mover is on.
    fn start_ponder(
        &mut self,
        predicted: &str,
        notation: Notation,
        limits: Limits,
        info: InfoSink,
        done: Box<dyn FnOnce() + Send>,
    ) -> bool;
    /// Whether a search is running (or finished but not yet collected).
    fn is_searching(&self) -> bool;
    /// Asks a running search to stop.
    fn stop(&self);
    /// Waits for the search to end and returns what it found (`None` if none ran).
    fn finish_search(&mut self, notation: Notation) -> Option<Found>;
    /// Applies hash size, threads and seed.
    fn configure(&mut self, settings: Settings);
    /// The time a search with the clock's `limits` would plan (with `Move Overhead` and
    /// the search's time constants: the game's own, the user's on top), for a ponder hit
    /// that turns a running search into the engine's own move.
    fn time_budget(&self, limits: &Limits) -> escalade_engine::TimeBudget;
    /// Frees the engine and its table (before another session is opened, so two tables
    /// are never held at once); the next search makes a new one.
    fn release_engine(&mut self);
    /// Empties the transposition table and every thread's heuristics; the game stays.
    fn clear_hash(&mut self);
    /// Perft of the current position per legal move, to run on another thread; `stop`
    /// interrupts it. `depth` is at most [`escalade_core::perft::MAX_DEPTH`].
    fn perft_job(&self, depth: u32, stop: Arc<AtomicBool>) -> PerftJob;
}

/// Opens a session for variant `name` with `settings`.
pub fn open(name: &str, settings: Settings) -> Result<Box<dyn Session>, UnknownVariant> {
    dispatch(name, Open(settings))
}

struct Open(Settings);

impl GameVisitor for Open {
    type Output = Box<dyn Session>;
    fn visit<P: Game>(self, form: usize) -> Box<dyn Session> {
        Box::new(GameSession::<P>::new(form, self.0))
    }
}
