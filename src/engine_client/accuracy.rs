//! How accurately a side played, from the expected score each of its moves gave away.
//!
//! A score of `s` centipawns for the mover (clamped to ±[`LOSS_CLAMP`], a mate at the clamp) is
//! an expected score — the share of the points the mover would take — of
//!
//! ```text
//! E(s) = 1 / (1 + 10^(-s / 400))
//! ```
//!
//! (the Elo curve with 400 centipawns for 10-to-1 odds: E(0) = 0.5, E(400) = 10/11). A move
//! that lost `loss` centipawns against the engine's best from a position worth `best` to its
//! mover gave away
//!
//! ```text
//! L = E(best) - E(best - loss)          (0 when the best move was played)
//! ```
//!
//! and its accuracy is `100 · exp(-4 · L)` percent: 100 for the best move, about 75 for a move
//! that turns an even position into half a soldier down, under 20 for one that throws away a
//! chariot's lead. A side's accuracy is the mean of its moves' accuracies.
//!
//! A reviewed game keeps the figures in its tags, `[RedAccuracy "87.3"]` and
//! `[BlackAccuracy "79.1"]` (percent, one decimal), so it shows them again without an engine.

use super::analysis::{MoveReview, LOSS_CLAMP};
use crate::record::{Game, TagKey};
use crate::rules::Color;

/// The tag that keeps Red's accuracy.
pub const RED_ACCURACY_TAG: &str = "RedAccuracy";
/// The tag that keeps Black's accuracy.
pub const BLACK_ACCURACY_TAG: &str = "BlackAccuracy";

/// Centipawns for 10-to-1 odds in [`expected_score`].
const ODDS_SCALE: f64 = 400.0;

/// How steeply a move's accuracy falls with the expected score it gave away.
const STEEPNESS: f64 = 4.0;

/// The expected score (0 to 1) of the mover in a position worth `centipawns` to it.
pub fn expected_score(centipawns: i32) -> f64 {
    let s = f64::from(centipawns.clamp(-LOSS_CLAMP, LOSS_CLAMP));
    1.0 / (1.0 + 10f64.powf(-s / ODDS_SCALE))
}

/// The expected score a move gave away: its mover's position was worth `best` centipawns
/// (the engine's best), the move played `loss` centipawns less.
pub fn expected_loss(best: i32, loss: i32) -> f64 {
    (expected_score(best) - expected_score(best.saturating_sub(loss.max(0)))).max(0.0)
}

/// A move's accuracy in percent, from the expected score it gave away.
pub fn move_accuracy(expected_loss: f64) -> f64 {
    100.0 * (-STEEPNESS * expected_loss).exp()
}

/// The accuracy of each side over the reviewed moves of a line whose first move is
/// `first_mover`'s: the mean of its moves' accuracies, `None` for a side with no move.
pub fn accuracy(reviews: &[MoveReview], first_mover: Color) -> Accuracy {
    let side = |color: Color| {
        let own: Vec<f64> = reviews
            .iter()
            .filter(|r| mover_of(r.ply, first_mover) == color)
            .map(|r| move_accuracy(expected_loss(r.best_cp, r.loss)))
            .collect();
        (!own.is_empty()).then(|| own.iter().sum::<f64>() / own.len() as f64)
    };
    Accuracy {
        red: side(Color::Red),
        black: side(Color::Black),
    }
}

/// The side that makes move `ply` (from 1) of a line whose first move is `first_mover`'s.
pub fn mover_of(ply: usize, first_mover: Color) -> Color {
    if ply % 2 == 1 {
        first_mover
    } else {
        first_mover.opponent()
    }
}

/// Each side's accuracy in percent.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Accuracy {
    /// Red's, if Red moved.
    pub red: Option<f64>,
    /// Black's, if Black moved.
    pub black: Option<f64>,
}

impl Accuracy {
    /// The side's accuracy.
    pub fn of(&self, color: Color) -> Option<f64> {
        match color {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }

    /// The figures kept in `game`'s tags (a tag missing or not a number gives `None`).
    pub fn from_tags(game: &Game) -> Accuracy {
        let read = |name: &str| {
            game.tags()
                .get(&TagKey::parse(name))
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|v| (0.0..=100.0).contains(v))
        };
        Accuracy {
            red: read(RED_ACCURACY_TAG),
            black: read(BLACK_ACCURACY_TAG),
        }
    }

    /// Keep the figures in `game`'s tags (a side without a figure loses its tag).
    pub fn write_tags(&self, game: &mut Game) {
        for (name, value) in [
            (RED_ACCURACY_TAG, self.red),
            (BLACK_ACCURACY_TAG, self.black),
        ] {
            let key = TagKey::parse(name);
            match value {
                Some(v) => game.tags_mut().set(key, format!("{v:.1}")),
                None => {
                    game.tags_mut().remove(&key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::{BoundedScore, Value};
    use crate::rules::Move;

    fn review(ply: usize, best_cp: i32, loss: i32) -> MoveReview {
        MoveReview {
            ply,
            mv: Move::parse_iccs("h2e2").unwrap(),
            eval: BoundedScore::exact(Value::Centipawns(0)).for_red(Color::Red),
            loss,
            best_cp,
            mark: None,
            best_line: Vec::new(),
            best_eval: None,
        }
    }

    #[test]
    fn expected_scores_follow_the_elo_curve() {
        assert_eq!(expected_score(0), 0.5);
        assert!((expected_score(400) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-400) - 1.0 / 11.0).abs() < 1e-12);
        assert_eq!(
            expected_score(30_000),
            expected_score(LOSS_CLAMP),
            "a mate counts as the clamp"
        );
    }

    #[test]
    fn accuracy_matches_a_hand_computation() {
        // Red: the best move from +0.40 (accuracy 100), then from +4.00 a move 400 worse:
        // E(400) = 10/11 = 0.909091, E(0) = 0.5, L = 0.409091, 100·e^(-1.636364) = 19.4687.
        // Mean (100 + 19.4687) / 2 = 59.7343.
        // Black: from -0.50 a move 50 worse: E(-50) = 1/(1 + 10^0.125) = 0.428537,
        // E(-100) = 1/(1 + 10^0.25) = 0.359935, L = 0.068602, 100·e^(-0.274408) = 76.0022.
        let reviews = vec![review(1, 40, 0), review(2, -50, 50), review(3, 400, 400)];
        let a = accuracy(&reviews, Color::Red);
        let red = a.red.unwrap();
        let black = a.black.unwrap();
        assert!((red - 59.7343).abs() < 1e-3, "red {red}");
        assert!((black - 76.0022).abs() < 1e-3, "black {black}");
        assert_eq!(a.of(Color::Red), a.red);
    }

    #[test]
    fn black_first_and_a_side_without_moves() {
        let a = accuracy(&[review(1, 0, 0)], Color::Black);
        assert_eq!(a.black, Some(100.0));
        assert_eq!(a.red, None);
        assert_eq!(
            move_accuracy(expected_loss(100, -30)),
            100.0,
            "no gain counts"
        );
    }

    #[test]
    fn the_figures_go_into_the_tags_and_back() {
        let mut game = Game::new(crate::rules::Position::startpos());
        Accuracy {
            red: Some(87.26),
            black: Some(100.0),
        }
        .write_tags(&mut game);
        assert_eq!(game.tags().get(&TagKey::parse("RedAccuracy")), Some("87.3"));
        assert_eq!(
            Accuracy::from_tags(&game),
            Accuracy {
                red: Some(87.3),
                black: Some(100.0)
            }
        );
        game.tags_mut()
            .set(TagKey::parse(BLACK_ACCURACY_TAG), "much");
        assert_eq!(Accuracy::from_tags(&game).black, None);
    }
}
