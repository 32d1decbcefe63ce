//! Protocol fuzzing of a running engine (`escalade uci`/`escalade xboard`, or any program
//! speaking them) through pipes, in raw bytes: after every hostile line (or burst of lines)
//! the engine must answer `isready` with `readyok` (UCI) or `ping N` with `pong N` (XBoard,
//! after `?` so a search it started ends) within the answer limit, must never print
//! `panicked` on stderr and must never exit before `quit`. `escalade selfcheck --protocol N`
//! runs it on the binary itself; `tests/tests/robust_protocol.rs` runs short forms.
//!
//! Hostile inputs come in classes ([`Class`]), taken in turn so every class is tried in
//! every run however short: mutated command lines, invalid UTF-8, NUL bytes, 1 MB lines,
//! huge and negative numbers in every numeric field (depth, times, hash, threads,
//! movestogo, `level`, `st`, `sd`, options), thousands of moves in one `position` (or
//! thousands of `usermove`s), garbage FENs per variant, bursts of commands out of order,
//! and the special cases that once hung or aborted engines (`go perft 4294967295`, a long
//! `go perft 60`, `setoption name Hash value 65536`, `memory 999999999`, finished
//! positions, `undo`/`remove` at the start, an illegal move after legal ones).

use escalade_core::SeededRng;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use escalade_core::GuiBoard;
use escalade_eval::Evaluate;
use rand::seq::SliceRandom;
use rand::Rng;

use super::fuzz::corpus;
use super::mutate::{mutate_bytes, mutate_n, NUMBERS};
use escalade_session::registry::{self, GameVisitor};

/// The protocol spoken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Xboard,
}

impl Dialect {
    /// The `escalade` subcommand.
    pub fn command(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Xboard => "xboard",
        }
    }
}

/// Lines of transcript kept for reports (each cut to 200 characters).
const TRANSCRIPT: usize = 60;
/// Bytes of stderr kept.
const STDERR_KEPT: usize = 1 << 20;

/// A running engine driven through pipes in raw bytes: stdout read line by line (lossy
/// UTF-8) on a thread, stderr collected on another (to look for `panicked`).
pub struct EngineIo {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    transcript: Vec<String>,
}

fn shorten(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    if bytes.len() > 200 {
        format!("{text:?}... ({} bytes)", bytes.len())
    } else {
        format!("{text:?}")
    }
}

impl EngineIo {
    /// Starts `program ARGS` with every stream piped.
    pub fn spawn(program: &Path, args: &[&str]) -> std::io::Result<EngineIo> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                            buf.pop();
                        }
                        if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let collected = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&collected);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = sink.lock() {
                    if s.len() < STDERR_KEPT {
                        s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(EngineIo {
            child,
            stdin,
            lines: rx,
            stderr: collected,
            transcript: Vec::new(),
        })
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() >= TRANSCRIPT {
            self.transcript.drain(..TRANSCRIPT / 4);
        }
        self.transcript.push(line);
    }

    /// The last lines sent (`> `) and read (`< `).
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Everything the engine wrote on stderr so far (the first megabyte).
    pub fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Whether stderr shows a panic.
    pub fn panicked(&self) -> bool {
        self.stderr_text().contains("panicked")
    }

    /// Sends `bytes` and a newline; false when the engine no longer reads its input.
    pub fn send_bytes(&mut self, bytes: &[u8]) -> bool {
        self.note(format!("> {}", shorten(bytes)));
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// Sends one line of text.
    pub fn send(&mut self, line: &str) -> bool {
        self.send_bytes(line.as_bytes())
    }

    /// Reads lines until one satisfies `pred` or `within` passes: every line read (the
    /// matching one last), or why not (with the transcript).
    pub fn read_until(
        &mut self,
        within: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + within;
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = pred(&line);
                    self.note(format!("< {}", shorten(line.as_bytes())));
                    read.push(line);
                    if done {
                        return Ok(read);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "no answer within {:.1} s; transcript:\n{}",
                        within.as_secs_f64(),
                        self.transcript()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.wait_exit(Duration::from_secs(2));
                    return Err(format!(
                        "the engine exited ({status:?}) before quit; transcript:\n{}",
                        self.transcript()
                    ));
                }
            }
        }
    }

    /// Lines that arrive within `within` (all of them, without waiting for one).
    pub fn drain(&mut self, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut read = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.note(format!("< {}", shorten(line.as_bytes())));
            read.push(line);
        }
        read
    }

    /// The liveness check: `isready` → `readyok` (then `stop`, ending any search), or
    /// `?` and `ping n` → `pong n`. The time the answer took and the lines before it.
    pub fn check_alive(
        &mut self,
        dialect: Dialect,
        n: u32,
        give_up: Duration,
    ) -> Result<(Duration, Vec<String>), String> {
        let answer = match dialect {
            Dialect::Uci => "readyok".to_string(),
            Dialect::Xboard => format!("pong {n}"),
        };
        if dialect == Dialect::Xboard && !self.send("?") {
            return Err(format!("the engine stopped reading\n{}", self.transcript()));
        }
        let asked = Instant::now();
        let sent = match dialect {
            Dialect::Uci => self.send("isready"),
            Dialect::Xboard => self.send(&format!("ping {n}")),
        };
        if !sent {
            return Err(format!("the engine stopped reading\n{}", self.transcript()));
        }
        let mut lines = self.read_until(give_up, |l| l.trim() == answer)?;
        let took = asked.elapsed();
        lines.pop();
        if dialect == Dialect::Uci {
            self.send("stop");
        }
        Ok((took, lines))
    }

    /// Waits up to `within` for the process to end.
    pub fn wait_exit(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `quit`, closes stdin and waits up to `within` for the exit status.
    pub fn quit(&mut self, within: Duration) -> Option<ExitStatus> {
        self.send("quit");
        self.stdin = None;
        self.wait_exit(within)
    }
}

impl Drop for EngineIo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a variant offers to build lines from (engine and GUI notation).
#[derive(Clone, Debug, Default)]
pub struct Material {
    pub name: String,
    pub fens: Vec<String>,
    pub gui_fens: Vec<String>,
    pub moves: Vec<String>,
    pub gui_moves: Vec<String>,
    /// A long random walk of legal moves from the start (thousands of plies where the
    /// game allows), engine and GUI notation.
    pub long_walk: Vec<String>,
    pub long_walk_gui: Vec<String>,
}

/// The material of variant `name`; `walk` is the length of the long walk.
pub fn material(name: &str, walk: usize, seed: u64) -> Option<Material> {
    struct Collect(String, usize, u64);
    impl GameVisitor for Collect {
        type Output = Material;
        fn visit<P: Evaluate + GuiBoard>(self, form: usize) -> Material {
            let positions = corpus::<P>(form, self.2, 8);
            let mut m = Material {
                name: self.0,
                ..Material::default()
            };
            let mut moves = Vec::new();
            for p in &positions {
                m.fens.push(p.to_fen());
                m.gui_fens.push(p.gui_fen());
                p.generate_moves(&mut moves);
                m.moves
                    .extend(moves.iter().take(6).map(|&mv| p.move_text(mv)));
                m.gui_moves
                    .extend(moves.iter().take(6).map(|&mv| p.gui_move_text(mv)));
            }
            let mut rng = SeededRng::new(self.2 ^ 0x10_0a);
            let mut pos = P::startpos(form);
            for _ in 0..self.1 {
                pos.generate_moves(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                m.long_walk.push(pos.move_text(mv));
                m.long_walk_gui.push(pos.gui_move_text(mv));
                pos = pos.play(mv);
            }
            m
        }
    }
    registry::dispatch(name, Collect(name.to_string(), walk, seed)).ok()
}

/// The kinds of hostile input, tried in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A command line with a few random mutations (or a random one).
    Mutated,
    /// A command line with invalid UTF-8 bytes in it, or only such bytes.
    InvalidUtf8,
    /// NUL bytes in or instead of a command.
    Nul,
    /// A line of about 1 MB.
    Huge,
    /// A numeric field (depth, times, hash, threads, movestogo, level, st, sd, options)
    /// with a huge, negative, fractional or non-finite number.
    Number,
    /// Thousands of moves: one `position ... moves` line (UCI), `usermove` lines (XBoard).
    LongGame,
    /// A garbage FEN for the variant (`position fen`, `setboard`).
    BadFen,
    /// A burst of commands in an order no GUI sends, without a check between them.
    OutOfOrder,
    /// Cases that once hung or aborted engines.
    Special,
}

impl Class {
    /// Every class, in the order they are tried.
    pub const ALL: [Class; 9] = [
        Class::Mutated,
        Class::InvalidUtf8,
        Class::Nul,
        Class::Number,
        Class::BadFen,
        Class::OutOfOrder,
        Class::Special,
        Class::LongGame,
        Class::Huge,
    ];
}

/// Commands of each dialect to mutate and shuffle.
fn templates(dialect: Dialect, m: &Material) -> Vec<String> {
    let fixed: &[&str] = match dialect {
        Dialect::Uci => &[
            "uci",
            "ucinewgame",
            "isready",
            "stop",
            "ponderhit",
            "d",
            "go depth 1",
            "go movetime 50",
            "go nodes 500",
            "go wtime 100 btime 100 winc 0 binc 0",
            "go wtime 100 btime 100 movestogo 3",
            "go infinite",
            "go ponder",
            "go mate 1",
            "go perft 1",
            "go perft 3",
            "go",
            "position startpos",
            "position",
            "position fen",
            "position startpos moves",
            "setoption name MultiPV value 3",
            "setoption name Skill Level value 0",
            "setoption name Skill Level value 20",
            "setoption name Hash value 2",
            "setoption name Threads value 2",
            "setoption name Clear Hash",
            "setoption name Ponder value true",
            "setoption name MaxDepth value 2",
            "setoption name Move Overhead value 10",
            "setoption name Seed value 3",
            "setoption name",
            "setoption",
            "go ponder wtime 100 btime 100",
            "go depth 2 searchmoves",
            "debug on",
            "register later",
        ],
        Dialect::Xboard => &[
            "new",
            "force",
            "go",
            "playother",
            "?",
            "undo",
            "remove",
            "post",
            "nopost",
            "hint",
            "analyze",
            "exit",
            ".",
            "edit",
            "hard",
            "easy",
            "random",
            "computer",
            "draw",
            "result 1-0 {White mates}",
            "result * {unfinished}",
            "st 0.05",
            "sd 1",
            "level 40 0:05 0",
            "level 0 1 0.1",
            "time 100",
            "otim 100",
            "memory 4",
            "cores 2",
            "protover 2",
            "accepted ping",
            "rejected usermove",
            "name someone",
            "rating 2000 1900",
            "nps 1000",
            "usermove",
            "setboard",
            "variant",
            "exclude all",
            "include all",
            "option MultiPV=3",
            "option Skill Level=0",
            "option Skill Level=20",
            "option Clear Hash",
            "option MaxDepth=2",
            "ping",
            "pong 3",
        ],
    };
    let mut t: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
    let name = &m.name;
    match dialect {
        Dialect::Uci => {
            t.push(format!("setoption name UCI_Variant value {name}"));
            t.extend(m.fens.iter().map(|f| format!("position fen {f}")));
            for f in &m.fens {
                let moves: Vec<&str> = m.moves.iter().take(3).map(String::as_str).collect();
                t.push(format!("position fen {f} moves {}", moves.join(" ")));
            }
            t.extend(
                m.moves
                    .iter()
                    .map(|mv| format!("position startpos moves {mv}")),
            );
            t.extend(
                m.moves
                    .iter()
                    .map(|mv| format!("go depth 2 searchmoves {mv}")),
            );
        }
        Dialect::Xboard => {
            t.push(format!("variant {name}"));
            t.extend(m.gui_fens.iter().map(|f| format!("setboard {f}")));
            t.extend(m.gui_moves.iter().map(|mv| format!("usermove {mv}")));
            t.extend(m.gui_moves.iter().cloned());
            t.extend(m.gui_moves.iter().map(|mv| format!("exclude {mv}")));
        }
    }
    t
}

/// Commands with a numeric field, `#` standing for the number.
fn numeric_templates(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Uci => &[
            "go depth #",
            "go movetime #",
            "go nodes #",
            "go mate #",
            "go perft #",
            "go wtime # btime # winc # binc #",
            "go wtime 20000 btime 20000 movestogo #",
            "go wtime # btime 100 movestogo #",
            "go ponder wtime # btime #",
            "go depth 3 movetime #",
            "setoption name Hash value #",
            "setoption name Threads value #",
            "setoption name MultiPV value #",
            "setoption name Skill Level value #",
            "setoption name Move Overhead value #",
            "setoption name Seed value #",
            "setoption name MaxDepth value #",
            "position startpos moves e2e4 #",
            "position fen 8/8/8/4k3/8/8/8/4K3 w - - # #",
        ],
        Dialect::Xboard => &[
            "level # # #",
            "level 40 #:# 0",
            "level # 5 0",
            "level 0 # #",
            "st #",
            "sd #",
            "time #",
            "otim #",
            "memory #",
            "cores #",
            "nps #",
            "ping #",
            "option MultiPV=#",
            "option Skill Level=#",
            "option MaxDepth=#",
            "option Seed=#",
            "rating # #",
            "setboard 8/8/8/4k3/8/8/8/4K3 w - - # #",
        ],
    }
}

/// Invalid UTF-8 sequences: stray continuation bytes, overlong forms, surrogates, bytes
/// above U+10FFFF, truncated sequences.
const BAD_UTF8: &[&[u8]] = &[
    b"\xff",
    b"\xfe\xff",
    b"\x80",
    b"\xbf\xbf",
    b"\xc0\xaf",
    b"\xe0\x80\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xf8\x88\x80\x80\x80",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xc3",
];

/// Inserts one of `pieces` into `line` at a random byte position.
fn insert_bytes(line: &[u8], pieces: &[&[u8]], rng: &mut SeededRng) -> Vec<u8> {
    let at = rng.gen_range(0..=line.len());
    let piece = pieces[rng.gen_range(0..pieces.len())];
    let mut out = line[..at].to_vec();
    out.extend_from_slice(piece);
    out.extend_from_slice(&line[at..]);
    out
}

/// One megabyte (or a little more) of `unit` repeated after `prefix`.
fn megabyte(prefix: &str, unit: &str) -> Vec<u8> {
    let mut out = prefix.as_bytes().to_vec();
    while out.len() < (1 << 20) {
        out.extend_from_slice(unit.as_bytes());
    }
    out
}

/// The lines of one hostile input of class `class` (sent back to back, then checked).
pub fn hostile_input(
    dialect: Dialect,
    m: &Material,
    class: Class,
    rng: &mut SeededRng,
) -> Vec<Vec<u8>> {
    let t = templates(dialect, m);
    let base = t.choose(rng).expect("templates").clone();
    let one = |line: String| vec![line.into_bytes()];
    match class {
        Class::Mutated => match rng.gen_range(0..10) {
            0 => one(base),
            1..=7 => one(mutate_n(&base, rng.gen_range(1..3), rng)),
            _ => one(mutate_n("", rng.gen_range(1..4), rng)),
        },
        Class::InvalidUtf8 => match rng.gen_range(0..4) {
            0 => vec![BAD_UTF8.choose(rng).expect("bytes").to_vec()],
            1 => vec![(0..rng.gen_range(1..60))
                .map(|_| rng.gen::<u8>() | 0x80)
                .collect()],
            2 => vec![mutate_bytes(base.as_bytes(), rng)],
            _ => vec![insert_bytes(base.as_bytes(), BAD_UTF8, rng)],
        },
        Class::Nul => match rng.gen_range(0..4) {
            0 => vec![vec![0u8; rng.gen_range(1..64)]],
            1 => vec![insert_bytes(base.as_bytes(), &[b"\0", b"\0\0\0"], rng)],
            2 => vec![[b"\0".as_slice(), base.as_bytes()].concat()],
            _ => vec![[base.as_bytes(), b"\0"].concat()],
        },
        Class::Huge => {
            let line = match rng.gen_range(0..6) {
                0 => megabyte("", "a"),
                1 => megabyte(&format!("{base} "), &format!("{base} ")),
                2 => match dialect {
                    Dialect::Uci => megabyte("position startpos moves ", "e2e4 "),
                    Dialect::Xboard => megabyte("usermove ", "e2e4"),
                },
                3 => match dialect {
                    Dialect::Uci => megabyte("position fen ", "8/"),
                    Dialect::Xboard => megabyte("setboard ", "8/"),
                },
                4 => megabyte(
                    match dialect {
                        Dialect::Uci => "go depth ",
                        Dialect::Xboard => "sd ",
                    },
                    "9",
                ),
                _ => {
                    let mut l = megabyte("", " \t");
                    l.extend_from_slice(b"isready");
                    l
                }
            };
            vec![line]
        }
        Class::Number => {
            let template = numeric_templates(dialect).choose(rng).expect("templates");
            let mut line = String::new();
            for (i, part) in template.split('#').enumerate() {
                if i > 0 {
                    line.push_str(NUMBERS.choose(rng).expect("numbers"));
                }
                line.push_str(part);
            }
            one(line)
        }
        Class::LongGame => {
            let n = rng.gen_range(1000..=m.long_walk.len().max(1000));
            match dialect {
                Dialect::Uci => {
                    let mut moves: Vec<&str> =
                        m.long_walk.iter().take(n).map(String::as_str).collect();
                    if rng.gen_bool(0.3) {
                        // A repeated shuffle: thousands of legal moves in chess.
                        moves = ["g1f3", "g8f6", "f3g1", "f6g8"]
                            .iter()
                            .copied()
                            .cycle()
                            .take(n)
                            .collect();
                    }
                    if rng.gen_bool(0.3) {
                        moves.insert(rng.gen_range(0..=moves.len()), "xyz");
                    }
                    one(format!("position startpos moves {}", moves.join(" ")))
                }
                Dialect::Xboard => {
                    let mut lines = vec![
                        b"new".to_vec(),
                        format!("variant {}", m.name).into_bytes(),
                        b"force".to_vec(),
                    ];
                    lines.extend(
                        m.long_walk_gui
                            .iter()
                            .take(n)
                            .map(|mv| format!("usermove {mv}").into_bytes()),
                    );
                    lines
                }
            }
        }
        Class::BadFen => {
            let (fens, head) = match dialect {
                Dialect::Uci => (&m.fens, "position fen "),
                Dialect::Xboard => (&m.gui_fens, "setboard "),
            };
            let fen = fens.choose(rng).expect("fens");
            let garbage = match rng.gen_range(0..6) {
                0 => mutate_n(fen, rng.gen_range(2..5), rng),
                1 => fen.replace('/', "//"),
                2 => fen.split(' ').next().unwrap_or("").to_string(),
                3 => format!("{fen} {fen}"),
                4 => fen.chars().rev().collect(),
                _ => [
                    "",
                    "x",
                    "8/8/8 w",
                    "99999999999999999999/8 w - - 0 1",
                    "/ / /",
                ]
                .choose(rng)
                .expect("garbage")
                .to_string(),
            };
            let mut line = format!("{head}{garbage}");
            if dialect == Dialect::Uci && rng.gen_bool(0.3) {
                line.push_str(" moves e2e4");
            }
            one(line)
        }
        Class::OutOfOrder => {
            let mut burst = Vec::new();
            for _ in 0..rng.gen_range(2..7) {
                burst.push(t.choose(rng).expect("templates").clone().into_bytes());
            }
            burst
        }
        Class::Special => {
            let lines: &[&str] = match (dialect, rng.gen_range(0..9)) {
                (Dialect::Uci, 0) => &["go perft 4294967295"],
                (Dialect::Uci, 1) => &["go perft 10000"],
                (Dialect::Uci, 2) => &["position startpos", "go perft 60"],
                (Dialect::Uci, 3) => &["setoption name Hash value 65536"],
                (Dialect::Uci, 4) => &["position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1", "go depth 3"],
                (Dialect::Uci, 5) => &[
                    "position startpos moves f2f3 e7e5 g2g4 d8h4",
                    "go wtime 1000 btime 1000",
                ],
                (Dialect::Uci, 6) => &["position startpos moves e2e4 e7e5 xyz", "d"],
                (Dialect::Uci, 7) => &[
                    "position startpos",
                    "go wtime 20000 btime 20000 movestogo 4294967297",
                ],
                (Dialect::Uci, _) => &["setoption name Skill Level value 4294967296", "go depth 2"],
                (Dialect::Xboard, 0) => &["new", "force", "undo", "remove"],
                (Dialect::Xboard, 1) => &["memory 999999999"],
                (Dialect::Xboard, 2) => &[
                    "new",
                    "force",
                    "setboard 8/8/8/4k3/8/8/8/4K3 w - - 0 1",
                    "go",
                ],
                (Dialect::Xboard, 3) => &[
                    "new",
                    "force",
                    "setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                    "go",
                ],
                (Dialect::Xboard, 4) => {
                    &["time 1844674407370955162", "otim 1844674407370955162", "go"]
                }
                (Dialect::Xboard, 5) => &["level 4294967297 99999999999 -5", "st -1", "sd -1"],
                (Dialect::Xboard, 6) => &["st 1e30", "sd 4294967297", "go"],
                (Dialect::Xboard, 7) => {
                    &["new", "force", "usermove e2e4", "remove", "undo", "undo"]
                }
                (Dialect::Xboard, _) => &["option Skill Level=4294967296", "option MultiPV=-1"],
            };
            lines.iter().map(|l| l.as_bytes().to_vec()).collect()
        }
    }
}

/// How long and how strictly to fuzz.
#[derive(Clone, Debug)]
pub struct ProtocolPlan {
    /// Hostile inputs per variant.
    pub inputs: usize,
    pub seed: u64,
    /// An answer slower than this is a defect (plus 100 µs per line of a burst, the time
    /// to read the burst itself: thousands of `usermove`s are not a hang).
    pub answer_limit: Duration,
    /// How long to wait for an answer before calling the engine hung.
    pub give_up: Duration,
    /// Length of the long random walk of each variant.
    pub walk: usize,
}

/// What a protocol fuzzing run tried and found.
#[derive(Clone, Debug, Default)]
pub struct ProtocolReport {
    /// Hostile inputs sent (a burst counts once).
    pub inputs: u64,
    /// Lines sent in them.
    pub lines: u64,
    /// Liveness checks answered.
    pub answered: u64,
    /// The slowest answer, and after what.
    pub worst: Duration,
    pub worst_after: String,
    /// Answers slower than the plan's limit.
    pub slow: u64,
    /// Times the engine was restarted after it hung, exited or panicked.
    pub restarts: u64,
    pub defects: Vec<String>,
    pub defect_count: u64,
}

impl ProtocolReport {
    fn defect(&mut self, what: String) {
        self.defect_count += 1;
        if self.defects.len() < 20 {
            self.defects.push(what);
        }
    }
}

/// Starts the engine and completes the handshake (UCI: `uci`/`uciok`; XBoard: `xboard`,
/// `protover 2` up to `feature done=1`), with short searches for XBoard.
fn start(program: &Path, dialect: Dialect, give_up: Duration) -> Result<EngineIo, String> {
    let mut e = EngineIo::spawn(program, &[dialect.command()])
        .map_err(|err| format!("cannot start {}: {err}", program.display()))?;
    match dialect {
        Dialect::Uci => {
            e.send("uci");
            e.read_until(give_up, |l| l.trim() == "uciok")?;
        }
        Dialect::Xboard => {
            e.send("xboard");
            e.send("protover 2");
            e.read_until(give_up, |l| l.contains("done=1"))?;
            e.send("new");
            e.send("force");
            restore_limits(&mut e);
        }
    }
    Ok(e)
}

fn restore_limits(e: &mut EngineIo) {
    e.send("sd 2");
    e.send("st 0.05");
}

/// Starts a variant's part of the run.
fn enter_variant(e: &mut EngineIo, dialect: Dialect, name: &str) {
    match dialect {
        Dialect::Uci => {
            e.send(&format!("setoption name UCI_Variant value {name}"));
            e.send("ucinewgame");
        }
        Dialect::Xboard => {
            e.send("force");
            e.send(&format!("variant {name}"));
        }
    }
}

/// Fuzzes the `dialect` of `program` with hostile inputs for each of `variants`.
pub fn fuzz_protocol(
    program: &Path,
    dialect: Dialect,
    variants: &[&str],
    plan: &ProtocolPlan,
) -> ProtocolReport {
    let mut rng = SeededRng::new(plan.seed);
    let mut report = ProtocolReport::default();
    let mut engine = match start(program, dialect, plan.give_up) {
        Ok(e) => e,
        Err(why) => {
            report.defect(format!("{dialect:?}: the engine does not start: {why}"));
            return report;
        }
    };
    let mut n = 0u32;
    let mut class_turn = 0usize;
    for name in variants {
        let Some(m) = material(name, plan.walk, plan.seed) else {
            report.defect(format!("unknown variant {name}"));
            continue;
        };
        enter_variant(&mut engine, dialect, name);
        for _ in 0..plan.inputs {
            let class = Class::ALL[class_turn % Class::ALL.len()];
            class_turn += 1;
            let input = hostile_input(dialect, &m, class, &mut rng);
            report.inputs += 1;
            let shown = input
                .iter()
                .map(|l| shorten(l))
                .collect::<Vec<_>>()
                .join(" / ");
            let mut fault = None;
            for line in &input {
                report.lines += 1;
                let first = line
                    .split(|b| b.is_ascii_whitespace())
                    .next()
                    .unwrap_or(b"");
                if first.eq_ignore_ascii_case(b"quit") {
                    continue;
                }
                if !engine.send_bytes(line) {
                    fault = Some("the engine stopped reading".to_string());
                    break;
                }
            }
            n += 1;
            if fault.is_none() {
                match engine.check_alive(dialect, n, plan.give_up) {
                    Ok((took, _)) => {
                        report.answered += 1;
                        if took > report.worst {
                            report.worst = took;
                            report.worst_after = format!("{name} {class:?}: {shown}");
                        }
                        let allowed = plan.answer_limit
                            + Duration::from_micros(100).saturating_mul(input.len() as u32);
                        if took > allowed {
                            report.slow += 1;
                            report.defect(format!(
                                "{name} {class:?}: answered after {} ms (limit {} ms) after {shown}",
                                took.as_millis(),
                                allowed.as_millis()
                            ));
                        }
                    }
                    Err(why) => fault = Some(why),
                }
            }
            if fault.is_none() && engine.panicked() {
                fault = Some(format!(
                    "stderr shows a panic:\n{}",
                    tail(&engine.stderr_text())
                ));
            }
            if let Some(why) = fault {
                report.defect(format!("{name} {class:?}: after {shown}: {why}"));
                report.restarts += 1;
                drop(engine);
                engine = match start(program, dialect, plan.give_up) {
                    Ok(e) => e,
                    Err(why) => {
                        report.defect(format!("the engine does not restart: {why}"));
                        return report;
                    }
                };
                enter_variant(&mut engine, dialect, name);
                continue;
            }
            if dialect == Dialect::Xboard {
                let touched = input.iter().any(|l| {
                    let first = l.split(|b| b.is_ascii_whitespace()).next().unwrap_or(b"");
                    [
                        &b"st"[..],
                        b"sd",
                        b"level",
                        b"time",
                        b"new",
                        b"variant",
                        b"setboard",
                    ]
                    .contains(&first)
                });
                if touched {
                    enter_variant(&mut engine, dialect, name);
                    restore_limits(&mut engine);
                }
            }
        }
    }
    match engine.quit(Duration::from_secs(10)) {
        Some(s) if s.success() => {}
        other => report.defect(format!(
            "{dialect:?}: quit did not end the engine cleanly ({other:?}); transcript:\n{}",
            engine.transcript()
        )),
    }
    if engine.panicked() {
        report.defect(format!(
            "stderr shows a panic:\n{}",
            tail(&engine.stderr_text())
        ));
    }
    report
}

/// The last lines of `text`.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}
