//! 淘汰制 (11.1, 13.4, 13.5): a seeded single-elimination bracket. A field that is not a power
//! of two gives byes to the top seeds; a match is one or two games (the second with colours
//! swapped, 13.5) and, while tied, a tie-break game; colours of a first game and of a
//! tie-break are drawn by lot (猜先, 13.4).

use super::{by_seed, starters, Lot, Paired};
use crate::tournament::error::EventError;
use crate::tournament::event::{DrawOfNumbers, Drawn, Entrant, Event, Stage};
use crate::tournament::record::{records, Rounds};
use crate::tournament::standings::Standing;

/// The bracket's seed in each slot, for a field of `size` (a power of two): 1 v `size`, then
/// the halves filled so that seeds 1 and 2 can only meet in the final.
pub fn slots(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let len = order.len();
        order = order.iter().flat_map(|&s| [s, 2 * len + 1 - s]).collect();
    }
    order
}

/// A match of the bracket as far as it has gone.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Nobody in either slot.
    Empty,
    /// The entrant goes through (a bye, or the match is won).
    Through(Entrant),
    /// Still being played: the two, and the games played so far.
    Pending(Entrant, Entrant, u32),
}

/// The bracket round by round: the states of round `k` (from 1) pair the entrants that came
/// through round `k − 1`.
fn bracket(event: &Event) -> Vec<Vec<State>> {
    let seeds = event.group(0);
    if seeds.is_empty() {
        return Vec::new();
    }
    let size = seeds.len().next_power_of_two().max(2);
    let mut entrants: Vec<Option<Entrant>> = slots(size)
        .into_iter()
        .map(|s| seeds.get(s - 1).copied())
        .collect();
    let recs = records(event, Rounds::All);
    let needed = event.settings.knockout_games.max(1);
    let mut out = Vec::new();
    let mut k = 1;
    while entrants.len() > 1 {
        let states: Vec<State> = entrants
            .chunks(2)
            .map(|pair| match (pair[0], pair[1]) {
                (None, None) => State::Empty,
                (Some(a), None) | (None, Some(a)) => State::Through(a),
                (Some(a), Some(b)) => {
                    let games: Vec<_> = recs[a]
                        .outings
                        .iter()
                        .filter(|o| o.opponent == b && in_bracket(event, o.round, k))
                        .collect();
                    let (pa, pb) = games
                        .iter()
                        .fold((0, 0), |(x, y), o| (x + o.scored, y + o.conceded));
                    let n = games.len() as u32;
                    if n >= needed && pa != pb {
                        State::Through(if pa > pb { a } else { b })
                    } else {
                        State::Pending(a, b, n)
                    }
                }
            })
            .collect();
        entrants = states
            .iter()
            .map(|s| match s {
                State::Through(e) => Some(*e),
                _ => None,
            })
            .collect();
        let pending = states.iter().any(|s| matches!(s, State::Pending(..)));
        out.push(states);
        if pending {
            break;
        }
        k += 1;
    }
    out
}

fn in_bracket(event: &Event, round: u32, k: u32) -> bool {
    event
        .round(round)
        .is_some_and(|r| matches!(r.stage, Stage::Knockout { bracket, .. } if bracket == k))
}

/// Pair the next round of a knockout.
pub(super) fn pair(event: &mut Event, number: u32) -> Result<Paired, EventError> {
    if number == 1 {
        let starters = starters(event);
        if starters.len() < 2 {
            return Err(EventError::TooFew {
                needed: 2,
                found: starters.len(),
            });
        }
        let mut seeded = by_seed(event, &starters);
        if event.settings.draw == DrawOfNumbers::Random {
            Lot::new(event.settings.seed, 1).shuffle(&mut seeded);
        }
        for (i, e) in seeded.into_iter().enumerate() {
            event.draw.push(Drawn {
                group: 0,
                number: i as u32 + 1,
                entrant: e,
            });
        }
    }
    let rounds = bracket(event);
    let k = rounds.len() as u32;
    let Some(last) = rounds.last() else {
        return Err(EventError::TooFew {
            needed: 2,
            found: 0,
        });
    };
    let pending: Vec<(Entrant, Entrant, u32)> = last
        .iter()
        .filter_map(|s| match s {
            State::Pending(a, b, n) => Some((*a, *b, *n)),
            _ => None,
        })
        .collect();
    if pending.is_empty() {
        return Err(EventError::Finished(number - 1));
    }
    let game = pending.iter().map(|p| p.2).max().unwrap_or(0) + 1;
    let mut lot = Lot::new(event.settings.seed, 1000 + u64::from(number));
    let pairs = pending
        .iter()
        .map(|&(a, b, _)| {
            let swap_second = game == 2 && event.settings.knockout_games >= 2;
            let a_red = if swap_second {
                // 13.5: the second game swaps the colours of the first.
                first_was_red(event, a, b, k) == Some(false)
            } else {
                lot.below(2) == 0
            };
            if a_red {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    Ok((Stage::Knockout { bracket: k, game }, pairs, None))
}

fn first_was_red(event: &Event, a: Entrant, b: Entrant, k: u32) -> Option<bool> {
    let recs = records(event, Rounds::All);
    recs[a]
        .outings
        .iter()
        .find(|o| o.opponent == b && in_bracket(event, o.round, k))
        .map(|o| o.colour == crate::rules::Color::Red)
}

/// The knockout's standings: the winner first, then by the bracket round each entrant went out
/// in (those out in the same round share the place, 並列).
pub fn standings(event: &Event, lines: Vec<Standing>) -> Vec<Standing> {
    let rounds = bracket(event);
    let reached = |e: Entrant| -> u32 {
        let mut best = 0;
        for (k, states) in rounds.iter().enumerate() {
            for s in states {
                let here = match s {
                    State::Through(x) => *x == e,
                    State::Pending(x, y, _) => *x == e || *y == e,
                    State::Empty => false,
                };
                if here {
                    best = k as u32 + 1 + u32::from(matches!(s, State::Through(_)));
                }
            }
        }
        best
    };
    let mut lines: Vec<(u32, Standing)> =
        lines.into_iter().map(|s| (reached(s.entrant), s)).collect();
    lines.sort_by_key(|(r, s)| (std::cmp::Reverse(*r), s.rank));
    let mut out = Vec::with_capacity(lines.len());
    for i in 0..lines.len() {
        let rank = if i > 0 && lines[i].0 == lines[i - 1].0 {
            out.last().map_or(1, |s: &Standing| s.rank)
        } else {
            i as u32 + 1
        };
        let mut s = lines[i].1.clone();
        s.rank = rank;
        out.push(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_slots() {
        assert_eq!(slots(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(slots(4), vec![1, 4, 2, 3]);
    }
}
