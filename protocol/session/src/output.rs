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
