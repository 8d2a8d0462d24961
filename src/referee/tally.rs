//! Rulings counted by kind over many games: an arbiter's sweep of an event's records, and the
//! measure of the referee's speed (`qipu judge --summary`).

use std::collections::BTreeMap;

use super::Referee;
use crate::rules::{Move, Position};

/// The kinds of ruling in the order they are printed; any other kind that arises follows them.
pub const KINDS: [&str; 10] = [
    "perpetual_check",
    "forbidden_repetition",
    "must_vary",
    "repetition_draw",
    "natural_limit",
    "checkmate",
    "stalemate",
    "dead_position",
    "generals_facing",
    "illegal_move",
];

/// The count for lines the referee has nothing to say about.
pub const NO_RULING: &str = "none";

/// Games judged, their plies, and how many lines ended with each kind of ruling (the machine
/// names of `qipu judge`, [`NO_RULING`] for none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Lines judged.
    pub games: u64,
    /// Their moves.
    pub plies: u64,
    counts: BTreeMap<&'static str, u64>,
}

impl Tally {
    /// Judge the line `moves` from `start` and count its ruling.
    pub fn add(&mut self, referee: &Referee, start: &Position, moves: &[Move]) {
        let judgement = referee.judge(start, moves);
        let kind = judgement.ruling.map_or(NO_RULING, |r| r.reason_name());
        *self.counts.entry(kind).or_default() += 1;
        self.games += 1;
        self.plies += moves.len() as u64;
    }

    /// Add another tally's counts.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.plies += other.plies;
        for (&kind, &n) in &other.counts {
            *self.counts.entry(kind).or_default() += n;
        }
    }

    /// Lines that ended with `kind`.
    pub fn count(&self, kind: &str) -> u64 {
        self.counts.get(kind).copied().unwrap_or(0)
    }

    /// Every kind with its count: those of [`KINDS`] (zero or not) in that order, then any other
    /// kind that arose, then [`NO_RULING`].
    pub fn rows(&self) -> Vec<(&'static str, u64)> {
        let mut rows: Vec<(&'static str, u64)> =
            KINDS.iter().map(|&k| (k, self.count(k))).collect();
        rows.extend(
            self.counts
                .iter()
                .filter(|(k, _)| !KINDS.contains(k) && **k != NO_RULING)
                .map(|(&k, &n)| (k, n)),
        );
        rows.push((NO_RULING, self.count(NO_RULING)));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::RuleSet;

    #[test]
    fn a_perpetual_check_and_a_quiet_line_are_counted_apart() {
        let referee = Referee::new(RuleSet::Cxa1999);
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1").expect("valid FEN");
        let moves: Vec<Move> = [
            "i0i9", "d9d8", "i9i8", "d8d9", "i8i9", "d9d8", "i9i8", "d8d9", "i8i9",
        ]
        .iter()
        .map(|m| Move::parse_iccs(m).expect("ICCS"))
        .collect();
        let mut tally = Tally::default();
        tally.add(&referee, &start, &moves);
        tally.add(&referee, &Position::startpos(), &moves[..0]);
        assert_eq!(tally.count("perpetual_check"), 1);
        assert_eq!(tally.count(NO_RULING), 1);
        assert_eq!((tally.games, tally.plies), (2, 9));
        let mut twice = tally.clone();
        twice.merge(&tally);
        assert_eq!(twice.count("perpetual_check"), 2);
        assert_eq!(twice.rows().len(), KINDS.len() + 1);
    }
}
