//! Points in a game's time and clock readings written as `h:mm:ss`.
//!
//! The competition core never reads the wall clock: the caller passes [`Moment`]s, times measured
//! on a monotonic clock (such as [`std::time::Instant`]) from the game's epoch, usually the
//! scheduled start. Tests pass exact values.

use std::fmt;
use std::ops::Add;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// A point in a game's time: how long after the game's epoch something happened.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Moment(Duration);

impl Moment {
    /// The epoch itself.
    pub const ZERO: Moment = Moment(Duration::ZERO);

    /// The moment `elapsed` after the epoch.
    pub const fn after(elapsed: Duration) -> Moment {
        Moment(elapsed)
    }

    /// The moment of `now` for a game whose epoch is `epoch` (zero if `now` is earlier).
    pub fn between(epoch: Instant, now: Instant) -> Moment {
        Moment(now.saturating_duration_since(epoch))
    }

    /// Time since the epoch.
    pub const fn elapsed(self) -> Duration {
        self.0
    }

    /// The moment rounded down to a whole number of `unit`s since the epoch (the clock's
    /// resolution, [`crate::competition::TimeControl::resolution`]); a zero `unit` leaves it.
    pub fn floor(self, unit: Duration) -> Moment {
        Moment(floor(self.0, unit))
    }

    /// Time from `earlier` to `self` (zero if `earlier` is later).
    pub fn since(self, earlier: Moment) -> Duration {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<Duration> for Moment {
    type Output = Moment;
    fn add(self, rhs: Duration) -> Moment {
        Moment(self.0 + rhs)
    }
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hms(self.0))
    }
}

/// `d` rounded down to a whole number of `unit`s; a zero `unit` leaves it.
pub fn floor(d: Duration, unit: Duration) -> Duration {
    let unit = unit.as_nanos();
    if unit == 0 {
        return d;
    }
    let nanos = d.as_nanos() / unit * unit;
    Duration::new(
        u64::try_from(nanos / 1_000_000_000).unwrap_or(u64::MAX),
        // The remainder of a division by 10⁹ fits in a u32.
        (nanos % 1_000_000_000) as u32,
    )
}

/// A duration as a clock shows it: `h:mm:ss`, with the fraction of a second (up to nanoseconds,
/// trailing zeros dropped) when there is one: `1:23:45`, `0:00:12.5`.
pub fn hms(d: Duration) -> String {
    let s = d.as_secs();
    let mut text = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    let nanos = d.subsec_nanos();
    if nanos != 0 {
        let fraction = format!("{nanos:09}");
        text.push('.');
        text.push_str(fraction.trim_end_matches('0'));
    }
    text
}

/// Read `h:mm:ss` or `h:mm:ss.fff` (as written by [`hms`]; `mm:ss` is also accepted).
pub fn parse_hms(text: &str) -> Option<Duration> {
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let fields: Vec<&str> = whole.split(':').collect();
    let number = |t: &str| -> Option<u64> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let (h, m, s) = match fields[..] {
        [h, m, s] if m.len() == 2 && s.len() == 2 => (number(h)?, number(m)?, number(s)?),
        [m, s] if s.len() == 2 => (0, number(m)?, number(s)?),
        _ => return None,
    };
    if m >= 60 || s >= 60 {
        return None;
    }
    let nanos = match fraction {
        None => 0,
        Some(f) if !f.is_empty() && f.len() <= 9 && f.bytes().all(|b| b.is_ascii_digit()) => {
            format!("{f:0<9}").parse::<u32>().ok()?
        }
        Some(_) => return None,
    };
    let seconds = h.checked_mul(3600)?.checked_add(m * 60 + s)?;
    Some(Duration::new(seconds, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_readings_round_trip() {
        for (d, text) in [
            (Duration::from_secs(5025), "1:23:45"),
            (Duration::ZERO, "0:00:00"),
            (Duration::from_millis(12_500), "0:00:12.5"),
            (Duration::new(36_000, 1), "10:00:00.000000001"),
        ] {
            assert_eq!(hms(d), text);
            assert_eq!(parse_hms(text), Some(d));
        }
        assert_eq!(parse_hms("15:00"), Some(Duration::from_secs(900)));
        for bad in [
            "",
            "1:60:00",
            "1:2",
            "a:00:00",
            "0:00:01.",
            "0:00:01.1234567890",
            "1::0",
        ] {
            assert_eq!(parse_hms(bad), None, "{bad}");
        }
    }

    #[test]
    fn moments_from_instants() {
        let epoch = Instant::now();
        let later = epoch + Duration::from_millis(1500);
        assert_eq!(
            Moment::between(epoch, later),
            Moment::after(Duration::from_millis(1500))
        );
        assert_eq!(Moment::between(later, epoch), Moment::ZERO);
        let m = Moment::after(Duration::from_secs(10));
        assert_eq!(
            (m + Duration::from_secs(5)).since(m),
            Duration::from_secs(5)
        );
        assert_eq!(m.since(m + Duration::from_secs(5)), Duration::ZERO);
    }
}
