//! Moves missing from the players' own scoresheets (7.1), as a record clerk marks them while
//! transcribing: `[%missing red]`, `[%missing black]` or `[%missing red black]` in the comment
//! after the move that the named player did not write down. The marks travel in PGN with the
//! comments; [`sheets`] reads them back for [`record_gaps`](super::record_gaps).

use crate::record::{Game, NodeId};
use crate::rules::Color;

use super::foul::Written;

const COMMAND: &str = "[%missing";

/// The place of the missing-move command in `comment` (from `[` to past `]`) and the sides it
/// names.
fn find(comment: &str) -> Option<(usize, usize, [bool; 2])> {
    let start = comment.find(COMMAND)?;
    let args_from = start + COMMAND.len();
    let end = args_from + comment[args_from..].find(']')?;
    let mut sides = [false; 2];
    for word in comment[args_from..end].split_whitespace() {
        match word {
            "red" => sides[Color::Red.index()] = true,
            "black" => sides[Color::Black.index()] = true,
            _ => {}
        }
    }
    Some((start, end + 1, sides))
}

/// Whether `comment` marks its move as missing from `side`'s scoresheet.
pub fn is_missing(comment: &str, side: Color) -> bool {
    find(comment).is_some_and(|(_, _, sides)| sides[side.index()])
}

/// `comment` with its move marked as missing from `side`'s scoresheet, or not; the rest of the
/// comment is kept.
pub fn set_missing(comment: &str, side: Color, missing: bool) -> String {
    let (rest, mut sides) = match find(comment) {
        Some((start, end, sides)) => {
            let rest = format!("{} {}", comment[..start].trim(), comment[end..].trim());
            (rest.trim().to_owned(), sides)
        }
        None => (comment.trim().to_owned(), [false; 2]),
    };
    sides[side.index()] = missing;
    let names: Vec<&str> = [Color::Red, Color::Black]
        .into_iter()
        .filter(|s| sides[s.index()])
        .map(|s| match s {
            Color::Red => "red",
            Color::Black => "black",
        })
        .collect();
    match (names.is_empty(), rest.is_empty()) {
        (true, _) => rest,
        (false, true) => format!("{COMMAND} {}]", names.join(" ")),
        (false, false) => format!("{COMMAND} {}] {rest}", names.join(" ")),
    }
}

/// Each player's scoresheet along the main line, ply by ply, as marked (Red's, then Black's).
pub fn sheets(game: &Game) -> [Vec<Written>; 2] {
    let line: Vec<NodeId> = game.main_line();
    [Color::Red, Color::Black].map(|side| {
        line.iter()
            .map(|&node| {
                if is_missing(game.comment(node), side) {
                    Written::Missing
                } else {
                    Written::Yes
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::competition::record_gaps;
    use crate::rules::{Move, Position};

    #[test]
    fn marks_are_set_and_cleared_beside_the_comment() {
        let marked = set_missing("good move", Color::Red, true);
        assert_eq!(marked, "[%missing red] good move");
        assert!(is_missing(&marked, Color::Red));
        assert!(!is_missing(&marked, Color::Black));
        let both = set_missing(&marked, Color::Black, true);
        assert_eq!(both, "[%missing red black] good move");
        let black = set_missing(&both, Color::Red, false);
        assert_eq!(black, "[%missing black] good move");
        assert_eq!(set_missing(&black, Color::Black, false), "good move");
        assert_eq!(set_missing("", Color::Black, true), "[%missing black]");
        // Other commands stay where they are.
        let clocked = set_missing("[%clk 0:04:00] fine", Color::Red, true);
        assert_eq!(clocked, "[%missing red] [%clk 0:04:00] fine");
    }

    #[test]
    fn four_marked_moves_in_a_row_are_a_gap_with_a_foul() {
        // 7.1: Black's sheet lacks plies 2–5 (four in a row), Red's only ply 3.
        let mut game = Game::new(Position::startpos());
        let mut node = game.root();
        for (i, mv) in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
            .into_iter()
            .enumerate()
        {
            node = game
                .play(node, Move::parse_iccs(mv).expect("ICCS"))
                .expect("legal");
            let mut comment = game.comment(node).to_owned();
            if (1..=4).contains(&i) {
                comment = set_missing(&comment, Color::Black, true);
            }
            if i == 2 {
                comment = set_missing(&comment, Color::Red, true);
            }
            game.set_comment(node, comment);
        }
        let [red, black] = sheets(&game);
        let red = record_gaps(&red);
        assert_eq!((red.len(), red[0].first_ply, red[0].fouls), (1, 2, 0));
        let black = record_gaps(&black);
        assert_eq!(
            (black[0].first_ply, black[0].last_ply, black[0].fouls),
            (1, 4, 1)
        );
    }
}
