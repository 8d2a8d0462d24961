//! The changes an arbiter makes, each a pure function from the event to the changed event that
//! refuses bad input with the reason; [`super::store::EventFile`] stores the result in one
//! transaction.

use super::board_result::BoardResult;
use super::error::EventError;
use super::event::{Event, Pairing, Player, PlayerId, Stage, System};
use super::from_record::GameReport;
use super::teams;
use crate::rules::Color;

/// Register `players`: every name non-empty and unique, and (in a system whose table is fixed at
/// the start) only before round 1 is paired.
pub fn add_players(event: &Event, players: Vec<Player>) -> Result<Event, EventError> {
    if !event.rounds.is_empty() && event.settings.system != System::Swiss {
        return Err(EventError::Started(event.settings.system));
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

/// Change the registration of player `id` (the players' list in registration order): the name
/// stays non-empty and unique; the team changes only before round 1 is paired (it decides who
/// plays for whom); a withdrawal and penalties are kept as they were (they have their own
/// changes, [`withdraw`] and [`penalize`]).
pub fn edit_player(event: &Event, id: PlayerId, player: Player) -> Result<Event, EventError> {
    let name = player.name.trim().to_owned();
    let current = event
        .players
        .get(id)
        .ok_or_else(|| EventError::UnknownPlayer(format!("number {}", id + 1)))?;
    if name.is_empty() {
        return Err(EventError::EmptyName);
    }
    if event.player_named(&name).is_some_and(|other| other != id) {
        return Err(EventError::DuplicatePlayer(name));
    }
    if player.team != current.team && !event.rounds.is_empty() {
        return Err(EventError::Started(event.settings.system));
    }
    let mut next = event.clone();
    next.players[id] = Player {
        name,
        withdrawn_after_round: current.withdrawn_after_round,
        warnings: current.warnings,
        disqualifications: current.disqualifications,
        ..player
    };
    Ok(next)
}

/// The game on `board` of `round`, to change; refused for a round or board that does not exist.
fn game_mut(event: &mut Event, round: u32, board: u32) -> Result<&mut Pairing, EventError> {
    let paired = event.rounds.len() as u32;
    let r = event
        .rounds
        .iter_mut()
        .find(|r| r.number == round)
        .ok_or(EventError::NoSuchRound { round, paired })?;
    let boards = r.games().count() as u32;
    r.matches
        .iter_mut()
        .flat_map(|m| m.games.iter_mut())
        .find(|g| g.board == board)
        .ok_or(EventError::NoSuchBoard {
            round,
            board,
            boards,
        })
}

/// Enter the result of `board` in `round`; refused for a board that does not exist or already
/// has a result (a result is changed only on purpose, by [`correct_result`]).
pub fn set_result(
    event: &Event,
    round: u32,
    board: u32,
    result: BoardResult,
    report: Option<GameReport>,
) -> Result<Event, EventError> {
    let mut next = event.clone();
    let game = game_mut(&mut next, round, board)?;
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

/// Correct the result of `board` in `round`: replace it with `result`, or clear it (`None`).
/// The game's record and fouls go with the old result: they are the new record's when it came
/// from one, else none. The standings follow (they are counted from the results); pairings
/// made since stay as they are ([`paired_on`] names them). Refused only for a board that does
/// not exist.
pub fn correct_result(
    event: &Event,
    round: u32,
    board: u32,
    result: Option<BoardResult>,
    report: Option<GameReport>,
) -> Result<Event, EventError> {
    let mut next = event.clone();
    let game = game_mut(&mut next, round, board)?;
    game.result = result;
    match report.filter(|_| result.is_some()) {
        Some(report) => {
            game.pgn = Some(report.pgn);
            game.fouls = report.fouls;
        }
        None => {
            game.pgn = None;
            game.fouls = [0, 0];
        }
    }
    Ok(next)
}

/// The rounds paired after `round` whose pairings were made from its results, in order: in a
/// Swiss event every later round (scores decide, 11.4), in a knockout every later round (the
/// winners go on, 11.1), in a group event the final's rounds after a group round (the groups'
/// places decide, 11.3); none in a round robin, whose table is fixed at the start (11.2).
pub fn paired_on(event: &Event, round: u32) -> Vec<u32> {
    let Some(stage) = event.round(round).map(|r| r.stage) else {
        return Vec::new();
    };
    event
        .rounds
        .iter()
        .filter(|r| r.number > round)
        .filter(|r| match event.settings.system {
            System::Swiss | System::Knockout => true,
            System::Groups => stage == Stage::Main && r.stage != Stage::Main,
            System::RoundRobin | System::DoubleRoundRobin => false,
        })
        .map(|r| r.number)
        .collect()
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

/// The captain's line-up for a team's match in `round` (12.1–12.3): `names` from board 1 down,
/// players of the team still playing, in an order the event's board-order rule allows; the
/// colours follow the boards (13.2, 13.3). Refused once a game of the match has a result.
pub fn set_lineup(
    event: &Event,
    round: u32,
    team: &str,
    names: &[&str],
) -> Result<Event, EventError> {
    let t = event
        .teams()
        .iter()
        .position(|x| x.name == team)
        .filter(|_| event.is_team_event())
        .ok_or_else(|| EventError::UnknownTeam(team.to_owned()))?;
    let paired = event.rounds.len() as u32;
    let r = event
        .round(round)
        .ok_or(EventError::NoSuchRound { round, paired })?;
    let m = r
        .matches
        .iter()
        .position(|m| m.first == t || m.second == t)
        .ok_or_else(|| EventError::NotPaired {
            team: team.to_owned(),
            round,
        })?;
    if let Some(g) = r.matches[m].games.iter().find(|g| g.result.is_some()) {
        return Err(EventError::LineupTooLate {
            round,
            board: g.board,
            team: team.to_owned(),
        });
    }
    let squad = teams::squad(event, t, round);
    let places = names
        .iter()
        .map(|&n| {
            event
                .player_named(n)
                .and_then(|id| squad.iter().position(|&s| s == id))
                .map(|i| i + 1)
                .ok_or_else(|| EventError::NotInTeam {
                    name: n.to_owned(),
                    team: team.to_owned(),
                    round,
                })
        })
        .collect::<Result<Vec<usize>, EventError>>()?;
    let boards = event.settings.team_boards.unwrap_or(1) as usize;
    if let Some(reason) =
        teams::lineup_refusal(event.settings.board_order, boards, squad.len(), &places)
    {
        return Err(EventError::LineupRefused {
            team: team.to_owned(),
            lineup: places
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("-"),
            reason,
        });
    }
    let mut next = event.clone();
    let paired_match = next
        .rounds
        .iter_mut()
        .find(|x| x.number == round)
        .map(|x| &mut x.matches[m]);
    if let Some(mt) = paired_match {
        let first = mt.first == t;
        for (k, g) in mt.games.iter_mut().enumerate() {
            let player: PlayerId = squad[places[k] - 1];
            match teams::colour_on_board(first, k as u32 + 1) {
                Color::Red => g.red = player,
                Color::Black => g.black = player,
            }
        }
    }
    Ok(next)
}
