//! The move box and the game clock beside the board, used as a clerk and an arbiter would: moves
//! typed and pasted, candidates and suggestions picked by their buttons, the clock started,
//! pressed by a move and read from its faces, with time set through the session's timer.

use std::path::PathBuf;

use eframe::egui::accesskit::Role;
use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::rules::Move;
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, click, enter, main_line, set_time, Scripted};

fn app_saving_to(saves: Vec<PathBuf>) -> Harness<'static, QipuApp> {
    let dialogs = Scripted {
        saves: saves.into(),
        ..Scripted::default()
    };
    support::app([1300.0, 900.0], dialogs, None)
}

#[test]
fn a_typed_move_enters_the_record_and_the_box_keeps_focus() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮二平五");
    assert_eq!(main_line(&harness), ["h2e2"]);
    // The record panel shows it, the status line has moved on, the box is empty and focused.
    harness.get_by_label("炮二平五");
    harness.get_by_label("Black to move");
    let moves = harness.get_by_role_and_label(Role::TextInput, "Moves");
    assert_eq!(moves.value().as_deref(), Some(""));
    assert!(moves.is_focused());
    // The next move is typed straight away, in another notation.
    harness
        .get_by_role_and_label(Role::TextInput, "Moves")
        .type_text("h8+7");
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
}

#[test]
fn an_ambiguous_move_shows_numbered_candidates_and_a_digit_or_button_picks() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮84");
    assert!(main_line(&harness).is_empty());
    harness.get_by_label_contains("'炮84' fits 2 moves");
    harness.get_by_label("1. 炮八平四 (b2f2)");
    harness.get_by_label("2. 炮八进四 (b2b6)");
    click(&mut harness, "2. 炮八进四 (b2b6)");
    assert_eq!(main_line(&harness), ["b2b6"]);
    assert!(harness.query_by_label_contains("fits 2 moves").is_none());

    click(&mut harness, "Undo");
    assert!(main_line(&harness).is_empty());
    enter(&mut harness, "炮84");
    enter(&mut harness, "1");
    assert_eq!(main_line(&harness), ["b2f2"]);
}

#[test]
fn a_move_that_fits_nothing_says_why_and_its_suggestion_enters() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮二平五");
    enter(&mut harness, "馬８退７");
    assert_eq!(main_line(&harness), ["h2e2"]);
    harness.get_by_label_contains("the move would leave the board");
    // The text stays in the box to be corrected.
    assert_eq!(
        harness
            .get_by_role_and_label(Role::TextInput, "Moves")
            .value()
            .as_deref(),
        Some("馬８退７")
    );
    click(&mut harness, "马８进７ (h9g7)");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    assert!(harness
        .query_by_label_contains("the move would leave the board")
        .is_none());
}

#[test]
fn a_pasted_line_enters_every_move_and_stops_at_the_first_problem() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "1. 炮二平五 馬８進７ 2. 馬二進三");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7", "h0g2"]);
    // Black has no cannon on its file 3: entry stops there, the move after it is held.
    enter(&mut harness, "2… 車９平８ 3. 車一平二 炮３平５ 4. 兵七進一");
    assert_eq!(
        main_line(&harness),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]
    );
    harness.get_by_label_contains("Move 3… (Black)");
    // The corrected move stands in for it and the held move follows.
    enter(&mut harness, "炮２平５");
    let session = harness.state().session();
    assert_eq!(
        session
            .transcriber()
            .stop()
            .map(|s| s.message(Language::English, &session.move_style())),
        None,
        "box: {}",
        session.move_box()
    );
    assert_eq!(
        main_line(&harness),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7e7", "c3c4"]
    );
}

#[test]
fn every_edit_is_undone_and_redone_in_one_history() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮二平五 馬８進７");
    // A move played on the board joins the same history.
    let mv = Move::parse_iccs("h0g2").expect("ICCS");
    click(&mut harness, &mv.from.to_string());
    click(&mut harness, &mv.to.to_string());
    assert_eq!(main_line(&harness), ["h2e2", "h9g7", "h0g2"]);
    click(&mut harness, "Undo");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    click(&mut harness, "Undo");
    assert!(main_line(&harness).is_empty());
    click(&mut harness, "Redo");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
}

#[test]
fn the_clock_runs_for_the_side_to_move_and_a_move_presses_it() {
    let dir = TempFolder::new("ui-clock");
    let saved = dir.join("clocked.pgn");
    let mut harness = app_saving_to(vec![saved.clone()]);
    set_time(&mut harness, 0);
    harness
        .get_by_role_and_label(Role::ComboBox, "Time control")
        .click();
    harness.run();
    click(&mut harness, "6.4: 30 moves per 5 min");
    // Closed, the chooser says what it holds, not the article alone.
    assert_eq!(
        harness
            .get_by_role_and_label(Role::ComboBox, "Time control")
            .value()
            .as_deref(),
        Some("6.4: 30/5 min")
    );
    click(&mut harness, "Start clock");
    harness.get_by_label("Red 0:05:00 · 30 moves due");
    harness.get_by_label("Black 0:05:00 · 30 moves due");

    // Red thinks 12 seconds, then moves: its clock stops, Black's runs.
    set_time(&mut harness, 12);
    harness.get_by_label("Red 0:04:48 · 30 moves due");
    enter(&mut harness, "炮二平五");
    set_time(&mut harness, 20);
    harness.get_by_label("Red 0:04:48 · 29 moves due");
    harness.get_by_label("Black 0:04:52 · 30 moves due");

    // Black runs out of time: the flag falls and the game is over (22.1).
    set_time(&mut harness, 12 + 301);
    harness.get_by_label("Black 0:00:00 · 30 moves due");
    let contest = harness.state().session().contest().expect("a clock");
    let result = contest.result().expect("the flag fell");
    harness.get_by_label(&result.describe(Language::English));

    // Saving writes the time control and the clock log into the game.
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&saved).expect("saved file");
    assert!(text.contains("[TimeControl \"30/5m\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
}

#[test]
fn a_refused_clock_action_says_why() {
    let mut harness = app_saving_to(Vec::new());
    set_time(&mut harness, 0);
    click(&mut harness, "Start clock");
    // Black has not moved: it cannot offer a draw (23.1).
    let offers = harness.get_all_by_label("Offer draw").count();
    assert_eq!(offers, 2);
    harness
        .get_all_by_label("Offer draw")
        .nth(1)
        .expect("Black's offer button")
        .click();
    harness.run();
    let error = harness
        .state()
        .session()
        .contest_error()
        .expect("the offer is refused");
    harness.get_by_label(&error.message(Language::English));
}

#[test]
fn a_move_taken_back_after_the_clock_pressed_it_never_stops_a_save() {
    let dir = TempFolder::new("ui-takeback");
    let saved = dir.join("taken-back.pgn");
    let mut harness = app_saving_to(vec![saved.clone()]);
    set_time(&mut harness, 0);
    click(&mut harness, "Start clock");
    set_time(&mut harness, 5);
    enter(&mut harness, "炮二平五");
    set_time(&mut harness, 9);
    enter(&mut harness, "马8进7");
    // The clerk removes Black's move: the clock's log still holds its press.
    click(&mut harness, "Remove");
    assert_eq!(main_line(&harness), ["h2e2"]);

    click(&mut harness, "File");
    click(&mut harness, "Save");
    let text = std::fs::read_to_string(&saved).expect("the game was saved");
    assert!(text.contains("[TimeControl"), "{text}");
    assert!(text.contains("炮二平五"), "{text}");
    assert!(
        !text.contains("马８进７") && !text.contains("馬８進７"),
        "{text}"
    );
    harness.get_by_label_contains("The clock entries after move 2 were left out");
}

#[test]
fn a_removal_that_puts_the_sides_out_of_step_asks_and_loses_nothing() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮二平五 马８进７ 兵三进一 卒９进１ 马二进三");
    click(&mut harness, "兵三进一");
    click(&mut harness, "Remove");
    // 卒９进１ is Black's: never read as Red's 兵九进一.
    assert_eq!(main_line(&harness), ["h2e2", "h9g7"]);
    harness.get_by_label_contains("'卒９进１' is written as Black's move");
    harness.get_by_label("or type Red's missing move and Enter");
    // The moves still to come are shown while the question is open.
    harness.get_by_label("Waiting (2): 卒９进１ 马二进三");
    click(&mut harness, "Remove the whole round");
    assert_eq!(main_line(&harness), ["h2e2", "h9g7", "h0g2"]);
    assert!(harness
        .query_by_label_contains("is written as Black's move")
        .is_none());
}

#[test]
fn the_missing_move_line_is_written_at_the_body_size() {
    let mut harness = app_saving_to(Vec::new());
    enter(&mut harness, "炮二平五 马８进７");
    click(&mut harness, "Missing from Red's sheet");
    let line = harness.get_by_label_contains("Red's sheet: 1 move missing");
    let height = line.rect().height();
    // The small style drew it about 8 px tall; the body text is 13 px or more.
    assert!(height >= 13.0, "the line is {height} px tall");
}
