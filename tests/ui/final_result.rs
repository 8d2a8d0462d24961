//! A result is final, and changed only on purpose: the word that ends a game is asked for once,
//! a take-back after the end is refused with the reason, and looking at the end of a game read
//! from a file changes nothing (the referee's result is shown, written by a save or an edit).
//! A move played where the record goes on another way is said to add a variation.

use std::path::PathBuf;

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::ending::{Outcome, Reason};
use qipu::rules::{Color, Move};
use qipu::ui::{AppCommand, FileTie, Notice, QipuApp, Session, SessionCommand};

use crate::common::TempFolder;
use crate::support::{self, click, Scripted};

fn mv(iccs: &str) -> Move {
    Move::parse_iccs(iccs).expect("ICCS move")
}

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

fn plies(harness: &Harness<'_, QipuApp>) -> usize {
    harness.state().session().game().main_line().len()
}

fn unsaved_question(harness: &Harness<'_, QipuApp>) -> usize {
    harness
        .query_all_by_label("This game has unsaved changes.")
        .count()
}

/// 4.1.9: resigning is asked once; No leaves the game going on. After the resignation a
/// take-back (Backspace) is refused with the reason and removes no move; Undo takes the
/// resignation back alone.
#[test]
fn a_resignation_is_asked_once_kept_from_take_back_and_undone_alone() {
    let mut harness = support::app([1100.0, 800.0], Scripted::default(), None);
    play(&mut harness, "h2e2");
    play(&mut harness, "h9g7");
    // The clock's panel has a Resign for each side; without a clock, start one.
    click(&mut harness, "Start clock");
    let resign_black = |harness: &mut Harness<'_, QipuApp>| {
        harness
            .get_all_by_label("Resign")
            .nth(1)
            .expect("Black's Resign")
            .click();
        harness.run();
    };
    resign_black(&mut harness);
    assert!(!harness.state().session().game_over(), "asked first");
    harness.get_by_label("Black resigns: the game ends, Red wins. Resign?");
    click(&mut harness, "Cancel");
    assert!(!harness.state().session().game_over());
    assert_eq!(
        harness
            .query_all_by_label("Black resigns: the game ends, Red wins. Resign?")
            .count(),
        0
    );
    resign_black(&mut harness);
    click(&mut harness, "Yes, resign");
    let ending = harness.state().session().ending().expect("resigned");
    assert_eq!(
        (ending.outcome, ending.reason, ending.ply),
        (Outcome::RedWins, Reason::Resignation, 2)
    );

    // Backspace after the result: refused, the move and the result stay together.
    harness.key_press(Key::Backspace);
    harness.run();
    assert_eq!(plies(&harness), 2, "no move taken back after the result");
    assert_eq!(harness.state().session().ending(), Some(ending));
    assert_eq!(
        harness.state().session().notice(),
        Some(&Notice::TakeBackRefused)
    );
    harness.get_by_label_contains("No take-back: the result is final");

    // Undo corrects the result: the resignation alone goes, the moves stay.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(harness.state().session().ending(), None);
    assert!(!harness.state().session().game_over());
    assert_eq!(plies(&harness), 2);
}

/// A draw agreed (23.1) is asked once too.
#[test]
fn accepting_a_draw_is_asked_once() {
    let mut harness = support::app([1100.0, 800.0], Scripted::default(), None);
    click(&mut harness, "Start clock");
    play(&mut harness, "h2e2");
    harness
        .get_all_by_label("Offer draw")
        .next()
        .expect("Red's offer")
        .click();
    harness.run();
    harness
        .get_all_by_label("Accept")
        .nth(1)
        .expect("Black's Accept")
        .click();
    harness.run();
    assert!(!harness.state().session().game_over(), "asked first");
    click(&mut harness, "Yes, agree the draw");
    let ending = harness.state().session().ending().expect("drawn");
    assert_eq!(
        (ending.outcome, ending.reason),
        (Outcome::Draw, Reason::AgreedDraw)
    );
}

/// A record whose last move mates (Red's chariot from i0 to i9), with no `Result` tag, as
/// `mate.pgn` in `dir`.
fn mate_file(dir: &TempFolder) -> PathBuf {
    let path = dir.join("mate.pgn");
    std::fs::write(
        &path,
        "[Event \"mate\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\"]\n\n1. i0i9 *\n",
    )
    .expect("the record written");
    path
}

fn open(harness: &mut Harness<'_, QipuApp>, path: PathBuf) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, AppCommand::OpenPath(path));
    harness.run();
}

/// Going to the end of an unedited record whose last move mates shows the referee's result
/// and changes nothing: New asks nothing. Saving writes the result.
#[test]
fn looking_at_a_mate_at_the_end_changes_nothing_and_saving_writes_it() {
    let dir = TempFolder::new("ui-final-look");
    let path = mate_file(&dir);
    let mut harness = support::app([1100.0, 800.0], Scripted::default(), None);
    open(&mut harness, path.clone());
    assert_eq!(harness.state().session().game().ending(), None);
    click(&mut harness, "Last");
    let session = harness.state().session();
    let ending = session.ending().expect("the referee's result is shown");
    assert_eq!(ending.outcome, Outcome::RedWins);
    assert!(!session.dirty(), "looking is not an edit");
    // Back at the start the result is still the game's, and still nothing to save.
    click(&mut harness, "First");
    assert_eq!(harness.state().session().ending(), Some(ending));
    assert!(!harness.state().session().dirty());

    // Save (in place: a PGN read without error) writes the result found.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("[Result \"1-0\"]"), "{saved}");

    // Open again, look at the end, and start a new game: nothing is asked.
    open(&mut harness, path.clone());
    click(&mut harness, "Last");
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, SessionCommand::NewGame);
    harness.run();
    assert_eq!(unsaved_question(&harness), 0);
    assert_eq!(plies(&harness), 0, "the new game is shown");
}

/// An edit after looking writes the result found into the record (and is an unsaved change).
#[test]
fn an_edit_after_looking_writes_the_result_found() {
    let dir = TempFolder::new("ui-final-edit");
    let path = mate_file(&dir);
    let mut harness = support::app([1100.0, 800.0], Scripted::default(), None);
    open(&mut harness, path.clone());
    click(&mut harness, "Last");
    let ctx = harness.ctx.clone();
    let root = harness.state().session().game().root();
    harness.state_mut().apply(
        &ctx,
        SessionCommand::SetComment(root, "mate in one".to_owned()),
    );
    harness.run();
    let session = harness.state().session();
    assert!(session.dirty());
    assert_eq!(
        session.game().ending().map(|e| e.outcome),
        Some(Outcome::RedWins)
    );
}

/// A move already in the record is gone to, changing nothing; one where the record goes on
/// another way adds a variation, and the status line says so (Undo removes it).
#[test]
fn a_move_in_the_record_is_gone_to_and_a_new_one_is_said_to_add_a_variation() {
    let mut session = Session::default();
    for m in ["h2e2", "h9g7"] {
        session.apply(&SessionCommand::TryMove(mv(m)));
    }
    session.apply(&SessionCommand::Saved(FileTie {
        path: PathBuf::from("game.pgn"),
        in_place: true,
    }));
    session.apply(&SessionCommand::First);
    session.apply(&SessionCommand::TryMove(mv("h2e2")));
    assert_eq!(session.notice(), None);
    assert!(!session.dirty(), "a move of the record is only gone to");
    assert_eq!(session.game().move_count(), 2);
    // Black answers otherwise: a variation.
    session.apply(&SessionCommand::TryMove(mv("b9c7")));
    assert_eq!(session.notice(), Some(&Notice::VariationAdded));
    assert!(session.dirty());
    assert_eq!(session.game().move_count(), 3);
    session.apply(&SessionCommand::Undo);
    assert_eq!(session.game().move_count(), 2, "Undo removes the variation");
    // At the end of a line a move only extends it: nothing to say.
    session.apply(&SessionCommand::Last);
    session.apply(&SessionCommand::TryMove(mv("h0g2")));
    assert_eq!(session.notice(), None);
    assert_eq!(session.position().side_to_move(), Color::Black);
}
