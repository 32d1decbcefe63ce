//! Piece-square tables (material included) built at compile time from the shape weights in
//! `weights.rs`: centralization for pieces, advance and centre for pawns, home corners in
//! the middlegame and the centre in the endgame for the king. Indexed by kind and by the
//! square seen from White (Black's squares are mirrored with `sq ^ 56`).

use super::weights::*;

/// Steps from the nearest edge, 0 (edge) to 3 (centre).
const fn centrality(x: i32) -> i32 {
    if x < 4 {
        x
    } else {
        7 - x
    }
}

const fn entry(kind: usize, sq: i32) -> S {
    let (file, rank) = (sq % 8, sq / 8);
    let c = centrality(file) + centrality(rank);
    let base = MATERIAL[kind];
    let add = match kind {
        0 => {
            let centre = (file == 3 || file == 4) && rank >= 2 && rank <= 4;
            let r = PAWN_RANK[rank as usize];
            S(
                r.0 + if centre { PAWN_CENTRE.0 } else { 0 },
                r.1 + if centre { PAWN_CENTRE.1 } else { 0 },
            )
        }
        1 => S(KNIGHT_CENTRE.0 * (c - 3), KNIGHT_CENTRE.1 * (c - 3)),
        2 => S(BISHOP_CENTRE.0 * (c - 3), BISHOP_CENTRE.1 * (c - 3)),
        3 => {
            let seventh = rank == 6;
            S(
                ROOK_CENTRE_FILE.0 * centrality(file) + if seventh { ROOK_SEVENTH.0 } else { 0 },
                ROOK_CENTRE_FILE.1 * centrality(file) + if seventh { ROOK_SEVENTH.1 } else { 0 },
            )
        }
        4 => S(QUEEN_CENTRE.0 * (c - 3), QUEEN_CENTRE.1 * (c - 3)),
        _ => {
            let mg = if rank == 0 {
                KING_HOME[file as usize]
            } else {
                KING_HOME[file as usize] / 2 - KING_ADVANCE * rank
            };
            S(mg, KING_CENTRE.1 * (c - 3))
        }
    };
    S(base.0 + add.0, base.1 + add.1)
}

const fn build() -> [[S; 64]; 6] {
    let mut t = [[S(0, 0); 64]; 6];
    let mut k = 0;
    while k < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[k][sq] = entry(k, sq as i32);
            sq += 1;
        }
        k += 1;
    }
    t
}

/// Material plus placement of each kind on each square (White's view).
pub const PST: [[S; 64]; 6] = build();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_prefer_the_centre_and_castled_kings() {
        // knight d4 (27) over a1 (0); king g1 (6) over e2 (12) in the middlegame
        assert!(PST[1][27].0 > PST[1][0].0);
        assert!(PST[5][6].0 > PST[5][12].0);
        // king centre in the endgame; pawns gain as they advance
        assert!(PST[5][27].1 > PST[5][0].1);
        assert!(PST[0][48].1 > PST[0][16].1);
    }
}
