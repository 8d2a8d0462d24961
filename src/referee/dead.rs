//! Dead positions (4.2.1: 雙方均無可能取勝): material with which neither side can ever win,
//! whatever either side plays.
//!
//! A side wins from the board only by mating (4.1.1) or stalemating (困斃, 4.1.3) the other.
//! Material never grows, and a soldier on the enemy's back rank (底兵) can only step sideways
//! along it, so what follows holds for the rest of the game.
//!
//! A side cannot win when it has no chariot, horse or cannon, every soldier it has stands on the
//! enemy's back rank, and, if it has such a soldier, the enemy has no advisor:
//!
//! - Without soldiers it can never check (a general never gives check: the generals may not face
//!   each other, 4.1.2), so it cannot mate; and it cannot stalemate the enemy either, as below.
//! - Its back-rank soldiers attack only the enemy's back rank, so they check only a general on
//!   the back rank of its palace (d9, e9, f9 for Black). That general can always step forward
//!   along its file (to d8, e8, f8): no enemy piece can stand there (back-rank soldiers cannot
//!   step back; advisors are absent; elephants and the defender's own soldiers never reach those
//!   points) and none attacks it (soldiers on the back rank do not, and a general on that file
//!   with the file open would already face the checked general). So no check mates.
//! - The enemy general always has a legal move, so it is never stalemated: from any point of
//!   its palace it can reach a point on the rank nearer the centre or the back rank that only
//!   an advisor could occupy (d9→d8, d8→d7, d7→d8, e8→d8 or f8, …), which no soldier on the
//!   back rank attacks, and which a general could attack only by facing the enemy general
//!   already. With an advisor on the enemy's side this fails: an advisor on e8 pinned by the
//!   general can box its own general in (Black e9, advisors e8 and d9, Red general on the open
//!   e-file, a Red soldier on g9: stalemate), so the rule asks for no advisors.
//! - Back-rank soldiers always have a move themselves (a row of them on the back rank has a free
//!   or capturable point at one end, since the enemy general cannot stand next to one without
//!   being in check), so a side that keeps one is never stalemated.
//!
//! With neither side able to win, the game is dead. This covers the plain case of no chariot,
//! horse, cannon or soldier on either side.

use crate::rules::{Color, PieceKind, Position};

/// Whether neither side can ever win with the material on the board (4.2.1).
pub fn is_dead(pos: &Position) -> bool {
    cannot_win(pos, Color::Red) && cannot_win(pos, Color::Black)
}

/// Whether `side` can never mate or stalemate the enemy, whatever is played (see the module
/// notes).
fn cannot_win(pos: &Position, side: Color) -> bool {
    let enemy_back_rank = match side {
        Color::Red => 9,
        Color::Black => 0,
    };
    let mut soldiers = false;
    for (sq, p) in pos.pieces().filter(|(_, p)| p.color == side) {
        match p.kind {
            PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon => return false,
            PieceKind::Soldier if sq.rank() != enemy_back_rank => return false,
            PieceKind::Soldier => soldiers = true,
            PieceKind::General | PieceKind::Advisor | PieceKind::Elephant => {}
        }
    }
    !soldiers
        || !pos
            .pieces()
            .any(|(_, p)| p.color == side.opponent() && p.kind == PieceKind::Advisor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Status;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn art_4_2_1_no_attacking_piece_on_either_side_is_dead() {
        assert!(is_dead(&pos("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1")));
    }

    #[test]
    fn art_4_2_1_back_rank_soldiers_against_no_advisors_are_dead() {
        // Red soldiers on Black's back rank, Black with an elephant only.
        assert!(is_dead(&pos("2P1k2P1/9/4b4/9/9/9/9/9/4A4/3AK4 w - - 0 1")));
        // Both sides with back-rank soldiers, neither with advisors.
        assert!(is_dead(&pos("P3k4/9/9/9/9/9/9/9/9/3K4p w - - 0 1")));
    }

    #[test]
    fn art_4_2_1_a_soldier_that_has_not_reached_the_back_rank_keeps_the_game_alive() {
        assert!(!is_dead(&pos("4k4/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1")));
        // A side's attacking piece keeps it alive even if the other has nothing.
        assert!(!is_dead(&pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")));
    }

    #[test]
    fn art_4_1_3_advisors_can_be_stalemated_by_one_back_rank_soldier() {
        // The position the advisor clause is for: Black e9, advisors e8 (pinned by the general
        // on the open e-file) and d9, Red soldier g9 covering f9. Black has no move.
        let p = pos("3ak1P2/4a4/9/9/9/9/9/9/9/4K4 b - - 0 1");
        assert_eq!(p.status(), Status::Stalemate);
        assert!(!is_dead(&p));
    }
}
