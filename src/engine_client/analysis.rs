//! A whole game analysed move by move: each position of the main line searched, each move's
//! evaluation (Red's side), how much it lost against the engine's best, a mark where the loss
//! passes a threshold, and the best line where the move played was not it. The same work feeds
//! `qipu analyse` and the app's evaluation graph.
//!
//! The positions are searched by an [`EnginePool`], several at once, each from a fresh start:
//! under a node budget ([`Limit::review`]) the same game gives the same review on every run.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::accuracy::accuracy;
use super::external_engine::{EngineError, ExternalEngine};
use super::pool::EnginePool;
use super::score::{BoundedScore, RedScore, Value};
use super::search::{Limit, Lines, SearchOutcome, SearchRequest};
use crate::record::{commands, Game, Mark, NodeId};
use crate::rules::{Move, Position, Status};

/// Nodes a review gives a position for each second of the time set per position: about what
/// the built-in engine searches in a second on one core of an ordinary computer.
pub const REVIEW_NODES_PER_SECOND: u64 = 1_000_000;

impl Limit {
    /// The search of a review that gives each position about `time` of one core: a node
    /// budget ([`REVIEW_NODES_PER_SECOND`]), which, unlike a time, gives the same result on
    /// every run.
    pub fn review(time: Duration) -> Limit {
        let nodes = time.as_millis() * u128::from(REVIEW_NODES_PER_SECOND) / 1000;
        Limit::Nodes(u64::try_from(nodes).unwrap_or(u64::MAX).max(1))
    }
}

/// Losses in centipawns from which a move is marked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Thresholds {
    /// `?!` from this loss.
    pub inaccuracy: i32,
    /// `?` from this loss.
    pub mistake: i32,
    /// `??` from this loss.
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            inaccuracy: 50,
            mistake: 100,
            blunder: 300,
        }
    }
}

impl Thresholds {
    /// The mark a loss deserves.
    pub fn mark(&self, loss: i32) -> Option<Mark> {
        if loss >= self.blunder {
            Some(Mark::Blunder)
        } else if loss >= self.mistake {
            Some(Mark::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Mark::Dubious)
        } else {
            None
        }
    }
}

/// Scores beyond this many centipawns count as this many when losses are measured: a won
/// position that stays won loses nothing that matters.
pub const LOSS_CLAMP: i32 = 1000;

/// How to analyse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AnalysisSettings {
    /// The search of each position.
    pub limit: Limit,
    /// Marks by loss.
    pub thresholds: Thresholds,
}

/// What the analysis says of one move of the main line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveReview {
    /// The move's number in the line, from 1.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The evaluation after the move, from Red's side.
    pub eval: RedScore,
    /// Centipawns the move lost against the engine's best (0 when it was the best).
    pub loss: i32,
    /// The position before the move, in centipawns for its mover (the engine's best, clamped
    /// to ±[`LOSS_CLAMP`]): with `loss`, the expected score the move gave away
    /// ([`super::accuracy`]).
    pub best_cp: i32,
    /// The mark the loss deserves.
    pub mark: Option<Mark>,
    /// The engine's best line from the position before, when it does not begin with the move.
    pub best_line: Vec<Move>,
    /// The evaluation after the best move, from Red's side, when `best_line` is given.
    pub best_eval: Option<RedScore>,
}

/// The search of one position: its score from the side to move and the lines.
struct Searched {
    score: BoundedScore,
    lines: Lines,
}

/// Analyse the line `moves` from `start`: every position is searched by `engines`, several
/// at once (a finished one is scored without an engine), then each move reviewed.
/// `progress(done, total)` is called as positions are done; setting `cancel` stops the work
/// (`Ok(None)`).
pub fn analyse_line(
    engines: &mut EnginePool,
    start: &Position,
    moves: &[Move],
    settings: &AnalysisSettings,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<Option<Vec<MoveReview>>, EngineError> {
    analyse_line_scored(engines, start, moves, &[], settings, progress, cancel)
}

/// [`analyse_line`], with the positions already scored elsewhere (a cloud database's moves)
/// left to that score: `scored[i]`, when given, holds the lines of the position after `i`
/// moves (each a move with its score from the side to move, best first), and the engines
/// search only the others. The same lines give the same review on every run.
pub fn analyse_line_scored(
    engines: &mut EnginePool,
    start: &Position,
    moves: &[Move],
    scored: &[Option<Lines>],
    settings: &AnalysisSettings,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<Option<Vec<MoveReview>>, EngineError> {
    let mut positions = vec![start.clone()];
    for (i, &mv) in moves.iter().enumerate() {
        let next = positions[i]
            .play(mv)
            .map_err(|_| EngineError::IllegalLine { ply: i + 1, mv })?;
        positions.push(next);
    }
    let total = positions.len();
    let known = |i: usize| {
        scored
            .get(i)
            .and_then(Option::as_ref)
            .filter(|l| l.best_exact().is_some())
    };
    let ongoing: Vec<usize> = (0..total)
        .filter(|&i| positions[i].status() == Status::Ongoing && known(i).is_none())
        .collect();
    let requests: Vec<SearchRequest> = ongoing
        .iter()
        .map(|&i| SearchRequest::new(start.clone(), moves[..i].to_vec(), settings.limit))
        .collect();
    let finished = total - requests.len();
    let mut done = |searched: usize| progress(finished + searched, total);
    let Some(outcomes) = engines.search_all(&requests, &mut done, cancel)? else {
        return Ok(None);
    };
    // Mated or stalemated positions are scored without an engine, those scored elsewhere by
    // their lines; the others by their search.
    let mut searched: Vec<Searched> = (0..total)
        .map(|i| match known(i) {
            Some(lines) if positions[i].status() == Status::Ongoing => {
                Searched::from_lines(lines.clone())
            }
            _ => Searched::lost(),
        })
        .collect();
    for (i, outcome) in ongoing.into_iter().zip(outcomes) {
        searched[i] = Searched::from(outcome);
    }
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let before = &searched[i];
        let after = &searched[i + 1];
        let mover = positions[i].side_to_move();
        let clamp = |cp: i32| cp.clamp(-LOSS_CLAMP, LOSS_CLAMP);
        let best = before.lines.best_exact();
        let best_move = best.and_then(|l| l.pv.first().copied());
        let played = before
            .lines
            .starting_with(mv)
            .and_then(|l| l.score)
            .unwrap_or(after.score.flipped());
        let best_cp = clamp(before.score.value.centipawns());
        let loss = if best_move == Some(mv) || best_move.is_none() {
            0
        } else {
            (best_cp - clamp(played.value.centipawns())).max(0)
        };
        let (best_line, best_eval) = match best {
            Some(line) if best_move != Some(mv) => {
                (line.pv.clone(), Some(before.score.for_red(mover)))
            }
            _ => (Vec::new(), None),
        };
        reviews.push(MoveReview {
            ply: i + 1,
            mv,
            eval: after.score.for_red(positions[i + 1].side_to_move()),
            loss,
            best_cp,
            mark: settings.thresholds.mark(loss),
            best_line,
            best_eval,
        });
    }
    Ok(Some(reviews))
}

impl From<SearchOutcome> for Searched {
    /// What a search found: its best exact line's score (0 when it gave none) and the lines.
    fn from(outcome: SearchOutcome) -> Searched {
        Searched::from_lines(outcome.lines)
    }
}

impl Searched {
    /// A position scored by `lines`: the best exact line's score (0 when there is none).
    fn from_lines(lines: Lines) -> Searched {
        let score = lines
            .best_exact()
            .and_then(|l| l.score)
            .unwrap_or(BoundedScore::exact(Value::Centipawns(0)));
        Searched { score, lines }
    }

    /// A position whose side to move is mated or stalemated: it has lost (4.1.1, 4.1.3).
    fn lost() -> Searched {
        Searched {
            score: BoundedScore::exact(Value::mate_in(0)),
            lines: Lines::default(),
        }
    }
}

/// Search `position`, reached by `moves` from `start`, on `engine`: its score from the side to
/// move and the lines; a finished position is scored without the engine.
fn search_position(
    engine: &mut ExternalEngine,
    start: &Position,
    moves: &[Move],
    position: &Position,
    limit: Limit,
) -> Result<Searched, EngineError> {
    Ok(match position.status() {
        Status::Ongoing => {
            let request = SearchRequest::new(start.clone(), moves.to_vec(), limit);
            // A restart is forgiven once per position.
            let outcome = match engine.search(&request) {
                Err(EngineError::Restarted { .. }) => engine.search(&request)?,
                other => other?,
            };
            Searched::from(outcome)
        }
        Status::Checkmate | Status::Stalemate => Searched::lost(),
    })
}

/// The evaluation, from Red's side, of the position after `moves` from `start`, as
/// [`analyse_line`] scores each position (a finished one without the engine): one point of an
/// evaluation graph.
pub fn evaluate_position(
    engine: &mut ExternalEngine,
    start: &Position,
    moves: &[Move],
    limit: Limit,
) -> Result<RedScore, EngineError> {
    let mut position = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        position = position
            .play(mv)
            .map_err(|_| EngineError::IllegalLine { ply: i + 1, mv })?;
    }
    let searched = search_position(engine, start, moves, &position, limit)?;
    Ok(searched.score.for_red(position.side_to_move()))
}

/// Which moves [`annotate`] gives the engine's best line as a variation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BestLines {
    /// Every move that was not the engine's best.
    All,
    /// Only the moves marked `?!`, `?` or `??` by the review.
    Marked,
}

/// Write the reviews into the main line of `game`: each move's `[%eval]` (replacing an older
/// one, the rest of the comment kept), its mark where it has none, the best line as a
/// variation where `best_lines` asks for it (its first move with its own `[%eval]`), and each
/// side's accuracy in the tags ([`crate::engine_client::Accuracy::write_tags`]).
pub fn annotate(game: &mut Game, reviews: &[MoveReview], best_lines: BestLines) {
    accuracy(reviews, game.start().side_to_move()).write_tags(game);
    let line: Vec<NodeId> = game.main_line();
    for review in reviews {
        let Some(&node) = line.get(review.ply - 1) else {
            break;
        };
        if game.move_of(node) != Some(review.mv) {
            break;
        }
        let comment = commands::set(game.comment(node), "eval", &review.eval.to_string());
        game.set_comment(node, comment);
        if game.mark(node).is_none() {
            game.set_mark(node, review.mark);
        }
        if best_lines == BestLines::Marked && review.mark.is_none() {
            continue;
        }
        let Some(parent) = game.parent(node) else {
            continue;
        };
        let mut at = parent;
        for (k, &mv) in review.best_line.iter().enumerate() {
            match game.play(at, mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
            if k == 0 {
                if let Some(eval) = review.best_eval {
                    let comment = commands::set(game.comment(at), "eval", &eval.to_string());
                    game.set_comment(at, comment);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_s_time_per_position_is_a_node_budget() {
        assert_eq!(
            Limit::review(Duration::from_millis(500)),
            Limit::Nodes(500_000)
        );
        assert_eq!(Limit::review(Duration::ZERO), Limit::Nodes(1));
    }

    #[test]
    fn thresholds_mark_by_loss() {
        let t = Thresholds::default();
        assert_eq!(t.mark(49), None);
        assert_eq!(t.mark(50), Some(Mark::Dubious));
        assert_eq!(t.mark(100), Some(Mark::Mistake));
        assert_eq!(t.mark(299), Some(Mark::Mistake));
        assert_eq!(t.mark(300), Some(Mark::Blunder));
    }

    #[test]
    fn annotations_go_on_the_main_line_and_the_best_line_becomes_a_variation() {
        let mut game = Game::new(Position::startpos());
        let m = |t: &str| Move::parse_iccs(t).unwrap();
        let first = game.play(game.root(), m("h2e2")).unwrap();
        game.set_comment(first, "中炮");
        let second = game.play(first, m("h9g7")).unwrap();
        let eval =
            |cp| BoundedScore::exact(Value::Centipawns(cp)).for_red(crate::rules::Color::Red);
        let reviews = vec![
            MoveReview {
                ply: 1,
                mv: m("h2e2"),
                eval: eval(40),
                loss: 0,
                best_cp: 40,
                mark: None,
                best_line: vec![],
                best_eval: None,
            },
            MoveReview {
                ply: 2,
                mv: m("h9g7"),
                eval: eval(160),
                loss: 120,
                best_cp: -40,
                mark: Some(Mark::Mistake),
                best_line: vec![m("b9c7"), m("h0g2")],
                best_eval: eval(30).into(),
            },
        ];
        annotate(&mut game, &reviews, BestLines::All);
        assert_eq!(game.comment(first), "[%eval 0.40] 中炮");
        assert_eq!(game.comment(second), "[%eval 1.60]");
        assert_eq!(game.mark(second), Some(Mark::Mistake));
        assert_eq!(
            game.main_line(),
            vec![first, second],
            "the main line is unchanged"
        );
        let variation = game.children(first)[1];
        assert_eq!(game.move_of(variation), Some(m("b9c7")));
        assert_eq!(game.comment(variation), "[%eval 0.30]");
        assert_eq!(game.move_of(game.children(variation)[0]), Some(m("h0g2")));
        // Analysing again replaces the evaluation instead of adding one.
        annotate(&mut game, &reviews, BestLines::All);
        assert_eq!(game.comment(first), "[%eval 0.40] 中炮");
        assert_eq!(game.children(first).len(), 2);
        // Red played the best move; Black's accuracy is that of a 120-centipawn loss from -0.40.
        let kept = crate::engine_client::Accuracy::from_tags(&game);
        assert_eq!(kept.red, Some(100.0));
        let black =
            crate::engine_client::move_accuracy(crate::engine_client::expected_loss(-40, 120));
        assert_eq!(kept.black, Some((black * 10.0).round() / 10.0));
        // Only the marked moves get their best line: the first move was the best anyway, and a
        // game annotated so has the same variation.
        let mut marked = Game::new(Position::startpos());
        let a = marked.play(marked.root(), m("h2e2")).unwrap();
        marked.play(a, m("h9g7")).unwrap();
        let mut unmarked = reviews.clone();
        unmarked[1].mark = None;
        annotate(&mut marked, &unmarked, BestLines::Marked);
        assert_eq!(marked.children(a).len(), 1, "no mark, no variation");
        annotate(&mut marked, &reviews, BestLines::Marked);
        assert_eq!(marked.children(a).len(), 2);
    }
}
