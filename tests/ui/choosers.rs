//! The system's file chooser never blocks the window: while it is open (its answer still to
//! come, as from rfd's dialog on its own thread) the window goes on drawing frames and says the
//! chooser is open; the answer, when it comes, is carried out. A system chooser that turns out
//! not to be there gives way to Qipu's own on the same request, and its answer is carried out
//! the same way; Qipu's own closed without a choice is a cancel.

use std::path::Path;
use std::sync::mpsc;

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::ui::{FileDialogs, NoDialog, Picked, Picking, Purpose, QipuApp};

use super::support::{self, click, type_and_enter, wait_for};
use crate::common::TempFolder;

/// A chooser whose answers the test gives when it likes, as a user who takes their time.
struct Slow {
    answers: Option<mpsc::Receiver<Picked>>,
}

impl FileDialogs for Slow {
    fn pick(&mut self, _: Language, _: Purpose, _: &Path) -> Picking {
        self.answers
            .take()
            .map_or(Picking::Now(Ok(None)), Picking::Later)
    }
}

#[test]
fn the_window_keeps_drawing_while_the_system_chooser_is_open_and_saves_when_it_answers() {
    let dir = TempFolder::new("ui-choosers");
    let target = dir.join("slow.pgn");
    let (answer, answers) = mpsc::channel();
    let mut harness = slow_app(answers);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    // The chooser is open: frames go on (each step returns), the window says why it waits.
    for _ in 0..20 {
        harness.step();
    }
    harness.get_by_label("The file chooser is open…");
    assert!(!target.exists());
    assert!(harness.state().session().dirty());

    answer
        .send(Ok(Some(vec![target.clone()])))
        .expect("the app waits");
    // The answer comes through the outbox, which wakes the window.
    wait_for(&mut harness, "the save", |h| !h.state().session().dirty());
    let saved = std::fs::read_to_string(&target).expect("slow.pgn written");
    assert!(saved.contains("炮二平五"), "{saved}");
    assert!(!harness.state().session().dirty());
    assert!(harness
        .query_by_label("The file chooser is open…")
        .is_none());
    harness.get_by_label_contains(&format!("Saved to {}", target.display()));
}

/// The app with the chooser `Slow` answering from `answers`.
fn slow_app(answers: mpsc::Receiver<Picked>) -> Harness<'static, QipuApp> {
    let slow = Slow {
        answers: Some(answers),
    };
    support::app_with([1280.0, 900.0], slow, None)
}

#[test]
fn a_system_chooser_found_missing_late_gives_way_to_qipus_own_which_saves_the_same_way() {
    let dir = TempFolder::new("ui-choosers-late");
    let (answer, answers) = mpsc::channel();
    let mut harness = slow_app(answers);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    // The note's spinner keeps the window drawing: frames are stepped, not run to rest.
    harness.step();
    harness.step();
    harness.get_by_label("The file chooser is open…");
    answer
        .send(Err(NoDialog::Unavailable("no portal here".to_owned())))
        .expect("the app waits");
    wait_for(&mut harness, "Qipu's own chooser", |h| {
        h.query_by_label_contains("no portal here").is_some()
    });
    assert!(harness
        .query_by_label("The file chooser is open…")
        .is_none());
    type_and_enter(&mut harness, "Folder", &dir.path().display().to_string());
    type_and_enter(&mut harness, "File name", "late.pgn");
    let target = dir.join("late.pgn");
    wait_for(&mut harness, "the save", |h| !h.state().session().dirty());
    let saved = std::fs::read_to_string(&target).expect("late.pgn written");
    assert!(saved.contains("炮二平五"), "{saved}");
    assert_eq!(
        harness.state().session().tie().map(|tie| tie.path.clone()),
        Some(target)
    );
}

#[test]
fn qipus_own_chooser_closed_with_escape_saves_nothing_and_can_be_asked_again() {
    let dir = TempFolder::new("ui-choosers-escape");
    let mut harness = support::app_without_system_chooser([1280.0, 900.0], None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    type_and_enter(&mut harness, "Folder", &dir.path().display().to_string());
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness.query_by_label("File name").is_none());
    assert!(harness.state().session().dirty());
    assert_eq!(
        std::fs::read_dir(dir.path()).map(|d| d.count()).ok(),
        Some(0)
    );

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    type_and_enter(&mut harness, "Folder", &dir.path().display().to_string());
    type_and_enter(&mut harness, "File name", "again.pgn");
    wait_for(&mut harness, "the save", |h| !h.state().session().dirty());
    assert!(dir.join("again.pgn").is_file());
}
