//! What is asked of a search, and what comes back: lines with their scores, by `multipv`.

use std::time::Duration;

use super::score::{Score, Wdl};
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
    pub score: Option<Score>,
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

/// The best lines of a search, by rank.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lines {
    lines: Vec<SearchInfo>,
}

impl Lines {
    /// Take a report: a line with a score and moves replaces the line of its rank.
    pub fn update(&mut self, info: &SearchInfo) {
        if info.pv.is_empty() || info.score.is_none() || info.multipv == 0 {
            return;
        }
        let index = (info.multipv - 1) as usize;
        if self.lines.len() <= index {
            self.lines.resize(index + 1, SearchInfo::default());
        }
        self.lines[index] = info.clone();
    }

    /// The lines, best first (a rank not yet reported is left out).
    pub fn lines(&self) -> Vec<&SearchInfo> {
        self.lines.iter().filter(|l| !l.pv.is_empty()).collect()
    }

    /// The best line.
    pub fn best(&self) -> Option<&SearchInfo> {
        self.lines.first().filter(|l| !l.pv.is_empty())
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
