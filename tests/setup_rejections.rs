//! A position editor refuses impossible positions with the reason (art. 1.2, 2.2, 4.1.6), in
//! three languages.

use qipu::lang::Language;
use qipu::rules::{Color, Piece, PieceKind, Setup, SetupError, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn kings() -> Setup {
    let mut s = Setup::empty();
    s.set(sq("e0"), Some(Piece::new(Color::Red, PieceKind::General)));
    s.set(sq("d9"), Some(Piece::new(Color::Black, PieceKind::General)));
    s
}

fn rejected(setup: Setup) -> SetupError {
    setup.into_position().expect_err("the setup is impossible")
}

#[test]
fn advisor_off_the_palace_diagonals() {
    let mut s = kings();
    s.set(sq("e0"), None);
    s.set(sq("d0"), Some(Piece::new(Color::Red, PieceKind::General)));
    s.set(sq("e0"), Some(Piece::new(Color::Red, PieceKind::Advisor)));
    let e = rejected(s);
    let advisor = Piece::new(Color::Red, PieceKind::Advisor);
    assert_eq!(
        e.message(Language::English),
        format!("{advisor} on e0: an advisor stands only on the palace diagonals")
    );
    assert_eq!(
        e.message(Language::SimplifiedChinese),
        "红方仕（士） e0：仕（士）只能在九宫斜线上"
    );
}

#[test]
fn elephant_off_its_seven_points_and_soldier_behind_its_start() {
    let mut s = kings();
    s.set(sq("e1"), Some(Piece::new(Color::Red, PieceKind::Elephant)));
    assert_eq!(
        rejected(s).message(Language::TraditionalChinese),
        "紅方相（象） e1：相（象）只能在本方的七個點上"
    );
    let mut s = kings();
    // Black soldier behind its starting rank.
    s.set(sq("c7"), Some(Piece::new(Color::Black, PieceKind::Soldier)));
    assert!(matches!(
        rejected(s.clone()),
        SetupError::Unreachable { .. }
    ));
    s.set(sq("c7"), None);
    // Black soldier on its own side, beside its start before crossing.
    s.set(sq("b6"), Some(Piece::new(Color::Black, PieceKind::Soldier)));
    assert_eq!(
        rejected(s).message(Language::SimplifiedChinese),
        "黑方兵（卒） b6：兵（卒）不能在起始位置之后，过河前也不能横移"
    );
}

#[test]
fn too_many_of_a_kind_and_no_general() {
    let mut s = kings();
    for f in ["a4", "b4", "c4"] {
        s.set(sq(f), Some(Piece::new(Color::Red, PieceKind::Chariot)));
    }
    assert_eq!(
        rejected(s).message(Language::SimplifiedChinese),
        "红方车 3 个，每方最多 2 个"
    );
    let mut s = kings();
    s.set(sq("d9"), None);
    assert_eq!(
        rejected(s).message(Language::TraditionalChinese),
        "黑方沒有將"
    );
}

#[test]
fn generals_facing_whoever_moves() {
    for side in [Color::Red, Color::Black] {
        let mut s = kings();
        s.set(sq("d9"), None);
        s.set(sq("e9"), Some(Piece::new(Color::Black, PieceKind::General)));
        s.side = side;
        let e = rejected(s);
        assert_eq!(e, SetupError::GeneralsFacing);
        assert_eq!(
            e.message(Language::SimplifiedChinese),
            "帅与将在同一直线上直接对面，这样的局面不可能出现"
        );
    }
}

#[test]
fn side_not_to_move_in_check() {
    // A red chariot checks the black general, and it is Red's move: Black cannot have left it.
    let mut s = kings();
    s.set(sq("d4"), Some(Piece::new(Color::Red, PieceKind::Chariot)));
    s.side = Color::Red;
    let e = rejected(s.clone());
    assert_eq!(e, SetupError::SideNotToMoveInCheck(Color::Black));
    assert_eq!(
        e.message(Language::English),
        "Black is in check but Red is to move: the side to move is wrong, or the check cannot have arisen"
    );
    assert_eq!(
        e.message(Language::TraditionalChinese),
        "黑方被將軍，卻輪到紅方走棋：走棋方不對"
    );
    // With Black to move the same board is a position.
    s.side = Color::Black;
    assert!(s.into_position().is_ok());
}
