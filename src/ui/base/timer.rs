//! The app's time for the game clock: a monotonic clock from an epoch, or a time set by hand
//! (tests set it; the clock never reads the wall clock).

use std::time::{Duration, Instant};

use crate::competition::Moment;

/// Where the clock's moments come from.
#[derive(Clone, Debug)]
pub struct Timer {
    epoch: Instant,
    /// The moment the epoch stands for (zero, unless a game read from a file goes on).
    offset: Duration,
    set: Option<Moment>,
}

impl Default for Timer {
    fn default() -> Self {
        Timer {
            epoch: Instant::now(),
            offset: Duration::ZERO,
            set: None,
        }
    }
}

impl Timer {
    /// The moment now: the time set by hand if any, otherwise the time since the epoch on the
    /// monotonic clock.
    pub fn now(&self) -> Moment {
        self.set
            .unwrap_or_else(|| Moment::between(self.epoch, Instant::now()) + self.offset)
    }

    /// Stop following the monotonic clock and read `at` from now on (tests drive time with it).
    pub fn set(&mut self, at: Moment) {
        self.set = Some(at);
    }

    /// Go on from `at`: now is `at`, and the monotonic clock counts on from it (a game read
    /// from a file continues where its log stopped; the time it lay in the file does not count).
    pub fn resume_from(&mut self, at: Moment) {
        match self.set {
            Some(_) => self.set = Some(at),
            None => {
                self.epoch = Instant::now();
                self.offset = at.elapsed();
            }
        }
    }
}
