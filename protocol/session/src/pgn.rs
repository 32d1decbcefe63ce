//! PGN for every variant: tag pairs (`[Variant "chutes"]`, `[FEN "..."]`) and the moves in
//! the variant's record text (SAN in chess), a chance outcome kept in a comment after its
//! move (`{roll: survives}`). The reader takes what lichess writes: `{ [%clk 0:02:58] }`
//! and `[%eval]` comments, annotations (`$1`, `?!`), `1...` numbers, variations (skipped),
//! CRLF. Text only: [`PgnGame`] holds strings, the caller plays them.

use thiserror::Error;

/// One move of the move text and the chance outcomes that followed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move in the variant's move text.
    pub text: String,
    /// The chance outcomes that followed it, from its `{roll: ...}` comments.
    pub rolls: Vec<String>,
}

/// One game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs as name and value, in the order of the text.
    pub tags: Vec<(String, String)>,
    /// The moves of the move text, in order.
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    /// A tag line is not a `[Name "value"]` pair (its line number, from 1).
    #[error("bad tag pair on line {0}")]
    BadTag(usize),
    /// A `(` variation runs to the end of the text.
    #[error("a comment or variation is not closed")]
    Unclosed,
    /// The text holds neither tags nor moves.
    #[error("no game in the text")]
    Empty,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The game as PGN text, with a final comment `reason` if given.
    pub fn write(&self, reason: Option<&str>) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push('\n');
        let mut line = String::new();
        let mut push = |token: String, out: &mut String| {
            if !line.is_empty() && line.len() + token.len() + 1 > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        };
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                push(format!("{}.", i / 2 + 1), &mut out);
            }
            push(mv.text.clone(), &mut out);
            for roll in &mv.rolls {
                push(format!("{{roll: {roll}}}"), &mut out);
            }
        }
        if let Some(reason) = reason {
            push(format!("{{{}}}", reason.replace('}', ")")), &mut out);
        }
        push(self.result.clone(), &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// Reads the first game of a PGN text.
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    let mut game = PgnGame::default();
    let mut body = String::new();
    // inside a `{...}` comment a line may start with `[` (`[%clk 0:02:58] }`)
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if in_comment || !(trimmed.starts_with('[') || trimmed.starts_with('%')) {
            body.push_str(line);
            body.push('\n');
            in_comment = ends_in_comment(line, in_comment);
        } else if trimmed.starts_with('[') && body.trim().is_empty() {
            game.tags
                .push(read_tag(trimmed).ok_or(PgnError::BadTag(n + 1))?);
        } else if trimmed.starts_with('[') {
            break; // the next game's tags
        }
    }
    read_moves(&body, &mut game)?;
    if game.tags.is_empty() && game.moves.is_empty() {
        return Err(PgnError::Empty);
    }
    Ok(game)
}

/// Whether a `{` comment is still open at the end of `line` (`open`: at its start).
fn ends_in_comment(line: &str, open: bool) -> bool {
    line.chars().fold(open, |open, c| match c {
        '{' => true,
        '}' => false,
        _ => open,
    })
}

fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

fn read_moves(body: &str, game: &mut PgnGame) -> Result<(), PgnError> {
    let mut chars = body.chars().peekable();
    let mut token = String::new();
    let flush = |token: &mut String, game: &mut PgnGame| {
        let t = std::mem::take(token);
        let t = strip_number(&t);
        // numeric (`$1`) and glyph (`!?`, `??`) annotations stand alone
        if t.is_empty() || t.starts_with('$') || t.chars().all(|c| matches!(c, '!' | '?')) {
            return;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&t) {
            game.result = t.to_string();
            return;
        }
        game.moves.push(PgnMove {
            text: t.to_string(),
            rolls: Vec::new(),
        });
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut token, game);
                let comment: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if let (Some(roll), Some(last)) =
                    (comment.trim().strip_prefix("roll:"), game.moves.last_mut())
                {
                    last.rolls.push(roll.trim().to_string());
                }
            }
            ';' => {
                flush(&mut token, game);
                chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
            }
            '(' => {
                flush(&mut token, game);
                skip_variation(&mut chars)?;
            }
            c if c.is_whitespace() => flush(&mut token, game),
            c => token.push(c),
        }
    }
    flush(&mut token, game);
    if game.result.is_empty() {
        game.result = "*".into();
    }
    Ok(())
}

/// Drops a move number (`12.`, `12...`) in front of a token.
fn strip_number(token: &str) -> &str {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

fn skip_variation(chars: &mut impl Iterator<Item = char>) -> Result<(), PgnError> {
    let mut depth = 1;
    for c in chars {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return Ok(());
        }
    }
    Err(PgnError::Unclosed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_reads_back() {
        let game = PgnGame {
            tags: vec![
                ("Variant".into(), "rope-dice".into()),
                ("FEN".into(), "x \"y\"".into()),
            ],
            moves: vec![
                PgnMove {
                    text: "T4-7".into(),
                    rolls: vec!["survives".into()],
                },
                PgnMove {
                    text: "0f7-0f5/".into(),
                    rolls: vec![],
                },
                PgnMove {
                    text: "e4xe5,e5xf6".into(),
                    rolls: vec![],
                },
            ],
            result: "1-0".into(),
        };
        let text = game.write(Some("checkmate"));
        assert_eq!(read(&text), Ok(game));
    }

    #[test]
    fn numbers_comments_and_variations_are_skipped() {
        let g = read("[Event \"x\"]\n\n1.e2e4 {good} e7e5 (1...c7c5 2.g1f3) 2. g1f3 $1 ; note\n*")
            .unwrap();
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(g.result, "*");
        assert_eq!(read("1. e4 (e5"), Err(PgnError::Unclosed));
        assert_eq!(read("1. e4 {a (b} e5 *").unwrap().moves.len(), 2);
        assert_eq!(read("[Bad"), Err(PgnError::BadTag(1)));
        assert_eq!(read("   "), Err(PgnError::Empty));
    }

    #[test]
    fn lichess_comments_annotations_and_numbers_are_read() {
        let text = "[Event \"Rated Blitz game\"]\r\n[Variant \"Standard\"]\r\n\
                    [TimeControl \"180+2\"]\r\n\r\n\
                    1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5?! { (0.2 → 0.5) Inaccuracy. {\r\n\
                    [%clk 0:02:58] } (1... c5 2. Nf3) 2. Nf3 $1 !? 2... Nc6 ?? { [%eval #-3] }\r\n\r\n\
                    3. O-O-O+ 1-0\r\n\r\n\r\n";
        let g = read(text).unwrap();
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e4", "e5?!", "Nf3", "Nc6", "O-O-O+"]);
        assert_eq!(g.tag("TimeControl"), Some("180+2"));
        assert_eq!(g.tag("variant"), Some("Standard"));
        assert_eq!(g.result, "1-0");
        assert!(g.moves.iter().all(|m| m.rolls.is_empty()));
    }
}
