//! No command loses a game: a game put in place of an opened file's game (a pasted position,
//! the setup editor's) is no longer that file's game, so Save asks where instead of writing
//! over the file, and the title no longer names it.

use std::path::{Path, PathBuf};

use eframe::egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use qipu::rules::Position;
use qipu::ui::QipuApp;

use super::support::{self, click, Scripted};
use crate::common::TempFolder;

/// A master game (a sample record of the shared data) as `game.pgn` in a fresh folder, opened:
/// the folder, the app, the file and its bytes.
fn opened_game(name: &str) -> (TempFolder, Harness<'static, QipuApp>, PathBuf, Vec<u8>) {
    let dir = TempFolder::new(&format!("ui-{name}"));
    let file = dir.join("game.pgn");
    let bytes = std::fs::read(support::shared_data(
        "samples/sample_xqbase_ccgc2006_r22_utf8.pgn",
    ))
    .expect("the sample game");
    std::fs::write(&file, &bytes).expect("the game's file");
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, qipu::ui::AppCommand::OpenPath(file.clone()));
    harness.run();
    assert_eq!(harness.state().path(), Some(file.as_path()));
    assert!(harness.state().session().game().main_line().len() > 20);
    (dir, harness, file, bytes)
}

/// Ctrl+S, the save dialog (if asked) cancelled: the game shown is unsaved work of no file, and
/// `file` still holds `bytes`.
fn saved_elsewhere(harness: &mut Harness<'_, QipuApp>, file: &Path, bytes: &[u8]) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let now = std::fs::read(file).expect("the file");
    assert!(
        now == bytes,
        "the file is as it was ({} bytes, now {})",
        bytes.len(),
        now.len()
    );
    assert_eq!(harness.state().path(), None, "the game shown has no file");
    assert!(
        harness.state().session().dirty(),
        "the game shown is unsaved"
    );
}

/// `text` as the program writes it back.
fn fen(text: &str) -> String {
    Position::from_diagram_fen(text)
        .expect("a legal position")
        .to_fen()
}

const POSITION: &str = "3akab2/9/4b4/p3p3p/2p6/6P2/P1P1P3P/4B1N2/4A4/2BAK4 w - - 0 1";

#[test]
fn a_pasted_position_is_never_saved_over_the_file_opened() {
    let (_dir, mut harness, file, bytes) = opened_game("paste-then-save");
    harness.event(Event::Paste(POSITION.to_owned()));
    harness.run();
    assert_eq!(
        harness.state().session().position().to_fen(),
        fen(POSITION),
        "the position pasted is on the board"
    );
    saved_elsewhere(&mut harness, &file, &bytes);
}

#[test]
fn a_position_set_up_is_never_saved_over_the_file_opened() {
    let (_dir, mut harness, file, bytes) = opened_game("setup-then-save");
    click(&mut harness, "Game");
    click(&mut harness, "Set up position…");
    support::type_over(&mut harness, "FEN", POSITION);
    click(&mut harness, "Read FEN");
    click(&mut harness, "Start from this position");
    assert_eq!(harness.state().session().position().to_fen(), fen(POSITION));
    saved_elsewhere(&mut harness, &file, &bytes);
}
