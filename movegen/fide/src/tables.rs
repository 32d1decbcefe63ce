//! Attack tables of FIDE chess, built once from the core geometry of the 8x8 board:
//! leapers from coordinate offsets, sliders through magics, the `between`/`line`
//! tables that legal move generation uses for checks and pins, and `reach`: how a piece on
//! one square could attack another (what the check test asks first).

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square, COMPASS, KNIGHT_LEAPS};

use crate::magic::SliderTable;

/// Rook directions in the compass order (N, E, S, W).
pub(crate) const ROOK_DIRS: [usize; 4] = [0, 2, 4, 6];
/// Bishop directions in the compass order (NE, SE, SW, NW).
pub(crate) const BISHOP_DIRS: [usize; 4] = [1, 3, 5, 7];

/// `reach` bits: the two squares share a rank or a file.
pub(crate) const REACH_STRAIGHT: u8 = 1;
/// `reach` bits: the two squares share a diagonal.
pub(crate) const REACH_DIAGONAL: u8 = 2;
/// `reach` bits: a knight's leap apart.
pub(crate) const REACH_KNIGHT: u8 = 4;
/// `reach` bits: a pawn of the colour (White `<< 0`, Black `<< 1`) on the first square
/// attacks the second.
pub(crate) const REACH_PAWN: u8 = 8;

/// Every table, built on first use.
pub(crate) struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    pub pawn_attacks: [[u64; 64]; 2],
    between: Vec<u64>,
    line: Vec<u64>,
    reach: Vec<u8>,
    rook: SliderTable,
    bishop: SliderTable,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables (built on first call).
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

/// The 8x8 board: squares a1 = 0 ... h8 = 63, compass directions.
pub fn chess_geometry() -> Geometry<u64> {
    GeometryBuilder::grid(8, 8, 8, &COMPASS, &[], |f, r| {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    })
    .build()
}

fn to_array(v: Vec<u64>) -> [u64; 64] {
    v.try_into().expect("64 squares")
}

impl Tables {
    fn build() -> Tables {
        let geometry = chess_geometry();
        let knight = to_array(geometry.leap_table(&KNIGHT_LEAPS));
        let king = to_array(geometry.leap_table(&COMPASS));
        let white_pawn = to_array(geometry.leap_table(&[(-1, 1), (1, 1)]));
        let black_pawn = to_array(geometry.leap_table(&[(-1, -1), (1, -1)]));
        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        let mut reach = vec![0u8; 64 * 64];
        for s in 0..64u8 {
            for d in 0..8 {
                let opposite = (d + 4) % 8;
                let full = geometry.ray(s, d) | geometry.ray(s, opposite) | u64::bit(s);
                let line_bit = if ROOK_DIRS.contains(&d) {
                    REACH_STRAIGHT
                } else {
                    REACH_DIAGONAL
                };
                for t in geometry.ray(s, d).squares() {
                    let i = s as usize * 64 + t as usize;
                    between[i] = geometry.ray(s, d) & geometry.ray(t, opposite);
                    line[i] = full;
                    reach[i] = line_bit;
                }
            }
        }
        Self::add_leaps_to_reach(&mut reach, &knight, [&white_pawn, &black_pawn]);
        let rook = SliderTable::with_magics(&geometry, &ROOK_DIRS, &ROOK_MAGICS);
        let bishop = SliderTable::with_magics(&geometry, &BISHOP_DIRS, &BISHOP_MAGICS);
        Tables {
            knight,
            king,
            pawn_attacks: [white_pawn, black_pawn],
            between,
            line,
            reach,
            rook,
            bishop,
        }
    }

    /// Adds the knight's and the pawns' bits to `reach` (`from * 64 + to`), which holds
    /// the lines already.
    fn add_leaps_to_reach(reach: &mut [u8], knight: &[u64; 64], pawns: [&[u64; 64]; 2]) {
        for (i, bits) in reach.iter_mut().enumerate() {
            let (a, b) = (i / 64, (i % 64) as Square);
            *bits |= REACH_KNIGHT * knight[a].has(b) as u8;
            for (color, pawn) in pawns.iter().enumerate() {
                *bits |= (REACH_PAWN << color) * pawn[a].has(b) as u8;
            }
        }
    }

    /// How a piece on `a` could attack `b` (`REACH_*` bits; 0 for `a == b`).
    #[inline(always)]
    pub fn reach(&self, a: Square, b: Square) -> u8 {
        self.reach[a as usize * 64 + b as usize]
    }

    /// Squares strictly between two aligned squares (empty if not aligned).
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> u64 {
        self.between[a as usize * 64 + b as usize]
    }

    /// The whole line through two aligned squares (empty if not aligned).
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> u64 {
        self.line[a as usize * 64 + b as usize]
    }

    #[inline(always)]
    pub fn rook_attacks(&self, sq: Square, occupied: u64) -> u64 {
        self.rook.attacks(sq, occupied)
    }

    #[inline(always)]
    pub fn bishop_attacks(&self, sq: Square, occupied: u64) -> u64 {
        self.bishop.attacks(sq, occupied)
    }

    #[inline(always)]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> u64 {
        self.pawn_attacks[color.index()][sq as usize]
    }
}

/// Magic multipliers found by `magic::tests::print_magics` (a seeded search of our own).
#[rustfmt::skip]
pub(crate) const ROOK_MAGICS: [u64; 64] = [
    0x0080051080644000, 0x6040200040001002, 0x1280088210002000, 0x0080100080080004,
    0x1080028008000400, 0x0200018810040200, 0x5480010020800200, 0x4100002088421100,
    0x4008801080400020, 0x4015002580400100, 0x0000802000100080, 0x4100800800801000,
    0x10020020040A0010, 0x8101000401000208, 0x0054000401089002, 0x8101002448850002,
    0x0004898004400220, 0x0002434000201002, 0x8810008080102000, 0x4017808010000800,
    0x2024808008000401, 0x0061010004000208, 0x8802040050480102, 0x0110520003024984,
    0x0480004040002004, 0x0200200140005000, 0x8100100080200080, 0xC042200A00401200,
    0x00EC004480080080, 0x0100040080020080, 0x1A00020080800100, 0x0008404200040081,
    0x2000400024800080, 0x000020100040004C, 0x0220001003802480, 0x0080080080801000,
    0x0000800400800801, 0x0608800200800400, 0x822200082200C401, 0x0008800040800100,
    0x8008C00580088020, 0x3120100040014021, 0x010C122001010040, 0x040010010021000A,
    0x1002002008860010, 0x4104000402008080, 0x5002011008840042, 0x054048C7088A0004,
    0x4802004181230600, 0x0102028040270200, 0x0010022004801480, 0xC001020810002300,
    0x2004800800040080, 0x4182000204008080, 0x0000010842300400, 0x0500440441830600,
    0x0342004010210082, 0x0010400112210083, 0x8001001208422001, 0x2108081000042101,
    0x5882000891200402, 0x0409000208040003, 0x01000910480A0094, 0x403100002E008051,
];
/// Bishop multipliers, found the same way.
#[rustfmt::skip]
pub(crate) const BISHOP_MAGICS: [u64; 64] = [
    0x00C8013004820080, 0x0482220805051000, 0x0208082040830400, 0x8104404080080100,
    0x8002021000020000, 0x0022C82010000200, 0x4000840120100801, 0x0810104124104000,
    0x00C0081090008900, 0x005A691000820244, 0x0230083208420000, 0x1600441042000242,
    0x5500011040008804, 0x2000010402400000, 0x480C048090115000, 0xC300004138011000,
    0x0040020450044103, 0x000480102400C402, 0x0404090204001200, 0x8508001082064400,
    0x4081008820081804, 0x000A002108012441, 0x2924402082282000, 0x0002425122080460,
    0x0004100020204100, 0x0001200010040101, 0x0008010208020020, 0x0001080029004300,
    0x0010848014002000, 0x0C10210000804104, 0x210204080088A842, 0x06008090242C0400,
    0x0A04044034841000, 0x1000A21000081083, 0x8884008600304400, 0x0002400A00102200,
    0xC500420020120080, 0x0010050200094051, 0x9810010100020093, 0x0404090048060040,
    0x4008020210402032, 0x2000841088008200, 0x5002110801000800, 0x0210182024200800,
    0x1990400109001A04, 0xB4080208060040B0, 0x012008C112401100, 0x0404010212020030,
    0x0044040249040002, 0x1808840412022000, 0x4012104200900201, 0x8022012284110008,
    0x0800002082440040, 0x2304102022042020, 0x0848090808004501, 0x4018820850410000,
    0x0001010290144200, 0x18040220A4104800, 0x0001080020841028, 0x0010082441040900,
    0x0300202204E50400, 0x000080C03A248104, 0x0800100451140C06, 0x4002081004004448,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_agree_with_geometry_walks() {
        let t = tables();
        let geometry = chess_geometry();
        let mut occ = 0x0123_4567_89AB_CDEFu64;
        for sq in 0..64u8 {
            occ = escalade_core::splitmix64(occ) & escalade_core::splitmix64(occ ^ 1);
            assert_eq!(
                t.rook_attacks(sq, occ),
                geometry.slide_all(sq, &ROOK_DIRS, occ)
            );
            assert_eq!(
                t.bishop_attacks(sq, occ),
                geometry.slide_all(sq, &BISHOP_DIRS, occ)
            );
        }
    }

    #[test]
    fn between_and_line() {
        let t = tables();
        // a1 (0) and h8 (63): between holds b2..g7
        assert_eq!(t.between(0, 63).count(), 6);
        assert_eq!(t.line(0, 63).count(), 8);
        assert_eq!(t.between(0, 10), 0); // a1, c2: not aligned
    }

    #[test]
    fn reach_agrees_with_the_attack_tables() {
        let t = tables();
        for a in 0..64u8 {
            for b in 0..64u8 {
                let r = t.reach(a, b);
                let lone = |bb: u64| bb.has(b) && a != b;
                assert_eq!(r & REACH_STRAIGHT != 0, lone(t.rook_attacks(a, 0)));
                assert_eq!(r & REACH_DIAGONAL != 0, lone(t.bishop_attacks(a, 0)));
                assert_eq!(r & REACH_KNIGHT != 0, t.knight[a as usize].has(b));
                for color in [Color::White, Color::Black] {
                    let pawn = REACH_PAWN << color.index();
                    assert_eq!(r & pawn != 0, t.pawn_attacks(color, a).has(b));
                }
            }
        }
    }
}
