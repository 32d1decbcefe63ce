//! The game clock of one board: time left per side, the increment, which side's time runs,
//! and the readings at the start of every ply since the clock was set, so that taking back
//! turns gives back the time as it was. A clock that reaches zero loses the game on time;
//! the table asks [`GameClock::flagged`].

use std::time::{Duration, Instant};

use escalade_core::Color;

/// A Fischer clock (base time plus an increment after each move).
#[derive(Clone, Debug)]
pub struct GameClock {
    base: Duration,
    increment: Duration,
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
    /// The ply (turns of the game) at which the clock was set or reset.
    since: usize,
    /// The time left of both sides at the start of ply `since + i`, for every ply played
    /// since (the last is the current ply's).
    readings: Vec<[Duration; 2]>,
}

impl GameClock {
    /// Both sides at `base`, stopped, set at ply `ply` of the game.
    pub fn new(base: Duration, increment: Duration, ply: usize) -> Self {
        GameClock {
            base,
            increment,
            left: [base; 2],
            running: None,
            since: ply,
            readings: vec![[base; 2]],
        }
    }

    /// The same time control, reset at ply `ply`.
    pub fn reset(&mut self, ply: usize) {
        *self = GameClock::new(self.base, self.increment, ply);
    }

    /// The time each side starts with.
    pub fn base(&self) -> Duration {
        self.base
    }

    /// The time added to a side's clock after each of its moves.
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// Time left for `side` now (zero when flagged).
    pub fn left(&self, side: Color) -> Duration {
        let stored = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => stored.saturating_sub(since.elapsed()),
            _ => stored,
        }
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s time (stopping the other's without charging it).
    pub fn start(&mut self, side: Color) {
        self.stop();
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running time, charging what it used.
    pub fn stop(&mut self) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side);
            self.running = None;
        }
    }

    /// `mover` has moved (one ply): its time stops and gains the increment, and the
    /// reading of the new ply is kept.
    pub fn moved(&mut self, mover: Color) {
        if self.running() == Some(mover) {
            self.stop();
        }
        let left = &mut self.left[mover.index()];
        *left = left.saturating_add(self.increment);
        self.readings.push(self.left);
    }

    /// The game went back to ply `ply`: both sides' time as it was at its start (the time
    /// the clock was set with, for a ply before that: the clock counts from there again),
    /// stopped. Whether the time of the side to move should run again: true when a move was
    /// made since the clock was set (a clock starts with the first move).
    pub fn back_to(&mut self, ply: usize) -> bool {
        self.running = None;
        self.since = self.since.min(ply);
        let at = ply - self.since;
        self.readings.truncate(at + 1);
        // `readings` is never empty: it starts with the clock's first reading
        if let Some(reading) = self.readings.last() {
            self.left = *reading;
        }
        at > 0
    }

    /// The side whose time ran out, if any.
    pub fn flagged(&self) -> Option<Color> {
        let (side, _) = self.running?;
        self.left(side).is_zero().then_some(side)
    }

    /// How long until the running side's time runs out.
    pub fn until_flag(&self) -> Option<Duration> {
        let (side, _) = self.running?;
        Some(self.left(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_and_flags() {
        let mut clock = GameClock::new(Duration::from_millis(30), Duration::from_millis(5), 0);
        clock.start(Color::White);
        clock.moved(Color::White);
        assert!(clock.left(Color::White) > Duration::from_millis(30));
        assert_eq!(clock.running(), None);
        clock.start(Color::Black);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(clock.flagged(), Some(Color::Black));
        assert_eq!(clock.left(Color::Black), Duration::ZERO);
        clock.reset(0);
        assert_eq!(clock.left(Color::Black), Duration::from_millis(30));
    }

    #[test]
    fn taking_back_gives_the_time_of_that_ply() {
        let ms = Duration::from_millis;
        let mut clock = GameClock::new(ms(1000), ms(10), 4);
        clock.moved(Color::White); // ply 5
        clock.start(Color::Black);
        std::thread::sleep(ms(30));
        clock.moved(Color::Black); // ply 6
        let black_at_6 = clock.left(Color::Black);
        assert!(black_at_6 < ms(990));
        clock.start(Color::White);
        clock.moved(Color::White); // ply 7
        clock.start(Color::Black);
        std::thread::sleep(ms(1100));
        assert_eq!(clock.flagged(), Some(Color::Black));
        assert!(clock.back_to(6), "moves were made: the clock runs again");
        assert_eq!(clock.left(Color::Black), black_at_6);
        assert_eq!(clock.flagged(), None);
        assert!(!clock.back_to(2), "before the clock was set: its start");
        assert_eq!(clock.left(Color::White), ms(1000));
        assert_eq!(clock.left(Color::Black), ms(1000));
        clock.moved(Color::White); // ply 3
        clock.moved(Color::Black); // ply 4
        assert!(clock.back_to(3));
        assert_eq!(clock.left(Color::White), ms(1010));
        assert_eq!(clock.left(Color::Black), ms(1000));
    }
}
