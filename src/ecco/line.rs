//! A line of moves from the initial position in the frame openings are classified in: mirrored
//! left to right when its first move starts on Red's left half (files `a`–`d`), so that
//! 炮八平五 and 炮二平五 open the same way, as the ECCO system counts them.

use std::fmt;

use crate::record::{Game, NodeId};
use crate::rules::{Move, Position, Square};

/// A move with the side that played it, written `rh2e2` (Red) or `bh9g7` (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideMove {
    /// Whether Red played it.
    pub red: bool,
    /// The move, in the line's frame.
    pub mv: Move,
}

impl SideMove {
    /// Read `rh2e2` or `bh9g7`.
    pub fn parse(text: &str) -> Option<SideMove> {
        let red = match text.get(..1)? {
            "r" => true,
            "b" => false,
            _ => return None,
        };
        Some(SideMove {
            red,
            mv: Move::parse_iccs(text.get(1..)?)?,
        })
    }
}

impl fmt::Display for SideMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.red { 'r' } else { 'b' }, self.mv)
    }
}

/// The moves of a line from the initial position, Red first, in the classifying frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    moves: Vec<Move>,
}

fn mirrored(square: Square) -> Square {
    // A file 0–8 mirrored is a file 0–8, so the square exists.
    Square::from_coords(8 - square.file(), square.rank()).unwrap_or(square)
}

impl Line {
    /// The line of `moves` played from the initial position with Red to move, put in the frame.
    pub fn new(moves: &[Move]) -> Line {
        let mirror = moves.first().is_some_and(|m| m.from.file() < 4);
        let moves = moves
            .iter()
            .map(|m| {
                if mirror {
                    Move::new(mirrored(m.from), mirrored(m.to))
                } else {
                    *m
                }
            })
            .collect();
        Line { moves }
    }

    /// The moves of `nodes` (a line from the root of `game`); `None` when the game does not
    /// start from the initial position with Red to move.
    pub fn of_nodes(game: &Game, nodes: &[NodeId]) -> Option<Line> {
        let start = Position::startpos().to_fen();
        let fields = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        if fields(&game.start().to_fen()) != fields(&start) {
            return None;
        }
        let moves: Vec<Move> = nodes.iter().filter_map(|n| game.move_of(*n)).collect();
        Some(Line::new(&moves))
    }

    /// The moves, in the frame.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves with their sides, in order.
    pub fn side_moves(&self) -> impl Iterator<Item = SideMove> + '_ {
        self.moves.iter().enumerate().map(|(i, mv)| SideMove {
            red: i % 2 == 0,
            mv: *mv,
        })
    }

    /// The ply (from 1) at which `mv` was first played, if it was.
    pub fn ply_of(&self, mv: &SideMove) -> Option<usize> {
        self.side_moves().position(|m| m == *mv).map(|i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[&str]) -> Line {
        let moves: Vec<Move> = moves.iter().filter_map(|m| Move::parse_iccs(m)).collect();
        Line::new(&moves)
    }

    #[test]
    fn a_line_opened_on_reds_left_is_mirrored() {
        // 炮八平五 炮２平５ is 炮二平五 炮8平5 seen in a mirror.
        assert_eq!(line(&["b2e2", "b7e7"]), line(&["h2e2", "h7e7"]));
        assert_eq!(line(&["e3e4"]).moves()[0].to_string(), "e3e4");
        let moves: Vec<String> = line(&["h2e2", "h9g7"])
            .side_moves()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(moves, ["rh2e2", "bh9g7"]);
        assert_eq!(
            SideMove::parse("bh9g7").map(|m| m.to_string()).as_deref(),
            Some("bh9g7")
        );
        assert_eq!(SideMove::parse("xh9g7"), None);
        let l = line(&["h2e2", "h9g7", "h0g2"]);
        assert_eq!(l.ply_of(&SideMove::parse("rh0g2").unwrap()), Some(3));
        assert_eq!(l.ply_of(&SideMove::parse("bh0g2").unwrap()), None);
    }
}
