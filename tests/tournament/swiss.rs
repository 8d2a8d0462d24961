//! Random Swiss events (15–60 players, 7–11 rounds, results with draws, forfeits and
//! withdrawals), paired round by round by `pair_next`: nobody meets anyone twice, nobody has
//! two byes, nobody breaks the colour limits (13.3: three of a colour running, reds − blacks
//! beyond ±2) unless no pairing of the round keeps them (late rounds of a small field can
//! force it: then the fewest break them), the bye goes to an eligible player, and every pairing is the best the rules
//! allow — checked against an exhaustive search over every pairing when at most 20 players are
//! paired, and otherwise by the exchange test (no two boards can swap opponents for a better
//! pairing), a necessary condition of the optimum.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use qipu::rules::Color;
use qipu::tournament::event::{Event, EventSettings, Player, System};
use qipu::tournament::systems::swiss::{pair_cost, score_groups, Cost, Entry};
use qipu::tournament::systems::{pair_next, swiss_entries, swiss_limits};
use qipu::tournament::{edit, BoardResult};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The least total cost of pairing every entry of `ranked` (at most 20), by trying every
/// pairing (memoised on the set already paired); `None` when no pairing exists.
fn best(ranked: &[Entry], strict: bool, e: &Event) -> Option<Cost> {
    let n = ranked.len();
    let groups = score_groups(ranked);
    let limits = swiss_limits(e);
    let cost: Vec<Vec<Option<Cost>>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    (b > a)
                        .then(|| pair_cost(ranked, &groups, a, b, limits, strict))
                        .flatten()
                })
                .collect()
        })
        .collect();
    fn go(
        mask: u32,
        n: usize,
        cost: &[Vec<Option<Cost>>],
        memo: &mut HashMap<u32, Option<Cost>>,
    ) -> Option<Cost> {
        if mask.count_ones() as usize == n {
            return Some(Cost::default());
        }
        if let Some(v) = memo.get(&mask) {
            return *v;
        }
        let i = (0..n).find(|&i| mask & (1 << i) == 0).unwrap();
        let mut out: Option<Cost> = None;
        for j in i + 1..n {
            if mask & (1 << j) != 0 {
                continue;
            }
            let (Some(c), Some(rest)) = (cost[i][j], go(mask | 1 << i | 1 << j, n, cost, memo))
            else {
                continue;
            };
            let total = c + rest;
            if out.is_none_or(|o| total < o) {
                out = Some(total);
            }
        }
        memo.insert(mask, out);
        out
    }
    go(0, n, &cost, &mut HashMap::new())
}

/// Checks the round just paired; returns the entrants it let break a colour limit (13.3), which
/// it may only do where no pairing keeps every limit.
fn check_round(before: &Event, after: &Event) -> Result<HashSet<usize>, TestCaseError> {
    let number = after.rounds.len() as u32;
    let round = after.rounds.last().unwrap();
    let entries = swiss_entries(before, number);
    let mut ranked = entries.clone();
    ranked.sort_by_key(|e| std::cmp::Reverse(e.score));
    if let Some(b) = round.bye {
        let entry = ranked.iter().find(|e| e.id == b).unwrap();
        prop_assert!(!entry.had_bye, "round {number}: second bye for {b}");
    }
    let rest: Vec<Entry> = ranked
        .iter()
        .filter(|e| Some(e.id) != round.bye)
        .cloned()
        .collect();
    let index: HashMap<usize, usize> = rest.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    let groups = score_groups(&rest);
    let limits = swiss_limits(before);
    let boards: Vec<(usize, usize)> = round
        .games()
        .map(|g| (index[&g.red], index[&g.black]))
        .collect();
    prop_assert_eq!(boards.len() * 2, rest.len());
    // 13.3: the limits hold unless no pairing keeps them (provable by search up to 20 entrants).
    let strict = rest.len() > 20 || best(&rest, true, before).is_some();
    let mut total = Cost::default();
    let mut breaking = HashSet::new();
    for &(a, b) in &boards {
        let c = pair_cost(&rest, &groups, a, b, limits, strict);
        prop_assert!(
            c.is_some(),
            "round {}: {} v {} is a rematch or breaks a colour limit that a pairing keeps",
            number,
            rest[a].id,
            rest[b].id
        );
        let c = c.unwrap();
        if c.breaks > 0 {
            breaking.extend([rest[a].id, rest[b].id]);
        }
        total = total + c;
    }
    if rest.len() <= 20 {
        prop_assert_eq!(
            Some(total),
            best(&rest, strict, before),
            "round {} is not the best pairing",
            number
        );
    } else {
        let cost = |a: usize, b: usize| pair_cost(&rest, &groups, a, b, limits, strict);
        for (i, &(a, b)) in boards.iter().enumerate() {
            for &(c, d) in &boards[i + 1..] {
                let now = cost(a, b).unwrap() + cost(c, d).unwrap();
                for (x, y) in [((a, c), (b, d)), ((a, d), (b, c))] {
                    if let (Some(p), Some(q)) = (cost(x.0, x.1), cost(y.0, y.1)) {
                        prop_assert!(
                            p + q >= now,
                            "round {}: swapping {:?} and {:?} pairs better",
                            number,
                            (a, b),
                            (c, d)
                        );
                    }
                }
            }
        }
    }
    // The bye goes to the lowest eligible player whose absence leaves a pairing.
    if let (Some(b), true) = (round.bye, ranked.len() <= 21) {
        let pos = ranked.iter().position(|e| e.id == b).unwrap();
        for lower in ranked[pos + 1..].iter().filter(|e| !e.had_bye) {
            let others: Vec<Entry> = ranked
                .iter()
                .filter(|e| e.id != lower.id)
                .cloned()
                .collect();
            prop_assert!(
                best(&others, strict, before).is_none(),
                "round {}: the bye could go lower, to {}",
                number,
                lower.id
            );
        }
    }
    Ok(breaking)
}

fn play(e: &Event, rng: &mut Rng) -> Event {
    let number = e.rounds.len() as u32;
    let mut next = e.clone();
    for b in e.rounds.last().unwrap().missing() {
        let result = match rng.below(100) {
            0..=5 => BoardResult::RedForfeitWin,
            6..=9 => BoardResult::BlackForfeitWin,
            10..=11 => BoardResult::DoubleForfeit,
            12..=41 => BoardResult::Draw,
            42..=72 => BoardResult::RedWins,
            _ => BoardResult::BlackWins,
        };
        next = edit::set_result(&next, number, b, result, None).unwrap();
    }
    next
}

/// The whole event: no rematch, no second bye, and the colour limits kept by everyone but the
/// entrants `excused` (paired in a round where no pairing kept them).
fn check_event(
    e: &Event,
    max_diff: i32,
    max_run: usize,
    excused: &HashSet<usize>,
) -> Result<(), TestCaseError> {
    let mut met = HashSet::new();
    let mut byes: HashMap<usize, u32> = HashMap::new();
    let mut colours: HashMap<usize, Vec<Color>> = HashMap::new();
    for r in &e.rounds {
        if let Some(b) = r.bye {
            *byes.entry(b).or_default() += 1;
        }
        for g in r.games() {
            prop_assert!(
                met.insert((g.red.min(g.black), g.red.max(g.black))),
                "rematch {} v {}",
                g.red,
                g.black
            );
            if g.result.is_some_and(|r| r.played()) {
                colours.entry(g.red).or_default().push(Color::Red);
                colours.entry(g.black).or_default().push(Color::Black);
            }
        }
    }
    prop_assert!(byes.values().all(|&n| n <= 1), "a second bye: {byes:?}");
    for (p, cs) in colours.into_iter().filter(|(p, _)| !excused.contains(p)) {
        let mut balance = 0i32;
        let mut run = 0usize;
        for (i, c) in cs.iter().enumerate() {
            balance += if *c == Color::Red { 1 } else { -1 };
            run = if i > 0 && cs[i - 1] == *c { run + 1 } else { 1 };
            prop_assert!(balance.abs() <= max_diff, "player {p}: colours {cs:?}");
            prop_assert!(run <= max_run, "player {p}: colours {cs:?}");
        }
    }
    Ok(())
}

/// One random event: `players` entrants with ratings and results drawn from `seed`, paired
/// round by round and checked.
fn random_event(players: usize, rounds: u32, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = Rng(seed);
    let settings = EventSettings {
        system: System::Swiss,
        rounds: Some(rounds),
        ..EventSettings::default()
    };
    let mut e = Event::new("random", settings);
    let mut excused = HashSet::new();
    for i in 0..players {
        e.players.push(Player {
            rating: Some(1500 + rng.below(1000) as u32),
            ..Player::named(&format!("p{i}"))
        });
    }
    for _ in 0..rounds {
        if !e.rounds.is_empty() && rng.below(5) == 0 {
            let active: Vec<usize> = (0..players)
                .filter(|&p| e.players[p].withdrawn_after_round.is_none())
                .collect();
            let who = active[rng.below(active.len() as u64) as usize];
            e = edit::withdraw(&e, &e.players[who].name.clone()).unwrap();
        }
        let next = match pair_next(&e) {
            Ok(next) => next,
            Err(err) => {
                // Only a field where no pairing avoids a rematch may be refused.
                let entries = swiss_entries(&e, e.rounds.len() as u32 + 1);
                prop_assert!(entries.len() <= 21, "refused: {err}");
                let mut ranked = entries;
                ranked.sort_by_key(|x| std::cmp::Reverse(x.score));
                if ranked.len().is_multiple_of(2) {
                    prop_assert!(best(&ranked, false, &e).is_none(), "refused: {err}");
                }
                break;
            }
        };
        excused.extend(check_round(&e, &next)?);
        e = play(&next, &mut rng);
    }
    check_event(&e, 2, 2, &excused)
}

/// Events found by the random test, kept: round 11 of 15 entrants, where no pairing keeps every
/// colour limit and three entrants break one (13.3).
#[test]
fn a_late_round_of_a_small_field_breaks_colour_limits_only_where_it_must() {
    for (players, rounds, seed) in [(15, 11, 5852740664835458735), (15, 7, 766408)] {
        if let Err(e) = random_event(players, rounds, seed) {
            panic!("{players} players, {rounds} rounds, seed {seed}: {e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_swiss_events(players in 15usize..=60, rounds in 7u32..=11, seed in 1u64..u64::MAX) {
        random_event(players, rounds, seed)?;
    }
}
