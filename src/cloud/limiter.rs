//! At most so many queries a second: each query waits for its slot, shared by every thread that
//! uses the client.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most queries a second any setting allows (the cloud's own limit for one address).
pub const MAX_QUERIES_PER_SECOND: f64 = 5.0;

/// The fewest queries a second a setting may ask for (one every ten seconds).
const MIN_QUERIES_PER_SECOND: f64 = 0.1;

/// Slots one interval apart.
#[derive(Debug)]
pub(crate) struct RateLimiter {
    interval: Duration,
    next: Mutex<Option<Instant>>,
}

impl RateLimiter {
    /// At most `per_second` queries a second, held between 0.1 and
    /// [`MAX_QUERIES_PER_SECOND`] (a value that is not a number counts as the fewest).
    pub fn new(per_second: f64) -> RateLimiter {
        let per_second = if per_second.is_nan() {
            MIN_QUERIES_PER_SECOND
        } else {
            per_second.clamp(MIN_QUERIES_PER_SECOND, MAX_QUERIES_PER_SECOND)
        };
        RateLimiter {
            interval: Duration::from_secs_f64(1.0 / per_second),
            next: Mutex::new(None),
        }
    }

    /// Wait for the next free slot.
    pub fn wait(&self) {
        let wait = self.reserve(Instant::now());
        if !wait.is_zero() {
            std::thread::sleep(wait);
        }
    }

    /// Take the first free slot at or after `now`; how long until it.
    fn reserve(&self, now: Instant) -> Duration {
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = next.map_or(now, |n| n.max(now));
        *next = Some(slot + self.interval);
        slot - now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_asked_together_wait_one_interval_each() {
        let limiter = RateLimiter::new(2.0);
        let now = Instant::now();
        let waits: Vec<Duration> = (0..3).map(|_| limiter.reserve(now)).collect();
        assert_eq!(
            waits,
            [
                Duration::ZERO,
                Duration::from_millis(500),
                Duration::from_millis(1000)
            ]
        );
        // A query long after the last slot does not wait.
        assert_eq!(
            limiter.reserve(now + Duration::from_secs(5)),
            Duration::ZERO
        );
    }

    #[test]
    fn the_rate_is_held_to_a_few_a_second() {
        let now = Instant::now();
        let fast = RateLimiter::new(1000.0);
        fast.reserve(now);
        assert_eq!(fast.reserve(now), Duration::from_millis(200));
        let odd = RateLimiter::new(f64::NAN);
        odd.reserve(now);
        assert_eq!(odd.reserve(now), Duration::from_secs(10));
    }
}
