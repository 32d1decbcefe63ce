//! Who plays whom, in which order and with which colours: round robin (every pair) or
//! gauntlet (the first engine against each other one), `-rounds` times, `-games` games per
//! encounter with colours alternating, `-repeat` consecutive games sharing an opening.

use super::args::TournamentKind;
use super::openings::Opening;
use escalade_core::SeededRng as Rng;

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameJob {
    /// 1-based number, in schedule order.
    pub number: usize,
    /// 1-based round.
    pub round: usize,
    pub white: usize,
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
    }
}

/// Every game of the match.
pub fn schedule(
    kind: TournamentKind,
    engines: usize,
    rounds: usize,
    games: usize,
    repeat: usize,
    seed: u64,
) -> Vec<GameJob> {
    let mut jobs = Vec::new();
    for round in 1..=rounds {
        for (a, b) in pairs(kind, engines) {
            for g in 0..games {
                let k = jobs.len();
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                jobs.push(GameJob {
                    number: k + 1,
                    round,
                    white,
                    black,
                    opening: k / repeat,
                    seed: Rng::derived(seed, 3, k as u64).next_u64(),
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

    #[test]
    fn round_robin_of_three() {
        let jobs = schedule(TournamentKind::RoundRobin, 3, 2, 2, 2, 1);
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
        let jobs = schedule(TournamentKind::Gauntlet, 4, 1, 3, 1, 1);
        assert_eq!(jobs.len(), 9);
        assert!(jobs.iter().all(|j| j.white == 0 || j.black == 0));
        assert_ne!(jobs[0].seed, jobs[1].seed);
    }
}
