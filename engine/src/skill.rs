//! Playing below full strength (UCI `Skill Level`): a level from 0 to 19 caps the depth at
//! `1 + level` plies, searches at least four root lines, and plays the line whose score plus
//! a random bonus is highest. The bonus is drawn per line, uniformly up to a noise that
//! shrinks as the level rises (300 centipawns at level 0, 15 at level 19), so a weak level
//! often plays a second-best move and sometimes a real mistake, never a move that the search
//! shows losing by a mate when another line does not. Level 20 is full strength (no `Skill`).

use escalade_core::SeededRng;
use rand::Rng;

use crate::lines::RootLine;
use crate::score::is_mate;

/// The strongest level; at it (or above) there is no handicap.
pub const MAX_SKILL_LEVEL: u32 = 20;

/// The root lines a handicapped search compares, at least.
pub(crate) const SKILL_LINES: usize = 4;

/// A handicap: the level (0 to 19) and the seed of the bonus draws of this search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// The level, 0 (weakest) to 19 (20 is full strength, no handicap).
    pub level: u32,
    /// The seed of this search's draws.
    pub seed: u64,
}

impl Skill {
    /// The handicap of `level` (`None` at full strength), drawing with `seed`.
    pub fn new(level: u32, seed: u64) -> Option<Skill> {
        (level < MAX_SKILL_LEVEL).then_some(Skill { level, seed })
    }

    /// The deepest iteration at this level.
    pub fn max_depth(self) -> u32 {
        1 + self.level
    }

    /// The largest random bonus of a line, in centipawns.
    fn noise(self) -> i32 {
        (MAX_SKILL_LEVEL - self.level.min(MAX_SKILL_LEVEL - 1)) as i32 * 15
    }

    /// The index of the line to play among `lines` (best first, not empty).
    pub(crate) fn pick<M>(self, lines: &[RootLine<M>]) -> usize {
        let mut rng = SeededRng::new(self.seed);
        let noise = self.noise();
        let mated = |l: &RootLine<M>| is_mate(l.score) && l.score < 0;
        lines
            .iter()
            .enumerate()
            .filter(|(i, l)| *i == 0 || !mated(l) || mated(&lines[0]))
            .map(|(i, l)| {
                let bonus = if is_mate(l.score) {
                    0
                } else {
                    rng.gen_range(0..=noise)
                };
                (i, l.score.saturating_add(bonus))
            })
            .max_by_key(|&(i, value)| (value, std::cmp::Reverse(i)))
            .map_or(0, |(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn lines(scores: &[i32]) -> Vec<RootLine<u8>> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &score)| RootLine {
                score,
                seldepth: 1,
                pv: vec![i as u8],
            })
            .collect()
    }

    #[test]
    fn full_strength_has_no_handicap() {
        assert_eq!(Skill::new(20, 1), None);
        assert_eq!(Skill::new(5, 1).map(Skill::max_depth), Some(6));
    }

    #[test]
    fn weak_levels_spread_their_choices_strong_ones_do_not() {
        let close = lines(&[50, 40, 20, -200]);
        let picks = |level: u32| -> Vec<usize> {
            (0..200)
                .map(|seed| Skill::new(level, seed).unwrap().pick(&close))
                .collect()
        };
        let weak = picks(0);
        assert!(weak.contains(&0) && weak.contains(&1) && weak.contains(&2));
        let strong = picks(19);
        assert!(strong.iter().all(|&i| i <= 1), "{strong:?}");
        assert!(strong.iter().filter(|&&i| i == 0).count() > 100);
    }

    #[test]
    fn a_mate_is_never_traded_for_noise_and_a_mated_line_never_chosen() {
        let winning = lines(&[MATE - 3, 100, 90]);
        let losing = lines(&[-20, -(MATE - 4), -(MATE - 2)]);
        for seed in 0..100 {
            let skill = Skill::new(0, seed).unwrap();
            assert_eq!(skill.pick(&winning), 0);
            assert_eq!(skill.pick(&losing), 0);
        }
    }
}
