//! Game ▸ Review game against the built-in engine: the blunder marked, each side's accuracy and
//! counts above the record, the next/previous mistake keys and buttons, the better line one click
//! away, the evaluation graph filled, and the review kept in the game's PGN.

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::engine_client::Accuracy;
use qipu::formats::{read_pgn_text, write_pgn, PgnWriteOptions};
use qipu::notation::Script;
use qipu::record::{Mark, TagKey};
use qipu::rules::Move;
use qipu::ui::{AppCommand, Command, NamedEngine, QipuApp, SessionCommand, Settings};

use crate::common::TempFolder;
use crate::computer::{app, app_saving_to, wait_for};
use crate::eval_graph::progress_counts;
use crate::support::{app_on, click, click_to_start, stored, Scripted};

fn apply(harness: &mut Harness<'_, QipuApp>, command: impl Into<Command>) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, command);
    harness.run();
}

fn cursor_ply(harness: &Harness<'_, QipuApp>) -> usize {
    let session = harness.state().session();
    session.game().ply(session.cursor())
}

/// Black to move puts its chariot where Red's takes it (a blunder); Red takes.
fn blundered_game(harness: &mut Harness<'_, QipuApp>) {
    apply(
        harness,
        SessionCommand::PasteFen("3k5/8r/9/9/9/9/9/9/R8/4K4 b - - 0 1".to_owned()),
    );
    for iccs in ["i8a8", "a1a8"] {
        apply(
            harness,
            SessionCommand::TryMove(Move::parse_iccs(iccs).expect("ICCS")),
        );
    }
}

/// Game ▸ Review game… ▸ Start review, until the review is written into the game.
fn review(harness: &mut Harness<'_, QipuApp>) {
    click(harness, "Game");
    click(harness, "Review game…");
    click(harness, "Start review");
    wait_for(harness, "the review written into the game", |h| {
        Accuracy::from_tags(h.state().session().game())
            .black
            .is_some()
    });
}

#[test]
fn a_review_marks_the_blunder_shows_accuracy_and_walks_the_mistakes() {
    let mut harness = app();
    blundered_game(&mut harness);
    review(&mut harness);
    let game = harness.state().session().game().clone();
    let line = game.main_line();
    assert_eq!(line.len(), 2, "the main line is kept");
    assert_eq!(game.mark(line[0]), Some(Mark::Blunder), "the chariot given");
    assert_eq!(game.mark(line[1]), None, "the capture is the best move");
    let accuracy = Accuracy::from_tags(&game);
    let (red, black) = (accuracy.red.unwrap(), accuracy.black.unwrap());
    assert!(black < 50.0 && red > black, "red {red}, black {black}");
    for &node in &line {
        assert!(
            qipu::record::commands::get(game.comment(node), "eval").is_some(),
            "move {} has its [%eval]",
            game.ply(node)
        );
    }
    // Above the record: each side's accuracy and counts.
    harness.get_by_label(&format!("accuracy {black:.1}%"));
    harness.get_by_label("?? 1");
    // The evaluation graph opened, its curve read from the review, and no count of positions
    // left standing as if work went on.
    assert!(harness.state().evaluation_curve().score(1).is_some());
    assert_eq!(progress_counts(&harness), Vec::<String>::new());

    // The critical moments: from the start, the blunder; nothing after it; back again by key.
    apply(&mut harness, SessionCommand::First);
    harness.key_press_modifiers(Modifiers::SHIFT, Key::ArrowRight);
    harness.run();
    assert_eq!(
        cursor_ply(&harness),
        1,
        "the next mistake is Black's blunder"
    );
    assert!(
        harness
            .get_by_label("Next mistake")
            .accesskit_node()
            .is_disabled(),
        "no mistake after it"
    );
    apply(&mut harness, SessionCommand::Last);
    click(&mut harness, "Previous mistake");
    assert_eq!(cursor_ply(&harness), 1);

    // The better line, one click away, beside the blunder.
    click(&mut harness, "Better line");
    let session = harness.state().session();
    let here = session.cursor();
    assert!(!session.game().is_main_line(here), "on the better line");
    assert_eq!(session.game().parent(here), Some(game.root()));
    assert_ne!(session.game().move_of(here), game.move_of(line[0]));

    // Saved and opened again: the review shows without an engine.
    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    assert!(text.contains("[BlackAccuracy \""), "{text}");
    let reread = read_pgn_text(&text).next().unwrap().unwrap();
    let mut fresh = app();
    fresh.state_mut().show_game(reread);
    fresh.run();
    fresh.get_by_label(&format!("accuracy {black:.1}%"));
    fresh.get_by_label("?? 1");
    fresh.get_by_label("Next mistake");
}

/// The app with the built-in engine and its settings' folder in `dir` (the personal puzzle set
/// is kept there).
fn app_in(dir: &std::path::Path) -> Harness<'static, QipuApp> {
    app_saving_to(Some(dir.join("autosave.pgn")))
}

#[test]
fn black_s_blunder_becomes_a_puzzle_in_the_personal_set_once() {
    let dir = TempFolder::new("review-puzzles");
    let mut harness = app_in(&dir);
    blundered_game(&mut harness);
    review(&mut harness);
    click_to_start(&mut harness, "Puzzles from Black's mistakes");
    let set = dir.join("puzzles").join("my-mistakes.pgn");
    let told = |text: String| move |h: &Harness<'_, QipuApp>| h.query_by_label(&text).is_some();
    // The solutions are cut by the engine in the background; the status line tells the end.
    wait_for(
        &mut harness,
        "the puzzle added",
        told(format!("1 new puzzle in {}", set.display())),
    );
    let read = qipu::formats::read_record_file(&set).expect("the personal set");
    assert_eq!(read.games.len(), 1, "one blunder, one puzzle");
    let puzzle = read.games[0].game.as_ref().expect("reads");
    let game = harness.state().session().game();
    assert_eq!(puzzle.start(), game.start(), "before the blunder");
    let choices = puzzle.children(puzzle.root());
    assert_eq!(choices.len(), 2, "the better line and the move played");
    assert_eq!(
        puzzle.move_of(choices[1]),
        game.move_of(game.main_line()[0])
    );
    assert_eq!(puzzle.mark(choices[1]), Some(Mark::Blunder));
    // The loss the review measured is kept in the set, at least a blunder's 300 centipawns.
    let loss = puzzle.tags().get(&TagKey::parse("Loss"));
    let loss: i32 = loss.expect("the Loss tag").parse().expect("centipawns");
    assert!(loss >= 300, "a blunder's loss, {loss}");
    // The solution ends with the solver's move: the engine's quiet tail is cut.
    assert_eq!(puzzle.main_line().len() % 2, 1, "{:?}", puzzle.main_line());
    // Asked again: nothing doubled, said plainly. Red made no mistake: nothing made.
    click_to_start(&mut harness, "Puzzles from Black's mistakes");
    wait_for(
        &mut harness,
        "nothing new",
        told(format!(
            "Nothing new: this puzzle is already in {}",
            set.display()
        )),
    );
    click_to_start(&mut harness, "Puzzles from Red's mistakes");
    wait_for(
        &mut harness,
        "no puzzle made",
        told(
            "No puzzle made: that side has no move marked ? or ?? with a better line beside it"
                .to_owned(),
        ),
    );
    let again = qipu::formats::read_record_file(&set).unwrap();
    assert_eq!(again.games.len(), 1);
}

/// The review dialog says which engine reviews and offers the engines the user configured
/// beside the built-in one; the one chosen runs the review (here one that cannot start, so the
/// dialog says so) and is chosen again next time, after a restart too.
#[test]
fn the_review_dialog_names_its_engine_and_runs_the_one_chosen() {
    let spec = "/nonexistent/engines/second-opinion";
    let mut harness = app();
    blundered_game(&mut harness);
    apply(
        &mut harness,
        AppCommand::SetEngines(vec![NamedEngine {
            name: "Second opinion".to_owned(),
            spec: spec.to_owned(),
        }]),
    );
    click(&mut harness, "Game");
    click(&mut harness, "Review game…");
    assert_eq!(harness_combo_text(&harness), "Built-in engine");
    harness
        .get_by_role_and_label(Role::ComboBox, "Engine")
        .click();
    harness.run();
    click(&mut harness, "Second opinion");
    assert_eq!(harness_combo_text(&harness), "Second opinion");
    // What is applied per position is said as it is: nodes, not a time.
    harness.get_by_label("Nodes per position");
    assert!(harness.query_by_label("Time per position").is_none());
    click_to_start(&mut harness, "Start review");
    wait_for(&mut harness, "the chosen engine's failure", |h| {
        h.query_by_label_contains("cannot start engine").is_some()
    });
    assert_eq!(
        Accuracy::from_tags(harness.state().session().game()).black,
        None,
        "not reviewed by another engine"
    );

    let storage = stored(&mut harness);
    let kept: Settings = eframe::get_value(&storage, Settings::KEY).expect("settings kept");
    assert_eq!(kept.review.engine, spec);
    let mut again = app_on([1280.0, 900.0], Scripted::default(), storage);
    blundered_game(&mut again);
    click(&mut again, "Game");
    click(&mut again, "Review game…");
    assert_eq!(harness_combo_text(&again), "Second opinion");
}

/// The text the review dialog's engine list shows.
fn harness_combo_text(harness: &Harness<'_, QipuApp>) -> String {
    harness
        .get_by_role_and_label(Role::ComboBox, "Engine")
        .value()
        .unwrap_or_default()
}
