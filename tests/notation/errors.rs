//! Refusals name the reason; lenient reading accepts the variants of real scoresheets.

use qipu::notation::{read_move, Notation, NotationError};
use qipu::rules::{Color, IllegalReason, Move, Piece, PieceKind, Position};

fn mv(iccs: &str) -> Move {
    Move::parse_iccs(iccs).expect("ICCS")
}

fn illegal(text: &str, reason: IllegalReason, iccs: &str) -> NotationError {
    NotationError::Illegal {
        text: text.to_owned(),
        mv: mv(iccs),
        reason,
    }
}

#[test]
fn a_piece_that_is_not_there() {
    let start = Position::startpos();
    assert_eq!(
        read_move(&start, "炮三平五", None),
        Err(NotationError::NoSuchPiece {
            text: "炮三平五".to_owned(),
            piece: Piece::new(Color::Red, PieceKind::Cannon),
            file: Some(3),
        })
    );
    assert_eq!(
        read_move(&start, "前車進一", None),
        Err(NotationError::NoSuchRow {
            text: "前車進一".to_owned(),
            piece: Piece::new(Color::Red, PieceKind::Chariot),
        })
    );
}

#[test]
fn an_illegal_move_names_the_rule() {
    let start = Position::startpos();
    // 2.2: the horse's leg (g0, the elephant) is blocked.
    assert_eq!(
        read_move(&start, "馬二進四", None),
        Err(illegal("馬二進四", IllegalReason::HorseLegBlocked, "h0f1"))
    );
    // 2.2: a soldier moves sideways only after crossing the river.
    assert_eq!(
        read_move(&start, "兵三平四", None),
        Err(illegal(
            "兵三平四",
            IllegalReason::SoldierSidewaysBeforeRiver,
            "g3f3"
        ))
    );
    assert_eq!(
        read_move(&start, "h2h7", None),
        Err(illegal("h2h7", IllegalReason::CannonNeedsScreen, "h2h7"))
    );
    let elephant_eye = Position::from_fen("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1").expect("FEN");
    assert_eq!(
        read_move(&elephant_eye, "相七進五", None),
        Err(illegal(
            "相七進五",
            IllegalReason::ElephantEyeBlocked,
            "c0e2"
        ))
    );
    let pinned = Position::from_fen("3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1").expect("FEN");
    assert_eq!(
        read_move(&pinned, "車五平四", None),
        Err(illegal(
            "車五平四",
            IllegalReason::LeavesGeneralInCheck,
            "e1f1"
        ))
    );
    let facing = Position::from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1").expect("FEN");
    assert_eq!(
        read_move(&facing, "H5+4", None),
        Err(illegal("H5+4", IllegalReason::GeneralsFacing, "e1f3"))
    );
}

#[test]
fn files_out_of_range_and_impossible_shapes() {
    let start = Position::startpos();
    assert_eq!(
        read_move(&start, "C0.5", None),
        Err(NotationError::FileOutOfRange {
            text: "C0.5".to_owned(),
            file: 0
        })
    );
    assert_eq!(
        read_move(&start, "炮二平０", None),
        Err(NotationError::FileOutOfRange {
            text: "炮二平０".to_owned(),
            file: 0
        })
    );
    assert_eq!(
        read_move(&start, "車一退一", None),
        Err(NotationError::OffBoard {
            text: "車一退一".to_owned()
        })
    );
    assert_eq!(
        read_move(&start, "馬二平三", None),
        Err(NotationError::Shape {
            text: "馬二平三".to_owned(),
            kind: PieceKind::Horse
        })
    );
    assert_eq!(
        read_move(&start, "車一進十", None),
        Err(NotationError::UnexpectedCharacter {
            text: "車一進十".to_owned(),
            character: '十'
        })
    );
    assert!(matches!(
        read_move(&start, "hello", None),
        Err(NotationError::Unreadable { notation: None, .. })
    ));
    assert!(matches!(
        read_move(&start, "炮25", Some(Notation::ChineseSimplified)),
        Err(NotationError::Unreadable {
            notation: Some(Notation::ChineseSimplified),
            ..
        })
    ));
    assert!(matches!(
        read_move(&start, "炮二平五", Some(Notation::Wxf)),
        Err(NotationError::Unreadable { .. })
    ));
}

#[test]
fn lenient_reading_of_red_moves() {
    let start = Position::startpos();
    for text in [
        "車一進一",
        "车一进一",
        "俥一進一",
        "車一上一",
        "車 一 進 一",
        "車1進1",
        "車１進１",
        "R1+1",
        "r1+1",
        "Ｒ１＋１",
        " R1+1 ",
        "i0i1",
        "I0-I1",
        "ｉ０ｉ１",
    ] {
        assert_eq!(read_move(&start, text, None), Ok(mv("i0i1")), "{text}");
    }
    for text in [
        "炮二平五",
        "砲二平五",
        "包二平五",
        "C2.5",
        "C2=5",
        "Ｃ２＝５",
        "炮2平5",
    ] {
        assert_eq!(read_move(&start, text, None), Ok(mv("h2e2")), "{text}");
    }
    for text in ["傌二進三", "馬二进三", "马二上三", "H2+3", "N2+3"] {
        assert_eq!(read_move(&start, text, None), Ok(mv("h0g2")), "{text}");
    }
}

#[test]
fn lenient_reading_of_black_moves() {
    let pos = Position::startpos().play(mv("h2e2")).expect("legal");
    for text in [
        "馬８進７",
        "馬8進7",
        "马８进７",
        "馬八進七",
        "碼8進7",
        "H8+7",
        "Ｈ８＋７",
    ] {
        assert_eq!(read_move(&pos, text, None), Ok(mv("h9g7")), "{text}");
    }
    let pos = pos.play(mv("h9g7")).expect("legal");
    let pos = pos.play(mv("h0g2")).expect("legal");
    for text in ["砲８進４", "包8進4", "炮８上４", "C8+4"] {
        assert_eq!(read_move(&pos, text, None), Ok(mv("h7h3")), "{text}");
    }
    let retreat = Position::from_fen("4k4/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1").expect("FEN");
    for text in ["士５退４", "士5下4", "仕五退四", "A5-4"] {
        assert_eq!(read_move(&retreat, text, None), Ok(mv("e8d9")), "{text}");
    }
}

#[test]
fn tandem_variants_of_other_writers() {
    // Four black soldiers on file 7 (formats.md §2.3).
    let four = Position::from_fen("4k4/9/9/9/9/6p2/6p2/6p2/6p2/3K5 b - - 0 1").expect("FEN");
    for (text, iccs) in [
        ("一卒進１", "g1g0"),
        ("前卒進1", "g1g0"),
        ("++ +1", "g1g0"),
        ("+++1", "g1g0"),
        ("Pa+1", "g1g0"),
        ("２卒平６", "g2f2"),
        ("P+.6", "g2f2"),
        ("後卒平６", "g4f4"),
        ("四卒平６", "g4f4"),
        ("--.6", "g4f4"),
        ("P-.6", "g3f3"),
        ("-P.6", "g3f3"),
    ] {
        assert_eq!(read_move(&four, text, None), Ok(mv(iccs)), "{text}");
    }
    // 2+2 red soldiers on files 三 and 七: 前兵 fits the front soldier of either file.
    let two_files = Position::from_fen("3k5/9/9/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1").expect("FEN");
    assert_eq!(
        read_move(&two_files, "前兵進一", None),
        Err(NotationError::Ambiguous {
            text: "前兵進一".to_owned(),
            candidates: vec![mv("c6c7"), mv("g6g7")],
        })
    );
    for (text, iccs) in [
        ("前三進一", "g6g7"),
        ("前兵三進一", "g6g7"),
        ("一兵進一", "g6g7"),
        ("3++1", "g6g7"),
        ("後七平八", "c5b5"),
        ("四兵平八", "c5b5"),
        ("7-.8", "c5b5"),
    ] {
        assert_eq!(read_move(&two_files, text, None), Ok(mv(iccs)), "{text}");
    }
}

#[test]
fn reasons_in_three_languages() {
    use qipu::lang::Language;
    let start = Position::startpos();
    let blocked = read_move(&start, "馬二進四", None).expect_err("blocked leg");
    assert_eq!(blocked.message(Language::English), blocked.to_string());
    assert!(blocked.to_string().contains("the horse's leg is blocked"));
    assert_eq!(
        blocked.message(Language::SimplifiedChinese),
        "「馬二進四」h0f1: 马腿被蹩"
    );
    assert_eq!(
        blocked.message(Language::TraditionalChinese),
        "「馬二進四」h0f1: 馬腿被蹩"
    );
    let ambiguous = read_move(&start, "炮84", None).expect_err("ambiguous");
    assert_eq!(
        ambiguous.message(Language::TraditionalChinese),
        "「炮84」有歧義，可能是: b2f2, b2b6"
    );
}
