//! Where the protocols write: one shared, line-buffered sink (stdout in the binary) that the
//! protocol loop and search threads both use, each line written and flushed whole.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A cloneable handle on the protocol's output.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to `sink`.
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output(Arc::new(Mutex::new(sink)))
    }

    /// Output to the process's stdout.
    pub fn stdout() -> Self {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line and flushes it (a failing sink is logged, never a panic).
    pub fn line(&self, text: &str) {
        let mut sink = match self.0.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(e) = writeln!(sink, "{text}").and_then(|_| sink.flush()) {
            log::warn!("output: {e}");
        }
    }
}

/// An error followed by its causes (`std::error::Error::source`), `: `-separated, as
/// `cannot open out.pgn: Permission denied (os error 13)`: how every command reports one.
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// The longest text an error message repeats back.
const EXCERPT_CHARS: usize = 200;

/// `text` cut to its first 200 characters (with `...` when cut): a refused 1 MB line is
/// not echoed whole.
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}... ({} bytes)", &text[..end], text.len()).into(),
        None => text.into(),
    }
}

#[cfg(test)]
mod excerpt_tests {
    #[test]
    fn long_texts_are_cut() {
        assert_eq!(super::excerpt("abc"), "abc");
        let long = "x".repeat(1 << 20);
        let cut = super::excerpt(&long);
        assert!(cut.len() < 260 && cut.ends_with("(1048576 bytes)"), "{cut}");
    }
}
