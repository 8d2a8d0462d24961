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
