//! The protocol's event loop input: a thread reads command lines (stdin in the binary) and
//! feeds them into a channel, which search threads also use to say they are done, so
//! `stop`, `?`, `ping`, `isready` and `quit` are seen while the engine thinks.

use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;

/// Something the protocol loop must react to.
#[derive(Debug)]
pub enum Event {
    /// One input line (without its line ending).
    Line(String),
    /// The input closed.
    Eof,
    /// The search with this id finished (its result waits in the session).
    SearchDone(u64),
}

/// Starts a thread that sends every line of `reader` as [`Event::Line`], then
/// [`Event::Eof`]. Returns the receiving end and a sender for other event sources.
pub fn spawn_reader<R: BufRead + Send + 'static>(reader: R) -> (Sender<Event>, Receiver<Event>) {
    let (tx, rx) = channel();
    let lines = tx.clone();
    thread::Builder::new()
        .name("input".into())
        .spawn(move || read_into(reader, &lines))
        .expect("the input thread starts");
    (tx, rx)
}

/// Sends every line of `reader` into `tx`, then `Eof` (also on a read error).
pub fn read_into<R: BufRead>(reader: R, tx: &Sender<Event>) {
    for line in reader.lines() {
        match line {
            Ok(l) => {
                if tx.send(Event::Line(l)).is_err() {
                    return;
                }
            }
            Err(e) => {
                log::warn!("input: {e}");
                break;
            }
        }
    }
    let _ = tx.send(Event::Eof);
}
