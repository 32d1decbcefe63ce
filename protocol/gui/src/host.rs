//! The `Host` check of every HTTP request (the page, its files and the WebSocket's
//! upgrade): the host must name the address the server listens on (its IP address or
//! `localhost`, with or without the port), else the answer is 403. A page of another site
//! whose name was pointed at 127.0.0.1 (DNS rebinding) sends its own name, and gets
//! nothing.

use std::net::SocketAddr;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::server::ServerState;

/// Whether `host` (a `Host` header or a request's authority) names `bound`.
pub fn host_allowed(host: &str, bound: SocketAddr) -> bool {
    let (name, port) = match host.strip_prefix('[') {
        // an IPv6 address: `[::1]` or `[::1]:PORT`
        Some(rest) => match rest.split_once(']') {
            Some((address, "")) => (format!("[{address}]"), None),
            Some((address, port)) => match port.strip_prefix(':') {
                Some(port) => (format!("[{address}]"), Some(port)),
                None => return false,
            },
            None => return false,
        },
        None => match host.rsplit_once(':') {
            Some((name, port)) => (name.to_string(), Some(port)),
            None => (host.to_string(), None),
        },
    };
    let port_ok = match port {
        None => true,
        Some(port) => port.parse::<u16>().is_ok_and(|p| p == bound.port()),
    };
    let address = match bound {
        SocketAddr::V4(a) => a.ip().to_string(),
        SocketAddr::V6(a) => format!("[{}]", a.ip()),
    };
    let name_ok = name.eq_ignore_ascii_case("localhost") || name.eq_ignore_ascii_case(&address);
    port_ok && name_ok
}

/// The middleware: passes a request whose `Host` (and authority, if the target has one)
/// names this server; answers 403 otherwise, a request without a host included.
pub async fn check(State(state): State<ServerState>, request: Request, next: Next) -> Response {
    let header = request
        .headers()
        .get(header::HOST)
        .map(|v| v.to_str().unwrap_or("?"));
    let authority = request.uri().authority().map(|a| a.as_str());
    let named = header.or(authority);
    let allowed = named.is_some()
        && [header, authority]
            .into_iter()
            .flatten()
            .all(|host| host_allowed(host, state.address));
    if allowed {
        return next.run(request).await;
    }
    log::warn!("refused a request for host {named:?}");
    (
        StatusCode::FORBIDDEN,
        "this server answers only at its own address (127.0.0.1 or localhost)",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bound_address_and_localhost_are_served() {
        let v4: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        for good in ["127.0.0.1:8080", "127.0.0.1", "localhost", "LocalHost:8080"] {
            assert!(host_allowed(good, v4), "{good}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1:8081",
            "localhost:80",
            "127.0.0.1:",
            "[::1]:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example:8080",
            "",
            "[::1",
        ] {
            assert!(!host_allowed(bad, v4), "{bad}");
        }
        let v6: SocketAddr = "[::1]:9000".parse().unwrap();
        assert!(host_allowed("[::1]:9000", v6));
        assert!(host_allowed("[::1]", v6));
        assert!(host_allowed("localhost:9000", v6));
        assert!(!host_allowed("127.0.0.1:9000", v6));
        assert!(!host_allowed("[::1]:9001", v6));
    }
}
