//! Searches one Ladder Shogi position depth by depth and prints each iteration (depth,
//! seldepth, score, nodes, time, line): a profiling aid for the game's search.
//!
//! `cargo run --release -p escalade-engine --example ls_probe -- DEPTH [FEN [MOVE]]`
//! (default: the crowded middlegame of `docs/rules/laddershogi.md`, "quiescence bounded";
//! `MOVE` restricts the root to that move). Search constants can be set with
//! `PARAMS=RfpDepth=1,NullMoveMinDepth=8`.

use escalade_core::{MoveNotation, Rules, SearchHints};
use escalade_engine::{Engine, Limits, SearchParams};
use escalade_laddershogi::LadderShogi;

const CROWDED: &str = "l2c5u/V14kv4d2/v11v11v11v11JV2/v1h4pHV1V1/V41v41V2K3v1/1v11hV13V1v1/\
                       VXV11V1jDV11jv3/V11V14V31V4/2Lv1C1v1V11H/U2P2VX1JL b L 0";

/// The game's search constants with the `PARAMS` environment variable's changes.
fn params() -> SearchParams {
    let mut params = SearchParams::for_game::<LadderShogi>();
    let changes = std::env::var("PARAMS").unwrap_or_default();
    for change in changes.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = change.split_once('=').expect("PARAMS: Name=value,...");
        let value = value.parse().expect("PARAMS: a number");
        params.set(name, value).expect("PARAMS: a search constant");
    }
    params
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let fen = args.get(2).map_or(CROWDED, String::as_str);
    let pos = LadderShogi::from_fen(0, fen).expect("a Ladder Shogi FEN");
    let only = args.get(3).map(|text| {
        let mv = pos.parse_move(text).expect("a legal move");
        vec![LadderShogi::move_code(mv)]
    });
    let mut engine = Engine::<LadderShogi>::new();
    engine.set_hash_mb(64);
    engine.set_search_params(params());
    let start = std::time::Instant::now();
    let limits = Limits {
        depth: Some(depth),
        search_moves: only.unwrap_or_default(),
        ..Limits::default()
    };
    let r = engine.search(std::slice::from_ref(&pos), &limits, &mut |i| {
        let line = i.pv.join(" ");
        let t = start.elapsed();
        println!(
            "depth {} seldepth {} {:?} nodes {} {t:?} {line}",
            i.depth, i.seldepth, i.score, i.nodes
        );
    });
    let best = r.best.map(|m| pos.move_text(m));
    println!(
        "best {best:?} {:?} nodes {} {:?}",
        r.score,
        r.nodes,
        start.elapsed()
    );
}
