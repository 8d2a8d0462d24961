//! The natural move limit (自然限著, 4.2.4) and the check of a claim (23.3).
//!
//! 4.2.4: a draw when in 60 consecutive rounds (the competition may set fewer) neither side has
//! captured. When counting for a claimant, its checks count at most ten times (the team's reading,
//! as in later editions and in engines): each further check by the claimant removes a round from
//! the count.

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
            if capture {
                count = NoCaptureCount::default();
                continue;
            }
            count.plies += 1;
            if pos.in_check() {
                match mover {
                    Color::Red => count.red_checks += 1,
                    Color::Black => count.black_checks += 1,
                }
            }
        }
        Ok(count)
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
    /// Checks of the claimant beyond the cap, each taken off the count.
    pub checks_not_counted: u32,
    /// Rounds that count for the claimant.
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
        let counted_rounds = rounds.saturating_sub(checks_not_counted);
        ClaimFinding {
            rounds,
            checks_not_counted,
            counted_rounds,
            required: self.rounds,
            valid: counted_rounds >= self.rounds,
        }
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
    fn sixty_rounds_make_the_claim_true() {
        // 4.2.4: 60 rounds = 120 plies without a capture.
        let rule = NaturalLimit::default();
        let count = |plies, red_checks| NoCaptureCount {
            plies,
            red_checks,
            black_checks: 0,
        };
        assert!(rule.judge(&count(120, 0), Color::Red).valid);
        assert!(!rule.judge(&count(119, 0), Color::Red).valid);
        // The claimant's checks count at most ten times: 12 checks take two rounds off.
        let f = rule.judge(&count(122, 12), Color::Red);
        assert_eq!(
            (f.rounds, f.checks_not_counted, f.counted_rounds, f.valid),
            (61, 2, 59, false)
        );
        // The other side's checks do not count against the claimant.
        assert!(rule.judge(&count(122, 12), Color::Black).valid);
        // The competition may lower the limit (4.2.4 "可根據比賽等級酌减").
        let lower = NaturalLimit {
            rounds: 40,
            check_cap: None,
        };
        assert!(lower.judge(&count(80, 30), Color::Red).valid);
    }
}
