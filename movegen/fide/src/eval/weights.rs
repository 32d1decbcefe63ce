//! Every weight of the FIDE evaluation, in centipawns, most as (middlegame, endgame) pairs:
//! the [`Weights`] struct, walked as a named flat vector by [`WeightSet`] (the values in
//! use are in the generated table `tuned.rs`). The piece-square tables are derived from the
//! shape weights here (see `pst.rs`) and kept in the struct, rebuilt when weights change.

use escalade_eval::WeightSet;

use super::pst;

/// A (middlegame, endgame) pair, blended by the game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

/// Phase weight per kind; the phase is full (24) with all pieces on.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;

/// Every weight of the evaluation, and the piece-square tables derived from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material, pawn to king (the king's value is irrelevant).
    pub material: [S; 6],
    /// Pawn advance by relative rank (1st..8th).
    pub pawn_rank: [S; 8],
    /// Pawns on the centre files (d, e) on ranks 3 to 5.
    pub pawn_centre: S,
    /// Per step of centralization (file and rank distance to the edge, 0..3 each).
    pub knight_centre: S,
    /// Bishops: per step of centralization, as for knights.
    pub bishop_centre: S,
    /// Rooks: per step of the file towards the centre.
    pub rook_centre_file: S,
    /// Queens: per step of centralization.
    pub queen_centre: S,
    /// The king: per step of centralization (an endgame asset).
    pub king_centre: S,
    /// A rook on the seventh rank.
    pub rook_seventh: S,
    /// King on its first rank, by file (middlegame): castled corners good, centre less so.
    pub king_home: [i32; 8],
    /// Middlegame penalty per rank the king leaves its first rank.
    pub king_advance: i32,
    /// Per attacked square (not own-occupied, not attacked by enemy pawns), above the usual
    /// count for the kind (knight, bishop, rook, queen).
    pub mobility: [S; 4],
    /// The usual count of those squares, by kind (knight, bishop, rook, queen).
    pub mobility_usual: [i32; 4],
    /// Two bishops or more.
    pub bishop_pair: S,
    /// A rook on a file without pawns.
    pub rook_open_file: S,
    /// A rook on a file without own pawns.
    pub rook_half_open_file: S,
    /// Per pawn with an own pawn in front of it on its file.
    pub doubled_pawn: S,
    /// Per pawn without own pawns on the neighbouring files.
    pub isolated_pawn: S,
    /// A passed pawn by relative rank.
    pub passed_pawn: [S; 8],
    /// A pawn defended by a pawn or beside one.
    pub connected_pawn: S,
    /// King shelter (middlegame): an own pawn one or two ranks in front, per file around
    /// the king; a file with no own pawn in front at all.
    pub shelter_near: i32,
    /// The shelter pawn two ranks in front.
    pub shelter_far: i32,
    /// A file of the shelter with no own pawn in front.
    pub shelter_missing: i32,
    /// King attack units per piece attacking the king zone (knight, bishop, rook, queen).
    pub attack_units: [i32; 4],
    /// King attack units per attacked zone square.
    pub attack_square_units: i32,
    /// Middlegame bonus for `units` of attack: `units² × scale / 16`, capped.
    pub attack_scale: i32,
    /// The most that bonus may be.
    pub attack_cap: i32,
    /// For the side to move.
    pub tempo: S,
    /// Threats: an enemy knight, bishop, rook or queen attacked by an own pawn.
    pub pawn_threat: [S; 4],
    /// Threats: an enemy rook or queen attacked by an own knight or bishop.
    pub minor_threat: [S; 2],
    /// Threats: an enemy queen attacked by an own rook.
    pub rook_threat: S,
    /// A passed pawn whose next square is occupied.
    pub passed_blocked: S,
    /// Endgame, per passed pawn and square of distance from the square in front of it:
    /// the enemy king's distance (good when far) and the own king's (good when near).
    pub passed_their_king: i32,
    /// The own king's distance to the square in front of a passed pawn (good when near).
    pub passed_our_king: i32,
    /// Safe checks: per square from which a knight, bishop, rook or queen of ours can
    /// check the enemy king next move, not held by an own piece nor attacked by an
    /// enemy pawn.
    pub safe_check: [S; 4],
    /// A knight or bishop on an outpost: relative ranks 4 to 6, defended by an own pawn,
    /// out of reach of every enemy pawn.
    pub outpost: [S; 2],
    /// A knight or bishop with a pawn (of either side) right in front of it.
    pub minor_behind_pawn: S,
    /// A pawn no own pawn beside or behind it can support, whose next square an enemy
    /// pawn attacks.
    pub backward_pawn: S,
    /// An enemy knight, bishop, rook or queen we attack and the enemy does not defend.
    pub hanging: S,
    /// An enemy pawn we attack and the enemy does not defend.
    pub weak_pawn: S,
    /// A passed pawn whose next square is empty and not attacked by the enemy.
    pub passed_free: S,
    /// Middlegame, per square on files c-f of relative ranks 2-4 not holding an own pawn
    /// nor attacked by an enemy pawn.
    pub space: i32,
    /// Placement by kind and square, on top of the shape weights above: seen from White,
    /// files mirrored (index `rank * 4 + file` for files a-d, h-e alike; see
    /// `pst::half_square`). A pawn's entries on the first and last ranks are never visited.
    pub square: [[S; 32]; 6],
    /// Derived: material plus placement by kind and square seen from White (not visited).
    pub(super) pst: [[S; 64]; 6],
}

impl Weights {
    /// Every weight 0 (and so every derived table): the shape the table is read into.
    pub const ZERO: Weights = Weights {
        material: [S(0, 0); 6],
        pawn_rank: [S(0, 0); 8],
        pawn_centre: S(0, 0),
        knight_centre: S(0, 0),
        bishop_centre: S(0, 0),
        rook_centre_file: S(0, 0),
        queen_centre: S(0, 0),
        king_centre: S(0, 0),
        rook_seventh: S(0, 0),
        king_home: [0; 8],
        king_advance: 0,
        mobility: [S(0, 0); 4],
        mobility_usual: [0; 4],
        bishop_pair: S(0, 0),
        rook_open_file: S(0, 0),
        rook_half_open_file: S(0, 0),
        doubled_pawn: S(0, 0),
        isolated_pawn: S(0, 0),
        passed_pawn: [S(0, 0); 8],
        connected_pawn: S(0, 0),
        shelter_near: 0,
        shelter_far: 0,
        shelter_missing: 0,
        attack_units: [0; 4],
        attack_square_units: 0,
        attack_scale: 0,
        attack_cap: 0,
        tempo: S(0, 0),
        pawn_threat: [S(0, 0); 4],
        minor_threat: [S(0, 0); 2],
        rook_threat: S(0, 0),
        passed_blocked: S(0, 0),
        passed_their_king: 0,
        passed_our_king: 0,
        safe_check: [S(0, 0); 4],
        outpost: [S(0, 0); 2],
        minor_behind_pawn: S(0, 0),
        backward_pawn: S(0, 0),
        hanging: S(0, 0),
        weak_pawn: S(0, 0),
        passed_free: S(0, 0),
        space: 0,
        square: [[S(0, 0); 32]; 6],
        pst: [[S(0, 0); 64]; 6],
    };
}

/// Visits a pair as `name.mg`, `name.eg`.
fn pair(f: &mut dyn FnMut(&str, &mut i32), name: &str, s: &mut S) {
    f(&format!("{name}.mg"), &mut s.0);
    f(&format!("{name}.eg"), &mut s.1);
}

/// Visits an array of pairs as `name[i].mg`, `name[i].eg`.
fn pairs(f: &mut dyn FnMut(&str, &mut i32), name: &str, s: &mut [S]) {
    for (i, v) in s.iter_mut().enumerate() {
        pair(f, &format!("{name}[{i}]"), v);
    }
}

/// Visits an array of integers as `name[i]`.
fn ints(f: &mut dyn FnMut(&str, &mut i32), name: &str, s: &mut [i32]) {
    for (i, v) in s.iter_mut().enumerate() {
        f(&format!("{name}[{i}]"), v);
    }
}

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        pairs(f, "material", &mut self.material);
        pairs(f, "pawn_rank", &mut self.pawn_rank);
        pair(f, "pawn_centre", &mut self.pawn_centre);
        pair(f, "knight_centre", &mut self.knight_centre);
        pair(f, "bishop_centre", &mut self.bishop_centre);
        pair(f, "rook_centre_file", &mut self.rook_centre_file);
        pair(f, "queen_centre", &mut self.queen_centre);
        pair(f, "king_centre", &mut self.king_centre);
        pair(f, "rook_seventh", &mut self.rook_seventh);
        ints(f, "king_home", &mut self.king_home);
        f("king_advance", &mut self.king_advance);
        pairs(f, "mobility", &mut self.mobility);
        ints(f, "mobility_usual", &mut self.mobility_usual);
        pair(f, "bishop_pair", &mut self.bishop_pair);
        pair(f, "rook_open_file", &mut self.rook_open_file);
        pair(f, "rook_half_open_file", &mut self.rook_half_open_file);
        pair(f, "doubled_pawn", &mut self.doubled_pawn);
        pair(f, "isolated_pawn", &mut self.isolated_pawn);
        pairs(f, "passed_pawn", &mut self.passed_pawn);
        pair(f, "connected_pawn", &mut self.connected_pawn);
        f("shelter_near", &mut self.shelter_near);
        f("shelter_far", &mut self.shelter_far);
        f("shelter_missing", &mut self.shelter_missing);
        ints(f, "attack_units", &mut self.attack_units);
        f("attack_square_units", &mut self.attack_square_units);
        f("attack_scale", &mut self.attack_scale);
        f("attack_cap", &mut self.attack_cap);
        pair(f, "tempo", &mut self.tempo);
        pairs(f, "pawn_threat", &mut self.pawn_threat);
        pairs(f, "minor_threat", &mut self.minor_threat);
        pair(f, "rook_threat", &mut self.rook_threat);
        pair(f, "passed_blocked", &mut self.passed_blocked);
        f("passed_their_king", &mut self.passed_their_king);
        f("passed_our_king", &mut self.passed_our_king);
        pairs(f, "safe_check", &mut self.safe_check);
        pairs(f, "outpost", &mut self.outpost);
        pair(f, "minor_behind_pawn", &mut self.minor_behind_pawn);
        pair(f, "backward_pawn", &mut self.backward_pawn);
        pair(f, "hanging", &mut self.hanging);
        pair(f, "weak_pawn", &mut self.weak_pawn);
        pair(f, "passed_free", &mut self.passed_free);
        f("space", &mut self.space);
        for (kind, squares) in self.square.iter_mut().enumerate() {
            for (i, s) in squares.iter_mut().enumerate() {
                let pawn_rim = kind == 0 && !(4..28).contains(&i);
                if !pawn_rim {
                    pair(f, &format!("square[{kind}][{i}]"), s);
                }
            }
        }
    }

    /// The piece-square tables, from the material and shape weights.
    fn rebuild(&mut self) {
        self.pst = pst::build(self);
    }
}
