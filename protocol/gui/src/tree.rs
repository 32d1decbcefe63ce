//! The click tree: every legal move's click sequences merged into one prefix tree, sent to
//! the page as nested JSON (`{"end":TEXT,"next":[[CLICK,NODE],...]}`), so the page finds
//! the targets of a click in the node it stands on, however many moves the position has.
//! A node part way through a move with visible parts carries its stage (`"stage"`): the
//! change from the live pieces, `{"off":[CELL..],"on":[PIECE..],"fade":[CELL..]}`: the
//! cells left empty or changed, the pieces standing anew, and the men captured so far.

use std::collections::HashMap;

use escalade_core::{Click, Placed, Stage};
use escalade_session::board::ClickMove;
use serde_json::{json, Map, Value};

use crate::reply;

/// A click as the page names it: `c:CELL`, `h:HAND`, `o:CHOICE`.
pub fn click_key(click: &Click) -> String {
    match click {
        Click::Cell(name) => format!("c:{name}"),
        Click::Hand(id) => format!("h:{id}"),
        Click::Choice(label) => format!("o:{label}"),
    }
}

#[derive(Default)]
struct Node {
    end: Option<String>,
    stage: Option<Value>,
    next: Vec<(String, usize)>,
    index: HashMap<String, usize>,
}

/// The prefix tree of `moves` as JSON; stages are written as changes from `live` (the
/// position's pieces).
pub fn click_tree(moves: &[ClickMove], live: &[Placed]) -> Value {
    let mut nodes = vec![Node::default()];
    for mv in moves {
        for (i, clicks) in mv.clicks.iter().enumerate() {
            let mut at = 0;
            for (k, click) in clicks.iter().enumerate() {
                let key = click_key(click);
                at = match nodes[at].index.get(&key) {
                    Some(&child) => child,
                    None => {
                        let stage = mv
                            .stages
                            .get(i)
                            .and_then(|s| s.get(k))
                            .and_then(|s| s.as_ref());
                        nodes.push(Node {
                            stage: stage.map(|s| stage_json(s, live)),
                            ..Node::default()
                        });
                        let child = nodes.len() - 1;
                        nodes[at].index.insert(key.clone(), child);
                        nodes[at].next.push((key, child));
                        child
                    }
                };
            }
            nodes[at].end.get_or_insert_with(|| mv.text.clone());
        }
    }
    to_json(&nodes, 0)
}

/// A stage as its change from the live pieces (see the module comment).
fn stage_json(stage: &Stage, live: &[Placed]) -> Value {
    let off: Vec<&str> = live
        .iter()
        .filter(|p| !stage.pieces.contains(p))
        .map(|p| p.cell.as_str())
        .collect();
    let on: Vec<Value> = stage
        .pieces
        .iter()
        .filter(|p| !live.contains(p))
        .map(reply::placed_json)
        .collect();
    json!({"off": off, "on": on, "fade": stage.captured})
}

fn to_json(nodes: &[Node], at: usize) -> Value {
    let node = &nodes[at];
    let mut out = Map::new();
    // a move's last click sends it: only a node that goes on draws its stage
    if let (Some(stage), false) = (&node.stage, node.next.is_empty()) {
        out.insert("stage".into(), stage.clone());
    }
    if let Some(end) = &node.end {
        out.insert("end".into(), json!(end));
    }
    if !node.next.is_empty() {
        let next: Vec<Value> = node
            .next
            .iter()
            .map(|(key, child)| json!([key, to_json(nodes, *child)]))
            .collect();
        out.insert("next".into(), Value::Array(next));
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str, clicks: &[&[Click]]) -> ClickMove {
        ClickMove {
            text: text.into(),
            clicks: clicks.iter().map(|c| c.to_vec()).collect(),
            stages: Vec::new(),
        }
    }

    #[test]
    fn moves_share_prefixes_and_a_prefix_may_end_a_move() {
        let cell = |n: &str| Click::Cell(n.into());
        let moves = [
            mv("e2e4", &[&[cell("e2"), cell("e4")]]),
            mv("e2e3", &[&[cell("e2"), cell("e3")]]),
            mv("e2e4/+0e5", &[&[cell("e2"), cell("e4"), cell("0e5")]]),
        ];
        let tree = click_tree(&moves, &[]);
        let first = &tree["next"][0];
        assert_eq!(first[0], "c:e2");
        let e4 = &first[1]["next"][0][1];
        assert_eq!(e4["end"], "e2e4");
        assert_eq!(e4["next"][0][1]["end"], "e2e4/+0e5");
        assert_eq!(tree["next"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn a_node_that_goes_on_carries_its_stage_as_changes() {
        use escalade_core::chess_placement_pieces;
        let cell = |n: &str| Click::Cell(n.into());
        let live = chess_placement_pieces("8/8/8/8/3p4/2P5/8/8");
        let stage = Stage::moved(&live, "c3", "e5", vec!["d4".into()]).unwrap();
        let chain = ClickMove {
            text: "c3e5g7".into(),
            clicks: vec![vec![cell("c3"), cell("e5"), cell("g7")]],
            stages: vec![vec![None, Some(stage.clone()), Some(stage)]],
        };
        let tree = click_tree(&[chain], &live);
        let e5 = &tree["next"][0][1]["next"][0][1];
        assert_eq!(e5["stage"]["off"], json!(["d4", "c3"]));
        assert_eq!(e5["stage"]["on"][0]["cell"], "e5");
        assert_eq!(e5["stage"]["fade"], json!(["d4"]));
        // the last click sends the move: no stage on the leaf
        assert!(e5["next"][0][1].get("stage").is_none());
    }
}
