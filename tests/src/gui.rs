//! A running `escalade gui` server for tests: started on a free port through the real
//! binary, its URL read from stdout, killed when dropped; and a WebSocket client that
//! reads JSON messages with a deadline.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tungstenite::client::IntoClientRequest;
use tungstenite::{Message, WebSocket};

/// An `escalade gui --port 0` process.
pub struct GuiServer {
    child: Child,
    /// The port it listens on (127.0.0.1).
    pub port: u16,
}

impl GuiServer {
    /// Starts the server with extra arguments and waits for its URL.
    pub fn start(args: &[&str]) -> GuiServer {
        let mut child = Command::new(crate::escalade_bin())
            .args(["gui", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start escalade gui");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the URL line");
        let url = line
            .trim()
            .strip_prefix("Escalade GUI: ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let port = url
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .expect("a port in the URL");
        GuiServer { child, port }
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("wait").is_none()
    }

    /// Opens a WebSocket with the given `Origin` header (`None`: no header).
    pub fn connect(&self, origin: Option<&str>) -> Result<Board, tungstenite::Error> {
        let mut request = format!("ws://127.0.0.1:{}/ws", self.port)
            .into_client_request()
            .expect("a request");
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", origin.parse().expect("header value"));
        }
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .expect("timeout");
        let (socket, _) = tungstenite::client(request, stream).map_err(|e| match e {
            tungstenite::HandshakeError::Failure(e) => e,
            tungstenite::HandshakeError::Interrupted(_) => {
                tungstenite::Error::Io(std::io::ErrorKind::WouldBlock.into())
            }
        })?;
        Ok(Board { socket })
    }

    /// A connection from the server's own page.
    pub fn board(&self) -> Board {
        let origin = format!("http://127.0.0.1:{}", self.port);
        self.connect(Some(&origin))
            .expect("the own origin is accepted")
    }
}

impl Drop for GuiServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One tab's WebSocket.
pub struct Board {
    socket: WebSocket<TcpStream>,
}

impl Board {
    /// Sends a JSON text.
    pub fn send(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.into()))
            .expect("send a frame");
    }

    /// Sends a JSON text; false when the connection is gone.
    pub fn try_send(&mut self, text: &str) -> bool {
        self.socket.send(Message::Text(text.into())).is_ok()
    }

    /// Sends a binary frame.
    pub fn send_binary(&mut self, bytes: &[u8]) {
        self.socket
            .send(Message::Binary(bytes.to_vec().into()))
            .expect("send a frame");
    }

    /// The next message of `kind` within `secs` seconds (others are skipped).
    pub fn expect(&mut self, kind: &str, secs: u64) -> Value {
        self.until(secs, |m| m["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} message within {secs} s"))
    }

    /// The next message for which `pred` holds, within `secs` seconds.
    pub fn until(&mut self, secs: u64, pred: impl Fn(&Value) -> bool) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < deadline {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON from the server");
                    if pred(&value) {
                        return Some(value);
                    }
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("socket error: {e}"),
            }
        }
        None
    }

    /// Reads every message until the server closes the connection: how many, or `None`
    /// when it is still open after `secs` seconds.
    pub fn read_until_closed(&mut self, secs: u64) -> Option<usize> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut messages = 0;
        while Instant::now() < deadline {
            match self.socket.read() {
                Ok(Message::Close(_)) => return Some(messages),
                Ok(_) => messages += 1,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return Some(messages),
            }
        }
        None
    }

    /// Closes the connection.
    pub fn close(mut self) {
        let _ = self.socket.close(None);
        let _ = self.socket.flush();
    }
}

/// The browser the page tests drive: Chromium and its chromedriver.
pub struct Browser {
    /// The Chromium binary.
    pub chromium: std::path::PathBuf,
    /// The chromedriver binary.
    pub driver: std::path::PathBuf,
}

impl Browser {
    /// Chromium, chromedriver and python3 with `selenium`, or `None` after a printed skip
    /// (see [`crate::skip`]) naming what is missing.
    pub fn find() -> Option<Browser> {
        let browsers = [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ];
        let Some(chromium) = crate::find_tool(&browsers) else {
            crate::skip("Chromium is not installed (apt-get install chromium)");
            return None;
        };
        let Some(driver) = crate::find_tool(&["chromedriver"]) else {
            crate::skip("chromedriver is not installed (apt-get install chromium-driver)");
            return None;
        };
        if !crate::python_can_import("selenium.webdriver.chrome.service") {
            crate::skip(
                "python3 with the `selenium` package is not installed (pip install selenium)",
            );
            return None;
        }
        Some(Browser { chromium, driver })
    }

    /// Runs `tests/gui/SCRIPT --bin ESCALADE --out OUT --chromium .. --chromedriver ..` and
    /// then `extra`, to its end.
    pub fn run(&self, script: &str, out: &std::path::Path, extra: &[&str]) -> std::process::Output {
        let tests_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        Command::new("python3")
            .arg(tests_dir.join("gui").join(script))
            .arg("--bin")
            .arg(crate::escalade_bin())
            .arg("--out")
            .arg(out)
            .arg("--chromium")
            .arg(&self.chromium)
            .arg("--chromedriver")
            .arg(&self.driver)
            .args(extra)
            .output()
            .expect("run python3")
    }
}

/// The folder `target/NAME` of the workspace, made if missing (screenshots).
pub fn target_dir(name: &str) -> std::path::PathBuf {
    let tests_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tests_dir
        .parent()
        .expect("the workspace")
        .join("target")
        .join(name);
    std::fs::create_dir_all(&out).expect("the screenshot directory");
    out
}

/// Runs the page checks of `tests/gui/SCRIPT` (a script built on `board_fixes.run_checks`)
/// in headless Chromium, its screenshots in `target/OUT`; the script's standard output
/// (it must succeed), or `None` after a printed skip when the browser is missing (see
/// [`Browser::find`]).
pub fn run_page_checks(script: &str, out: &str) -> Option<String> {
    let run = Browser::find()?.run(script, &target_dir(out), &[]);
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "page checks failed:\n{stdout}\n{stderr}"
    );
    Some(stdout)
}
