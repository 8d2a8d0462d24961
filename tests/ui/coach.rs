//! A coach's work on the board and beyond it: arrows and highlighted points drawn with the
//! mouse and kept through Save and Open, positions set up (impossible ones refused, a
//! diagram's that play cannot reach accepted with its warning, saved and read back), and
//! diagrams and scoresheets exported through the file dialog.

use std::collections::VecDeque;

use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::export::{render_diagram, DiagramOptions};
use qipu::record::{Arrow, DrawColor, Drawing, Highlight};
use qipu::rules::{Move, Square};
use qipu::ui::QipuApp;

use super::support::{app, click, Scripted};
use crate::common::TempFolder;

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test square")
}

fn centre(harness: &Harness<'_, QipuApp>, point: &str) -> Pos2 {
    harness.get_by_label(point).rect().center()
}

/// Drag with the right button from one point to another, holding `modifiers`.
fn right_drag(harness: &mut Harness<'_, QipuApp>, from: &str, to: &str, modifiers: Modifiers) {
    let (a, b) = (centre(harness, from), centre(harness, to));
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(a));
    harness.event(Event::PointerButton {
        pos: a,
        button: PointerButton::Secondary,
        pressed: true,
        modifiers,
    });
    harness.run();
    for t in [0.3, 0.7, 1.0] {
        harness.event(Event::PointerMoved(a + (b - a) * t));
        harness.run();
    }
    harness.event(Event::PointerButton {
        pos: b,
        button: PointerButton::Secondary,
        pressed: false,
        modifiers,
    });
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}

fn right_click(harness: &mut Harness<'_, QipuApp>, point: &str, modifiers: Modifiers) {
    harness
        .get_by_label(point)
        .click_button_modifiers(PointerButton::Secondary, modifiers);
    harness.run();
}

#[test]
fn arrows_and_points_drawn_with_the_mouse_are_kept_with_the_move_through_save_and_open() {
    let dir = TempFolder::new("coach-drawing");
    let saved = dir.join("drawn.pgn");
    let mut harness = app_at(Scripted {
        opens: VecDeque::from([saved.clone()]),
        saves: VecDeque::from([saved.clone()]),
    });
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    // Shift + right drag: a red arrow; a plain right click: a green point; Ctrl: blue.
    right_drag(&mut harness, "h9", "g7", Modifiers::SHIFT);
    right_click(&mut harness, "e6", Modifiers::NONE);
    right_click(&mut harness, "b7", Modifiers::COMMAND);
    let arrow = Arrow {
        from: sq("h9"),
        to: sq("g7"),
        color: DrawColor::Red,
    };
    let points = [
        Highlight {
            square: sq("e6"),
            color: DrawColor::Green,
        },
        Highlight {
            square: sq("b7"),
            color: DrawColor::Blue,
        },
    ];
    let drawing = harness.state().session().drawing();
    assert_eq!(drawing.arrows, [arrow]);
    assert_eq!(drawing.highlights, points);
    // A right drag is no move, and the drawing is not part of the comment text shown.
    assert_eq!(harness.state().session().game().main_line().len(), 1);
    assert!(harness.query_by_label_contains("[%cal").is_none());

    // Drawing the same arrow again (any colour) takes it away; Undo brings it back.
    right_drag(&mut harness, "h9", "g7", Modifiers::NONE);
    assert!(harness.state().session().drawing().arrows.is_empty());
    click(&mut harness, "Game");
    click(&mut harness, "Undo edit");
    assert_eq!(harness.state().session().drawing().arrows, [arrow]);

    // Another move has its own (empty) drawing; going back shows the first one again.
    harness.key_press(Key::ArrowLeft);
    harness.run();
    assert!(harness.state().session().drawing().is_empty());
    harness.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(harness.state().session().drawing().arrows, [arrow]);

    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&saved).expect("saved file");
    assert!(
        text.contains("[%csl Ge6,Bb7] [%cal Rh9g7]"),
        "the drawing is in the move's comment: {text}"
    );

    click(&mut harness, "File");
    click(&mut harness, "New game");
    assert!(harness.state().session().game().main_line().is_empty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    click(&mut harness, "炮二平五");
    let reopened = harness.state().session().drawing();
    assert_eq!(reopened.arrows, [arrow]);
    assert_eq!(reopened.highlights, points);
}

fn set_fen_field(harness: &mut Harness<'_, QipuApp>, fen: &str) {
    let field = harness.get_by_role_and_label(Role::TextInput, "FEN");
    field.focus();
    harness.run();
    harness
        .get_by_role_and_label(Role::TextInput, "FEN")
        .set_text_value_accesskit(fen);
    harness.run();
    click(harness, "Read FEN");
}

#[test]
fn a_position_is_set_up_piece_by_piece_bad_ones_are_refused_or_warned_with_the_rule_and_a_game_starts(
) {
    let mut harness = app_at(Scripted::default());
    click(&mut harness, "Game");
    click(&mut harness, "Set up position…");
    click(&mut harness, "Clear board");
    harness.get_by_label_contains("Red has no general");
    // Generals and a red chariot, Black to move.
    for (piece, point) in [
        ("Red general", "e0"),
        ("Black general", "d9"),
        ("Red chariot", "a4"),
    ] {
        click(&mut harness, piece);
        click(&mut harness, point);
    }
    side(&mut harness, "Black");
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());
    assert_eq!(
        harness
            .get_by_role_and_label(Role::TextInput, "FEN")
            .value()
            .as_deref(),
        Some("3k5/9/9/9/9/R8/9/9/9/4K4 b - - 0 1")
    );

    // An advisor off the palace diagonals (2.2): a diagram may show it, so it is accepted with
    // the warning; a right click clears the point.
    click(&mut harness, "Red advisor");
    click(&mut harness, "d1");
    harness.get_by_label_contains(
        "taken as a diagram that play cannot reach: red advisor on d1: an advisor stands only on the palace diagonals",
    );
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());
    assert!(!harness
        .get_by_label("Start from this position")
        .accesskit_node()
        .is_disabled());
    harness.get_by_label("d1").click_secondary();
    harness.run();
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());

    // An elephant off its seven points, taken away with the eraser.
    click(&mut harness, "Black elephant");
    click(&mut harness, "e8");
    harness.get_by_label_contains("an elephant stands only on its seven points");
    click(&mut harness, "Eraser");
    click(&mut harness, "e8");

    // A soldier behind its starting rank, taken away by clicking it again with the same piece.
    click(&mut harness, "Red soldier");
    click(&mut harness, "c1");
    harness.get_by_label_contains("a soldier never stands behind its starting rank");
    click(&mut harness, "c1");
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());

    // Generals facing on an open file.
    click(&mut harness, "Eraser");
    click(&mut harness, "d9");
    click(&mut harness, "Black general");
    click(&mut harness, "e9");
    harness.get_by_label_contains("the generals face each other");
    click(&mut harness, "e9");
    click(&mut harness, "d9");

    // The side not to move in check: the chariot on rank 9 checks Black, and Red is to move.
    click(&mut harness, "Eraser");
    click(&mut harness, "a4");
    click(&mut harness, "Red chariot");
    click(&mut harness, "a9");
    side(&mut harness, "Red");
    harness.get_by_label_contains("Black is in check but Red is to move");
    // The reason in the other languages too.
    for (menu, language, reason) in [
        ("Language", "简体中文", "黑方被将军，却轮到红方走棋"),
        ("语言", "繁體中文", "黑方被將軍，卻輪到紅方走棋"),
        ("語言", "English", "Black is in check but Red is to move"),
    ] {
        click(&mut harness, menu);
        click(&mut harness, language);
        harness.get_by_label_contains(reason);
    }

    // Too many of a kind, from a pasted FEN: a composed problem may have them (1.2).
    set_fen_field(&mut harness, "3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w - - 0 1");
    harness.get_by_label_contains(
        "taken as a diagram that play cannot reach: 6 red soldiers; a side has at most 5",
    );
    // Two generals of a side no diagram shows.
    set_fen_field(&mut harness, "3k5/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1");
    harness.get_by_label_contains("Impossible position: 2 red generals; a side has at most 1");
    assert!(harness
        .get_by_label("Start from this position")
        .accesskit_node()
        .is_disabled());

    // A legal position with Black to move: a new record starts from it and play goes on.
    set_fen_field(&mut harness, "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());
    click(&mut harness, "Start from this position");
    let session = harness.state().session();
    assert_eq!(
        session.position().to_fen(),
        "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    );
    assert!(session.game().main_line().is_empty());
    click(&mut harness, "d9");
    click(&mut harness, "d8");
    assert_eq!(
        harness.state().session().position().to_fen(),
        "R8/3k5/9/9/9/9/9/9/9/4K4 w - - 1 2"
    );
    harness.get_by_label("Red to move");
}

#[test]
fn a_diagram_play_cannot_reach_starts_a_game_that_saves_and_reads_back_with_its_warning() {
    let dir = TempFolder::new("coach-diagram");
    let path = dir.join("diagram.pgn");
    let mut harness = app_at(Scripted {
        opens: VecDeque::from([path.clone()]),
        saves: VecDeque::from([path.clone()]),
    });
    click(&mut harness, "Game");
    click(&mut harness, "Set up position…");
    click(&mut harness, "Clear board");
    // A red soldier on c2, behind its starting rank (2.2), as composed problems have.
    for (piece, point) in [
        ("Red general", "e0"),
        ("Black general", "d9"),
        ("Red soldier", "c2"),
    ] {
        click(&mut harness, piece);
        click(&mut harness, point);
    }
    let english = "taken as a diagram that play cannot reach: red soldier on c2: a soldier never stands behind its starting rank";
    harness.get_by_label_contains(english);
    assert!(harness
        .query_by_label_contains("Impossible position")
        .is_none());
    // The warning in the other languages too.
    for (menu, language, warning) in [
        (
            "Language",
            "简体中文",
            "作为排局图式接受（实战不能形成）：红方兵（卒） c2",
        ),
        (
            "语言",
            "繁體中文",
            "作為排局圖式接受（實戰不能形成）：紅方兵（卒） c2",
        ),
        ("語言", "English", english),
    ] {
        click(&mut harness, menu);
        click(&mut harness, language);
        harness.get_by_label_contains(warning);
    }
    click(&mut harness, "Start from this position");
    let fen = "3k5/9/9/9/9/9/9/2P6/9/4K4 w - - 0 1";
    assert_eq!(harness.state().session().position().to_fen(), fen);
    // The status line says what the start breaks.
    harness.get_by_label_contains("start position: taken as a diagram that play cannot reach");
    click(&mut harness, "c2");
    click(&mut harness, "c3");
    assert_eq!(harness.state().session().game().move_count(), 1);

    // Saved, the game reads back from the file with the start and the warning.
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let file = qipu::formats::read_record_file(&path).expect("diagram.pgn written");
    let read = &file.games[0];
    assert!(read.error.is_none(), "{read:?}");
    let back = read.game.as_ref().expect("the game reads back");
    assert_eq!(back.start().to_fen(), fen);
    assert_eq!(back.move_count(), 1);
    assert_eq!(
        read.warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["start position: red soldier on c2, a point it can never reach in play (2.2)"]
    );
    // Opened in the window, it is shown with the warning on the status line.
    click(&mut harness, "File");
    click(&mut harness, "Open…");
    assert_eq!(harness.state().path(), Some(path.as_path()));
    assert_eq!(harness.state().session().game().start().to_fen(), fen);
    harness.get_by_label_contains("start position: taken as a diagram that play cannot reach");
}

fn side(harness: &mut Harness<'_, QipuApp>, name: &str) {
    harness
        .get_by_role_and_label(Role::RadioButton, name)
        .click();
    harness.run();
}

fn png_size(path: &std::path::Path) -> (u32, u32) {
    let image = image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (image.width(), image.height())
}

#[test]
fn diagrams_and_scoresheets_are_exported_through_the_file_dialog() {
    let dir = TempFolder::new("coach-export");
    let diagram = dir.join("diagram.png");
    let line = dir.join("line.png");
    let sheet = dir.join("sheet.png");
    let mut harness = app_at(Scripted {
        opens: VecDeque::new(),
        saves: VecDeque::from([diagram.clone(), line.clone(), sheet.clone()]),
    });
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2")] {
        click(&mut harness, from);
        click(&mut harness, to);
    }
    harness.key_press(Key::ArrowLeft);
    harness.run();
    right_drag(&mut harness, "i9", "h9", Modifiers::NONE);

    // The position after 1. 炮二平五 馬８進７, 500 pixels wide.
    click(&mut harness, "File");
    click(&mut harness, "Export…");
    harness
        .get_by_role_and_label(Role::SpinButton, "Width in pixels")
        .set_value_accesskit(500.0);
    harness.run();
    click(&mut harness, "Export…");
    let (width, height) = png_size(&diagram);
    assert_eq!(width, 500);
    assert!(
        height > width,
        "a board is taller than wide: {width}×{height}"
    );
    harness.get_by_label_contains("Saved");
    // It is the position on the board with its last move and the arrow drawn at it.
    let session = harness.state().session();
    let options = DiagramOptions {
        size: 500,
        last_move: Move::parse_iccs("h9g7"),
        drawing: session.drawing(),
        ..DiagramOptions::default()
    };
    assert_eq!(options.drawing.arrows.len(), 1);
    let expected = render_diagram(session.position(), &options);
    let written = image::open(&diagram).expect("png").to_rgba8();
    assert!(
        written.as_raw() == expected.as_raw(),
        "the exported diagram is the board's"
    );
    let plain = render_diagram(
        session.position(),
        &DiagramOptions {
            drawing: Drawing::default(),
            ..options
        },
    );
    assert!(written.as_raw() != plain.as_raw(), "the arrow is drawn");

    // Every position of the line: the start and the three moves, numbered by ply.
    click(&mut harness, "Diagrams of every position of this line");
    click(&mut harness, "Export…");
    for ply in 0..=3 {
        let file = dir.join(format!("line-{ply:03}.png"));
        assert_eq!(png_size(&file).0, 500, "{}", file.display());
    }
    assert!(!dir.join("line-004.png").exists());
    harness.get_by_label_contains("Saved 4 files");
    // The one at the second move is the diagram exported before, arrow and all.
    let second = image::open(dir.join("line-002.png"))
        .expect("png")
        .to_rgba8();
    assert!(second.as_raw() == written.as_raw());

    // The scoresheet, abbreviated.
    click(&mut harness, "Scoresheet");
    click(&mut harness, "Abbreviated notation");
    click(&mut harness, "Export…");
    let (width, height) = png_size(&sheet);
    assert!(
        height > width && width >= 1000,
        "an upright page: {width}×{height}"
    );
    click(&mut harness, "Close");
    assert!(harness.query_by_label("Scoresheet").is_none());
}

/// The app in a 1300×900 window with these dialogs, without autosave.
fn app_at(dialogs: Scripted) -> Harness<'static, QipuApp> {
    app([1300.0, 900.0], dialogs, None)
}
