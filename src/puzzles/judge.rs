//! Whether a move other than the solution's is as good, by the built-in engine: for a mate,
//! when the engine proves a mate at least as short; otherwise when its score is within
//! [`SCORE_MARGIN`] of the solution's. The reply the solution then continues with is the
//! engine's.

use crate::engine::{Control, Engine, Limits, Line, Score};
use crate::rules::Move;

/// How far below the solution's score (centipawns, for the solver) a move may score and still
/// be accepted, where the solution is not a mate.
pub const SCORE_MARGIN: i32 = 50;

/// Searches of a move stop after about this many nodes, whatever the depth asked.
pub(super) const NODE_CAP: u64 = 3_000_000;

/// Plies searched after a move where the solution is not a mate.
const SCORE_DEPTH: u32 = 7;

/// What the solver has to do from the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Mate in at most this many of the solver's moves (this one included).
    Mate(u32),
    /// Keep the score: as good as the expected move, within [`SCORE_MARGIN`].
    Score,
}

/// A move tried where the solver is to move.
#[derive(Clone, Debug)]
pub struct Trial {
    /// The line to the position the solver moves in (from the puzzle's start: the engine
    /// judges repetitions by it).
    pub line: Line,
    /// The move tried.
    pub tried: Move,
    /// The solution's move there (`None` once the solution has been left for the engine's).
    pub expected: Option<Move>,
    /// What the solver has to do.
    pub goal: Goal,
}

/// The engine's verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// As good: the opponent replies with `reply` (`None`: the game is over, the tried move
    /// mated).
    Accepted {
        /// The opponent's reply, the engine's best.
        reply: Option<Move>,
        /// The solver's move after it in the engine's line (the solution from there on).
        next: Option<Move>,
    },
    /// Not as good.
    Refused,
}

/// A score as one number for the solver, mates beyond any centipawns (a quicker mate higher).
pub(super) fn value(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// The position after `mv` searched for the opponent: its best reply, the solver's move after
/// it, and the score for the solver; `None` when the search was stopped before an iteration finished. A move that ends
/// the game (the opponent has no move) scores a mate in one.
pub(super) fn after(
    engine: &mut Engine,
    line: &Line,
    mv: Move,
    depth: u32,
    control: &Control,
) -> Option<(Option<Move>, Option<Move>, Score)> {
    let mut moves = line.moves().to_vec();
    moves.push(mv);
    let next = Line::new(line.start().clone(), moves).ok()?;
    if next.position().legal_moves().is_empty() {
        return Some((None, None, Score::Mate(1)));
    }
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(NODE_CAP),
        ..Limits::default()
    };
    let outcome = engine.think(&next, &limits, control, &mut |_| {});
    let score = match outcome.score? {
        // The opponent is mated in n of the solver's moves after this one.
        Score::Mate(n) if n < 0 => Score::Mate(1 - n),
        Score::Mate(n) => Score::Mate(-n),
        Score::Centipawns(cp) => Score::Centipawns(-cp),
    };
    Some((outcome.best, outcome.ponder, score))
}

/// Judge `trial` with `engine`; `None` when `control` stopped it first. An illegal move is
/// refused.
pub fn judge(engine: &mut Engine, trial: &Trial, control: &Control) -> Option<Verdict> {
    if trial.line.position().play(trial.tried).is_err() {
        return Some(Verdict::Refused);
    }
    match trial.goal {
        Goal::Mate(moves) => {
            let depth = 2 * moves + 1;
            let (reply, next, score) = after(engine, &trial.line, trial.tried, depth, control)?;
            let mates = matches!(score, Score::Mate(n) if n > 0 && n.unsigned_abs() <= moves);
            Some(if mates {
                Verdict::Accepted { reply, next }
            } else {
                Verdict::Refused
            })
        }
        Goal::Score => {
            let (reply, next, score) =
                after(engine, &trial.line, trial.tried, SCORE_DEPTH, control)?;
            let target = match trial.expected {
                Some(mv) => after(engine, &trial.line, mv, SCORE_DEPTH, control)?.2,
                None => {
                    let limits = Limits {
                        depth: Some(SCORE_DEPTH + 1),
                        nodes: Some(NODE_CAP),
                        ..Limits::default()
                    };
                    engine
                        .think(&trial.line, &limits, control, &mut |_| {})
                        .score?
                }
            };
            Some(if value(score) >= value(target) - SCORE_MARGIN {
                Verdict::Accepted { reply, next }
            } else {
                Verdict::Refused
            })
        }
    }
}
