//! The two queues of one connection, each bounded in bytes: the replies waiting for the
//! socket ([`outgoing`]: at most [`MAX_OUTGOING_BYTES`]) and the page's requests waiting
//! for the game loop ([`Incoming`]: at most [`MAX_INCOMING_BYTES`]). A page that lets
//! either grow past its bound (one that does not read its replies, or sends faster than
//! its game can answer) is closed, with a log line, rather than the server growing.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::Notify;

/// The most reply text that may wait for a page (a chutes `state` is about 130 KB, a FIDE
/// one 9 KB): a page that reads lets it empty at once.
pub const MAX_OUTGOING_BYTES: usize = 8 << 20;

/// The largest message a page may send (a PGN of a long game fits many times over).
pub const MAX_MESSAGE: usize = 4 << 20;

/// The most request text that may wait for a game loop: four of the largest messages.
pub const MAX_INCOMING_BYTES: usize = 4 * MAX_MESSAGE;

/// The game loop's end of the outgoing queue.
pub struct Outbox {
    sender: UnboundedSender<String>,
    queued: Arc<AtomicUsize>,
    full: Arc<Notify>,
    limit: usize,
}

/// The socket's end of the outgoing queue.
pub struct Outgoing {
    receiver: UnboundedReceiver<String>,
    queued: Arc<AtomicUsize>,
    full: Arc<Notify>,
}

/// A queue of at most `limit` bytes of text (one message larger than that still passes
/// an empty queue).
pub fn outgoing(limit: usize) -> (Outbox, Outgoing) {
    let (sender, receiver) = unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    let full = Arc::new(Notify::new());
    let outbox = Outbox {
        sender,
        queued: Arc::clone(&queued),
        full: Arc::clone(&full),
        limit,
    };
    (
        outbox,
        Outgoing {
            receiver,
            queued,
            full,
        },
    )
}

impl Outbox {
    /// Queues `text`; false when the page is gone or the queue is full (then the
    /// connection is given up: [`Outgoing::full`] wakes).
    pub fn send(&self, text: String) -> bool {
        let bytes = text.len();
        let before = self.queued.fetch_add(bytes, Ordering::AcqRel);
        if before > 0 && before + bytes > self.limit {
            self.queued.fetch_sub(bytes, Ordering::AcqRel);
            log::warn!(
                "closing a board whose page does not read: {before} bytes of replies wait \
                 (the limit is {} bytes)",
                self.limit
            );
            self.full.notify_one();
            return false;
        }
        self.sender.send(text).is_ok()
    }
}

impl Outgoing {
    /// The next reply to send; `None` once the game loop is gone.
    pub async fn recv(&mut self) -> Option<String> {
        self.receiver.recv().await
    }

    /// A reply of `bytes` left the queue (the socket took it).
    pub fn sent(&self, bytes: usize) {
        self.queued.fetch_sub(bytes, Ordering::AcqRel);
    }

    /// What wakes when the queue overflowed (once, even if nobody waited then).
    pub fn full(&self) -> Arc<Notify> {
        Arc::clone(&self.full)
    }
}

/// The bytes of the page's requests that wait for the game loop.
#[derive(Clone, Default)]
pub struct Incoming {
    pending: Arc<AtomicUsize>,
}

/// One request's bytes, counted in its [`Incoming`] until dropped (the loop handled it).
pub struct Counted {
    bytes: usize,
    pending: Arc<AtomicUsize>,
}

impl Incoming {
    /// Counts a request of `bytes`, or `None` when that would pass `limit` (one request
    /// larger than that still passes an empty queue).
    pub fn count(&self, bytes: usize, limit: usize) -> Option<Counted> {
        let before = self.pending.fetch_add(bytes, Ordering::AcqRel);
        if before > 0 && before + bytes > limit {
            self.pending.fetch_sub(bytes, Ordering::AcqRel);
            return None;
        }
        Some(Counted {
            bytes,
            pending: Arc::clone(&self.pending),
        })
    }

    /// The bytes waiting now.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Acquire)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.pending.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outgoing_queue_refuses_past_its_limit_and_empties_as_sent() {
        let (outbox, mut outgoing) = outgoing(10);
        assert!(outbox.send("123456".into()));
        assert!(!outbox.send("123456".into()), "12 bytes would wait");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let text = runtime.block_on(outgoing.recv()).unwrap();
        outgoing.sent(text.len());
        assert!(
            outbox.send("a larger first message".into()),
            "an empty queue"
        );
        // the overflow left its wake-up behind
        runtime.block_on(outgoing.full().notified());
    }

    #[test]
    fn requests_are_counted_until_handled() {
        let incoming = Incoming::default();
        let first = incoming.count(6, 10).unwrap();
        assert!(incoming.count(6, 10).is_none());
        assert_eq!(incoming.pending(), 6);
        drop(first);
        let big = incoming.count(20, 10);
        assert!(big.is_some(), "one large request passes an empty queue");
        drop(big);
        assert_eq!(incoming.pending(), 0);
    }
}
