//! The search on FIDE chess: mates agree with a brute-force mate finder, stalemate and
//! the draw rules score zero, every limit gives a legal move, threads agree.

use escalade_core::{MoveNotation, Rules};
use std::time::Duration;

use escalade_engine::{Engine, Limits, Score, SearchParams, SearchResult};
use escalade_fide::Chess;

fn pos(fen: &str) -> Chess {
    Chess::from_fen(0, fen).expect("valid FEN")
}

fn search(p: &Chess, limits: &Limits) -> SearchResult<<Chess as Rules>::Move> {
    let mut engine = Engine::<Chess>::new();
    engine.set_hash_mb(4);
    engine.search(std::slice::from_ref(p), limits, &mut |_| {})
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn fide_searches_with_its_own_defaults_unless_the_user_sets_them() {
    use escalade_engine::SearchOverrides;
    use escalade_eval::Evaluate;
    let own = SearchParams::for_game::<Chess>();
    for &(name, value) in <Chess as Evaluate>::SEARCH_DEFAULTS {
        assert_eq!(own.get(name), Some(value), "{name}");
    }
    assert_eq!(Engine::<Chess>::new().search_params(), own);
    let mut user = SearchOverrides::default();
    user.set("SingularDepth", 0).unwrap();
    assert_eq!(user.resolve::<Chess>().singular_depth, 0);
    assert_eq!(
        user.resolve::<Chess>().losing_tactical_depth,
        own.losing_tactical_depth
    );
}

/// Each search constant below, set to its value instead of the engine's default, changes
/// the tree and keeps the mates: a constant that changes nothing would make its SPRT a
/// test of noise (as history pruning at its default margin was: see docs/sprt-results.md).
#[test]
fn the_search_constants_change_the_tree_and_keep_the_mates() {
    let search_with = |p: &Chess, settings: &[(&str, i64)], d: u32| {
        let mut engine = Engine::<Chess>::new();
        engine.set_hash_mb(4);
        let mut params = engine.search_params();
        for &(name, value) in settings {
            params.set(name, value).unwrap();
        }
        engine.set_search_params(params);
        engine.search(std::slice::from_ref(p), &depth(d), &mut |_| {})
    };
    let open = pos("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10");
    let mate = pos("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    let cases: [&[(&str, i64)]; 14] = [
        &[("NullMoveMinDepth", 1)],
        // in a search to depth 9 the default reduction sends every null move to
        // quiescence at the default cap already: the cap acts with a smaller base, where
        // FIDE's razoring does not settle the shallow nodes it would reach first
        &[
            ("NullMoveEvalCap", 6),
            ("NullMoveEvalDivisor", 50),
            ("NullMoveBase", 1),
            ("RazorDepth", 0),
        ],
        &[("LmrChecks", 1)],
        &[("LmrTtPv", 1)],
        &[("FailLowBonus", 1)],
        &[("ImprovingFourPlies", 1)],
        &[("CorrectionScale", 100)],
        &[("LmrHistoryMax", 2)],
        &[("HistoryBonusPerPly", 200)],
        &[("ContHistoryPlies", 2)],
        &[("SingularDepth", 8)],
        &[("SingularDepth", 4)],
        &[("RazorDepth", 3)],
        &[("LosingTacticalDepth", 3)],
    ];
    for on_settings in cases {
        // off: the first constant at the engine's own default (0 for most), the others
        // (what it needs to act) kept
        let (name, _) = on_settings[0];
        let mut off_settings = on_settings.to_vec();
        off_settings[0].1 = SearchParams::default().get(name).unwrap().into();
        let off = search_with(&open, &off_settings, 9);
        let on = search_with(&open, on_settings, 9);
        assert_ne!(off.nodes, on.nodes, "{name} changed nothing");
        assert!(on.best.is_some(), "{name}");
        assert_eq!(
            search_with(&mate, on_settings, 8).score,
            Score::Mate(2),
            "{name}"
        );
    }
}

/// Whether the side to move can force mate within `moves` of its own moves (plain search).
fn forced_mate(p: &Chess, moves: u32) -> bool {
    let mut ours = Vec::new();
    p.generate_moves(&mut ours);
    ours.iter().any(|&m| {
        let q = p.play(m);
        let mut theirs = Vec::new();
        q.generate_moves(&mut theirs);
        if theirs.is_empty() {
            return q.in_check();
        }
        moves > 1 && theirs.iter().all(|&r| forced_mate(&q.play(r), moves - 1))
    })
}

#[test]
fn mates_agree_with_a_brute_force_finder() {
    for (fen, n) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2),
        ("k7/8/3K4/8/8/8/8/7R w - - 0 1", 2),
        ("3r2k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1", 1),
    ] {
        let p = pos(fen);
        assert!(
            forced_mate(&p, n) && (n == 1 || !forced_mate(&p, n - 1)),
            "{fen}: not a mate in {n}"
        );
        // depth 8: late quiet king moves are reduced, so a quiet mate in 2 may take a few
        // plies more than its own 3 (the seventh network found k7/8/2K5's at depth 7)
        let r = search(&p, &depth(8));
        assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
        // the chosen move keeps the mate: the opponent is mated or every reply allows it
        let after = p.play(r.best.expect("a move"));
        let mut replies = Vec::new();
        after.generate_moves(&mut replies);
        assert!(
            replies
                .iter()
                .all(|&m| n > 1 && forced_mate(&after.play(m), n - 1))
                || replies.is_empty() && after.in_check(),
            "{fen}"
        );
    }
    // the side to move is mated next move
    let r = search(&pos("k7/8/1K6/8/8/8/8/6R1 b - - 0 1"), &depth(5));
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn a_proven_mate_ends_a_node_limited_search() {
    // before, the iterations ran on to the deepest one (the PGN comment read `+M1/120`)
    let limits = Limits {
        nodes: Some(5_000_000),
        ..Limits::default()
    };
    let r = search(&pos("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), &limits);
    assert_eq!(r.score, Score::Mate(1));
    assert!(r.depth <= 4, "stopped at depth {}", r.depth);
}

#[test]
fn a_mate_limit_stops_at_the_first_mate_short_enough() {
    // UCI `go mate 3`: depth capped at 6 plies, but a mate in 2 found sooner ends it
    let limits = Limits {
        mate: Some(3),
        depth: Some(6),
        ..Limits::default()
    };
    let r = search(&pos("k7/8/3K4/8/8/8/8/7R w - - 0 1"), &limits);
    assert_eq!(r.score, Score::Mate(2));
    assert!(r.depth < 6, "stopped at depth {}", r.depth);
    // a mate longer than asked for does not stop it
    let limits = Limits {
        mate: Some(1),
        depth: Some(6),
        ..Limits::default()
    };
    let r = search(&pos("k7/8/3K4/8/8/8/8/7R w - - 0 1"), &limits);
    assert_eq!(r.score, Score::Mate(2));
    assert_eq!(r.depth, 6);
}

#[test]
fn a_skill_level_plays_weaker_moves_from_its_lines() {
    use escalade_engine::Skill;
    use std::collections::HashSet;
    // the opening: many moves within the noise of level 0, so its choices spread
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut legal = Vec::new();
    start.generate_moves(&mut legal);
    let mut chosen = HashSet::new();
    for seed in 0..24 {
        let limits = Limits {
            depth: Some(20),
            skill: Skill::new(0, seed),
            ..Limits::default()
        };
        let r = search(&start, &limits);
        assert_eq!(r.depth, 1, "level 0 searches one ply");
        let best = r.best.expect("a move");
        assert!(legal.contains(&best));
        chosen.insert(best);
    }
    assert!(chosen.len() >= 3, "level 0 varies its moves: {chosen:?}");
    // a mate in one is never traded for noise
    let mate = pos("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    for seed in 0..10 {
        let limits = Limits {
            skill: Skill::new(0, seed),
            ..Limits::default()
        };
        assert_eq!(search(&mate, &limits).score, Score::Mate(1));
    }
}

#[test]
fn multi_pv_ranks_the_root_moves_and_plays_the_best() {
    // Rd8 mates; Re1 and the rest do not
    let p = pos("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let limits = Limits {
        depth: Some(4),
        multi_pv: 3,
        ..Limits::default()
    };
    let mut engine = Engine::<Chess>::new();
    let mut reports = Vec::new();
    let r = engine.search(std::slice::from_ref(&p), &limits, &mut |i| {
        reports.push(i.clone())
    });
    assert_eq!(r.score, Score::Mate(1));
    assert_eq!(p.move_text(r.best.expect("a move")), "d1d8");
    let last: Vec<_> = reports.iter().filter(|i| i.depth == 4).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(last[0].pv[0], "d1d8");
    assert!(last[1..].iter().all(|i| matches!(i.score, Score::Cp(_))));
    assert_ne!(last[1].pv[0], last[2].pv[0]);
    // one line (the default) reports rank 1 only
    let mut ranks = Vec::new();
    engine.search(std::slice::from_ref(&p), &depth(3), &mut |i| {
        ranks.push(i.multipv)
    });
    assert!(ranks.iter().all(|&r| r == 1), "{ranks:?}");
}

#[test]
fn stalemate_and_draw_rules_score_zero() {
    let r = search(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &depth(4));
    assert_eq!((r.best, r.score), (None, Score::Cp(0)), "stalemate");
    let r = search(&pos("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), &depth(6));
    assert_eq!(r.score, Score::Cp(0), "knight and king cannot mate");
    let r = search(&pos("8/8/4k3/8/8/8/8/R3K3 w - - 99 80"), &depth(6));
    assert_eq!(
        r.score,
        Score::Cp(0),
        "the fifty-move rule ends the game next move"
    );
}

#[test]
fn a_game_history_repetition_is_a_draw() {
    // the knights have danced: one more round repeats the start a third time
    let mut game = vec![Chess::startpos(0)];
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"] {
        let last = game.last().expect("position");
        let next = last.play(last.parse_move(text).expect("legal"));
        game.push(next);
    }
    let mut engine = Engine::<Chess>::new();
    let r = engine.search(&game, &depth(4), &mut |_| {});
    let best = game
        .last()
        .expect("root")
        .move_text(r.best.expect("a move"));
    // White (slightly better at the start) avoids f3g1, after which g8 repeats a third time
    assert_ne!(best, "f3g1");
    let alone = search(game.last().expect("root"), &depth(4));
    assert!(alone.best.is_some());
}

#[test]
fn every_limit_gives_a_legal_move() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut legal = Vec::new();
    p.generate_moves(&mut legal);
    for limits in [
        depth(1),
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
        Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
        Limits {
            movetime: Some(Duration::from_millis(5)),
            ..Limits::default()
        },
        Limits {
            time_left: Some(Duration::from_millis(50)),
            increment: Duration::from_millis(5),
            ..Limits::default()
        },
        Limits {
            time_left: Some(Duration::from_secs(1)),
            moves_to_go: Some(1),
            ..Limits::default()
        },
    ] {
        let r = search(&p, &limits);
        assert!(legal.contains(&r.best.expect("a move")), "{limits:?}");
    }
}

#[test]
fn self_play_stays_legal_with_two_threads() {
    let mut engine = Engine::<Chess>::new();
    engine.set_threads(2);
    engine.set_hash_mb(8);
    let mut game = vec![Chess::startpos(0)];
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    for _ in 0..16 {
        let p = *game.last().expect("position");
        let mut legal = Vec::new();
        p.generate_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let r = engine.search(&game, &limits, &mut |_| {});
        let best = r.best.expect("a move");
        assert!(legal.contains(&best));
        game.push(p.play(best));
    }
}

#[test]
fn the_search_wins_material_that_hangs() {
    // Black's queen on d5 is en prise to the knight on c3... and protected by nothing
    let r = search(
        &pos("rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3"),
        &depth(5),
    );
    assert_eq!(
        r.best.map(
            |m| pos("rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3").move_text(m)
        ),
        Some("c3d5".into())
    );
}

#[test]
fn singular_extensions_change_the_tree_and_keep_the_mates() {
    let search_with = |p: &Chess, singular_depth: i32, d: u32| {
        let mut engine = Engine::<Chess>::new();
        engine.set_hash_mb(4);
        let mut params = engine.search_params();
        params.set("SingularDepth", singular_depth as i64).unwrap();
        engine.set_search_params(params);
        engine.search(std::slice::from_ref(p), &depth(d), &mut |_| {})
    };
    let ruy = pos("r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let off = search_with(&ruy, 0, 11);
    let on = search_with(&ruy, 4, 11);
    assert_ne!(off.nodes, on.nodes, "the singular tests searched nothing");
    assert!(on.best.is_some());
    // a mate in 2 (the rook's quiet move) is still found, and scored as one
    let mate = pos("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    assert_eq!(search_with(&mate, 4, 8).score, Score::Mate(2));
}
