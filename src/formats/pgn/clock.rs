//! The competition record in PGN (the clock's dialect, on the comment commands of
//! [`crate::record::commands`]): tags for the settings, `[%…]` commands in the comments of the
//! main line for the log. [`encode`] writes a [`CompetitionRecord`] into a [`Game`]; [`decode`]
//! reads it back; the PGN reader and writer carry the comments as they are.
//!
//! # Tags
//!
//! - `[TimeControl "40/90m,10/15m"]`: the time control in the written form of
//!   [`TimeControl`] (periods `N/DURATION` or `sd/DURATION`, increment `+DURATION`; durations like
//!   `90m`, `1h30m`, `45s`). Reading also accepts the seconds form of chess PGN (`40/5400:900`,
//!   `900+5`: fields separated by `:`, each `MOVES/SECONDS`, `SECONDS` or `SECONDS+INCREMENT`).
//! - `[LateForfeit "60m"]`: the lateness forfeit time (4.1.5, 21.1), when there is one.
//! - `[NaturalLimit "60/10"]`: rounds of the natural limit and the claimant's checks that count
//!   (`"60"`: all count), written only when it differs from 60 rounds with ten checks (4.2.4).
//!
//! # Commands
//!
//! An entry made when N moves had been made goes in the comment after the N-th move of the main
//! line (before the first move: the game comment). A command is `[%NAME ARG… @MOMENT]`: ARGs
//! are words or `key=value`; a value with spaces or special characters is quoted, `"…"`, with `%`,
//! `"`, `[`, `]`, `{`, `}` and the ASCII control characters (CR, LF, tab…) written as `%` and two
//! hex digits: `%25`, `%22`, `%5B`, `%5D`, `%7B`, `%7D`, `%0D`, `%0A`, `%09`. Moments and durations are `h:mm:ss` with an optional fraction; a moment is the time since
//! the game's epoch. Sides are `red`, `black`.
//!
//! | entry | commands |
//! |---|---|
//! | a move | `[%clk 1:23:45] [%emt 0:00:12] [%at 0:50:03]`: time left after the move (as in chess PGN), time the move took, when the clock was pressed |
//! | start | `[%start first=red absent=black @0:00:00]` (`absent` only if someone was) |
//! | arrival (21.2) | `[%arrive black late=0:30:00 @0:30:00]` |
//! | draw offer, refusal, acceptance (23.1) | `[%offer red @…]`, `[%refuse black by=move @…]` (or `by=word`), `[%accept black @…]` |
//! | natural-limit claim (23.3) | `[%claim red plies=118 red_checks=0 black_checks=3 valid=false @…]` |
//! | foul (9.1) | `[%foul red 9.1.3 count=1 note="…" @…]` |
//! | time charged (23.3, 21.3) | `[%penalty red 0:05:00 cause=false_claim @…]` (or `cause=lateness`) |
//! | pause, resume (22.4) | `[%pause reason="…" @…]`, `[%resume @…]` |
//! | clock correction (22.4) | `[%correct black 0:04:00 moves=12 note="…" @…]` |
//! | flag fall (22.1) | `[%flag red @…]` |
//! | result (10.1) | `[%result 0-1 time ply=78 red=1:30:00 black=0:00:39 @1:30:39]`: PGN result (`0-0`: both forfeit), reason ([`Reason::key`]), plies, time used by each side |
//!
//! Reading, a move without `[%emt]` took zero and one without `[%at]` is placed at the previous
//! entry's moment plus its time; any other `[%…]` command (another program's) is left alone.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::competition::{
    hms, parse_duration, parse_hms, CompetitionRecord, CompetitionSettings, Entry, Finish,
    FoulClause, Moment, Occurrence, Penalty, Period, TimeControl, TimeUsed,
};
use crate::ending::{Ending, Outcome, Reason};
use crate::record::{commands, Game, TagKey};
use crate::referee::{NaturalLimit, NoCaptureCount};
use crate::referee::{Referee, RuleSet};
use crate::rules::Color;

/// The command names this module writes; [`encode`] replaces them, [`plain_comment`] hides them.
const NAMES: [&str; 16] = [
    "clk", "emt", "at", "start", "arrive", "offer", "refuse", "accept", "claim", "foul", "penalty",
    "pause", "resume", "correct", "flag", "result",
];

const LATE_FORFEIT: &str = "LateForfeit";
const NATURAL_LIMIT: &str = "NaturalLimit";

/// The log does not fit the game.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the log has an entry after move {ply}, but the main line has {moves} moves")]
pub struct EncodeError {
    /// The entry's move number.
    pub ply: u32,
    /// Moves in the main line.
    pub moves: usize,
}

/// A competition record in a game that cannot be read.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum DecodeError {
    /// A tag with a value that cannot be read.
    #[error("tag {tag} \"{value}\": {reason}")]
    Tag {
        /// The tag.
        tag: String,
        /// Its value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// Commands but no `TimeControl` tag.
    #[error("the comments have clock commands but there is no TimeControl tag")]
    NoTimeControl,
    /// A command that cannot be read.
    #[error("after move {ply}, byte {offset} of the comment, {command}: {reason}")]
    Command {
        /// The move the comment follows (0: the game comment).
        ply: u32,
        /// Byte offset of the command in the comment.
        offset: usize,
        /// The command as written.
        command: String,
        /// What is wrong.
        reason: String,
    },
}

/// Write `record` into `game`: the tags, and the log as commands in the main line's comments
/// (earlier commands of this module are replaced; the rest of each comment is kept). Sets the
/// `Result` tag when the game has ended with a winner or a draw.
pub fn encode(record: &CompetitionRecord, game: &mut Game) -> Result<(), EncodeError> {
    let line = game.main_line();
    let mut by_ply: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for entry in &record.entries {
        if entry.ply as usize > line.len() {
            return Err(EncodeError {
                ply: entry.ply,
                moves: line.len(),
            });
        }
        by_ply.entry(entry.ply).or_default().push(command(entry));
    }
    let nodes = std::iter::once(game.root()).chain(line);
    for (ply, node) in nodes.enumerate() {
        let kept = plain_comment(game.comment(node));
        let commands = by_ply.remove(&(ply as u32)).unwrap_or_default();
        let mut text = commands.join(" ");
        if !kept.is_empty() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&kept);
        }
        game.set_comment(node, text);
    }
    let settings = &record.settings;
    let tags = game.tags_mut();
    tags.set(TagKey::TimeControl, settings.control.to_string());
    match settings.forfeit_after {
        Some(limit) => tags.set(TagKey::Other(LATE_FORFEIT.into()), seconds_text(limit)),
        None => {
            tags.remove(&TagKey::Other(LATE_FORFEIT.into()));
        }
    }
    let limit = settings.natural_limit;
    if limit == NaturalLimit::default() {
        tags.remove(&TagKey::Other(NATURAL_LIMIT.into()));
    } else {
        let value = match limit.check_cap {
            Some(cap) => format!("{}/{cap}", limit.rounds),
            None => limit.rounds.to_string(),
        };
        tags.set(TagKey::Other(NATURAL_LIMIT.into()), value);
    }
    if let Some(result) = record.result() {
        game.set_ending(Some(&result.ending));
    }
    Ok(())
}

/// Read the competition record of `game`; `None` when it has neither a `TimeControl` tag nor
/// any command of this module.
pub fn decode(game: &Game) -> Result<Option<CompetitionRecord>, DecodeError> {
    let control = game.tags().get(&TagKey::TimeControl);
    let first = game.start().side_to_move();
    let mut entries: Vec<Entry> = Vec::new();
    let nodes = std::iter::once(game.root()).chain(game.main_line());
    for (ply, node) in nodes.enumerate() {
        let ply = ply as u32;
        let mover = if ply % 2 == 1 {
            first
        } else {
            first.opponent()
        };
        let commands = scan(game.comment(node));
        let mut pending_move: Option<(Duration, Duration, Option<Moment>)> = None;
        for cmd in commands.iter().filter(|c| NAMES.contains(&c.name.as_str())) {
            let fail = |reason: String| DecodeError::Command {
                ply,
                offset: cmd.offset,
                command: cmd.text.clone(),
                reason,
            };
            match cmd.name.as_str() {
                "clk" => {
                    let remaining = cmd.duration(0).map_err(fail)?;
                    pending_move = Some((remaining, Duration::ZERO, None));
                }
                "emt" | "at" => {
                    let Some(m) = pending_move.as_mut() else {
                        return Err(fail("comes before [%clk]".to_owned()));
                    };
                    let d = cmd.duration(0).map_err(fail)?;
                    if cmd.name == "emt" {
                        m.1 = d;
                    } else {
                        m.2 = Some(Moment::after(d));
                    }
                }
                _ => {
                    flush_move(&mut entries, &mut pending_move, ply, mover);
                    let at = cmd.moment().map_err(&fail)?;
                    let event = event(cmd).map_err(fail)?;
                    entries.push(Entry { at, ply, event });
                }
            }
        }
        flush_move(&mut entries, &mut pending_move, ply, mover);
    }
    let Some(control) = control else {
        return if entries.is_empty() {
            Ok(None)
        } else {
            Err(DecodeError::NoTimeControl)
        };
    };
    let settings = CompetitionSettings {
        control: read_control(control)?,
        forfeit_after: read_forfeit(game)?,
        natural_limit: read_natural_limit(game)?,
    };
    Ok(Some(CompetitionRecord { settings, entries }))
}

/// A comment without the commands of this module, as a reader should see it.
pub fn plain_comment(text: &str) -> String {
    let mut pieces = Vec::new();
    let mut rest = 0;
    for cmd in scan(text) {
        if NAMES.contains(&cmd.name.as_str()) {
            pieces.push(&text[rest..cmd.offset]);
            rest = cmd.offset + cmd.text.len();
        }
    }
    pieces.push(&text[rest..]);
    let pieces: Vec<&str> = pieces
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    pieces.join(" ")
}

fn flush_move(
    entries: &mut Vec<Entry>,
    pending: &mut Option<(Duration, Duration, Option<Moment>)>,
    ply: u32,
    side: Color,
) {
    if let Some((remaining, took, at)) = pending.take() {
        let at = at.unwrap_or_else(|| entries.last().map_or(Moment::ZERO, |e| e.at) + took);
        entries.push(Entry {
            at,
            ply,
            event: Occurrence::Move {
                side,
                took,
                remaining,
            },
        });
    }
}

fn command(entry: &Entry) -> String {
    let at = format!("@{}", hms(entry.at.elapsed()));
    let side = |s: &Color| s.to_string();
    let parts: Vec<String> = match &entry.event {
        Occurrence::Move {
            took, remaining, ..
        } => {
            return format!(
                "[%clk {}] [%emt {}] [%at {}]",
                hms(*remaining),
                hms(*took),
                hms(entry.at.elapsed())
            )
        }
        Occurrence::Start { first, absent } => {
            let mut p = vec!["start".into(), format!("first={first}")];
            if !absent.is_empty() {
                let names: Vec<String> = absent.iter().map(side).collect();
                p.push(format!("absent={}", names.join(",")));
            }
            p
        }
        Occurrence::Arrival { side: s, late } => {
            vec!["arrive".into(), side(s), format!("late={}", hms(*late))]
        }
        Occurrence::DrawOffer { side: s } => vec!["offer".into(), side(s)],
        Occurrence::DrawRefused { side: s, by_move } => vec![
            "refuse".into(),
            side(s),
            format!("by={}", if *by_move { "move" } else { "word" }),
        ],
        Occurrence::DrawAccepted { side: s } => vec!["accept".into(), side(s)],
        Occurrence::Claim {
            side: s,
            count,
            valid,
        } => vec![
            "claim".into(),
            side(s),
            format!("plies={}", count.plies),
            format!("red_checks={}", count.red_checks),
            format!("black_checks={}", count.black_checks),
            format!("valid={valid}"),
        ],
        Occurrence::Foul {
            side: s,
            clause,
            note,
            count,
        } => vec![
            "foul".into(),
            side(s),
            clause.article().into(),
            format!("count={count}"),
            format!("note={}", quote(note)),
        ],
        Occurrence::Penalty {
            side: s,
            amount,
            cause,
        } => vec![
            "penalty".into(),
            side(s),
            hms(*amount),
            format!("cause={}", cause.key()),
        ],
        Occurrence::Pause { reason } => vec!["pause".into(), format!("reason={}", quote(reason))],
        Occurrence::Resume => vec!["resume".into()],
        Occurrence::Correction {
            side: s,
            remaining,
            moves_made,
            note,
        } => vec![
            "correct".into(),
            side(s),
            hms(*remaining),
            format!("moves={moves_made}"),
            format!("note={}", quote(note)),
        ],
        Occurrence::FlagFall { side: s } => vec!["flag".into(), side(s)],
        Occurrence::End { result } => vec![
            "result".into(),
            result.ending.outcome.pgn().into(),
            result.ending.reason.key().into(),
            format!("ply={}", result.ending.ply),
            format!("red={}", hms(result.used.red)),
            format!("black={}", hms(result.used.black)),
        ],
    };
    format!("[%{} {at}]", parts.join(" "))
}

/// The event of a command other than a move's.
fn event(cmd: &Command) -> Result<Occurrence, String> {
    Ok(match cmd.name.as_str() {
        "start" => Occurrence::Start {
            first: side(cmd.value("first")?)?,
            absent: match cmd.pairs.get("absent") {
                Some(list) => list.split(',').map(side).collect::<Result<_, _>>()?,
                None => Vec::new(),
            },
        },
        "arrive" => Occurrence::Arrival {
            side: cmd.side()?,
            late: duration(cmd.value("late")?)?,
        },
        "offer" => Occurrence::DrawOffer { side: cmd.side()? },
        "refuse" => Occurrence::DrawRefused {
            side: cmd.side()?,
            by_move: match cmd.value("by")? {
                "move" => true,
                "word" => false,
                other => return Err(format!("by={other}: expected move or word")),
            },
        },
        "accept" => Occurrence::DrawAccepted { side: cmd.side()? },
        "claim" => Occurrence::Claim {
            side: cmd.side()?,
            count: NoCaptureCount {
                plies: number(cmd.value("plies")?)?,
                red_checks: number(cmd.value("red_checks")?)?,
                black_checks: number(cmd.value("black_checks")?)?,
            },
            valid: match cmd.value("valid")? {
                "true" => true,
                "false" => false,
                other => return Err(format!("valid={other}: expected true or false")),
            },
        },
        "foul" => Occurrence::Foul {
            side: cmd.side()?,
            clause: {
                let article = cmd.word(1)?;
                FoulClause::from_article(article)
                    .ok_or_else(|| format!("'{article}' is not a clause of 9.1"))?
            },
            note: cmd.pairs.get("note").cloned().unwrap_or_default(),
            count: number(cmd.value("count")?)?,
        },
        "penalty" => Occurrence::Penalty {
            side: cmd.side()?,
            amount: cmd.duration(1)?,
            cause: {
                let key = cmd.value("cause")?;
                Penalty::from_key(key).ok_or_else(|| format!("unknown cause '{key}'"))?
            },
        },
        "pause" => Occurrence::Pause {
            reason: cmd.pairs.get("reason").cloned().unwrap_or_default(),
        },
        "resume" => Occurrence::Resume,
        "correct" => Occurrence::Correction {
            side: cmd.side()?,
            remaining: cmd.duration(1)?,
            moves_made: number(cmd.value("moves")?)?,
            note: cmd.pairs.get("note").cloned().unwrap_or_default(),
        },
        "flag" => Occurrence::FlagFall { side: cmd.side()? },
        "result" => {
            let word = cmd.word(0)?;
            let outcome =
                Outcome::from_pgn(word).ok_or_else(|| format!("'{word}' is not a result"))?;
            let key = cmd.word(1)?;
            Occurrence::End {
                result: Finish {
                    ending: Ending {
                        outcome,
                        reason: Reason::from_key(key)
                            .ok_or_else(|| format!("'{key}' is not a reason"))?,
                        ply: number(cmd.value("ply")?)?,
                    },
                    at: cmd.moment()?,
                    used: TimeUsed {
                        red: duration(cmd.value("red")?)?,
                        black: duration(cmd.value("black")?)?,
                    },
                },
            }
        }
        other => return Err(format!("unknown command '{other}'")),
    })
}

fn side(text: &str) -> Result<Color, String> {
    match text {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(format!("'{other}' is not a side (red or black)")),
    }
}

fn number(text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a whole number"))
}

fn duration(text: &str) -> Result<Duration, String> {
    parse_hms(text).ok_or_else(|| format!("'{text}' is not a time like 1:23:45"))
}

/// `"…"` with the special characters percent-escaped.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            c if "%\"[]{}".contains(c) || c.is_ascii_control() => {
                out.push_str(&format!("%{:02X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let hex: String = chars.by_ref().take(2).collect();
        let byte = u8::from_str_radix(&hex, 16)
            .ok()
            .filter(u8::is_ascii)
            .ok_or_else(|| format!("'%{hex}' is not an escape like %22"))?;
        out.push(char::from(byte));
    }
    Ok(out)
}

/// A `[%…]` command found in a comment.
struct Command {
    offset: usize,
    text: String,
    name: String,
    words: Vec<String>,
    pairs: BTreeMap<String, String>,
    /// An escape that could not be read, reported when the command is used.
    fault: Option<String>,
}

impl Command {
    fn check(&self) -> Result<(), String> {
        self.fault.clone().map_or(Ok(()), Err)
    }

    fn word(&self, i: usize) -> Result<&str, String> {
        self.check()?;
        self.words
            .iter()
            .filter(|w| !w.starts_with('@'))
            .nth(i)
            .map(String::as_str)
            .ok_or_else(|| format!("argument {} is missing", i + 1))
    }

    fn value(&self, key: &str) -> Result<&str, String> {
        self.check()?;
        self.pairs
            .get(key)
            .map(String::as_str)
            .ok_or_else(|| format!("{key}=… is missing"))
    }

    fn side(&self) -> Result<Color, String> {
        side(self.word(0)?)
    }

    fn duration(&self, i: usize) -> Result<Duration, String> {
        duration(self.word(i)?)
    }

    fn moment(&self) -> Result<Moment, String> {
        self.check()?;
        let text = self
            .words
            .iter()
            .find_map(|w| w.strip_prefix('@'))
            .ok_or("the moment @h:mm:ss is missing")?;
        duration(text).map(Moment::after)
    }
}

/// Every `[%name …]` command of a comment, in order (found by [`commands::scan`], the one
/// scanner of comment commands; the arguments read here).
fn scan(text: &str) -> Vec<Command> {
    commands::scan(text)
        .into_iter()
        .map(|span| {
            let (words, pairs, fault) = split_args(span.args);
            Command {
                offset: span.range.0,
                text: text[span.bytes()].to_owned(),
                name: span.name.to_owned(),
                words,
                pairs,
                fault,
            }
        })
        .collect()
}

type Split = (Vec<String>, BTreeMap<String, String>, Option<String>);

/// A command's arguments (quoted values may hold spaces): the words, the `key=value` pairs,
/// and an escape fault if any.
fn split_args(text: &str) -> Split {
    let mut words = Vec::new();
    let mut pairs = BTreeMap::new();
    let mut fault = None;
    let mut token = String::new();
    let mut quoted: Option<String> = None;
    let mut finish = |token: &mut String, quoted: &mut Option<String>| {
        let value = match quoted.take() {
            Some(raw) => match unescape(&raw) {
                Ok(v) => Some(v),
                Err(e) => {
                    fault.get_or_insert(e);
                    Some(String::new())
                }
            },
            None => None,
        };
        if let Some((key, v)) = token.split_once('=') {
            pairs.insert(key.to_owned(), value.unwrap_or_else(|| v.to_owned()));
        } else if !token.is_empty() {
            words.push(std::mem::take(token));
        }
        token.clear();
    };
    let mut in_quotes = false;
    for c in text.chars() {
        if in_quotes {
            if c == '"' {
                in_quotes = false;
            } else if let Some(q) = quoted.as_mut() {
                q.push(c);
            }
            continue;
        }
        match c {
            '"' => {
                in_quotes = true;
                quoted = Some(String::new());
            }
            c if c.is_whitespace() => finish(&mut token, &mut quoted),
            c => token.push(c),
        }
    }
    finish(&mut token, &mut quoted);
    (words, pairs, fault)
}

fn seconds_text(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 60, s % 60) {
        (0, s) => format!("{s}s"),
        (m, 0) => format!("{m}m"),
        (m, s) => format!("{m}m{s}s"),
    }
}

fn tag_error(tag: &str, value: &str, reason: impl Into<String>) -> DecodeError {
    DecodeError::Tag {
        tag: tag.to_owned(),
        value: value.to_owned(),
        reason: reason.into(),
    }
}

fn read_control(value: &str) -> Result<TimeControl, DecodeError> {
    match value.parse::<TimeControl>() {
        Ok(control) => Ok(control),
        Err(ours) => chess_control(value)
            .ok_or_else(|| tag_error("TimeControl", value, ours.reason.to_string())),
    }
}

/// The chess PGN form in seconds: `40/5400:900`, `900+5`, `40/7200:20/3600`.
fn chess_control(value: &str) -> Option<TimeControl> {
    let mut periods = Vec::new();
    let mut increment = 0;
    for field in value.split(':') {
        let (field, inc) = match field.split_once('+') {
            Some((f, i)) => (f, Some(i.parse::<u64>().ok()?)),
            None => (field, None),
        };
        increment = inc.unwrap_or(increment);
        let period = match field.split_once('/') {
            Some((moves, seconds)) => Period::moves_in(moves.parse().ok()?, seconds.parse().ok()?),
            None => Period::sudden_death(field.parse().ok()?),
        };
        periods.push(period?);
    }
    TimeControl::new(periods, Duration::from_secs(increment))
}

fn read_forfeit(game: &Game) -> Result<Option<Duration>, DecodeError> {
    let Some(value) = game.tags().get(&TagKey::Other(LATE_FORFEIT.into())) else {
        return Ok(None);
    };
    parse_duration(value)
        .map(|s| Some(Duration::from_secs(u64::from(s))))
        .ok_or_else(|| tag_error(LATE_FORFEIT, value, "a duration is written like 60m or 1h"))
}

fn read_natural_limit(game: &Game) -> Result<NaturalLimit, DecodeError> {
    let Some(value) = game.tags().get(&TagKey::Other(NATURAL_LIMIT.into())) else {
        return Ok(NaturalLimit::default());
    };
    let bad = || {
        tag_error(
            NATURAL_LIMIT,
            value,
            "expected ROUNDS or ROUNDS/CHECKS, like 60/10",
        )
    };
    let (rounds, cap) = match value.split_once('/') {
        Some((r, c)) => (r, Some(c.parse().map_err(|_| bad())?)),
        None => (value, None),
    };
    Ok(NaturalLimit {
        rounds: rounds.parse().map_err(|_| bad())?,
        check_cap: cap,
    })
}
/// How the game of a record ended: as the record keeps it ([`Game::ending`]), else as its
/// clock record says (records written before the `Termination` tag), else as the referee rules
/// on its main line under the rule set the record names (mate, stalemate, facing generals,
/// repetition, natural limit, dead position). `None` while the game goes on, or when only a
/// `Result` tag without its reason is known.
///
/// The one reading of a record's result: the scoresheet, the tournament and the app use it.
pub fn ending_of(game: &Game) -> Option<Ending> {
    if let Some(ending) = game.ending() {
        return Some(ending);
    }
    if let Ok(Some(record)) = decode(game) {
        if let Some(result) = record.result() {
            return Some(result.ending);
        }
    }
    let rules = RuleSet::of_game(game).unwrap_or_default();
    Referee::new(rules)
        .judge(game.start(), &game.moves_to(game.main_line_end()))
        .ruling
        .and_then(|r| r.ending())
}
