//! The click tree: every legal move's click sequences merged into one prefix tree, sent to
//! the page as nested JSON (`{"end":TEXT,"next":[[CLICK,NODE],...]}`), so the page finds
//! the targets of a click in the node it stands on, however many moves the position has.

use std::collections::HashMap;

use escalade_core::Click;
use escalade_session::board::ClickMove;
use serde_json::{json, Map, Value};

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
    next: Vec<(String, usize)>,
    index: HashMap<String, usize>,
}

/// The prefix tree of `moves` as JSON.
pub fn click_tree(moves: &[ClickMove]) -> Value {
    let mut nodes = vec![Node::default()];
    for mv in moves {
        for clicks in &mv.clicks {
            let mut at = 0;
            for click in clicks {
                let key = click_key(click);
                at = match nodes[at].index.get(&key) {
                    Some(&child) => child,
                    None => {
                        nodes.push(Node::default());
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

fn to_json(nodes: &[Node], at: usize) -> Value {
    let node = &nodes[at];
    let mut out = Map::new();
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
        let tree = click_tree(&moves);
        let first = &tree["next"][0];
        assert_eq!(first[0], "c:e2");
        let e4 = &first[1]["next"][0][1];
        assert_eq!(e4["end"], "e2e4");
        assert_eq!(e4["next"][0][1]["end"], "e2e4/+0e5");
        assert_eq!(tree["next"].as_array().unwrap().len(), 1);
    }
}
