//! The game clock of one board: time left per side, the increment, and which side's time
//! runs. A clock that reaches zero loses the game on time; the table asks [`GameClock::flagged`].

use std::time::{Duration, Instant};

use escalade_core::Color;

/// A Fischer clock (base time plus an increment after each move).
#[derive(Clone, Debug)]
pub struct GameClock {
    base: Duration,
    increment: Duration,
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

impl GameClock {
    /// Both sides at `base`, stopped.
    pub fn new(base: Duration, increment: Duration) -> Self {
        GameClock {
            base,
            increment,
            left: [base; 2],
            running: None,
        }
    }

    /// The same time control, reset.
    pub fn reset(&mut self) {
        *self = GameClock::new(self.base, self.increment);
    }

    /// The time each side starts with.
    pub fn base(&self) -> Duration {
        self.base
    }

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

    /// `mover` has moved: its time stops and gains the increment.
    pub fn moved(&mut self, mover: Color) {
        if self.running() == Some(mover) {
            self.stop();
        }
        let left = &mut self.left[mover.index()];
        *left = left.saturating_add(self.increment);
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
        let mut clock = GameClock::new(Duration::from_millis(30), Duration::from_millis(5));
        clock.start(Color::White);
        clock.moved(Color::White);
        assert!(clock.left(Color::White) > Duration::from_millis(30));
        assert_eq!(clock.running(), None);
        clock.start(Color::Black);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(clock.flagged(), Some(Color::Black));
        assert_eq!(clock.left(Color::Black), Duration::ZERO);
        clock.reset();
        assert_eq!(clock.left(Color::Black), Duration::from_millis(30));
    }
}
