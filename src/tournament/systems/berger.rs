//! The round-robin tables (循環賽對局秩序表, 13.1) of FIDE Handbook C.05, Annex 1 (Berger
//! tables): round 1 pairs the first number with the last and closes inwards; each later round
//! turns the numbers below the last by half the field; the last number alternates colours. The
//! number listed first plays red. An odd field adds the dummy number n + 1: its opponent rests.

/// The pairings of round `round` (from 1) for `n` numbers (from 1), each `(red, black)`, board
/// order; the dummy number `n + 1` of an odd field stays in, on the board with the last number.
pub fn round_pairs(n: u32, round: u32) -> Vec<(u32, u32)> {
    let size = n + n % 2;
    if size < 2 || round == 0 || round >= size {
        return Vec::new();
    }
    let m = size - 1;
    // The number that meets the last one: it moves on by size/2 every round (mod m).
    let p = ((round - 1) * (size / 2)) % m;
    let number = |i: u32| i % m + 1;
    let mut pairs = Vec::with_capacity(size as usize / 2);
    if round % 2 == 1 {
        pairs.push((number(p), size));
    } else {
        pairs.push((size, number(p)));
    }
    for k in 1..size / 2 {
        pairs.push((number(p + k), number(p + m - k)));
    }
    pairs
}

/// Rounds of a single round robin of `n` numbers.
pub fn rounds(n: u32) -> u32 {
    (n + n % 2).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The tables as printed in FIDE Handbook C.05 Annex 1, typed in from the published page.
    const FIDE_4: &str = "1-4 2-3 | 4-3 1-2 | 2-4 3-1";
    const FIDE_6: &str = "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1";
    const FIDE_8: &str = "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | \
                          3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1";
    const FIDE_10: &str = "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | \
                           10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | \
                           4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1";

    fn parse(table: &str) -> Vec<Vec<(u32, u32)>> {
        table
            .split('|')
            .map(|round| {
                round
                    .split_whitespace()
                    .map(|pair| {
                        let (a, b) = pair.split_once('-').unwrap();
                        (a.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    /// 13.1: the construction gives the published tables exactly (red listed first), and a field
    /// of 3, 5, 7, 9 uses the table of 4, 6, 8, 10 with the last number as the dummy.
    #[test]
    fn matches_the_published_fide_tables() {
        for (n, table) in [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8), (10, FIDE_10)] {
            let published = parse(table);
            assert_eq!(published.len() as u32, rounds(n));
            for (r, pairs) in published.iter().enumerate() {
                assert_eq!(
                    &round_pairs(n, r as u32 + 1),
                    pairs,
                    "n={n} round {}",
                    r + 1
                );
                assert_eq!(
                    &round_pairs(n - 1, r as u32 + 1),
                    pairs,
                    "n={} round {}",
                    n - 1,
                    r + 1
                );
            }
        }
    }

    /// For every field of 3 to 16: every two numbers meet exactly once, everyone plays once a
    /// round, round 1 is 1–n, 2–(n−1), …, and nobody's reds and blacks differ by more than one.
    #[test]
    fn every_table_from_3_to_16_is_a_round_robin() {
        for n in 3..=16u32 {
            let size = n + n % 2;
            let mut met = HashSet::new();
            let mut reds = vec![0i32; size as usize + 1];
            for r in 1..=rounds(n) {
                let pairs = round_pairs(n, r);
                assert_eq!(pairs.len() as u32, size / 2);
                let mut seen = HashSet::new();
                for &(a, b) in &pairs {
                    assert!(
                        seen.insert(a) && seen.insert(b),
                        "n={n} r={r}: twice in a round"
                    );
                    assert!(
                        met.insert((a.min(b), a.max(b))),
                        "n={n}: {a}-{b} meet twice"
                    );
                    reds[a as usize] += 1;
                    reds[b as usize] -= 1;
                }
            }
            assert_eq!(met.len() as u32, size * (size - 1) / 2);
            let first: Vec<(u32, u32)> = (1..=size / 2).map(|i| (i, size + 1 - i)).collect();
            assert_eq!(round_pairs(n, 1), first);
            assert!(reds.iter().all(|d| d.abs() <= 1), "n={n}: colours {reds:?}");
        }
    }
}
