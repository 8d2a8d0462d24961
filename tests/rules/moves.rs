//! The rules of movement, one test per rule (art. 2.2), and the game-end facts (3.1, 3.2, 4.1).

use qipu::lang::Language;
use qipu::rules::{IllegalReason, Move, Position, Status};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).expect("ICCS move")
}

/// Legal destinations of the piece on `from`, sorted, in ICCS.
fn destinations(p: &Position, from: &str) -> Vec<String> {
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == from)
        .map(|m| m.to.to_string())
        .collect();
    out.sort();
    out
}

fn why(p: &Position, m: &str) -> Option<IllegalReason> {
    p.why_illegal(mv(m))
}

#[test]
fn horse_is_blocked_at_the_leg() {
    // 2.2: 馬走日, blocked by a piece on its leg. Red horse on e4 with a red soldier on e5.
    let p = pos("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w - - 0 1");
    assert_eq!(why(&p, "e4d6"), Some(IllegalReason::HorseLegBlocked));
    assert_eq!(why(&p, "e4f6"), Some(IllegalReason::HorseLegBlocked));
    assert_eq!(why(&p, "e4d7"), Some(IllegalReason::HorseStep));
    assert_eq!(destinations(&p, "e4"), ["c3", "c5", "d2", "f2", "g3", "g5"]);
    assert_eq!(
        IllegalReason::HorseLegBlocked.message(Language::TraditionalChinese),
        "馬腿被蹩"
    );
}

#[test]
fn elephant_is_blocked_at_the_eye_and_stays_home() {
    // 2.2: 相走田, blocked at the eye, never across the river.
    let p = pos("3k5/9/9/9/9/9/9/9/3N5/2B2K3 w - - 0 1");
    assert_eq!(why(&p, "c0e2"), Some(IllegalReason::ElephantEyeBlocked));
    assert_eq!(destinations(&p, "c0"), ["a2"]);
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/5K3 w - - 0 1");
    assert_eq!(why(&p, "c4e6"), Some(IllegalReason::ElephantCrossesRiver));
    assert_eq!(destinations(&p, "c4"), ["a2", "e2"]);
}

#[test]
fn general_and_advisors_stay_in_the_palace() {
    let p = pos("4k4/9/9/9/9/9/9/5A3/4A4/3K5 w - - 0 1");
    assert_eq!(why(&p, "d0c0"), Some(IllegalReason::LeavesPalace));
    assert_eq!(why(&p, "f2g3"), Some(IllegalReason::LeavesPalace));
    assert_eq!(why(&p, "d0d2"), Some(IllegalReason::GeneralStep));
    assert_eq!(why(&p, "e1e2"), Some(IllegalReason::AdvisorStep));
    assert_eq!(destinations(&p, "e1"), ["d2", "f0"]);
    assert_eq!(destinations(&p, "d0"), ["d1", "e0"]);
    // With the advisor gone from e1, e0 would face the black general.
    let p = pos("4k4/9/9/9/9/9/9/5A3/9/3K5 w - - 0 1");
    assert_eq!(destinations(&p, "d0"), ["d1"]);
}

#[test]
fn generals_may_not_face_on_an_open_file() {
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(why(&p, "d0e0"), Some(IllegalReason::GeneralsFacing));
    // A screen leaving the file between the generals is illegal too.
    let p = pos("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(why(&p, "e5d7"), Some(IllegalReason::GeneralsFacing));
    assert!(destinations(&p, "e5").is_empty());
}

#[test]
fn chariot_moves_along_lines_until_blocked() {
    let p = pos("3k5/9/9/9/9/9/1p7/1R1A5/9/5K3 w - - 0 1");
    assert_eq!(why(&p, "b2b4"), Some(IllegalReason::PathBlocked));
    assert_eq!(why(&p, "b2c3"), Some(IllegalReason::NotStraight));
    assert_eq!(destinations(&p, "b2"), ["a2", "b0", "b1", "b3", "c2"]);
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    // Red cannon b2; b5 red soldier is a screen for b7 (black horse); b9 is behind two screens.
    let p = pos("1r1k5/9/1n7/9/1P7/9/9/1C7/9/5K3 w - - 0 1");
    assert!(destinations(&p, "b2").contains(&"b7".to_string()));
    assert_eq!(why(&p, "b2b9"), Some(IllegalReason::CannonNeedsScreen));
    assert_eq!(why(&p, "b2b6"), Some(IllegalReason::PathBlocked));
    // Without a screen a cannon cannot capture.
    let p = pos("1r1k5/9/9/9/9/9/9/1C7/9/5K3 w - - 0 1");
    assert_eq!(why(&p, "b2b9"), Some(IllegalReason::CannonNeedsScreen));
    assert_eq!(
        destinations(&p, "b2"),
        [
            "a2", "b0", "b1", "b3", "b4", "b5", "b6", "b7", "b8", "c2", "d2", "e2", "f2", "g2",
            "h2", "i2"
        ]
    );
}

#[test]
fn soldier_moves_sideways_only_after_the_river() {
    let p = pos("3k5/9/9/9/4P4/9/2P6/9/9/5K3 w - - 0 1");
    assert_eq!(destinations(&p, "c3"), ["c4"]);
    assert_eq!(
        why(&p, "c3b3"),
        Some(IllegalReason::SoldierSidewaysBeforeRiver)
    );
    assert_eq!(why(&p, "c3c2"), Some(IllegalReason::SoldierBackward));
    assert_eq!(destinations(&p, "e5"), ["d5", "e6", "f5"]);
    // A black soldier moves down the board.
    let p = pos("3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1");
    assert_eq!(destinations(&p, "e4"), ["d4", "e3", "f4"]);
}

#[test]
fn pinned_piece_may_not_expose_the_general() {
    // Red horse e1 stands between the red general and a black chariot on the e-file.
    let p = pos("3kr4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
    assert_eq!(why(&p, "e1c2"), Some(IllegalReason::LeavesGeneralInCheck));
    assert!(destinations(&p, "e1").is_empty());
}

#[test]
fn moving_a_screen_in_front_of_a_cannon_is_illegal() {
    // Black cannon e7; a red chariot moving onto the e-file becomes its screen.
    let p = pos("3k5/9/4c4/9/9/9/R8/9/9/4K4 w - - 0 1");
    assert_eq!(why(&p, "a3e3"), Some(IllegalReason::LeavesGeneralInCheck));
    assert_eq!(why(&p, "a3d3"), None);
}

#[test]
fn check_must_be_answered() {
    // 3.1: the black chariot on e9 checks along the open e-file; d0 would face the black
    // general, e1 stays on the file: block with the chariot or step aside to f0.
    let p = pos("3kr4/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    assert!(p.in_check());
    let mut replies: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    replies.sort();
    assert_eq!(replies, ["a1e1", "e0f0"]);
    for m in p.legal_moves().iter() {
        assert!(!p.play(*m).unwrap().is_check(qipu::rules::Color::Red));
    }
}

#[test]
fn checkmate_is_a_loss_for_the_side_to_move() {
    // 4.1.1: two red chariots on the black general's rank and the rank in front of it.
    let p = pos("R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.status(), Status::Checkmate);
}

#[test]
fn stalemate_is_detected() {
    // 3.2, 4.1.3: the black general is not in check and has no legal move (困斃).
    let p = pos("4k4/9/4P4/9/9/9/9/9/3R1R3/4K4 b - - 0 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.status(), Status::Stalemate);
    assert_eq!(Position::startpos().status(), Status::Ongoing);
}

#[test]
fn play_refuses_illegal_moves_and_keeps_the_position() {
    let start = Position::startpos();
    let err = start
        .play(mv("h0g1"))
        .expect_err("h0 to g1 is not a horse step");
    assert_eq!(err.reason, IllegalReason::HorseStep);
    assert_eq!(why(&start, "h0f1"), Some(IllegalReason::HorseLegBlocked));
    assert_eq!(start, Position::startpos());
    let next = start.play(mv("h2e2")).unwrap();
    assert_eq!(next.side_to_move(), qipu::rules::Color::Black);
    assert_eq!(next.halfmove_clock(), 1);
    assert_eq!(start.why_illegal(mv("e4e5")), Some(IllegalReason::NoPiece));
    assert_eq!(
        start.why_illegal(mv("h7e7")),
        Some(IllegalReason::NotYourTurn)
    );
    assert_eq!(
        start.why_illegal(mv("a0a3")),
        Some(IllegalReason::CapturesOwnPiece)
    );
}

#[test]
fn hash_depends_on_board_and_side_only() {
    let start = Position::startpos();
    let a = ["h2e2", "h9g7", "b0c2"];
    let b = ["b0c2", "h9g7", "h2e2"];
    let play = |moves: &[&str]| {
        moves
            .iter()
            .fold(start.clone(), |p, m| p.play(mv(m)).unwrap())
    };
    let (pa, pb) = (play(&a), play(&b));
    assert_eq!(pa.hash(), pb.hash());
    assert_eq!(pa.hash(), Position::from_fen(&pa.to_fen()).unwrap().hash());
    assert_ne!(pa.hash(), start.hash());
    // The same board with the other side to move hashes differently.
    let black = Position::from_fen(&start.to_fen().replace(" w ", " b ")).unwrap();
    assert_ne!(black.hash(), start.hash());
}
