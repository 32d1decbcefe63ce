//! Starting a protocol on stdin/stdout: forced (`escalade xboard`, `escalade uci`) or picked
//! from the first command when no subcommand is given (`xboard` or `uci`).

use std::io::BufRead;

use crate::{uci, xboard};
use escalade_session::input::{spawn_reader, Event};
use escalade_session::output::Output;

/// Which protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The xboard/WinBoard protocol (CECP), `escalade xboard`.
    XBoard,
    /// The Universal Chess Interface, `escalade uci`.
    Uci,
}

/// Runs `protocol` on `input` and `out`.
pub fn run<R: BufRead + Send + 'static>(protocol: Protocol, input: R, out: Output) {
    let (tx, rx) = spawn_reader(input);
    match protocol {
        Protocol::XBoard => xboard::run(None, tx, rx, out),
        Protocol::Uci => uci::run_listing(None, tx, rx, out, TUNABLE_BUILD),
    }
}

/// Runs UCI on the process's stdin and stdout, listing the search constants among the
/// options (`escalade uci --tunable`).
pub fn stdio_uci_tunable() {
    let (tx, rx) = spawn_reader(std::io::BufReader::new(std::io::stdin()));
    uci::run_listing(None, tx, rx, Output::stdout(), true);
}

/// Whether this binary was built to list the search constants among its UCI options
/// without `--tunable` (`make EXE=NAME TUNABLE=1`, i.e. `ESCALADE_TUNABLE=1` at build
/// time): what OpenBench's SPSA needs, as it runs the engine with no arguments and its
/// match runner sets only the options the engine lists.
pub const TUNABLE_BUILD: bool = match option_env!("ESCALADE_TUNABLE") {
    Some(v) => matches!(v.as_bytes(), b"1"),
    None => false,
};

/// Reads lines until one names a protocol, then runs it from that line on. Other lines
/// before it are answered on stderr; `quit` or the end of input stops.
pub fn run_detected<R: BufRead + Send + 'static>(input: R, out: Output) {
    let (tx, rx) = spawn_reader(input);
    while let Ok(event) = rx.recv() {
        let line = match event {
            Event::Line(l) => l,
            Event::Eof => return,
            Event::SearchDone(_) => continue,
            Event::Invalid(bad) => {
                log::warn!("input refused ({}): {}", bad.reason, bad.excerpt);
                continue;
            }
        };
        match line.split_whitespace().next() {
            Some("xboard") => return xboard::run(Some(line), tx, rx, out),
            Some("uci") => return uci::run_listing(Some(line), tx, rx, out, TUNABLE_BUILD),
            Some("quit") => return,
            None => {}
            Some(_) => log::warn!(
                "expected `uci` or `xboard` first (for a game in the terminal: escalade play); ignored: {line}"
            ),
        }
    }
}

/// Runs on the process's stdin and stdout: `protocol`, or the one the first command names.
pub fn stdio(protocol: Option<Protocol>) {
    let input = std::io::BufReader::new(std::io::stdin());
    match protocol {
        Some(p) => run(p, input, Output::stdout()),
        None => run_detected(input, Output::stdout()),
    }
}
