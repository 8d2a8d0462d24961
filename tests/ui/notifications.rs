//! One way to tell the user: every part sends a notification, the app keeps it until seen and
//! draws it by its level (an error in a box titled by its source, a notice in the status line);
//! none is put in place of one not yet seen; the system's reasons are told in plain words.

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::ui::{AppCommand, QipuApp};

use super::support::{app, click, type_over, wait_until, Scripted};
use crate::common::TempFolder;

/// Apply `command` to the app of `harness` as a menu would, then let it draw.
fn ask(harness: &mut Harness<'_, QipuApp>, command: AppCommand) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, command);
    harness.run();
}

#[test]
fn two_files_that_cannot_be_read_are_told_in_turn_each_under_its_name() {
    let dir = TempFolder::new("ui-notifications-missing");
    let mut harness = app([1000.0, 760.0], Scripted::default(), None);
    ask(&mut harness, AppCommand::OpenPath(dir.join("first.pgn")));
    ask(&mut harness, AppCommand::OpenPath(dir.join("second.pgn")));
    let told: Vec<String> = harness
        .state()
        .notifications()
        .map(|n| n.text.clone())
        .collect();
    assert_eq!(told.len(), 2, "{told:?}");
    // The first waits in its box; the second is not drawn over it.
    harness.get_by_label("first.pgn");
    assert!(harness.query_by_label("second.pgn").is_none());
    click(&mut harness, "OK");
    harness.get_by_label("second.pgn");
    assert!(harness.query_by_label("first.pgn").is_none());
    click(&mut harness, "OK");
    assert_eq!(harness.state().notifications().count(), 0);
}

#[test]
fn a_passing_notice_is_said_in_the_status_line_then_gives_way_to_the_game() {
    let mut harness = app([1000.0, 760.0], Scripted::default(), None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    ask(&mut harness, AppCommand::CopyPgn);
    assert!(
        harness
            .query_by_label_contains("Copied the game as PGN")
            .is_some(),
        "the copy is said"
    );
    assert!(harness.query_by_label_contains("Black to move").is_none());
    // A move on the board: the notice, seen, gives way to what the game says.
    click(&mut harness, "h9");
    click(&mut harness, "g7");
    assert!(harness
        .query_by_label_contains("Copied the game as PGN")
        .is_none());
    harness.get_by_label_contains("Red to move");
}

#[test]
fn a_system_error_is_told_in_plain_words_without_its_number() {
    let dir = TempFolder::new("ui-notifications-plain");
    let mut harness = app([1000.0, 760.0], Scripted::default(), None);
    let told = |harness: &Harness<'_, QipuApp>| -> Vec<String> {
        harness
            .state()
            .notifications()
            .map(|n| format!("{} {}", n.text, n.detail.as_deref().unwrap_or("")))
            .collect()
    };
    ask(&mut harness, AppCommand::OpenPath(dir.join("gone.pgn")));
    let missing = told(&harness);
    assert!(missing[0].contains("no such file or folder"), "{missing:?}");
    assert!(!missing[0].contains("os error"), "{missing:?}");
    click(&mut harness, "OK");

    // A database server that refuses the connection (nothing listens on port 1 here).
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    harness.run();
    type_over(
        &mut harness,
        "File or server",
        "postgresql://qipu@127.0.0.1:1/games",
    );
    harness.get_by_label("Open or create").click();
    wait_until(&mut harness, "the refusal", |app| {
        app.notifications().count() == 1
    });
    let refused = told(&harness);
    assert!(
        refused[0].contains("the connection was refused"),
        "{refused:?}"
    );
    assert!(!refused[0].contains("os error"), "{refused:?}");
}
