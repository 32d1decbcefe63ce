//! The search stopped at every moment it can stop: the engine polls its limits every
//! 1,024 nodes per thread, so node limits of 1 x 1,024, 2 x 1,024, ... 12 x 1,024 end a
//! search at each of its first 12 stopping points (inside the first iteration, between
//! iterations, inside later ones). In every registered variant, from the start and from a
//! position after random plies, with one and two threads: each search returns a legal move
//! and stays within its node limit plus two poll intervals per thread.

use escalade::registry::{self, GameVisitor};
use escalade_core::Position;
use escalade_core::SeededRng;
use escalade_engine::{Engine, Limits};
use escalade_eval::Evaluate;
use rand::Rng;

const POLL_INTERVAL: u64 = 1024;
const STOPS: u64 = 12;

/// A position `plies` random plies from the start that is neither over nor a chance node.
fn random_position<P: Position>(form: usize, plies: usize, rng: &mut SeededRng) -> Vec<P> {
    let mut history = vec![P::startpos(form)];
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = history.last().unwrap();
        pos.generate_moves(&mut moves);
        if moves.is_empty() || pos.rule_result().is_some() {
            break;
        }
        let next = pos.play(moves[rng.gen_range(0..moves.len())]);
        history.push(next);
    }
    // back to a position where the side to move has a move to make
    while history.len() > 1 {
        let pos = history.last().unwrap();
        pos.generate_moves(&mut moves);
        let chance = P::HAS_CHANCE && pos.is_chance();
        if !chance && !moves.is_empty() && pos.rule_result().is_none() {
            break;
        }
        history.pop();
    }
    history
}

struct Sweep(u64);

impl GameVisitor for Sweep {
    type Output = Vec<String>;
    fn visit<P: Evaluate + escalade_grid::GuiBoard>(self, form: usize) -> Vec<String> {
        let mut rng = SeededRng::new(self.0);
        let mut faults = Vec::new();
        let starts = [
            vec![P::startpos(form)],
            random_position::<P>(form, 30, &mut rng),
        ];
        for threads in [1usize, 2] {
            let mut engine = Engine::<P>::new();
            engine.set_hash_mb(4);
            engine.set_threads(threads);
            for history in &starts {
                let root = history.last().unwrap();
                let mut legal = Vec::new();
                root.generate_moves(&mut legal);
                for k in 1..=STOPS {
                    let limits = Limits {
                        nodes: Some(k * POLL_INTERVAL),
                        ..Limits::default()
                    };
                    let r = engine.search(history, &limits, &mut |_| {});
                    let fen = root.to_fen();
                    match r.best {
                        Some(m) if legal.contains(&m) => {}
                        other => faults.push(format!("{fen}: {threads}T nodes {k}k: {other:?}")),
                    }
                    // every thread publishes its count and checks the limit once per
                    // interval: the limit is seen at most one interval late per thread,
                    // and every thread runs at most one interval more before it stops
                    let slack = 2 * POLL_INTERVAL * threads as u64;
                    if r.nodes > k * POLL_INTERVAL + slack {
                        faults.push(format!("{fen}: {threads}T nodes {k}k searched {}", r.nodes));
                    }
                }
            }
        }
        faults
    }
}

#[test]
fn every_stopping_point_gives_a_legal_move_in_every_variant() {
    let mut searches = 0;
    for (i, name) in registry::names().into_iter().enumerate() {
        let faults = registry::dispatch(name, Sweep(i as u64)).expect("registered");
        assert!(faults.is_empty(), "{name}: {faults:#?}");
        searches += 2 * 2 * STOPS;
    }
    println!("{searches} searches stopped at their first {STOPS} stopping points");
}
