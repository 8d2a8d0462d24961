//! The registry of windows, each window tested alone (a harness over one window, with a
//! session of its own, not the whole app): every window opens from its id and is drawn where
//! the app draws it, at full size and in a small window, and its picture is kept in
//! tests/snapshots (`UPDATE_SNAPSHOTS=true cargo test --test ui registry` writes them again).

use std::path::PathBuf;

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::{Harness, SnapshotResults};
use qipu::ui::{fonts, Alone, Answer, AppCommand, Command, WindowId, REGISTERED};

/// What the harness keeps: the window (made in the first frame, where the context is) and
/// whether it is still open after the last frame.
type Kept = (Option<Alone>, bool);

/// The folder a window that shows files is opened in: the same path on every run and in
/// every clone, holding the same files (the chooser's picture shows both), made afresh.
fn sample_folder() -> PathBuf {
    let folder = std::env::temp_dir().join("qipu-registry-folder");
    if folder.exists() {
        std::fs::remove_dir_all(&folder).expect("the sample folder can be emptied");
    }
    std::fs::create_dir_all(folder.join("events")).expect("the sample folder can be made");
    for name in ["game.pgn", "opening.xqf", "position.fen"] {
        std::fs::write(folder.join(name), "").expect("a sample file can be written");
    }
    folder
}

/// A harness of `size` over the window `id` alone, the fonts and theme the app sets, a window
/// showing files showing `folder`.
fn alone(id: WindowId, size: [f32; 2], folder: PathBuf) -> Harness<'static, Kept> {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .with_context_setup(|ctx| ctx.set_fonts(fonts::definitions()))
        .wgpu()
        .build_ui_state(
            move |ui, (window, open): &mut Kept| {
                if window.is_none() {
                    *window = Alone::open(id, ui.ctx(), &folder);
                }
                *open = window.as_mut().is_some_and(|window| window.show(ui));
            },
            (None, false),
        )
}

#[test]
fn every_window_of_the_registry_opens_alone_and_is_kept_as_a_picture_at_both_sizes() {
    assert!(REGISTERED.len() >= 15, "{REGISTERED:?}");
    let mut pictures = SnapshotResults::new();
    let folder = sample_folder();
    for &id in REGISTERED {
        for size in [[1400.0, 950.0], [640.0, 480.0]] {
            let mut harness = alone(id, size, folder.clone());
            harness.run_steps(4);
            assert!(harness.state().0.is_some(), "{id:?} did not open alone");
            assert!(harness.state().1, "{id:?} closed itself at {size:?}");
            // About names the build's revision, which every commit changes: it is drawn and
            // checked open, not kept as a picture.
            if id != WindowId::About {
                harness.snapshot(format!("window_{id:?}_{}x{}", size[0], size[1]));
                pictures.extend_harness(&mut harness);
            }
        }
    }
    pictures.unwrap();
}

#[test]
fn the_question_about_unsaved_changes_alone_answers_with_the_button_clicked() {
    let mut harness = alone(WindowId::Question, [640.0, 480.0], std::env::temp_dir());
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    harness.run_steps(2);
    let asked = harness.state().0.as_ref().map_or(&[][..], Alone::asked);
    assert!(
        matches!(asked, [Command::App(AppCommand::Answer(Answer::Save))]),
        "{asked:?}"
    );
}
