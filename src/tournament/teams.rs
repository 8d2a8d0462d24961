//! Team events (12, 13.2, 13.3, 14.2): who takes which board, and who plays red on it.

use super::error::EventError;
use super::event::{BoardOrder, Entrant, Event, Match, Pairing, PlayerId};
use super::systems::{first_colour, single};
use crate::rules::Color;

/// The board orders a team of `squad` players (in board order, 12.1) may field on `boards`
/// boards when the order cannot be reversed (12.2): every choice of `boards` players in their
/// order. For 4 boards and 2 substitutes these are the 15 of the rule, 1-2-3-4 to 3-4-5-6.
pub fn board_orders(boards: usize, squad: usize) -> Vec<Vec<usize>> {
    fn go(
        start: usize,
        left: usize,
        squad: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        for i in start..=squad.saturating_sub(left) {
            cur.push(i + 1);
            go(i + 1, left - 1, squad, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    if boards <= squad {
        go(0, boards, squad, &mut Vec::new(), &mut out);
    }
    out
}

/// Whether `lineup` (positions in the team's board order, from 1) is allowed under `order`.
pub fn lineup_allowed(order: BoardOrder, boards: usize, squad: usize, lineup: &[usize]) -> bool {
    let distinct = lineup
        .iter()
        .enumerate()
        .all(|(i, p)| !lineup[..i].contains(p));
    let in_squad = lineup.iter().all(|&p| (1..=squad).contains(&p));
    if lineup.len() != boards || !distinct || !in_squad {
        return false;
    }
    match order {
        BoardOrder::Fixed => lineup.iter().enumerate().all(|(i, &p)| p == i + 1),
        BoardOrder::Substitutes => lineup.windows(2).all(|w| w[0] < w[1]),
        BoardOrder::PerMatch => true,
    }
}

/// The colour on `board` of the team listed first (13.2 round robin, 13.3 Swiss): red on odd
/// boards, black on even ones.
pub fn colour_on_board(listed_first: bool, board: u32) -> Color {
    let c = first_colour(board);
    if listed_first {
        c
    } else {
        c.opponent()
    }
}

/// 12.4 全隊輪賽制: every player of one team meets every player of the other. Round `r` (from
/// 0) pairs player `i` of the first team with player `(i + r) mod n` of the second; colours
/// alternate by board as in 13.2 and swap each round so everyone has both colours.
pub fn all_play_all(n: usize) -> Vec<Vec<(usize, usize, Color)>> {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|i| {
                    let c = colour_on_board(r % 2 == 0, i as u32 + 1);
                    (i, (i + r) % n, c)
                })
                .collect()
        })
        .collect()
}

/// The players a team fields in `round`: its first `boards` players still playing, in board
/// order (a choice 12.1 and 12.2 both allow).
pub fn lineup(event: &Event, team: Entrant, round: u32) -> Result<Vec<PlayerId>, EventError> {
    let boards = event.settings.team_boards.unwrap_or(1);
    let teams = event.teams();
    let t = &teams[team];
    let players: Vec<PlayerId> = t
        .members
        .iter()
        .copied()
        .filter(|&m| event.players[m].active_in(round))
        .take(boards as usize)
        .collect();
    if players.len() < boards as usize {
        return Err(EventError::ShortTeam {
            team: t.name.clone(),
            players: players.len(),
            boards,
        });
    }
    Ok(players)
}

/// The team's players who may play in `round`, in board order (12.1): the squad a line-up is
/// chosen from.
pub fn squad(event: &Event, team: Entrant, round: u32) -> Vec<PlayerId> {
    event
        .teams()
        .get(team)
        .map(|t| {
            t.members
                .iter()
                .copied()
                .filter(|&m| event.players[m].active_in(round))
                .collect()
        })
        .unwrap_or_default()
}

/// Why a line-up is refused (12.1–12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineupRefusal {
    /// Not one player for each board.
    #[error("a line-up names one player for each board")]
    WrongCount,
    /// One player on two boards.
    #[error("a player can take only one board")]
    SamePlayerTwice,
    /// 12.1: a fixed order takes the team's first players in their order.
    #[error("the board order is fixed (12.1): the team's first players, in their order")]
    FixedOrder,
    /// 12.2: with substitutes, the players keep their board order.
    #[error("with substitutes the players keep their board order (12.2): no one above a player ranked higher")]
    SubstituteOrder,
    /// 12.3: a line-up of players who are not the team's.
    #[error("a line-up names players of the team")]
    NotOfTeam,
}

/// Why a line-up is refused under `order`, if it is (the check of [`lineup_allowed`], with the
/// reason).
pub fn lineup_refusal(
    order: BoardOrder,
    boards: usize,
    squad: usize,
    lineup: &[usize],
) -> Option<LineupRefusal> {
    if lineup_allowed(order, boards, squad, lineup) {
        return None;
    }
    Some(if lineup.len() != boards {
        LineupRefusal::WrongCount
    } else if lineup
        .iter()
        .enumerate()
        .any(|(i, p)| lineup[..i].contains(p))
    {
        LineupRefusal::SamePlayerTwice
    } else {
        match order {
            BoardOrder::Fixed => LineupRefusal::FixedOrder,
            BoardOrder::Substitutes => LineupRefusal::SubstituteOrder,
            BoardOrder::PerMatch => LineupRefusal::NotOfTeam,
        }
    })
}

/// The matches of a round from its pairs `(listed first, second)`: one game each in an
/// individual event; in a team event one game a board, the first team red on odd boards.
pub fn matches(
    event: &Event,
    pairs: &[(Entrant, Entrant)],
    round: u32,
) -> Result<Vec<Match>, EventError> {
    if !event.is_team_event() {
        return Ok(pairs
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| single(a, b, i as u32 + 1))
            .collect());
    }
    let mut board = 1;
    let mut out = Vec::new();
    for &(a, b) in pairs {
        let (la, lb) = (lineup(event, a, round)?, lineup(event, b, round)?);
        let mut games = Vec::new();
        for (k, (&pa, &pb)) in la.iter().zip(&lb).enumerate() {
            let (red, black) = if colour_on_board(true, k as u32 + 1) == Color::Red {
                (pa, pb)
            } else {
                (pb, pa)
            };
            games.push(Pairing::new(board, red, black));
            board += 1;
        }
        out.push(Match {
            first: a,
            second: b,
            games,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 12.2: four boards and two substitutes give exactly the fifteen orders of the rule, from
    /// 1-2-3-4 and 1-2-3-5 to 3-4-5-6, and none reverses two players.
    #[test]
    fn twelve_two_fifteen_orders() {
        let orders = board_orders(4, 6);
        assert_eq!(orders.len(), 15);
        assert_eq!(orders[0], vec![1, 2, 3, 4]);
        assert_eq!(orders[1], vec![1, 2, 3, 5]);
        assert_eq!(orders[14], vec![3, 4, 5, 6]);
        for o in &orders {
            assert!(lineup_allowed(BoardOrder::Substitutes, 4, 6, o));
        }
        assert!(!lineup_allowed(
            BoardOrder::Substitutes,
            4,
            6,
            &[2, 1, 3, 4]
        ));
        assert!(lineup_allowed(BoardOrder::PerMatch, 4, 6, &[2, 1, 3, 4]));
        assert!(!lineup_allowed(BoardOrder::Fixed, 4, 6, &[1, 2, 3, 5]));
        assert!(!lineup_allowed(BoardOrder::PerMatch, 4, 6, &[1, 1, 3, 4]));
    }

    /// 13.2: the team listed first has red on boards 1 and 3, black on 2 and 4; the other team
    /// the reverse.
    #[test]
    fn thirteen_two_colours_by_board() {
        let first: Vec<Color> = (1..=4).map(|b| colour_on_board(true, b)).collect();
        assert_eq!(
            first,
            vec![Color::Red, Color::Black, Color::Red, Color::Black]
        );
        let second: Vec<Color> = (1..=4).map(|b| colour_on_board(false, b)).collect();
        assert_eq!(
            second,
            vec![Color::Black, Color::Red, Color::Black, Color::Red]
        );
    }

    /// 12.4: in n rounds each of n players meets each of the other team's n once.
    #[test]
    fn twelve_four_everyone_meets_everyone() {
        let rounds = all_play_all(4);
        let mut met = std::collections::HashSet::new();
        for r in &rounds {
            for &(a, b, _) in r {
                assert!(met.insert((a, b)));
            }
        }
        assert_eq!(met.len(), 16);
    }
}
