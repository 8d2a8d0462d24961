//! A board's result read from its game record: the one place where the event meets the game's
//! own result types (the record's `Result` tag and the competition log's `[%result …]` and
//! `[%foul …]` commands).

use crate::competition::pgn::decode;
use crate::competition::{Event as LogEvent, Outcome, Reason};
use crate::formats::read_record_bytes;
use crate::record::{Game, GameResult};
use crate::rules::Color;

use super::error::EventError;
use super::result::BoardResult;

/// What a game record gives the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The record as read.
    pub pgn: String,
    /// Fouls (9.1) recorded for red and black.
    pub fouls: [u32; 2],
}

/// The result of a board from the game's record: the competition log's result when there is
/// one (a loss by lateness, 4.1.5 and 21.1, is the absent side's forfeit, `+`/`−` of 21.4; both
/// late is `--`), else the `Result` tag. A record with neither, or where the two disagree, is
/// refused.
pub fn result_of_record(bytes: &[u8]) -> Result<(BoardResult, GameReport), EventError> {
    let file = read_record_bytes(bytes);
    let first = file
        .games
        .into_iter()
        .next()
        .ok_or_else(|| EventError::GameRecord("the file holds no game".to_owned()))?;
    let game = match (first.game, first.error) {
        (Some(g), None) => g,
        (_, Some(e)) => {
            return Err(EventError::GameRecord(format!(
                "the game cannot be read: {e}"
            )))
        }
        (None, None) => return Err(EventError::GameRecord("the file holds no game".to_owned())),
    };
    let (result, fouls) = read(&game)?;
    Ok((
        result,
        GameReport {
            pgn: String::from_utf8_lossy(bytes).into_owned(),
            fouls,
        },
    ))
}

fn read(game: &Game) -> Result<(BoardResult, [u32; 2]), EventError> {
    let log = decode(game).map_err(|e| {
        EventError::GameRecord(format!("the competition record cannot be read: {e}"))
    })?;
    let mut fouls = [0, 0];
    let mut logged = None;
    if let Some(log) = &log {
        for entry in &log.entries {
            if let LogEvent::Foul { side, .. } = entry.event {
                fouls[usize::from(side == Color::Black)] += 1;
            }
        }
        logged = log.result().map(|r| match (r.outcome, r.reason) {
            (Outcome::BothForfeit, _) => BoardResult::DoubleForfeit,
            (Outcome::RedWins, Reason::LateArrival) => BoardResult::RedForfeitWin,
            (Outcome::BlackWins, Reason::LateArrival) => BoardResult::BlackForfeitWin,
            (Outcome::RedWins, _) => BoardResult::RedWins,
            (Outcome::BlackWins, _) => BoardResult::BlackWins,
            (Outcome::Draw, _) => BoardResult::Draw,
        });
    }
    let tagged = match game.result() {
        Some(GameResult::RedWins) => Some(BoardResult::RedWins),
        Some(GameResult::BlackWins) => Some(BoardResult::BlackWins),
        Some(GameResult::Draw) => Some(BoardResult::Draw),
        Some(GameResult::Unknown) | None => None,
    };
    let result = match (logged, tagged) {
        (Some(l), Some(t)) if l.half_points(Color::Red) != t.half_points(Color::Red) => {
            return Err(EventError::GameRecord(format!(
                "the Result tag says {t} but the competition record says {l}"
            )))
        }
        (Some(l), _) => l,
        (None, Some(t)) => t,
        (None, None) => {
            return Err(EventError::GameRecord(
                "the game has no result (Result tag \"*\" and no [%result] command)".to_owned(),
            ))
        }
    };
    Ok((result, fouls))
}
