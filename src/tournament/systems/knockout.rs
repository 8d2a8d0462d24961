//! 淘汰制 (11.1, 13.4, 13.5): a seeded bracket, single or double elimination. A field that is
//! not a power of two gives byes to the top seeds; a match is one or two games (the second with
//! colours swapped, 13.5) and, while tied, a tie-break game; colours of a first game and of a
//! tie-break are drawn by lot (猜先, 13.4).
//!
//! Double elimination (雙敗淘汰): the loser of a winners' bracket match goes to the losers'
//! bracket, where a second loss puts them out. Losers' round 1 pairs the losers of winners'
//! round 1; then each "minor" losers' round meets the survivors with the losers of the next
//! winners' round (taken in reverse order, so two who met in the winners' bracket do not meet
//! again at once), and each "major" round pairs the survivors among themselves. The grand final
//! is the winners' bracket winner against the losers' bracket winner; if the latter wins, both
//! have lost once and a deciding final is played.
//!
//! Every match has a level: one more than the highest level of the matches its two entrants
//! come from (winners' round 1 is level 1). A round of the event plays the games of the lowest
//! level that has a match still undecided ([`Stage::Knockout`]'s `bracket` is that level), so
//! an entrant is in at most one match of a level and a match's games are those of its two
//! entrants at its level.

use super::{by_seed, starters, Lot, Paired};
use crate::rules::Color;
use crate::tournament::error::EventError;
use crate::tournament::event::{DrawOfNumbers, Drawn, Entrant, Event, Stage};
use crate::tournament::history::{records, EntrantRecord, Rounds};
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

/// Where an entrant of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The slot of the draw (from 0).
    Slot(usize),
    /// The winner of a match (index in the bracket).
    Winner(usize),
    /// The loser of a match.
    Loser(usize),
}

/// What part of the bracket a match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// The winners' bracket (the whole bracket of a single elimination).
    Winners,
    /// The losers' bracket.
    Losers,
    /// The grand final: winners' bracket winner (first) against the losers' (second).
    GrandFinal,
    /// The deciding final, played only if the losers' bracket winner won the grand final.
    Decider,
}

/// One match of the bracket.
#[derive(Clone, Copy, Debug)]
struct Def {
    part: Part,
    from: [Source; 2],
    level: u32,
}

/// The matches of a bracket of `size` (a power of two, at least 2), in an order where every
/// match comes after those it draws from.
fn structure(size: usize, double: bool) -> Vec<Def> {
    let mut defs: Vec<Def> = Vec::new();
    let level = |defs: &[Def], from: [Source; 2]| -> u32 {
        1 + from
            .iter()
            .map(|s| match s {
                Source::Slot(_) => 0,
                Source::Winner(m) | Source::Loser(m) => defs[*m].level,
            })
            .max()
            .unwrap_or(0)
    };
    let push = |defs: &mut Vec<Def>, part: Part, from: [Source; 2]| -> usize {
        let level = level(defs, from);
        defs.push(Def { part, from, level });
        defs.len() - 1
    };
    let mut winners: Vec<Vec<usize>> = Vec::new();
    let mut round: Vec<usize> = (0..size / 2)
        .map(|i| {
            push(
                &mut defs,
                Part::Winners,
                [Source::Slot(2 * i), Source::Slot(2 * i + 1)],
            )
        })
        .collect();
    winners.push(round.clone());
    while round.len() > 1 {
        round = round
            .chunks(2)
            .map(|p| {
                push(
                    &mut defs,
                    Part::Winners,
                    [Source::Winner(p[0]), Source::Winner(p[1])],
                )
            })
            .collect();
        winners.push(round.clone());
    }
    if !double {
        return defs;
    }
    let wb_final = round[0];
    let lb_winner = if size == 2 {
        Source::Loser(wb_final)
    } else {
        let mut lb: Vec<usize> = winners[0]
            .chunks(2)
            .map(|p| {
                push(
                    &mut defs,
                    Part::Losers,
                    [Source::Loser(p[0]), Source::Loser(p[1])],
                )
            })
            .collect();
        for wb in &winners[1..] {
            let minor: Vec<usize> = lb
                .iter()
                .zip(wb.iter().rev())
                .map(|(&l, &w)| {
                    push(
                        &mut defs,
                        Part::Losers,
                        [Source::Winner(l), Source::Loser(w)],
                    )
                })
                .collect();
            lb = if minor.len() > 1 {
                minor
                    .chunks(2)
                    .map(|p| {
                        push(
                            &mut defs,
                            Part::Losers,
                            [Source::Winner(p[0]), Source::Winner(p[1])],
                        )
                    })
                    .collect()
            } else {
                minor
            };
        }
        Source::Winner(lb[0])
    };
    let gf = push(
        &mut defs,
        Part::GrandFinal,
        [Source::Winner(wb_final), lb_winner],
    );
    push(
        &mut defs,
        Part::Decider,
        [Source::Winner(gf), Source::Loser(gf)],
    );
    defs
}

/// A match of the bracket as far as it has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Its entrants are not known yet.
    Waiting,
    /// Decided (by the games, or without a game: a bye, or nobody at all).
    Decided {
        winner: Option<Entrant>,
        loser: Option<Entrant>,
    },
    /// Being played: the two (first, second), and the games played so far.
    Pending(Entrant, Entrant, u32),
}

/// A match being played: its two entrants and the games played so far.
type Playing = (Entrant, Entrant, u32);

/// The bracket of the event: every match with its state.
struct Bracket {
    defs: Vec<Def>,
    slot: Vec<Option<Entrant>>,
    states: Vec<State>,
}

impl Bracket {
    fn of(event: &Event) -> Option<Bracket> {
        let seeds = event.group(0);
        if seeds.is_empty() {
            return None;
        }
        let size = seeds.len().next_power_of_two().max(2);
        let slot = slots(size)
            .into_iter()
            .map(|s| seeds.get(s - 1).copied())
            .collect();
        let defs = structure(size, event.settings.double_elimination);
        let recs = records(event, Rounds::All);
        let needed = event.settings.knockout_games.max(1);
        let mut bracket = Bracket {
            defs,
            slot,
            states: Vec::new(),
        };
        for m in 0..bracket.defs.len() {
            let def = bracket.defs[m];
            let state = match (bracket.value(def.from[0]), bracket.value(def.from[1])) {
                (Some(a), Some(b)) => {
                    let decider_needless = def.part == Part::Decider && a == bracket.wb_side(m - 1);
                    if decider_needless {
                        State::Decided {
                            winner: a,
                            loser: None,
                        }
                    } else {
                        decide(&recs, event, [a, b], def.level, needed)
                    }
                }
                _ => State::Waiting,
            };
            bracket.states.push(state);
        }
        Some(bracket)
    }

    /// Who `source` gives, once known (`Some(None)`: nobody, a bye).
    fn value(&self, source: Source) -> Option<Option<Entrant>> {
        match source {
            Source::Slot(i) => Some(self.slot[i]),
            Source::Winner(m) | Source::Loser(m) => match self.states.get(m)? {
                State::Decided { winner, loser } => Some(if matches!(source, Source::Winner(_)) {
                    *winner
                } else {
                    *loser
                }),
                _ => None,
            },
        }
    }

    /// The grand final `gf`'s entrant from the winners' bracket.
    fn wb_side(&self, gf: usize) -> Option<Entrant> {
        self.value(self.defs[gf].from[0]).flatten()
    }

    /// The lowest level with a match being played, and those matches.
    fn next(&self) -> Option<(u32, Vec<Playing>)> {
        let playing = || {
            self.defs
                .iter()
                .zip(&self.states)
                .filter_map(|(d, s)| match s {
                    State::Pending(a, b, n) => Some((d.level, (*a, *b, *n))),
                    _ => None,
                })
        };
        let level = playing().map(|(l, _)| l).min()?;
        let pending = playing()
            .filter(|(l, _)| *l == level)
            .map(|(_, p)| p)
            .collect();
        Some((level, pending))
    }

    /// Whether the loser of the decided match `m` is out of the event: any loss in single
    /// elimination, a loss in the losers' bracket or the deciding final in double, and the
    /// grand final's loser if that is the losers' bracket winner.
    fn eliminates(&self, m: usize) -> bool {
        match self.defs[m].part {
            Part::Winners => self.defs.last().is_some_and(|d| d.part == Part::Winners),
            Part::Losers | Part::Decider => true,
            Part::GrandFinal => match self.states[m] {
                State::Decided { winner, .. } => winner.is_some() && winner == self.wb_side(m),
                _ => false,
            },
        }
    }
}

/// The state of a match between `two` (first, second) at `level`, from the games played.
fn decide(
    recs: &[EntrantRecord],
    event: &Event,
    two: [Option<Entrant>; 2],
    level: u32,
    needed: u32,
) -> State {
    match two {
        [None, None] => State::Decided {
            winner: None,
            loser: None,
        },
        [Some(a), None] | [None, Some(a)] => State::Decided {
            winner: Some(a),
            loser: None,
        },
        [Some(a), Some(b)] => {
            let games: Vec<_> = recs[a]
                .outings
                .iter()
                .filter(|o| o.opponent == b && in_bracket(event, o.round, level))
                .collect();
            let (pa, pb) = games
                .iter()
                .fold((0, 0), |(x, y), o| (x + o.scored, y + o.conceded));
            let n = games.len() as u32;
            if n >= needed && pa != pb {
                let (winner, loser) = if pa > pb { (a, b) } else { (b, a) };
                State::Decided {
                    winner: Some(winner),
                    loser: Some(loser),
                }
            } else {
                State::Pending(a, b, n)
            }
        }
    }
}

fn in_bracket(event: &Event, round: u32, level: u32) -> bool {
    event
        .round(round)
        .is_some_and(|r| matches!(r.stage, Stage::Knockout { bracket, .. } if bracket == level))
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
    let bracket = Bracket::of(event).ok_or(EventError::TooFew {
        needed: 2,
        found: 0,
    })?;
    let Some((level, pending)) = bracket.next() else {
        return Err(EventError::Finished(number - 1));
    };
    let game = pending.iter().map(|p| p.2).max().unwrap_or(0) + 1;
    let mut lot = Lot::new(event.settings.seed, 1000 + u64::from(number));
    let pairs = pending
        .iter()
        .map(|&(a, b, _)| {
            let swap_second = game == 2 && event.settings.knockout_games >= 2;
            let a_red = if swap_second {
                // 13.5: the second game swaps the colours of the first.
                first_was_red(event, a, b, level) == Some(false)
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
    Ok((
        Stage::Knockout {
            bracket: level,
            game,
        },
        pairs,
        None,
    ))
}

fn first_was_red(event: &Event, a: Entrant, b: Entrant, level: u32) -> Option<bool> {
    let recs = records(event, Rounds::All);
    recs[a]
        .outings
        .iter()
        .find(|o| o.opponent == b && in_bracket(event, o.round, level))
        .map(|o| o.colour == Color::Red)
}

/// The knockout's standings: those still in first (the winner, once decided), by the furthest
/// level reached; then those out, by the level of the match that put them out, later first.
/// Entrants out at the same level share the place (並列).
pub fn standings(event: &Event, lines: Vec<Standing>) -> Vec<Standing> {
    let mut key = vec![(true, 0u32); event.entrant_count()];
    if let Some(bracket) = Bracket::of(event) {
        for (m, (def, state)) in bracket.defs.iter().zip(&bracket.states).enumerate() {
            let (first, second) = match *state {
                State::Decided { winner, loser } => {
                    if let Some(l) = loser.filter(|_| bracket.eliminates(m)) {
                        key[l] = (false, def.level);
                    }
                    (winner, loser)
                }
                State::Pending(a, b, _) => (Some(a), Some(b)),
                State::Waiting => (None, None),
            };
            for e in [first, second].into_iter().flatten() {
                if key[e].0 {
                    key[e].1 = key[e].1.max(def.level);
                }
            }
        }
    }
    let mut lines: Vec<((bool, u32), Standing)> = lines
        .into_iter()
        .map(|s| (key.get(s.entrant).copied().unwrap_or((false, 0)), s))
        .collect();
    lines.sort_by_key(|(k, s)| (std::cmp::Reverse(*k), s.rank));
    let mut out: Vec<Standing> = Vec::with_capacity(lines.len());
    for i in 0..lines.len() {
        let rank = match out.last() {
            Some(prev) if lines[i].0 == lines[i - 1].0 => prev.rank,
            _ => i as u32 + 1,
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

    /// A double elimination of eight: 7 winners' matches, 6 losers' matches, the grand final
    /// and the deciding final; the losers' final is level 5, the grand final 6, the decider 7.
    #[test]
    fn double_elimination_of_eight() {
        let defs = structure(8, true);
        let count = |p: Part| defs.iter().filter(|d| d.part == p).count();
        assert_eq!(count(Part::Winners), 7);
        assert_eq!(count(Part::Losers), 6);
        let levels: Vec<u32> = defs
            .iter()
            .filter(|d| d.part == Part::Losers)
            .map(|d| d.level)
            .collect();
        assert_eq!(levels, vec![2, 2, 3, 3, 4, 5]);
        let gf = defs.iter().find(|d| d.part == Part::GrandFinal).unwrap();
        assert_eq!(gf.level, 6);
        assert_eq!(defs.last().unwrap().level, 7);
        assert_eq!(structure(8, false).len(), 7);
    }
}
