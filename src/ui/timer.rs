//! The app's time for the game clock: a monotonic clock from an epoch, or a time set by hand
//! (tests set it; the clock never reads the wall clock).

use std::time::Instant;

use crate::competition::Moment;

/// Where the clock's moments come from.
#[derive(Clone, Debug)]
pub struct Timer {
    epoch: Instant,
    set: Option<Moment>,
}

impl Default for Timer {
    fn default() -> Self {
        Timer {
            epoch: Instant::now(),
            set: None,
        }
    }
}

impl Timer {
    /// The moment now: the time set by hand if any, otherwise the time since the epoch on the
    /// monotonic clock.
    pub fn now(&self) -> Moment {
        self.set
            .unwrap_or_else(|| Moment::between(self.epoch, Instant::now()))
    }

    /// Stop following the monotonic clock and read `at` from now on (tests drive time with it).
    pub fn set(&mut self, at: Moment) {
        self.set = Some(at);
    }
}
