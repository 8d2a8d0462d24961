//! The registry of windows, each window tested alone (a harness over one window, with a
//! session of its own, not the whole app): every window opens from its id and is drawn where
//! the app draws it, at full size and in a small window, and its picture is kept in
//! tests/snapshots (`UPDATE_SNAPSHOTS=true cargo test --test ui registry` writes them again).

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::{Harness, SnapshotResults};
use qipu::ui::{fonts, Alone, Answer, AppCommand, Command, WindowId, REGISTERED};

/// What the harness keeps: the window (made in the first frame, where the context is) and
/// whether it is still open after the last frame.
type Kept = (Option<Alone>, bool);

/// A harness of `size` over the window `id` alone, the fonts and theme the app sets.
fn alone(id: WindowId, size: [f32; 2]) -> Harness<'static, Kept> {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .with_context_setup(|ctx| ctx.set_fonts(fonts::definitions()))
        .wgpu()
        .build_ui_state(
            move |ui, (window, open): &mut Kept| {
                if window.is_none() {
                    *window = Alone::open(id, ui.ctx());
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
    for &id in REGISTERED {
        for size in [[1400.0, 950.0], [640.0, 480.0]] {
            let mut harness = alone(id, size);
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
    let mut harness = alone(WindowId::Question, [640.0, 480.0]);
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    harness.run_steps(2);
    let asked = harness.state().0.as_ref().map_or(&[][..], Alone::asked);
    assert!(
        matches!(asked, [Command::App(AppCommand::Answer(Answer::Save))]),
        "{asked:?}"
    );
}
