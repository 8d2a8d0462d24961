//! The database window's files: a database file that is not there is created only once the
//! user says so; without a system file chooser its Browse buttons open Qipu's
//! own dialog (a database created, a folder imported through it); the database comes back on
//! the next run; an import cancelled stops after the batch it is writing and leaves the
//! database holding exactly what it reports (the import held at a named pipe until the cancel
//! is given, so that no timing decides where it stops).

use std::path::Path;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::formats::read_record_file;
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, corpus, type_and_enter, type_over, wait_until, Scripted};

/// Click the button labelled `label` and draw two frames (a spinner keeps the window busy).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_role_and_label(Role::Button, label).click();
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
fn a_database_file_that_is_not_there_is_created_only_when_the_user_says_so() {
    let dir = TempFolder::new("ui-dbfiles-create");
    // A name mistyped ("hu.sqli" for "hu.sqlite").
    let file = dir.join("hu.sqli");
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    open_window(&mut harness);
    type_over(&mut harness, "File or server", &file.display().to_string());
    press(&mut harness, "Open or create");
    let question = format!(
        "There is no database at {}: create a new one?",
        file.display()
    );
    harness.get_by_label(&question);
    press(&mut harness, "Cancel");
    harness.run_steps(10);
    assert!(harness.query_by_label(&question).is_none());
    assert!(!file.exists(), "nothing is created on Cancel");
    assert_eq!(harness.state().database().location(), None);

    // Asked again, Create makes it.
    press(&mut harness, "Open or create");
    harness.get_by_label(&question);
    press(&mut harness, "Create");
    wait_until(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    assert!(file.is_file());
    assert_eq!(harness.state().database().game_count(), Some(0));
    assert!(harness.query_by_label(&question).is_none());

    // A database that is there opens without a question.
    let mut again = support::app([1280.0, 900.0], Scripted::default(), None);
    open_window(&mut again);
    type_and_enter(&mut again, "File or server", &file.display().to_string());
    assert!(again.query_by_label(&question).is_none());
    wait_until(&mut again, "the database to open again", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
}

#[test]
fn without_a_system_chooser_the_browse_buttons_use_qipus_own_dialog_and_the_database_comes_back() {
    let dir = TempFolder::new("ui-dbfiles-browse");
    let file = dir.join("coach.qipu");
    let folder = corpus("xqbase_eleeye/CCGC");
    let mut harness = support::app_without_system_chooser([1280.0, 900.0], None);
    open_window(&mut harness);

    // Choose file…: Qipu's own dialog, which says why; a new name chosen with its "Open or
    // create" makes the database without a second question.
    press(&mut harness, "Choose file…");
    harness.get_by_label_contains("Qipu's own file dialog");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    type_and_enter(&mut harness, "File name", "coach");
    assert!(harness
        .query_by_label_contains("create a new one?")
        .is_none());
    wait_until(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    assert_eq!(
        harness.state().database().location(),
        Some(file.display().to_string().as_str())
    );
    assert!(file.is_file());

    // Folder…: walk to the folder, no name: the folder is what is imported.
    press(&mut harness, "Folder…");
    type_and_enter(&mut harness, "Folder", &folder.display().to_string());
    press(&mut harness, "Import");
    assert!(
        harness.query_by_label("File name").is_none(),
        "the dialog closed"
    );
    harness.get_by_label(&folder.display().to_string());
    press(&mut harness, "Start import");
    wait_until(&mut harness, "the import", |app| {
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
    wait_until(&mut again, "the remembered database to open", |app| {
        app.database().location().is_some() && app.database().game_count().is_some()
    });
    assert_eq!(
        again.state().database().location(),
        Some(file.display().to_string().as_str())
    );
    assert_eq!(again.state().database().game_count(), count);
}

/// The write end of the named pipe at `path`, opened without waiting: `None` while no one reads
/// it (ENXIO). Dropped, it gives its reader the end of the file.
#[cfg(unix)]
fn pipe_writer(path: &Path) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .ok()
}

/// Make a named pipe at `path`.
#[cfg(unix)]
fn make_pipe(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The import is held at Unix named pipes (`mkfifo`, opened without waiting): off Unix the test
/// says so and checks nothing.
#[cfg(not(unix))]
#[test]
fn a_cancelled_import_stops_after_its_batch_and_the_database_holds_what_it_reports() {
    println!("skipped: the import is held at named pipes made by mkfifo, which are Unix's");
}

#[cfg(unix)]
#[test]
fn a_cancelled_import_stops_after_its_batch_and_the_database_holds_what_it_reports() {
    use crate::support::wait_for;
    use qipu::database::Database;
    use std::io::Write;
    use std::time::{Duration, Instant};
    let dir = TempFolder::new("ui-dbfiles-cancel");
    let file = dir.join("games.qipu");
    // Three files of 2,500 games each (one opening under other names): an import batch is at
    // least 2,000 games, so each file is a batch of its own. The second and third are named
    // pipes: the import cannot pass the second before the test fills it, which it does once
    // the cancel is given, so it stops after the first file or the second, never the third.
    let sample = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *";
    let part = |f: usize| -> String {
        (0..2500)
            .map(|g| format!("[Event \"copy {f}-{g}\"]\n\n{sample}\n\n"))
            .collect()
    };
    let games = dir.join("games");
    std::fs::create_dir_all(&games).expect("folder");
    std::fs::write(games.join("part0.pgn"), part(0)).expect("written");
    assert_eq!(games_in(&games), 2_500);
    let (second, third) = (games.join("part1.pgn"), games.join("part2.pgn"));
    make_pipe(&second);
    make_pipe(&third);

    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    open_window(&mut harness);
    type_and_enter(&mut harness, "File or server", &file.display().to_string());
    press(&mut harness, "Create");
    wait_until(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    type_and_enter(&mut harness, "Import", &games.display().to_string());
    press(&mut harness, "Start import");
    // The first file is stored, and the import reads the second.
    wait_for(&mut harness, "the first file stored", |h| {
        h.query_by_label_contains("files 1/3, games 2,500,")
            .is_some()
    });
    let start = Instant::now();
    let mut writer = loop {
        if let Some(writer) = pipe_writer(&second) {
            break writer;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the import never opened the second file"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(harness.state().database().importing());
    press(&mut harness, "Cancel import");
    harness.get_by_label("Stopping…");
    // The second file is being read when the cancel comes. Whether the import stores it
    // depends on where its writer was: waiting for the second file, it stores that file's
    // games as the batch in progress and stops there; still between the first batch and that
    // wait, it stops at once. Either way the second file is written to its end (a full pipe
    // makes a write wait for the reader, which reads it in any case), and the third is given
    // its end, so that the import can finish (its readers have to).
    let text = part(1);
    let mut rest = text.as_bytes();
    while !rest.is_empty() {
        match writer.write(rest) {
            Ok(n) => rest = &rest[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => harness.step(),
            Err(e) => panic!("the import stopped reading the second file: {e}"),
        }
    }
    drop(writer);
    let start = Instant::now();
    while harness.state().database().importing()
        || harness.state().database().last_import().is_none()
    {
        drop(pipe_writer(&third));
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "still waiting for the import to stop"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    wait_until(&mut harness, "the database to answer", |app| {
        !app.database().busy()
    });
    let report = *harness.state().database().last_import().expect("a report");
    assert!(report.cancelled, "{report:?}");
    assert!(
        [2_500, 5_000].contains(&report.games),
        "whole files, the third never: {report:?}"
    );
    assert_eq!(report.errors, 0, "{report:?}");
    harness.get_by_label_contains("(stopped)");
    // The database holds exactly what was reported, and the window says so.
    assert_eq!(harness.state().database().game_count(), Some(report.new));
    let mut db = Database::open(&file.display().to_string()).expect("opens");
    assert_eq!(db.game_count().expect("counted"), report.new);
}

/// The summary of an import names the games it could not read, each with its file and place,
/// once the import is over.
#[test]
fn the_import_summary_lists_the_games_not_read() {
    use egui_kittest::kittest::NodeT;
    let dir = TempFolder::new("ui-dbfiles-unread");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).expect("folder");
    std::fs::write(
        games.join("good.pgn"),
        "[Red \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. 炮二平五 马8进7 *\n",
    )
    .expect("good");
    std::fs::write(
        games.join("bad.pgn"),
        "[Red \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. 炮二平五 马8进7 2. 马八进六 *\n",
    )
    .expect("bad");
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    open_window(&mut harness);
    type_over(
        &mut harness,
        "File or server",
        &dir.join("g.qipu").display().to_string(),
    );
    press(&mut harness, "Open or create");
    press(&mut harness, "Create");
    wait_until(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    type_over(&mut harness, "Import", &games.display().to_string());
    press(&mut harness, "Add");
    press(&mut harness, "Start import");
    wait_until(&mut harness, "the import", |app| {
        !app.database().importing()
            && app.database().last_import().is_some()
            && !app.database().busy()
    });
    harness.step();
    harness.get_by_label_contains("duplicates, 1 not read");
    let listed = harness.query_by_label_contains("bad.pgn: game 1").map(|n| {
        n.value()
            .or_else(|| n.accesskit_node().label())
            .unwrap_or_default()
    });
    assert!(
        listed.as_deref().is_some_and(|l| l.contains("line 5")),
        "{listed:?}"
    );
}
