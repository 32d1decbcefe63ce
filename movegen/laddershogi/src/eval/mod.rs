//! Evaluation of Ladder Shogi: stage-aware material (a stage is worth its base plus its
//! mobility), hand values, King safety against double-move threats (enemy Crickets and
//! Dragons near the King, infused or energized attackers in reach), Kappa control
//! (petrified enemies), Burakumin isolation (its freedom and the squares it denies near the
//! enemy King) and promotion potential (Lances, Ninjas and Horses near their zone, value
//! pieces attacking enemy value pieces they would gain experience from). All weights are in
//! `W`.

use crate::*;
use escalade_core::{Bitboard, Color};

use escalade_eval::Evaluate;

/// Every weight of the evaluation, in centipawns.
struct Weights {
    /// Base worth of a value piece by stage (index 1-10).
    stage: [i32; 11],
    /// Worth of each target square of a value piece, by stage.
    stage_mobility: [i32; 11],
    /// Base worth of non-value pieces, by kind (index = kind).
    non_value: [(u8, i32); 11],
    /// Worth of each target square of a non-value piece.
    mobility: i32,
    /// Worth of a piece in hand, by hand index (V D C P L J H U).
    hand: [i32; 8],
    /// Penalty per enemy piece within two squares of the King.
    king_attacker: i32,
    /// Penalty per enemy Cricket or Dragon within three squares of the King.
    king_power_piece: i32,
    /// Bonus per friendly piece next to the King.
    king_shelter: i32,
    /// Penalty when the King is exposed to a double-move capture (royal-capture check
    /// while it is the opponent's turn cannot happen; this scores the opponent's threat).
    king_threat: i32,
    /// Share (in 1/16) of a petrified enemy piece's worth credited to the Kappa's side.
    petrified_share: i32,
    /// Bonus per square a Burakumin may move to.
    burakumin_freedom: i32,
    /// Bonus per square next to the enemy King that a Burakumin denies.
    burakumin_denial: i32,
    /// Bonus per rank of advancement of a Lance, Ninja or Horse (promotion potential).
    advance: i32,
    /// Bonus per stage point of enemy value pieces a value piece attacks (experience potential).
    experience_reach: i32,
    /// Bonus for having the move.
    tempo: i32,
}

const W: Weights = Weights {
    stage: [0, 80, 110, 150, 190, 330, 380, 450, 650, 720, 900],
    stage_mobility: [0, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3],
    non_value: [
        (KING, 0),
        (DRAGON, 400),
        (CRICKET, 380),
        (KAPPA, 330),
        (LANCE, 250),
        (NINJA, 270),
        (HORSE, 220),
        (BURAKUMIN, 600),
        (ROOK, 620),
        (BISHOP, 560),
        (SHOGUN, 330),
    ],
    mobility: 4,
    hand: [110, 430, 410, 360, 280, 300, 250, 640],
    king_attacker: 18,
    king_power_piece: 30,
    king_shelter: 10,
    king_threat: 120,
    petrified_share: 5,
    burakumin_freedom: 3,
    burakumin_denial: 25,
    advance: 6,
    experience_reach: 4,
    tempo: 15,
};

fn non_value_worth(kind: Kind) -> i32 {
    W.non_value
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |&(_, v)| v)
}

fn rank_of(sq: u8) -> i32 {
    (sq / 10) as i32
}

fn file_of(sq: u8) -> i32 {
    (sq % 10) as i32
}

fn distance(a: u8, b: u8) -> i32 {
    (rank_of(a) - rank_of(b))
        .abs()
        .max((file_of(a) - file_of(b)).abs())
}

/// Worth of a piece of `kind` with `targets` destinations (material plus mobility), without
/// positional terms.
fn piece_worth(kind: Kind, targets: i32) -> i32 {
    if is_value(kind) {
        W.stage[kind as usize] + W.stage_mobility[kind as usize] * targets
    } else {
        non_value_worth(kind) + W.mobility * targets
    }
}

/// Everything scored for one side, from that side's point of view.
fn side_score(pos: &LadderShogi, us: Color) -> i32 {
    let them = !us;
    let my_king = pos.king_square(us);
    let their_king = pos.king_square(them);
    let mut score = 0;
    for sq in pos.pieces(us).squares() {
        let Some((kind, _)) = pos.piece_at(sq) else {
            continue;
        };
        // Destinations once per piece: mobility, Burakumin freedom and experience reach.
        let targets = pos.piece_targets(sq);
        score += piece_worth(kind, targets.count() as i32);
        let advance = match us {
            Color::White => rank_of(sq),
            Color::Black => 9 - rank_of(sq),
        };
        match kind {
            LANCE | NINJA | HORSE => score += W.advance * advance,
            BURAKUMIN => {
                score += W.burakumin_freedom * targets.count() as i32;
                if distance(sq, their_king) == 2 {
                    score += W.burakumin_denial;
                }
            }
            k if is_value(k) => {
                let reach = targets & pos.pieces(them);
                for t in reach.squares() {
                    if let Some((v, _)) = pos.piece_at(t) {
                        if is_value(v) {
                            score += W.experience_reach * v as i32;
                        }
                    }
                }
            }
            _ => {}
        }
        if kind != KING && distance(sq, my_king) == 1 {
            score += W.king_shelter;
        }
    }
    for sq in pos.pieces(them).squares() {
        let Some((kind, _)) = pos.piece_at(sq) else {
            continue;
        };
        let d = distance(sq, my_king);
        if d <= 2 {
            score -= W.king_attacker;
        }
        if (kind == CRICKET || kind == DRAGON) && d <= 3 {
            score -= W.king_power_piece;
        }
    }
    for sq in pos.petrified_pieces(them).squares() {
        if let Some((kind, _)) = pos.piece_at(sq) {
            let base = if is_value(kind) {
                W.stage[kind as usize]
            } else {
                non_value_worth(kind).max(300)
            };
            score += base * W.petrified_share / 16;
        }
    }
    for hk in 0..HAND_KINDS {
        score += W.hand[hk] * pos.hand_count(us, hk) as i32;
    }
    score
}

impl Evaluate for LadderShogi {
    fn evaluate(&self) -> i32 {
        let us = self.side_to_move();
        let mut score = side_score(self, us) - side_score(self, !us) + W.tempo;
        // The opponent's King threatened by us (we are to move: a capture would be decisive,
        // but legal play never allows it); our King threatened means we must respond now.
        if self.king_threatened(us) {
            score -= W.king_threat;
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let p = LadderShogi::startpos(0);
        assert_eq!(p.evaluate(), W.tempo);
    }

    #[test]
    fn a_higher_stage_is_worth_more() {
        let low = LadderShogi::from_fen(0, "4k5/10/10/10/4V35/10/10/10/10/5K4 w - 0").unwrap();
        let high = LadderShogi::from_fen(0, "4k5/10/10/10/4V75/10/10/10/10/5K4 w - 0").unwrap();
        assert!(high.evaluate() > low.evaluate());
    }
}
