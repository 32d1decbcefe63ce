//! Piece-square tables (material included) built from the shape weights of a [`Weights`]:
//! centralization for pieces, advance and centre for pawns, home corners in the middlegame
//! and the centre in the endgame for the king, plus the free per-square weights
//! (`Weights::square`, files mirrored). Indexed by kind and by the square seen from
//! White (Black's squares are mirrored with `sq ^ 56`). Built once per weight set, by
//! `WeightSet::rebuild`.

use super::weights::{Weights, S};

/// Steps from the nearest edge, 0 (edge) to 3 (centre).
fn centrality(x: i32) -> i32 {
    if x < 4 {
        x
    } else {
        7 - x
    }
}

/// `s` times `n`, both halves.
fn times(s: S, n: i32) -> S {
    S(s.0 * n, s.1 * n)
}

/// The index of a square (seen from White) in the file-mirrored half board of
/// `Weights::square`: `rank * 4 + file`, files e-h folded onto d-a.
pub(super) fn half_square(sq: i32) -> usize {
    let (file, rank) = (sq % 8, sq / 8);
    (rank * 4 + file.min(7 - file)) as usize
}

fn entry(w: &Weights, kind: usize, sq: i32) -> S {
    let (file, rank) = (sq % 8, sq / 8);
    let c = centrality(file) + centrality(rank);
    let base = w.material[kind];
    let add = match kind {
        0 => {
            let centre = (file == 3 || file == 4) && (2..=4).contains(&rank);
            let r = w.pawn_rank[rank as usize];
            let p = if centre { w.pawn_centre } else { S(0, 0) };
            S(r.0 + p.0, r.1 + p.1)
        }
        1 => times(w.knight_centre, c - 3),
        2 => times(w.bishop_centre, c - 3),
        3 => {
            let s = if rank == 6 { w.rook_seventh } else { S(0, 0) };
            let f = times(w.rook_centre_file, centrality(file));
            S(f.0 + s.0, f.1 + s.1)
        }
        4 => times(w.queen_centre, c - 3),
        _ => {
            let home = if rank == 0 {
                w.king_home[file as usize]
            } else {
                w.king_home[file as usize] / 2 - w.king_advance * rank
            };
            let centre = times(w.king_centre, c - 3);
            S(home + centre.0, centre.1)
        }
    };
    let free = w.square[kind][half_square(sq)];
    S(base.0 + add.0 + free.0, base.1 + add.1 + free.1)
}

/// Material plus placement of each kind on each square (White's view), from `w`.
pub(super) fn build(w: &Weights) -> [[S; 64]; 6] {
    let mut t = [[S(0, 0); 64]; 6];
    for (k, table) in t.iter_mut().enumerate() {
        for (sq, e) in table.iter_mut().enumerate() {
            *e = entry(w, k, sq as i32);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::super::WEIGHTS;

    #[test]
    fn tables_prefer_the_centre_and_castled_kings() {
        let pst = &WEIGHTS.pst;
        // knight d4 (27) over a1 (0); king g1 (6) over e2 (12) in the middlegame
        assert!(pst[1][27].0 > pst[1][0].0);
        assert!(pst[5][6].0 > pst[5][12].0);
        // king centre in the endgame; pawns gain as they advance
        assert!(pst[5][27].1 > pst[5][0].1);
        assert!(pst[0][48].1 > pst[0][16].1);
    }

    #[test]
    fn a_square_weight_counts_on_both_mirrored_files() {
        use super::super::weights::S;
        let mut w = WEIGHTS.clone();
        // c4 (26) and its mirror f4 (29) share index 3 * 4 + 2
        assert_eq!((super::half_square(26), super::half_square(29)), (14, 14));
        let was = w.square[1][14];
        w.square[1][14] = S(was.0 + 40, was.1 - 20);
        let pst = super::build(&w);
        for sq in [26, 29] {
            let (now, was) = (pst[1][sq], WEIGHTS.pst[1][sq]);
            assert_eq!((now.0 - was.0, now.1 - was.1), (40, -20));
        }
        assert_eq!(pst[1][27], WEIGHTS.pst[1][27]);
    }
}
