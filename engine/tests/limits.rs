//! The search at the edges (issue "Robustness", limits): a transposition table filled to
//! the brim, the 100-ply rule about to strike (mate still wins on the last ply, anything else
//! is a draw), a game history hundreds of plies long, and `Threads`/`Hash` changed between
//! searches of one engine.

use escalade_core::Game;
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_engine::{Engine, Limits, Score};
use escalade_fide::Chess;
use rand::Rng;

fn pos(fen: &str) -> Chess {
    Chess::from_fen(0, fen).expect("valid FEN")
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn is_legal(p: &Chess, mv: <Chess as Rules>::Move) -> bool {
    let mut legal = Vec::new();
    p.generate_moves(&mut legal);
    legal.contains(&mv)
}

#[test]
fn a_full_table_keeps_the_search_sound() {
    let mut engine = Engine::<Chess>::new();
    engine.set_hash_mb(1);
    let mut p = Chess::startpos(0);
    let limits = Limits {
        nodes: Some(500_000),
        ..Limits::default()
    };
    for _ in 0..3 {
        let r = engine.search(std::slice::from_ref(&p), &limits, &mut |_| {});
        let best = r.best.expect("a move");
        assert!(is_legal(&p, best));
        p = p.play(best);
    }
    // 1 MB holds 65,536 entries: three searches of 500,000 nodes fill it
    assert!(
        engine.hashfull() >= 900,
        "hashfull {} after three 500k-node searches in 1 MB",
        engine.hashfull()
    );
    // and a full table still finds a mate in one
    let mate = pos("7k/8/6K1/8/8/8/8/R7 w - - 0 80");
    let r = engine.search(std::slice::from_ref(&mate), &depth(6), &mut |_| {});
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn the_hundred_ply_rule_lets_mate_win_and_draws_the_rest() {
    // halfmove clock 99: Ra8 mates on the 100th ply, and mate comes first
    let mate = pos("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    let mut engine = Engine::<Chess>::new();
    let r = engine.search(std::slice::from_ref(&mate), &depth(8), &mut |_| {});
    assert_eq!(r.score, Score::Mate(1));
    assert_eq!(mate.move_text(r.best.expect("a move")), "a1a8");

    // clock 98, no mate in one: whatever White does, Black's reply ends the game drawn
    let drawn = pos("7k/8/8/8/8/8/8/R5K1 w - - 98 80");
    engine.clear();
    let r = engine.search(std::slice::from_ref(&drawn), &depth(8), &mut |_| {});
    assert_eq!(r.score, Score::Cp(0));

    // the same position with a fresh clock is a clear win
    let fresh = pos("7k/8/8/8/8/8/8/R5K1 w - - 0 80");
    engine.clear();
    let r = engine.search(std::slice::from_ref(&fresh), &depth(8), &mut |_| {});
    assert!(
        matches!(r.score, Score::Cp(cp) if cp > 300) || matches!(r.score, Score::Mate(m) if m > 0),
        "{:?}",
        r.score
    );
}

#[test]
fn a_long_game_history_is_searched_with_its_repetitions() {
    // a random game 300 plies long (new games until one lasts), searched with its whole record
    let mut rng = SeededRng::new(24);
    let mut game = Game::new(Chess::startpos(0));
    let mut moves = Vec::new();
    while game.positions().len() < 300 {
        game.position().generate_moves(&mut moves);
        if moves.is_empty() || game.result().is_some() {
            game = Game::new(Chess::startpos(0));
            continue;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        let text = game.position().move_text(mv);
        game.play_text(&text).expect("a legal move plays");
    }
    let history = game.positions().to_vec();
    let root = *history.last().expect("a position");
    let mut engine = Engine::<Chess>::new();
    let r = engine.search(&history, &depth(7), &mut |_| {});
    if game.result().is_none() {
        assert!(is_legal(&root, r.best.expect("a move")));
    }

    // a shuffle of king moves 40 plies long that ends where it began, twice: the third
    // visit is a draw the search sees from the far end of the record
    let start = pos("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    let mut shuffle = vec![start];
    let cycle = [
        "e1f1", "e8f8", "f1g1", "f8g8", "g1f1", "g8f8", "f1e1", "f8e8",
    ];
    for _ in 0..2 {
        for text in cycle {
            let last = *shuffle.last().expect("position");
            shuffle.push(last.play(last.parse_move(text).expect("legal shuffle")));
        }
    }
    assert_eq!(shuffle.last().expect("end").hash(), start.hash());
    let mut engine = Engine::<Chess>::new();
    let r = engine.search(&shuffle, &depth(6), &mut |_| {});
    assert!(is_legal(
        shuffle.last().expect("root"),
        r.best.expect("a move")
    ));
    // White is a pawn's worth of tempo up in a won ending and does not repeat: no draw score
    assert_ne!(r.score, Score::Cp(0));
}

#[test]
fn threads_and_hash_change_between_searches() {
    let mut engine = Engine::<Chess>::new();
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    for (threads, hash) in [(2, 8), (1, 1), (3, 2), (1, 16), (2, 1)] {
        engine.set_threads(threads);
        engine.set_hash_mb(hash);
        let r = engine.search(std::slice::from_ref(&p), &depth(7), &mut |_| {});
        assert!(
            is_legal(&p, r.best.expect("a move")),
            "{threads} threads, {hash} MB"
        );
        // more threads than the machine runs at once are capped
        let threads = threads.min(escalade_engine::max_threads());
        assert_eq!((engine.threads(), engine.hash_mb()), (threads, hash));
        engine.clear();
    }
}
