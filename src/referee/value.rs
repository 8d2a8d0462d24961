//! Material values for judging gains (子力價值, 25.3).

use crate::rules::{Piece, PieceKind, Square};

/// The material value of `piece` standing on `at`, in units of an advisor (25.3): a chariot
/// equals two horses, two cannons, or a horse and a cannon; horse equals cannon; advisor equals
/// elephant. A crossed soldier counts one unit; its value "floats" (細則 10), which
/// [`crate::referee`] honours by never treating a soldier-for-piece trade as a gain. The general
/// and uncrossed soldiers are not material (不算子力) and count zero.
pub fn value(piece: Piece, at: Square) -> i32 {
    match piece.kind {
        PieceKind::General => 0,
        PieceKind::Advisor | PieceKind::Elephant => 1,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Chariot => 4,
        PieceKind::Soldier => i32::from(!at.on_own_side(piece.color)),
    }
}

/// Whether a piece on `at` is material that can be chased (29.3 needs 有子力價值).
pub fn has_value(piece: Piece, at: Square) -> bool {
    value(piece, at) > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn piece(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    #[test]
    fn art_25_3_chariot_equals_two_horses_and_horse_equals_cannon() {
        let at = Square::parse("e4").expect("square");
        let chariot = value(piece(Color::Red, PieceKind::Chariot), at);
        let horse = value(piece(Color::Red, PieceKind::Horse), at);
        let cannon = value(piece(Color::Red, PieceKind::Cannon), at);
        assert_eq!(chariot, 2 * horse);
        assert_eq!(chariot, horse + cannon);
        assert_eq!(
            value(piece(Color::Black, PieceKind::Advisor), at),
            value(piece(Color::Black, PieceKind::Elephant), at)
        );
    }

    #[test]
    fn art_25_3_general_and_uncrossed_soldier_are_not_material() {
        let e3 = Square::parse("e3").expect("square");
        let e5 = Square::parse("e5").expect("square");
        assert!(!has_value(piece(Color::Red, PieceKind::General), e3));
        assert!(!has_value(piece(Color::Red, PieceKind::Soldier), e3));
        assert!(has_value(piece(Color::Red, PieceKind::Soldier), e5));
        assert!(has_value(piece(Color::Black, PieceKind::Soldier), e3));
        assert!(!has_value(piece(Color::Black, PieceKind::Soldier), e5));
    }
}
