//! The generic test suite every variant crate runs on its own positions:
//! FEN round trip, move-text round trip, copy-make leaves the original untouched,
//! incremental hash equals recomputed hash, a check told before a move is the check after it
//! (`SearchHints::gives_check`), fast perft equals the slow reference path,
//! and random legal play that never panics and agrees with the game-end verdict.
//!
//! Each check panics with a message naming the position and the move, so a failing test
//! says exactly where the rules went wrong.

use crate::SeededRng;
use rand::seq::SliceRandom;

use crate::{perft, Game, Position};

/// Checks one position and each of its moves once (no recursion).
pub fn check_position<P: Position>(pos: &P) {
    let fen = pos.to_fen();
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "incremental hash differs from scratch: {fen}"
    );
    let back = P::from_fen(pos.form(), &fen)
        .unwrap_or_else(|e| panic!("FEN does not read back: {fen}: {e}"));
    assert_eq!(back.to_fen(), fen, "FEN round trip changed the position");
    assert_eq!(
        back.hash(),
        pos.hash(),
        "FEN round trip changed the hash: {fen}"
    );
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    let mut codes: Vec<u32> = moves.iter().map(|&m| P::move_code(m)).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(
        codes.len(),
        moves.len(),
        "two moves share a move code in {fen}"
    );
    for &m in &moves {
        let text = pos.move_text(m);
        let parsed = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("move text {text} does not parse in {fen}: {e}"));
        assert_eq!(
            parsed, m,
            "move text {text} parses to another move in {fen}"
        );
        let child = pos.play(m);
        assert_eq!(
            pos.to_fen(),
            fen,
            "playing {text} changed the original position"
        );
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "hash after {text} in {fen} differs from scratch"
        );
        if let Some(check) = pos.gives_check(m) {
            assert_eq!(
                check,
                child.in_check(),
                "{text} in {fen}: gives_check differs from the position after it"
            );
        }
    }
}

/// Plays `games` random games of form `form` of at most `max_plies` plies from `start`,
/// checking every position with [`check_position`] and the game-end verdict.
/// Returns the number of plies played.
pub fn random_playouts<P: Position>(start: &P, games: usize, max_plies: usize, seed: u64) -> usize {
    let mut rng = SeededRng::new(seed);
    let mut plies = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(start.clone());
        for _ in 0..max_plies {
            let pos = game.position().clone();
            check_position(&pos);
            if game.result().is_some() {
                break;
            }
            pos.generate_moves(&mut moves);
            assert!(
                !moves.is_empty(),
                "no moves but no result in {}",
                pos.to_fen()
            );
            let mv = *moves.choose(&mut rng).expect("non-empty");
            game.play(mv);
            plies += 1;
        }
    }
    plies
}

/// Checks that the variant's (possibly specialised) perft agrees with the generic one
/// at every position of a few random games, at `depth`.
pub fn check_perft_paths<P: Position>(
    start: &P,
    games: usize,
    plies: usize,
    depth: u32,
    seed: u64,
) {
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            assert_eq!(
                pos.perft(depth),
                perft::perft(&pos, depth),
                "perft paths differ in {}",
                pos.to_fen()
            );
            pos.generate_moves(&mut moves);
            match moves.choose(&mut rng) {
                Some(&m) => pos = pos.play(m),
                None => break,
            }
        }
    }
}

/// Runs the whole suite on every form's start position and on `extra` FENs of form 0.
pub fn run_suite<P: Position>(extra: &[&str], games: usize, max_plies: usize) {
    for form in 0..P::FORMS.len() {
        let start = P::startpos(form);
        random_playouts(&start, games, max_plies, 1 + form as u64);
        check_perft_paths(&start, 2, 12, 2, 99 + form as u64);
    }
    for fen in extra {
        let pos = P::from_fen(0, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        random_playouts(&pos, games.div_ceil(4), max_plies, 7);
    }
}

/// Checks a game's [`crate::Diagram`] along `games` random games of at most `max_plies`
/// plies from `start`: every legal move has at least one click sequence, no sequence makes
/// two moves, every clicked cell and hand exists in the picture, every piece stands on a
/// cell that is not a hole, every cell has a polygon of at least three points and a unique
/// name, and the legend lists every kind drawn, links included. Returns the number of positions checked.
pub fn check_diagram<P: crate::Diagram>(
    start: &P,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    let mut rng = SeededRng::new(seed);
    let mut checked = 0;
    let mut moves = Vec::new();
    let legend = P::legend(start.form());
    for _ in 0..games {
        let mut game = Game::new(start.clone());
        for _ in 0..max_plies {
            let pos = game.position().clone();
            check_picture(&pos, &legend);
            checked += 1;
            if game.result().is_some() {
                break;
            }
            pos.generate_moves(&mut moves);
            check_clicks(&pos, &moves);
            let mv = *moves.choose(&mut rng).expect("non-empty");
            game.play(mv);
        }
    }
    checked
}

fn check_picture<P: crate::Diagram>(pos: &P, legend: &[crate::PieceInfo]) {
    use std::collections::HashSet;
    let picture = pos.picture();
    let fen = pos.to_fen();
    let mut names = HashSet::new();
    for cell in &picture.cells {
        assert!(cell.polygon.len() >= 3, "cell {} has no outline", cell.name);
        assert!(
            names.insert(cell.name.as_str()),
            "two cells named {} ({fen})",
            cell.name
        );
    }
    for placed in &picture.pieces {
        let cell = picture.cells.iter().find(|c| c.name == placed.cell);
        let cell = cell.unwrap_or_else(|| panic!("piece on unknown cell {} ({fen})", placed.cell));
        assert_ne!(cell.shade, crate::Shade::Hole, "piece in a hole ({fen})");
    }
    let drawn = picture
        .pieces
        .iter()
        .map(|p| &p.man)
        .chain(picture.hands.iter().map(|h| &h.man));
    for man in drawn {
        assert!(
            legend.iter().any(|l| l.kind == man.kind),
            "kind {} is not in the legend ({fen})",
            man.kind
        );
    }
    for link in &picture.links {
        let kind = crate::link_legend_kind(link.kind);
        assert!(
            legend.iter().any(|l| l.kind == kind),
            "link kind {kind} is not in the legend ({fen})"
        );
    }
}

fn check_clicks<P: crate::Diagram>(pos: &P, moves: &[P::Move]) {
    use std::collections::HashMap;
    let picture = pos.picture();
    let fen = pos.to_fen();
    let mut owner: HashMap<Vec<crate::Click>, String> = HashMap::new();
    for &mv in moves {
        let text = pos.move_text(mv);
        let sequences = pos.move_clicks(mv);
        assert!(!sequences.is_empty(), "{text} has no clicks ({fen})");
        for clicks in sequences {
            assert!(
                !clicks.is_empty(),
                "{text} has an empty click sequence ({fen})"
            );
            for click in &clicks {
                match click {
                    crate::Click::Cell(name) => assert!(
                        picture.cells.iter().any(|c| &c.name == name),
                        "{text} clicks unknown cell {name} ({fen})"
                    ),
                    crate::Click::Hand(id) => assert!(
                        picture.hands.iter().any(|h| &h.id == id),
                        "{text} clicks unknown hand {id} ({fen})"
                    ),
                    crate::Click::Choice(label) => {
                        assert!(!label.is_empty(), "{text}: empty choice ({fen})")
                    }
                }
            }
            check_stages(pos, mv, &clicks, &picture);
            if let Some(other) = owner.insert(clicks.clone(), text.clone()) {
                assert_eq!(other, text, "two moves share clicks {clicks:?} ({fen})");
            }
        }
    }
}

/// A move's stages ([`crate::Diagram::move_stage`]) after each prefix of `clicks`: pieces on
/// drawn cells, captured men where the live position has men, and after the whole
/// sequence the pieces of the position after the move.
fn check_stages<P: crate::Diagram>(
    pos: &P,
    mv: P::Move,
    clicks: &[crate::Click],
    picture: &crate::Picture,
) {
    let fen = pos.to_fen();
    let text = pos.move_text(mv);
    for k in 1..=clicks.len() {
        let Some(stage) = pos.move_stage(mv, &clicks[..k]) else {
            continue;
        };
        for placed in &stage.pieces {
            assert!(
                picture.cells.iter().any(|c| c.name == placed.cell),
                "{text}: stage {k} puts a piece on unknown cell {} ({fen})",
                placed.cell
            );
        }
        for cell in &stage.captured {
            assert!(
                picture.pieces.iter().any(|p| &p.cell == cell),
                "{text}: stage {k} captures on empty cell {cell} ({fen})"
            );
        }
        if k == clicks.len() {
            let after = pos.play(mv).picture();
            assert!(
                crate::Stage::same_pieces(&stage.pieces, &after.pieces),
                "{text}: the stage after all its clicks is not the position after it ({fen})"
            );
        }
    }
}
