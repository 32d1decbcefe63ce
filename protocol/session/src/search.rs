//! A search running on its own thread: the engine is moved there with a copy of the game's
//! positions and handed back when the search ends, so the protocol loop keeps reading
//! commands (and can stop the search) meanwhile.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use escalade_engine::{Engine, Limits, SearchInfo, SearchResult, StopHandle};
use escalade_eval::Evaluate;

/// Receives the search's progress reports (on the search thread).
pub type InfoSink = Box<dyn FnMut(&SearchInfo) + Send>;

/// What a search thread gives back.
type Outcome<P> = (Engine<P>, SearchResult<<P as escalade_core::Rules>::Move>);

/// One running search.
pub struct SearchTask<P: Evaluate> {
    root: P,
    stop: StopHandle,
    stop_requested: AtomicBool,
    handle: JoinHandle<Outcome<P>>,
}

impl<P: Evaluate> SearchTask<P> {
    /// Searches the last of `history` with `limits`; `done` runs on the search thread after
    /// the search returned (typically it wakes the protocol loop).
    pub fn start(
        mut engine: Engine<P>,
        history: Vec<P>,
        limits: Limits,
        mut info: InfoSink,
        done: Box<dyn FnOnce() + Send>,
    ) -> Self {
        let root = last(&history);
        Self::spawn(root, engine.stop_handle(), move || {
            let result = engine.search(&history, &limits, &mut *info);
            done();
            (engine, result)
        })
    }

    /// A task whose result is already known (the random mover): its thread only hands the
    /// engine back, so the protocol loop treats it like any finished search.
    pub fn finished(
        engine: Engine<P>,
        history: Vec<P>,
        result: SearchResult<P::Move>,
        done: Box<dyn FnOnce() + Send>,
    ) -> Self {
        Self::spawn(last(&history), engine.stop_handle(), move || {
            done();
            (engine, result)
        })
    }

    /// Runs `body` on the search thread, searching `root`.
    fn spawn(
        root: P,
        stop: StopHandle,
        body: impl FnOnce() -> Outcome<P> + Send + 'static,
    ) -> Self {
        let handle = thread::Builder::new()
            .name("search".into())
            .spawn(body)
            .expect("the search thread starts");
        SearchTask {
            root,
            stop,
            stop_requested: AtomicBool::new(false),
            handle,
        }
    }

    /// The position being searched.
    pub fn root(&self) -> &P {
        &self.root
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.stop_requested.store(true, Ordering::Relaxed);
        self.stop.stop();
    }

    /// Waits for the search to end; `None` if its thread panicked. After a stop request
    /// the request is repeated while waiting: a search that had not begun when it came
    /// would otherwise clear it on starting.
    pub fn join(self) -> Option<Outcome<P>> {
        if self.stop_requested.load(Ordering::Relaxed) {
            while !self.handle.is_finished() {
                self.stop.stop();
                thread::sleep(Duration::from_millis(1));
            }
        }
        self.handle.join().ok()
    }
}

/// The position a search starts from: the last of the game.
fn last<P: Clone>(history: &[P]) -> P {
    history.last().expect("a game has a position").clone()
}
