//! The hostile inputs of protocol fuzzing, in classes ([`Class`]) tried in turn so every
//! class is tried in every run however short: mutated command lines, invalid UTF-8, NUL
//! bytes, 1 MB lines, huge and negative numbers in every numeric field (depth, times, hash,
//! threads, movestogo, `level`, `st`, `sd`, options), thousands of moves in one `position`
//! (or thousands of `usermove`s), garbage FENs per variant, bursts of commands out of
//! order, and the special cases that once hung or aborted engines (`go perft 4294967295`, a
//! long `go perft 60`, `setoption name Hash value 65536`, `memory 999999999`, finished
//! positions, `undo`/`remove` at the start, an illegal move after legal ones).

use escalade_core::SeededRng;
use rand::seq::SliceRandom;
use rand::Rng;

use super::engine_io::Dialect;
use super::material::Material;
use crate::mutate::{mutate_bytes, mutate_n, NUMBERS};

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

/// UCI commands to mutate and shuffle (the variant's own lines are added).
const UCI_COMMANDS: &[&str] = &[
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
];

/// XBoard commands to mutate and shuffle (the variant's own lines are added).
const XBOARD_COMMANDS: &[&str] = &[
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
];

/// Commands of each dialect to mutate and shuffle.
fn templates(dialect: Dialect, m: &Material) -> Vec<String> {
    let fixed = match dialect {
        Dialect::Uci => UCI_COMMANDS,
        Dialect::Xboard => XBOARD_COMMANDS,
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

/// One line.
fn one(line: String) -> Vec<Vec<u8>> {
    vec![line.into_bytes()]
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
    match class {
        Class::Mutated => mutated(base, rng),
        Class::InvalidUtf8 => invalid_utf8(&base, rng),
        Class::Nul => nul(&base, rng),
        Class::Huge => vec![huge(dialect, &base, rng)],
        Class::Number => number(dialect, rng),
        Class::LongGame => long_game(dialect, m, rng),
        Class::BadFen => bad_fen(dialect, m, rng),
        Class::OutOfOrder => {
            let mut burst = Vec::new();
            for _ in 0..rng.gen_range(2..7) {
                burst.push(t.choose(rng).expect("templates").clone().into_bytes());
            }
            burst
        }
        Class::Special => special(dialect, rng),
    }
}

/// [`Class::Mutated`]: `base` as it is, mutated, or a random line.
fn mutated(base: String, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    match rng.gen_range(0..10) {
        0 => one(base),
        1..=7 => one(mutate_n(&base, rng.gen_range(1..3), rng)),
        _ => one(mutate_n("", rng.gen_range(1..4), rng)),
    }
}

/// [`Class::InvalidUtf8`].
fn invalid_utf8(base: &str, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    match rng.gen_range(0..4) {
        0 => vec![BAD_UTF8.choose(rng).expect("bytes").to_vec()],
        1 => vec![(0..rng.gen_range(1..60))
            .map(|_| rng.gen::<u8>() | 0x80)
            .collect()],
        2 => vec![mutate_bytes(base.as_bytes(), rng)],
        _ => vec![insert_bytes(base.as_bytes(), BAD_UTF8, rng)],
    }
}

/// [`Class::Nul`].
fn nul(base: &str, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    match rng.gen_range(0..4) {
        0 => vec![vec![0u8; rng.gen_range(1..64)]],
        1 => vec![insert_bytes(base.as_bytes(), &[b"\0", b"\0\0\0"], rng)],
        2 => vec![[b"\0".as_slice(), base.as_bytes()].concat()],
        _ => vec![[base.as_bytes(), b"\0"].concat()],
    }
}

/// [`Class::Huge`]: one line of about 1 MB.
fn huge(dialect: Dialect, base: &str, rng: &mut SeededRng) -> Vec<u8> {
    match rng.gen_range(0..6) {
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
    }
}

/// [`Class::Number`]: a numeric template with hostile numbers in it.
fn number(dialect: Dialect, rng: &mut SeededRng) -> Vec<Vec<u8>> {
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

/// [`Class::LongGame`]: thousands of moves.
fn long_game(dialect: Dialect, m: &Material, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    let n = rng.gen_range(1000..=m.long_walk.len().max(1000));
    match dialect {
        Dialect::Uci => {
            let mut moves: Vec<&str> = m.long_walk.iter().take(n).map(String::as_str).collect();
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

/// [`Class::BadFen`]: a garbage FEN for the variant.
fn bad_fen(dialect: Dialect, m: &Material, rng: &mut SeededRng) -> Vec<Vec<u8>> {
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

/// [`Class::Special`]: the cases that once hung or aborted engines.
fn special(dialect: Dialect, rng: &mut SeededRng) -> Vec<Vec<u8>> {
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
        (Dialect::Xboard, 4) => &["time 1844674407370955162", "otim 1844674407370955162", "go"],
        (Dialect::Xboard, 5) => &["level 4294967297 99999999999 -5", "st -1", "sd -1"],
        (Dialect::Xboard, 6) => &["st 1e30", "sd 4294967297", "go"],
        (Dialect::Xboard, 7) => &["new", "force", "usermove e2e4", "remove", "undo", "undo"],
        (Dialect::Xboard, _) => &["option Skill Level=4294967296", "option MultiPV=-1"],
    };
    lines.iter().map(|l| l.as_bytes().to_vec()).collect()
}
