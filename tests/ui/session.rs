//! The session driven by commands alone, with no window: a game played, a ruling, a
//! resignation, undo; the one result every part of the app reads.

use std::time::Duration;

use qipu::competition::{Moment, Preset};
use qipu::ending::{Ending, Outcome, Reason};
use qipu::record::TagKey;
use qipu::rules::{Color, Move};
use qipu::ui::{Notice, Session, SessionCommand};

fn mv(iccs: &str) -> Move {
    Move::parse_iccs(iccs).expect("ICCS move")
}

fn play(session: &mut Session, moves: &str) {
    for m in moves.split_whitespace() {
        session.apply(&SessionCommand::TryMove(mv(m)));
        assert_eq!(session.notice(), None, "{m} refused");
    }
}

fn main_line(session: &Session) -> Vec<String> {
    let game = session.game();
    game.main_line()
        .into_iter()
        .map(|n| game.move_of(n).expect("a move").to_string())
        .collect()
}

fn at(session: &mut Session, seconds: u64) {
    session
        .timer_mut()
        .set(Moment::after(Duration::from_secs(seconds)));
    session.apply(&SessionCommand::Tick);
}

#[test]
fn a_game_played_and_an_illegal_move_refused() {
    let mut session = Session::default();
    play(&mut session, "h2e2 h9g7 h0g2");
    assert_eq!(main_line(&session), ["h2e2", "h9g7", "h0g2"]);
    assert!(session.dirty());
    // Black's chariot on i9 cannot pass its own soldier on i6.
    session.apply(&SessionCommand::TryMove(mv("i9i5")));
    assert!(matches!(session.notice(), Some(Notice::Illegal { .. })));
    assert_eq!(session.game().main_line().len(), 3);
    assert_eq!(session.ending(), None);
}

#[test]
fn a_ruling_ends_the_game_and_becomes_its_result() {
    let mut session = Session::default();
    session.apply(&SessionCommand::PasteFen(
        "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1".to_owned(),
    ));
    // 26.1: Red checks for ever; at the third occurrence Black wins.
    play(&mut session, "f4e4 e9f9 e4f4 f9e9 f4e4 e9f9 e4f4 f9e9");
    let ending = Ending::win(Color::Black, Reason::PerpetualCheck, 8);
    assert_eq!(session.ending(), Some(ending));
    assert_eq!(session.game().ending(), Some(ending));
    assert_eq!(session.game().tags().get(&TagKey::Result), Some("0-1"));
    // No move is accepted in the game any more…
    session.apply(&SessionCommand::TryMove(mv("f4e4")));
    assert_eq!(session.notice(), Some(&Notice::GameOver));
    assert_eq!(session.game().main_line().len(), 8);
    // …but the moves before the end can still be looked at.
    session.apply(&SessionCommand::First);
    assert!(!session.game_over());
}

#[test]
fn a_resignation_on_the_clock_ends_the_game_for_the_board_and_the_record() {
    let mut session = Session::default();
    at(&mut session, 0);
    session.apply(&SessionCommand::StartClock(Preset::Art6_1));
    at(&mut session, 10);
    play(&mut session, "h2e2");
    at(&mut session, 20);
    play(&mut session, "h9g7");
    session.apply(&SessionCommand::Resign(Color::Red));
    let resigned = Ending::win(Color::Black, Reason::Resignation, 2);
    assert_eq!(session.ending(), Some(resigned));
    let contest = session.contest().expect("the clock");
    assert_eq!(contest.result().map(|r| r.ending), Some(resigned));
    assert_eq!(session.game().ending(), Some(resigned));
    assert_eq!(
        session.game().tags().get(&TagKey::Termination),
        Some("resignation")
    );
    // The defect: the board accepted moves after a resignation. Not any more, nor the move box.
    session.apply(&SessionCommand::TryMove(mv("h0g2")));
    assert_eq!(session.notice(), Some(&Notice::GameOver));
    session.apply(&SessionCommand::Transcribe("馬二進三".to_owned()));
    assert_eq!(session.notice(), Some(&Notice::GameOver));
    assert_eq!(main_line(&session), ["h2e2", "h9g7"]);
    // Going on is explicit: a copy without the result and the clock, for analysis.
    session.apply(&SessionCommand::ContinueAsAnalysis);
    assert_eq!(session.notice(), Some(&Notice::Analysis));
    assert_eq!(session.game().result(), None);
    assert!(session.contest().is_none());
    play(&mut session, "h0g2");
    assert_eq!(main_line(&session), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn a_flag_fall_reaches_the_board() {
    let mut session = Session::default();
    at(&mut session, 0);
    session.apply(&SessionCommand::StartClock(Preset::Art6_4));
    // 6.4: 30 moves in 5 minutes; Red thinks for six.
    at(&mut session, 6 * 60);
    assert_eq!(
        session.ending().map(|e| (e.outcome, e.reason)),
        Some((Outcome::BlackWins, Reason::LossOnTime))
    );
    session.apply(&SessionCommand::TryMove(mv("h2e2")));
    assert_eq!(session.notice(), Some(&Notice::GameOver));
    assert!(session.game().main_line().is_empty());
}

#[test]
fn undo_covers_the_record_and_the_clock() {
    let mut session = Session::default();
    at(&mut session, 0);
    session.apply(&SessionCommand::StartClock(Preset::Art6_1));
    at(&mut session, 5);
    play(&mut session, "h2e2");
    at(&mut session, 9);
    play(&mut session, "h9g7");
    assert_eq!(session.contest().map(|c| c.plies()), Some(2));
    // Taking back the move the clock pressed takes back the press too.
    session.apply(&SessionCommand::TakeBack);
    assert_eq!(main_line(&session), ["h2e2"]);
    assert_eq!(session.contest().map(|c| c.plies()), Some(1));
    // Undo brings the move and the press back, redo takes them away again.
    session.apply(&SessionCommand::Undo);
    assert_eq!(main_line(&session), ["h2e2", "h9g7"]);
    assert_eq!(session.contest().map(|c| c.plies()), Some(2));
    session.apply(&SessionCommand::Redo);
    assert_eq!(session.contest().map(|c| c.plies()), Some(1));
    // The game saved has no clock entries beyond its moves.
    let (_, cut) = session.game_to_save();
    assert!(cut.is_none(), "{cut:?}");
}

#[test]
fn typed_corrections_and_other_edits_share_one_undo_history() {
    let mut session = Session::default();
    session.apply(&SessionCommand::Transcribe(
        "炮二平五 馬８進７ 兵七進一 卒７進１".to_owned(),
    ));
    assert_eq!(session.game().main_line().len(), 4);
    // A round was missed on the sheet: insert it after 馬８進７.
    session.apply(&SessionCommand::GoTo(session.game().main_line()[1]));
    session.apply(&SessionCommand::TranscribeInsert(
        "兵三進一 卒３進１".to_owned(),
    ));
    let inserted = main_line(&session);
    assert_eq!(inserted.len(), 6, "{inserted:?}");
    // A comment written after: one more edit in the same history.
    let node = session.game().main_line()[0];
    session.apply(&SessionCommand::SetComment(node, "當頭炮".to_owned()));
    session.apply(&SessionCommand::Undo);
    assert_eq!(session.game().comment(node), "");
    assert_eq!(main_line(&session), inserted);
    // Undo the insertion: the record before it; redo: the insertion again.
    session.apply(&SessionCommand::Undo);
    assert!(session.game().main_line().len() < 6);
    session.apply(&SessionCommand::Redo);
    assert_eq!(main_line(&session), inserted);
    // Navigation is no edit.
    session.apply(&SessionCommand::First);
    session.apply(&SessionCommand::Redo);
    assert_eq!(session.game().comment(node), "當頭炮");
    assert!(!session.can_redo());
}
