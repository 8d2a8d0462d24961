//! A reviewed game's mistakes turned into puzzles: each move of the chosen side that lost at
//! least a given number of centipawns becomes a game of its own, started from the position
//! before the move (the side to move solves), with the engine's better line as its main line
//! and the move played beside it as a variation, marked as the review marked it. The puzzle's
//! tags keep the players, the event and the date of the game, `SourcePly` (the move's number
//! in the game) and `Loss` (its centipawns, as the review measured it).

use super::analysis::{MoveReview, LOSS_CLAMP};
use super::score::RedScore;
use crate::record::{commands, Game, Mark, NodeId, TagKey};
use crate::rules::Color;

/// Which mistakes become puzzles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MistakeFilter {
    /// Only this side's moves (both sides' when `None`).
    pub side: Option<Color>,
    /// Only moves that lost at least this many centipawns.
    pub min_loss: i32,
}

/// The tag that keeps the number of the move in its game.
pub const SOURCE_PLY_TAG: &str = "SourcePly";
/// The tag that keeps the centipawns the move lost.
pub const LOSS_TAG: &str = "Loss";

/// A puzzle's start: the position before the move to `node` (move `ply` of the main line), with
/// the game's players, event and date and the `SourcePly` tag.
fn start_puzzle(game: &Game, node: NodeId, ply: usize) -> Game {
    let mut puzzle = Game::new(game.position_before(node).clone());
    for key in [
        TagKey::Event,
        TagKey::Site,
        TagKey::Date,
        TagKey::Round,
        TagKey::Red,
        TagKey::Black,
    ] {
        if let Some(value) = game.tags().get(&key) {
            puzzle.tags_mut().set(key, value);
        }
    }
    puzzle
        .tags_mut()
        .set(TagKey::parse(SOURCE_PLY_TAG), ply.to_string());
    puzzle
}

/// The centipawns the move to `played` lost against the move to `better` (both from the same
/// position, `mover`'s), read from the `[%eval]`s the review wrote after each, as the review
/// measures a loss ([`super::analyse_line`]): each score for the mover, clamped to
/// ±[`LOSS_CLAMP`]. `None` when either move has no evaluation (a mark set by hand).
fn loss_by_evals(game: &Game, played: NodeId, better: NodeId, mover: Color) -> Option<i32> {
    let for_mover = |node: NodeId| {
        let red = commands::get(game.comment(node), "eval").and_then(RedScore::parse)?;
        let cp = match mover {
            Color::Red => red.centipawns(),
            Color::Black => -red.centipawns(),
        };
        Some(cp.clamp(-LOSS_CLAMP, LOSS_CLAMP))
    };
    Some((for_mover(better)? - for_mover(played)?).max(0))
}

/// The puzzles of a game whose review is written in it (as the window's review writes it):
/// each main-line move of `side` marked `?` or `??` with another line beside it becomes a
/// puzzle whose solution is that line (the first other move from the same position, then its
/// first continuations, comments kept), the move played beside it with its mark, and the
/// centipawns it lost (tag `Loss`) where both moves carry the review's `[%eval]`.
pub fn puzzles_from_marks(game: &Game, side: Color) -> Vec<Game> {
    let mut puzzles = Vec::new();
    for (i, node) in game.main_line().into_iter().enumerate() {
        let mark = game.mark(node);
        if !matches!(mark, Some(Mark::Mistake | Mark::Blunder))
            || game.position_before(node).side_to_move() != side
        {
            continue;
        }
        let Some(parent) = game.parent(node) else {
            continue;
        };
        let Some(&better) = game.children(parent).iter().find(|&&n| n != node) else {
            continue;
        };
        let mut puzzle = start_puzzle(game, node, i + 1);
        if let Some(loss) = loss_by_evals(game, node, better, side) {
            puzzle
                .tags_mut()
                .set(TagKey::parse(LOSS_TAG), loss.to_string());
        }
        let mut at = puzzle.root();
        let mut from = Some(better);
        while let Some(source) = from {
            let Some(Ok(next)) = game.move_of(source).map(|mv| puzzle.play(at, mv)) else {
                break;
            };
            puzzle.set_comment(next, game.comment(source));
            at = next;
            from = game.children(source).first().copied();
        }
        if let Some(Ok(played)) = game.move_of(node).map(|mv| puzzle.play(puzzle.root(), mv)) {
            puzzle.set_mark(played, mark);
            puzzle.set_comment(played, game.comment(node));
        }
        puzzles.push(puzzle);
    }
    puzzles
}

/// The puzzles of `game`'s main line reviewed as `reviews` say, in the order of the game. A
/// review whose move is not the main line's (the game changed since) ends the list.
pub fn mistakes_as_puzzles(
    game: &Game,
    reviews: &[MoveReview],
    filter: &MistakeFilter,
) -> Vec<Game> {
    let line = game.main_line();
    let mut puzzles = Vec::new();
    for review in reviews {
        let Some(&node) = review.ply.checked_sub(1).and_then(|i| line.get(i)) else {
            break;
        };
        if game.move_of(node) != Some(review.mv) {
            break;
        }
        let mover = game.position_before(node).side_to_move();
        if review.loss < filter.min_loss
            || review.best_line.is_empty()
            || filter.side.is_some_and(|side| side != mover)
        {
            continue;
        }
        let mut puzzle = start_puzzle(game, node, review.ply);
        puzzle
            .tags_mut()
            .set(TagKey::parse(LOSS_TAG), review.loss.to_string());
        let mut at = puzzle.root();
        for (k, &mv) in review.best_line.iter().enumerate() {
            let Ok(next) = puzzle.play(at, mv) else {
                break;
            };
            if k == 0 {
                if let Some(eval) = review.best_eval {
                    let comment = commands::set("", "eval", &eval.to_string());
                    puzzle.set_comment(next, comment);
                }
            }
            at = next;
        }
        if puzzle.main_line().is_empty() {
            continue;
        }
        if let Ok(played) = puzzle.play(puzzle.root(), review.mv) {
            puzzle.set_mark(played, review.mark);
            let eval: RedScore = review.eval;
            puzzle.set_comment(played, commands::set("", "eval", &eval.to_string()));
        }
        puzzles.push(puzzle);
    }
    puzzles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::{BoundedScore, Value};
    use crate::rules::{Move, Position};

    fn m(iccs: &str) -> Move {
        Move::parse_iccs(iccs).unwrap()
    }

    fn review(ply: usize, mv: &str, loss: i32, best: &[&str]) -> MoveReview {
        let cp = |c| BoundedScore::exact(Value::Centipawns(c)).for_red(Color::Red);
        MoveReview {
            ply,
            mv: m(mv),
            eval: cp(-loss),
            loss,
            best_cp: 0,
            mark: crate::engine_client::Thresholds::default().mark(loss),
            best_line: best.iter().map(|t| m(t)).collect(),
            best_eval: Some(cp(0)),
        }
    }

    #[test]
    fn puzzles_from_the_review_s_marks_carry_the_loss_the_review_measured() {
        let mut game = Game::new(Position::startpos());
        let mut at = game.root();
        for iccs in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            at = game.play(at, m(iccs)).unwrap();
        }
        let mut reviews = vec![
            review(1, "h2e2", 0, &[]),
            review(2, "h9g7", 150, &["b9c7", "h0g2"]),
            review(3, "h0g2", 400, &["b0c2"]),
            review(4, "i9h9", 60, &["b9c7"]),
        ];
        // Black's slip is Red's gain: its evaluation, from Red's side, goes up.
        reviews[1].eval = BoundedScore::exact(Value::Centipawns(150)).for_red(Color::Red);
        crate::engine_client::annotate(
            &mut game,
            &reviews,
            crate::engine_client::BestLines::Marked,
        );
        let black = puzzles_from_marks(&game, Color::Black);
        assert_eq!(black.len(), 1, "the 60-centipawn slip is no mistake");
        assert_eq!(black[0].tags().get(&TagKey::parse(LOSS_TAG)), Some("150"));
        let red = puzzles_from_marks(&game, Color::Red);
        assert_eq!(red[0].tags().get(&TagKey::parse(LOSS_TAG)), Some("400"));
        // A mark set by hand, with no evaluation beside it, gives no loss.
        let mut by_hand = Game::new(Position::startpos());
        let first = by_hand.play(by_hand.root(), m("h2e2")).unwrap();
        by_hand.set_mark(first, Some(Mark::Mistake));
        by_hand.play(by_hand.root(), m("b2e2")).unwrap();
        let puzzles = puzzles_from_marks(&by_hand, Color::Red);
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].tags().get(&TagKey::parse(LOSS_TAG)), None);
    }

    #[test]
    fn each_side_s_mistakes_become_puzzles_from_the_position_before() {
        let mut game = Game::new(Position::startpos());
        game.tags_mut().set(TagKey::Red, "胡荣华");
        let mut at = game.root();
        for iccs in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            at = game.play(at, m(iccs)).unwrap();
        }
        let reviews = vec![
            review(1, "h2e2", 0, &[]),
            review(2, "h9g7", 150, &["b9c7", "h0g2"]),
            review(3, "h0g2", 400, &["b0c2"]),
            review(4, "i9h9", 60, &["b9c7"]),
        ];
        let all = MistakeFilter {
            side: None,
            min_loss: 100,
        };
        let puzzles = mistakes_as_puzzles(&game, &reviews, &all);
        assert_eq!(puzzles.len(), 2, "the 60-centipawn slip is below the floor");
        let black = &puzzles[0];
        assert_eq!(black.start().side_to_move(), Color::Black);
        assert_eq!(black.start(), game.position(game.main_line()[0]));
        assert_eq!(
            black.moves_to(black.main_line_end()),
            vec![m("b9c7"), m("h0g2")]
        );
        let played = black.children(black.root())[1];
        assert_eq!(black.move_of(played), Some(m("h9g7")));
        assert_eq!(black.mark(played), Some(Mark::Mistake));
        assert_eq!(black.tags().get(&TagKey::parse("SourcePly")), Some("2"));
        assert_eq!(black.tags().get(&TagKey::parse("Loss")), Some("150"));
        assert_eq!(black.tags().get(&TagKey::Red), Some("胡荣华"));
        let red_only = MistakeFilter {
            side: Some(Color::Red),
            min_loss: 50,
        };
        let puzzles = mistakes_as_puzzles(&game, &reviews, &red_only);
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].start().side_to_move(), Color::Red);
        assert_eq!(
            puzzles[0].tags().get(&TagKey::parse("SourcePly")),
            Some("3")
        );
    }
}
