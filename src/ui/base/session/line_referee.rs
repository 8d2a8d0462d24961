//! The referee of the session: the line to the cursor judged step by step.

use crate::referee::{Judgement, Referee, RuleSet, Watch};
use crate::rules::{Move, Position};

/// The referee following the line to the cursor: a move added at its end costs one step of the
/// incremental [`Watch`], and a step back or forth along the line judged is looked up (a game of
/// many checks costs a mate search a ply, too much to spend again at every step); any other
/// change of the line judges it again from the start.
#[derive(Clone, Debug)]
pub(super) struct LineReferee {
    rules: RuleSet,
    start: Position,
    pub(super) line: Vec<Move>,
    watch: Watch,
    /// The judgement of each beginning of `line`, by its length (the first before any move).
    judged: Vec<Judgement>,
}

impl LineReferee {
    pub(super) fn new(rules: RuleSet, start: &Position) -> LineReferee {
        let mut watch = Referee::new(rules).watch(start);
        LineReferee {
            rules,
            start: start.clone(),
            line: Vec::new(),
            judged: vec![watch.judgement()],
            watch,
        }
    }

    /// The judgement of `moves` from `start` under `rules`.
    pub(super) fn judge(&mut self, rules: RuleSet, start: &Position, moves: &[Move]) -> Judgement {
        if rules != self.rules || *start != self.start || !self.holds_or_leads_to(moves) {
            *self = LineReferee::new(rules, start);
        }
        for &mv in &moves[self.line.len().min(moves.len())..] {
            self.line.push(mv);
            let judgement = self.watch.push(mv);
            self.judged.push(judgement);
        }
        // `judged` has an entry for every beginning of `line`, and `line` now begins with `moves`.
        self.judged[moves.len()].clone()
    }

    /// Whether `moves` begin the line judged, or go on from it.
    fn holds_or_leads_to(&self, moves: &[Move]) -> bool {
        self.line.starts_with(moves) || moves.starts_with(&self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Ruling;

    fn line(iccs: &str) -> Vec<Move> {
        iccs.split_whitespace()
            .map(|m| Move::parse_iccs(m).expect("test move is ICCS"))
            .collect()
    }

    /// 26.1: Red checks for ever and loses at the third occurrence; every step back and forth
    /// along the line gets the judgement of the line to there, looked up without judging again.
    #[test]
    fn steps_along_the_line_judged_are_looked_up_and_agree_with_a_fresh_judgement() {
        let start = Position::from_fen("4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1").expect("FEN");
        let rules = RuleSet::default();
        let moves = line("f4e4 e9f9 e4f4 f9e9 f4e4 e9f9 e4f4 f9e9");
        let mut referee = LineReferee::new(rules, &start);
        let end = referee.judge(rules, &start, &moves);
        assert!(end.ruling.as_ref().is_some_and(Ruling::is_final), "{end:?}");
        for length in (0..=moves.len()).rev().chain(0..=moves.len()) {
            let looked_up = referee.judge(rules, &start, &moves[..length]);
            let fresh = Referee::new(rules).judge(&start, &moves[..length]);
            assert_eq!(looked_up, fresh, "after {length} moves");
            assert_eq!(referee.line, moves, "the line is kept, not judged again");
        }
        // Another move after the fourth: a new line, judged from the start.
        let mut other = moves[..4].to_vec();
        other.extend(line("f4f5"));
        let judged = referee.judge(rules, &start, &other);
        assert_eq!(judged, Referee::new(rules).judge(&start, &other));
        assert_eq!(referee.line, other);
        assert!(judged.ruling.is_none(), "{judged:?}");
    }
}
