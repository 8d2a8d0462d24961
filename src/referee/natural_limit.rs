//! The natural move limit (自然限著, 4.2.4) and the check of a claim (23.3).
//!
//! 4.2.4: a draw when in 60 consecutive rounds (the competition may set fewer) neither side has
//! captured. 23.3: "审核回合時，提出方對非提出方"將軍"的著數，最多只計10著" — when the rounds are
//! counted for a claimant, of its checking moves at most ten 著 (moves) count. A 著 is one move
//! of one side, so each further checking move of the claimant is one move (one ply) that does not
//! count; the opponent's replies still count. 60 rounds are 120 moves that count.
//!
//! This is the one implementation of the count, kept beside the repetition rules as engines keep
//! their move counter: the referee rules on it and the competition controls
//! ([`crate::competition`]) check claims with it.

use serde::{Deserialize, Serialize};

use crate::rules::{Color, IllegalMove, Move, Position};

/// The limit in force for a competition.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct NaturalLimit {
    /// Rounds without a capture that make a draw (60 by 4.2.4).
    pub rounds: u32,
    /// How many of the claimant's checks count; `None` counts them all.
    pub check_cap: Option<u32>,
}

impl Default for NaturalLimit {
    fn default() -> NaturalLimit {
        NaturalLimit {
            rounds: 60,
            check_cap: Some(10),
        }
    }
}

/// The evidence for a claim: plies since the last capture, and the checks each side gave in them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct NoCaptureCount {
    /// Plies played since the last capture (or since the start).
    pub plies: u32,
    /// Checks Red gave in those plies.
    pub red_checks: u32,
    /// Checks Black gave in those plies.
    pub black_checks: u32,
}

/// A move of a game that is not legal where it is played.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("move {ply} ({mv}) is illegal: {source}")]
pub struct ReplayError {
    /// Ply number from 1.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    #[source]
    pub source: IllegalMove,
}

impl NoCaptureCount {
    /// Count from a game: its start position and the moves played since.
    pub fn from_game(start: &Position, moves: &[Move]) -> Result<NoCaptureCount, ReplayError> {
        let mut count = NoCaptureCount::default();
        let mut pos = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            let mover = pos.side_to_move();
            let capture = pos.is_capture(mv);
            pos = pos.play(mv).map_err(|source| ReplayError {
                ply: i + 1,
                mv,
                source,
            })?;
            count.record(mover, capture, pos.in_check());
        }
        Ok(count)
    }

    /// Count one move of `mover`: a capture starts the count again; any other move adds a ply,
    /// and a check by its mover when `check`.
    pub fn record(&mut self, mover: Color, capture: bool, check: bool) {
        if capture {
            *self = NoCaptureCount::default();
            return;
        }
        self.plies += 1;
        if check {
            match mover {
                Color::Red => self.red_checks += 1,
                Color::Black => self.black_checks += 1,
            }
        }
    }

    /// Checks `side` gave.
    pub fn checks_by(&self, side: Color) -> u32 {
        match side {
            Color::Red => self.red_checks,
            Color::Black => self.black_checks,
        }
    }
}

/// The arbiter's finding on a claim.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ClaimFinding {
    /// Complete rounds without a capture.
    pub rounds: u32,
    /// Checking moves of the claimant beyond the cap: each is one move (著) that does not
    /// count (23.3).
    pub checks_not_counted: u32,
    /// Rounds that count for the claimant: the moves that count, two to a round.
    pub counted_rounds: u32,
    /// Rounds the limit asks for.
    pub required: u32,
    /// Whether the claim is true (→ draw) or not (→ foul and five minutes, 23.3).
    pub valid: bool,
}

impl NaturalLimit {
    /// Judge `claimant`'s claim on `count` (23.3).
    pub fn judge(&self, count: &NoCaptureCount, claimant: Color) -> ClaimFinding {
        let rounds = count.plies / 2;
        let checks = count.checks_by(claimant);
        let checks_not_counted = self.check_cap.map_or(0, |cap| checks.saturating_sub(cap));
        let counted_rounds = count.plies.saturating_sub(checks_not_counted) / 2;
        ClaimFinding {
            rounds,
            checks_not_counted,
            counted_rounds,
            required: self.rounds,
            valid: counted_rounds >= self.rounds,
        }
    }

    /// The sides whose claim on `count` would be true, Red first. A limit of zero rounds is
    /// never reached.
    pub fn claimants(&self, count: &NoCaptureCount) -> Vec<Color> {
        if self.rounds == 0 {
            return Vec::new();
        }
        [Color::Red, Color::Black]
            .into_iter()
            .filter(|&c| self.judge(count, c).valid)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(iccs: &str) -> Vec<Move> {
        iccs.split_whitespace()
            .map(|m| Move::parse_iccs(m).unwrap())
            .collect()
    }

    #[test]
    fn counts_plies_since_the_last_capture_and_checks() {
        // 2. e2e6 takes the soldier on e6: the count restarts there.
        let start = Position::startpos();
        let game = moves("h2e2 h9g7 e2e6 b9c7 b0c2 i9h9");
        let count = |n: usize| NoCaptureCount::from_game(&start, &game[..n]).unwrap();
        assert_eq!(count(2).plies, 2);
        assert_eq!(count(3), NoCaptureCount::default());
        assert_eq!(
            count(6),
            NoCaptureCount {
                plies: 3,
                red_checks: 0,
                black_checks: 0
            }
        );
    }

    #[test]
    fn checks_are_counted_for_the_side_that_gives_them() {
        // A lone chariot checks the black general on an open board.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        let count = NoCaptureCount::from_game(&start, &moves("a0a9 d9d8 a9a8 d8d9")).unwrap();
        assert_eq!(
            (count.plies, count.red_checks, count.black_checks),
            (4, 2, 0)
        );
    }

    #[test]
    fn illegal_moves_are_reported_with_their_number() {
        let err =
            NoCaptureCount::from_game(&Position::startpos(), &moves("h2e2 h9h7")).unwrap_err();
        assert_eq!(err.ply, 2);
    }

    #[test]
    fn art_4_2_4_and_23_3_sixty_rounds_make_the_claim_true() {
        // 4.2.4: 60 rounds = 120 plies without a capture.
        let rule = NaturalLimit::default();
        let count = |plies, red_checks| NoCaptureCount {
            plies,
            red_checks,
            black_checks: 0,
        };
        assert!(rule.judge(&count(120, 0), Color::Red).valid);
        assert!(!rule.judge(&count(119, 0), Color::Red).valid);
        // 23.3: of the claimant's checking moves at most ten 著 count. 12 checks in 122 plies
        // leave 120 moves that count: 60 rounds, the claim is true; in 121 plies it is not.
        let f = rule.judge(&count(122, 12), Color::Red);
        assert_eq!(
            (f.rounds, f.checks_not_counted, f.counted_rounds, f.valid),
            (61, 2, 60, true)
        );
        let f = rule.judge(&count(121, 12), Color::Red);
        assert_eq!((f.rounds, f.counted_rounds, f.valid), (60, 59, false));
        assert_eq!(rule.claimants(&count(121, 12)), vec![Color::Black]);
        // The other side's checks do not count against the claimant.
        assert!(rule.judge(&count(122, 12), Color::Black).valid);
        // The competition may lower the limit (4.2.4 "可根據比賽等級酌减").
        let lower = NaturalLimit {
            rounds: 40,
            check_cap: None,
        };
        assert!(lower.judge(&count(80, 30), Color::Red).valid);
        // A limit of no rounds is no limit.
        let none = NaturalLimit {
            rounds: 0,
            check_cap: None,
        };
        assert!(none.claimants(&count(80, 0)).is_empty());
    }
}
