//! Training ▸ Puzzles: a set opened from a file, a puzzle solved with the opponent's reply from
//! the solution, a wrong move refused and taken back, another mate as short accepted by the
//! engine, the hints (the piece, then the move), and the spaced-repetition order after a
//! failure (the failed puzzle comes back before the new ones once it is due); a set chosen
//! with Browse…, the counts agreeing with the verdict, the solution shown where it ends, a
//! stalemate's goal, the buttons kept in place, the board never unsaved work, and the game's
//! own mistake named.

use std::collections::VecDeque;
use std::path::Path;

use chrono::{Duration, TimeZone, Utc};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::ending::Outcome;
use qipu::formats::{write_pgn_games, PgnWriteOptions};
use qipu::notation::Script;
use qipu::record::{Game, Mark, TagKey};
use qipu::rules::{Move, Position, Square};
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, click, type_over, wait_for, Scripted};

/// Two chariots and a bare general: the chariot to the eighth rank, the general's one step,
/// the other chariot to the ninth: mate in two.
const MATE_IN_TWO: &str = "4k4/9/9/9/9/9/9/9/9/RR1K5 w - - 0 1";
/// The general on e9 beside its advisor, the chariot on a8 holding the eighth rank, Red's
/// general the d-file: the chariot's b1b9 and the horse's e5f7 both mate at once.
const TWO_MATES: &str = "4ka3/R8/9/9/4N4/9/9/9/1R7/3K5 w - - 0 1";

fn iccs(text: &str) -> Move {
    Move::parse_iccs(text).expect("ICCS")
}

fn made(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(Position::from_fen(fen).expect("FEN"));
    let mut at = game.root();
    for &mv in moves {
        at = game.play(at, iccs(mv)).expect("legal");
    }
    game
}

/// `puzzles` written as a set to `dir/set.pgn`.
fn write_set(dir: &Path, puzzles: &[Game]) -> std::path::PathBuf {
    let set = dir.join("set.pgn");
    let text = write_pgn_games(puzzles, &PgnWriteOptions::qipu(Script::Simplified));
    std::fs::write(&set, text).expect("the set written");
    set
}

/// The app of `size` with its settings in `dir` and `dialogs`, Training ▸ Puzzles… open.
fn trainer_open(dir: &Path, size: [f32; 2], dialogs: Scripted) -> Harness<'static, QipuApp> {
    let mut harness = support::app(size, dialogs, Some(dir.join("autosave.pgn")));
    harness.run();
    click(&mut harness, "Training");
    click(&mut harness, "Puzzles…");
    harness
}

/// Let frames pass until the first of `puzzles` is on the board.
fn wait_for_first(harness: &mut Harness<'_, QipuApp>, puzzles: &[Game]) {
    let first = puzzles[0].start().clone();
    wait_for(harness, "the first puzzle on the board", |h| {
        *h.state().session().game().start() == first
    });
}

/// The app with its settings in `dir`, Training ▸ Puzzles… open on the set `puzzles` (written
/// to `dir/set.pgn`), until the first puzzle is on the board.
fn trainer(dir: &Path, puzzles: &[Game]) -> Harness<'static, QipuApp> {
    let set = write_set(dir, puzzles);
    let mut harness = trainer_open(dir, [1280.0, 900.0], Scripted::default());
    type_over(&mut harness, "File or folder", &set.display().to_string());
    press(&mut harness, "Open");
    wait_for_first(&mut harness, puzzles);
    harness
}

/// Click the widget labelled `label`, then let frames pass (the engine's spinner may keep the
/// window busy, so no settling).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_label(label).click();
    for _ in 0..12 {
        harness.step();
    }
}

fn play(harness: &mut Harness<'_, QipuApp>, mv: &str) {
    press(harness, &mv[0..2]);
    press(harness, &mv[2..4]);
}

fn line(harness: &Harness<'_, QipuApp>) -> Vec<String> {
    let game = harness.state().session().game();
    game.main_line()
        .into_iter()
        .filter_map(|n| game.move_of(n))
        .map(|mv| mv.to_string())
        .collect()
}

fn shows(harness: &Harness<'_, QipuApp>, text: &str) -> bool {
    harness.query_by_label(text).is_some()
}

#[test]
fn a_puzzle_is_solved_the_opponent_replying_from_the_solution() {
    let dir = TempFolder::new("puzzles-solved");
    // The set's result (as the sets write it) does not end the game on the board.
    let mut puzzle = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    puzzle.set_result(Some(Outcome::RedWins));
    let mut harness = trainer(&dir, &[puzzle]);
    harness.get_by_label("Red to move and mate in 2");
    harness.get_by_label("New");
    play(&mut harness, "a0a8");
    wait_for(&mut harness, "the reply from the solution", |h| {
        line(h).len() == 2
    });
    assert_eq!(line(&harness), ["a0a8", "e9f9"]);
    harness.get_by_label("Correct.");
    play(&mut harness, "b0b9");
    wait_for(&mut harness, "the puzzle solved", |h| shows(h, "Solved!"));
    assert_eq!(line(&harness), ["a0a8", "e9f9", "b0b9"]);
    assert!(dir.join("puzzles.sqlite").is_file(), "the progress kept");
}

#[test]
fn a_wrong_move_is_refused_and_taken_back() {
    let dir = TempFolder::new("puzzles-refused");
    let mut harness = trainer(&dir, &[made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])]);
    // The general's step does nothing for the mate.
    play(&mut harness, "d0d1");
    wait_for(&mut harness, "the engine's verdict", |h| {
        shows(h, "Not the solution: try again.")
    });
    assert!(line(&harness).is_empty(), "the move taken back");
    // The solution is still to be found.
    play(&mut harness, "a0a8");
    wait_for(&mut harness, "the reply from the solution", |h| {
        line(h).len() == 2
    });
}

#[test]
fn another_mate_as_short_is_accepted() {
    let dir = TempFolder::new("puzzles-alternative");
    let mut harness = trainer(&dir, &[made(TWO_MATES, &["b1b9"])]);
    harness.get_by_label("Red to move and mate in 1");
    // The horse mates as well as the chariot.
    play(&mut harness, "e5f7");
    wait_for(&mut harness, "the engine's verdict", |h| {
        shows(h, "Solved!")
    });
    assert_eq!(line(&harness), ["e5f7"], "the other mate kept on the board");
    // A check that lets the general out is no mate in one.
    press(&mut harness, "Next");
    wait_for(&mut harness, "the puzzle again", |h| line(h).is_empty());
    play(&mut harness, "a8a9");
    wait_for(&mut harness, "the engine's verdict", |h| {
        shows(h, "Not the solution: try again.")
    });
    assert!(line(&harness).is_empty());
}

#[test]
fn hints_name_the_piece_then_the_move() {
    let dir = TempFolder::new("puzzles-hints");
    let mut harness = trainer(&dir, &[made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])]);
    press(&mut harness, "Hint");
    harness.get_by_label("Hint: move the chariot");
    assert_eq!(
        harness.state().session().selected(),
        Square::parse("a0"),
        "the piece picked up on the board"
    );
    press(&mut harness, "Hint");
    let session = harness.state().session();
    let written = session.move_style().write(session.position(), iccs("a0a8"));
    harness.get_by_label(&format!("Hint: play {written}"));
}

#[test]
fn a_failed_puzzle_comes_back_before_the_new_ones_once_due() {
    let dir = TempFolder::new("puzzles-order");
    let puzzles = [
        made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]),
        made(TWO_MATES, &["b1b9"]),
        made(TWO_MATES, &["e5f7"]),
    ];
    let mut harness = trainer(&dir, &puzzles);
    let t = Utc.with_ymd_and_hms(2026, 12, 3, 8, 0, 0).unwrap();
    let set_clock = |h: &mut Harness<'_, QipuApp>, at| {
        h.state_mut()
            .puzzles_mut()
            .expect("the trainer")
            .set_clock(at);
        h.run();
    };
    let index = |h: &Harness<'_, QipuApp>| h.state().puzzles().and_then(|p| p.current_index());
    set_clock(&mut harness, t);
    assert_eq!(index(&harness), Some(0));
    // The first puzzle failed: it is due again in a minute, so the next new one comes first.
    press(&mut harness, "Show solution");
    harness.get_by_label("The solution is on the board.");
    press(&mut harness, "Next");
    assert_eq!(index(&harness), Some(1));
    harness.get_by_label("New");
    play(&mut harness, "b1b9");
    wait_for(&mut harness, "the puzzle solved", |h| shows(h, "Solved!"));
    press(&mut harness, "Next");
    assert_eq!(index(&harness), Some(2), "the failed one is not due yet");
    // Five minutes on: the failed puzzle is due, before the new third one and the second
    // (due in ten).
    set_clock(&mut harness, t + Duration::minutes(5));
    press(&mut harness, "Next");
    assert_eq!(index(&harness), Some(0));
    harness.get_by_label("Due for review");
    harness.get_by_label("Tried 1, solved 0");
}

/// MATE_IN_TWO with the colours changed: Black's chariots mate Red's general.
const BLACK_MATES_IN_TWO: &str = "rr1k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1";

#[test]
fn a_black_puzzle_is_seen_from_black_and_the_users_view_comes_back_after_it() {
    let dir = TempFolder::new("puzzles-flipped");
    let puzzle = made(BLACK_MATES_IN_TWO, &["a9a1", "e0f0", "b9b0"]);
    let mut harness = trainer(&dir, &[puzzle]);
    assert!(harness.state().session().flipped(), "Black at the bottom");
    // View ▸ Flip board shows the board's state.
    click(&mut harness, "View");
    let item = harness.get_by_label("Flip board");
    assert_eq!(
        item.accesskit_node().toggled(),
        Some(eframe::egui::accesskit::Toggled::True)
    );
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
    harness.key_press_modifiers(eframe::egui::Modifiers::COMMAND, eframe::egui::Key::N);
    harness.run();
    assert_eq!(
        *harness.state().session().game().start(),
        Position::startpos()
    );
    assert!(
        !harness.state().session().flipped(),
        "Red at the bottom again"
    );
    let stored = support::stored(&mut harness);
    let again = support::app_on([1280.0, 900.0], Scripted::default(), stored);
    assert!(
        !again.state().session().flipped(),
        "not flipped after a restart"
    );
}

#[test]
fn browse_chooses_the_set_through_the_app_s_file_chooser_even_at_640_by_480() {
    let dir = TempFolder::new("puzzles-browse");
    let puzzles = [made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])];
    let set = write_set(&dir, &puzzles);
    let dialogs = Scripted {
        opens: VecDeque::from([set.clone()]),
        saves: VecDeque::new(),
    };
    let mut harness = trainer_open(&dir, [640.0, 480.0], dialogs);
    // At 640×480 the field takes the panel's width, the buttons on the line below it.
    let field = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::TextInput, "File or folder")
        .rect();
    let browse = harness.get_by_label("Browse…").rect();
    assert!(
        field.width() >= 200.0,
        "the field is {} wide",
        field.width()
    );
    assert!(
        browse.top() >= field.bottom(),
        "the buttons below the field"
    );
    assert!(
        browse.right() <= field.right() + 1.0,
        "Browse… inside the panel"
    );
    press(&mut harness, "Browse…");
    wait_for_first(&mut harness, &puzzles);
    let shown = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::TextInput, "File or folder")
        .value();
    assert_eq!(shown.as_deref(), Some(set.display().to_string().as_str()));
}

#[test]
fn the_counts_agree_with_the_verdict_at_every_moment() {
    let dir = TempFolder::new("puzzles-counts");
    let mut harness = trainer(&dir, &[made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])]);
    harness.get_by_label("Tried 0, solved 0");
    play(&mut harness, "d0d1");
    wait_for(&mut harness, "the engine's verdict", |h| {
        shows(h, "Not the solution: try again.")
    });
    // The verdict is given: the try is counted at once, failed.
    harness.get_by_label("Tried 1, solved 0");
    play(&mut harness, "a0a8");
    wait_for(&mut harness, "the reply", |h| line(h).len() == 2);
    play(&mut harness, "b0b9");
    wait_for(&mut harness, "the end of the solution", |h| {
        shows(h, "Solved, but not at the first try: counted as missed.")
    });
    assert!(!shows(&harness, "Solved!"), "no success beside a miss");
    harness.get_by_label("Tried 1, solved 0");
    // A puzzle solved at the first try is counted solved when it is said.
    press(&mut harness, "Next");
    wait_for(&mut harness, "the puzzle again", |h| line(h).is_empty());
    play(&mut harness, "a0a8");
    wait_for(&mut harness, "the reply", |h| line(h).len() == 2);
    play(&mut harness, "b0b9");
    wait_for(&mut harness, "the puzzle solved", |h| shows(h, "Solved!"));
    harness.get_by_label("Tried 2, solved 1");
}

#[test]
fn the_solution_shown_is_on_the_board_at_its_end() {
    let dir = TempFolder::new("puzzles-shown");
    let puzzle = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    let mut harness = trainer(&dir, std::slice::from_ref(&puzzle));
    press(&mut harness, "Show solution");
    harness.get_by_label("The solution is on the board.");
    let session = harness.state().session();
    assert_eq!(line(&harness), ["a0a8", "e9f9", "b0b9"]);
    assert_eq!(
        session.cursor(),
        session.game().main_line_end(),
        "the board shows the solution, not the start"
    );
    assert_eq!(
        session.position(),
        puzzle.position(puzzle.main_line_end()),
        "the mate on the board"
    );
}

/// Black's bare general on e9, Red's soldiers on d7 and f8: the soldier's step to d8 leaves
/// the general no move without a check, a stalemate, which loses (4.1.3).
const STALEMATE_IN_ONE: &str = "4k4/5P3/3P5/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn a_stalemate_puzzle_is_a_win_not_a_mate() {
    let dir = TempFolder::new("puzzles-stalemate");
    let mut harness = trainer(&dir, &[made(STALEMATE_IN_ONE, &["d7d8"])]);
    harness.get_by_label("Red to move and win in 1 by stalemate");
    assert!(!shows(&harness, "Red to move and mate in 1"));
    play(&mut harness, "d7d8");
    wait_for(&mut harness, "the puzzle solved", |h| shows(h, "Solved!"));
}

#[test]
fn the_buttons_stay_in_place_as_messages_come() {
    let dir = TempFolder::new("puzzles-buttons");
    let mut harness = trainer(&dir, &[made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])]);
    let places = |h: &Harness<'_, QipuApp>| {
        ["Hint", "Show solution", "Next"].map(|label| h.get_by_label(label).rect())
    };
    let before = places(&harness);
    // A wrong move: the verdict and the count of tries change.
    play(&mut harness, "d0d1");
    wait_for(&mut harness, "the engine's verdict", |h| {
        shows(h, "Not the solution: try again.")
    });
    assert_eq!(places(&harness), before, "after a verdict");
    // Two hints: a line of text each time.
    press(&mut harness, "Hint");
    assert_eq!(places(&harness), before, "after the first hint");
    press(&mut harness, "Hint");
    assert_eq!(places(&harness), before, "after the second hint");
}

#[test]
fn a_solved_puzzle_leaves_no_unsaved_work_and_quitting_asks_nothing() {
    let dir = TempFolder::new("puzzles-quit");
    let mut harness = trainer(&dir, &[made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"])]);
    play(&mut harness, "a0a8");
    wait_for(&mut harness, "the reply", |h| line(h).len() == 2);
    play(&mut harness, "b0b9");
    wait_for(&mut harness, "the puzzle solved", |h| shows(h, "Solved!"));
    assert!(!harness.state().session().dirty(), "a puzzle is no file");
    assert!(harness.state().session().tie().is_none(), "tied to no file");
    click(&mut harness, "File");
    click(&mut harness, "Quit");
    assert!(!shows(&harness, "This game has unsaved changes."));
}

#[test]
fn the_game_s_own_mistake_is_named_with_what_it_lost() {
    let dir = TempFolder::new("puzzles-own-mistake");
    // A puzzle as the review's mistakes make one: the move played beside the solution, marked.
    let mut puzzle = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    let played = puzzle.play(puzzle.root(), iccs("d0d1")).expect("legal");
    puzzle.set_mark(played, Some(Mark::Blunder));
    puzzle.tags_mut().set(TagKey::parse("SourcePly"), "23");
    puzzle.tags_mut().set(TagKey::parse("Loss"), "450");
    let mut harness = trainer(&dir, &[puzzle]);
    play(&mut harness, "d0d1");
    wait_for(&mut harness, "the verdict", |h| {
        shows(
            h,
            "That is the move played in the game (move 12): it lost 450 centipawns. Try again.",
        )
    });
    assert!(line(&harness).is_empty(), "the move taken back");
    harness.get_by_label("Tried 1, solved 0");
}
