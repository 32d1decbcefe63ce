//! What the server sends to the page (`docs/gui-protocol.md`, server to client), built as
//! JSON from the session's neutral board description.

use escalade_core::{Color, GameResult, Man, Picture, Placed};
use escalade_engine::{Score, SearchInfo};
use escalade_session::board::Snapshot;
use escalade_session::options::{OptionKind, OPTIONS};
use escalade_session::registry;
use serde_json::{json, Value};

/// `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The greeting: variants, the engine options the page may set (`Hash` at most the
/// server's hash budget of `hash_budget_mb`, which all its boards share) and that budget.
pub fn hello(default_variant: &str, hash_budget_mb: usize) -> Value {
    let variants: Vec<Value> = registry::forms()
        .iter()
        .map(|f| json!({"name": f.name, "game": f.description}))
        .collect();
    let options: Vec<Value> = OPTIONS
        .iter()
        .filter(|o| o.board)
        .filter_map(|o| match o.kind {
            OptionKind::Spin { default, min, max } => {
                let max = match o.name {
                    "Hash" => max.min(hash_budget_mb as i64),
                    _ => max,
                };
                Some(json!({"name": o.name, "min": min, "max": max, "default": default}))
            }
            _ => None,
        })
        .collect();
    json!({
        "type": "hello",
        "version": env!("CARGO_PKG_VERSION"),
        "default_variant": default_variant,
        "variants": variants,
        "options": options,
        "hash_budget_mb": hash_budget_mb,
    })
}

fn man_json(man: &Man) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    out.insert("color".into(), json!(color_name(man.color)));
    out.insert("kind".into(), json!(man.kind));
    out.insert("letter".into(), json!(man.letter));
    out.insert("badge".into(), json!(man.badge));
    out.insert("royal".into(), json!(man.royal));
    out
}

/// A piece on a cell as the page draws it: its man's fields and `cell`.
pub fn placed_json(placed: &Placed) -> Value {
    let mut m = man_json(&placed.man);
    m.insert("cell".into(), json!(placed.cell));
    Value::Object(m)
}

/// The picture as the page draws it.
pub fn picture(p: &Picture) -> Value {
    let cells: Vec<Value> = p
        .cells
        .iter()
        .map(|c| {
            let poly: Vec<Value> = c.polygon.iter().map(|&(x, y)| json!([x, y])).collect();
            json!({"name": c.name, "poly": poly, "shade": c.shade.name(), "label": c.label, "flipped_label": c.flipped_label})
        })
        .collect();
    let pieces: Vec<Value> = p.pieces.iter().map(placed_json).collect();
    let links: Vec<Value> = p
        .links
        .iter()
        .map(|l| {
            json!({"from": l.from, "to": l.to, "kind": l.kind.name(),
                   "owner": l.owner.map(color_name), "two_way": l.two_way})
        })
        .collect();
    let hands: Vec<Value> = p
        .hands
        .iter()
        .map(|h| {
            let mut m = man_json(&h.man);
            m.insert("id".into(), json!(h.id));
            m.insert("count".into(), json!(h.count));
            Value::Object(m)
        })
        .collect();
    json!({"cells": cells, "pieces": pieces, "links": links, "hands": hands, "notes": p.notes})
}

/// A game result for the page.
pub fn result(r: Option<GameResult>) -> Value {
    match r {
        None => Value::Null,
        Some(r) => json!({"score": r.score_text(), "reason": r.reason()}),
    }
}

/// A `view` answer.
pub fn view(ply: Option<usize>, moves: &[String], s: &Snapshot) -> Value {
    json!({
        "type": "view",
        "ply": ply,
        "moves": moves,
        "fen": s.fen,
        "picture": picture(&s.picture),
        "last": s.last,
        "strokes": s.strokes,
        "check": s.check,
        "checked": s.checked,
        "turn": color_name(s.side_to_move),
    })
}

/// An `error` message answering a request of type `request` (`None`: unreadable).
pub fn error(request: Option<&str>, message: &str) -> Value {
    json!({"type": "error", "request": request, "message": message})
}

/// A score from White's view, as lichess shows it whoever is to move: in pawns (`+0.35`:
/// White better; `#3`: White mates in 3, `#-2`: Black mates in 2), in centipawns (mates at
/// ±10000) and, for a mate, its moves (negative: Black mates). `score` is the search's,
/// from the view of `mover`, the side to move.
fn scores(score: Score, mover: Color) -> (String, i32, Option<i32>) {
    let sign = mover.sign();
    match score {
        Score::Cp(cp) => {
            let white = cp * sign;
            (
                format!("{:+.2}", white as f64 / 100.0),
                white.clamp(-10_000, 10_000),
                None,
            )
        }
        Score::Mate(n) => (
            format!("#{}", n * sign),
            10_000 * n.signum() * sign,
            Some(n * sign),
        ),
    }
}

/// One analysis line.
pub fn info_line(info: &SearchInfo, mover: Color) -> Value {
    let (text, white_cp, mate) = scores(info.score, mover);
    json!({
        "multipv": info.multipv,
        "depth": info.depth,
        "score": text,
        "white_cp": white_cp,
        "mate": mate,
        "nodes": info.nodes,
        "nps": info.nps,
        "pv": info.pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_from_whites_view_whoever_is_to_move() {
        assert_eq!(
            scores(Score::Cp(35), Color::White),
            ("+0.35".into(), 35, None)
        );
        // Black to move and better by 0.35: White's view is -0.35
        assert_eq!(
            scores(Score::Cp(35), Color::Black),
            ("-0.35".into(), -35, None)
        );
        assert_eq!(
            scores(Score::Mate(-2), Color::White),
            ("#-2".into(), -10_000, Some(-2))
        );
        // Black to move mates in 2: Black mates, `#-2` from White's view
        assert_eq!(
            scores(Score::Mate(2), Color::Black),
            ("#-2".into(), -10_000, Some(-2))
        );
    }

    #[test]
    fn hello_lists_every_variant() {
        let h = hello("normal", 100);
        assert_eq!(
            h["variants"].as_array().unwrap().len(),
            registry::names().len()
        );
        assert!(h["options"].as_array().unwrap().len() >= 4);
    }
}
