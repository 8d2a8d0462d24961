//! The database window's files: without a system file chooser its Browse buttons open Qipu's
//! own dialog (a database created, a folder imported through it); the database comes back on
//! the next run; an import cancelled stops after the batch it is writing and leaves the
//! database holding exactly what it reports.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::database::Database;
use qipu::formats::read_record_file;
use qipu::ui::{AppOptions, NativeDialogs, QipuApp};

use crate::support::{self, Scripted};

/// A fresh folder for test `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-ui-dbfiles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The shared corpus folder `part` (read in place, never copied).
fn corpus(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/corpus").join(part))
        .find(|path| path.exists())
        .expect("the shared corpus beside the project")
}

/// Run frames until `done` holds (the database answers on its own threads).
fn wait(harness: &mut Harness<'_, QipuApp>, what: &str, done: impl Fn(&QipuApp) -> bool) {
    let start = Instant::now();
    loop {
        harness.step();
        if done(harness.state()) {
            harness.step();
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "still waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Click the button labelled `label` and draw two frames (a spinner keeps the window busy).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_role_and_label(Role::Button, label).click();
    harness.step();
    harness.step();
}

/// Type `text` over what the field labelled `label` holds, then press Enter.
fn type_into(harness: &mut Harness<'_, QipuApp>, label: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .focus();
    harness.step();
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .set_text_value_accesskit("");
    harness.step();
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    harness.step();
    harness.key_press(Key::Enter);
    harness.step();
    harness.step();
}

/// The games the record readers find in the files of `folder`, as `qipu stats` counts them.
fn games_in(folder: &Path) -> u64 {
    qipu::database::record_files(&[folder.to_owned()])
        .expect("the folder is listed")
        .iter()
        .map(|file| {
            read_record_file(file)
                .expect("reads")
                .games
                .iter()
                .filter(|g| g.game.is_some() && g.error.is_none())
                .count() as u64
        })
        .sum()
}

fn open_window(harness: &mut Harness<'_, QipuApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    harness.step();
    harness.step();
}

#[test]
fn without_a_system_chooser_the_browse_buttons_use_qipus_own_dialog_and_the_database_comes_back() {
    let dir = scratch("browse");
    let file = dir.join("coach.qipu");
    let folder = corpus("xqbase_eleeye/CCGC");
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_eframe(|cc| {
            QipuApp::with_options(
                cc,
                AppOptions {
                    dialogs: Box::new(NativeDialogs::own_only()),
                    autosave: None,
                },
            )
        });
    open_window(&mut harness);

    // Choose file…: Qipu's own dialog, which says why; a new name creates the database.
    press(&mut harness, "Choose file…");
    harness.get_by_label_contains("Qipu's own file dialog");
    type_into(&mut harness, "Folder", &dir.display().to_string());
    type_into(&mut harness, "File name", "coach");
    wait(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    assert_eq!(
        harness.state().database().location(),
        Some(file.display().to_string().as_str())
    );
    assert!(file.is_file());

    // Folder…: walk to the folder, no name: the folder is what is imported.
    press(&mut harness, "Folder…");
    type_into(&mut harness, "Folder", &folder.display().to_string());
    press(&mut harness, "Import");
    assert!(
        harness.query_by_label("File name").is_none(),
        "the dialog closed"
    );
    harness.get_by_label(&folder.display().to_string());
    press(&mut harness, "Start import");
    wait(&mut harness, "the import", |app| {
        !app.database().importing()
            && app.database().last_import().is_some()
            && !app.database().busy()
    });
    let report = *harness.state().database().last_import().expect("a report");
    assert_eq!(report.games, games_in(&folder));
    let count = harness.state().database().game_count();
    assert_eq!(count, Some(report.new));

    // The next run opens the same database again, with its games.
    let storage = support::stored(&mut harness);
    let mut again = support::app_on([1280.0, 900.0], Scripted::default(), storage);
    wait(&mut again, "the remembered database to open", |app| {
        app.database().location().is_some() && app.database().game_count().is_some()
    });
    assert_eq!(
        again.state().database().location(),
        Some(file.display().to_string().as_str())
    );
    assert_eq!(again.state().database().game_count(), count);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cancelled_import_stops_after_its_batch_and_the_database_holds_what_it_reports() {
    let dir = scratch("cancel");
    let file = dir.join("games.qipu");
    // Four files of 2,500 games each (one opening under other names): an import batch is at
    // least 2,000 games, so a cancel stops it a file or more before the end.
    let sample = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *";
    let games = dir.join("games");
    std::fs::create_dir_all(&games).expect("folder");
    for f in 0..4 {
        let text: String = (0..2500)
            .map(|g| format!("[Event \"copy {f}-{g}\"]\n\n{sample}\n\n"))
            .collect();
        std::fs::write(games.join(format!("part{f}.pgn")), text).expect("written");
    }
    let total = games_in(&games);
    assert_eq!(total, 10_000);

    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    open_window(&mut harness);
    type_into(&mut harness, "File or server", &file.display().to_string());
    wait(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    type_into(&mut harness, "Import", &games.display().to_string());
    press(&mut harness, "Start import");
    assert!(harness.state().database().importing());
    press(&mut harness, "Cancel import");
    harness.get_by_label("Stopping…");
    wait(&mut harness, "the import to stop", |app| {
        !app.database().importing()
            && app.database().last_import().is_some()
            && !app.database().busy()
    });
    let report = *harness.state().database().last_import().expect("a report");
    assert!(report.cancelled, "{report:?}");
    assert!(report.games < total, "stopped before the end: {report:?}");
    assert_eq!(report.games % 2500, 0, "whole files only: {report:?}");
    harness.get_by_label_contains("(stopped)");
    // The database holds exactly what was reported, and the window says so.
    assert_eq!(harness.state().database().game_count(), Some(report.new));
    let mut db = Database::open(&file.display().to_string()).expect("opens");
    assert_eq!(db.game_count().expect("counted"), report.new);
    let _ = std::fs::remove_dir_all(&dir);
}
