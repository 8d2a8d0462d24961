//! Time controls (計時方案, art. 6): periods of a move count in a time, repeating periods, sudden
//! death, and an optional increment.
//!
//! # The written form (`qipu clock --control`, PGN `[TimeControl "…"]`)
//!
//! A scheme is written as its periods separated by commas, then an optional increment:
//!
//! - `N/DURATION`: N moves in DURATION. The last period of this kind repeats until the game ends
//!   ("以後每15分鐘内必須走滿10著，直至對局結束", 6.1).
//! - `sd/DURATION`: the rest of the game in DURATION (sudden death, 包幹); only as the last period.
//! - `+DURATION` after the last period: time added to a side's clock after each of its moves.
//! - DURATION is one or more of `<n>h`, `<n>m`, `<n>s` in that order: `90m`, `1h30m`, `5m30s`, `45s`.
//! - The presets `6.1`, `6.2`, `6.3`, `6.4` stand for the schemes of those articles, and `6.5/DURATION`
//!   for 6.5, which names no time. A preset may carry an increment: `6.5/20m+5s`.
//!
//! So 6.1 is `40/90m,10/15m`, 6.5 with twenty minutes is `sd/20m`, and a rapid game with an increment
//! `sd/15m+10s`. [`TimeControl`]'s `Display` writes this form (presets written out in full), and
//! `FromStr` reads it.
//!
//! Periods accumulate as on a mechanical clock: under 6.1 the 40th move is due by 90 minutes, the
//! 50th by 105 and the 60th by 120.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One period of a time control.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Period {
    /// Moves due in this period; `None` for the rest of the game (sudden death, 6.5).
    moves: Option<u32>,
    /// The period's time in whole seconds.
    seconds: u32,
}

impl Period {
    /// `moves` moves in `seconds` seconds; `None` if either is zero.
    pub fn moves_in(moves: u32, seconds: u32) -> Option<Period> {
        (moves > 0 && seconds > 0).then_some(Period {
            moves: Some(moves),
            seconds,
        })
    }

    /// The rest of the game in `seconds` seconds; `None` if zero.
    pub fn sudden_death(seconds: u32) -> Option<Period> {
        (seconds > 0).then_some(Period {
            moves: None,
            seconds,
        })
    }

    /// Moves due in the period (`None`: the rest of the game).
    pub fn moves(&self) -> Option<u32> {
        self.moves
    }

    /// The period's time.
    pub fn time(&self) -> Duration {
        Duration::from_secs(u64::from(self.seconds))
    }
}

/// A time control: periods, the last repeating if it has a move count, and an increment per move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    periods: Vec<Period>,
    increment_seconds: u32,
}

/// The five schemes of art. 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// 6.1: 40 moves in 90 minutes, then 10 moves per 15 minutes.
    Art6_1,
    /// 6.2: 30 moves in 60 minutes, then 10 moves per 10 minutes.
    Art6_2,
    /// 6.3 (rapid, 快棋): 40 moves in 10 minutes, then 30 moves per 5 minutes.
    Art6_3,
    /// 6.4 (rapid): 30 moves per 5 minutes throughout.
    Art6_4,
    /// 6.5: the whole game in the given time (包幹使用), no move count.
    Art6_5(Duration),
}

/// Where a side stands in the time control after a number of completed moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stage {
    /// Index of the period in [`TimeControl::periods`] (the last one repeats).
    pub period: usize,
    /// Total moves due by the end of the current period (`None`: sudden death).
    pub moves_due_by: Option<u32>,
    /// Total time allotted up to the end of the current period, increments excluded.
    pub time_allotted: Duration,
}

/// A time control spec that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("time control '{spec}' at byte {offset}: {reason}")]
pub struct SpecError {
    /// The whole spec as given.
    pub spec: String,
    /// Byte offset of the fault in `spec`.
    pub offset: usize,
    /// What is wrong there.
    pub reason: SpecFault,
}

/// What is wrong in a time control spec.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecFault {
    /// Nothing where a period was expected.
    #[error("a period is missing (expected N/DURATION or sd/DURATION)")]
    MissingPeriod,
    /// A period without `/`.
    #[error("a period needs '/' between the move count and the time, as in 40/90m")]
    MissingSlash,
    /// The move count is not a positive number.
    #[error("the move count must be a whole number above zero or 'sd'")]
    BadMoveCount,
    /// The duration cannot be read.
    #[error("a duration is written like 90m, 1h30m, 5m30s or 45s")]
    BadDuration,
    /// A zero duration for a period.
    #[error("a period needs a time above zero")]
    ZeroTime,
    /// Something follows a sudden-death period.
    #[error("sudden death (sd/…) must be the last period")]
    PeriodAfterSuddenDeath,
    /// 6.5 needs its time.
    #[error("6.5 names no time: write it as 6.5/20m")]
    Art6_5NeedsTime,
    /// A preset number that art. 6 does not have.
    #[error("art. 6 has the schemes 6.1 to 6.5 only")]
    UnknownPreset,
}

impl TimeControl {
    /// A scheme from its periods and increment. `None` if there is no period or a sudden-death
    /// period is not the last.
    pub fn new(periods: Vec<Period>, increment: Duration) -> Option<TimeControl> {
        let (_, rest) = periods.split_last()?;
        if rest.iter().any(|p| p.moves.is_none()) {
            return None;
        }
        let increment_seconds = u32::try_from(increment.as_secs()).ok()?;
        if increment.subsec_nanos() != 0 {
            return None;
        }
        Some(TimeControl {
            periods,
            increment_seconds,
        })
    }

    /// The scheme of an article of chapter 6.
    pub fn preset(preset: Preset) -> TimeControl {
        let minutes = |moves, m: u32| Period {
            moves: Some(moves),
            seconds: m * 60,
        };
        let periods = match preset {
            Preset::Art6_1 => vec![minutes(40, 90), minutes(10, 15)],
            Preset::Art6_2 => vec![minutes(30, 60), minutes(10, 10)],
            Preset::Art6_3 => vec![minutes(40, 10), minutes(30, 5)],
            Preset::Art6_4 => vec![minutes(30, 5)],
            Preset::Art6_5(time) => vec![Period {
                moves: None,
                seconds: u32::try_from(time.as_secs()).unwrap_or(u32::MAX).max(1),
            }],
        };
        TimeControl {
            periods,
            increment_seconds: 0,
        }
    }

    /// The periods; the last repeats if it has a move count.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Time added to a side's clock after each of its moves.
    pub fn increment(&self) -> Duration {
        Duration::from_secs(u64::from(self.increment_seconds))
    }

    /// How finely the clock counts and the record writes its times: whole seconds, or tenths of
    /// a second when the scheme adds an increment of less than a minute (where tenths decide
    /// games), as chess PGN writes `[%clk]`.
    pub fn resolution(&self) -> Duration {
        if (1..60).contains(&self.increment_seconds) {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        }
    }

    /// The same scheme with another increment.
    pub fn with_increment(mut self, increment: Duration) -> TimeControl {
        self.increment_seconds = u32::try_from(increment.as_secs()).unwrap_or(u32::MAX);
        self
    }

    /// The period a side is in after `moves_made` completed moves, with the totals due by its end.
    pub fn stage(&self, moves_made: u32) -> Stage {
        let mut due: u64 = 0;
        let mut time: u64 = 0;
        for (index, period) in self.periods.iter().enumerate() {
            time += u64::from(period.seconds);
            match period.moves {
                None => {
                    return Stage {
                        period: index,
                        moves_due_by: None,
                        time_allotted: Duration::from_secs(time),
                    }
                }
                Some(m) => {
                    due += u64::from(m);
                    if u64::from(moves_made) < due {
                        return self.stage_at(index, due, time);
                    }
                }
            }
        }
        // Past the listed periods: the last one (which has a move count, or we would have
        // returned) repeats until the game ends.
        let index = self.periods.len() - 1;
        let last = self.periods[index];
        let per = u64::from(last.moves.unwrap_or(1));
        let repeats = (u64::from(moves_made) - due) / per + 1;
        self.stage_at(
            index,
            due + repeats * per,
            time + repeats * u64::from(last.seconds),
        )
    }

    fn stage_at(&self, period: usize, due: u64, seconds: u64) -> Stage {
        Stage {
            period,
            moves_due_by: Some(u32::try_from(due).unwrap_or(u32::MAX)),
            time_allotted: Duration::from_secs(seconds),
        }
    }

    /// Moves still due in the current period after `moves_made` completed moves (`None`: sudden
    /// death).
    pub fn moves_due(&self, moves_made: u32) -> Option<u32> {
        self.stage(moves_made)
            .moves_due_by
            .map(|by| by.saturating_sub(moves_made))
    }

    /// Total time a side may have used when it has completed `moves_made` moves and is playing its
    /// next: the periods entered so far plus the increments earned.
    pub fn allotted(&self, moves_made: u32) -> Duration {
        self.stage(moves_made).time_allotted + self.increment() * moves_made
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, period) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match period.moves {
                Some(m) => write!(f, "{m}/")?,
                None => f.write_str("sd/")?,
            }
            write_seconds(f, period.seconds)?;
        }
        if self.increment_seconds > 0 {
            f.write_str("+")?;
            write_seconds(f, self.increment_seconds)?;
        }
        Ok(())
    }
}

/// Whole minutes as `90m`, otherwise `5m30s` or `45s`.
fn write_seconds(f: &mut fmt::Formatter<'_>, seconds: u32) -> fmt::Result {
    let (m, s) = (seconds / 60, seconds % 60);
    match (m, s) {
        (0, s) => write!(f, "{s}s"),
        (m, 0) => write!(f, "{m}m"),
        (m, s) => write!(f, "{m}m{s}s"),
    }
}

impl FromStr for TimeControl {
    type Err = SpecError;
    fn from_str(spec: &str) -> Result<TimeControl, SpecError> {
        let fail = |offset: usize, reason: SpecFault| SpecError {
            spec: spec.to_owned(),
            offset,
            reason,
        };
        let (body, increment) = match spec.rfind('+') {
            Some(plus) => {
                let seconds = parse_duration(&spec[plus + 1..])
                    .ok_or_else(|| fail(plus + 1, SpecFault::BadDuration))?;
                (&spec[..plus], seconds)
            }
            None => (spec, 0),
        };
        let mut control = match preset(body).map_err(|(off, r)| fail(off, r))? {
            Some(control) => control,
            None => {
                let mut periods = Vec::new();
                let mut offset = 0;
                for part in body.split(',') {
                    if periods.last().is_some_and(|p: &Period| p.moves.is_none()) {
                        return Err(fail(offset, SpecFault::PeriodAfterSuddenDeath));
                    }
                    periods.push(parse_period(part).map_err(|(o, r)| fail(offset + o, r))?);
                    offset += part.len() + 1;
                }
                TimeControl {
                    periods,
                    increment_seconds: 0,
                }
            }
        };
        control.increment_seconds = increment;
        Ok(control)
    }
}

/// A preset name (`6.1` … `6.4`, `6.5/20m`), `Ok(None)` if `body` is not one.
fn preset(body: &str) -> Result<Option<TimeControl>, (usize, SpecFault)> {
    let Some(rest) = body.strip_prefix("6.") else {
        return Ok(None);
    };
    let p = match rest {
        "1" => Preset::Art6_1,
        "2" => Preset::Art6_2,
        "3" => Preset::Art6_3,
        "4" => Preset::Art6_4,
        "5" => return Err((body.len(), SpecFault::Art6_5NeedsTime)),
        _ => match rest.strip_prefix("5/") {
            Some(time) => {
                let seconds = parse_duration(time).ok_or((4, SpecFault::BadDuration))?;
                if seconds == 0 {
                    return Err((4, SpecFault::ZeroTime));
                }
                Preset::Art6_5(Duration::from_secs(u64::from(seconds)))
            }
            None => return Err((0, SpecFault::UnknownPreset)),
        },
    };
    Ok(Some(TimeControl::preset(p)))
}

/// Serialised as its written form, `"40/90m,10/15m"`.
impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TimeControl, D::Error> {
        let spec = String::deserialize(deserializer)?;
        spec.parse().map_err(serde::de::Error::custom)
    }
}

/// `N/DURATION` or `sd/DURATION`; errors carry the offset within `part`.
fn parse_period(part: &str) -> Result<Period, (usize, SpecFault)> {
    if part.trim().is_empty() {
        return Err((0, SpecFault::MissingPeriod));
    }
    let slash = part.find('/').ok_or((0, SpecFault::MissingSlash))?;
    let (count, time) = (&part[..slash], &part[slash + 1..]);
    let seconds = parse_duration(time).ok_or((slash + 1, SpecFault::BadDuration))?;
    if seconds == 0 {
        return Err((slash + 1, SpecFault::ZeroTime));
    }
    if count.eq_ignore_ascii_case("sd") {
        return Ok(Period {
            moves: None,
            seconds,
        });
    }
    match count.parse::<u32>() {
        Ok(m) if m > 0 && count.bytes().all(|b| b.is_ascii_digit()) => Ok(Period {
            moves: Some(m),
            seconds,
        }),
        _ => Err((0, SpecFault::BadMoveCount)),
    }
}

/// `1h30m`, `90m`, `5m30s`, `45s` → seconds; units in the order h, m, s, each at most once.
pub(crate) fn parse_duration(text: &str) -> Option<u32> {
    let mut total: u64 = 0;
    let mut number = String::new();
    let mut last_unit = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let (rank, scale) = match c {
            'h' => (1, 3600),
            'm' => (2, 60),
            's' => (3, 1),
            _ => return None,
        };
        if number.is_empty() || rank <= last_unit {
            return None;
        }
        total = total.checked_add(number.parse::<u64>().ok()?.checked_mul(scale)?)?;
        number.clear();
        last_unit = rank;
    }
    if !number.is_empty() || last_unit == 0 {
        return None;
    }
    u32::try_from(total).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn min(m: u64) -> Duration {
        Duration::from_secs(m * 60)
    }

    #[test]
    fn art_6_1_periods_accumulate() {
        // 6.1: 40 moves in 90 minutes, then 10 per 15 minutes.
        let c = TimeControl::preset(Preset::Art6_1);
        assert_eq!(c.allotted(0), min(90));
        assert_eq!(c.allotted(39), min(90));
        assert_eq!(c.moves_due(0), Some(40));
        assert_eq!(c.moves_due(39), Some(1));
        assert_eq!(c.allotted(40), min(105));
        assert_eq!(c.moves_due(40), Some(10));
        assert_eq!(c.allotted(49), min(105));
        assert_eq!(c.allotted(50), min(120));
        assert_eq!(c.allotted(60), min(135));
        assert_eq!(c.stage(45).period, 1);
    }

    #[test]
    fn art_6_2_to_6_4() {
        let c = TimeControl::preset(Preset::Art6_2); // 6.2: 30 in 60, then 10 per 10
        assert_eq!(
            (c.allotted(29), c.allotted(30), c.allotted(40)),
            (min(60), min(70), min(80))
        );
        let c = TimeControl::preset(Preset::Art6_3); // 6.3: 40 in 10, then 30 per 5
        assert_eq!(
            (c.allotted(39), c.allotted(40), c.allotted(70)),
            (min(10), min(15), min(20))
        );
        assert_eq!(c.moves_due(40), Some(30));
        let c = TimeControl::preset(Preset::Art6_4); // 6.4: 30 per 5 throughout
        assert_eq!(
            (c.allotted(0), c.allotted(29), c.allotted(30)),
            (min(5), min(5), min(10))
        );
        assert_eq!(c.moves_due(31), Some(29));
    }

    #[test]
    fn art_6_5_sudden_death_has_no_move_count() {
        let c = TimeControl::preset(Preset::Art6_5(min(20)));
        assert_eq!(c.allotted(0), min(20));
        assert_eq!(c.allotted(500), min(20));
        assert_eq!(c.moves_due(10), None);
    }

    #[test]
    fn increment_is_earned_per_completed_move() {
        let c: TimeControl = "sd/15m+10s".parse().unwrap();
        assert_eq!(c.increment(), Duration::from_secs(10));
        assert_eq!(c.allotted(3), min(15) + Duration::from_secs(30));
    }

    #[test]
    fn specs_read_and_write() {
        for (spec, preset, canonical) in [
            ("6.1", Some(Preset::Art6_1), "40/90m,10/15m"),
            ("6.2", Some(Preset::Art6_2), "30/60m,10/10m"),
            ("6.3", Some(Preset::Art6_3), "40/10m,30/5m"),
            ("6.4", Some(Preset::Art6_4), "30/5m"),
            ("6.5/20m", Some(Preset::Art6_5(min(20))), "sd/20m"),
            ("40/1h30m,10/15m", Some(Preset::Art6_1), "40/90m,10/15m"),
            ("40/90m,20/1h,sd/30m+30s", None, "40/90m,20/60m,sd/30m+30s"),
            ("sd/5m30s", None, "sd/5m30s"),
            ("SD/45s+2s", None, "sd/45s+2s"),
        ] {
            let c: TimeControl = spec.parse().unwrap();
            if let Some(p) = preset {
                assert_eq!(c, TimeControl::preset(p), "{spec}");
            }
            assert_eq!(c.to_string(), canonical);
            assert_eq!(canonical.parse::<TimeControl>().unwrap(), c);
        }
    }

    #[test]
    fn malformed_specs_say_where_and_why() {
        for (spec, offset, reason) in [
            ("", 0, SpecFault::MissingPeriod),
            ("40-90m", 0, SpecFault::MissingSlash),
            ("0/90m", 0, SpecFault::BadMoveCount),
            ("x/90m", 0, SpecFault::BadMoveCount),
            ("40/90", 3, SpecFault::BadDuration),
            ("40/90m,10/15q", 10, SpecFault::BadDuration),
            ("40/0m", 3, SpecFault::ZeroTime),
            ("sd/60m,10/15m", 7, SpecFault::PeriodAfterSuddenDeath),
            ("40/90m,", 7, SpecFault::MissingPeriod),
            ("6.5", 3, SpecFault::Art6_5NeedsTime),
            ("6.7", 0, SpecFault::UnknownPreset),
            ("sd/10m+", 7, SpecFault::BadDuration),
            ("sd/30s1m", 3, SpecFault::BadDuration),
        ] {
            let e = spec.parse::<TimeControl>().unwrap_err();
            assert_eq!((e.offset, &e.reason), (offset, &reason), "{spec}");
        }
    }
}
