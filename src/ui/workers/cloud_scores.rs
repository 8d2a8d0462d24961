//! The cloud database's scores in the engine's terms: a score (centipawns from the side to
//! move, 30000 less the plies for a win) as a [`Value`], and the cloud's moves in a position as
//! the lines a search would have given ([`Lines`]), so that a review takes them where the
//! cloud knows the position.

use crate::cloud::{plies_to_mate, ShownMove};
use crate::engine_client::{BoundedScore, Lines, SearchInfo, Value};
use crate::rules::Move;

/// The cloud's score (centipawns from the side to move, 30000 less the plies for a win) as a
/// value from the side to move.
pub fn value(score: i32) -> Value {
    match plies_to_mate(score) {
        Some(plies) => Value::Mate {
            moves: plies.unsigned_abs().div_ceil(2),
            mating: plies > 0,
        },
        None => Value::Centipawns(score),
    }
}

/// The cloud's moves in a position as lines from its side to move, best first, one move each:
/// the moves the game's rules allow by score (the cloud's order kept between equal scores), then
/// the forbidden ones; moves the cloud has not scored are left out. The best allowed move's line
/// is `principal`, the cloud's principal line, when that begins with it. `None` when no allowed
/// move has a score: the cloud does not score the position.
pub fn lines(moves: &[ShownMove], principal: Option<&[Move]>) -> Option<Lines> {
    let scored = |forbidden: bool| {
        let mut some: Vec<(&ShownMove, i32)> = moves
            .iter()
            .filter(|m| m.forbidden == forbidden)
            .filter_map(|m| Some((m, m.cloud.score?)))
            .collect();
        some.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        some
    };
    let allowed = scored(false);
    if allowed.is_empty() {
        return None;
    }
    let mut lines = Lines::default();
    for (rank, (m, score)) in allowed.into_iter().chain(scored(true)).enumerate() {
        let pv = match principal {
            Some(line) if rank == 0 && line.first() == Some(&m.cloud.mv) => line.to_vec(),
            _ => vec![m.cloud.mv],
        };
        lines.update(&SearchInfo {
            multipv: u32::try_from(rank + 1).unwrap_or(u32::MAX),
            score: Some(BoundedScore::exact(value(score))),
            pv,
            ..SearchInfo::default()
        });
    }
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cloud::{CloudMove, NoteDetail, Rank};

    fn shown(iccs: &str, score: Option<i32>, forbidden: bool) -> ShownMove {
        ShownMove {
            cloud: CloudMove {
                mv: Move::parse_iccs(iccs).unwrap_or_else(|| panic!("{iccs}")),
                score,
                rank: Rank::Good,
                winrate: None,
                note: String::new(),
                detail: NoteDetail::Book {
                    replies: None,
                    good: None,
                },
            },
            forbidden,
        }
    }

    #[test]
    fn decisive_scores_are_mates_in_moves() {
        assert_eq!(value(35), Value::Centipawns(35));
        assert_eq!(
            value(29_995),
            Value::Mate {
                moves: 3,
                mating: true
            }
        );
        assert_eq!(
            value(-29_996),
            Value::Mate {
                moves: 2,
                mating: false
            }
        );
    }

    #[test]
    fn the_best_allowed_move_is_the_reviews_best_and_unscored_moves_are_left_out() {
        let moves = [
            shown("h2e2", Some(40), true),
            shown("b2e2", Some(10), false),
            shown("h0g2", None, false),
            shown("b0c2", Some(25), false),
        ];
        let lines = lines(&moves, None).expect("scored");
        let first = |l: &SearchInfo| l.pv[0].to_string();
        // The lines are kept by score, as an engine's are; the forbidden move is ranked last,
        // so the review's best (rank 1) is the best move allowed.
        let order: Vec<String> = lines.lines().into_iter().map(first).collect();
        assert_eq!(order, ["h2e2", "b0c2", "b2e2"]);
        let best = lines.best_exact().expect("a best line");
        assert_eq!(first(best), "b0c2");
        assert_eq!(best.score, Some(BoundedScore::exact(Value::Centipawns(25))));
        // The forbidden move keeps its score, should the game have played it.
        let h2e2 = Move::parse_iccs("h2e2").unwrap_or_else(|| panic!("h2e2"));
        assert!(lines.starting_with(h2e2).is_some());
    }

    #[test]
    fn a_position_without_a_scored_allowed_move_is_not_scored() {
        assert!(lines(&[], None).is_none());
        let unscored = [shown("h2e2", None, false), shown("b2e2", Some(5), true)];
        assert!(lines(&unscored, None).is_none());
    }

    #[test]
    fn the_principal_line_is_the_best_moves_only_when_it_begins_with_it() {
        let moves = [
            shown("b2e2", Some(10), false),
            shown("b0c2", Some(25), false),
        ];
        let m = |iccs: &str| Move::parse_iccs(iccs).unwrap_or_else(|| panic!("{iccs}"));
        let principal = [m("b0c2"), m("b9c7"), m("b2e2")];
        let lines = lines(&moves, Some(&principal)).expect("scored");
        let best = lines.best_exact().expect("a best line");
        assert_eq!(best.pv, principal);
        let other = lines.starting_with(m("b2e2")).expect("b2e2's line");
        assert_eq!(other.pv, [m("b2e2")]);
        // A principal line of another move is not put under the best.
        let stale = [m("b2e2"), m("b9c7")];
        let lines = super::lines(&moves, Some(&stale)).expect("scored");
        assert_eq!(lines.best_exact().expect("a best line").pv, [m("b0c2")]);
    }
}
