//! The HTTP server of `escalade gui`: binds 127.0.0.1 only (a port of the user's choice, 0
//! for a free one), prints the URL on stdout, optionally opens the system browser, and
//! serves the embedded page and the WebSocket to requests for its own address
//! ([`crate::host`]). It holds what the boards share: their count and the hash budget.

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::middleware;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use thiserror::Error;

use crate::budget::{self, HashBudget};
use crate::{assets, host, socket};

/// What `escalade gui` was asked.
#[derive(Clone, Debug)]
pub struct GuiOptions {
    /// The port to listen on (0: any free port); `None`: [`DEFAULT_PORT`], or any free port
    /// when that one is taken.
    pub port: Option<u16>,
    /// Open the system browser on the page.
    pub open: bool,
    /// The variant of a page opened without `?variant=` (canonical name).
    pub variant: String,
    /// The MB all the boards' hash tables may hold together; `None`:
    /// [`budget::default_budget_mb`].
    pub hash_budget_mb: Option<usize>,
}

/// Why the server could not run.
#[derive(Debug, Error)]
pub enum GuiError {
    /// The port could not be bound.
    #[error("cannot listen on 127.0.0.1:{port}")]
    Bind {
        /// The port tried last (0: any free port).
        port: u16,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The async runtime could not be built.
    #[error("cannot start the server")]
    Runtime(#[source] std::io::Error),
    /// Serving failed after the server started.
    #[error("the server stopped")]
    Serve(#[source] std::io::Error),
}

/// The port tried first when none is given.
pub const DEFAULT_PORT: u16 = 8080;

/// What every request handler shares.
#[derive(Clone)]
pub struct ServerState {
    /// The address listened on.
    pub address: SocketAddr,
    /// The port of `address`, the one a request's `Host` and `Origin` must name.
    pub port: u16,
    /// The variant of a page opened without `?variant=` (canonical name).
    pub variant: String,
    /// Games (WebSocket connections) open now.
    pub open_games: Arc<AtomicUsize>,
    /// The hash budget every board's table is part of.
    pub budget: Arc<HashBudget>,
}

/// Runs the server until the process is ended.
pub fn serve(options: GuiOptions) -> Result<(), GuiError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(GuiError::Runtime)?;
    runtime.block_on(run(options))
}

async fn run(options: GuiOptions) -> Result<(), GuiError> {
    let listener = listen(options.port).await?;
    let address = listener.local_addr().map_err(GuiError::Serve)?;
    let port = address.port();
    let url = format!("http://127.0.0.1:{port}/");
    println!("Escalade GUI: {url}");
    let _ = std::io::stdout().flush();
    if !assets::has_page() {
        log::error!("the page was not embedded in this build");
    }
    if options.open {
        if let Err(e) = webbrowser::open(&url) {
            log::warn!("cannot open a browser ({e}); open {url} yourself");
        }
    }
    let budget = options
        .hash_budget_mb
        .unwrap_or_else(budget::default_budget_mb);
    log::info!("the boards' hash tables share {budget} MB");
    let state = ServerState {
        address,
        port,
        variant: options.variant,
        open_games: Arc::new(AtomicUsize::new(0)),
        budget: HashBudget::new(budget),
    };
    let app = Router::new()
        .route("/", get(index))
        .route("/ws", get(socket::upgrade))
        .route("/{*path}", get(file))
        .layer(middleware::from_fn_with_state(state.clone(), host::check))
        .with_state(state);
    axum::serve(listener, app).await.map_err(GuiError::Serve)
}

/// Binds 127.0.0.1 on the port asked for, or on the default port or else a free one.
async fn listen(port: Option<u16>) -> Result<tokio::net::TcpListener, GuiError> {
    let bind =
        |port: u16| tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    let wanted = port.unwrap_or(DEFAULT_PORT);
    match bind(wanted).await {
        Ok(listener) => Ok(listener),
        Err(_) if port.is_none() => bind(0)
            .await
            .map_err(|source| GuiError::Bind { port: 0, source }),
        Err(source) => Err(GuiError::Bind {
            port: wanted,
            source,
        }),
    }
}

async fn index(State(_): State<ServerState>) -> Response {
    assets::serve("index.html")
}

async fn file(Path(path): Path<String>) -> Response {
    assets::serve(&path)
}
