//! The systems of play (11, 13): each pairs the next round as a pure function of the event, so
//! a pairing can be checked and replayed.

pub mod berger;
pub mod knockout;
pub mod matching;
pub mod swiss;

use super::board_result::BoardResult;
use super::error::EventError;
use super::event::{DrawOfNumbers, Drawn, Entrant, Event, Match, Pairing, Round, Stage, System};
use super::history::{cancelled_by_withdrawal, records, withdrawn_after, Rounds};
use super::standings::standings;
use super::teams;
use crate::rules::Color;

/// The event with its next round paired (and, at the first round, its draw made).
pub fn pair_next(event: &Event) -> Result<Event, EventError> {
    if let Some(last) = event.rounds.last() {
        let missing = last.missing();
        if !missing.is_empty() {
            return Err(EventError::MissingResults {
                round: last.number,
                boards: missing,
            });
        }
    }
    let mut next = event.clone();
    let number = event.rounds.len() as u32 + 1;
    let (stage, pairs, bye) = match event.settings.system {
        System::RoundRobin | System::DoubleRoundRobin => round_robin(&mut next, number)?,
        System::Groups => groups(&mut next, number)?,
        System::Knockout => knockout::pair(&mut next, number)?,
        System::Swiss => swiss_round(&next, number)?,
    };
    let matches = teams::matches(&next, &pairs, number)?;
    let mut round = Round {
        number,
        stage,
        matches,
        bye,
    };
    forfeit_withdrawn(&next, &mut round);
    next.rounds.push(round);
    Ok(next)
}

/// Entrants taking part from the start: everyone not withdrawn before round 1 (20.2).
fn starters(event: &Event) -> Vec<Entrant> {
    (0..event.entrant_count())
        .filter(|&e| withdrawn_after(event, e) != Some(0))
        .collect()
}

/// Entrants by seed: highest rating first (a team: its players' ratings on the boards in play),
/// registration order among equals.
pub fn by_seed(event: &Event, entrants: &[Entrant]) -> Vec<Entrant> {
    let teams = event.teams();
    let rating = |e: Entrant| -> u64 {
        if event.is_team_event() {
            let boards = event.settings.team_boards.unwrap_or(1) as usize;
            teams[e]
                .members
                .iter()
                .take(boards)
                .map(|&m| u64::from(event.players[m].rating.unwrap_or(0)))
                .sum()
        } else {
            u64::from(event.players[e].rating.unwrap_or(0))
        }
    };
    let mut out = entrants.to_vec();
    out.sort_by_key(|&e| (std::cmp::Reverse(rating(e)), e));
    out
}

/// A small deterministic generator for draws by lot (splitmix64), from the event's seed.
pub struct Lot(u64);

impl Lot {
    /// The generator for `purpose` in an event with `seed`.
    pub fn new(seed: u64, purpose: u64) -> Lot {
        Lot(seed ^ purpose.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The next number below `bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % bound.max(1)
    }

    /// Shuffle `items` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Make the draw of group `group` from `entrants` in seed order, by the event's setting.
fn draw(event: &mut Event, group: u32, mut entrants: Vec<Entrant>) {
    if event.settings.draw == DrawOfNumbers::Random {
        Lot::new(event.settings.seed, 1 + u64::from(group)).shuffle(&mut entrants);
    }
    for (i, e) in entrants.into_iter().enumerate() {
        event.draw.push(Drawn {
            group,
            number: i as u32 + 1,
            entrant: e,
        });
    }
}

type Paired = (Stage, Vec<(Entrant, Entrant)>, Option<Entrant>);

/// One Berger round of the entrants of `numbers` (by number); `swap` gives the second cycle's
/// colours (13.5).
fn berger_round(
    numbers: &[Entrant],
    round: u32,
    swap: bool,
) -> (Vec<(Entrant, Entrant)>, Option<Entrant>) {
    let n = numbers.len() as u32;
    let mut pairs = Vec::new();
    let mut bye = None;
    for (a, b) in berger::round_pairs(n, round) {
        let get = |x: u32| numbers.get(x as usize - 1).copied();
        match (get(a), get(b)) {
            (Some(x), Some(y)) => pairs.push(if swap { (y, x) } else { (x, y) }),
            (Some(x), None) | (None, Some(x)) => bye = Some(x),
            (None, None) => {}
        }
    }
    (pairs, bye)
}

fn round_robin(event: &mut Event, number: u32) -> Result<Paired, EventError> {
    if number == 1 {
        let starters = starters(event);
        if starters.len() < 2 {
            return Err(EventError::TooFew {
                needed: 2,
                found: starters.len(),
            });
        }
        let seeded = by_seed(event, &starters);
        draw(event, 0, seeded);
    }
    let numbers = event.group(0);
    let cycle = berger::rounds(numbers.len() as u32);
    let double = event.settings.system == System::DoubleRoundRobin;
    let total = if double { 2 * cycle } else { cycle };
    if number > total {
        return Err(EventError::Finished(total));
    }
    let (pairs, bye) = if number > cycle {
        berger_round(&numbers, number - cycle, true)
    } else {
        berger_round(&numbers, number, false)
    };
    Ok((Stage::Main, pairs, bye))
}

/// Serpentine seeding (11.3): seeds 1…G go to groups 1…G, seeds G+1…2G back from G to 1, …
pub fn serpentine(seeded: &[Entrant], groups: usize) -> Vec<Vec<Entrant>> {
    let mut out = vec![Vec::new(); groups.max(1)];
    for (i, &e) in seeded.iter().enumerate() {
        let row = i / out.len();
        let pos = i % out.len();
        let g = if row % 2 == 0 {
            pos
        } else {
            out.len() - 1 - pos
        };
        out[g].push(e);
    }
    out
}

fn groups(event: &mut Event, number: u32) -> Result<Paired, EventError> {
    let g = event.settings.groups.max(1);
    if number == 1 {
        let starters = starters(event);
        if starters.len() < 2 * g as usize {
            return Err(EventError::TooFew {
                needed: 2 * g as usize,
                found: starters.len(),
            });
        }
        let seeded = by_seed(event, &starters);
        for (i, members) in serpentine(&seeded, g as usize).into_iter().enumerate() {
            for (k, e) in members.into_iter().enumerate() {
                event.draw.push(Drawn {
                    group: i as u32,
                    number: k as u32 + 1,
                    entrant: e,
                });
            }
        }
    }
    let group_rounds = (0..g)
        .map(|i| berger::rounds(event.group(i).len() as u32))
        .max()
        .unwrap_or(0);
    if number <= group_rounds {
        let mut pairs = Vec::new();
        for i in 0..g {
            pairs.extend(berger_round(&event.group(i), number, false).0);
        }
        return Ok((Stage::Main, pairs, None));
    }
    if number == group_rounds + 1 {
        // The final: the top `qualifiers` of each group, by place then group (1st of group 1,
        // 1st of group 2, …, 2nd of group 1, …).
        let q = event.settings.qualifiers.max(1) as usize;
        let mut by_place: Vec<Vec<Entrant>> = vec![Vec::new(); q];
        for i in 0..g {
            let members = event.group(i);
            let table = standings(event, Rounds::Stage(Stage::Main), Some(&members));
            for (place, s) in table.iter().take(q).enumerate() {
                by_place[place].push(s.entrant);
            }
        }
        let finalists: Vec<Entrant> = by_place.into_iter().flatten().collect();
        if finalists.len() < 2 {
            return Err(EventError::TooFew {
                needed: 2,
                found: finalists.len(),
            });
        }
        for (k, e) in finalists.into_iter().enumerate() {
            event.draw.push(Drawn {
                group: g,
                number: k as u32 + 1,
                entrant: e,
            });
        }
    }
    let finalists = event.group(g);
    let final_round = number - group_rounds;
    if final_round > berger::rounds(finalists.len() as u32) {
        return Err(EventError::Finished(number - 1));
    }
    let (pairs, bye) = berger_round(&finalists, final_round, false);
    Ok((Stage::Final, pairs, bye))
}

/// What the Swiss pairing of round `number` sees of each entrant still playing, in pairing
/// order (seed): score, opponents, colours of the games played, and whether a bye (or a win
/// without a game, which counts as one) was had.
pub fn swiss_entries(event: &Event, number: u32) -> Vec<swiss::Entry> {
    let recs = records(event, Rounds::All);
    let active: Vec<Entrant> = (0..event.entrant_count())
        .filter(|&e| event.entrant_active(e, number))
        .collect();
    let team = event.is_team_event();
    by_seed(event, &active)
        .into_iter()
        .map(|e| {
            let rec = &recs[e];
            let score = rec.outings.iter().map(|o| o.points(team)).sum::<u32>()
                + rec.byes.len() as u32 * event.settings.bye_half_points;
            swiss::Entry {
                id: e,
                score,
                opponents: rec.outings.iter().map(|o| o.opponent).collect(),
                colours: rec
                    .outings
                    .iter()
                    .filter(|o| o.played)
                    .map(|o| o.colour)
                    .collect(),
                had_bye: !rec.byes.is_empty()
                    || rec
                        .outings
                        .iter()
                        .any(|o| !o.played && o.scored > o.conceded),
            }
        })
        .collect()
}

/// The colour limits of an event's settings.
pub fn swiss_limits(event: &Event) -> swiss::Limits {
    swiss::Limits {
        max_difference: event.settings.max_colour_difference,
        max_run: event.settings.max_colour_run,
    }
}

fn swiss_round(event: &Event, number: u32) -> Result<Paired, EventError> {
    let rounds = event.settings.rounds.unwrap_or(0);
    if rounds > 0 && number > rounds {
        return Err(EventError::Finished(rounds));
    }
    let entries = swiss_entries(event, number);
    if entries.len() < 2 {
        return Err(EventError::TooFew {
            needed: 2,
            found: entries.len(),
        });
    }
    let pairing =
        swiss::pair(&entries, swiss_limits(event)).map_err(|cause| EventError::NoPairing {
            round: number,
            cause,
        })?;
    Ok((Stage::Main, pairing.boards, pairing.bye))
}

/// 20.3/20.4: a game against an entrant who withdrew is not played: in a round robin with half
/// or more met, and in a Swiss event, the opponent wins by forfeit; in a round robin with fewer
/// than half met the game is left out (all that entrant's results are cancelled).
fn forfeit_withdrawn(event: &Event, round: &mut Round) {
    let gone = |e: Entrant| withdrawn_after(event, e).is_some_and(|w| w < round.number);
    let cycle = |e: Entrant| {
        let group = event
            .draw
            .iter()
            .find(|d| d.entrant == e)
            .map_or(0, |d| d.group);
        let n = event.group(group).len().saturating_sub(1);
        if event.settings.system == System::DoubleRoundRobin {
            2 * n
        } else {
            n
        }
    };
    round.matches.retain(|m| {
        let out = [m.first, m.second]
            .into_iter()
            .any(|e| gone(e) && cancelled_by_withdrawal(event, e, cycle(e)));
        !out
    });
    let mut board = 1;
    for m in &mut round.matches {
        let (a, b) = (gone(m.first), gone(m.second));
        for g in &mut m.games {
            g.board = board;
            board += 1;
            let red_gone = if event.entrant_of(g.red) == m.first {
                a
            } else {
                b
            };
            let black_gone = if event.entrant_of(g.red) == m.first {
                b
            } else {
                a
            };
            g.result = match (red_gone, black_gone) {
                (true, true) => Some(BoardResult::DoubleForfeit),
                (true, false) => Some(BoardResult::BlackForfeitWin),
                (false, true) => Some(BoardResult::RedForfeitWin),
                (false, false) => None,
            };
        }
    }
}

/// The colour of the entrant listed first on board `board` of a match (13.2, 13.3: red on odd
/// boards).
pub fn first_colour(board: u32) -> Color {
    if board % 2 == 1 {
        Color::Red
    } else {
        Color::Black
    }
}

/// A match of one game: `first` red.
pub fn single(first: Entrant, second: Entrant, board: u32) -> Match {
    Match {
        first,
        second,
        games: vec![Pairing::new(board, first, second)],
    }
}
