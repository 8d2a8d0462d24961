//! Exchanges on one point (完整的交換過程, 29.1): what a capture wins once both sides have
//! taken back on that point as long as it paid them. Only legal captures count, so a
//! "protector" that cannot legally take back is no protector (假根, 28.16).

use super::value::value;
use crate::rules::{Move, Position, Square};

/// Longest exchange followed on one point.
const MAX_EXCHANGE_DEPTH: u8 = 8;

/// The legal captures of the side to move onto `sq`.
pub fn captures_on(pos: &Position, sq: Square) -> Vec<Move> {
    pos.legal_moves_to(sq).to_vec()
}

/// The material the side to move wins by playing the legal capture `mv` (generation proved it
/// legal: it is not checked again), when afterwards both sides go on capturing on that point
/// only while it pays (either may stop).
pub fn capture_gain(pos: &Position, mv: Move) -> i32 {
    gain_of(pos, mv, MAX_EXCHANGE_DEPTH)
}

fn gain_of(pos: &Position, mv: Move, depth: u8) -> i32 {
    let taken = pos.piece_at(mv.to).map_or(0, |p| value(p, mv.to));
    taken - best_exchange(&pos.play_legal(mv), mv.to, depth - 1)
}

/// What the side to move can win by starting (or declining) an exchange on `sq`.
fn best_exchange(pos: &Position, sq: Square, depth: u8) -> i32 {
    if depth == 0 {
        return 0;
    }
    pos.legal_moves_to(sq)
        .iter()
        .map(|&m| gain_of(pos, m, depth))
        .max()
        .unwrap_or(0)
        .max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gain(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("valid FEN");
        capture_gain(&pos, Move::parse_iccs(mv).expect("move"))
    }

    #[test]
    fn art_28_16_unprotected_piece_is_won_whole() {
        // Red chariot e4 takes the lone black horse e7.
        assert_eq!(gain("3k5/9/4n4/9/9/4R4/9/9/9/4K4 w - - 0 1", "e4e7"), 2);
    }

    #[test]
    fn art_28_16_protected_piece_of_equal_value_wins_nothing() {
        // Red horse takes a cannon protected by a chariot: horse for cannon, no gain.
        assert_eq!(gain("3k4r/9/9/9/8c/6N2/9/9/9/4K4 w - - 0 1", "g4i5"), 0);
    }

    #[test]
    fn art_28_16_false_protector_pinned_to_its_general_does_not_count() {
        // The black horse d7 "protects" the cannon e5 but is pinned on the d-file by the red
        // chariot d0: it cannot take back, so the red chariot e1 wins the cannon.
        let pinned = "3k5/9/3n5/9/4c4/9/9/9/4R4/3R1K3 w - - 0 1";
        assert_eq!(gain(pinned, "e1e5"), 2);
        // Without the pin the horse takes back: chariot for cannon.
        let free = "3k5/9/3n5/9/4c4/9/9/9/4R4/R4K3 w - - 0 1";
        assert_eq!(gain(free, "e1e5"), 2 - 4);
    }

    #[test]
    fn art_29_1_outnumbered_piece_is_won_by_a_full_exchange() {
        // Horse d5 protected once (by the chariot d9), attacked twice (the red chariots d2
        // and d1): after RxN RxR RxR red is a horse up.
        assert_eq!(gain("3r1k3/9/9/9/3n5/9/9/3R5/3R5/4K4 w - - 0 1", "d2d5"), 2);
    }
}
