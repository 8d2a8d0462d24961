//! A reviewed game as the window reads it from the record itself: the critical moments (the
//! main line's moves marked `?!`, `?` or `??`), each side's counts of them, its accuracy from
//! the tags, and the better line the review left beside a critical move. Nothing here runs an
//! engine; a game reopened from its file reads the same.

use crate::engine_client::Accuracy;
use crate::record::{Game, Mark, NodeId};
use crate::rules::Color;

/// The marks of a critical moment, lightest first.
pub const CRITICAL: [Mark; 3] = [Mark::Dubious, Mark::Mistake, Mark::Blunder];

/// Whether the move to `node` is a critical moment.
pub fn is_critical(game: &Game, node: NodeId) -> bool {
    game.mark(node).is_some_and(|m| CRITICAL.contains(&m))
}

/// The critical moments of the main line, in order.
pub fn critical_moments(game: &Game) -> Vec<NodeId> {
    game.main_line()
        .into_iter()
        .filter(|&n| is_critical(game, n))
        .collect()
}

/// The ply of the main line at `node`; for a node of a variation, the ply of the main-line
/// move its variation replaces.
fn main_line_ply(game: &Game, node: NodeId) -> usize {
    let mut ply = game.ply(node);
    let mut at = node;
    while !game.is_main_line(at) {
        ply = game.ply(at);
        match game.parent(at) {
            Some(parent) => at = parent,
            None => break,
        }
    }
    ply
}

/// The first critical moment after the move on the board (along the main line).
pub fn next_critical(game: &Game, cursor: NodeId) -> Option<NodeId> {
    let here = main_line_ply(game, cursor);
    critical_moments(game)
        .into_iter()
        .find(|&n| game.ply(n) > here)
}

/// The last critical moment before the move on the board (along the main line; from inside a
/// variation, the one it leaves the main line at counts too).
pub fn previous_critical(game: &Game, cursor: NodeId) -> Option<NodeId> {
    let here = main_line_ply(game, cursor);
    let on_main = game.is_main_line(cursor);
    critical_moments(game)
        .into_iter()
        .rev()
        .find(|&n| game.ply(n) < here || (!on_main && game.ply(n) == here))
}

/// The first move of the better line beside the critical move `node`: the first other move
/// from the same position (the review puts the engine's line there).
pub fn better_line(game: &Game, node: NodeId) -> Option<NodeId> {
    let parent = game.parent(node)?;
    game.children(parent).iter().copied().find(|&n| n != node)
}

/// What the window shows of one side's play.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SideReview {
    /// The accuracy kept in the game's tags, in percent.
    pub accuracy: Option<f64>,
    /// Its moves marked `?!`, `?`, `??`.
    pub counts: [usize; 3],
}

/// Each side's accuracy and counts, when the game carries a review (an accuracy tag).
pub fn summary(game: &Game) -> Option<[(Color, SideReview); 2]> {
    let accuracy = Accuracy::from_tags(game);
    if accuracy.red.is_none() && accuracy.black.is_none() {
        return None;
    }
    let first = game.start().side_to_move();
    let side = |color: Color| {
        let mut counts = [0; 3];
        for node in critical_moments(game) {
            let mover = if game.ply(node) % 2 == 1 {
                first
            } else {
                first.opponent()
            };
            if mover == color {
                if let Some(i) = game
                    .mark(node)
                    .and_then(|m| CRITICAL.iter().position(|&c| c == m))
                {
                    counts[i] += 1;
                }
            }
        }
        (
            color,
            SideReview {
                accuracy: accuracy.of(color),
                counts,
            },
        )
    };
    Some([side(Color::Red), side(Color::Black)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::TagKey;
    use crate::rules::{Move, Position};

    fn m(iccs: &str) -> Move {
        Move::parse_iccs(iccs).unwrap()
    }

    #[test]
    fn critical_moments_are_walked_both_ways_and_counted_by_side() {
        let mut game = Game::new(Position::startpos());
        let mut at = game.root();
        let mut line = Vec::new();
        for iccs in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] {
            at = game.play(at, m(iccs)).unwrap();
            line.push(at);
        }
        game.set_mark(line[1], Some(Mark::Mistake));
        game.set_mark(line[2], Some(Mark::Good));
        game.set_mark(line[4], Some(Mark::Blunder));
        let better = game.play(line[0], m("b9c7")).unwrap();
        assert_eq!(critical_moments(&game), vec![line[1], line[4]]);
        assert_eq!(next_critical(&game, game.root()), Some(line[1]));
        assert_eq!(next_critical(&game, line[1]), Some(line[4]));
        assert_eq!(next_critical(&game, line[4]), None);
        assert_eq!(previous_critical(&game, line[5]), Some(line[4]));
        assert_eq!(previous_critical(&game, line[4]), Some(line[1]));
        assert_eq!(previous_critical(&game, line[1]), None);
        // From the better line, which leaves the main line at the second move.
        assert_eq!(previous_critical(&game, better), Some(line[1]));
        assert_eq!(next_critical(&game, better), Some(line[4]));
        assert_eq!(better_line(&game, line[1]), Some(better));
        assert_eq!(better_line(&game, line[4]), None);

        assert_eq!(summary(&game), None, "no accuracy tag: not reviewed");
        game.tags_mut().set(TagKey::parse("RedAccuracy"), "71.5");
        let [(red, r), (black, b)] = summary(&game).unwrap();
        assert_eq!((red, black), (Color::Red, Color::Black));
        assert_eq!(r.accuracy, Some(71.5));
        assert_eq!(r.counts, [0, 0, 1]);
        assert_eq!(b.accuracy, None);
        assert_eq!(b.counts, [0, 1, 0]);
    }
}
