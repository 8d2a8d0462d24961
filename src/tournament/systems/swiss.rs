//! 積分編排 (11.4, 13.3): the pairing of a Swiss round as a pure function of the entrants'
//! scores, opponents and colours.
//!
//! The rules' appendix 2 is not in our copy; the priorities, in order, are:
//!
//! 1. **The bye** (odd field): to the lowest-ranked entrant who has not had one (lowest score,
//!    then the lowest in pairing order), provided the others can still be paired; it scores
//!    [`super::super::event::EventSettings::bye_half_points`].
//! 2. **No rematch**: two entrants never meet twice (absolute: a round where every pairing
//!    needs a rematch is refused, for the arbiter to decide).
//! 3. **Colour limits** (13.3): nobody plays the same colour more than `max_run` times running
//!    and nobody's reds minus blacks leaves ±`max_difference`, unless no pairing exists
//!    otherwise; then the fewest entrants break them.
//! 4. **Equal scores** (同分相對): the sum over the boards of the squared score difference is
//!    the smallest possible: equal scores meet first, and a score group with an odd entrant
//!    floats the one whose float costs least.
//! 5. **Colours due**: as many entrants as possible get their due colour (the one that
//!    balances reds and blacks, else the one that alternates).
//! 6. **Order in the group**: the upper half of a score group meets the lower half (1 against
//!    g/2 + 1, …, in pairing order: rating, then number); a floater is the lowest of its group
//!    and meets the highest of the group below.
//!
//! Priorities 3–6 are weights of one minimum-cost perfect matching (Edmonds' algorithm in
//! [`super::matching`]), each weight larger than any total of the ones below it, so the pairing
//! is the best by 3, then 4 among the best by 3, and so on. The matching is solved on each
//! player's cheapest opponents first and proved optimal for all of them by the dual solution. Colours are then given by 5: the
//! one who is due a colour gets it; if both are due the same one, the one with the larger
//! imbalance (then the longer run, then the higher ranked) gets it; where neither is due one
//! (the first round), the higher ranked has red on odd boards and black on even ones.

use super::matching::max_weight_perfect_matching;

/// Edges a player keeps in the first, sparse matching (its cheapest opponents); the rest are
/// priced against the dual solution and added where they could improve it.
const KEEP: usize = 24;
use crate::rules::Color;

/// One entrant as the pairing sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entrant's id (returned in the pairing).
    pub id: usize,
    /// Score so far (half points, or match points for teams).
    pub score: u32,
    /// Entrants already met (any game of a match, played or forfeited).
    pub opponents: Vec<usize>,
    /// Colours of the games actually played, in order (a team: its colour on board 1).
    pub colours: Vec<Color>,
    /// Whether the entrant had a bye (or a point without a game) already.
    pub had_bye: bool,
}

impl Entry {
    fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Color::Red { 1 } else { -1 })
            .sum()
    }

    fn run(&self) -> (Option<Color>, u32) {
        let Some(&last) = self.colours.last() else {
            return (None, 0);
        };
        let n = self
            .colours
            .iter()
            .rev()
            .take_while(|&&c| c == last)
            .count();
        (Some(last), n as u32)
    }

    /// Whether taking `colour` keeps the limits.
    pub fn may_take(&self, colour: Color, limits: Limits) -> bool {
        let after = self.balance() + if colour == Color::Red { 1 } else { -1 };
        let (last, run) = self.run();
        after.unsigned_abs() <= limits.max_difference
            && !(last == Some(colour) && run >= limits.max_run)
    }

    /// The colour due: the one that balances, else the one that alternates.
    pub fn due(&self) -> Option<Color> {
        match self.balance() {
            b if b > 0 => Some(Color::Black),
            b if b < 0 => Some(Color::Red),
            _ => self.run().0.map(Color::opponent),
        }
    }

    fn urgency(&self) -> (u32, u32) {
        (self.balance().unsigned_abs(), self.run().1)
    }
}

/// The colour limits (13.3, settable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest |reds − blacks|.
    pub max_difference: u32,
    /// Longest run of one colour.
    pub max_run: u32,
}

/// A round's pairing: `(red, black)` by board, and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Boards in order: highest score first.
    pub boards: Vec<(usize, usize)>,
    /// The entrant without an opponent.
    pub bye: Option<usize>,
    /// How many entrants had to break a colour limit (0 unless no pairing exists otherwise).
    pub colour_breaks: u32,
}

/// No pairing without a rematch exists.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("every pairing of the {entrants} entrants needs a rematch{}", if *.bye_blocked { " or a second bye" } else { "" })]
pub struct NoPairing {
    /// Entrants to pair.
    pub entrants: usize,
    /// Whether the bye could not be given either.
    pub bye_blocked: bool,
}

/// The cost of pairing `a` with `b` under the priorities of the module: `None` where they have
/// met, or (with `strict`) where no colours keep the limits. `entries` are in ranking order
/// (score, then pairing order) and `groups[i]` is `(index in its score group, group size)`.
pub fn pair_cost(
    entries: &[Entry],
    groups: &[(usize, usize)],
    a: usize,
    b: usize,
    limits: Limits,
    strict: bool,
) -> Option<Cost> {
    let (x, y) = (&entries[a], &entries[b]);
    if x.opponents.contains(&y.id) || y.opponents.contains(&x.id) {
        return None;
    }
    let (colours, breaks) = colours_for(x, y, limits);
    if strict && breaks > 0 {
        return None;
    }
    let diff = x.score.abs_diff(y.score);
    let (red, _) = colours;
    let given_x = if red { Color::Red } else { Color::Black };
    let unmet = u32::from(x.due().is_some_and(|c| c != given_x))
        + u32::from(y.due().is_some_and(|c| c != given_x.opponent()));
    let order = if x.score == y.score {
        let (ia, g) = groups[a];
        let (ib, _) = groups[b];
        (ia.abs_diff(ib)).abs_diff(g / 2) as u64
    } else {
        let (hi, lo) = if x.score > y.score { (a, b) } else { (b, a) };
        let (ih, gh) = groups[hi];
        (gh - 1 - ih + groups[lo].0) as u64
    };
    Some(Cost {
        breaks,
        score: u64::from(diff) * u64::from(diff),
        colour: unmet,
        order,
    })
}

/// The parts of a pairing's cost, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cost {
    /// Entrants breaking a colour limit.
    pub breaks: u32,
    /// Squared score difference.
    pub score: u64,
    /// Entrants not given their due colour.
    pub colour: u32,
    /// Distance from the upper-half-against-lower-half order.
    pub order: u64,
}

impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost {
            breaks: self.breaks + o.breaks,
            score: self.score + o.score,
            colour: self.colour + o.colour,
            order: self.order + o.order,
        }
    }
}

/// `(x takes red, limit breaks)` for the better colour assignment of `x` against `y`.
fn colours_for(x: &Entry, y: &Entry, limits: Limits) -> ((bool, bool), u32) {
    let breaks = |x_red: bool| {
        let (cx, cy) = if x_red {
            (Color::Red, Color::Black)
        } else {
            (Color::Black, Color::Red)
        };
        u32::from(!x.may_take(cx, limits)) + u32::from(!y.may_take(cy, limits))
    };
    let wish = match (x.due(), y.due()) {
        (Some(cx), Some(cy)) if cx != cy => cx == Color::Red,
        (Some(c), Some(_)) => {
            // Both due the same colour: the more urgent gets it, then the higher ranked (x).
            let x_wins = x.urgency() >= y.urgency();
            (c == Color::Red) == x_wins
        }
        (Some(c), None) => c == Color::Red,
        (None, Some(c)) => c == Color::Black,
        (None, None) => true,
    };
    let (first, second) = (breaks(wish), breaks(!wish));
    if second < first {
        ((!wish, wish), second)
    } else {
        ((wish, !wish), first)
    }
}

/// Pair a round. `entries` are in pairing order (rating, then number); the order of equal
/// scores is kept.
pub fn pair(entries: &[Entry], limits: Limits) -> Result<Pairing, NoPairing> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(entries[i].score));
    let ranked: Vec<Entry> = order.iter().map(|&i| entries[i].clone()).collect();
    let candidates: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        (0..ranked.len())
            .rev()
            .filter(|&i| !ranked[i].had_bye)
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    for strict in [true, false] {
        for &bye in &candidates {
            let rest: Vec<Entry> = ranked
                .iter()
                .enumerate()
                .filter(|&(i, _)| Some(i) != bye)
                .map(|(_, e)| e.clone())
                .collect();
            if let Some((boards, breaks)) = perfect(&rest, limits, strict) {
                return Ok(Pairing {
                    boards,
                    bye: bye.map(|i| ranked[i].id),
                    colour_breaks: breaks,
                });
            }
        }
    }
    Err(NoPairing {
        entrants: entries.len(),
        bye_blocked: entries.len() % 2 == 1,
    })
}

/// Score groups of entrants in ranking order: `(index in group, group size)`.
pub fn score_groups(ranked: &[Entry]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(ranked.len());
    let mut start = 0;
    while start < ranked.len() {
        let end = (start..ranked.len())
            .find(|&i| ranked[i].score != ranked[start].score)
            .unwrap_or(ranked.len());
        for i in start..end {
            out.push((i - start, end - start));
        }
        start = end;
    }
    out
}

/// The least-cost perfect matching of `ranked` (an even number), as boards with colours.
fn perfect(ranked: &[Entry], limits: Limits, strict: bool) -> Option<(Vec<(usize, usize)>, u32)> {
    let n = ranked.len();
    if n == 0 {
        return Some((Vec::new(), 0));
    }
    let groups = score_groups(ranked);
    let mut costs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if let Some(c) = pair_cost(ranked, &groups, a, b, limits, strict) {
                costs.push((a, b, c));
            }
        }
    }
    let weights = Weights::for_costs(n, costs.iter().map(|c| c.2));
    let edges: Vec<(usize, usize, i64)> = costs
        .iter()
        .map(|&(a, b, c)| (a, b, weights.weight(c)))
        .collect();
    let mate = max_weight_perfect_matching(n, &edges, KEEP)?;
    let mut boards = Vec::new();
    let mut breaks = 0;
    for (a, &b) in mate.iter().enumerate() {
        if b < a {
            continue;
        }
        let ((a_red, _), br) = colours_for(&ranked[a], &ranked[b], limits);
        breaks += br;
        let (red, black) = if a_red { (a, b) } else { (b, a) };
        boards.push((a.min(b), ranked[red].id, ranked[black].id));
    }
    boards.sort_by_key(|b| b.0);
    // Where neither player is due a colour (the first round), the higher ranked has red on odd
    // boards and black on even ones.
    let due = |id: usize| ranked.iter().find(|e| e.id == id).and_then(Entry::due);
    let boards = boards
        .into_iter()
        .enumerate()
        .map(|(i, (_, red, black))| {
            if i % 2 == 1 && due(red).is_none() && due(black).is_none() {
                (black, red)
            } else {
                (red, black)
            }
        })
        .collect();
    Some((boards, breaks))
}

/// Lexicographic costs folded into one integer weight per edge.
struct Weights {
    colour: i64,
    score: i64,
    breaks: i64,
    top: i64,
}

impl Weights {
    fn for_costs(n: usize, costs: impl Iterator<Item = Cost>) -> Weights {
        let n = n as i64;
        let max_score = costs.map(|c| c.score as i64).max().unwrap_or(0);
        // Each multiplier exceeds the largest total of everything below it over n/2 boards.
        let colour = n * n + 1;
        let score = (n / 2 + 1) * (2 * colour + n) + 1;
        let breaks = (n / 2 + 1) * (max_score * score + 2 * colour + n) + 1;
        let top = 2 * breaks + max_score * score + 2 * colour + n + 1;
        Weights {
            colour,
            score,
            breaks,
            top,
        }
    }

    fn weight(&self, c: Cost) -> i64 {
        self.top
            - (i64::from(c.breaks) * self.breaks
                + c.score as i64 * self.score
                + i64::from(c.colour) * self.colour
                + c.order as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: usize, score: u32) -> Entry {
        Entry {
            id,
            score,
            opponents: Vec::new(),
            colours: Vec::new(),
            had_bye: false,
        }
    }

    const LIMITS: Limits = Limits {
        max_difference: 2,
        max_run: 2,
    };

    /// Round 1 of eight: the upper half meets the lower half, 1–5, 2–6, 3–7, 4–8.
    #[test]
    fn first_round_upper_half_against_lower_half() {
        let entries: Vec<Entry> = (0..8).map(|i| entry(i, 0)).collect();
        let p = pair(&entries, LIMITS).unwrap();
        let mut met: Vec<(usize, usize)> = p
            .boards
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        met.sort();
        assert_eq!(met, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
        assert_eq!(p.bye, None);
    }

    /// 同分相對 before colours: the two leaders, both due black, meet (one of them plays red)
    /// rather than each taking black against a lower score due red.
    #[test]
    fn equal_scores_before_colour_wishes() {
        let mut e: Vec<Entry> = (0..6).map(|i| entry(i, [4, 4, 2, 2, 0, 0][i])).collect();
        for leader in &mut e[..2] {
            leader.colours = vec![Color::Black, Color::Red];
        }
        for next in &mut e[2..4] {
            next.colours = vec![Color::Red, Color::Black];
        }
        let p = pair(&e, LIMITS).unwrap();
        let leaders = p
            .boards
            .iter()
            .any(|&(a, b)| a.max(b) == 1 && a.min(b) == 0);
        assert!(leaders, "{p:?}");
    }

    /// The bye goes to the lowest-ranked who has not had one.
    #[test]
    fn bye_to_the_lowest_eligible() {
        let mut e: Vec<Entry> = (0..5).map(|i| entry(i, [4, 2, 2, 0, 0][i])).collect();
        e[4].had_bye = true;
        let p = pair(&e, LIMITS).unwrap();
        assert_eq!(p.bye, Some(3));
    }

    /// Three reds running are refused while another pairing exists.
    #[test]
    fn no_third_red_running() {
        let mut e: Vec<Entry> = (0..2).map(|i| entry(i, 2)).collect();
        e[0].colours = vec![Color::Red, Color::Red];
        e[1].colours = vec![Color::Black, Color::Red];
        let p = pair(&e, LIMITS).unwrap();
        assert_eq!(p.boards, vec![(1, 0)]);
        assert_eq!(p.colour_breaks, 0);
    }

    #[test]
    fn a_forced_rematch_is_refused() {
        let mut e: Vec<Entry> = (0..2).map(|i| entry(i, 0)).collect();
        e[0].opponents = vec![1];
        assert!(pair(&e, LIMITS).is_err());
    }
}
