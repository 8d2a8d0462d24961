//! What is asked of a search, and what comes back: lines with their scores, by `multipv`.

use std::time::Duration;

use super::score::{Bound, BoundedScore, Wdl};
use crate::rules::{Move, Position};

/// How long to search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// To this depth.
    Depth(u32),
    /// For this time.
    MoveTime(Duration),
    /// This many nodes.
    Nodes(u64),
    /// On the clocks (art. 6): time left, increments, and moves due in the period.
    Clock {
        /// Red's time left.
        red: Duration,
        /// Black's time left.
        black: Duration,
        /// Red's increment per move.
        red_increment: Duration,
        /// Black's increment per move.
        black_increment: Duration,
        /// Moves the side to move still owes in its period (`None`: sudden death).
        moves_to_go: Option<u32>,
    },
    /// Until told to stop.
    Infinite,
}

/// A search to run: the game so far and how long.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchRequest {
    /// The game's start position.
    pub start: Position,
    /// The moves played from it; the search is of the position after them.
    pub moves: Vec<Move>,
    /// The limit.
    pub limit: Limit,
    /// Moves the engine must not play (a repetition the rules forbid, 24.3).
    pub banned: Vec<Move>,
}

impl SearchRequest {
    /// A search of the position after `moves` from `start`.
    pub fn new(start: Position, moves: Vec<Move>, limit: Limit) -> SearchRequest {
        SearchRequest {
            start,
            moves,
            limit,
            banned: Vec::new(),
        }
    }
}

/// Which search a message is about (searches are numbered as they are started).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SearchId(pub u64);

/// One `info` report, its moves read and checked against the position searched.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchInfo {
    /// Nominal depth.
    pub depth: Option<u32>,
    /// Selective depth.
    pub seldepth: Option<u32>,
    /// The line's rank, 1 for the best.
    pub multipv: u32,
    /// The score, from the side to move.
    pub score: Option<BoundedScore>,
    /// Winning, drawing and losing chances of the side to move.
    pub wdl: Option<Wdl>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds searched.
    pub time_ms: Option<u64>,
    /// The line: its legal moves, up to the first the engine wrote that is not legal.
    pub pv: Vec<Move>,
    /// The root move being searched.
    pub currmove: Option<Move>,
    /// `info string` text.
    pub string: Option<String>,
}

/// The best lines of a search: the latest report of each rank (`multipv`), kept best first for
/// the side to move, and the latest with an exact score of each rank (a bound, from a fail high
/// or low, is never taken for the score itself).
///
/// The ranks are reported one after another, each at its own depth, so a line the engine ranked
/// second may score above the first until the first is reported again: the lines are ordered
/// by their scores as they come, ties left in the engine's order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lines {
    /// Best first for the side to move; ties by rank.
    lines: Vec<SearchInfo>,
    /// By rank (rank 1 first).
    exact: Vec<Option<SearchInfo>>,
}

impl Lines {
    /// Take a report: a line with a score and moves replaces the line of its rank, and takes
    /// its place by its score.
    pub fn update(&mut self, info: &SearchInfo) {
        let Some(score) = info
            .score
            .filter(|_| !info.pv.is_empty() && info.multipv > 0)
        else {
            return;
        };
        match self.lines.iter_mut().find(|l| l.multipv == info.multipv) {
            Some(line) => *line = info.clone(),
            None => self.lines.push(info.clone()),
        }
        // Sorted by the score from the side to move, then by rank: `update` keeps only lines
        // with a score, so the key is never the missing one.
        self.lines.sort_by_key(|l| {
            let centipawns = l.score.map_or(i32::MIN, |s| s.value.centipawns());
            (std::cmp::Reverse(centipawns), l.multipv)
        });
        let index = (info.multipv - 1) as usize;
        if self.exact.len() <= index {
            self.exact.resize(index + 1, None);
        }
        if score.bound == Bound::Exact {
            self.exact[index] = Some(info.clone());
        }
    }

    /// The engine's first line with an exact score: its latest, or the best line if none was
    /// exact.
    pub fn best_exact(&self) -> Option<&SearchInfo> {
        self.exact
            .first()
            .and_then(Option::as_ref)
            .or_else(|| self.best())
    }

    /// The lines, best first for the side to move.
    pub fn lines(&self) -> Vec<&SearchInfo> {
        self.lines.iter().collect()
    }

    /// The best line: the one that scores highest for the side to move.
    pub fn best(&self) -> Option<&SearchInfo> {
        self.lines.first()
    }

    /// The line that starts with `mv`, if one does.
    pub fn starting_with(&self, mv: Move) -> Option<&SearchInfo> {
        self.lines.iter().find(|l| l.pv.first() == Some(&mv))
    }
}

/// What a finished search gives.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchOutcome {
    /// The move chosen (`None`: the engine gave none).
    pub best: Option<Move>,
    /// The reply it expects.
    pub ponder: Option<Move>,
    /// The engine's text for its move when that was not a legal move.
    pub unreadable: Option<String>,
    /// The lines at the end of the search.
    pub lines: Lines,
    /// How long the search took.
    pub elapsed: Duration,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::Value;

    fn info(multipv: u32, depth: u32, cp: i32, bound: Bound, first: &str) -> SearchInfo {
        SearchInfo {
            depth: Some(depth),
            multipv,
            score: Some(BoundedScore {
                value: Value::Centipawns(cp),
                bound,
            }),
            pv: vec![Move::parse_iccs(first).unwrap()],
            ..SearchInfo::default()
        }
    }

    #[test]
    fn lines_are_kept_by_rank_and_bounds_never_replace_the_exact_score() {
        let mut lines = Lines::default();
        lines.update(&info(1, 5, 30, Bound::Exact, "h2e2"));
        lines.update(&info(2, 5, 10, Bound::Exact, "b2e2"));
        lines.update(&info(1, 6, 80, Bound::Lower, "h2e2"));
        lines.update(&SearchInfo {
            multipv: 3,
            ..SearchInfo::default()
        });
        assert_eq!(lines.lines().len(), 2, "a report without moves is no line");
        assert_eq!(lines.best().unwrap().depth, Some(6));
        assert_eq!(lines.best_exact().unwrap().depth, Some(5));
        let b2e2 = Move::parse_iccs("b2e2").unwrap();
        assert_eq!(lines.starting_with(b2e2).unwrap().multipv, 2);
    }

    /// The engine's ranks reported at different depths: the second line, reported last, scores
    /// above the first; it is shown first, and lines that score the same keep the engine's order.
    #[test]
    fn lines_are_best_first_for_the_side_to_move_and_ties_keep_the_engine_s_order() {
        let first =
            |lines: &Lines| -> Vec<u32> { lines.lines().iter().map(|l| l.multipv).collect() };
        let mut lines = Lines::default();
        lines.update(&info(1, 12, 444, Bound::Exact, "h2e2"));
        lines.update(&info(2, 12, 445, Bound::Exact, "b2e2"));
        lines.update(&info(3, 12, 120, Bound::Exact, "h0g2"));
        assert_eq!(first(&lines), [2, 1, 3], "+4.45 above +4.44");
        assert_eq!(lines.best().unwrap().multipv, 2);
        // The first line again, deeper and better: back on top.
        lines.update(&info(1, 13, 460, Bound::Exact, "h2e2"));
        assert_eq!(first(&lines), [1, 2, 3]);
        // Ties keep the engine's order, whichever was reported last.
        lines.update(&info(3, 13, 445, Bound::Exact, "h0g2"));
        lines.update(&info(2, 13, 445, Bound::Exact, "b2e2"));
        assert_eq!(first(&lines), [1, 2, 3]);
        // A mate is above any number of centipawns; being mated below.
        let mut mate = info(3, 13, 0, Bound::Exact, "h0g2");
        mate.score = Some(BoundedScore::exact(Value::mate_in(5)));
        lines.update(&mate);
        assert_eq!(first(&lines), [3, 1, 2]);
        mate.score = Some(BoundedScore::exact(Value::mate_in(-5)));
        lines.update(&mate);
        assert_eq!(first(&lines), [1, 2, 3]);
        assert_eq!(lines.best_exact().unwrap().multipv, 1);
    }
}
