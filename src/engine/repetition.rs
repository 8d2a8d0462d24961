//! Repetitions and the natural limit as the referee rules them, for the search.
//!
//! When the search reaches a position that stood on the board before (in the game or along
//! the line searched), the moves in between are a cycle (循環, 25.1). Each move is classified
//! by the referee ([`Referee::character`]: check, mate threat, chase, idle) and the cycle
//! judged by the referee's own rules ([`Referee::judge_cycle`]): a draw (24.2, 26.2, 26.3),
//! a loss (24.1, 26.1; under the Asian rules perpetual check or chase), or a side that must
//! vary (24.3, 26.4). When that verdict counts — at once, or only on the third occurrence as
//! the referee rules — is the search's to say ([`crate::referee::CycleVerdict::ruling_at`]).
//! Classifying is costly, so characters are cached by position and move, verdicts by the
//! cycle.

use std::collections::HashMap;

use crate::referee::NoCaptureCount;
use crate::referee::{CycleVerdict, MoveCharacter, Referee, RuleSet};
use crate::rules::{Move, Position};

/// Entries kept before a cache is cleared.
const CACHE_LIMIT: usize = 1 << 16;

/// The referee's rulings as the search needs them.
pub(crate) struct RuleJudge {
    referee: Referee,
    characters: HashMap<u64, MoveCharacter>,
    verdicts: HashMap<u64, Option<CycleVerdict>>,
}

/// A key for a move played in a position.
#[inline]
pub(crate) fn move_key(hash: u64, mv: Move) -> u64 {
    let code = (mv.from.index() as u64) << 7 | mv.to.index() as u64;
    hash ^ code.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
}

impl RuleJudge {
    /// A judge for `rules` with the natural limit of 4.2.4.
    pub fn new(rules: RuleSet) -> RuleJudge {
        RuleJudge {
            referee: Referee::new(rules),
            characters: HashMap::new(),
            verdicts: HashMap::new(),
        }
    }

    /// Whether the natural limit is reached (4.2.4, 23.3): the count as for a claim by either
    /// side, exactly as the referee reads it.
    #[inline]
    pub fn natural_limit(&self, count: &NoCaptureCount) -> bool {
        // Quick test first: no claim can be true before 60 rounds of plies have passed.
        count.plies >= 2 * self.referee.natural_limit.rounds
            && self.referee.natural_limit.rounds > 0
            && !self.referee.natural_limit.claimants(count).is_empty()
    }

    /// The referee's verdict on the cycle `moves` played from `start` (back to it), or `None`
    /// when a move is not legal (not a cycle of this game). `key` identifies the cycle for the
    /// cache.
    pub fn cycle_verdict(
        &mut self,
        start: &Position,
        moves: &[Move],
        key: u64,
    ) -> Option<CycleVerdict> {
        if let Some(known) = self.verdicts.get(&key) {
            return known.clone();
        }
        let verdict = self.judge(start, moves);
        if self.verdicts.len() >= CACHE_LIMIT {
            self.verdicts.clear();
        }
        self.verdicts.insert(key, verdict.clone());
        verdict
    }

    fn judge(&mut self, start: &Position, moves: &[Move]) -> Option<CycleVerdict> {
        let mut cycle = Vec::with_capacity(moves.len());
        let mut pos = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            let k = move_key(pos.hash(), mv);
            let character = match self.characters.get(&k) {
                Some(c) => MoveCharacter {
                    ply: i + 1,
                    ..c.clone()
                },
                None => {
                    let c = self.referee.character(&pos, mv, i + 1)?;
                    if self.characters.len() >= CACHE_LIMIT {
                        self.characters.clear();
                    }
                    self.characters.insert(k, c.clone());
                    c
                }
            };
            cycle.push(character);
            pos = pos.play(mv).ok()?;
        }
        Some(self.referee.judge_cycle(start, &mut cycle).verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn line(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| Move::parse_iccs(m).expect("ICCS move"))
            .collect()
    }

    #[test]
    fn perpetual_check_loses_under_both_rule_sets() {
        // 24.1, 26.1: the red chariot checks on every move, the black general steps back and
        // forth.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").expect("FEN");
        let cycle = line("a0a9 d9d8 a9a8 d8d9");
        for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
            let mut judge = RuleJudge::new(rules);
            let loser = |judge: &mut RuleJudge| {
                judge
                    .cycle_verdict(&start, &cycle, 1)
                    .expect("a legal cycle")
                    .loser()
            };
            assert_eq!(loser(&mut judge), Some(Color::Red));
            // The cached verdict is the same.
            assert_eq!(loser(&mut judge), Some(Color::Red));
        }
    }

    #[test]
    fn idle_against_idle_is_a_draw() {
        // The generals step to and fro (a lone chariot here would threaten mate, 28.2).
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1").expect("FEN");
        let cycle = line("f0f1 d9d8 f1f0 d8d9");
        let mut judge = RuleJudge::new(RuleSet::Cxa1999);
        let verdict = judge.cycle_verdict(&start, &cycle, 7);
        assert!(
            matches!(verdict, Some(CycleVerdict::Draw { .. })),
            "{verdict:?}"
        );
    }

    #[test]
    fn the_natural_limit_follows_the_claim_rules() {
        let judge = RuleJudge::new(RuleSet::Cxa1999);
        let count = |plies, red_checks| NoCaptureCount {
            plies,
            red_checks,
            black_checks: 0,
        };
        assert!(judge.natural_limit(&count(120, 0)));
        assert!(!judge.natural_limit(&count(119, 0)));
        // 23.3: Black's claim counts all 120 plies when only Red gave checks.
        assert!(judge.natural_limit(&count(121, 12)));
    }
}
