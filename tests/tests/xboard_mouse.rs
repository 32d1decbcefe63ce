//! A human plays against Escalade in XBoard 4.9.1 by mouse, to the end of the game (issue
//! 86), in FIDE chess and every rope and escalator form XBoard carries: under a virtual
//! display (Xvfb), XBoard runs `escalade xboard` as its engine with legality testing off;
//! the human is White (XBoard's default mode: the engine answers after the human's move).
//! Each human move comes from a second `escalade xboard` (the helper) in XBoard's own move
//! text (`move a1c1`: the squares XBoard shows), and `xdotool` plays it by clicking the
//! from-square and then the to-square on XBoard's board, found on a screenshot by
//! its two square colours. XBoard's debug log must then show the engine receiving
//! `usermove` with that very text, the engine never answers `Illegal move` or `Error`, and
//! the game ends with a result. The helper searches deeper than XBoard's engine
//! (`-searchDepth`), so the games end soon. The human never promotes by letter (XBoard's
//! promotion popup is not clicked): the helper's promotions are excluded, except FIDE's
//! Queen, which `-alwaysPromoteToQueen` makes. A screenshot mid-game and at the end per
//! variant lands in `target/xboard-mouse-screenshots/`. Skipped with a printed reason where
//! XBoard, Xvfb, xdotool or ImageMagick's `import` is missing outside CI.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use escalade_tests::pipe::Pipe;
use escalade_tests::xvfb::Display;
use escalade_tests::{find_tool, skip};

/// The variants played: FIDE chess, the escalator and every rope form XBoard carries.
const VARIANTS: [&str; 5] = [
    "normal",
    "escalator",
    "rope",
    "rope-mini",
    "rope-threecheck",
];
/// Human moves at most per game.
const MAX_HUMAN_MOVES: usize = 60;
/// XBoard's square colours, given on its command line (no board texture), to find its
/// board on a screenshot.
const LIGHT: [u8; 3] = [0xF0, 0xD9, 0xB5];
const DARK: [u8; 3] = [0xB5, 0x88, 0x63];
/// The helper's search depth (XBoard's engine searches `-searchDepth 1`).
const HELPER_DEPTH: &str = "3";

fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .join("target/xboard-mouse-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    dir
}

/// What XBoard's debug log says of the engine (`first`): lines sent (`> `) and received
/// (`< `). XBoard writes `usermove` and the move as two pieces of one log line
/// (`6605 >first : usermove 6605 >first : e2e4`), joined here (`> usermove e2e4`).
fn engine_lines(log: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for line in log.lines() {
        if let Some((_, text)) = line.split_once("<first : ") {
            lines.push(format!("< {}", text.trim()));
        } else if line.contains(">first : ") {
            let pieces: Vec<&str> = line.split(">first : ").skip(1).collect();
            let mut joined = Vec::new();
            for (i, piece) in pieces.iter().enumerate() {
                let mut piece = piece.trim();
                // the next piece's timestamp ends this one
                if i + 1 < pieces.len() {
                    if let Some((head, stamp)) = piece.rsplit_once(' ') {
                        if stamp.chars().all(|c| c.is_ascii_digit()) {
                            piece = head;
                        }
                    }
                }
                joined.push(piece);
            }
            lines.push(format!("> {}", joined.join(" ")));
        }
    }
    lines
}

/// Whether an engine line received claims a result, or XBoard sent one.
fn is_result(line: &str) -> bool {
    ["< 1-0", "< 0-1", "< 1/2-1/2", "> result "]
        .iter()
        .any(|p| line.starts_with(p))
}

/// XBoard's board on the screen: its top left pixel, square pitch and size in squares.
struct Board {
    left: f64,
    top: f64,
    pitch_x: f64,
    pitch_y: f64,
    ranks: u32,
}

impl Board {
    /// Finds the board of `files`x`ranks` squares on a screenshot by its square colours.
    fn find(display: &Display, files: u32, ranks: u32) -> Option<Board> {
        let (l, t, r, b) = display.grab()?.bounds_of(&[LIGHT, DARK])?;
        // the outermost squares' colours span the board less one grid line
        let pitch_x = (r - l + 2) as f64 / f64::from(files);
        let pitch_y = (b - t + 2) as f64 / f64::from(ranks);
        Some(Board {
            left: l as f64,
            top: t as f64,
            pitch_x,
            pitch_y,
            ranks,
        })
    }

    /// The pixel at the centre of square `square` (`a1`: bottom left).
    fn centre(&self, square: Square) -> (u32, u32) {
        let (file, rank) = square;
        let x = self.left + (f64::from(file) + 0.5) * self.pitch_x;
        let y = self.top + (f64::from(self.ranks - rank) + 0.5) * self.pitch_y;
        (x as u32, y as u32)
    }
}

/// A grid square: file from 0, rank from 1.
type Square = (u32, u32);

/// A grid move's from- and to-square and what follows them (a promotion letter); `None`
/// for a drop or anything else.
fn squares(text: &str) -> Option<(Square, Square, &str)> {
    fn square(s: &str) -> Option<(Square, &str)> {
        let file = s.chars().next().filter(char::is_ascii_lowercase)?;
        let digits = s[1..].chars().take_while(char::is_ascii_digit).count();
        let rank = s[1..1 + digits].parse().ok()?;
        Some(((u32::from(file) - u32::from('a'), rank), &s[1 + digits..]))
    }
    let (from, rest) = square(text)?;
    let (to, rest) = square(rest)?;
    Some((from, to, rest))
}

/// The helper: a second `escalade xboard` that keeps the game and picks the human's moves.
struct Helper {
    pipe: Pipe,
    variant: &'static str,
    /// The moves it picked that the human cannot click (promotions by letter).
    excluded: Vec<String>,
}

impl Helper {
    fn start(variant: &'static str) -> Helper {
        let mut pipe = Pipe::start(&["xboard"]);
        for line in ["xboard", "protover 2", "new", "easy"] {
            pipe.send(line);
        }
        pipe.send(&format!("variant {variant}"));
        pipe.send(&format!("sd {HELPER_DEPTH}"));
        pipe.send("force");
        pipe.sync(1);
        Helper {
            pipe,
            variant,
            excluded: Vec::new(),
        }
    }

    /// Whether the human can make `text` by mouse: no promotion letter, except FIDE's
    /// Queen (`-alwaysPromoteToQueen`).
    fn clickable(&self, text: &str) -> bool {
        squares(text).is_some_and(|(_, _, rest)| {
            rest.is_empty() || (self.variant == "normal" && rest == "q")
        })
    }

    /// The human's next move in XBoard's text, or `None` when the helper sees the game over.
    fn choose(&mut self) -> Option<String> {
        for _ in 0..30 {
            self.pipe.send("go");
            let line = self.pipe.wait_for(30, |l| {
                ["move ", "1-0", "0-1", "1/2-1/2"]
                    .iter()
                    .any(|p| l.starts_with(p))
            });
            self.pipe.send("force");
            let text = line.strip_prefix("move ")?.trim().to_string();
            if self.clickable(&text) {
                return Some(text);
            }
            self.pipe.send("undo");
            self.pipe.send(&format!("exclude {text}"));
            self.excluded.push(text);
        }
        None
    }

    /// The engine's reply, played on the helper's board.
    fn reply(&mut self, text: &str) {
        self.pipe.send(&format!("usermove {text}"));
    }
}

/// XBoard running `escalade xboard` in `variant`, the human White, with its debug log.
struct XBoard {
    child: Child,
    log: PathBuf,
}

impl XBoard {
    fn start(xboard: &Path, display: &Display, variant: &str, dir: &Path) -> XBoard {
        let log = dir.join(format!("{variant}.debug"));
        let _ = std::fs::remove_file(&log);
        let engine = format!("{} xboard", escalade_tests::escalade_bin().display());
        let colour = |c: [u8; 3]| format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2]);
        let child = Command::new(xboard)
            .env("DISPLAY", &display.name)
            .arg("-fcp")
            .arg(&engine)
            .arg("-fd")
            .arg(dir)
            .args(["-variant", variant, "-testLegality", "false"])
            .args(["-size", "Middling", "-useBoardTexture", "false"])
            .args(["-lightSquareColor", &colour(LIGHT)])
            .args(["-darkSquareColor", &colour(DARK)])
            .args([
                "-alwaysPromoteToQueen",
                "true",
                "-saveSettingsOnExit",
                "false",
            ])
            // the human's clock must not fall; XBoard's engine searches one ply
            .args(["-tc", "30", "-searchDepth", "1"])
            .args(["-debug", "-nameOfDebugFile"])
            .arg(&log)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start xboard");
        XBoard { child, log }
    }

    /// What the debug log says of the engine so far.
    fn lines(&self) -> Vec<String> {
        engine_lines(&std::fs::read_to_string(&self.log).unwrap_or_default())
    }

    /// The engine lines once one of them after the first `seen` satisfies `pred`, within
    /// `secs` seconds; `Err` with the lines otherwise.
    fn wait(
        &self,
        seen: usize,
        secs: u64,
        pred: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, Vec<String>> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let lines = self.lines();
            if lines.iter().skip(seen).any(|l| pred(l)) {
                return Ok(lines);
            }
            if Instant::now() > deadline {
                return Err(lines);
            }
            thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for XBoard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One game: the human moves played, the result line, and what went wrong.
struct Game {
    plies: usize,
    excluded: Vec<String>,
    result: Option<String>,
    problems: Vec<String>,
}

/// Grid size of XBoard's board: from the engine's `setup` (`... 7x3+0_shatranj`), else 8x8.
fn grid_size(lines: &[String]) -> (u32, u32) {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("< setup "))
        .flat_map(|l| l.split_whitespace())
        .find_map(|w| {
            let (files, rest) = w.split_once('x')?;
            let ranks: String = rest.chars().take_while(char::is_ascii_digit).collect();
            Some((files.parse().ok()?, ranks.parse().ok()?))
        })
        .unwrap_or((8, 8))
}

/// Plays `variant` by mouse to the end (or `MAX_HUMAN_MOVES`).
fn play(xboard: &Path, display: &Display, variant: &'static str, dir: &Path) -> Game {
    let mut game = Game {
        plies: 0,
        excluded: Vec::new(),
        result: None,
        problems: Vec::new(),
    };
    let gui = XBoard::start(xboard, display, variant, dir);
    let Ok(lines) = gui.wait(0, 20, |l| l.starts_with("< pong")) else {
        game.problems
            .push("the engine never answered XBoard".into());
        return game;
    };
    thread::sleep(Duration::from_millis(500));
    let (files, ranks) = grid_size(&lines);
    let Some(board) = Board::find(display, files, ranks) else {
        game.problems.push("no board on the screen".into());
        return game;
    };
    let mut helper = Helper::start(variant);
    let mut seen = lines.len();
    for human in 0..MAX_HUMAN_MOVES {
        let Some(text) = helper.choose() else {
            game.problems.push("the helper found no move".into());
            break;
        };
        let (from, to, _) = squares(&text).expect("a grid move");
        let (a, b) = (board.centre(from), board.centre(to));
        display.click(a.0, a.1);
        thread::sleep(Duration::from_millis(100));
        display.click(b.0, b.1);
        let sent = gui.wait(seen, 10, |l| l.starts_with("> usermove "));
        let Ok(lines) = sent else {
            game.problems.push(format!(
                "move {} ({text}) never reached the engine",
                human + 1
            ));
            break;
        };
        let at = seen
            + lines[seen..]
                .iter()
                .position(|l| l.starts_with("> usermove "))
                .expect("waited for it");
        if lines[at] != format!("> usermove {text}") {
            game.problems
                .push(format!("clicked {text}, XBoard sent {}", lines[at]));
            break;
        }
        game.plies += 1;
        seen = at + 1;
        if human == 2 {
            display.screenshot(&dir.join(format!("{variant}-mid.png")));
        }
        let answer = gui.wait(seen, 30, |l| l.starts_with("< move ") || is_result(l));
        let Ok(lines) = answer else {
            game.problems.push(format!("no answer to {text}"));
            break;
        };
        let reply = lines[seen..]
            .iter()
            .position(|l| l.starts_with("< move ") || is_result(l))
            .map(|i| seen + i)
            .expect("waited for it");
        seen = reply + 1;
        if is_result(&lines[reply]) {
            game.result = Some(lines[reply].clone());
            break;
        }
        game.plies += 1;
        helper.reply(lines[reply].trim_start_matches("< move ").trim());
        // a reply may end the game too
        if let Some(end) = gui
            .wait(seen, 0, is_result)
            .ok()
            .and_then(|l| l.into_iter().skip(seen).find(|l| is_result(l)))
        {
            game.result = Some(end);
            break;
        }
    }
    game.excluded = helper.excluded;
    thread::sleep(Duration::from_millis(600));
    display.screenshot(&dir.join(format!("{variant}-end.png")));
    let complaints: Vec<String> = gui
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("< Illegal move") || l.starts_with("< Error"))
        .collect();
    game.problems.extend(complaints);
    game
}

#[test]
fn a_human_plays_escalade_by_mouse_in_xboard_to_the_end_of_the_game() {
    let tools = ["xboard", "Xvfb", "xdotool", "import"].map(|t| find_tool(&[t]));
    let [Some(xboard), Some(xvfb), Some(_), Some(_)] = tools else {
        return skip("xboard, Xvfb, xdotool or import is not installed (apt-get install xboard xvfb xdotool imagemagick)");
    };
    let display = Display::start(&xvfb);
    let dir = screenshot_dir();
    let mut failures = Vec::new();
    for variant in VARIANTS {
        let started = Instant::now();
        let game = play(&xboard, &display, variant, &dir);
        eprintln!(
            "{variant}: {} plies, {}, {:.1} s, promotions left out {:?}, problems {:?}",
            game.plies,
            game.result.as_deref().unwrap_or("no result"),
            started.elapsed().as_secs_f64(),
            game.excluded,
            game.problems
        );
        if game.result.is_none() || !game.problems.is_empty() {
            failures.push(format!("{variant}: {:?} {:?}", game.result, game.problems));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("screenshots in {}", dir.display());
}
