//! Every weight of the FIDE evaluation, in centipawns, as (middlegame, endgame) pairs.
//! The piece-square tables are built from the shape weights here (see `pst.rs`).

/// A (middlegame, endgame) pair, blended by the game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

/// Material, pawn to king (the king's value is irrelevant).
pub const MATERIAL: [S; 6] = [
    S(82, 100),
    S(330, 300),
    S(345, 315),
    S(480, 530),
    S(990, 960),
    S(0, 0),
];
/// Phase weight per kind; the phase is full (24) with all pieces on.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;

/// Pawn advance by relative rank (1st..8th).
pub const PAWN_RANK: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(2, 5),
    S(6, 10),
    S(14, 20),
    S(28, 34),
    S(50, 55),
    S(0, 0),
];
/// Pawns on the centre files (d, e) on ranks 3 to 5.
pub const PAWN_CENTRE: S = S(14, 0);
/// Per step of centralization (file and rank distance to the edge, 0..3 each).
pub const KNIGHT_CENTRE: S = S(9, 8);
pub const BISHOP_CENTRE: S = S(5, 5);
pub const ROOK_CENTRE_FILE: S = S(4, 0);
pub const QUEEN_CENTRE: S = S(2, 6);
pub const KING_CENTRE: S = S(0, 12);
/// A rook or queen on the seventh rank.
pub const ROOK_SEVENTH: S = S(18, 12);
/// King on its first rank, by file (middlegame): castled corners good, centre less so.
pub const KING_HOME: [i32; 8] = [22, 30, 12, 0, 0, 8, 32, 22];
/// Middlegame penalty per rank the king leaves its first rank.
pub const KING_ADVANCE: i32 = 22;

/// Per attacked square (not own-occupied, not attacked by enemy pawns), above the usual
/// count for the kind (knight, bishop, rook, queen).
pub const MOBILITY: [S; 4] = [S(4, 4), S(5, 5), S(2, 4), S(1, 2)];
pub const MOBILITY_USUAL: [i32; 4] = [4, 6, 6, 11];

pub const BISHOP_PAIR: S = S(28, 48);
pub const ROOK_OPEN_FILE: S = S(24, 8);
pub const ROOK_HALF_OPEN_FILE: S = S(11, 6);

pub const DOUBLED_PAWN: S = S(-10, -22);
pub const ISOLATED_PAWN: S = S(-11, -14);
/// A passed pawn by relative rank.
pub const PASSED_PAWN: [S; 8] = [
    S(0, 0),
    S(2, 8),
    S(4, 12),
    S(10, 22),
    S(22, 42),
    S(40, 75),
    S(62, 110),
    S(0, 0),
];
/// A pawn defended by a pawn or beside one.
pub const CONNECTED_PAWN: S = S(6, 5);

/// King shelter (middlegame): an own pawn one or two ranks in front, per file around the
/// king; a file with no own pawn in front at all.
pub const SHELTER_NEAR: i32 = 12;
pub const SHELTER_FAR: i32 = 6;
pub const SHELTER_MISSING: i32 = -14;
/// King attack units per piece attacking the king zone (knight, bishop, rook, queen), and
/// per attacked zone square.
pub const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
pub const ATTACK_SQUARE_UNITS: i32 = 1;
/// Middlegame penalty for `units` of attack: `units² × SCALE / 16`, capped.
pub const ATTACK_SCALE: i32 = 11;
pub const ATTACK_CAP: i32 = 600;

/// For the side to move.
pub const TEMPO: S = S(12, 4);
