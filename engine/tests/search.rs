//! The search on tiny games whose values are known: mates and draws, misère wins,
//! repetitions from the game and from the search line, exact expectimax at chance nodes,
//! and the limits (depth, nodes, stop, move time, threads).

mod toy;

use escalade_core::Rules;
use std::time::Duration;

use escalade_core::Color;
use escalade_engine::{Engine, Limits, Score, SearchInfo, SearchResult};
use escalade_eval::Evaluate;
use toy::{Dice, Nim, TicTacToe, Toggles, Wide};

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn search<P: Evaluate>(history: &[P], limits: &Limits) -> SearchResult<P::Move> {
    let mut engine = Engine::<P>::new();
    engine.set_hash_mb(1);
    engine.search(history, limits, &mut |_| {})
}

fn ttt(fen: &str) -> TicTacToe {
    TicTacToe::from_fen(0, fen).expect("valid")
}

#[test]
fn tic_tac_toe_is_a_draw_and_wins_are_taken() {
    let r = search(&[TicTacToe::startpos(0)], &depth(9));
    assert_eq!(r.score, Score::Cp(0));
    let r = search(&[ttt("XX.OO.... w")], &depth(4));
    assert_eq!((r.best, r.score), (Some(2), Score::Mate(1)));
    let r = search(&[ttt("XX..O.... b")], &depth(8));
    assert_eq!(r.best, Some(2), "O must block");
    // O to move faces two threats (2 and 6): whatever it does, X wins next move
    let r = search(&[ttt("XX.OX.... b")], &depth(6));
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let r = search(&[ttt("XOXXOOOXX w")], &depth(3));
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
}

#[test]
fn nim_normal_and_misere_score_the_side_to_move() {
    // normal: piles that are multiples of 4 lose
    let r = search(&[Nim::new(5, false)], &depth(10));
    assert_eq!((r.best, r.score), (Some(1), Score::Mate(2)));
    let r = search(&[Nim::new(8, false)], &depth(12));
    assert_eq!(r.score, Score::Mate(-2));
    // misère: the side left without a move wins, so piles of 4k+1 lose
    let r = search(&[Nim::new(1, true)], &depth(4));
    assert_eq!(r.score, Score::Mate(-1));
    let r = search(&[Nim::new(7, true)], &depth(12));
    assert_eq!((r.best, r.score), (Some(2), Score::Mate(2)));
    let r = search(&[Nim::new(0, true)], &depth(3));
    assert_eq!((r.best, r.score), (None, Score::Mate(0)));
}

#[test]
fn a_repetition_in_the_search_line_is_a_draw() {
    let start = Toggles::startpos(0);
    assert_eq!(search(&[start], &depth(2)).score, Score::Cp(-300));
    assert_eq!(search(&[start], &depth(6)).score, Score::Cp(0));
}

#[test]
fn repetitions_before_the_root_count_up_to_the_rule() {
    let mut game = vec![Toggles::startpos(0)];
    for _ in 0..6 {
        let next = game.last().expect("a position").play(0);
        game.push(next);
    }
    let root = *game.last().expect("root");
    assert_eq!(root, Toggles::new(true, true, Color::White));
    // alone, the root needs four plies to repeat
    assert_eq!(search(&[root], &depth(3)).score, Score::Cp(-300));
    // with the game, two plies on the position occurs a third time
    assert_eq!(search(&game, &depth(3)).score, Score::Cp(0));
}

/// Plain expectimax to `depth`, rounding at chance nodes as the engine does.
fn expectimax(pos: &Dice, depth: i32) -> i32 {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    let value = |child: &Dice, d: i32| {
        let v = expectimax(child, d);
        if child.side_to_move() == pos.side_to_move() {
            v
        } else {
            -v
        }
    };
    if pos.is_chance() {
        let sum: f64 = moves
            .iter()
            .map(|&m| pos.outcome_probability(m) * value(&pos.play(m), depth) as f64)
            .sum();
        return sum.round() as i32;
    }
    if depth <= 0 {
        return pos.evaluate();
    }
    moves
        .iter()
        .map(|&m| value(&pos.play(m), depth - 1))
        .max()
        .expect("moves")
}

#[test]
fn chance_nodes_get_their_exact_expectation() {
    for fen in ["0 0 0 w", "3 1 1 b", "0 4 2 w", "5 0 0 w g"] {
        let root = Dice::from_fen(0, fen).expect("valid");
        for d in 1..=6 {
            let r = search(&[root], &depth(d));
            assert_eq!(
                r.score,
                Score::Cp(expectimax(&root, d as i32)),
                "{fen} depth {d}"
            );
            if root.is_chance() {
                assert_eq!(r.best, None, "nature moves at a chance node");
            }
        }
    }
}

#[test]
fn node_limited_searches_are_deterministic() {
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let a = search(&[Wide::startpos(0)], &limits);
    let b = search(&[Wide::startpos(0)], &limits);
    assert_eq!((a.best, a.nodes, a.depth), (b.best, b.nodes, b.depth));
    assert!(a.nodes >= 20_000 && a.nodes < 20_000 + 2_048, "{}", a.nodes);
}

#[test]
fn iterations_are_reported_in_order() {
    let mut engine = Engine::<Wide>::new();
    let mut seen = Vec::new();
    let r = engine.search(&[Wide::startpos(0)], &depth(6), &mut |i: &SearchInfo| {
        seen.push((i.depth, i.pv.len()))
    });
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    assert!(seen.iter().all(|&(_, pv)| pv >= 1));
    assert_eq!(r.depth, 6);
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let mut engine = Engine::<Wide>::new();
    let stop = engine.stop_handle();
    let handle = std::thread::spawn(move || {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        engine.search(&[Wide::startpos(0)], &limits, &mut |_| {})
    });
    std::thread::sleep(Duration::from_millis(50));
    stop.stop();
    let r = handle.join().expect("search thread");
    assert!(r.best.is_some());
}

#[test]
fn timed_searches_return_a_move() {
    let limits = Limits {
        movetime: Some(Duration::from_millis(20)),
        ..Limits::default()
    };
    assert!(search(&[Wide::startpos(0)], &limits).best.is_some());
    let clock = Limits {
        time_left: Some(Duration::from_millis(30)),
        ..Limits::default()
    };
    assert!(search(&[Wide::startpos(0)], &clock).best.is_some());
}

#[test]
fn two_threads_agree_on_solved_games() {
    let mut engine = Engine::<TicTacToe>::new();
    engine.set_threads(2);
    let r = engine.search(&[TicTacToe::startpos(0)], &depth(9), &mut |_| {});
    assert_eq!(r.score, Score::Cp(0));
    let r = engine.search(&[ttt("XX.OO.... w")], &depth(5), &mut |_| {});
    assert_eq!(r.best, Some(2));
    engine.set_threads(3);
    engine.clear();
    let mut wide = Engine::<Wide>::new();
    wide.set_threads(2);
    let r = wide.search(&[Wide::startpos(0)], &depth(7), &mut |_| {});
    assert!(r.best.is_some() && r.depth >= 7);
}
