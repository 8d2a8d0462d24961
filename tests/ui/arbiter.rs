//! The arbiter at the clock, driven through the window by accessible names with the injected
//! clock: draw offers refused and repeated (23.1, 9.1.3), natural-limit claims found true and
//! false (23.3), fouls up to the third (4.1.8), a clock correction (22.4), and the whole record
//! saved, opened again, autosaved and copied.

use std::collections::VecDeque;
use std::path::PathBuf;

use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::competition::{CompetitionRecord, Occurrence};
use qipu::formats::{write_pgn, PgnWriteOptions};
use qipu::lang::Language;
use qipu::notation::Script;
use qipu::record::Game;
use qipu::rules::{Move, Position};
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, click, enter, set_time, type_over, Scripted};

fn app(dialogs: Scripted, autosave: Option<PathBuf>) -> Harness<'static, QipuApp> {
    // Tall enough for the arbiter's forms and the log without scrolling.
    support::app([1300.0, 1400.0], dialogs, autosave)
}

/// Click the `side`-th (0: Red, 1: Black) of the buttons labelled `label`.
fn click_for(harness: &mut Harness<'_, QipuApp>, label: &str, side: usize) {
    harness
        .get_all_by_label(label)
        .nth(side)
        .expect("one button per side")
        .click();
    harness.run();
}

fn start_clock(harness: &mut Harness<'_, QipuApp>, preset: &str) {
    harness
        .get_by_role_and_label(Role::ComboBox, "Time control")
        .click();
    harness.run();
    click(harness, preset);
    click(harness, "Start clock");
}

fn record(harness: &Harness<'_, QipuApp>) -> CompetitionRecord {
    harness
        .state()
        .session()
        .contest()
        .as_ref()
        .expect("a clock runs")
        .record()
}

#[test]
fn offers_refusals_a_repeated_offer_and_a_false_claim() {
    let mut harness = app(Scripted::default(), None);
    set_time(&mut harness, 0);
    start_clock(&mut harness, "6.4: 30 moves per 5 min");
    harness.get_by_label("Red 0:05:00 · 30 moves due");
    set_time(&mut harness, 5);
    enter(&mut harness, "炮二平五");

    // Red offers after its move; Black refuses by word (23.1).
    click_for(&mut harness, "Offer draw", 0);
    harness.get_by_label("Red offers a draw");
    click_for(&mut harness, "Refuse", 1);
    assert!(harness.query_by_label("Red offers a draw").is_none());
    harness.get_by_label("0:00:05 · 1. · Black: refuses the draw");
    // Offering again before Black has offered is a foul (9.1.3), and no offer stands.
    click_for(&mut harness, "Offer draw", 0);
    harness.get_by_label(
        "0:00:05 · 1. · Arbiter: foul by Red (1st), 9.1.3: offering a draw again after a refusal",
    );
    harness.get_by_label("Fouls: Red 1 · Black 0");
    assert!(harness.query_by_label("Red offers a draw").is_none());

    // Black claims the natural limit after one move: false, a foul and five minutes (23.3).
    set_time(&mut harness, 10);
    click_for(&mut harness, "Claim natural limit", 1);
    harness.get_by_label(
        "0:00:10 · 1. · Black: claims the natural move limit: 0 of 60 rounds without a capture, \
         not true (art. 23.3)",
    );
    harness.get_by_label_contains("foul by Black (1st), 9.1.4");
    harness.get_by_label("0:00:10 · 1. · Arbiter: 0:05:00 added to Black's clock (art. 23.3)");
    // Black had used five seconds: nothing is left, and the five minutes lose on time.
    harness.get_by_label("Black 0:00:00 · 30 moves due");
    let result = harness
        .state()
        .session()
        .contest()
        .as_ref()
        .and_then(|c| c.result().copied())
        .expect("the penalty exceeded Black's time");
    harness.get_by_label(&result.describe(Language::English));
    assert_eq!(
        result.describe(Language::English),
        "Red wins: Black did not complete the moves due in the time (art. 4.1.4, 22.1)."
    );
}

/// A game of 120 plies without a capture: both sides' horses go out and back.
fn quiet_game() -> Game {
    let mut game = Game::new(Position::startpos());
    let mut node = game.root();
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for mv in cycle.iter().cycle().take(120) {
        node = game
            .play(node, Move::parse_iccs(mv).expect("ICCS"))
            .expect("legal");
    }
    game
}

#[test]
fn a_clock_started_mid_game_takes_a_true_claim_and_files_it_after_the_right_move() {
    let dir = TempFolder::new("ui-arbiter-claim");
    let opened = dir.join("quiet.pgn");
    let text = write_pgn(&quiet_game(), &PgnWriteOptions::qipu(Script::Simplified));
    std::fs::write(&opened, text).expect("write the game");
    let saved = dir.join("claimed.pgn");
    let mut harness = app(
        Scripted {
            opens: VecDeque::from([opened]),
            saves: VecDeque::from([saved.clone()]),
        },
        None,
    );
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    assert_eq!(harness.state().session().game().main_line().len(), 120);
    set_time(&mut harness, 30);
    start_clock(&mut harness, "6.2: 30 moves in 60 min, then 10 per 10 min");
    // Sixty rounds without a capture: Red's claim is true, a draw (23.3, 4.2.4).
    set_time(&mut harness, 40);
    click_for(&mut harness, "Claim natural limit", 0);
    harness.get_by_label_contains("60 of 60 rounds without a capture, true");
    harness.get_by_label(
        "Draw: the natural limit of rounds without a capture was reached (art. 4.2.4, 23.3).",
    );
    // The log is filed after the 120th move, where the clock started: not before the first.
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&saved).expect("saved");
    let start = text.find("[%start first=red @0:00:30]").expect("start");
    let last_move = text.rfind("马７退８").expect("Black's 60th move");
    assert!(start > last_move, "{text}");
    assert!(text.contains("[%claim red plies=120"), "{text}");
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
}

#[test]
fn three_fouls_lose_the_game() {
    let mut harness = app(Scripted::default(), None);
    set_time(&mut harness, 0);
    start_clock(&mut harness, "6.4: 30 moves per 5 min");
    harness
        .get_by_role_and_label(Role::ComboBox, "Clause")
        .click();
    harness.run();
    click(
        &mut harness,
        "9.1.5: touching an own piece that cannot move",
    );
    for (second, note) in [(3, "touched the blocked horse"), (4, ""), (6, "again")] {
        set_time(&mut harness, second);
        if !note.is_empty() {
            type_over(&mut harness, "Note", note);
        }
        click(&mut harness, "Foul by Black");
    }
    harness.get_by_label(
        "0:00:03 · 0 · Arbiter: foul by Black (1st), 9.1.5: touching an own piece that cannot \
         move — touched the blocked horse",
    );
    harness.get_by_label_contains("foul by Black (2nd), 9.1.5");
    harness.get_by_label_contains(
        "foul by Black (3rd), 9.1.5: touching an own piece that cannot move — again",
    );
    harness.get_by_label("Fouls: Red 0 · Black 3");
    // The third foul ends the game (4.1.8); the arbiter's forms are gone.
    harness.get_by_label("Red wins: Black committed a third foul in the game (art. 4.1.8).");
    assert!(harness.query_by_label("Foul by Black").is_none());
}

#[test]
fn a_clock_correction_sets_the_time_and_the_moves_due() {
    let mut harness = app(Scripted::default(), None);
    set_time(&mut harness, 0);
    start_clock(&mut harness, "6.4: 30 moves per 5 min");
    // A running clock is not started over: the chooser gives way to the time control in force.
    assert!(harness.query_by_label("Start clock").is_none());
    harness.get_by_label("Time control: 30/5m");
    set_time(&mut harness, 20);
    // Without a reason the correction cannot be made.
    type_over(&mut harness, "Time left", "0:10:00");
    type_over(&mut harness, "Moves due", "5");
    assert!(harness.get_all_by_label("Set Red's clock").next().is_some());
    harness.get_by_label("Give the reason for the correction.");
    type_over(&mut harness, "Correction reason", "clock set wrong");
    click(&mut harness, "Set Red's clock");
    harness.get_by_label("Red 0:10:00 · 5 moves due");
    harness.get_by_label(
        "0:00:20 · 0 · Arbiter: Red's clock set to 0:10:00, 25 moves made: clock set wrong \
         (art. 22.4)",
    );
    // Red's clock runs on from the corrected time.
    set_time(&mut harness, 50);
    harness.get_by_label("Red 0:09:30 · 5 moves due");
    // A time that cannot be read is named, not taken.
    type_over(&mut harness, "Time left", "ten minutes");
    harness.get_by_label("Write the time as h:mm:ss.");
}

#[test]
fn save_and_open_restore_the_clock_and_autosave_and_copy_carry_it() {
    let dir = TempFolder::new("ui-arbiter-roundtrip");
    let saved = dir.join("clocked.pgn");
    let autosave = dir.join("autosave.pgn");
    let mut harness = app(
        Scripted {
            opens: VecDeque::from([saved.clone()]),
            saves: VecDeque::from([saved.clone()]),
        },
        Some(autosave.clone()),
    );
    set_time(&mut harness, 0);
    start_clock(&mut harness, "6.1: 40 moves in 90 min, then 10 per 15 min");
    set_time(&mut harness, 12);
    enter(&mut harness, "炮二平五");
    click_for(&mut harness, "Offer draw", 0);
    set_time(&mut harness, 40);
    enter(&mut harness, "马８进７");
    type_over(&mut harness, "Note", "spoke during Red's time");
    click(&mut harness, "Foul by Black");
    set_time(&mut harness, 60);
    type_over(&mut harness, "Time left", "1:20:00");
    type_over(&mut harness, "Correction reason", "started late");
    click(&mut harness, "Set Red's clock");
    // The autosave already holds the clock record.
    let autosaved = std::fs::read_to_string(&autosave).expect("autosave written");
    assert!(
        autosaved.contains("[TimeControl \"40/90m,10/15m\"]"),
        "{autosaved}"
    );
    assert!(autosaved.contains("[%foul black 9.1.1"), "{autosaved}");
    // Copy PGN puts it on the clipboard too.
    click(&mut harness, "File");
    harness.get_by_label("Copy PGN").click();
    harness.step();
    let copied = support::copied_text(&harness).expect("the PGN is copied");
    assert!(copied.contains("[%correct red 1:20:00"), "{copied}");
    harness.run();

    set_time(&mut harness, 75);
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let before = record(&harness);
    let faces = ["Red 1:19:45 · 39 moves due", "Black 1:29:32 · 39 moves due"];
    for face in faces {
        harness.get_by_label(face);
    }
    // A new game, then the saved file opened again: the clock stands where it was saved.
    click(&mut harness, "File");
    click(&mut harness, "New game");
    assert!(harness.state().session().contest().is_none());
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    assert_eq!(record(&harness), before);
    assert!(before
        .entries
        .iter()
        .any(|e| matches!(e.event, Occurrence::DrawRefused { by_move: true, .. })));
    set_time(&mut harness, 75);
    for face in faces {
        harness.get_by_label(face);
    }
    harness.get_by_label("Fouls: Red 0 · Black 1");
    harness.get_by_label_contains("foul by Black (1st), 9.1.1");
    harness.get_by_label_contains("— spoke during Red's time");
    // The comments show no clock commands; saving writes them back.
    assert!(harness.query_by_label_contains("[%clk").is_none());
    // The game goes on: Red's clock runs from where the file left it.
    set_time(&mut harness, 85);
    harness.get_by_label("Red 1:19:35 · 39 moves due");
}

#[test]
fn four_moves_missing_from_a_sheet_are_offered_as_the_foul_of_7_1() {
    let mut harness = app(Scripted::default(), None);
    set_time(&mut harness, 0);
    start_clock(&mut harness, "6.4: 30 moves per 5 min");
    enter(&mut harness, "炮二平五 马８进７ 马二进三 车９平８ 车一平二");
    assert_eq!(harness.state().session().game().main_line().len(), 5);
    // Black's own sheet lacks plies 2 to 5: the clerk marks them from the record.
    for (i, mv) in ["车一平二", "车９平８", "马二进三"].into_iter().enumerate() {
        click(&mut harness, mv);
        click(&mut harness, "Missing from Black's sheet");
        if i == 0 {
            harness.get_by_label("Black's sheet: 1 move missing, 3.");
        }
    }
    // Three in a row are a gap but no foul (7.1).
    harness.get_by_label("Black's sheet: 3 moves missing, 2. to 3.");
    assert!(harness
        .query_by_label("Record the foul of 7.1 for Black")
        .is_none());
    click(&mut harness, "马８进７");
    click(&mut harness, "Missing from Black's sheet");
    harness.get_by_label("Black's sheet: 4 moves missing, 1… to 3. — 1 foul (art. 7.1)");
    let game = &harness.state().session().game();
    let marked = game
        .main_line()
        .iter()
        .filter(|&&node| game.comment(node) == "[%missing black]")
        .count();
    assert_eq!(marked, 4);
    click(&mut harness, "Record the foul of 7.1 for Black");
    harness.get_by_label_contains(
        "Arbiter: foul by Black (1st), 9.1.7: moves missing from the player's record beyond the \
         limit — Black's sheet: 4 moves missing",
    );
    // Unmarking one ends the foul.
    click(&mut harness, "Missing from Black's sheet");
    harness.get_by_label("Black's sheet: 3 moves missing, 2. to 3.");
}
