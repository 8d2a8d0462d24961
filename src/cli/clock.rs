//! `qipu clock --control SPEC --times T...`: replay a game's move times on the clock, for an
//! arbiter checking a flag claim.
//!
//! SPEC is a time control as in [`crate::competition::TimeControl`] (`6.1` … `6.4`, `6.5/20m`,
//! `40/90m,10/15m`, `sd/60m+5s`). T are the seconds each move took (decimals allowed; commas may
//! also separate them), Red first. Standard output: one JSON object
//! `{"result": "ongoing"|"red_lost_on_time"|"black_lost_on_time", "ply": N, "remaining":
//! {"red": S, "black": S}, "moves_due": {"red": N, "black": N}}` where `ply` is the ply during
//! which a flag fell (or the plies replayed), and the readings are taken at that moment;
//! `moves_due` is `null` for a side in sudden death. Reaching the limit exactly is in time (22.3).

use std::io::Write;
use std::time::Duration;

use serde::Serialize;

use super::CliError;
use crate::competition::{CompetitionSettings, Contest, ContestError, Moment, TimeControl};
use crate::ending::Outcome;
use crate::rules::{Color, Status};

/// `qipu clock`.
#[derive(Debug, clap::Args)]
pub struct ClockArgs {
    /// The time control: 6.1 … 6.4, 6.5/20m, 40/90m,10/15m, sd/60m+5s …
    #[arg(long, value_name = "SPEC")]
    control: String,
    /// The seconds each move took, Red first (decimals allowed; commas may separate them too)
    #[arg(long, value_name = "SECONDS", required = true, num_args = 1..)]
    times: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    result: &'static str,
    ply: usize,
    remaining: Sides<serde_json::Number>,
    moves_due: Sides<Option<u32>>,
}

#[derive(Serialize)]
struct Sides<T> {
    red: T,
    black: T,
}

/// Run the subcommand.
pub fn run(args: ClockArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let control: TimeControl = args
        .control
        .parse()
        .map_err(|e: crate::competition::SpecError| CliError::Usage(e.to_string()))?;
    let mut times = Vec::new();
    for arg in &args.times {
        for part in arg.split(',').filter(|p| !p.is_empty()) {
            times.push(parse_seconds(part).ok_or_else(|| {
                CliError::Usage(format!(
                    "move time '{part}' is not a number of seconds (like 42 or 12.5)"
                ))
            })?);
        }
    }
    // The times given are replayed exactly, fractions of a second included.
    let mut contest =
        Contest::new(CompetitionSettings::new(control), Color::Red).with_resolution(Duration::ZERO);
    contest
        .start(Moment::ZERO, &[])
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let mut now = Moment::ZERO;
    let mut ply = times.len();
    for (i, &took) in times.iter().enumerate() {
        now = now + took;
        match contest.play(now, Status::Ongoing) {
            Ok(()) => {}
            Err(ContestError::Over(_)) => {
                ply = i + 1;
                break;
            }
            Err(e) => return Err(CliError::Failed(e.to_string())),
        }
    }
    let result = match contest.result().map(|r| r.ending.outcome) {
        None => "ongoing",
        Some(Outcome::BlackWins) => "red_lost_on_time",
        Some(Outcome::RedWins) => "black_lost_on_time",
        Some(other) => return Err(CliError::Failed(format!("unexpected end {other:?}"))),
    };
    let red = contest.reading(Color::Red, now);
    let black = contest.reading(Color::Black, now);
    let report = Report {
        result,
        ply,
        remaining: Sides {
            red: seconds(red.remaining),
            black: seconds(black.remaining),
        },
        moves_due: Sides {
            red: red.moves_due,
            black: black.moves_due,
        },
    };
    let json = serde_json::to_string(&report).map_err(|e| CliError::Failed(e.to_string()))?;
    writeln!(out, "{json}")?;
    Ok(())
}

/// Whole seconds as an integer, otherwise a decimal.
fn seconds(d: Duration) -> serde_json::Number {
    if d.subsec_nanos() == 0 {
        d.as_secs().into()
    } else {
        serde_json::Number::from_f64(d.as_secs_f64()).unwrap_or_else(|| d.as_secs().into())
    }
}

/// `42`, `12.5`, `0.125` → a duration, exact to the nanosecond.
fn parse_seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let nanos = if fraction.is_empty() {
        0
    } else {
        format!("{fraction:0<9}").parse().ok()?
    };
    Some(Duration::new(whole.parse().ok()?, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_clock(args: &[&str]) -> Result<serde_json::Value, CliError> {
        let mut line = vec!["clock"];
        line.extend(args);
        let super::super::Command::Clock(args) = super::super::parsed(&line)? else {
            unreachable!("the line names the clock subcommand");
        };
        let mut out = Vec::new();
        run(args, &mut out)?;
        Ok(serde_json::from_slice(&out).unwrap())
    }

    #[test]
    fn replays_until_a_flag_falls() {
        // 6.4: 30 moves per 5 minutes. Red's second move would end at 301 s.
        let v = run_clock(&["--control", "6.4", "--times", "200", "10", "101", "5"]).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"result": "red_lost_on_time", "ply": 3,
                "remaining": {"red": 0, "black": 290}, "moves_due": {"red": 29, "black": 29}})
        );
    }

    #[test]
    fn exactly_at_the_limit_is_in_time_and_fractions_are_kept() {
        let v = run_clock(&["--control", "6.4", "--times", "200,10", "100", "0.5"]).unwrap();
        assert_eq!(v["result"], "ongoing");
        assert_eq!(v["ply"], 4);
        assert_eq!(v["remaining"]["black"], 289.5);
        assert_eq!(v["remaining"]["red"], 0);
        assert_eq!(v["moves_due"]["red"], 28);
    }

    #[test]
    fn sudden_death_has_no_moves_due() {
        let v = run_clock(&["--control", "6.5/1m", "--times", "10", "70"]).unwrap();
        assert_eq!(v["result"], "black_lost_on_time");
        assert_eq!(v["moves_due"]["black"], serde_json::Value::Null);
        assert_eq!(v["remaining"]["red"], 50);
    }

    #[test]
    fn malformed_input_is_refused_with_the_reason() {
        let e = run_clock(&["--control", "40/90", "--times", "1"]).unwrap_err();
        assert!(
            matches!(&e, CliError::Usage(m) if m.contains("byte 3")),
            "{e}"
        );
        let e = run_clock(&["--control", "6.1", "--times", "1", "x"]).unwrap_err();
        assert!(matches!(&e, CliError::Usage(m) if m.contains("'x'")), "{e}");
        assert!(run_clock(&["--times", "1"]).is_err());
        for bad in ["", "1.", ".5", "-1", "1.0000000001"] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
    }
}
