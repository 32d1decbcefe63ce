//! Match statistics: win/draw/loss counts, the Elo difference with its 95% error margin,
//! the likelihood of superiority, and the SPRT log-likelihood ratio (the usual normal
//! approximation of the generalised SPRT on game scores, with logistic Elo).

use super::args::SprtSpec;

/// Wins, draws and losses from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
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
fn erf(x: f64) -> f64 {
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

    /// The SPRT log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`).
    pub fn llr(&self, sprt: &SprtSpec) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(sprt.elo0), expected_score(sprt.elo1));
        self.games() as f64 * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
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
        format!("{x:.1}")
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
}
