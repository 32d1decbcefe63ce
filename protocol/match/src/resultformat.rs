//! cutechess-cli's `-resultformat`: the columns of the results table of three or more
//! engines, as a named format (`small`, `default`, `wide`, `per-color`, `wide3`, ...) or
//! a comma-separated list of field tokens (`Rank,Name,Elo,Error,Games,W,L,D`), with
//! cutechess's named groups (`WLDStats`, `DrawStats`, `Terminations`) expanded, and the
//! table those columns make (cutechess's headers, widths and ranking by score). Tokens
//! that cutechess accepts but prints nothing for (`LOS`, `wElo`, `wPoints`, ...) print
//! nothing here too; a token cutechess does not know is refused.

use super::record::{GameRecord, Termination};
use super::stats::Wdl;

/// cutechess-cli's named formats.
pub const NAMED_FORMATS: &[(&str, &str)] = &[
    ("concise", "Rank,Name,Elo,Error,Games"),
    ("default", "Rank,Name,Elo,Error,Games,Score,DScore"),
    (
        "draws",
        "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,\
         DAgree,OtherD",
    ),
    ("minimal", "Rank,Name"),
    ("ordo", "Rank,Name,Elo,Points,Games,Score"),
    (
        "per-color",
        "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints",
    ),
    ("short", "Rank,Name,Elo,Games"),
    ("small", "Rank,Name,Games,Points"),
    (
        "term",
        "Rank,Name,Elo,Error,Games,Score,Time,Illegal,Discon,Stall,WrClaim",
    ),
    (
        "wide",
        "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore",
    ),
    (
        "wide2",
        "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore",
    ),
    (
        "wide3",
        "Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations",
    ),
    (
        "with-points",
        "Rank,Name,Elo,Error,Games,Points,Score,DScore",
    ),
];

/// cutechess-cli's named groups of fields.
const GROUPS: &[(&str, &str)] = &[
    (
        "WLDStats",
        "W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore",
    ),
    (
        "DrawStats",
        "DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD",
    ),
    ("Terminations", "Time,Illegal,Discon,Stall,WrClaim"),
];

/// Tokens cutechess accepts and prints nothing for (its table has no value for them).
const SILENT: &[&str] = &[
    "LOS", "wElo", "wError", "wLOS", "bElo", "bError", "bLOS", "wPoints", "bPoints",
];

/// The field tokens with a column: token, header, header width (negative: left-aligned).
const FIELDS: &[(&str, &str, i32)] = &[
    ("Rank", "Rank", 4),
    ("Name", "Name", -25),
    ("Elo", "Elo", 7),
    ("Error", "+/-", 7),
    ("Games", "Games", 7),
    ("W", "Wins", 7),
    ("L", "Losses", 7),
    ("D", "Draws", 7),
    ("Points", "Points", 8),
    ("Score", "Score", 7),
    ("DScore", "Draw", 7),
    ("wScore", "White", 7),
    ("bScore", "Black", 7),
    ("wDScore", "WDraw", 7),
    ("bDScore", "BDraw", 7),
    ("wW", "WWins", 7),
    ("wL", "WLoss.", 7),
    ("wD", "WDraws", 7),
    ("bW", "BWins", 7),
    ("bL", "BLoss.", 7),
    ("bD", "BDraws", 7),
    ("Time", "Time", 7),
    ("Illegal", "Illegal", 7),
    ("Discon", "Discon", 7),
    ("Stall", "Stall", 7),
    ("WrClaim", "WrClaim", 7),
    ("RegulL", "RegulL", 7),
    ("RegulW", "RegulW", 7),
    ("OtherW", "OtherW", 7),
    ("DStale", "DStale", 7),
    ("DMater", "DMater", 7),
    ("DRepet", "DRepet", 7),
    ("DMoves", "DMoves", 7),
    ("DCount", "DCount", 7),
    ("DAdj", "DAdj", 7),
    ("DAgree", "DAgree", 7),
    ("OtherD", "OtherD", 7),
    ("TC", "TC", 14),
];

/// Why a `-resultformat` is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown field '{token}' (named formats: {names}; `-resultformat help` lists the fields)")]
pub struct UnknownField {
    /// The token.
    pub token: String,
    /// The named formats.
    pub names: String,
}

/// The field tokens of `text` (a named format or a list), named groups expanded, spaces
/// dropped, empty tokens skipped, as cutechess reads it.
pub fn parse(text: &str) -> Result<Vec<String>, UnknownField> {
    let mut format = NAMED_FORMATS
        .iter()
        .find(|(n, _)| *n == text)
        .map_or(text.to_string(), |(_, f)| f.to_string());
    for (group, fields) in GROUPS {
        format = format.replace(group, fields);
    }
    let tokens: Vec<String> = format
        .split(',')
        .map(|t| t.replace(' ', ""))
        .filter(|t| !t.is_empty())
        .collect();
    for t in &tokens {
        if !SILENT.contains(&t.as_str()) && !FIELDS.iter().any(|(f, _, _)| f == t) {
            return Err(UnknownField {
                token: t.clone(),
                names: NAMED_FORMATS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
    }
    Ok(tokens)
}

/// `-resultformat help`: the named formats, the field tokens and the named groups.
pub fn help() -> String {
    let mut s = String::from("Named formats:\n");
    for (n, f) in NAMED_FORMATS {
        s.push_str(&format!("{n}\n  {f}\n"));
    }
    let tokens: Vec<&str> = FIELDS
        .iter()
        .map(|(t, _, _)| *t)
        .chain(SILENT.iter().copied())
        .collect();
    s.push_str(&format!(
        "Field tokens:\n  {}\nNamed shortcuts:\n",
        tokens.join(" ")
    ));
    for (n, f) in GROUPS {
        s.push_str(&format!("{n}\n  {f}\n"));
    }
    s
}

/// One engine's counts for the table.
#[derive(Clone, Debug, Default)]
struct Row {
    all: Wdl,
    white: Wdl,
    black: Wdl,
    /// Counts per token of the termination and draw columns.
    kinds: std::collections::BTreeMap<&'static str, u32>,
}

/// The draw column of a draw by the rules, from its reason.
fn draw_kind(reason: &str) -> &'static str {
    let r = reason.to_ascii_lowercase();
    if r.contains("stalemate") {
        "DStale"
    } else if r.contains("material") {
        "DMater"
    } else if r.contains("repetition") {
        "DRepet"
    } else if r.contains("move") && r.contains("rule") {
        "DMoves"
    } else if r.contains("count") {
        "DCount"
    } else if r.contains("agree") {
        "DAgree"
    } else {
        "OtherD"
    }
}

/// Counts `rec` into the rows of its two engines.
fn count(rows: &mut [Row], rec: &GameRecord) {
    let winner = rec.winner_engine();
    for (engine, white) in [(rec.white, true), (rec.black, false)] {
        let won = winner.map(|w| w == engine);
        let row = &mut rows[engine];
        row.all.add(won);
        if white {
            row.white.add(won)
        } else {
            row.black.add(won)
        }
        let t = rec.outcome.termination;
        let kind = match (won, t) {
            (None, Termination::Adjudication) => Some("DAdj"),
            (None, _) => Some(draw_kind(&rec.outcome.reason)),
            (Some(true), Termination::Normal) => Some("RegulW"),
            (Some(true), _) => Some("OtherW"),
            (Some(false), Termination::Normal) => Some("RegulL"),
            (Some(false), Termination::TimeForfeit) => Some("Time"),
            (Some(false), Termination::IllegalMove) => Some("Illegal"),
            (Some(false), Termination::Abandoned) => Some("Discon"),
            (Some(false), Termination::StalledConnection) => Some("Stall"),
            (Some(false), Termination::Adjudication) => None,
        };
        if let Some(k) = kind {
            *row.kinds.entry(k).or_insert(0) += 1;
        }
    }
}

/// `x` in a right-aligned (or, negative, left-aligned) column, then a space.
fn cell(x: &str, width: i32) -> String {
    let w = width.unsigned_abs() as usize;
    if width < 0 {
        format!("{x:<w$} ")
    } else {
        format!("{x:>w$} ")
    }
}

/// A percentage cell: `%6.1f%` then a space.
fn percent(ratio: f64) -> String {
    format!("{:>6.1}% ", ratio * 100.0)
}

/// The draw ratio of `w` (0 with no game).
fn draw_ratio(w: &Wdl) -> f64 {
    if w.games() == 0 {
        0.0
    } else {
        w.draws as f64 / w.games() as f64
    }
}

/// One cell of `row`.
fn value(token: &str, rank: usize, name: &str, tc: &str, row: &Row) -> String {
    let n = |x: u32| cell(&x.to_string(), 7);
    let (elo, margin) = row.all.elo();
    let kind = |k: &str| n(row.kinds.get(k).copied().unwrap_or(0));
    match token {
        "Rank" => cell(&rank.to_string(), 4),
        "Name" => cell(name, -25),
        "Elo" => cell(&format!("{elo:.0}"), 7),
        "Error" => cell(&format!("{margin:.0}"), 7),
        "Games" => n(row.all.games()),
        "W" => n(row.all.wins),
        "L" => n(row.all.losses),
        "D" => n(row.all.draws),
        "Points" => format!("{:>8.1} ", row.all.wins as f64 + 0.5 * row.all.draws as f64),
        "Score" => percent(row.all.score()),
        "DScore" => percent(draw_ratio(&row.all)),
        "wScore" => percent(row.white.score()),
        "bScore" => percent(row.black.score()),
        "wDScore" => percent(draw_ratio(&row.white)),
        "bDScore" => percent(draw_ratio(&row.black)),
        "wW" => n(row.white.wins),
        "wL" => n(row.white.losses),
        "wD" => n(row.white.draws),
        "bW" => n(row.black.wins),
        "bL" => n(row.black.losses),
        "bD" => n(row.black.draws),
        "WrClaim" => n(0),
        "TC" => cell(tc, 14),
        t if FIELDS.iter().any(|(f, _, _)| *f == t) => kind(t),
        _ => String::new(),
    }
}

/// The table of `tokens` for the engines `names` (time controls `tcs`) over `records`,
/// best score first, each line ending in a newline as cutechess prints it.
pub fn table(
    tokens: &[String],
    names: &[String],
    tcs: &[String],
    records: &[GameRecord],
) -> String {
    let mut rows = vec![Row::default(); names.len()];
    for rec in records {
        count(&mut rows, rec);
    }
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| {
        let key = |r: &Row| {
            if r.all.games() == 0 {
                -1.0
            } else {
                r.all.score()
            }
        };
        key(&rows[b])
            .partial_cmp(&key(&rows[a]))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let header: String = tokens
        .iter()
        .filter_map(|t| FIELDS.iter().find(|(f, _, _)| f == t))
        .map(|(_, h, w)| cell(h, *w))
        .collect();
    let mut s = format!("{header}\n");
    for (rank, &i) in order.iter().enumerate() {
        let line: String = tokens
            .iter()
            .map(|t| value(t, rank + 1, &names[i], &tcs[i], &rows[i]))
            .collect();
        s.push_str(&format!("{line}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_formats_groups_and_lists() {
        assert_eq!(parse("small").unwrap(), ["Rank", "Name", "Games", "Points"]);
        assert_eq!(parse("Rank, Name,,W").unwrap(), ["Rank", "Name", "W"]);
        let wide3 = parse("wide3").unwrap();
        assert_eq!(wide3.len(), 3 + 3 + 15 + 8 + 5);
        assert!(parse("Rank,LOS,wPoints").is_ok());
        assert_eq!(parse("Rank,Bogus").unwrap_err().token, "Bogus");
        assert!(help().contains("per-color\n  Rank,Name,Elo,Error,Games,W,L,D,Points,wW"));
    }

    #[test]
    fn small_table_cells() {
        let names = ["A".to_string(), "B".to_string(), "C".to_string()];
        let tcs = vec!["10+0.1".to_string(); 3];
        let t = table(&parse("small").unwrap(), &names, &tcs, &[]);
        let mut lines = t.lines();
        assert_eq!(
            lines.next(),
            Some(format!("Rank {:<25}   Games   Points ", "Name").as_str())
        );
        assert_eq!(
            lines.next(),
            Some(format!("   1 {:<25}       0      0.0 ", "A").as_str())
        );
    }
}
