//! FIDE evaluation: tapered (middlegame/endgame) material and piece-square tables,
//! mobility, pawn structure (doubled, isolated, connected, passed), rooks on open files,
//! the bishop pair, king shelter and king attack. Every weight is in `fide/weights.rs`;
//! the piece-square tables are built at compile time (`fide/pst.rs`); attack sets are the
//! move generator's ([`crate::attacks`]).

mod pst;
mod see;
mod weights;

use crate::attacks::{bishop, king, knight, pawn_attacks, rook};
use crate::{Chess, Kind, Move};
use escalade_core::{Bitboard, Color, Rules};

use self::pst::PST;
use self::weights::*;
use escalade_eval::Evaluate;

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    /// Zugzwang is common when the side to move has only king and pawns.
    fn null_move_safe(&self) -> bool {
        let side = self.side_to_move();
        self.color_bb(side) & !self.pieces(side, Kind::Pawn) & !self.pieces(side, Kind::King) != 0
    }

    fn is_losing_tactical(&self, mv: Move) -> bool {
        see::loses_material(self, mv)
    }

    fn bench_fens(_form: usize) -> &'static [&'static str] {
        &BENCH
    }

    fn bench_depth(_form: usize) -> u32 {
        12
    }
}

/// Positions of `escalade bench` (the start position comes first on its own): openings,
/// middlegames with tactics, and endgames of each kind.
const BENCH: [&str; 14] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1bn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 9",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/3P4/1P1BPN2/PBPN1PPP/R2Q1RK1 w - - 0 11",
    "r1b1kb1r/pp3ppp/2n1pn2/q1pp4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 2 7",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4r1k1/1p3ppp/p1p5/3q4/3P4/2P2Q1P/PP3PP1/4R1K1 b - - 0 24",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/5pk1/6p1/R7/5P2/6PK/r7/8 w - - 0 40",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/8/1k6/8/2Q5/8/5K2/3q4 w - - 0 60",
    "8/P7/8/8/8/8/6kp/K7 w - - 0 1",
];

const FILE_A: u64 = 0x0101_0101_0101_0101;

const fn file_masks() -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        m[f] = FILE_A << f;
        f += 1;
    }
    m
}
const FILES: [u64; 8] = file_masks();

const fn adjacent_files() -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            m[f] |= FILES[f - 1];
        }
        if f < 7 {
            m[f] |= FILES[f + 1];
        }
        f += 1;
    }
    m
}
const ADJACENT: [u64; 8] = adjacent_files();

/// Squares in front of a pawn on its file and the adjacent files (its passed-pawn span).
const fn passed_spans() -> [[u64; 64]; 2] {
    let mut m = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let span = FILES[file] | ADJACENT[file];
        let above = if rank < 7 {
            !0u64 << ((rank + 1) * 8)
        } else {
            0
        };
        let below = if rank > 0 {
            !0u64 >> ((8 - rank) * 8)
        } else {
            0
        };
        m[0][sq] = span & above;
        m[1][sq] = span & below;
        sq += 1;
    }
    m
}
const PASSED_SPAN: [[u64; 64]; 2] = passed_spans();

/// One side's terms, White-positive blending left to the caller.
struct Terms {
    mg: i32,
    eg: i32,
    phase: i32,
}

impl Terms {
    #[inline(always)]
    fn add(&mut self, s: S) {
        self.mg += s.0;
        self.eg += s.1;
    }
    #[inline(always)]
    fn add_times(&mut self, s: S, n: i32) {
        self.mg += s.0 * n;
        self.eg += s.1 * n;
    }
}

/// The evaluation for the side to move.
pub fn evaluate(pos: &Chess) -> i32 {
    let white = side_terms(pos, Color::White);
    let black = side_terms(pos, Color::Black);
    let phase = (white.phase + black.phase).min(PHASE_TOTAL);
    let sign = pos.side_to_move().sign();
    let mg = white.mg - black.mg + TEMPO.0 * sign;
    let eg = white.eg - black.eg + TEMPO.1 * sign;
    (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL * sign
}

fn side_terms(pos: &Chess, us: Color) -> Terms {
    let them = !us;
    let occupied = pos.occupied();
    let own = pos.color_bb(us);
    let our_pawns = pos.pieces(us, Kind::Pawn);
    let their_pawns = pos.pieces(them, Kind::Pawn);
    let our_pawn_attacks = pawn_attacks(us, our_pawns);
    let their_pawn_attacks = pawn_attacks(them, their_pawns);
    let mobility_area = !own & !their_pawn_attacks;
    let their_king = pos.king_square(them);
    let zone = king(their_king) | u64::bit(their_king);
    let flip = if us == Color::White { 0 } else { 56 };

    let mut t = Terms {
        mg: 0,
        eg: 0,
        phase: 0,
    };
    let mut units = 0;
    let mut attackers = 0;
    for kind in Kind::ALL {
        let k = kind.index();
        for sq in pos.pieces(us, kind).squares() {
            t.add(PST[k][(sq ^ flip) as usize]);
            t.phase += PHASE[k];
            let reach = match kind {
                Kind::Knight => knight(sq),
                Kind::Bishop => bishop(sq, occupied),
                Kind::Rook => {
                    let file = FILES[(sq % 8) as usize];
                    if file & our_pawns == 0 {
                        t.add(if file & their_pawns == 0 {
                            ROOK_OPEN_FILE
                        } else {
                            ROOK_HALF_OPEN_FILE
                        });
                    }
                    rook(sq, occupied)
                }
                Kind::Queen => rook(sq, occupied) | bishop(sq, occupied),
                Kind::Pawn | Kind::King => continue,
            };
            let m = k - 1;
            t.add_times(
                MOBILITY[m],
                (reach & mobility_area).count_ones() as i32 - MOBILITY_USUAL[m],
            );
            let hits = reach & zone;
            if hits != 0 {
                attackers += 1;
                units += ATTACK_UNITS[m] + ATTACK_SQUARE_UNITS * hits.count_ones() as i32;
            }
        }
    }
    if attackers >= 2 {
        t.mg += (units * units * ATTACK_SCALE / 16).min(ATTACK_CAP);
    }
    if pos.pieces(us, Kind::Bishop).several() {
        t.add(BISHOP_PAIR);
    }
    pawn_structure(&mut t, us, our_pawns, their_pawns, our_pawn_attacks);
    t.mg += shelter(pos.king_square(us), us, our_pawns);
    t
}

fn pawn_structure(t: &mut Terms, us: Color, ours: u64, theirs: u64, our_attacks: u64) {
    for file in FILES {
        let n = (ours & file).count_ones() as i32;
        if n > 1 {
            t.add_times(DOUBLED_PAWN, n - 1);
        }
    }
    let side = us.index();
    for sq in ours.squares() {
        let file = (sq % 8) as usize;
        let relative_rank = if us == Color::White {
            sq / 8
        } else {
            7 - sq / 8
        } as usize;
        if ours & ADJACENT[file] == 0 {
            t.add(ISOLATED_PAWN);
        }
        let beside = ((u64::bit(sq) << 1) & !FILE_A) | ((u64::bit(sq) >> 1) & !(FILE_A << 7));
        if our_attacks & u64::bit(sq) != 0 || ours & beside != 0 {
            t.add(CONNECTED_PAWN);
        }
        if theirs & PASSED_SPAN[side][sq as usize] == 0
            && ours & FILES[file] & PASSED_SPAN[side][sq as usize] == 0
        {
            t.add(PASSED_PAWN[relative_rank]);
        }
    }
}

/// Middlegame bonus for own pawns in front of the king, per file around it.
fn shelter(king: u8, us: Color, ours: u64) -> i32 {
    let (file, rank) = ((king % 8) as i32, (king / 8) as i32);
    let forward = if us == Color::White { 1 } else { -1 };
    let mut score = 0;
    for f in (file - 1).max(0)..=(file + 1).min(7) {
        let on = |r: i32| (0..8).contains(&r) && ours & u64::bit((r * 8 + f) as u8) != 0;
        if on(rank + forward) {
            score += SHELTER_NEAR;
        } else if on(rank + 2 * forward) {
            score += SHELTER_FAR;
        } else if ours & FILES[f as usize] & PASSED_SPAN[us.index()][king as usize] == 0 {
            score += SHELTER_MISSING;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};

    fn eval(fen: &str) -> i32 {
        evaluate(&parse_fen(fen).expect("valid FEN"))
    }

    /// The same position with colours swapped and the board mirrored.
    fn mirror(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castle: String = if fields[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = fields[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
            c.into_iter().collect()
        };
        format!("{} {side} {castle} - 0 1", board.join("/"))
    }

    #[test]
    fn symmetric_positions_score_alike_for_either_side() {
        for fen in BENCH.iter().chain([&crate::START_FEN]) {
            assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
        }
        let start = eval(crate::START_FEN);
        assert!(start > 0 && start < 30, "start {start}");
    }

    #[test]
    fn material_and_structure_point_the_right_way() {
        // White is a queen up
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // a passed pawn on the 7th beats one on the 2nd
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
        // doubled isolated pawns are worse than healthy ones
        assert!(
            eval("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1") < eval("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1")
        );
        // a castled king with its shelter beats a king stuck in the centre behind no pawns
        let sheltered = eval("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RK1 w - - 0 1");
        let exposed = eval("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1R1K w - - 0 1");
        assert!(sheltered >= exposed);
    }

    #[test]
    fn null_move_is_unsafe_with_only_pawns() {
        assert!(!parse_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1")
            .expect("fen")
            .null_move_safe());
        assert!(parse_fen(crate::START_FEN).expect("fen").null_move_safe());
    }

    #[test]
    fn bench_positions_are_valid() {
        for fen in Chess::bench_fens(0) {
            parse_fen(fen).expect("bench FEN");
        }
    }
}
