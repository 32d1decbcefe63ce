//! FIDE evaluation: tapered (middlegame/endgame) material and piece-square tables,
//! mobility, pawn structure (doubled, isolated, connected, passed, and a passed pawn's
//! blocker and king distances, backward pawns), rooks on open files, the bishop pair,
//! outposts and minor pieces behind pawns, king shelter, king attack and safe checks,
//! threats (pieces attacked by lesser ones), and the terms that need both sides' attack
//! maps (`pressure.rs`: hanging pieces, weak pawns, free passers, space). Every weight is
//! in [`Weights`] (`weights.rs`), loaded once from the table `escalade tune` generates (`tuned.rs`, the
//! one weight set of the one form, `normal`); the piece-square tables are derived from it
//! (`pst.rs`); [`Tunable`] lets the tuner evaluate with another set. Attack sets are the
//! move generator's ([`crate::attacks`]). An evaluation network trained on
//! Stockfish-labelled positions (`net.rs`, [`NETWORK`]) replaces the table in play (the
//! crate's default feature `net`; without it the table plays, as the tuner fits it). What
//! the opponent threatens, for ordering quiet moves, is in `threats.rs`.

mod net;
mod net_kings;
mod net_layer;
mod pressure;
mod pst;
mod see;
#[cfg(test)]
mod tests;
mod tuned;
mod weights;

use crate::attacks::{bishop, king, knight, pawn_attacks, rook};
use crate::{Chess, Kind, Move};
use escalade_core::{splitmix64, Bitboard, Color, Rules};
use std::sync::LazyLock;

pub use self::net::{NetError, Network, HIDDEN, NETWORK};
pub use self::weights::{Weights, S};
use self::weights::{PHASE, PHASE_TOTAL};
use escalade_eval::{Evaluate, Tunable, WeightSet, FIDE_SEARCH_GROUP};

/// The weights in use, from the generated table.
pub static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| {
    Weights::ZERO
        .with_table(&tuned::TUNED)
        .expect("the generated table names every FIDE weight in order")
});

impl Evaluate for Chess {
    /// The tuned table; with the crate's `net` feature, the network.
    fn evaluate(&self) -> i32 {
        #[cfg(feature = "net")]
        return NETWORK.evaluate(self);
        #[cfg(not(feature = "net"))]
        evaluate_with(self, &WEIGHTS)
    }

    /// Zugzwang is common when the side to move has only king and pawns.
    fn null_move_safe(&self) -> bool {
        let side = self.side_to_move();
        self.color_bb(side) & !self.pieces(side, Kind::Pawn) & !self.pieces(side, Kind::King) != 0
    }

    /// Measured by SPRT in FIDE chess (docs/sprt-results.md): singular extensions from depth
    /// 8, captures that lose material by exchange skipped at depth 3 and less, the
    /// correction history's whole correction (keyed by the pawns, `correction_key`), and
    /// continuation history over two plies (keyed by `history_key`: piece and destination)
    /// with a history bonus linear in depth, which it needs to learn at low depth;
    /// `improving` from four plies up where the side to move was in check two plies up; and
    /// a ply less reduction on principal variations with the fail-low reward of the
    /// opponent's quiet move; quiet checks reduced late as other quiet moves are; razoring
    /// at depth 2 and less, 300 centipawns a ply below alpha.
    const SEARCH_DEFAULTS: &'static [(&'static str, i32)] = FIDE_SEARCH_GROUP;

    /// The pawns of both sides (the side to move is the table's business).
    fn correction_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, Kind::Pawn);
        let black = self.pieces(Color::Black, Kind::Pawn);
        Some(splitmix64(white) ^ splitmix64(black ^ BLACK_PAWNS_SALT))
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

/// The one form shares the one set of weights.
impl Tunable for Chess {
    type Weights = Weights;

    fn weights(_form: usize) -> &'static Weights {
        &WEIGHTS
    }

    fn evaluate_with(&self, weights: &Weights) -> i32 {
        evaluate_with(self, weights)
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

/// Keeps a black pawn set from keying like the same white one.
const BLACK_PAWNS_SALT: u64 = 0x6a09_e667_f3bc_c909;

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

/// The evaluation of `pos` with the weights `w`, for the side to move.
pub fn evaluate_with(pos: &Chess, w: &Weights) -> i32 {
    let (mut white, white_map) = side_terms(pos, Color::White, w);
    let (mut black, black_map) = side_terms(pos, Color::Black, w);
    let maps = [white_map, black_map];
    attack_map_terms(&mut white, pos, Color::White, w, maps);
    attack_map_terms(&mut black, pos, Color::Black, w, maps);
    let phase = (white.phase + black.phase).min(PHASE_TOTAL);
    let sign = pos.side_to_move().sign();
    let mg = white.mg - black.mg + w.tempo.0 * sign;
    let eg = white.eg - black.eg + w.tempo.1 * sign;
    (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL * sign
}

/// Both sides' pawns and the squares they attack, seen from one side; built once per side.
#[derive(Clone, Copy)]
struct Pawns {
    ours: u64,
    theirs: u64,
    our_attacks: u64,
    their_attacks: u64,
}

/// One side's terms but those of [`attack_map_terms`], and the side's attack map (every
/// square a piece or pawn of it attacks), gathered from the same attack sets.
fn side_terms(pos: &Chess, us: Color, w: &Weights) -> (Terms, u64) {
    let them = !us;
    let occupied = pos.occupied();
    let own = pos.color_bb(us);
    let our_pawns = pos.pieces(us, Kind::Pawn);
    let their_pawns = pos.pieces(them, Kind::Pawn);
    let pawns = Pawns {
        ours: our_pawns,
        theirs: their_pawns,
        our_attacks: pawn_attacks(us, our_pawns),
        their_attacks: pawn_attacks(them, their_pawns),
    };
    // mobility and safe checks count the squares not held by us nor attacked by their pawns
    let mobility_area = !own & !pawns.their_attacks;
    let their_king = pos.king_square(them);
    let zone = king(their_king) | u64::bit(their_king);
    let flip = if us == Color::White { 0 } else { 56 };
    // the squares each kind checks the enemy king from, once per side
    let (diagonal, straight) = (bishop(their_king, occupied), rook(their_king, occupied));
    let checks_from = [knight(their_king), diagonal, straight, diagonal | straight];

    let mut t = Terms {
        mg: 0,
        eg: 0,
        phase: 0,
    };
    let mut units = 0;
    let mut attackers = 0;
    let mut map = pawns.our_attacks | king(pos.king_square(us));
    for kind in Kind::ALL {
        let k = kind.index();
        for sq in pos.pieces(us, kind).squares() {
            t.add(w.pst[k][(sq ^ flip) as usize]);
            t.phase += PHASE[k];
            let reach = match kind {
                Kind::Knight => knight(sq),
                Kind::Bishop => bishop(sq, occupied),
                Kind::Rook => {
                    let file = FILES[(sq % 8) as usize];
                    if file & our_pawns == 0 {
                        t.add(if file & their_pawns == 0 {
                            w.rook_open_file
                        } else {
                            w.rook_half_open_file
                        });
                    }
                    rook(sq, occupied)
                }
                Kind::Queen => rook(sq, occupied) | bishop(sq, occupied),
                Kind::Pawn | Kind::King => continue,
            };
            map |= reach;
            let m = k - 1;
            if kind != Kind::Queen {
                threats(&mut t, w, pos, them, kind, reach);
            }
            if matches!(kind, Kind::Knight | Kind::Bishop) {
                minor_placement(&mut t, w, us, kind, sq, pawns);
            }
            let checks = (reach & mobility_area & checks_from[m]).count_ones() as i32;
            t.add_times(w.safe_check[m], checks);
            t.add_times(
                w.mobility[m],
                (reach & mobility_area).count_ones() as i32 - w.mobility_usual[m],
            );
            let hits = reach & zone;
            if hits != 0 {
                attackers += 1;
                units += w.attack_units[m] + w.attack_square_units * hits.count_ones() as i32;
            }
        }
    }
    if attackers >= 2 {
        t.mg += (units * units * w.attack_scale / 16).min(w.attack_cap);
    }
    if pos.pieces(us, Kind::Bishop).several() {
        t.add(w.bishop_pair);
    }
    for (i, kind) in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen]
        .into_iter()
        .enumerate()
    {
        let hit = (pawns.our_attacks & pos.pieces(them, kind)).count_ones() as i32;
        t.add_times(w.pawn_threat[i], hit);
    }
    pawn_structure(&mut t, w, us, pawns);
    t.mg += shelter(w, pos.king_square(us), us, our_pawns);
    (t, map)
}

/// One side's terms that need both sides' attack maps (`maps`: White's and Black's): a
/// passed pawn's path, and the pressure terms (`pressure.rs`).
fn attack_map_terms(t: &mut Terms, pos: &Chess, us: Color, w: &Weights, maps: [u64; 2]) {
    let them = !us;
    let pawns = (pos.pieces(us, Kind::Pawn), pos.pieces(them, Kind::Pawn));
    passed_extras(t, w, pos, us, pawns, maps[them.index()]);
    pressure::pressure(t, w, pos, us, maps);
}

/// Threats of one of our pieces of `kind` reaching `reach`: lesser pieces attacking
/// greater ones.
#[inline(always)]
fn threats(t: &mut Terms, w: &Weights, pos: &Chess, them: Color, kind: Kind, reach: u64) {
    let queens = pos.pieces(them, Kind::Queen);
    match kind {
        Kind::Knight | Kind::Bishop => {
            t.add_times(
                w.minor_threat[0],
                (reach & pos.pieces(them, Kind::Rook)).count_ones() as i32,
            );
            t.add_times(w.minor_threat[1], (reach & queens).count_ones() as i32);
        }
        Kind::Rook => t.add_times(w.rook_threat, (reach & queens).count_ones() as i32),
        _ => {}
    }
}

/// A knight's or bishop's outpost and a pawn in front of it.
#[inline(always)]
fn minor_placement(t: &mut Terms, w: &Weights, us: Color, kind: Kind, sq: u8, pawns: Pawns) {
    let file = (sq % 8) as usize;
    let relative_rank = relative_rank(us, sq);
    let reachable = pawns.theirs & ADJACENT[file] & PASSED_SPAN[us.index()][sq as usize];
    if (3..=5).contains(&relative_rank) && pawns.our_attacks & u64::bit(sq) != 0 && reachable == 0 {
        t.add(w.outpost[(kind == Kind::Bishop) as usize]);
    }
    if relative_rank < 7 && (pawns.ours | pawns.theirs) & u64::bit(stop_square(us, sq)) != 0 {
        t.add(w.minor_behind_pawn);
    }
}

/// The rank of `sq` seen from `us` (0: its first rank).
#[inline(always)]
fn relative_rank(us: Color, sq: u8) -> usize {
    if us == Color::White {
        (sq / 8) as usize
    } else {
        (7 - sq / 8) as usize
    }
}

/// The square in front of a pawn of `us` on `sq` (a passed pawn is never on the last rank).
#[inline(always)]
fn stop_square(us: Color, sq: u8) -> u8 {
    if us == Color::White {
        sq + 8
    } else {
        sq - 8
    }
}

/// King distance (the larger of the file and rank distances).
#[inline(always)]
fn distance(a: u8, b: u8) -> i32 {
    let file = ((a % 8) as i32 - (b % 8) as i32).abs();
    let rank = ((a / 8) as i32 - (b / 8) as i32).abs();
    file.max(rank)
}

/// A passed pawn's blocker and, in the endgame, the kings' distances to its path.
/// `their_map`: every square the enemy attacks.
fn passed_extras(
    t: &mut Terms,
    w: &Weights,
    pos: &Chess,
    us: Color,
    (ours, theirs): (u64, u64),
    their_map: u64,
) {
    let side = us.index();
    let (our_king, their_king) = (pos.king_square(us), pos.king_square(!us));
    for sq in ours.squares() {
        let file = (sq % 8) as usize;
        let span = PASSED_SPAN[side][sq as usize];
        if theirs & span != 0 || ours & FILES[file] & span != 0 {
            continue;
        }
        let stop = stop_square(us, sq);
        if pos.occupied() & u64::bit(stop) != 0 {
            t.add(w.passed_blocked);
        } else if pressure::free_path(pos, stop, their_map) {
            t.add(w.passed_free);
        }
        t.eg += w.passed_their_king * distance(their_king, stop)
            + w.passed_our_king * distance(our_king, stop);
    }
}

/// Doubled, isolated, connected, backward and passed pawns.
fn pawn_structure(t: &mut Terms, w: &Weights, us: Color, pawns: Pawns) {
    let Pawns {
        ours,
        theirs,
        our_attacks,
        their_attacks,
    } = pawns;
    for file in FILES {
        let n = (ours & file).count_ones() as i32;
        if n > 1 {
            t.add_times(w.doubled_pawn, n - 1);
        }
    }
    let side = us.index();
    for sq in ours.squares() {
        let file = (sq % 8) as usize;
        let relative_rank = relative_rank(us, sq);
        let level = 0xFFu64 << (sq / 8 * 8);
        let supporters = ours & ADJACENT[file] & (PASSED_SPAN[1 - side][sq as usize] | level);
        if ours & ADJACENT[file] == 0 {
            t.add(w.isolated_pawn);
        } else if supporters == 0
            && relative_rank < 7
            && their_attacks & u64::bit(stop_square(us, sq)) != 0
        {
            t.add(w.backward_pawn);
        }
        let beside = ((u64::bit(sq) << 1) & !FILE_A) | ((u64::bit(sq) >> 1) & !(FILE_A << 7));
        if our_attacks & u64::bit(sq) != 0 || ours & beside != 0 {
            t.add(w.connected_pawn);
        }
        if theirs & PASSED_SPAN[side][sq as usize] == 0
            && ours & FILES[file] & PASSED_SPAN[side][sq as usize] == 0
        {
            t.add(w.passed_pawn[relative_rank]);
        }
    }
}

/// Middlegame bonus for own pawns in front of the king, per file around it.
fn shelter(w: &Weights, king: u8, us: Color, ours: u64) -> i32 {
    let (file, rank) = ((king % 8) as i32, (king / 8) as i32);
    let forward = if us == Color::White { 1 } else { -1 };
    let mut score = 0;
    for f in (file - 1).max(0)..=(file + 1).min(7) {
        let on = |r: i32| (0..8).contains(&r) && ours & u64::bit((r * 8 + f) as u8) != 0;
        if on(rank + forward) {
            score += w.shelter_near;
        } else if on(rank + 2 * forward) {
            score += w.shelter_far;
        } else if ours & FILES[f as usize] & PASSED_SPAN[us.index()][king as usize] == 0 {
            score += w.shelter_missing;
        }
    }
    score
}
