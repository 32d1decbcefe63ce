//! Who plays whom, in which order and with which colours: round robin (every pair),
//! gauntlet (the first engine against each other one) or pyramid (each engine against
//! those listed before it), `-rounds` times, `-games` games per encounter with colours
//! alternating (not with `-noswap`; the second engine first with `-reverse`), and which
//! games share an opening (`-repeat` and the opening policy).

use super::args::{MatchConfig, OpeningPolicy, TournamentKind};
use super::openings::Opening;
use escalade_core::SeededRng as Rng;

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameJob {
    /// 1-based number, in schedule order.
    pub number: usize,
    /// 1-based round.
    pub round: usize,
    /// White's engine index (into the match's engine list).
    pub white: usize,
    /// Black's engine index (into the match's engine list).
    pub black: usize,
    /// Index into the match's openings.
    pub opening: usize,
    /// The seed of this game's dice.
    pub seed: u64,
}

/// The encounters of one round.
fn pairs(kind: TournamentKind, engines: usize) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        TournamentKind::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
        TournamentKind::Pyramid => (1..engines)
            .flat_map(|i| (0..i).map(move |j| (i, j)))
            .collect(),
    }
}

/// Every game of the match of `cfg`.
pub fn schedule(cfg: &MatchConfig) -> Vec<GameJob> {
    let mut jobs = Vec::new();
    let mut opening = 0;
    for round in 1..=cfg.rounds {
        for (e, (a, b)) in pairs(cfg.tournament, cfg.engines.len())
            .into_iter()
            .enumerate()
        {
            let (a, b) = if cfg.reverse { (b, a) } else { (a, b) };
            for g in 0..cfg.games {
                let fresh = match cfg.openings.policy {
                    OpeningPolicy::Default => g % cfg.repeat == 0,
                    OpeningPolicy::Encounter => g == 0,
                    OpeningPolicy::Round => g == 0 && e == 0,
                };
                if fresh && !jobs.is_empty() {
                    opening += 1;
                }
                let k = jobs.len();
                let (white, black) = if cfg.swap && g % 2 == 1 {
                    (b, a)
                } else {
                    (a, b)
                };
                jobs.push(GameJob {
                    number: k + 1,
                    round,
                    white,
                    black,
                    opening,
                    seed: Rng::derived(cfg.seed, 3, k as u64).next_u64(),
                });
            }
        }
    }
    jobs
}

/// How many distinct openings a schedule uses.
pub fn openings_needed(jobs: &[GameJob]) -> usize {
    jobs.iter().map(|j| j.opening + 1).max().unwrap_or(0)
}

/// The opening of a job.
pub fn opening_of<'a>(openings: &'a [Opening], job: &GameJob) -> &'a Opening {
    &openings[job.opening % openings.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::parse;

    fn cfg(line: &str) -> MatchConfig {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        parse(&words, 1).unwrap()
    }

    const THREE: &str = "-engine cmd=a -engine cmd=b -engine cmd=c -each depth=1";

    #[test]
    fn round_robin_of_three() {
        let jobs = schedule(&cfg(&format!("{THREE} -rounds 2 -games 2 -repeat")));
        assert_eq!(jobs.len(), 2 * 3 * 2);
        assert_eq!((jobs[0].white, jobs[0].black), (0, 1));
        assert_eq!((jobs[1].white, jobs[1].black), (1, 0));
        assert_eq!(jobs[0].opening, jobs[1].opening);
        assert_ne!(jobs[1].opening, jobs[2].opening);
        assert_eq!(jobs[11].round, 2);
        assert_eq!(openings_needed(&jobs), 6);
    }

    #[test]
    fn gauntlet_puts_the_first_engine_in_every_game() {
        let four = "-engine cmd=a -engine cmd=b -engine cmd=c -engine cmd=d -each depth=1";
        let jobs = schedule(&cfg(&format!("{four} -tournament gauntlet -games 3")));
        assert_eq!(jobs.len(), 9);
        assert!(jobs.iter().all(|j| j.white == 0 || j.black == 0));
        assert_ne!(jobs[0].seed, jobs[1].seed);
    }

    #[test]
    fn pyramid_pairs_each_engine_with_those_before_it() {
        let jobs = schedule(&cfg(&format!("{THREE} -tournament pyramid")));
        let pairs: Vec<(usize, usize)> = jobs.iter().map(|j| (j.white, j.black)).collect();
        assert_eq!(pairs, [(1, 0), (2, 0), (2, 1)]);
    }

    #[test]
    fn noswap_and_reverse_set_the_colours() {
        let two = "-engine cmd=a -engine cmd=b -each depth=1 -games 4";
        let colours = |extra: &str| -> Vec<usize> {
            schedule(&cfg(&format!("{two} {extra}")))
                .iter()
                .map(|j| j.white)
                .collect()
        };
        assert_eq!(colours(""), [0, 1, 0, 1]);
        assert_eq!(colours("-noswap"), [0, 0, 0, 0]);
        assert_eq!(colours("-reverse"), [1, 0, 1, 0]);
        assert_eq!(colours("-noswap -reverse"), [1, 1, 1, 1]);
    }

    #[test]
    fn opening_policies() {
        let openings = |extra: &str| -> Vec<usize> {
            schedule(&cfg(&format!("{THREE} -games 4 -rounds 2 {extra}")))
                .iter()
                .map(|j| j.opening)
                .collect()
        };
        let by_repeat = openings("-repeat");
        assert_eq!(&by_repeat[..8], [0, 0, 1, 1, 2, 2, 3, 3]);
        let by_encounter = openings("-openings policy=encounter");
        assert_eq!(&by_encounter[..9], [0, 0, 0, 0, 1, 1, 1, 1, 2]);
        let by_round = openings("-openings policy=round");
        assert!(by_round[..12].iter().all(|&o| o == 0));
        assert!(by_round[12..].iter().all(|&o| o == 1));
        // A new encounter takes a new opening even in the middle of a -repeat block.
        let odd = openings("-games 3 -repeat");
        assert_eq!(&odd[..6], [0, 0, 1, 2, 2, 3]);
    }
}
