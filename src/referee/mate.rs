//! Mate by checks (殺, 28.2): whether the side to move can mate "in the next move by a check or
//! by continuous checks". The search only tries checking moves for the attacker and every legal
//! reply for the defender, and is bounded both in moves and in nodes.

use crate::rules::{Move, Position};

/// Bounds of the mate search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MateSearch {
    /// Most moves of the attacker in the mating line (1 = mate in one).
    pub moves: u8,
    /// Most positions visited before the search gives up (and reports no mate).
    pub nodes: u32,
}

impl Default for MateSearch {
    fn default() -> MateSearch {
        MateSearch {
            moves: 3,
            nodes: 3_000,
        }
    }
}

impl MateSearch {
    /// The first move of a mate by checks for the side to move, if one is found within bounds.
    /// Shorter mates are tried first (iterative deepening), so a mate in one is never missed
    /// for want of nodes.
    pub fn find(&self, pos: &Position) -> Option<Move> {
        let mut budget = self.nodes;
        (1..=self.moves).find_map(|moves| mate_by_checks(pos, moves, &mut budget))
    }
}

fn mate_by_checks(pos: &Position, moves: u8, budget: &mut u32) -> Option<Move> {
    // Each move is made on one working copy and taken back; only the replies to a check are
    // generated, and the positions after them copied for the next level.
    let mut work = pos.clone();
    for &mv in pos.legal_moves().iter() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if !work.gives_check(mv) {
            continue;
        }
        let captured = work.make(mv);
        // On the last move only whether the check leaves a reply matters.
        let mates = if moves == 1 {
            !work.has_legal_move_in_place()
        } else {
            let replies = work.legal_moves_in_place();
            replies.is_empty()
                || replies.iter().all(|&reply| {
                    mate_by_checks(&work.play_legal(reply), moves - 1, budget).is_some()
                })
        };
        work.unmake(mv, captured);
        if mates {
            return Some(mv);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_28_2_mate_in_one_is_found() {
        // Two red chariots: a8 holds the eighth rank, b0-b9 mates.
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("FEN");
        assert_eq!(MateSearch::default().find(&pos), Move::parse_iccs("b0b9"));
    }

    #[test]
    fn art_28_2_mate_depends_on_the_whole_position() {
        // Black general d9; the red general on e0 takes the e-file from it, so Ra0-d0 mates.
        // With the red general on f0 the black general escapes to e9.
        let alone = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").expect("FEN");
        let one = MateSearch {
            moves: 1,
            nodes: 10_000,
        };
        assert_eq!(one.find(&alone), Move::parse_iccs("a0d0"));
        let no_general_help =
            Position::from_fen("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1").expect("FEN");
        assert_eq!(one.find(&no_general_help), None);
    }

    #[test]
    fn art_28_2_no_mate_without_checks() {
        let pos = Position::startpos();
        assert_eq!(MateSearch::default().find(&pos), None);
    }
}
