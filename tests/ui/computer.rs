//! Play against the computer and the analysis panel, against the built-in engine (the `qipu`
//! program's `uci`, at a low level and a short time so the tests are quick).

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::engine_client::{EngineConfig, EngineProgram};
use qipu::rules::{Color, Move};
use qipu::ui::{AppCommand, EngineChoice, PlaySettings, QipuApp, SessionCommand};

pub use crate::support::wait_for;
use crate::support::{self, click, Scripted};

/// The app with the built-in engine started as the `qipu` program (this test's own executable
/// is not Qipu).
pub fn app() -> Harness<'static, QipuApp> {
    app_saving_to(None)
}

/// The same, its autosave (and so its settings' folder) at `autosave`.
pub fn app_saving_to(autosave: Option<PathBuf>) -> Harness<'static, QipuApp> {
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), autosave);
    harness.state_mut().set_builtin_engine(EngineConfig {
        program: EngineProgram::Path {
            path: crate::common::qipu_binary().into(),
            args: vec!["uci".to_owned()],
        },
        ..EngineConfig::builtin()
    });
    harness.run();
    harness
}

/// Frames for about `millis` milliseconds.
pub fn idle(harness: &mut Harness<'_, QipuApp>, millis: u64) {
    for _ in 0..millis / 10 {
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

pub fn plies(harness: &Harness<'_, QipuApp>) -> usize {
    harness.state().session().game().main_line().len()
}

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

fn start(harness: &mut Harness<'_, QipuApp>, settings: PlaySettings) {
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, AppCommand::PlayComputer(settings));
    harness.step();
}

fn quick(computer: Color) -> PlaySettings {
    PlaySettings {
        computer,
        engine: EngineChoice {
            level: 0,
            ..EngineChoice::default()
        },
        move_time: Duration::from_millis(100),
        ..PlaySettings::default()
    }
}

#[test]
fn the_computer_replies_with_a_legal_move_and_a_take_back_removes_both() {
    let mut harness = app();
    click(&mut harness, "Game");
    click(&mut harness, "Play against the computer…");
    click(&mut harness, "Start");
    assert_eq!(harness.state().computer_side(), Some(Color::Black));
    play(&mut harness, "h2e2");
    wait_for(&mut harness, "the computer's reply", |h| plies(h) == 2);
    let session = harness.state().session();
    let game = session.game();
    let line = game.main_line();
    let after_red = game.position(line[0]);
    let reply = game.move_of(line[1]).expect("a move");
    assert!(
        after_red.legal_moves().contains(&reply),
        "{reply} is a legal reply"
    );
    assert_eq!(session.position().side_to_move(), Color::Red);
    harness.get_by_label("Against the computer");

    click(&mut harness, "Game");
    click(&mut harness, "Take back");
    assert_eq!(plies(&harness), 0, "the reply and the move before it");
    // Red, the user, is to move: the computer waits.
    idle(&mut harness, 600);
    assert_eq!(plies(&harness), 0);
}

#[test]
fn the_computer_playing_red_moves_first_and_undo_takes_back_its_move_and_the_users() {
    let mut harness = app();
    start(&mut harness, quick(Color::Red));
    wait_for(&mut harness, "the first move", |h| plies(h) == 1);
    let game = harness.state().session().game();
    let black = game.position(game.main_line()[0]).legal_moves()[0];
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, SessionCommand::TryMove(black));
    wait_for(&mut harness, "the second move", |h| plies(h) == 3);
    harness.state_mut().apply(&ctx, SessionCommand::Undo);
    harness.step();
    assert_eq!(
        plies(&harness),
        1,
        "undo takes back the reply and Black's move"
    );
    assert_eq!(
        harness.state().session().position().side_to_move(),
        Color::Black
    );
}

#[test]
fn after_a_resignation_the_computer_never_moves() {
    let mut harness = app();
    // A reply that cannot come by itself while the test runs (full strength, an hour a
    // move): the resignation is always clicked while the computer thinks, however slow the
    // machine (states are waited for, never the clock).
    start(
        &mut harness,
        PlaySettings {
            computer: Color::Black,
            engine: EngineChoice {
                level: 20,
                ..EngineChoice::default()
            },
            move_time: Duration::from_secs(3600),
            ..PlaySettings::default()
        },
    );
    play(&mut harness, "h2e2");
    wait_for(&mut harness, "the computer thinking", |h| {
        h.state().computer_thinking()
    });
    // Red resigns while the computer thinks about its reply (4.1.9).
    click(&mut harness, "Resign");
    click(&mut harness, "Yes, resign");
    let session = harness.state().session();
    assert!(session.game_over());
    assert_eq!(session.game().result().map(|o| o.pgn()), Some("0-1"));
    // The search is stopped; the move it answers with is dropped.
    wait_for(&mut harness, "the search stopped", |h| {
        !h.state().computer_thinking()
    });
    assert_eq!(plies(&harness), 1, "no move after the game ended");
    assert_eq!(harness.state().computer_side(), Some(Color::Black));
}

#[test]
fn against_the_computer_undo_takes_back_a_resignation_alone() {
    let mut harness = app();
    start(&mut harness, quick(Color::Black));
    play(&mut harness, "h2e2");
    wait_for(&mut harness, "the computer's reply", |h| plies(h) == 2);
    click(&mut harness, "Resign");
    click(&mut harness, "Yes, resign");
    assert!(harness.state().session().game_over());
    // Take back is refused after the result: the computer's reply stays.
    harness.key_press(eframe::egui::Key::Backspace);
    harness.run();
    assert_eq!(plies(&harness), 2);
    assert!(harness.state().session().game_over());
    // Undo corrects the result, one step: not the computer's reply with it.
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, SessionCommand::Undo);
    harness.step();
    assert!(!harness.state().session().game_over());
    assert_eq!(plies(&harness), 2, "the moves stay");
}

#[test]
fn the_analysis_panel_shows_lines_in_chinese_and_adds_one_as_a_variation() {
    let mut harness = app();
    play(&mut harness, "h2e2");
    click(&mut harness, "View");
    click(&mut harness, "Analysis panel");
    click(&mut harness, "Start analysis");
    wait_for(&mut harness, "a line", |h| {
        h.query_all_by_label("加为变着").next().is_some()
            || h.query_all_by_label("Add as variation").next().is_some()
    });
    // Let a few depths come, then read the best line.
    idle(&mut harness, 300);
    let cursor = harness.state().session().cursor();
    let first_reply = harness
        .state()
        .session()
        .position()
        .legal_moves()
        .iter()
        .map(|&mv| {
            qipu::notation::write_move(
                harness.state().session().position(),
                mv,
                qipu::notation::Notation::ChineseSimplified,
                &qipu::notation::WriteOptions::default(),
            )
        })
        .collect::<Vec<_>>();
    let shown = harness
        .query_all_by(|n| {
            n.label()
                .or_else(|| n.value())
                .is_some_and(|l| first_reply.iter().any(|m| l.starts_with(m.as_str())))
        })
        .count();
    assert!(shown >= 1, "a line in Chinese notation");
    harness
        .query_all_by_label("Add as variation")
        .next()
        .expect("a line's button")
        .click();
    harness.step();
    harness.step();
    let session = harness.state().session();
    assert_eq!(session.cursor(), cursor, "the board stays where it was");
    let added = session.game().children(cursor);
    assert_eq!(added.len(), 1, "the line after the move on the board");
    let mv: Move = session.game().move_of(added[0]).expect("a move");
    assert!(session.position().legal_moves().contains(&mv));
    click(&mut harness, "Stop analysis");
    harness.get_by_label("Start analysis");
}

/// In a small window the analysis line's parts go to the next row whole: the engine's speed
/// was cut between its number and "M nodes/s".
#[test]
fn the_engine_speed_is_never_split_over_two_rows() {
    use egui_kittest::kittest::NodeT;
    let mut harness = app();
    harness.set_size(eframe::egui::Vec2::new(640.0, 480.0));
    harness.run();
    click(&mut harness, "View");
    click(&mut harness, "Analysis panel");
    click(&mut harness, "Start analysis");
    wait_for(&mut harness, "the engine's speed", |h| {
        h.query_all_by_label_contains("M nodes/s").next().is_some()
    });
    // One row of text: the label of the number of lines beside the Stop button.
    let row = 1.5
        * harness
            .get_all_by_label("Lines")
            .map(|n| n.rect().height())
            .fold(f32::INFINITY, f32::min);
    for speed in harness.query_all_by_label_contains("M nodes/s") {
        let rect = speed.rect();
        assert!(
            rect.height() < row,
            "{:?} spans more than a row: {rect:?} (a row: {row})",
            speed.accesskit_node().label()
        );
    }
    click(&mut harness, "Stop analysis");
}

/// The form of a game against the computer: under a clock the engine spends the clock's time,
/// so Time per move is not offered; the closed time-control chooser says what it holds.
#[test]
fn the_play_form_offers_time_per_move_only_without_a_clock() {
    use eframe::egui::accesskit::Role;
    let mut harness = app();
    click(&mut harness, "Game");
    click(&mut harness, "Play against the computer…");
    harness.get_by_label("Time per move");
    click(&mut harness, "With the game clock");
    assert!(harness.query_by_label("Time per move").is_none());
    // The form's chooser and the clock panel's both say it.
    let values: Vec<Option<String>> = harness
        .get_all_by_role_and_label(Role::ComboBox, "Time control")
        .map(|c| c.value())
        .collect();
    let brief = Some("6.1: 40/90 min".to_owned());
    assert_eq!(values, [brief.clone(), brief]);
    click(&mut harness, "With the game clock");
    harness.get_by_label("Time per move");
}
