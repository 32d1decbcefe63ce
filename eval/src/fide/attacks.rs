//! Attack sets for the FIDE evaluation (mobility, king attacks, pawn control), built at
//! compile time: leaper tables and rays in the eight compass directions. Sliders are cut
//! at the first blocker of each ray (lowest bit for rays of rising squares, highest for
//! falling ones), which needs no large tables.

/// (file, rank) steps: N, NE, E, SE, S, SW, W, NW.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn leaps(offsets: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < offsets.len() {
            let (nf, nr) = (f + offsets[i].0, r + offsets[i].1);
            if on_board(nf, nr) {
                t[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32 + DIRS[d].0, (sq / 8) as i32 + DIRS[d].1);
            while on_board(f, r) {
                t[d][sq] |= 1 << (r * 8 + f);
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// Knight moves from each square.
pub const KNIGHT: [u64; 64] = leaps(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// King moves from each square.
pub const KING: [u64; 64] = leaps(&DIRS);
const RAYS: [[u64; 64]; 8] = rays();

/// Rays N, NE, E, NW climb to higher squares; SE, S, SW, W fall.
#[inline(always)]
fn ray(dir: usize, sq: u8, occupied: u64) -> u64 {
    let r = RAYS[dir][sq as usize];
    let blockers = r & occupied;
    if blockers == 0 {
        return r;
    }
    let first = if matches!(dir, 0 | 1 | 2 | 7) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    r ^ RAYS[dir][first as usize]
}

/// Rook attacks from `sq` against `occupied`.
#[inline]
pub fn rook(sq: u8, occupied: u64) -> u64 {
    ray(0, sq, occupied) | ray(2, sq, occupied) | ray(4, sq, occupied) | ray(6, sq, occupied)
}

/// Bishop attacks from `sq` against `occupied`.
#[inline]
pub fn bishop(sq: u8, occupied: u64) -> u64 {
    ray(1, sq, occupied) | ray(3, sq, occupied) | ray(5, sq, occupied) | ray(7, sq, occupied)
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares attacked by White pawns on `pawns`.
#[inline]
pub fn white_pawn_attacks(pawns: u64) -> u64 {
    ((pawns << 9) & !FILE_A) | ((pawns << 7) & !FILE_H)
}

/// Squares attacked by Black pawns on `pawns`.
#[inline]
pub fn black_pawn_attacks(pawns: u64) -> u64 {
    ((pawns >> 7) & !FILE_A) | ((pawns >> 9) & !FILE_H)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leapers_and_sliders_on_known_squares() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(rook(0, 0).count_ones(), 14);
        assert_eq!(bishop(27, 0).count_ones(), 13);
        // a rook on d4 blocked on d6 and f4
        let occ = (1u64 << 43) | (1u64 << 29);
        let a = rook(27, occ);
        assert!(a & (1 << 43) != 0 && a & (1 << 51) == 0);
        assert!(a & (1 << 29) != 0 && a & (1 << 30) == 0);
        assert_eq!(white_pawn_attacks(1 << 8), 1 << 17);
        assert_eq!(black_pawn_attacks(1 << 55), 1 << 46);
    }
}
