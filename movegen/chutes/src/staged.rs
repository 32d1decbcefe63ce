//! What the search may ask of Chutes and Ladders Chess beyond its rules ([`SearchHints`]):
//! which pruning is sound, move codes, tactical facts, the null move, and above all its own
//! move generation, as the search cannot afford every (Part 1, Part 2) pair at every node (a
//! middlegame turn has 2,000-7,000 of them):
//!
//! * quiescence gets the captures and promotions with no Part 2, listed from Part 1 alone;
//! * the main search gets three stages (`Position::MOVE_STAGES`): every Part 1 alone, then
//!   the *active* Part 2 choices with every Part 1 (a placement that transports a man and
//!   so gives check, moves an enemy King, drops an enemy man where we attack it, or
//!   rescues an attacked man of ours), then, only at deeper nodes, every other Part 2
//!   (quiet placements on empty entrances, removals, the other transports) combined with
//!   the best Part 1 found so far. A quiet Part 2 changes nothing on the boards at once,
//!   so it cannot matter at the horizon, and Part 2 choices hardly depend on Part 1.

use escalade_core::{Bitboard, Pruning, Rules, SearchHints, Square};

use crate::men::Kind;
use crate::moves::{Move, Part2};
use crate::position::Chutes;
use crate::square::NO_SQUARE;

/// Remaining depth from which each search stage is tried: Part 1 alone, active Part 2
/// choices, the other Part 2 choices with the best Part 1.
pub const STAGE_DEPTHS: [i32; 3] = [0, 1, 3];

impl SearchHints for Chutes {
    /// Null move on (zugzwang is rare with a Part 2 always on offer); futility pruning on
    /// (reverse futility, futility and move-count pruning: a quiet-looking Part 2 can set
    /// up a mate, but the depth it buys wins games, by SPRT); late-move reductions
    /// re-search and quiescence may stand pat.
    const PRUNING: Pruning = Pruning {
        null_move: true,
        late_move_reductions: true,
        futility: true,
        stand_pat: true,
        check_evasion_plies: None,
        quiescence_plies: None,
    };

    const MOVE_STAGES: &'static [i32] = &STAGE_DEPTHS;

    /// Part 1 alone; active Part 2 choices; the rest with the best Part 1 (see
    /// `STAGE_DEPTHS`).
    fn generate_stage(&self, stage: usize, best: Option<Move>, out: &mut Vec<Move>) {
        match stage {
            0 => {
                out.clear();
                self.for_each_legal_part1(|m, _| out.push(m));
            }
            1 if !self.first_turn => {
                let lines = self.pin_lines(self.side);
                self.for_each_legal_part1(|m, kind| {
                    let after = self.apply_part1(m, kind);
                    let lines = self.pin_lines_after(&after, kind, lines);
                    after.for_each_transport(lines, |p2, from, to| {
                        if after.transport_is_active(from, to) {
                            out.push(m.with(p2));
                        }
                    });
                });
            }
            2 if !self.first_turn => {
                let Some(best) = best else { return };
                let m = best.first_part();
                let kind = self.men.at(m.from()).map_or(Kind::Pawn, |x| x.1);
                let after = self.apply_part1(m, kind);
                let lines = after.pin_lines(self.side);
                after.for_each_part2_lines(lines, |p2| {
                    if p2 != Part2::Nothing && !after.part2_is_active(p2) {
                        out.push(m.with(p2));
                    }
                });
            }
            _ => {}
        }
    }

    /// The Part 1 among the legal ones, then the Part 2 among those legal after it.
    fn move_from_code(&self, code: u32) -> Option<Move> {
        let m = Move::from_code(code)?;
        let part1 = m.first_part();
        let mut kind = None;
        self.for_each_legal_part1(|p, k| {
            if p == part1 {
                kind = Some(k);
            }
        });
        let kind = kind?;
        if m.part2() == Part2::Nothing {
            return Some(m);
        }
        if self.first_turn {
            return None;
        }
        let after = self.apply_part1(part1, kind);
        let mut found = false;
        after.for_each_part2(|p2| found |= p2 == m.part2());
        found.then_some(m)
    }

    /// The captures and promotions with no Part 2, from Part 1 alone; any legal turn at all
    /// is a legal Part 1 with no Part 2.
    fn generate_tactical(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        self.for_each_tactical_part1(|m, _| out.push(m));
        !out.is_empty() || self.has_legal_part1()
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    /// Captures and promotions without a Part 2: quiescence then searches each capture once
    /// instead of once per placement (a capture with no Part 2 is legal whenever the capture is).
    fn is_tactical(&self, mv: Move) -> bool {
        mv.part2() == Part2::Nothing
            && (mv.special().promotion().is_some() || self.captured(mv).is_some())
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let victim = self.captured(mv).map_or(0, Kind::value);
        let promo = mv
            .special()
            .promotion()
            .map_or(0, |k| k.value() - Kind::Pawn.value());
        let attacker = self.men.at(mv.from()).map_or(0, |x| x.1.value());
        if victim == 0 && promo == 0 {
            0
        } else {
            victim + promo - attacker / 10
        }
    }

    /// Passing (a search heuristic only): no Part 1, no Part 2, the en-passant right lapses.
    fn null_move(&self) -> Option<Self> {
        if self.first_turn || self.in_check() {
            return None;
        }
        let mut next = *self;
        next.set_en_passant(NO_SQUARE, NO_SQUARE);
        next.halfmove = self.halfmove.saturating_add(1);
        next.finish_turn();
        Some(next)
    }
}

impl Chutes {
    /// Whether Part 2 `p2` (legal here, `self` being the position after Part 1) belongs to
    /// the active stage.
    fn part2_is_active(&self, p2: Part2) -> bool {
        let (from, to) = match p2 {
            Part2::Ladder(fr) => (fr, fr + 64),
            Part2::Chute(fr) => (fr + 64, fr),
            _ => return false,
        };
        self.men.occupied().has(from) && self.transport_is_active(from, to)
    }

    /// Whether transporting the man on `from` to the empty `to` (a legal Part 2 by the side
    /// to move) gives check, moves an enemy King, drops an enemy man on a square we attack,
    /// or takes an attacked man of ours to a square not attacked.
    fn transport_is_active(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let them = !us;
        let Some((owner, kind)) = self.men.at(from) else {
            return false;
        };
        if owner == them && kind == Kind::King {
            return true;
        }
        let mut moved = self.men;
        moved.take(from, owner, kind);
        moved.put(to, owner, kind);
        if !moved.kings_safe(them) {
            return true;
        }
        let occ = moved.occupied();
        if owner == them {
            moved.attacked(to, us, occ)
        } else {
            self.men.attacked(from, them, self.men.occupied()) && !moved.attacked(to, them, occ)
        }
    }
}
