//! A board's result read from its game record: the one place where the event meets Qipu's
//! game-result type ([`crate::ending::Ending`], read by [`crate::formats::ending_of`]) and
//! the competition log's `[%foul …]` commands.

use crate::competition::Occurrence;
use crate::ending::{Outcome, Reason};
use crate::formats::ending_of;
use crate::formats::pgn::clock::decode;
use crate::formats::read_record_bytes;
use crate::record::Game;
use crate::rules::Color;

use super::board_result::BoardResult;
use super::error::{EventError, GameRecordError};

/// What a game record gives the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The record as read.
    pub pgn: String,
    /// Fouls (9.1) recorded for red and black.
    pub fouls: [u32; 2],
}

/// The result of a board from the game's record: how the game ended as the record keeps it
/// (its `Result` and `Termination` tags, the competition log's `[%result …]`, or the referee's
/// ruling on the moves), else the `Result` tag alone. A loss by lateness (4.1.5, 21.1) is the
/// absent side's forfeit, `+`/`−` of 21.4; both late is `--`. A record without a result, or
/// whose `Result` tag contradicts how it ended, is refused.
pub fn result_of_record(bytes: &[u8]) -> Result<(BoardResult, GameReport), EventError> {
    let file = read_record_bytes(bytes);
    let first = file
        .games
        .into_iter()
        .next()
        .ok_or(GameRecordError::NoGame)?;
    let game = match (first.game, first.error) {
        (Some(g), None) => g,
        (_, Some(e)) => return Err(GameRecordError::Unreadable(e).into()),
        (None, None) => return Err(GameRecordError::NoGame.into()),
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
    let log = decode(game).map_err(GameRecordError::CompetitionLog)?;
    let mut fouls = [0, 0];
    for entry in log.iter().flat_map(|l| &l.entries) {
        if let Occurrence::Foul { side, .. } = entry.event {
            fouls[usize::from(side == Color::Black)] += 1;
        }
    }
    let tagged = game.result();
    let ending = ending_of(game);
    if let (Some(e), Some(t)) = (&ending, tagged) {
        if e.outcome != t {
            return Err(GameRecordError::Contradiction {
                tagged: t,
                ended: e.outcome,
            }
            .into());
        }
    }
    let (outcome, reason) = match (ending, tagged) {
        (Some(e), _) => (e.outcome, Some(e.reason)),
        (None, Some(t)) => (t, None),
        (None, None) => return Err(GameRecordError::NoResult.into()),
    };
    let forfeit = reason == Some(Reason::LateArrival);
    let result = match (outcome, forfeit) {
        (Outcome::BothForfeit, _) => BoardResult::DoubleForfeit,
        (Outcome::RedWins, true) => BoardResult::RedForfeitWin,
        (Outcome::BlackWins, true) => BoardResult::BlackForfeitWin,
        (Outcome::RedWins, false) => BoardResult::RedWins,
        (Outcome::BlackWins, false) => BoardResult::BlackWins,
        (Outcome::Draw, _) => BoardResult::Draw,
    };
    Ok((result, fouls))
}
