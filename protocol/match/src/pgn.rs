//! PGN output: one game per record, with the `Variant`, `FEN`/`SetUp`, `TimeControl`,
//! `Termination` tags, moves in the variant's own move text (chance outcomes rolled by the
//! runner appear as their own tokens, so replaying the tokens in order through the rules
//! crate reproduces the game), per-move `{score/depth time}` comments and the result with
//! its reason. Games are written in schedule order, appended to the file. The minimal form
//! (`-pgnout FILE min`) keeps only the seven tag roster (with `Variant` and `FEN`/`SetUp`,
//! without which the game cannot be replayed), the moves and the result.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use escalade_core::Color;

use super::record::{GameRecord, MoveSource, Termination};

/// What every game of the match shares.
#[derive(Clone, Debug)]
pub struct PgnContext {
    /// The `Event` tag (`-event`).
    pub event: String,
    /// The `Site` tag (`?` when unknown).
    pub site: String,
    /// The `Date` tag, `YYYY.MM.DD` (the match's start day, UTC).
    pub date: String,
    /// The canonical variant name (`normal`: no `Variant` tag).
    pub variant: String,
    /// Engine names by index.
    pub names: Vec<String>,
    /// `TimeControl` tag values by engine index.
    pub time_controls: Vec<String>,
    /// The minimal form: no comments, no tags beyond those needed.
    pub minimal: bool,
}

/// Escapes a tag value.
fn tag(name: &str, value: &str) -> String {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{v}\"]\n")
}

/// Comments may not contain `}`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The full-move number a FEN starts from (its last field, else 1).
fn first_move_number(fen: Option<&str>) -> u32 {
    fen.and_then(|f| f.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// The tags beyond the roster, `Variant` and `FEN`: `TimeControl`, `PlyCount`,
/// `Termination`, `Seed`.
fn extra_tags(ctx: &PgnContext, rec: &GameRecord) -> String {
    let mut s = String::new();
    let (wtc, btc) = (&ctx.time_controls[rec.white], &ctx.time_controls[rec.black]);
    if wtc == btc {
        s.push_str(&tag("TimeControl", wtc));
    } else {
        s.push_str(&tag("WhiteTimeControl", wtc));
        s.push_str(&tag("BlackTimeControl", btc));
    }
    let plies = rec
        .moves
        .iter()
        .filter(|m| m.source != MoveSource::Chance)
        .count();
    s.push_str(&tag("PlyCount", &plies.to_string()));
    if rec.outcome.termination != Termination::Normal {
        s.push_str(&tag("Termination", rec.outcome.termination.pgn_text()));
    }
    s.push_str(&tag("Seed", &rec.seed.to_string()));
    s
}

/// The whole game in PGN.
pub fn game_text(ctx: &PgnContext, rec: &GameRecord) -> String {
    let mut s = String::new();
    s.push_str(&tag("Event", &ctx.event));
    s.push_str(&tag("Site", &ctx.site));
    s.push_str(&tag("Date", &ctx.date));
    s.push_str(&tag("Round", &rec.round.to_string()));
    s.push_str(&tag("White", &ctx.names[rec.white]));
    s.push_str(&tag("Black", &ctx.names[rec.black]));
    s.push_str(&tag("Result", rec.outcome.score_text()));
    if ctx.variant != escalade_session::registry::DEFAULT_VARIANT {
        s.push_str(&tag("Variant", &ctx.variant));
    }
    if let Some(fen) = &rec.start_fen {
        s.push_str(&tag("FEN", fen));
        s.push_str(&tag("SetUp", "1"));
    }
    if !ctx.minimal {
        s.push_str(&extra_tags(ctx, rec));
    }
    s.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = first_move_number(rec.start_fen.as_deref());
    let mut need_number = true;
    for m in &rec.moves {
        if m.source == MoveSource::Chance {
            tokens.push(m.text.clone());
            continue;
        }
        match m.side {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if need_number => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(m.text.clone());
        need_number = !ctx.minimal && (m.comment.is_some() || m.source == MoveSource::Book);
        match (m.source, &m.comment) {
            _ if ctx.minimal => {}
            (MoveSource::Book, _) => tokens.push(comment("book")),
            (_, Some(c)) => tokens.push(comment(c)),
            _ => {}
        }
        if m.side == Color::Black {
            number += 1;
        }
    }
    if !ctx.minimal {
        tokens.push(comment(&rec.outcome.reason));
    }
    tokens.push(rec.outcome.score_text().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    s.push_str(&line);
    s.push_str("\n\n");
    s
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day number counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Why the PGN file could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum PgnError {
    /// The `-pgnout` file cannot be opened for appending.
    #[error("cannot open {}", path.display())]
    Open {
        /// The `-pgnout` file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A game could not be written to the file.
    #[error("cannot write PGN")]
    Write(#[source] std::io::Error),
}

/// Writes finished games in schedule order.
pub struct PgnWriter {
    file: File,
    ctx: PgnContext,
    waiting: BTreeMap<usize, String>,
    next: usize,
}

impl PgnWriter {
    /// Opens (appends to) `path`.
    pub fn open(path: &Path, ctx: PgnContext) -> Result<Self, PgnError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|source| PgnError::Open {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(PgnWriter {
            file,
            ctx,
            waiting: BTreeMap::new(),
            next: 1,
        })
    }

    /// Adds a finished game; writes every game whose predecessors are all written.
    pub fn add(&mut self, rec: &GameRecord) -> Result<(), PgnError> {
        self.waiting.insert(rec.number, game_text(&self.ctx, rec));
        while let Some(text) = self.waiting.remove(&self.next) {
            self.file
                .write_all(text.as_bytes())
                .map_err(PgnError::Write)?;
            self.next += 1;
        }
        Ok(())
    }

    /// Counts game `number` as written (a resumed run's game, written by the run before).
    pub fn written_before(&mut self, number: usize) -> Result<(), PgnError> {
        self.waiting.insert(number, String::new());
        while let Some(text) = self.waiting.remove(&self.next) {
            self.file
                .write_all(text.as_bytes())
                .map_err(PgnError::Write)?;
            self.next += 1;
        }
        Ok(())
    }

    /// Writes the games left waiting (after an early stop) in order.
    pub fn flush(&mut self) -> Result<(), PgnError> {
        for (_, text) in std::mem::take(&mut self.waiting) {
            self.file
                .write_all(text.as_bytes())
                .map_err(PgnError::Write)?;
        }
        self.file.flush().map_err(PgnError::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Outcome, PlayedMove};

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn writes_tags_moves_and_result() {
        let mut ctx = PgnContext {
            event: "t".into(),
            site: "Club".into(),
            date: "2026.01.01".into(),
            variant: "rope-dice".into(),
            names: vec!["A".into(), "B \"x\"".into()],
            time_controls: vec!["10+0.1".into(), "10+0.1".into()],
            minimal: false,
        };
        let mv = |text: &str, side, source, c: Option<&str>| PlayedMove {
            text: text.into(),
            side,
            source,
            comment: c.map(str::to_string),
        };
        let rec = GameRecord {
            number: 1,
            round: 1,
            white: 0,
            black: 1,
            start_fen: Some("X b - 7".into()),
            first_side: Color::Black,
            moves: vec![
                mv(
                    "P17-16",
                    Color::Black,
                    MoveSource::Engine,
                    Some("+0.10/3 0.1s"),
                ),
                mv("survives", Color::Black, MoveSource::Chance, None),
                mv("P5-6", Color::White, MoveSource::Engine, None),
            ],
            outcome: Outcome::win(Color::White, "White mates", Termination::Normal),
            seed: 5,
            final_fen: String::new(),
            oversteps: Default::default(),
        };
        let text = game_text(&ctx, &rec);
        assert!(text.contains("[Variant \"rope-dice\"]"));
        assert!(text.contains("[Black \"B \\\"x\\\"\"]"));
        assert!(text.contains("[FEN \"X b - 7\"]\n[SetUp \"1\"]"));
        assert!(text.contains("[PlyCount \"2\"]"));
        assert!(!text.contains("Termination"));
        assert!(
            text.contains("7... P17-16 {+0.10/3 0.1s} survives 8. P5-6 {White mates} 1-0"),
            "{text}"
        );
        assert!(text.contains("[Site \"Club\"]"));
        ctx.minimal = true;
        let text = game_text(&ctx, &rec);
        assert!(text.contains("[Variant \"rope-dice\"]") && text.contains("[SetUp \"1\"]"));
        assert!(!text.contains("PlyCount") && !text.contains("Seed") && !text.contains('{'));
        assert!(text.contains("7... P17-16 survives 8. P5-6 1-0"), "{text}");
    }
}
