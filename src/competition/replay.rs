//! Rebuild a [`Contest`] from its log, so a game read from a file goes on where it stopped, and
//! check on the way that the log is what the rules give.

use std::time::Duration;

use super::contest::{Contest, ContestError};
use super::log::{CompetitionRecord, Entry, Occurrence};
use super::time::{floor, Moment};
use crate::ending::Reason;
use crate::rules::{Color, Status};

/// A log the rules do not reproduce.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum LogError {
    /// The rules refuse the action an entry records.
    #[error("log entry {index}: {source}")]
    Refused {
        /// Index of the entry.
        index: usize,
        /// Why the rules refuse it.
        source: ContestError,
    },
    /// The action gives other entries than the log has.
    #[error("log entry {index}: the log has {expected:?} but the rules give {found:?}")]
    Differs {
        /// Index of the entry.
        index: usize,
        /// What the log has.
        expected: Option<Box<Entry>>,
        /// What replaying gives.
        found: Option<Box<Entry>>,
    },
}

impl Contest {
    /// Replay `record`'s log: every action again, in order, each checked to give exactly the
    /// entries logged. The contest then stands where the log ends.
    pub fn replay(record: &CompetitionRecord) -> Result<Contest, LogError> {
        let (first, plies) = record
            .entries
            .iter()
            .find_map(|e| match e.event {
                Occurrence::Start { first, .. } => Some((first, e.ply)),
                _ => None,
            })
            .unwrap_or((Color::Red, 0));
        let mut contest = Contest::new(record.settings.clone(), first).after_moves(plies);
        // A log written in finer steps than the clock counts (another program's, or fractions of
        // a second) replays exactly as written.
        if !on_grid(record, contest.resolution()) {
            contest = contest.with_resolution(Duration::ZERO);
        }
        let entries = &record.entries;
        let mut index = 0;
        while index < entries.len() {
            let before = contest.log().len();
            let refused = |source| LogError::Refused { index, source };
            act(&mut contest, entries, index).map_err(refused)?;
            let produced = &contest.log()[before..];
            if produced.is_empty() {
                return Err(LogError::Differs {
                    index,
                    expected: Some(Box::new(entries[index].clone())),
                    found: None,
                });
            }
            for (k, found) in produced.iter().enumerate() {
                let expected = entries.get(index + k);
                if expected != Some(found) {
                    return Err(LogError::Differs {
                        index: index + k,
                        expected: expected.cloned().map(Box::new),
                        found: Some(Box::new(found.clone())),
                    });
                }
            }
            index += produced.len();
        }
        Ok(contest)
    }
}

/// Perform the action that produced `entries[index]` (and the entries it brings with it).
fn act(c: &mut Contest, entries: &[Entry], index: usize) -> Result<(), ContestError> {
    let entry = &entries[index];
    let at = entry.at;
    // An entry logged after a move made but not yet pressed: make that move first.
    let unpressed = entry.ply == c.plies() + 1 && !c.has_moved();
    if unpressed
        && !matches!(
            entry.event,
            Occurrence::Move { .. } | Occurrence::Start { .. }
        )
    {
        c.make_move(at, status_of_next_move(entries, index))?;
        if matches!(entry.event, Occurrence::DrawRefused { by_move: true, .. }) {
            return Ok(());
        }
    }
    // The next moment the clock counts after `at`, for what time alone decides at `at` (a flag,
    // a forfeit).
    let just_after = at + c.resolution().max(Duration::from_nanos(1));
    match &entry.event {
        Occurrence::Start { absent, .. } => c.start(at, absent),
        Occurrence::Arrival { side, .. } => c.arrive(*side, at),
        Occurrence::Move { .. } if c.has_moved() => c.press(at),
        Occurrence::Move { .. } => c.play(at, status_of_next_move(entries, index)),
        Occurrence::DrawOffer { side } => c.offer_draw(*side, at).map(drop),
        Occurrence::DrawRefused { side, .. } => c.refuse_draw(*side, at),
        Occurrence::DrawAccepted { side } => c.accept_draw(*side, at),
        Occurrence::Claim { side, count, .. } => c.claim_natural_limit(*side, *count, at).map(drop),
        Occurrence::Foul {
            side, clause, note, ..
        } => c.foul(*side, *clause, note.clone(), at).map(drop),
        Occurrence::Pause { reason } => c.pause(reason.clone(), at),
        Occurrence::Resume => c.resume(at),
        Occurrence::Correction {
            side,
            remaining,
            moves_made,
            note,
        } => c.correct_clock(*side, *remaining, Some(*moves_made), note.clone(), at),
        Occurrence::FlagFall { .. } => settle(c, just_after),
        // Penalties come with an arrival or a claim; alone they cannot be replayed.
        Occurrence::Penalty { .. } => Ok(()),
        Occurrence::End { result } => {
            match (result.ending.reason, result.ending.outcome.winner()) {
                (Reason::Resignation, Some(winner)) => c.resign(winner.opponent(), at),
                (Reason::LossOnTime | Reason::LateArrival, _) => settle(c, just_after),
                (reason, _) => c.declare(result.ending.outcome, reason, at),
            }
        }
    }
}

/// Whether every moment of the log, and every clock the arbiter set, is a whole number of
/// `unit`s: then the clock counting in `unit`s reproduces the log.
fn on_grid(record: &CompetitionRecord, unit: Duration) -> bool {
    let fits = |d: Duration| floor(d, unit) == d;
    record.entries.iter().all(|e| {
        fits(e.at.elapsed())
            && match e.event {
                Occurrence::Correction { remaining, .. } => fits(remaining),
                _ => true,
            }
    })
}

/// Let the time decide at `at` (if it decides nothing, the entry is reported as not reproduced).
fn settle(c: &mut Contest, at: Moment) -> Result<(), ContestError> {
    c.update(at);
    Ok(())
}

/// The status after the next move in the log: mate or stalemate if the game ends with it.
fn status_of_next_move(entries: &[Entry], index: usize) -> Status {
    let Some(k) =
        (index..entries.len()).find(|&k| matches!(entries[k].event, Occurrence::Move { .. }))
    else {
        return Status::Ongoing;
    };
    match entries.get(k + 1).map(|e| (&e.event, e.at)) {
        Some((Occurrence::End { result }, when)) if when == entries[k].at => {
            match result.ending.reason {
                Reason::Checkmate => Status::Checkmate,
                Reason::Stalemate => Status::Stalemate,
                _ => Status::Ongoing,
            }
        }
        _ => Status::Ongoing,
    }
}
