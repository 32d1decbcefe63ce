//! Match statistics: win/draw/loss counts, the Elo difference with its 95% error margin,
//! the likelihood of superiority, and the SPRT log-likelihood ratio: the usual normal
//! approximation of the generalised SPRT (GSPRT) with logistic Elo bounds, on single game
//! scores (the trinomial model, [`Wdl`]) or, when games are played in pairs of one opening
//! with colours reversed, on pair scores (the pentanomial model, [`Pentanomial`], as
//! fishtest and fastchess do: the two games of a pair are not independent, and the pair
//! score's variance says so).

use super::config::SprtSpec;

/// Wins, draws and losses from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The expected score of a player `elo` points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `score` (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds a game: `Some(true)` a win, `Some(false)` a loss, `None` a draw.
    pub fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The same counts from the opponent's point of view.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference and its 95% error margin (`NaN` margin when undefined).
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        let s = self.score();
        let elo = elo_of_score(s);
        if n == 0.0 {
            return (0.0, f64::NAN);
        }
        let sd = (self.variance() / n).sqrt();
        let hi = elo_of_score(s + 1.959_964 * sd);
        let lo = elo_of_score(s - 1.959_964 * sd);
        // Half the 95% interval; when one end is unbounded (a score near 0% or 100%), the
        // distance from the estimate to the bounded end.
        let margin = match (hi.is_finite(), lo.is_finite()) {
            (true, true) => (hi - lo) / 2.0,
            (false, true) => elo - lo,
            (true, false) => hi - elo,
            (false, false) => f64::NAN,
        };
        (elo, if margin.is_finite() { margin } else { f64::NAN })
    }

    /// The likelihood of superiority (probability that the engine is the stronger).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The SPRT log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`), trinomial model.
    pub fn llr(&self, sprt: &SprtSpec) -> f64 {
        gsprt_llr(self.games(), self.score(), self.variance(), sprt)
    }
}

/// The GSPRT log-likelihood ratio in its normal approximation: `n` observations (games
/// or pairs) with mean `mean` and variance `var` of the per-game score (a pair's score
/// halved), H0 mean `s0 = expected_score(elo0)` against H1 mean `s1`:
/// `LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var)` (the log of the ratio of two normal
/// likelihoods with the observed variance). 0 with no observation or no variance.
pub fn gsprt_llr(n: u32, mean: f64, var: f64, sprt: &SprtSpec) -> f64 {
    if n == 0 || var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected_score(sprt.elo0), expected_score(sprt.elo1));
    n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// Pairs of games (one opening, colours reversed) counted by the first engine's score in
/// the pair: `counts[k]` pairs scored `k / 2` points (0, 0.5, 1, 1.5, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: pairs in which the first engine scored `k / 2` points.
    pub counts: [u32; 5],
    /// Of the pairs scored 1 point (`counts[2]`), those of a win and a loss (the rest are
    /// two draws): fastchess's `WL/DD Ratio`.
    pub wins_losses: u32,
}

impl Pentanomial {
    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Adds a pair that scored `half_points / 2` points (0 to 4 half points).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// Adds a pair from its two games' half points (0 a loss, 1 a draw, 2 a win), so that
    /// a win and a loss are told from two draws.
    pub fn add_games(&mut self, first: usize, second: usize) {
        if first.abs_diff(second) == 2 {
            self.wins_losses += 1;
        }
        self.add(first + second);
    }

    /// The mean per-game score: the pair score halved, averaged (0.5 with no pairs).
    pub fn mean(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let sum: f64 = (0..5).map(|k| self.counts[k] as f64 * k as f64 / 4.0).sum();
        sum / n as f64
    }

    /// The variance of a pair's score halved (values 0, 1/4, 1/2, 3/4, 1).
    pub fn variance(&self) -> f64 {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let m = self.mean();
        (0..5)
            .map(|k| self.counts[k] as f64 * (k as f64 / 4.0 - m).powi(2))
            .sum::<f64>()
            / n
    }

    /// The SPRT log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`), pentanomial
    /// model: [`gsprt_llr`] over pairs.
    pub fn llr(&self, sprt: &SprtSpec) -> f64 {
        gsprt_llr(self.pairs(), self.mean(), self.variance(), sprt)
    }

    /// `Ptnml(0-2): a, b, c, d, e`, as cutechess and fastchess print it.
    pub fn text(&self) -> String {
        let c = self.counts;
        format!(
            "Ptnml(0-2): {}, {}, {}, {}, {}",
            c[0], c[1], c[2], c[3], c[4]
        )
    }
}

/// The SPRT stopping bounds `(lower, upper)`: below the lower H0 is accepted, above the
/// upper H1.
pub fn sprt_bounds(sprt: &SprtSpec) -> (f64, f64) {
    (
        (sprt.beta / (1.0 - sprt.alpha)).ln(),
        ((1.0 - sprt.beta) / sprt.alpha).ln(),
    )
}

/// Formats an Elo figure: `35.2`, `+inf`, `-inf`.
pub fn elo_text(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.into()
    } else {
        // `+ 0.0` turns a negative zero (an even score) into `0.0`.
        format!("{:.1}", x + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_a_known_score() {
        let w = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((w.score() - 0.7).abs() < 1e-12);
        let (elo, margin) = w.elo();
        assert!((elo - 147.19).abs() < 0.1, "{elo}");
        assert!(margin > 50.0 && margin < 100.0, "{margin}");
        assert!((Wdl::default().elo().0).abs() < 1e-12);
        assert_eq!(
            Wdl {
                wins: 3,
                draws: 0,
                losses: 0
            }
            .elo()
            .0,
            f64::INFINITY
        );
    }

    #[test]
    fn los_and_erf() {
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!(
            (Wdl {
                wins: 10,
                draws: 0,
                losses: 10
            }
            .los()
                - 0.5)
                .abs()
                < 1e-9
        );
        assert!(
            Wdl {
                wins: 30,
                draws: 0,
                losses: 10
            }
            .los()
                > 0.99
        );
    }

    #[test]
    fn sprt_bounds_and_direction() {
        let s = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt_bounds(&s);
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
        let strong = Wdl {
            wins: 300,
            draws: 200,
            losses: 200,
        };
        let weak = strong.flipped();
        assert!(strong.llr(&s) > hi, "{}", strong.llr(&s));
        assert!(weak.llr(&s) < lo);
    }

    /// A hand-computed pentanomial case. Counts [1, 2, 4, 2, 1] are symmetric: mean 0.5,
    /// variance (1*0.25 + 2*0.0625 + 0 + 2*0.0625 + 1*0.25)/10 = 0.075. Counts
    /// [0, 1, 3, 4, 2] (10 pairs, 13.5 points of 20): mean 0.675, variance
    /// (1*0.180625 + 3*0.030625 + 4*0.005625 + 2*0.105625)/10 = 0.050625. With elo0 0 and
    /// elo1 10: s0 0.5, s1 1/(1 + 10^(-1/40)) = 0.5143871841, so
    /// LLR = 10 * 0.0143871841 * (1.35 - 1.0143871841) / (2 * 0.050625) = 0.476891...
    #[test]
    fn pentanomial_llr_by_hand() {
        let s = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let even = Pentanomial {
            counts: [1, 2, 4, 2, 1],
            wins_losses: 0,
        };
        assert!((even.mean() - 0.5).abs() < 1e-12);
        assert!((even.variance() - 0.075).abs() < 1e-12);
        let s1 = expected_score(10.0);
        assert!((s1 - 0.514_387_184_1).abs() < 1e-9, "{s1}");
        let even_llr = 10.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * 0.075);
        assert!((even.llr(&s) - even_llr).abs() < 1e-12);
        assert!(even.llr(&s) < 0.0, "an even score favours H0 (elo 0)");
        let mut p = Pentanomial::default();
        for k in [1, 2, 2, 2, 3, 3, 3, 3, 4, 4] {
            p.add(k);
        }
        assert_eq!(p.counts, [0, 1, 3, 4, 2]);
        assert_eq!(p.pairs(), 10);
        assert!((p.mean() - 0.675).abs() < 1e-12);
        assert!((p.variance() - 0.050_625).abs() < 1e-12);
        let llr = p.llr(&s);
        assert!((llr - 0.476_891).abs() < 1e-5, "{llr}");
        assert_eq!(p.text(), "Ptnml(0-2): 0, 1, 3, 4, 2");
    }

    /// The same games counted as single games (trinomial) give another LLR: the pairs
    /// [0, 1, 3, 4, 2] above may be, e.g., 1 pair of (draw, loss), 3 of (draw, draw), 4 of
    /// (win, draw), 2 of (win, win): 8 wins, 11 draws, 1 loss, score 0.675, per-game
    /// variance (8*0.105625 + 11*0.030625 + 1*0.455625)/20 = 0.081875, so
    /// LLR = 20 * 0.0143871841 * 0.3356128159 / (2 * 0.081875) = 0.589743...
    #[test]
    fn trinomial_llr_by_hand() {
        let s = SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let w = Wdl {
            wins: 8,
            draws: 11,
            losses: 1,
        };
        assert!((w.variance() - 0.081_875).abs() < 1e-12);
        assert!((w.llr(&s) - 0.589_743).abs() < 1e-5, "{}", w.llr(&s));
    }
}
