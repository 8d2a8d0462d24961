//! The changes an arbiter makes, each a pure function from the event to the changed event that
//! refuses bad input with the reason; [`super::store::EventFile`] stores the result in one
//! transaction.

use super::error::EventError;
use super::event::{Event, Player, System};
use super::game_result::GameReport;
use super::result::BoardResult;

/// Register `players`: every name non-empty and unique, and (in a system whose table is fixed at
/// the start) only before round 1 is paired.
pub fn add_players(event: &Event, players: Vec<Player>) -> Result<Event, EventError> {
    if !event.rounds.is_empty() && event.settings.system != System::Swiss {
        return Err(EventError::Started(event.settings.system.name()));
    }
    let mut next = event.clone();
    for mut p in players {
        p.name = p.name.trim().to_owned();
        if p.name.is_empty() {
            return Err(EventError::EmptyName);
        }
        if next.player_named(&p.name).is_some() {
            return Err(EventError::DuplicatePlayer(p.name));
        }
        next.players.push(p);
    }
    Ok(next)
}

/// Enter the result of `board` in `round`; refused for a board that does not exist or already
/// has a result.
pub fn set_result(
    event: &Event,
    round: u32,
    board: u32,
    result: BoardResult,
    report: Option<GameReport>,
) -> Result<Event, EventError> {
    let mut next = event.clone();
    let paired = next.rounds.len() as u32;
    let r = next
        .rounds
        .iter_mut()
        .find(|r| r.number == round)
        .ok_or(EventError::NoSuchRound { round, paired })?;
    let boards = r.games().count() as u32;
    let game = r
        .matches
        .iter_mut()
        .flat_map(|m| m.games.iter_mut())
        .find(|g| g.board == board)
        .ok_or(EventError::NoSuchBoard {
            round,
            board,
            boards,
        })?;
    if let Some(existing) = game.result {
        return Err(EventError::ResultExists {
            round,
            board,
            result: existing.token().to_owned(),
        });
    }
    game.result = Some(result);
    if let Some(report) = report {
        game.pgn = Some(report.pgn);
        game.fouls = report.fouls;
    }
    Ok(next)
}

/// Withdraw the player `name` (20): after the last round paired (before the start: 20.2, they
/// are left out of the draw).
pub fn withdraw(event: &Event, name: &str) -> Result<Event, EventError> {
    let id = event
        .player_named(name)
        .ok_or_else(|| EventError::UnknownPlayer(name.to_owned()))?;
    let mut next = event.clone();
    let p = &mut next.players[id];
    if let Some(round) = p.withdrawn_after_round {
        return Err(EventError::AlreadyWithdrawn {
            name: name.to_owned(),
            round,
        });
    }
    p.withdrawn_after_round = Some(event.rounds.len() as u32);
    Ok(next)
}

/// Record a penalty (18.1 warning, 18.2 disqualification from a game) for 18.4.
pub fn penalize(event: &Event, name: &str, disqualification: bool) -> Result<Event, EventError> {
    let id = event
        .player_named(name)
        .ok_or_else(|| EventError::UnknownPlayer(name.to_owned()))?;
    let mut next = event.clone();
    let p = &mut next.players[id];
    if disqualification {
        p.disqualifications += 1;
    } else {
        p.warnings += 1;
    }
    Ok(next)
}
