//! A position editor refuses impossible positions with the reason (art. 1.2, 2.2, 4.1.6), in
//! three languages.

use qipu::lang::Language;
use qipu::rules::{Color, Piece, PieceKind, Setup, SetupError, SetupWarning, Square};

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

/// A soldier behind its start (as some rule-book diagrams and composed problems have it): play
/// never reaches it (2.2), so the strict check refuses it, but a diagram is judged and analysed
/// with a named warning.
#[test]
fn a_soldier_behind_its_start_is_a_diagram_with_a_warning() {
    let mut s = kings();
    let soldier = Piece::new(Color::Red, PieceKind::Soldier);
    s.set(sq("c1"), Some(soldier));
    s.set(sq("a4"), Some(Piece::new(Color::Black, PieceKind::Chariot)));
    assert!(matches!(
        s.clone().into_position(),
        Err(SetupError::Unreachable { .. })
    ));
    let (position, warnings) = s
        .into_position_with_warnings()
        .expect("a diagram may show it");
    assert_eq!(
        warnings,
        vec![SetupWarning::Unreachable {
            piece: soldier,
            square: sq("c1")
        }]
    );
    assert!(warnings[0]
        .message(Language::English)
        .ends_with("a soldier never stands behind its starting rank, nor beside its start before crossing the river"));
    assert!(warnings[0]
        .message(Language::SimplifiedChinese)
        .starts_with("作为排局图式接受"));
    // The soldier moves on by its rules: forward only, on its own side.
    let moves: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("c1"))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, vec!["c1c2"]);
}

/// What no diagram can show stays refused: two generals of a side, facing generals, the side
/// not to move in check.
#[test]
fn a_diagram_still_needs_one_general_each_apart_and_the_right_side_to_move() {
    let general = Piece::new(Color::Red, PieceKind::General);
    let mut two = kings();
    two.set(sq("f0"), Some(general));
    assert!(matches!(
        two.into_position_with_warnings(),
        Err(SetupError::TooMany {
            kind: PieceKind::General,
            ..
        })
    ));
    let mut facing = Setup::empty();
    facing.set(sq("e0"), Some(general));
    facing.set(sq("e9"), Some(Piece::new(Color::Black, PieceKind::General)));
    assert_eq!(
        facing.into_position_with_warnings().err(),
        Some(SetupError::GeneralsFacing)
    );
    let mut checked = kings();
    checked.set(sq("d5"), Some(Piece::new(Color::Red, PieceKind::Chariot)));
    checked.side = Color::Red;
    assert_eq!(
        checked.into_position_with_warnings().err(),
        Some(SetupError::SideNotToMoveInCheck(Color::Black))
    );
    // A third chariot is a diagram's licence, not a refusal.
    let mut many = kings();
    for s in ["a0", "b0", "c0"] {
        many.set(sq(s), Some(Piece::new(Color::Red, PieceKind::Chariot)));
    }
    let (_, warnings) = many.into_position_with_warnings().expect("accepted");
    assert!(matches!(
        warnings[..],
        [SetupWarning::TooMany {
            kind: PieceKind::Chariot,
            count: 3,
            ..
        }]
    ));
}
