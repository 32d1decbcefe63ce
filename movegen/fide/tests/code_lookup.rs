//! `move_from_code`, which checks one move without listing all of them, agrees with the
//! generated legal moves on every code: legal codes give their move, every other code
//! (wrong piece, blocked line, a pawn's promotion off its last rank, a pinned piece, a
//! king stepping into check, castling through an attack) gives none.

use escalade_core::{splitmix64, Game, Rules, SearchHints};
use escalade_fide::Chess;

const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
    // the rook on f2 guards f1: castling short passes through an attack, long does not
    "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
];

/// Every code `move_from_code` can be asked for: all 16-bit values, and one beyond.
fn check_every_code(pos: &Chess) {
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    for code in 0..=u32::from(u16::MAX) + 1 {
        let legal = moves.iter().copied().find(|&m| Chess::move_code(m) == code);
        assert_eq!(
            pos.move_from_code(code),
            legal,
            "code {code:#06x} in {}",
            pos.to_fen()
        );
    }
}

#[test]
fn listed_positions_agree_on_every_code() {
    for fen in POSITIONS {
        let pos = Chess::from_fen(0, fen).expect("valid FEN");
        check_every_code(&pos);
    }
}

#[test]
fn positions_of_random_games_agree_on_every_code() {
    let mut seed = 7;
    for _ in 0..6 {
        let mut game = Game::new(Chess::from_fen(0, escalade_fide::START_FEN).expect("start"));
        let mut moves = Vec::new();
        for ply in 0..80 {
            let pos = *game.position();
            if game.result().is_some() {
                break;
            }
            if ply % 8 == 5 {
                check_every_code(&pos);
            }
            pos.generate_moves(&mut moves);
            seed = splitmix64(seed);
            game.play(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}
