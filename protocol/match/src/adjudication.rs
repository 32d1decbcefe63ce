//! Adjudication by the engines' scores (`-draw`, `-resign`, as cutechess-cli defines them)
//! and by move count (`-maxmoves`). Scores are from the mover's point of view.

use escalade_core::Color;

use super::args::{DrawRule, ResignRule};
use super::engine::EngineScore;
use super::record::{Outcome, Termination};

/// Streak counters of one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    maxmoves: Option<u32>,
    /// Engine and book moves so far (chance outcomes excluded).
    plies: u32,
    /// Consecutive moves per side with a score within the draw margin.
    quiet: [u32; 2],
    /// Consecutive moves per side with a score at or below minus the resign score.
    lost: [u32; 2],
    /// Consecutive moves per side with a score at or above the resign score.
    won: [u32; 2],
}

impl Adjudicator {
    /// Counters for a new game.
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>, maxmoves: Option<u32>) -> Self {
        Adjudicator {
            draw,
            resign,
            maxmoves,
            plies: 0,
            quiet: [0; 2],
            lost: [0; 2],
            won: [0; 2],
        }
    }

    /// Counts a book ply.
    pub fn book_ply(&mut self) {
        self.plies = self.plies.saturating_add(1);
    }

    /// Counts a move of `side` with the score its engine reported; returns a verdict when
    /// one of the rules applies.
    pub fn engine_move(&mut self, side: Color, score: Option<EngineScore>) -> Option<Outcome> {
        self.plies = self.plies.saturating_add(1);
        let i = side.index();
        let cp = score.map(EngineScore::centipawns);
        if let Some(rule) = self.draw {
            let move_number = self.plies.div_ceil(2);
            match cp {
                Some(c) if move_number >= rule.movenumber && c.saturating_abs() <= rule.score => {
                    self.quiet[i] += 1
                }
                _ => self.quiet[i] = 0,
            }
            if self.quiet.iter().all(|&n| n >= rule.movecount) {
                return Some(Outcome::draw(
                    "Draw by adjudication",
                    Termination::Adjudication,
                ));
            }
        }
        if let Some(rule) = self.resign {
            match cp {
                Some(c) if c <= rule.score.saturating_neg() => self.lost[i] += 1,
                _ => self.lost[i] = 0,
            }
            match cp {
                Some(c) if c >= rule.score => self.won[i] += 1,
                _ => self.won[i] = 0,
            }
            let other = 1 - i;
            if self.lost[i] >= rule.movecount
                && (!rule.twosided || self.won[other] >= rule.movecount)
            {
                return Some(Outcome::loss(
                    side,
                    format!("{} wins by adjudication", (!side).name()),
                    Termination::Adjudication,
                ));
            }
            if self.won[i] >= rule.movecount && rule.twosided && self.lost[other] >= rule.movecount
            {
                return Some(Outcome::win(
                    side,
                    format!("{} wins by adjudication", side.name()),
                    Termination::Adjudication,
                ));
            }
        }
        self.move_limit()
    }

    /// A draw once `-maxmoves` full moves have been played.
    pub fn move_limit(&self) -> Option<Outcome> {
        let max = self.maxmoves?;
        (self.plies >= max.saturating_mul(2))
            .then(|| Outcome::draw("Draw by move limit", Termination::Adjudication))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_needs_both_sides_quiet_after_the_move_number() {
        let rule = DrawRule {
            movenumber: 2,
            movecount: 2,
            score: 10,
        };
        let mut a = Adjudicator::new(Some(rule), None, None);
        let s = Some(EngineScore::Cp(5));
        assert_eq!(a.engine_move(Color::White, s), None); // move 1: too early
        assert_eq!(a.engine_move(Color::Black, s), None);
        assert_eq!(a.engine_move(Color::White, s), None);
        assert_eq!(a.engine_move(Color::Black, s), None);
        assert_eq!(a.engine_move(Color::White, s), None);
        let d = a.engine_move(Color::Black, s).unwrap();
        assert_eq!(d.winner, None);
        assert_eq!(d.termination, Termination::Adjudication);
    }

    #[test]
    fn resign_after_a_losing_streak() {
        let rule = ResignRule {
            movecount: 2,
            score: 500,
            twosided: false,
        };
        let mut a = Adjudicator::new(None, Some(rule), None);
        assert_eq!(
            a.engine_move(Color::Black, Some(EngineScore::Cp(-600))),
            None
        );
        assert_eq!(
            a.engine_move(Color::White, Some(EngineScore::Cp(600))),
            None
        );
        let r = a
            .engine_move(Color::Black, Some(EngineScore::Mate(-3)))
            .unwrap();
        assert_eq!(r.winner, Some(Color::White));
        assert_eq!(r.reason, "White wins by adjudication");
    }

    #[test]
    fn extreme_scores_and_limits_do_not_overflow() {
        let draw = DrawRule {
            movenumber: 0,
            movecount: 1_000_000,
            score: 100_000,
        };
        let resign = ResignRule {
            movecount: 1_000_000,
            score: 100_000,
            twosided: true,
        };
        let mut a = Adjudicator::new(Some(draw), Some(resign), Some(u32::MAX));
        for s in [i32::MIN, i32::MAX, 0, -1] {
            for side in Color::BOTH {
                assert_eq!(a.engine_move(side, Some(EngineScore::Cp(s))), None);
                assert_eq!(a.engine_move(side, Some(EngineScore::Mate(s))), None);
            }
        }
        assert_eq!(a.move_limit(), None);
    }

    #[test]
    fn move_limit_draws() {
        let mut a = Adjudicator::new(None, None, Some(1));
        a.book_ply();
        assert_eq!(
            a.engine_move(Color::Black, None).unwrap().reason,
            "Draw by move limit"
        );
    }
}
