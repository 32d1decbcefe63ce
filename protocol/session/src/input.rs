//! The protocol's event loop input: a thread reads command lines (stdin in the binary) and
//! feeds them into a channel, which search threads also use to say they are done, so
//! `stop`, `?`, `ping`, `isready` and `quit` are seen while the engine thinks.
//!
//! Lines are read as bytes: a line that is not UTF-8, or longer than [`MAX_LINE`], becomes
//! one [`Event::Invalid`] (the protocol answers it with an error) and reading goes on.
//! Only the end of input or a read error ends it.

use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;

/// The longest line read (16 MiB: a `position` with 100,000 moves fits); the rest of a
/// longer line is skipped without being stored.
pub const MAX_LINE: usize = 16 << 20;

/// Something the protocol loop must react to.
#[derive(Debug)]
pub enum Event {
    /// One input line (without its line ending).
    Line(String),
    /// A line that cannot be a command: the reason and a printable excerpt of it.
    Invalid(InvalidLine),
    /// The input closed.
    Eof,
    /// The search with this id finished (its result waits in the session).
    SearchDone(u64),
}

/// A line refused before any protocol reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidLine {
    /// Why, e.g. `not valid UTF-8`.
    pub reason: String,
    /// The start of the line, invalid bytes replaced, for the error message.
    pub excerpt: String,
}

/// Starts a thread that sends every line of `reader` as [`Event::Line`] (or
/// [`Event::Invalid`]), then [`Event::Eof`]. Returns the receiving end and a sender for
/// other event sources.
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
pub fn read_into<R: BufRead>(mut reader: R, tx: &Sender<Event>) {
    loop {
        let event = match read_line(&mut reader) {
            Ok(Some(bytes)) => classify(bytes),
            Ok(None) => break,
            Err(e) => {
                log::warn!("input: {e}");
                break;
            }
        };
        if tx.send(event).is_err() {
            return;
        }
    }
    let _ = tx.send(Event::Eof);
}

/// What one raw line is.
fn classify(line: RawLine) -> Event {
    if line.overflow {
        return Event::Invalid(InvalidLine {
            reason: format!("line longer than {MAX_LINE} bytes"),
            excerpt: excerpt(&line.bytes),
        });
    }
    match String::from_utf8(line.bytes) {
        Ok(text) => Event::Line(text),
        Err(e) => Event::Invalid(InvalidLine {
            reason: "not valid UTF-8".into(),
            excerpt: excerpt(e.as_bytes()),
        }),
    }
}

/// The first 60 characters of `bytes`, invalid sequences and control characters replaced.
fn excerpt(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(240)])
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .take(60)
        .collect()
}

/// A line as read: its bytes (at most [`MAX_LINE`]) and whether more were skipped.
struct RawLine {
    bytes: Vec<u8>,
    overflow: bool,
}

/// The next line without its ending (`\n` or `\r\n`); `None` at the end of input.
fn read_line<R: BufRead>(reader: &mut R) -> std::io::Result<Option<RawLine>> {
    let mut line = RawLine {
        bytes: Vec::new(),
        overflow: false,
    };
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE - line.bytes.len();
        if part.len() > room {
            line.overflow = true;
        }
        line.bytes.extend_from_slice(&part[..part.len().min(room)]);
        reader.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.bytes.last() == Some(&b'\r') {
        line.bytes.pop();
    }
    Ok(Some(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(input: &[u8]) -> Vec<Event> {
        let (tx, rx) = channel();
        read_into(std::io::BufReader::with_capacity(7, input), &tx);
        rx.try_iter().collect()
    }

    #[test]
    fn invalid_bytes_spoil_one_line_only() {
        let got = events(b"isready\n\xff\xfe go\r\nuci\nlast");
        assert!(matches!(&got[0], Event::Line(l) if l == "isready"));
        assert!(matches!(&got[1], Event::Invalid(i) if i.reason == "not valid UTF-8"));
        assert!(matches!(&got[2], Event::Line(l) if l == "uci"));
        assert!(matches!(&got[3], Event::Line(l) if l == "last"));
        assert!(matches!(got[4], Event::Eof));
        assert_eq!(got.len(), 5);
    }

    #[test]
    fn nul_bytes_are_kept_and_long_lines_refused() {
        let got = events(b"is\0ready\n");
        assert!(matches!(&got[0], Event::Line(l) if l == "is\0ready"));
        let mut long = vec![b'a'; MAX_LINE + 10];
        long.extend_from_slice(b"\nping 1\n");
        let got = events(&long);
        assert!(matches!(&got[0], Event::Invalid(i) if i.reason.contains("longer")));
        assert!(matches!(&got[1], Event::Line(l) if l == "ping 1"));
    }
}
