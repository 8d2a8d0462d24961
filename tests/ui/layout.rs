//! The window's layout holds still: the board keeps its place when the clock starts or a ruling
//! is stepped through, the record scrolls to the move on the board and a click lands on the move
//! drawn, a small window gives the board its room first (the opening tree shown too), and hidden
//! panels stay hidden after a restart.

use std::path::Path;

use eframe::egui::{Event, Key, Modifiers, MouseWheelUnit, Rect, Vec2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::formats::read_pgn_text;
use qipu::notation::{write_move, Notation, WriteOptions};
use qipu::record::{Game, NodeId};
use qipu::ui::QipuApp;

use crate::support::{self, click, set_time, Scripted};

fn app(size: [f32; 2]) -> Harness<'static, QipuApp> {
    support::app(size, Scripted::default(), None)
}

/// The board: the union of its corner points' click targets.
fn board(harness: &Harness<'_, QipuApp>) -> Rect {
    harness
        .get_by_label("a0")
        .rect()
        .union(harness.get_by_label("i9").rect())
}

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

fn sample_game() -> Game {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let path = loop {
        let candidate = dir.join("shared/data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
        if candidate.exists() {
            break candidate;
        }
        assert!(dir.pop(), "the shared samples are above the crate");
    };
    let text = std::fs::read_to_string(path).expect("sample readable");
    read_pgn_text(&text)
        .next()
        .expect("a game")
        .expect("the sample reads")
}

/// The move leading to `node` as the record writes it (full Chinese, simplified).
fn text_of(game: &Game, node: NodeId) -> String {
    let mv = game.move_of(node).expect("a move node");
    write_move(
        game.position_before(node),
        mv,
        Notation::ChineseSimplified,
        &WriteOptions::default(),
    )
}

#[test]
fn the_board_holds_still_when_the_clock_starts_and_a_ruling_is_stepped() {
    let mut harness = app([1100.0, 800.0]);
    set_time(&mut harness, 0);
    let before = board(&harness);
    click(&mut harness, "Start clock");
    harness.get_by_label("Red 1:30:00 · 40 moves due");
    assert_eq!(
        board(&harness),
        before,
        "starting the clock moved the board"
    );

    // A repetition: the warning, then the ruling with its evidence; step back and forth.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for mv in cycle.iter().chain(&cycle) {
        play(&mut harness, mv);
        assert_eq!(board(&harness), before, "after {mv}");
    }
    assert!(harness.state().session().judgement().ruling.is_some());
    for open in [false, true] {
        if open {
            harness.get_by_label_contains("Referee's detail").click();
            harness.run();
            let lines = harness.query_all_by_label_contains("马二进三 is idle");
            assert!(lines.count() >= 1, "the evidence shows");
        }
        let with_detail = board(&harness);
        for _ in 0..8 {
            harness.key_press(Key::ArrowLeft);
            harness.run();
            assert_eq!(
                board(&harness),
                with_detail,
                "stepping back (detail open: {open})"
            );
        }
        for _ in 0..8 {
            harness.key_press(Key::ArrowRight);
            harness.run();
            assert_eq!(
                board(&harness),
                with_detail,
                "stepping on (detail open: {open})"
            );
        }
    }
}

/// Whether `rect` is inside the record's visible part: under the buttons above the sheet, above
/// the status area.
fn visible_in_record(harness: &Harness<'_, QipuApp>, rect: Rect) -> bool {
    let header = harness.get_by_label("Delete from here").rect();
    let status = harness.get_by_label_contains("Referee's detail").rect();
    // A widget scrolled out of sight may be reported clipped to nothing at the edge.
    rect.height() >= 15.0 && rect.min.y >= header.max.y && rect.max.y <= status.min.y
}

#[test]
fn the_record_scrolls_as_the_user_says_and_a_click_lands_on_the_move_drawn() {
    let mut harness = app([1100.0, 800.0]);
    let game = sample_game();
    let line = game.main_line();
    harness.state_mut().show_game(game.clone());
    harness.run();
    // On the first move, the record is at its top.
    harness.key_press(Key::Home);
    harness.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(harness.state().session().cursor(), line[0]);
    let texts: Vec<String> = line.iter().map(|&n| text_of(&game, n)).collect();
    let unique = |i: usize| texts.iter().filter(|t| **t == texts[i]).count() == 1;
    let last = (0..line.len())
        .rev()
        .find(|&i| unique(i))
        .expect("a unique move");
    let last_text = texts[last].as_str();
    // Rows out of view are not drawn at all (the sheet draws only the rows in view).
    assert!(harness
        .query_by_label(last_text)
        .is_none_or(|node| !visible_in_record(&harness, node.rect())));

    // The user scrolls to the end with the wheel: it stays there (the move on the board does
    // not pull it back)…
    let over_record = harness.get_by_label("Rd").rect().center() + Vec2::new(0.0, 200.0);
    harness.event(Event::PointerMoved(over_record));
    for _ in 0..20 {
        harness.event(Event::MouseWheel {
            unit: MouseWheelUnit::Point,
            delta: Vec2::new(0.0, -200.0),
            phase: eframe::egui::TouchPhase::Move,
            source: eframe::egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        harness.run();
    }
    let shown = harness.get_by_label(last_text).rect();
    assert!(
        visible_in_record(&harness, shown),
        "the last move is shown: {shown:?}"
    );

    // …and two clicks where a move is drawn both select that move.
    let pick = (0..last)
        .rev()
        .find(|&i| unique(i))
        .expect("another unique move");
    let target = harness.get_by_label(&texts[pick]).rect();
    for _ in 0..2 {
        support::pointer_click(&mut harness, target.center());
        assert_eq!(harness.state().session().cursor(), line[pick]);
        assert_eq!(
            harness.get_by_label(&texts[pick]).rect(),
            target,
            "the sheet moved"
        );
    }
}

/// After End (the key or the Last button) the record's end is in view: the last move and the
/// result line drawn after it (it was left below the visible part); after Home, its start.
#[test]
fn after_end_the_result_line_is_in_view() {
    let mut harness = app([1100.0, 800.0]);
    let game = sample_game();
    let end = game.main_line_end();
    let result = game.result().expect("the sample has a result").pgn();
    let first = text_of(&game, game.main_line()[0]);
    harness.state_mut().show_game(game);
    harness.run();
    for step in ["End", "Last"] {
        harness.key_press(Key::Home);
        harness.run();
        // Home (and First) go back to the sheet's top, from its end too.
        assert!(
            harness
                .query_all_by_label(&first)
                .any(|node| visible_in_record(&harness, node.rect())),
            "the first move {first} is in view at the start"
        );
        if step == "End" {
            harness.key_press(Key::End);
            harness.run();
        } else {
            click(&mut harness, "Last");
        }
        assert_eq!(harness.state().session().cursor(), end);
        let shown = harness
            .query_all_by_label_contains(result)
            .any(|node| visible_in_record(&harness, node.rect()));
        assert!(shown, "after {step} the result line {result} is in view");
        let game = harness.state().session().game();
        let last = text_of(game, end);
        assert!(
            harness
                .query_all_by_label(&last)
                .any(|node| visible_in_record(&harness, node.rect())),
            "after {step} the last move {last} is in view"
        );
    }
}

/// The top of the topmost widget labelled `label`.
fn top_of(harness: &Harness<'_, QipuApp>, label: &str) -> f32 {
    harness
        .get_all_by_label(label)
        .map(|node| node.rect().min.y)
        .fold(f32::INFINITY, f32::min)
}

/// The record's first move holds its place when the notation changes (the row choosing how two
/// pieces on a file are written was dropped for WXF and ICCS) and when the user steps into the
/// game (the marks for moves missing from a sheet appeared); the move box's panel holds still
/// too.
#[test]
fn the_record_holds_still_when_the_notation_changes_and_when_stepping_in() {
    let mut harness = app([1100.0, 800.0]);
    let ctx = harness.ctx.clone();
    let game = sample_game();
    let first = game.main_line()[0];
    harness.state_mut().show_game(game.clone());
    harness.run();
    harness.key_press(Key::Home);
    harness.run();
    let written = |notation| {
        write_move(
            game.position_before(first),
            game.move_of(first).expect("a move"),
            notation,
            &WriteOptions::default(),
        )
    };
    let row = top_of(&harness, &written(Notation::ChineseSimplified));
    let clock = top_of(&harness, "Start clock");
    for notation in [
        Notation::Wxf,
        Notation::Iccs,
        Notation::Abbreviated,
        Notation::ChineseTraditional,
        Notation::ChineseSimplified,
    ] {
        harness
            .state_mut()
            .apply(&ctx, qipu::ui::SessionCommand::SetNotation(notation));
        harness.run();
        let text = written(notation);
        assert_eq!(top_of(&harness, &text), row, "the first move {text}");
    }
    harness.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(harness.state().session().cursor(), first);
    let text = written(Notation::ChineseSimplified);
    assert_eq!(top_of(&harness, &text), row, "after a step, {text}");
    assert_eq!(top_of(&harness, "Start clock"), clock, "after a step");
}

#[test]
fn a_new_variation_deep_in_the_record_is_scrolled_into_view() {
    let mut harness = app([1100.0, 800.0]);
    harness.state_mut().show_game(sample_game());
    harness.run();
    harness.key_press(Key::Home);
    harness.run();
    // Step to round 26, Red to move, far below the first screenful, and play another move there.
    for _ in 0..50 {
        harness.key_press(Key::ArrowRight);
        harness.run();
    }
    let game = harness.state().session().game().clone();
    let here = harness.state().session().cursor();
    // A move whose text is nowhere in the record yet, so that finding it finds the variation.
    let written: Vec<String> = game
        .main_line()
        .iter()
        .map(|&n| text_of(&game, n))
        .collect();
    let position = game.position(here);
    let other = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| {
            let text = write_move(
                position,
                mv,
                Notation::ChineseSimplified,
                &WriteOptions::default(),
            );
            !written.contains(&text)
        })
        .expect("a legal move not in the record");
    play(&mut harness, &other.to_string());
    let session = harness.state().session();
    let cursor = session.cursor();
    assert_ne!(session.game().children(here)[0], cursor, "a variation");
    let text = text_of(session.game(), cursor);
    let shown = harness
        .get_all_by_label_contains(&text)
        .any(|node| visible_in_record(&harness, node.rect()));
    assert!(shown, "the new variation's move is in view");
}

#[test]
fn at_640_by_480_the_board_comes_first_and_a_tab_opens_the_other_panel() {
    let mut harness = app([640.0, 480.0]);
    // The points span nine steps; the board drawn is about a step wider, so 270 px of points
    // make a board of about 300 px.
    let size = board(&harness).width();
    assert!(size >= 270.0, "board points span {size} px");
    // The record is beside the board; the move box and clock are a tab.
    harness.get_by_label("Rd");
    assert!(harness.query_by_label("Moves").is_none());
    click(&mut harness, "Move box and clock");
    harness.get_by_label("Moves");
    assert!(harness.query_by_label("Rd").is_none());
    assert!(board(&harness).width() >= 270.0);
    click(&mut harness, "Record");
    harness.get_by_label("Rd");
}

#[test]
fn at_800_by_600_the_opening_tree_opens_beside_the_board_and_the_board_keeps_its_room() {
    let mut harness = app([800.0, 600.0]);
    let before = board(&harness).width();
    click(&mut harness, "View");
    click(&mut harness, "Opening tree");
    // The tree is a panel of the layout: shown, the record beside it, the desk a tab.
    harness.get_by_label("Open a game database (Database menu) to see the moves played here.");
    harness.get_by_label("Rd");
    assert!(harness.query_by_label("Moves").is_none());
    let size = board(&harness).width();
    assert!(size >= 270.0, "board points span {size} px (was {before})");
    // The desk's tab opens it; the tree then goes to a tab, and back.
    click(&mut harness, "Move box and clock");
    harness.get_by_label("Moves");
    assert!(harness
        .query_by_label("Open a game database (Database menu) to see the moves played here.")
        .is_none());
    assert!(board(&harness).width() >= 270.0);
    click(&mut harness, "Opening tree");
    harness.get_by_label("Open a game database (Database menu) to see the moves played here.");
    // It stays shown after a restart.
    let storage = support::stored(&mut harness);
    let mut again = support::app_on([800.0, 600.0], Scripted::default(), storage);
    again.run();
    assert!(again.state().session().layout().tree_shown);
    again.get_by_label("Open a game database (Database menu) to see the moves played here.");
    assert!(board(&again).width() >= 270.0);
}

#[test]
fn hidden_panels_and_the_open_detail_stay_so_after_a_restart() {
    let mut harness = app([1100.0, 800.0]);
    click(&mut harness, "View");
    click(&mut harness, "Record");
    assert!(harness.query_by_label("Rd").is_none());
    harness.get_by_label_contains("Referee's detail").click();
    harness.run();
    let storage = support::stored(&mut harness);
    let mut harness = support::app_on([1100.0, 800.0], Scripted::default(), storage);
    harness.run();
    assert!(
        harness.query_by_label("Rd").is_none(),
        "the record stays hidden"
    );
    harness.get_by_label("Moves");
    assert!(harness.state().session().layout().detail_open);
    click(&mut harness, "View");
    click(&mut harness, "Record");
    harness.get_by_label("Rd");
}

/// A long variation played move by move from round 26: its last move, far below the move it
/// branched from, is in sight as the record's own button (not only in the status line).
#[test]
fn the_end_of_a_long_variation_is_scrolled_into_view() {
    use eframe::egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;

    let mut harness = app([1100.0, 700.0]);
    harness.state_mut().show_game(sample_game());
    harness.run();
    harness.key_press(Key::Home);
    harness.run();
    for _ in 0..50 {
        harness.key_press(Key::ArrowRight);
        harness.run();
    }
    let ctx = harness.ctx.clone();
    let mut written: Vec<String> = {
        let game = harness.state().session().game();
        game.main_line().iter().map(|&n| text_of(game, n)).collect()
    };
    // Each move of the variation is one the record does not hold yet, so its text names it.
    for _ in 0..30 {
        let session = harness.state().session();
        let position = session.position();
        let Some((mv, text)) = position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let text = write_move(
                    position,
                    mv,
                    Notation::ChineseSimplified,
                    &WriteOptions::default(),
                );
                (mv, text)
            })
            .find(|(_, text)| !written.contains(text))
        else {
            break;
        };
        written.push(text);
        harness
            .state_mut()
            .apply(&ctx, qipu::ui::SessionCommand::TryMove(mv));
        harness.run();
    }
    let session = harness.state().session();
    let cursor = session.cursor();
    assert!(
        !session.game().main_line().contains(&cursor),
        "the move on the board is in the variation"
    );
    assert!(session.game().line_to(cursor).len() > 70);
    let text = text_of(session.game(), cursor);
    let buttons: Vec<Rect> = harness
        .get_all_by_role(Role::Button)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains(&text))
        })
        .map(|n| n.rect())
        .collect();
    assert_eq!(buttons.len(), 1, "one button for {text}: {buttons:?}");
    assert!(
        visible_in_record(&harness, buttons[0]),
        "the variation's last move {text} is in view: {:?}",
        buttons[0]
    );
}

/// The record panel's parts as drawn in a window of `size` after three moves: the Last button,
/// the headings of the Red and Black columns, and Red's and Black's first moves.
fn record_parts(size: [f32; 2]) -> [Rect; 5] {
    let mut harness = app(size);
    let ctx = harness.ctx.clone();
    for iccs in ["h2e2", "h9g7", "h0g2"] {
        let mv = qipu::rules::Move::parse_iccs(iccs).expect("ICCS");
        harness
            .state_mut()
            .apply(&ctx, qipu::ui::SessionCommand::TryMove(mv));
    }
    harness.run();
    ["Last", "Red", "Black", "炮二平五", "马８进７"].map(|label| harness.get_by_label(label).rect())
}

/// At 800×600 the record panel is narrower than its content used to be: the Last button and
/// the Black column were cut at the window's edge. Each part lies inside the window, whole (egui
/// reports a widget cut by its clip rect as the part in sight: the Last button narrower than in
/// a wide window, Black's column narrower than Red's).
#[test]
fn at_800_by_600_the_last_button_and_both_columns_of_the_record_are_in_the_window() {
    let [wide_last, ..] = record_parts([1280.0, 900.0]);
    for size in [[800.0, 600.0], [640.0, 480.0]] {
        let parts = record_parts(size);
        for rect in parts {
            assert!(
                rect.min.x >= 0.0 && rect.max.x <= size[0] && rect.max.y <= size[1],
                "at {size:?} a part is outside the window: {parts:?}"
            );
        }
        let [last, red, black, red_move, black_move] = parts;
        assert!(
            (last.width() - wide_last.width()).abs() < 0.5,
            "at {size:?} Last is cut: {last:?} (at 1280×900: {wide_last:?})"
        );
        assert!(
            black.width() >= red.width() - 0.5 && black_move.width() >= red_move.width() - 0.5,
            "at {size:?} the Black column is cut: {parts:?}"
        );
        assert!(black_move.min.x >= red_move.max.x, "{parts:?}");
    }
}
