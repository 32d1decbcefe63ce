//! The WebSocket at `/ws`: checks the `Origin` of the upgrade (a page from elsewhere must
//! not drive the local engine), claims a place among the open games and a share of the
//! hash budget, then joins the socket to a game loop ([`crate::table`]) running on a
//! thread of its own: frames in become events, the loop's replies go out, both through
//! bounded queues ([`crate::queues`]). Closing the socket ends the loop and stops its
//! search; a page that lets a queue overflow is closed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use escalade_session::session::Settings;

use crate::budget::HashShare;
use crate::queues::{
    self, Incoming, Outgoing, MAX_INCOMING_BYTES, MAX_MESSAGE, MAX_OUTGOING_BYTES,
};
use crate::server::ServerState;
use crate::table::{Event, Table};

/// The most games open at once (each holds an engine with its hash table and a thread):
/// more connections are refused with 503 until a tab closes.
pub const MAX_GAMES: usize = 32;

/// One open game, counted in [`ServerState::open_games`] until dropped.
struct OpenGame(Arc<AtomicUsize>);

impl OpenGame {
    /// Counts a new game, or `None` when [`MAX_GAMES`] are open.
    fn claim(count: &Arc<AtomicUsize>) -> Option<OpenGame> {
        let before = count.fetch_add(1, Ordering::AcqRel);
        if before >= MAX_GAMES {
            count.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        Some(OpenGame(Arc::clone(count)))
    }
}

impl Drop for OpenGame {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Whether `origin` is this server's own page.
pub fn origin_allowed(origin: Option<&str>, port: u16) -> bool {
    match origin {
        None => true, // not a browser: browsers always send Origin with a WebSocket
        Some(origin) => {
            origin == format!("http://127.0.0.1:{port}")
                || origin == format!("http://localhost:{port}")
                || origin == format!("http://[::1]:{port}")
        }
    }
}

/// `GET /ws`.
pub async fn upgrade(
    State(state): State<ServerState>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or("?"));
    if !origin_allowed(origin, state.port) {
        log::warn!("refused a WebSocket from origin {origin:?}");
        return (
            StatusCode::FORBIDDEN,
            "this board only talks to its own page",
        )
            .into_response();
    }
    let Some(game) = OpenGame::claim(&state.open_games) else {
        log::warn!("refused a WebSocket: {MAX_GAMES} games are open");
        let message = format!("{MAX_GAMES} boards are open; close one to open another");
        return (StatusCode::SERVICE_UNAVAILABLE, message).into_response();
    };
    let share = match state.budget.claim(Settings::default().hash_mb) {
        Ok(share) => share,
        Err(e) => {
            log::warn!("refused a WebSocket: {e}");
            return (StatusCode::SERVICE_UNAVAILABLE, e.to_string()).into_response();
        }
    };
    ws.max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connect(socket, state, game, share))
}

async fn connect(socket: WebSocket, state: ServerState, _game: OpenGame, share: HashShare) {
    let (events_tx, events_rx) = mpsc::channel::<Event>();
    let (outbox, outgoing) = queues::outgoing(MAX_OUTGOING_BYTES);
    let out = Box::new(move |text: String| outbox.send(text));
    let table = match Table::new(&state.variant, share, events_tx.clone(), out) {
        Ok(table) => table,
        Err(e) => {
            log::error!("cannot open a game: {e}");
            return;
        }
    };
    let variant = state.variant.clone();
    let game = thread::Builder::new()
        .name("board".into())
        .spawn(move || table.run(&variant, events_rx));
    if game.is_err() {
        log::error!("cannot start a game thread");
        return;
    }
    let (sink, stream) = futures_split(socket);
    let full = outgoing.full();
    let writer = tokio::spawn(write(sink, outgoing));
    tokio::select! {
        () = read(stream, &events_tx) => {}
        () = full.notified() => {} // logged where it overflowed
    }
    let _ = events_tx.send(Event::Closed);
    writer.abort();
}

/// Sends the loop's replies until it is gone or the page is.
async fn write(mut sink: Sink, mut outgoing: Outgoing) {
    while let Some(text) = outgoing.recv().await {
        let bytes = text.len();
        if sink.send(Message::Text(text.into())).await.is_err() {
            break;
        }
        outgoing.sent(bytes);
    }
}

/// Hands the page's frames to the loop until the page closes, the loop is gone, or the
/// page sent more than [`MAX_INCOMING_BYTES`] ahead of its game.
async fn read(mut stream: Stream, events: &mpsc::Sender<Event>) {
    let incoming = Incoming::default();
    while let Some(frame) = stream.recv().await {
        let event = match frame {
            Ok(Message::Text(text)) => {
                let Some(counted) = incoming.count(text.len(), MAX_INCOMING_BYTES) else {
                    log::warn!(
                        "closing a board whose page sends faster than its game answers: {} \
                         bytes of requests wait",
                        incoming.pending()
                    );
                    break;
                };
                Event::Text(text.to_string(), counted)
            }
            Ok(Message::Binary(_)) => Event::Unreadable,
            Ok(Message::Ping(_) | Message::Pong(_)) => continue,
            Ok(Message::Close(_)) | Err(_) => break,
        };
        if events.send(event).is_err() {
            break;
        }
    }
}

/// The socket's two halves.
fn futures_split(socket: WebSocket) -> (Sink, Stream) {
    let (sink, stream) = futures_util::StreamExt::split(socket);
    (Sink(sink), Stream(stream))
}

struct Sink(futures_util::stream::SplitSink<WebSocket, Message>);
struct Stream(futures_util::stream::SplitStream<WebSocket>);

impl Sink {
    async fn send(&mut self, message: Message) -> Result<(), axum::Error> {
        futures_util::SinkExt::send(&mut self.0, message).await
    }
}

impl Stream {
    async fn recv(&mut self) -> Option<Result<Message, axum::Error>> {
        futures_util::StreamExt::next(&mut self.0).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_own_origin_is_allowed() {
        assert!(origin_allowed(Some("http://127.0.0.1:8080"), 8080));
        assert!(origin_allowed(Some("http://localhost:8080"), 8080));
        assert!(origin_allowed(None, 8080));
        assert!(!origin_allowed(Some("http://127.0.0.1:8081"), 8080));
        assert!(!origin_allowed(Some("https://evil.example"), 8080));
        assert!(!origin_allowed(Some("null"), 8080));
    }
}
