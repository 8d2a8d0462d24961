//! FEN in and out: canonical output, the variants found in the wild, and refusals that name the
//! field and the reason.

use qipu::rules::{Color, FenError, Position, Setup, SetupError, START_FEN};

#[test]
fn canonical_round_trips() {
    for fen in [
        START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 17 42",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    }
    assert_eq!(Position::startpos().to_fen(), START_FEN);
}

#[test]
fn the_initial_position_read_as_a_diagram_is_the_one_read_in_full() {
    let read = Setup::from_fen(START_FEN)
        .unwrap()
        .into_position_with_warnings()
        .unwrap();
    let shortcut = Position::from_diagram_fen(START_FEN).unwrap();
    assert_eq!(shortcut, read.0);
    assert_eq!(shortcut.hash(), read.0.hash());
    assert!(read.1.is_empty() && shortcut.diagram_warnings().is_empty());
    // The same board with Black to move is read in full, and is still no diagram.
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    let black = Position::from_diagram_fen(black).unwrap();
    assert_eq!(black.side_to_move(), Color::Black);
    assert!(black.diagram_warnings().is_empty());
    // A soldier behind its start (2.2) is still named.
    let behind = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/PC5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(
        Position::from_diagram_fen(behind)
            .unwrap()
            .diagram_warnings()
            .len(),
        1
    );
}

#[test]
fn variants_from_the_wild_are_read_and_written_canonically() {
    // side `r` for Red, `h`/`e` letters, fields cut after the side, `-` fields left out.
    let cases = [
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
        "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - -  0   1 ",
    ];
    for fen in cases {
        assert_eq!(
            Position::from_fen(fen).unwrap().to_fen(),
            START_FEN,
            "{fen}"
        );
    }
    let black = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .unwrap();
    assert_eq!(black.side_to_move(), Color::Black);
}

fn err(fen: &str) -> FenError {
    Position::from_fen(fen).expect_err(fen)
}

#[test]
fn malformed_fields_are_named() {
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("rnbakabnr/9/1c5c1 w"), FenError::RankCount(3));
    let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p1/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!(
        e,
        FenError::RankWidth {
            row: 4,
            iccs_rank: 6,
            files: 10
        }
    );
    assert_eq!(
        e.to_string(),
        "board field: rank 4 (ICCS rank 6) has 10 files, a rank has 9"
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
        FenError::BadPiece { row: 10, ch: 'X' }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
        FenError::MissingSide
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
        FenError::BadSide("x".into())
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1"),
        FenError::BadHalfmoveClock("x".into())
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0"),
        FenError::BadMoveNumber("0".into())
    );
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAAKBNR w");
    assert_eq!(
        e.to_string(),
        "position: red advisor on e0, a point it can never reach"
    );
    let e = err("3k5/9/9/9/9/9/9/9/9/3KK4 w");
    assert!(matches!(
        e,
        FenError::Position(SetupError::TooMany {
            color: Color::Red,
            count: 2,
            ..
        })
    ));
    assert_eq!(
        e.to_string(),
        "position: 2 red generals; a side has at most 1"
    );
    let e = err("3k5/9/9/9/9/9/9/4P4/9/5K3 w");
    assert_eq!(
        e.to_string(),
        "position: red soldier on e2, a point it can never reach"
    );
    let e = err("3k5/9/9/9/9/9/9/9/9/9 w");
    assert_eq!(e, FenError::Position(SetupError::NoGeneral(Color::Red)));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::Position(SetupError::GeneralsFacing)
    );
    // Black is in check by the chariot with Red to move: Black's last move was illegal.
    assert_eq!(
        err("4k4/9/9/9/4R4/9/9/9/9/3K5 w"),
        FenError::Position(SetupError::SideNotToMoveInCheck(Color::Black))
    );
    // Elephants only on their seven points, advisors on the five palace points, soldiers not
    // behind their start or off their files before the river.
    for (fen, what) in [
        ("3k5/9/9/9/9/9/9/9/1B7/5K3 w", "red elephant on b1"),
        ("3k5/9/9/9/9/9/9/9/3A5/5K3 w", "red advisor on d1"),
        ("3k5/9/9/9/9/9/1P7/9/9/5K3 w", "red soldier on b3"),
        ("3k5/9/9/9/9/4b4/9/9/9/5K3 w", "black elephant on e4"),
    ] {
        assert!(err(fen).to_string().contains(what), "{fen}");
    }
}

#[test]
fn setup_edits_then_validates() {
    let mut setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
    let sq = qipu::rules::Square::parse("e0").unwrap();
    setup.set(sq, setup.get(qipu::rules::Square::parse("d0").unwrap()));
    setup.set(qipu::rules::Square::parse("d0").unwrap(), None);
    assert_eq!(setup.into_position(), Err(SetupError::GeneralsFacing));
}

#[test]
fn every_refusal_is_worded_in_three_languages() {
    use qipu::lang::Language;
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    for (fen, hans, hant) in [
        ("", "FEN 是空的", "FEN 是空的"),
        ("9/9/9 w", "有 3 行", "有 3 行"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "第 10 行（ICCS 第 0 线）有 8 路",
            "第 10 行（ICCS 第 0 線）有 8 路",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w",
            "'X' 不是棋子字母",
            "'X' 不是棋子字母",
        ),
        (start, "走子方字段缺失", "走子方欄位缺失"),
        (&format!("{start} x"), "'x' 不是走子方", "'x' 不是走子方"),
        (
            &format!("{start} w - - z 1"),
            "'z' 不是数字",
            "'z' 不是數字",
        ),
        (
            &format!("{start} w - - 0 0"),
            "'0' 不是从 1 起",
            "'0' 不是從 1 起",
        ),
        (
            &format!("{start} w - - 0 1 extra"),
            "多出：'extra'",
            "多出：'extra'",
        ),
        (
            "4k4/9/9/9/9/9/9/9/9/9 w",
            "局面：红方没有帅",
            "局面：紅方沒有帥",
        ),
    ] {
        let e = err(fen);
        assert_eq!(e.message(Language::English), e.to_string());
        let (in_hans, in_hant) = (
            e.message(Language::SimplifiedChinese),
            e.message(Language::TraditionalChinese),
        );
        assert!(in_hans.contains(hans), "{fen:?}: {in_hans}");
        assert!(in_hant.contains(hant), "{fen:?}: {in_hant}");
    }
}
