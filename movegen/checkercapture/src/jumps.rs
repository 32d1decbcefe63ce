//! Jump sequences: every complete short-jump sequence of the side to move, deduplicated by
//! (origin, final square, captured set, promotion), plus the searches that recover a path
//! for a move and decide whether a side could jump the enemy king (castling's test).

use escalade_core::{Bitboard, Color, Square};

use crate::position::CheckerCapture;
use crate::tables::{tables, Tables};
use crate::types::{Kind, Move, MoveKind};

/// The depth-first walk over one piece's jump sequences.
struct JumpWalk<'a> {
    t: &'a Tables,
    origin: Square,
    /// The mover's own pieces, minus the mover (its origin square is empty during the turn).
    own: u64,
    /// The enemy king's square as a bitboard (jumping it ends the turn and the game).
    king: u64,
    /// Squares on which the mover, ending its turn there, promotes (empty if it cannot).
    promote_on: u64,
    out: &'a mut Vec<Move>,
    /// Index in `out` of this origin's first move (deduplication scans from here).
    start: usize,
}

impl JumpWalk<'_> {
    fn walk(&mut self, cur: Square, enemies: u64, captured: u64) {
        let mut extended = false;
        let blocked = self.own | enemies;
        for step in self.t.jumps[cur as usize].as_slice() {
            if !enemies.has(step.over) || blocked.has(step.land) {
                continue;
            }
            extended = true;
            let over = u64::bit(step.over);
            if over & self.king != 0 {
                // D6: the king is captured, the game ends at once.
                self.emit(step.land, captured | over);
            } else {
                self.walk(step.land, enemies ^ over, captured | over);
            }
        }
        if !extended && captured != 0 {
            self.emit(cur, captured);
        }
    }

    fn emit(&mut self, to: Square, captured: u64) {
        if self.out[self.start..]
            .iter()
            .any(|m| m.to == to && m.captured == captured)
        {
            return; // D5: another path already gave this move
        }
        let mv = Move {
            captured,
            from: self.origin,
            to,
            promotion: None,
            kind: MoveKind::Jump,
        };
        if self.promote_on.has(to) {
            for k in Kind::PROMOTIONS {
                self.out.push(Move {
                    promotion: Some(k),
                    ..mv
                });
            }
        } else {
            self.out.push(mv);
        }
    }
}

impl CheckerCapture {
    /// Appends every jump sequence of the side to move; returns whether there was any.
    pub(crate) fn generate_jumps(&self, out: &mut Vec<Move>) -> bool {
        let t = tables();
        let us = self.side;
        let them = !us;
        let own = self.colors[us.index()];
        let enemies = self.colors[them.index()];
        let before = out.len();
        let king = self.pieces(them, Kind::King);
        let pawns = self.pieces(us, Kind::Pawn);
        let last = if self.rules().simple {
            0
        } else {
            t.last_rank(us)
        };
        for origin in own.squares() {
            // quick reject: no adjacent enemy means no jump from here
            if t.king[origin as usize] & enemies == 0 {
                continue;
            }
            let start = out.len();
            let mut walk = JumpWalk {
                t,
                origin,
                own: own ^ u64::bit(origin),
                king,
                promote_on: if pawns.has(origin) { last } else { 0 },
                out,
                start,
            };
            walk.walk(origin, enemies, 0);
        }
        out.len() > before
    }

    /// Whether the side to move has any jump (jumps are compulsory). A first short jump is
    /// enough: every sequence starts with one and every first jump ends a sequence, so no
    /// sequence is walked (the search asks this before each null move): the pieces it
    /// could jump are [`jumpable`](Self::jumpable), found set-wise.
    pub fn has_jump(&self) -> bool {
        self.jumpable(self.side) != 0
    }

    /// One jump path (landing squares, the origin first) that makes the jump move `mv`:
    /// the first in direction order N, NE, E, SE, S, SW, W, NW.
    pub fn jump_path(&self, mv: Move) -> Vec<Square> {
        let us = self.side;
        let own = self.colors[us.index()] ^ u64::bit(mv.from);
        let enemies = self.colors[(!us).index()];
        let king = self.pieces(!us, Kind::King);
        let mut path = vec![mv.from];
        find_path(
            tables(),
            mv.from,
            mv.to,
            mv.captured,
            own,
            enemies,
            king,
            &mut path,
        );
        path
    }

    /// Whether `attacker` has a jump sequence (ignoring jump priority and whose turn it is)
    /// that jumps the other side's king.
    pub fn can_jump_king(&self, attacker: Color) -> bool {
        let t = tables();
        let Some(king) = self.king_square(!attacker) else {
            return false;
        };
        let own = self.colors[attacker.index()];
        let enemies = self.colors[(!attacker).index()];
        own.squares()
            .any(|o| reaches_king(t, o, own ^ u64::bit(o), enemies, king))
    }
}

#[allow(clippy::too_many_arguments)]
fn find_path(
    t: &Tables,
    cur: Square,
    to: Square,
    left: u64,
    own: u64,
    enemies: u64,
    king: u64,
    path: &mut Vec<Square>,
) -> bool {
    if left == 0 {
        return cur == to;
    }
    for step in t.jumps[cur as usize].as_slice() {
        let over = u64::bit(step.over);
        if left & over == 0 || (own | enemies).has(step.land) || (over & king != 0 && left != over)
        {
            continue;
        }
        path.push(step.land);
        if find_path(
            t,
            step.land,
            to,
            left ^ over,
            own,
            enemies ^ over,
            king,
            path,
        ) {
            return true;
        }
        path.pop();
    }
    false
}

fn reaches_king(t: &Tables, cur: Square, own: u64, enemies: u64, king: Square) -> bool {
    t.jumps[cur as usize].as_slice().iter().any(|step| {
        enemies.has(step.over)
            && !(own | enemies).has(step.land)
            && (step.over == king
                || reaches_king(t, step.land, own, enemies ^ u64::bit(step.over), king))
    })
}
