//! Annotating in the app: marks and evaluations from the bar, the context menu and the keyboard,
//! variations promoted, demoted and deleted, and all of it kept through Save and Open; keys in
//! the move box; the natural-limit count in the status line.

use std::collections::VecDeque;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::record::{Evaluation, Game, Mark};
use qipu::rules::Position;
use qipu::ui::QipuApp;

use super::support::{app, click, enter, main_line, Scripted};
use crate::common::TempFolder;

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

fn cursor_annotation(harness: &Harness<'_, QipuApp>) -> (Option<Mark>, Option<Evaluation>) {
    let session = harness.state().session();
    let annotation = session.game().annotation(session.cursor());
    (annotation.mark, annotation.evaluation())
}

#[test]
fn marks_and_evaluations_are_set_shown_and_kept_through_save_and_open() {
    let dir = TempFolder::new("annotate");
    let path = dir.join("marks.pgn");
    let mut harness = app_at(Scripted {
        opens: VecDeque::from([path.clone()]),
        saves: VecDeque::from([path.clone()]),
    });
    play(&mut harness, "h2e2");
    play(&mut harness, "h9g7");

    // From the bar: the mark, then the evaluation from its list.
    click(&mut harness, "!");
    assert_eq!(cursor_annotation(&harness), (Some(Mark::Good), None));
    harness.get_by_label("马８进７!");
    click(&mut harness, "Evaluation");
    click(&mut harness, "+=  Red slightly better");
    assert_eq!(
        cursor_annotation(&harness),
        (Some(Mark::Good), Some(Evaluation::RedSlightlyBetter))
    );
    harness.get_by_label("马８进７! +=");

    // From the keyboard: Alt+2 is `?`, Ctrl+8 is `-+`.
    harness.key_press_modifiers(Modifiers::ALT, Key::Num2);
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Num8);
    harness.run();
    assert_eq!(
        cursor_annotation(&harness),
        (Some(Mark::Mistake), Some(Evaluation::BlackWinning))
    );

    // From the first move's context menu: `!!`.
    harness.get_by_label("炮二平五").click_secondary();
    harness.run();
    click(&mut harness, "!!  Brilliant move");
    let first = harness.state().session().game().main_line()[0];
    assert_eq!(
        harness.state().session().game().mark(first),
        Some(Mark::Brilliant)
    );

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("$3") || text.contains("!!"), "{text}");

    click(&mut harness, "File");
    click(&mut harness, "New game");
    assert!(main_line(&harness).is_empty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    harness.get_by_label("炮二平五!!");
    harness.get_by_label("马８进７? -+");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn variations_are_promoted_demoted_and_deleted_and_every_change_undoes() {
    let mut harness = app_at(Scripted::default());
    play(&mut harness, "h2e2");
    play(&mut harness, "h9g7");
    click(&mut harness, "Back");
    // 1… 卒7进1 instead of 马8进7: a variation.
    play(&mut harness, "g6g5");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);

    click(&mut harness, "Make main line");
    assert_eq!(main_line(&harness), ["h2e2", "g6g5"]);
    click(&mut harness, "Demote line");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::ArrowUp);
    harness.run();
    assert_eq!(main_line(&harness), ["h2e2", "g6g5"]);

    click(&mut harness, "Delete from here");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    let game = &harness.state().session().game();
    assert_eq!(game.move_count(), 2, "the variation is gone");

    click(&mut harness, "Game");
    click(&mut harness, "Undo edit");
    assert_eq!(harness.state().session().game().move_count(), 3);
    assert_eq!(main_line(&harness), ["h2e2", "g6g5"]);
}

#[test]
fn the_empty_move_box_passes_undo_redo_and_navigation_to_the_record() {
    let mut harness = app_at(Scripted::default());
    enter(&mut harness, "h2e2");
    enter(&mut harness, "h9g7");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);

    // The box still has the keyboard and is empty.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(main_line(&harness), ["h2e2"]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    let ply = |harness: &Harness<'_, QipuApp>| {
        let session = harness.state().session();
        session.game().ply(session.cursor())
    };
    assert_eq!(ply(&harness), 2);
    harness.key_press(Key::ArrowLeft);
    harness.run();
    assert_eq!(ply(&harness), 1);
    harness.key_press(Key::Home);
    harness.run();
    assert_eq!(ply(&harness), 0);
    harness.key_press(Key::End);
    harness.run();
    assert_eq!(ply(&harness), 2);
}

#[test]
fn the_status_line_counts_rounds_toward_the_natural_limit() {
    let mut harness = app_at(Scripted::default());
    // 39 plies without a capture already, Red to move (4.2.4).
    let fen = "r2akab2/9/4b4/9/9/9/9/4B4/4A4/R1BAK4 w - - 39 60";
    let game = Game::new(Position::from_fen(fen).expect("legal test position"));
    harness.state_mut().show_game(game);
    harness.run();
    harness.get_by_label("Natural limit (4.2.4): 19 of 60 rounds without a capture");
    play(&mut harness, "a0a1");
    harness.get_by_label("Natural limit (4.2.4): 20 of 60 rounds without a capture");
}

/// The app in a 1300×900 window with these dialogs, without autosave.
fn app_at(dialogs: Scripted) -> Harness<'static, QipuApp> {
    app([1300.0, 900.0], dialogs, None)
}

#[test]
fn comments_show_and_edit_their_text_and_keep_their_commands() {
    let mut harness = app_at(Scripted::default());
    let mut game = Game::new(Position::startpos());
    let first = game
        .play_at_cursor(qipu::rules::Move::parse_iccs("h2e2").expect("ICCS"))
        .expect("legal");
    game.set_comment(first, "[%missing black] [%csl Ge6] 好棋");
    harness.state_mut().show_game(game);
    harness.run();
    // The record shows the clerk's mark in words and the text, not the commands.
    harness.get_by_label("Missing from the sheet of: Black · 好棋");
    assert!(harness.query_by_label_contains("[%").is_none());

    click(&mut harness, "炮二平五");
    let editor = harness.get_by_role_and_label(Role::MultilineTextInput, "Comment on this move");
    assert_eq!(editor.value().as_deref(), Some("好棋"));
    editor.focus();
    harness.run();
    harness
        .get_by_role_and_label(Role::MultilineTextInput, "Comment on this move")
        .type_text("，先手");
    harness.run();
    let session = harness.state().session();
    assert_eq!(
        session.game().comment(first),
        "[%missing black] [%csl Ge6] 好棋，先手"
    );
}
