//! What each entrant has done so far: opponents, colours, points, byes and fouls, read from the
//! rounds. The pairing systems and the standings both start here.

use super::board_result::Half;
use super::event::{Entrant, Event, Stage};
use crate::rules::Color;

/// One pairing an entrant took part in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outing {
    /// The round.
    pub round: u32,
    /// The opponent.
    pub opponent: Entrant,
    /// The entrant's colour (a team: its colour on board 1).
    pub colour: Color,
    /// Game points won (half points; a team: the sum over its boards).
    pub scored: Half,
    /// Game points the opponent won.
    pub conceded: Half,
    /// Whether any game of it was played over the board.
    pub played: bool,
    /// Games won (a team: boards won), forfeit wins included.
    pub game_wins: u32,
    /// Whether every game of it has a result.
    pub complete: bool,
}

impl Outing {
    /// Points of the pairing: half points for a player; match points for a team (14.2: 2 for
    /// more game points, 1 for equal, 0 for fewer).
    pub fn points(&self, team: bool) -> u32 {
        if team {
            match self.scored.cmp(&self.conceded) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            }
        } else {
            self.scored
        }
    }
}

/// Everything an entrant has done in the rounds considered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntrantRecord {
    /// Pairings in round order.
    pub outings: Vec<Outing>,
    /// Rounds with a bye.
    pub byes: Vec<u32>,
    /// Fouls (犯規, 9.1) in the entrant's games.
    pub fouls: u32,
}

/// Which rounds a record reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounds {
    /// All of them.
    All,
    /// The rounds of one stage kind: main (round robin, Swiss, groups) or final.
    Stage(Stage),
}

impl Rounds {
    fn admits(self, stage: Stage) -> bool {
        match self {
            Rounds::All => true,
            Rounds::Stage(s) => s == stage,
        }
    }
}

/// The records of every entrant over `rounds`.
pub fn records(event: &Event, rounds: Rounds) -> Vec<EntrantRecord> {
    let mut out = vec![EntrantRecord::default(); event.entrant_count()];
    for round in event.rounds.iter().filter(|r| rounds.admits(r.stage)) {
        if let Some(b) = round.bye {
            if let Some(rec) = out.get_mut(b) {
                rec.byes.push(round.number);
            }
        }
        for m in &round.matches {
            let mut first = Outing {
                round: round.number,
                opponent: m.second,
                colour: Color::Red,
                scored: 0,
                conceded: 0,
                played: false,
                game_wins: 0,
                complete: m.complete(),
            };
            let mut second = Outing {
                opponent: m.first,
                colour: Color::Black,
                ..first.clone()
            };
            let mut fouls = [0u32, 0u32];
            for (i, g) in m.games.iter().enumerate() {
                let first_side = if event.entrant_of(g.red) == m.first {
                    Color::Red
                } else {
                    Color::Black
                };
                if i == 0 {
                    first.colour = first_side;
                    second.colour = first_side.opponent();
                }
                fouls[0] += g.fouls_of(first_side);
                fouls[1] += g.fouls_of(first_side.opponent());
                let Some(r) = g.result else { continue };
                first.scored += r.half_points(first_side);
                second.scored += r.half_points(first_side.opponent());
                first.game_wins += u32::from(r.won(first_side));
                second.game_wins += u32::from(r.won(first_side.opponent()));
                first.played |= r.played();
                second.played |= r.played();
            }
            first.conceded = second.scored;
            second.conceded = first.scored;
            if let Some(rec) = out.get_mut(m.first) {
                rec.outings.push(first);
                rec.fouls += fouls[0];
            }
            if let Some(rec) = out.get_mut(m.second) {
                rec.outings.push(second);
                rec.fouls += fouls[1];
            }
        }
    }
    out
}

/// Whether `entrant`'s results are cancelled under 20.3: in a round robin, a withdrawal with
/// fewer than half of the entrant's opponents met cancels all of them (with half or more they
/// stand, and the games left are forfeits). `cycle` is the number of games of the entrant's
/// full round robin.
pub fn cancelled_by_withdrawal(event: &Event, entrant: Entrant, cycle: usize) -> bool {
    if !event.settings.system.is_round_robin() {
        return false;
    }
    let Some(after) = withdrawn_after(event, entrant) else {
        return false;
    };
    let rec = &records(event, Rounds::All)[entrant];
    let met = rec
        .outings
        .iter()
        .filter(|o| o.round <= after && o.complete)
        .count();
    2 * met < cycle
}

/// The round after which an entrant withdrew (a team: when its last member did).
pub fn withdrawn_after(event: &Event, entrant: Entrant) -> Option<u32> {
    if event.is_team_event() {
        let teams = event.teams();
        let team = teams.get(entrant)?;
        team.members
            .iter()
            .map(|&m| event.players[m].withdrawn_after_round)
            .try_fold(0, |acc, w| w.map(|w| acc.max(w)))
    } else {
        event.players.get(entrant)?.withdrawn_after_round
    }
}
