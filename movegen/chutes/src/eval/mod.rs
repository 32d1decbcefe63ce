//! Evaluation of Chutes and Ladders Chess: material on both boards, a little piece placement,
//! king safety per board (attacked squares around each King, enemy pieces on its board),
//! the danger of Kings the opponent can transport into an attacked square (a thing made
//! under them), the value of owned things and of free ownership slots, and control of the
//! entrances next to enemy Kings (their escape routes). All weights are in [`Weights`]
//! (`weights.rs`), loaded once from the table `escalade tune` generates (`tuned.rs`, the
//! one weight set of the one form, `chutes`); [`Tunable`] lets the tuner evaluate with
//! another set.
//!
//! The inputs of the learned evaluation network (`escalade_eval::net`) are in
//! [`inputs`]; with the crate's `net` feature the network (`chutes.net`, a correction to
//! the table) adds to the table.

pub mod inputs;
mod see;
#[cfg(test)]
mod tests;
mod tuned;
mod weights;

use crate::{Chutes, Kind, Men, Move};
use escalade_core::Rules;
use escalade_core::{Bitboard, Color, Square};
use std::sync::LazyLock;

pub use self::weights::Weights;
use escalade_eval::{Evaluate, InputSet, Tunable, WeightSet};

/// The weights in use, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every chutes weight in order")
});

/// The chutes' evaluation network (`chutes.net`, trained on the game's own self-play as a
/// correction to the table: `docs/game-networks.md`), read once; it plays with the crate's
/// `net` feature.
#[cfg(feature = "net")]
pub static NETWORK: LazyLock<escalade_eval::net::Network> = LazyLock::new(|| {
    escalade_eval::net::Network::embedded(include_bytes!("chutes.net"), "chutes", inputs::INPUTS)
});

/// Distance from the board centre, 0 (d4/e5) to 3 (corner).
fn centre_distance(sq: Square) -> i32 {
    let (f, r) = ((sq & 7) as i32, ((sq >> 3) & 7) as i32);
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// Everything that scores for `side` alone (positive is good for `side`).
fn side_score(pos: &Chutes, side: Color, w: &Weights) -> i32 {
    let men = pos.men();
    let mut s = 0;
    for kind in Kind::ALL {
        s += w.material[kind.index()] * men.of(side, kind).count() as i32;
    }
    for sq in men.of(side, Kind::Pawn).squares() {
        let rank = ((sq >> 3) & 7) as usize;
        let advanced = if side == Color::White { rank } else { 7 - rank };
        s += w.pawn_advance[advanced];
    }
    for sq in (men.of(side, Kind::Knight) | men.of(side, Kind::Bishop)).squares() {
        s += w.minor_centre * (3 - centre_distance(sq));
    }
    let enemy_attacks = men.attack_map(!side, men.occupied());
    for king in men.of(side, Kind::King).squares() {
        s += king_safety(pos, men, side, king, enemy_attacks, w);
    }
    let owned = pos.owned_by(side).count_ones() as i32;
    let free = (2 - pos.owned_count(side, false) as i32) + (2 - pos.owned_count(side, true) as i32);
    s += w.owned_thing * owned + w.free_slot * free;
    s
}

/// Safety of one King of `side` on `king`, given the squares the enemy attacks.
fn king_safety(
    pos: &Chutes,
    men: &Men,
    side: Color,
    king: Square,
    enemy_attacks: u128,
    w: &Weights,
) -> i32 {
    let enemy = !side;
    let occ = men.occupied();
    let board: u128 = (u64::MAX as u128) << (64 * (king >> 6) as u32);
    let zone_attacked = king_zone(king) & enemy_attacks;
    // the opponent's bonus for shutting an attacked escape is counted here, negated
    let mut s = w.king_zone_attacked * zone_attacked.count() as i32
        - w.entrance_next_to_enemy_king * (zone_attacked & pos.entrances()).count() as i32;
    let heavy = (men.of(enemy, Kind::Queen) & board).count() as i32 * w.queen_attacker_count
        + ((men.of(enemy, Kind::Rook) | men.of(enemy, Kind::Bishop) | men.of(enemy, Kind::Knight))
            & board)
            .count() as i32;
    s += w.king_board_attackers * (heavy - w.free_attackers).max(0);
    // transport: a thing made under the King moves it to the other board at once
    let fr = king & 63;
    let under = king ^ 64;
    let chute = king >= 64; // a King on board 1 is dropped by a chute
    if pos.thing_at(fr).is_none() && !occ.has(under) && pos.owned_count(enemy, chute) < 2 {
        s += w.transportable_king;
        let mut moved = *men;
        moved.take(king, side, Kind::King);
        moved.put(under, side, Kind::King);
        if moved.attacked(under, enemy, moved.occupied()) {
            s += w.transport_into_attack;
        }
    }
    s
}

/// The squares next to a King (on its board).
fn king_zone(king: Square) -> u128 {
    let (f, r) = ((king & 7) as i32, ((king >> 3) & 7) as i32);
    let base = (king & 64) as i32;
    let mut z = 0u128;
    for df in -1..=1 {
        for dr in -1..=1 {
            let (tf, tr) = (f + df, r + dr);
            if (df, dr) != (0, 0) && (0..8).contains(&tf) && (0..8).contains(&tr) {
                z |= 1u128 << (base + tr * 8 + tf);
            }
        }
    }
    z
}

/// Bench positions besides the start: the reconstructed endgame of the seed, a light
/// middlegame with things of both owners, an Italian opening on both boards and a
/// middlegame from engine self-play with eight things (the positions of
/// `movegen/chutes/tools/depth_in_10s.py`).
const BENCH_FENS: &[&str] = &[
    "4k3/3P4/4K3/8/8/8/8/8|4k3/8/4K3/8/8/8/8/8 b - - Ld8 - 0 1",
    "r5k1/pp3ppp/8/8/8/8/PP3PPP/R5K1|2r3k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - Le3,ld6,Cc4,cf5 - 0 20",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R|r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq|KQkq - - - 4 5",
    "3rkb1r/ppp1pppp/4p1b1/1P4P1/1Bb5/P3PN1P/8/R3K2R|r2qk1nr/1pp4p/2n2p2/2bNn1p1/p7/P1NPN3/1PP1PPPP/R1BQKB1R w KQk|KQkq - lb1,Lc3,Cf3,cd4,cg4,ld5,Le5,Ce6 - 0 26",
];

/// The evaluation of `pos` with the weights `w`, from the side to move's view.
pub fn evaluate_with(pos: &Chutes, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us, w) - side_score(pos, !us, w) + w.tempo
}

impl Evaluate for Chutes {
    /// Razoring and the pruning of losing captures (static exchange), on top of the
    /// futility pruning `PRUNING` allows: measured together by SPRT (issue 84,
    /// `docs/rules/chutes.md`, "Search").
    const SEARCH_DEFAULTS: &'static [(&'static str, i32)] = &[
        ("RazorDepth", 2),
        ("RazorMargin", 300),
        ("LosingTacticalDepth", 3),
    ];

    /// The tuned table; with the crate's `net` feature, the table and the network's
    /// correction to it.
    fn evaluate(&self) -> i32 {
        #[cfg(feature = "net")]
        return evaluate_with(self, &WEIGHTS) + NETWORK.evaluate(self);
        #[cfg(not(feature = "net"))]
        evaluate_with(self, &WEIGHTS)
    }

    fn is_losing_tactical(&self, mv: Move) -> bool {
        see::loses_material(self, mv)
    }

    fn bench_fens(_form: usize) -> &'static [&'static str] {
        BENCH_FENS
    }

    fn bench_depth(_form: usize) -> u32 {
        4
    }

    const NET_FAMILY: &'static str = "chutes";
    const NET_INPUTS: usize = inputs::INPUTS;
    /// Two full armies of 16 men per side on each board: men are never added.
    const NET_MOST_PIECES: u32 = 64;

    fn net_input_sets(&self, side: Color, out: &mut Vec<InputSet>) {
        inputs::input_sets(self, side, out);
    }

    fn net_pieces(&self) -> u32 {
        self.men().occupied().count_ones()
    }
}

/// The one form has the one set of weights.
impl Tunable for Chutes {
    type Weights = Weights;

    fn weights(_form: usize) -> &'static Weights {
        &WEIGHTS
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
    }
}
