//! Files without a system file chooser: Qipu's own dialog opens, saves (suggesting the game's
//! own name in its folder, asking before writing over a file) and says why in the status line;
//! Save and Copy PGN confirm there; a restored autosave comes back with its file's name.

use std::collections::VecDeque;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::ui::QipuApp;

use super::support::{
    self, app_without_system_chooser, click, main_line, type_and_enter, Scripted,
};
use crate::common::TempFolder;

/// A fresh folder holding `w2.xqf` (a copy of a sample record) and nothing else.
fn folder_with_xqf(name: &str) -> TempFolder {
    let dir = TempFolder::new(&format!("ui-files-{name}"));
    let sample = support::shared_data("samples/SAMPLE.XQF");
    std::fs::copy(sample, dir.join("w2.xqf")).expect("copy of the sample");
    dir
}

fn field_value(harness: &Harness<'_, QipuApp>, label: &str) -> String {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .value()
        .unwrap_or_default()
}

#[test]
fn without_a_system_chooser_qipus_own_dialog_opens_and_saves_beside_the_file() {
    let dir = folder_with_xqf("own");
    let mut harness = app_without_system_chooser([1280.0, 900.0], None);

    // Open: the own dialog, and the status line says why.
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    harness.get_by_label_contains("Qipu's own file dialog");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    harness.get_by_label("w2.xqf");
    type_and_enter(&mut harness, "File name", "w2.xqf");
    assert_eq!(harness.state().path(), Some(dir.join("w2.xqf").as_path()));
    let moves = main_line(&harness);
    assert!(!moves.is_empty());

    // Ctrl+S on an XQF record asks where, suggesting w2.pgn in the record's folder.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(field_value(&harness, "File name"), "w2.pgn");
    assert_eq!(field_value(&harness, "Folder"), dir.display().to_string());
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run();
    let saved = std::fs::read_to_string(dir.join("w2.pgn")).expect("w2.pgn written");
    assert!(saved.contains("1."), "{saved}");
    assert_eq!(harness.state().path(), Some(dir.join("w2.pgn").as_path()));
    harness.get_by_label_contains(&format!("Saved to {}", dir.join("w2.pgn").display()));

    // Save as to the same name asks before writing over it; keeping it writes nothing.
    std::fs::write(dir.join("w2.pgn"), "kept").expect("marker");
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run();
    harness.get_by_label("w2.pgn is already there. Write over it?");
    click(&mut harness, "Keep it");
    assert_eq!(
        std::fs::read_to_string(dir.join("w2.pgn")).expect("kept"),
        "kept"
    );
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run();
    click(&mut harness, "Write over it");
    let saved = std::fs::read_to_string(dir.join("w2.pgn")).expect("written over");
    assert!(saved.contains("1."), "{saved}");
    assert!(
        harness.query_by_label("File name").is_none(),
        "the dialog closed"
    );
}

#[test]
fn a_new_games_save_and_export_use_the_own_dialog_and_copy_pgn_says_so() {
    let dir = folder_with_xqf("new");
    let mut harness = app_without_system_chooser([1280.0, 900.0], None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    click(&mut harness, "File");
    click(&mut harness, "Copy PGN");
    harness.get_by_label("Copied the game as PGN (1 move)");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(field_value(&harness, "File name"), "game.pgn");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    type_and_enter(&mut harness, "File name", "first");
    let saved = std::fs::read_to_string(dir.join("first.pgn")).expect("first.pgn written");
    assert!(saved.contains("炮二平五"), "{saved}");

    click(&mut harness, "File");
    click(&mut harness, "Export…");
    click(&mut harness, "Export…");
    assert_eq!(field_value(&harness, "File name"), "diagram.png");
    assert_eq!(field_value(&harness, "Folder"), dir.display().to_string());
    harness
        .get_by_role_and_label(Role::Button, "Export")
        .click();
    harness.run();
    let png = std::fs::read(dir.join("diagram.png")).expect("diagram written");
    assert_eq!(&png[..4], b"\x89PNG");
}

#[test]
fn the_close_prompts_save_saves_through_the_own_dialog_then_closes() {
    let dir = folder_with_xqf("close");
    let mut harness = app_without_system_chooser([1280.0, 900.0], None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    click(&mut harness, "File");
    click(&mut harness, "Quit");
    harness.get_by_label("This game has unsaved changes.");
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run();
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    type_and_enter(&mut harness, "File name", "closing.pgn");
    assert!(dir.join("closing.pgn").is_file());
    assert!(!harness.state().session().dirty());
}

#[test]
fn a_restored_autosave_comes_back_with_its_files_name() {
    let dir = folder_with_xqf("restore");
    let autosave = dir.join("autosave.pgn");
    {
        let mut first = support::app(
            [1280.0, 900.0],
            Scripted {
                opens: VecDeque::from([dir.join("w2.xqf")]),
                saves: VecDeque::new(),
            },
            Some(autosave.clone()),
        );
        click(&mut first, "File");
        click(&mut first, "Open…");
        assert_eq!(first.state().path(), Some(dir.join("w2.xqf").as_path()));
        first.get_by_label("Comment on this move").focus();
        first.run();
        first
            .get_by_label("Comment on this move")
            .type_text("a note");
        first.run();
        assert!(first.state().session().dirty());
        assert!(autosave.is_file(), "the autosave was written");
        // The run ends without closing the window, as after a crash.
    }
    let mut second = support::app([1280.0, 900.0], Scripted::default(), Some(autosave));
    click(&mut second, "Restore");
    assert_eq!(second.state().path(), Some(dir.join("w2.xqf").as_path()));
    assert!(second.state().session().dirty());
}

/// Save as of a PGN file suggests its own name and ending as they are (`BHW-COO0.PGN`, never a
/// second file `BHW-COO0.pgn` beside it on a case-sensitive disk); the reason the system's
/// chooser was not shown is said in the dialog, and not left in the status line after it.
#[test]
fn save_as_keeps_the_name_and_ending_of_a_pgn_file() {
    let dir = folder_with_xqf("upper");
    std::fs::write(
        dir.join("BHW-COO0.PGN"),
        "[Red \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 马8进7 *\n",
    )
    .expect("a PGN file");
    let mut harness = app_without_system_chooser([1280.0, 900.0], None);
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    harness.get_by_label_contains("Qipu's own file dialog");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    type_and_enter(&mut harness, "File name", "BHW-COO0.PGN");
    assert_eq!(
        harness.state().path(),
        Some(dir.join("BHW-COO0.PGN").as_path())
    );
    assert!(harness
        .query_by_label_contains("Qipu's own file dialog")
        .is_none());
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    assert_eq!(field_value(&harness, "File name"), "BHW-COO0.PGN");
    // The XQF beside it is still saved as PGN under its own name.
    click(&mut harness, "Cancel");
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    type_and_enter(&mut harness, "File name", "w2.xqf");
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    assert_eq!(field_value(&harness, "File name"), "w2.pgn");
}

/// Two files that cannot be opened, one after the other: the second message waits for the
/// first to be dismissed (it used to take its place unseen).
#[test]
fn a_message_is_never_replaced_before_it_was_seen() {
    use qipu::ui::AppCommand;
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    let dir = TempFolder::new("ui-messages");
    let (first, second) = (
        dir.join("first-missing.pgn"),
        dir.join("second-missing.pgn"),
    );
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, AppCommand::OpenPath(first.clone()));
    harness
        .state_mut()
        .apply(&ctx, AppCommand::OpenPath(second.clone()));
    harness.run();
    harness.get_by_label("first-missing.pgn");
    assert!(harness.query_by_label("second-missing.pgn").is_none());
    click(&mut harness, "OK");
    harness.get_by_label("second-missing.pgn");
    click(&mut harness, "OK");
    assert!(harness.query_by_label("second-missing.pgn").is_none());
    assert!(harness.query_by_label("OK").is_none());
}
