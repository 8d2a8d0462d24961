//! Repetition cycles (循環反復): each side's pattern over the cycle (25.2) and the verdict
//! (24.1–24.3, 26.1–26.4), or the Asian rules' verdict.

use std::collections::HashSet;

use super::character::{Character, Exception, MoveCharacter};
use super::RuleSet;
use crate::rules::{Color, Position};

/// The name of a side's pattern over a cycle (25.2, 28.10–28.12).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum PatternName {
    /// 長將: every move a check.
    PerpetualCheck,
    /// 長殺: every move a mate threat.
    PerpetualMateThreat,
    /// 長捉: every move a chase.
    PerpetualChase,
    /// 一將一殺: checks and mate threats only.
    CheckAndMateThreat,
    /// 一將一捉: checks and chases only.
    CheckAndChase,
    /// 一殺一捉: mate threats and chases only.
    MateThreatAndChase,
    /// 將殺捉: all three, no idle move.
    AllAttacks,
    /// Some idle move (閑, 數將一閑 …): allowed.
    Allowed,
}

/// One side's moves over a cycle, counted by character.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SidePattern {
    /// The side.
    pub side: Color,
    /// Checks 將.
    pub checks: usize,
    /// Mate threats 殺.
    pub mate_threats: usize,
    /// Chases 捉.
    pub chases: usize,
    /// Idle moves 閑.
    pub idles: usize,
    /// The pattern's name.
    pub name: PatternName,
}

impl SidePattern {
    fn new(side: Color, moves: &[&MoveCharacter]) -> SidePattern {
        let count = |c: Character| moves.iter().filter(|m| m.character == c).count();
        let (checks, mate_threats, chases, idles) = (
            count(Character::Check),
            count(Character::MateThreat),
            count(Character::Chase),
            count(Character::Idle),
        );
        let name = match (idles > 0, checks > 0, mate_threats > 0, chases > 0) {
            (true, ..) | (false, false, false, false) => PatternName::Allowed,
            (false, true, false, false) => PatternName::PerpetualCheck,
            (false, false, true, false) => PatternName::PerpetualMateThreat,
            (false, false, false, true) => PatternName::PerpetualChase,
            (false, true, true, false) => PatternName::CheckAndMateThreat,
            (false, true, false, true) => PatternName::CheckAndChase,
            (false, false, true, true) => PatternName::MateThreatAndChase,
            (false, true, true, true) => PatternName::AllAttacks,
        };
        SidePattern {
            side,
            checks,
            mate_threats,
            chases,
            idles,
            name,
        }
    }

    /// Whether the pattern is forbidden (禁止著法, 25.2).
    pub fn forbidden(&self) -> bool {
        self.name != PatternName::Allowed
    }

    /// Whether it is perpetual check (長將, 28.10).
    pub fn perpetual_check(&self) -> bool {
        self.name == PatternName::PerpetualCheck
    }
}

/// What the referee decides about a cycle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CycleVerdict {
    /// No one must vary; the game is drawn when the position has come round three times.
    Draw {
        /// Articles applied.
        articles: Vec<&'static str>,
    },
    /// `side` has lost.
    Loses {
        /// The side that loses.
        side: Color,
        /// Articles applied.
        articles: Vec<&'static str>,
    },
    /// `side` plays forbidden moves against allowed ones and must vary (24.3, 26.4).
    MustVary {
        /// The side that must vary.
        side: Color,
        /// Articles applied.
        articles: Vec<&'static str>,
    },
}

/// How many times a position stands on the board before the referee rules on the cycle that
/// brought it back (循環反復三次: 4.2.3, 23.2, 24); at the time before, a warning.
pub const RULING_OCCURRENCE: usize = 3;

/// What the rules decide when a cycle's position stands on the board once more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RepetitionRuling {
    /// Nothing yet: play goes on (24: the referee rules on the third occurrence).
    Continues,
    /// The game is drawn (24.2, 26.2, 26.3).
    Draw,
    /// The side has lost (24.1, 26.1; 24.3, 26.4 when it repeats after being told to vary).
    Loses(Color),
    /// The side must vary now; play goes on (24.3, 26.4).
    MustVary(Color),
}

impl CycleVerdict {
    /// The articles applied.
    pub fn articles(&self) -> &[&'static str] {
        match self {
            CycleVerdict::Draw { articles }
            | CycleVerdict::Loses { articles, .. }
            | CycleVerdict::MustVary { articles, .. } => articles,
        }
    }

    /// The side that loses if the cycle goes on being repeated: the loser (24.1, 26.1), or the
    /// side that must vary and does not (24.3, 26.4); `None` when it is drawn (24.2).
    pub fn loser(&self) -> Option<Color> {
        match self {
            CycleVerdict::Draw { .. } => None,
            CycleVerdict::Loses { side, .. } | CycleVerdict::MustVary { side, .. } => Some(*side),
        }
    }

    /// What the verdict decides when the cycle's position stands on the board for the
    /// `occurrence`-th time: nothing before the [`RULING_OCCURRENCE`] (24), then the verdict;
    /// the side that must vary (24.3) loses when the position comes round once more.
    pub fn ruling_at(&self, occurrence: usize) -> RepetitionRuling {
        if occurrence < RULING_OCCURRENCE {
            return RepetitionRuling::Continues;
        }
        match self {
            CycleVerdict::Draw { .. } => RepetitionRuling::Draw,
            CycleVerdict::Loses { side, .. } => RepetitionRuling::Loses(*side),
            CycleVerdict::MustVary { side, .. } if occurrence > RULING_OCCURRENCE => {
                RepetitionRuling::Loses(*side)
            }
            CycleVerdict::MustVary { side, .. } => RepetitionRuling::MustVary(*side),
        }
    }
}

/// The judged cycle: the patterns of both sides and the verdict.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CycleJudgement {
    /// Red's pattern, then Black's.
    pub patterns: [SidePattern; 2],
    /// The verdict when the position has come round three times.
    pub verdict: CycleVerdict,
}

/// Judge a cycle whose moves, with their characters, are `moves` (oldest first), played from
/// `start`. Under CXA 1999 a soldier's lone threats count as chases when both sides attack on
/// every move (27.2, 細則 11); the characters are updated to say so.
pub fn judge_cycle(
    start: &Position,
    moves: &mut [MoveCharacter],
    rules: RuleSet,
) -> CycleJudgement {
    let pattern = |moves: &[MoveCharacter], side: Color| {
        let own: Vec<&MoveCharacter> = moves.iter().filter(|m| m.side == side).collect();
        SidePattern::new(side, &own)
    };
    if rules == RuleSet::Cxa1999 {
        let mut upgraded = moves.to_vec();
        for m in upgraded.iter_mut() {
            if m.character == Character::Idle && !m.soldier_targets.is_empty() {
                m.character = Character::Chase;
                m.targets = m.soldier_targets.clone();
                m.exceptions.retain(|e| *e != Exception::SoldierAlone);
                m.exceptions.push(Exception::SoldierInMutualAttack);
            }
        }
        let mutual = pattern(&upgraded, Color::Red).forbidden()
            && pattern(&upgraded, Color::Black).forbidden();
        if mutual && upgraded != moves {
            moves.clone_from_slice(&upgraded);
        }
    }
    let patterns = [pattern(moves, Color::Red), pattern(moves, Color::Black)];
    let verdict = match rules {
        RuleSet::Cxa1999 => cxa_verdict(&patterns),
        RuleSet::Asian => asian_verdict(start, moves, &patterns),
    };
    CycleJudgement { patterns, verdict }
}

fn cxa_verdict(patterns: &[SidePattern; 2]) -> CycleVerdict {
    let [red, black] = patterns;
    match (red.perpetual_check(), black.perpetual_check()) {
        (true, false) => {
            return CycleVerdict::Loses {
                side: Color::Red,
                articles: vec!["24.1", "26.1"],
            }
        }
        (false, true) => {
            return CycleVerdict::Loses {
                side: Color::Black,
                articles: vec!["24.1", "26.1"],
            }
        }
        _ => {}
    }
    match (red.forbidden(), black.forbidden()) {
        (true, true) => CycleVerdict::Draw {
            articles: vec!["24.2", "26.3"],
        },
        (false, false) => CycleVerdict::Draw {
            articles: vec!["24.2", "26.2"],
        },
        (true, false) => CycleVerdict::MustVary {
            side: Color::Red,
            articles: vec!["24.3", "26.4"],
        },
        (false, true) => CycleVerdict::MustVary {
            side: Color::Black,
            articles: vec!["24.3", "26.4"],
        },
    }
}

/// Asian rules as the engines implement them: perpetual check loses; otherwise perpetual chase
/// of the same piece (followed as it moves) on every move, checking moves included, loses;
/// otherwise a draw.
fn asian_verdict(
    start: &Position,
    moves: &[MoveCharacter],
    patterns: &[SidePattern; 2],
) -> CycleVerdict {
    let [red, black] = patterns;
    match (red.perpetual_check(), black.perpetual_check()) {
        (true, false) => {
            return CycleVerdict::Loses {
                side: Color::Red,
                articles: vec!["AXF perpetual check"],
            }
        }
        (false, true) => {
            return CycleVerdict::Loses {
                side: Color::Black,
                articles: vec!["AXF perpetual check"],
            }
        }
        (true, true) => {
            return CycleVerdict::Draw {
                articles: vec!["AXF mutual perpetual check"],
            }
        }
        _ => {}
    }
    let chasing = |side: Color| same_victim(start, moves, side);
    match (chasing(Color::Red), chasing(Color::Black)) {
        (true, false) => CycleVerdict::Loses {
            side: Color::Red,
            articles: vec!["AXF perpetual chase"],
        },
        (false, true) => CycleVerdict::Loses {
            side: Color::Black,
            articles: vec!["AXF perpetual chase"],
        },
        _ => CycleVerdict::Draw {
            articles: vec!["AXF repetition draw"],
        },
    }
}

/// Whether some enemy piece is a target of every move of `side` in the cycle, following each
/// piece as it moves.
fn same_victim(start: &Position, moves: &[MoveCharacter], side: Color) -> bool {
    // Identity of each piece: the index of the point it stood on at the start of the cycle.
    let mut ids: [Option<u8>; 90] = [None; 90];
    for (sq, _) in start.pieces() {
        ids[sq.index()] = Some(sq.index() as u8);
    }
    let mut common: Option<HashSet<u8>> = None;
    for m in moves {
        ids[m.mv.to.index()] = ids[m.mv.from.index()].take();
        if m.side != side {
            continue;
        }
        let victims: HashSet<u8> = m
            .chase_targets
            .iter()
            .filter_map(|t| ids[t.square.index()])
            .collect();
        common = Some(match common {
            None => victims,
            Some(c) => c.intersection(&victims).copied().collect(),
        });
    }
    common.is_some_and(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referee_rules_on_the_third_occurrence_and_the_side_that_must_vary_loses_on_the_fourth() {
        let draw = CycleVerdict::Draw {
            articles: vec!["24.2", "26.2"],
        };
        let check = CycleVerdict::Loses {
            side: Color::Black,
            articles: vec!["24.1", "26.1"],
        };
        let chase = CycleVerdict::MustVary {
            side: Color::Red,
            articles: vec!["24.3", "26.4"],
        };
        // 24: a position seen twice is not yet a ruling, whatever the cycle.
        for verdict in [&draw, &check, &chase] {
            assert_eq!(verdict.ruling_at(2), RepetitionRuling::Continues);
        }
        assert_eq!(draw.ruling_at(3), RepetitionRuling::Draw);
        assert_eq!(check.ruling_at(3), RepetitionRuling::Loses(Color::Black));
        assert_eq!(chase.ruling_at(3), RepetitionRuling::MustVary(Color::Red));
        assert_eq!(chase.ruling_at(4), RepetitionRuling::Loses(Color::Red));
        assert_eq!(draw.loser(), None);
        assert_eq!(chase.loser(), Some(Color::Red));
        assert_eq!(chase.articles(), ["24.3", "26.4"]);
    }
}
