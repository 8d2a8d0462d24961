//! The system's file chooser never blocks the window: while it is open (its answer still to
//! come, as from rfd's dialog on its own thread) the window goes on drawing frames and says the
//! chooser is open; the answer, when it comes, is carried out.

use std::path::Path;
use std::sync::mpsc;

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::ui::{AppOptions, FileDialogs, Picked, Picking, QipuApp};

use super::support::{click, wait_for};
use crate::common::TempFolder;

/// A chooser whose answers the test gives when it likes, as a user who takes their time.
struct Slow {
    answers: Option<mpsc::Receiver<Picked>>,
}

impl FileDialogs for Slow {
    fn pick_open(&mut self, _: Language, _: &Path) -> Picking {
        self.answers
            .take()
            .map_or(Picking::Now(Ok(None)), Picking::Later)
    }
    fn pick_save(&mut self, lang: Language, suggested: &Path) -> Picking {
        self.pick_open(lang, suggested)
    }
}

#[test]
fn the_window_keeps_drawing_while_the_system_chooser_is_open_and_saves_when_it_answers() {
    let dir = TempFolder::new("ui-choosers");
    let target = dir.join("slow.pgn");
    let (answer, answers) = mpsc::channel();
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_eframe(move |cc| {
            QipuApp::with_options(
                cc,
                AppOptions {
                    dialogs: Box::new(Slow {
                        answers: Some(answers),
                    }),
                    autosave: None,
                },
            )
        });
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
        .send(Ok(Some(target.clone())))
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
