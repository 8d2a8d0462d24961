//! Nothing is out of reach: with the clock on and a game against the computer the left panel
//! holds the move box, the clock, the offers, the arbiter's forms, the log and the play
//! controls; the controls of the game in progress stay in view at every window size, above the
//! status line, and the rest scrolls. The database window fits a small screen.

use std::time::Duration;

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::competition::Preset;
use qipu::engine_client::{EngineConfig, EngineProgram};
use qipu::rules::Color;
use qipu::ui::{AppCommand, EngineChoice, PlaySettings, QipuApp};

use crate::support::{self, click, Scripted};

/// The app in a window of `size`, playing Red against the built-in engine with the clock of
/// 6.1, after a draw offered too early (its refusal adds a message to the panel, 23.1).
fn playing_with_clock(size: [f32; 2]) -> Harness<'static, QipuApp> {
    let mut harness = support::app(size, Scripted::default(), None);
    harness.state_mut().set_builtin_engine(EngineConfig {
        program: EngineProgram::Path {
            path: crate::common::qipu_binary().into(),
            args: vec!["uci".to_owned()],
        },
        ..EngineConfig::builtin()
    });
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(
        &ctx,
        AppCommand::PlayComputer(PlaySettings {
            computer: Color::Black,
            engine: EngineChoice {
                level: 0,
                ..EngineChoice::default()
            },
            move_time: Duration::from_millis(100),
            clock: Some(Preset::Art6_1),
            ..PlaySettings::default()
        }),
    );
    harness.run();
    // In a small window the panel waits as a tab beside the board: opened as a user would.
    if harness.query_by_label("Move box and clock").is_some() {
        click(&mut harness, "Move box and clock");
    }
    harness
        .get_all_by_label("Offer draw")
        .next()
        .expect("Red's offer")
        .click();
    harness.run();
    harness
}

/// Every control of the game in progress lies wholly in the window, above the status line.
fn in_view(harness: &Harness<'_, QipuApp>, size: [f32; 2]) {
    let status_top = harness
        .get_by_label_contains("Referee's detail (")
        .rect()
        .min
        .y;
    for label in ["Stop playing", "Offer draw", "Resign", "Accept"] {
        for node in harness.get_all_by_label(label) {
            let rect = node.rect();
            assert!(
                rect.min.x >= 0.0 && rect.max.x <= size[0] && rect.min.y >= 0.0,
                "{label} at {rect:?} in a window of {size:?}"
            );
            assert!(
                rect.max.y <= status_top,
                "{label} at {rect:?} is under the status line (from {status_top})"
            );
        }
    }
    // The message that pushed the buttons out of the panel at 1100×820 is there too.
    harness.get_by_label_contains("may offer a draw only after its own move");
}

#[test]
fn the_game_controls_stay_in_view_at_1100_by_820() {
    let size = [1100.0, 820.0];
    let harness = playing_with_clock(size);
    in_view(&harness, size);
}

#[test]
fn the_game_controls_stay_in_view_at_640_by_480() {
    let size = [640.0, 480.0];
    let mut harness = playing_with_clock(size);
    in_view(&harness, size);
    // In reach, so it works.
    click(&mut harness, "Stop playing");
    assert!(harness.state().computer_side().is_none());
}

#[test]
fn the_database_window_fits_the_screen_at_every_size() {
    for size in [[640.0, 480.0], [1400.0, 950.0]] {
        let mut harness = support::app(size, Scripted::default(), None);
        harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
        harness.run();
        // Its rows, top to bottom (the list's headings scroll sideways when they must).
        for label in [
            "File or server",
            "Open or create",
            "Choose file…",
            "Folder…",
            "Start import",
            "Side",
            "Clear filters",
        ] {
            let node = harness.get_by_label(label);
            let rect = node.rect();
            assert!(
                rect.left() >= 0.0 && rect.right() <= size[0],
                "{label} at {rect:?} in {size:?}"
            );
        }
    }
}
