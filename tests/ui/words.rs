//! Words people read in the window: menus give their shortcuts beside the label (the item's
//! accessible name stays the label), move numbers stay with their moves when a variation wraps,
//! the whole evaluation list shows.

use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use qipu::formats::read_pgn_text;
use qipu::notation::Notation;
use qipu::record::Evaluation;
use qipu::ui::SessionCommand;

use super::support::{self, app, click, Scripted};

#[test]
fn menu_items_show_their_shortcut_and_keep_their_label_as_name() {
    let mut harness = app([1280.0, 900.0], Scripted::default(), None);
    click(&mut harness, "File");
    let save = harness.get_by_label("Save");
    assert_eq!(
        save.accesskit_node().data().keyboard_shortcut(),
        Some("Ctrl+S")
    );
    let quit = harness.get_by_label("Quit");
    assert_eq!(
        quit.accesskit_node().data().keyboard_shortcut(),
        Some("Ctrl+Q")
    );
    // The shortcut is drawn inside the item, at its right.
    assert!(save.rect().width() > 100.0, "{:?}", save.rect());
}

/// The red moves of a variation of ten rounds from the first move, in ICCS.
const VARIATION: [&str; 10] = [
    "h0g2", "b0c2", "a0a1", "i0i1", "a1d1", "i1f1", "g3g4", "c3c4", "b2b1", "h2h1",
];

#[test]
fn move_numbers_stay_on_the_line_of_their_move_when_a_variation_wraps() {
    let pgn = "1. h2e2 (1. h0g2 h9g7 2. b0c2 b9c7 3. a0a1 a9a8 4. i0i1 i9i8 5. a1d1 a8d8 \
               6. i1f1 i8f8 7. g3g4 g6g5 8. c3c4 c6c5 9. b2b1 b7b8 10. h2h1 h7h8) 1... h9g7 2. h0g2 *";
    let game = read_pgn_text(pgn)
        .next()
        .expect("a game")
        .expect("the game reads");
    for width in [1280.0, 1180.0, 1080.0] {
        let mut harness = app([width, 900.0], Scripted::default(), None);
        harness.state_mut().show_game(game.clone());
        let ctx = harness.ctx.clone();
        harness
            .state_mut()
            .apply(&ctx, SessionCommand::SetNotation(Notation::Iccs));
        harness.run();
        let mut rows = std::collections::BTreeSet::new();
        for (round, red) in VARIATION.iter().enumerate() {
            // The main line goes on with 2. h0g2 as well, below the variation (shown under round 1).
            let mv = harness
                .get_all_by_label(red)
                .map(|node| node.rect())
                .min_by(|a, b| a.top().total_cmp(&b.top()))
                .expect("the variation's move");
            // The round's number in the round column (the main line has numbers of its own):
            // the one nearest the move.
            let number = harness
                .get_all_by_value(&(round + 1).to_string())
                .map(|node| node.rect())
                .min_by(|a, b| {
                    let off = |r: &egui::Rect| (r.center().y - mv.center().y).abs();
                    off(a).total_cmp(&off(b))
                })
                .expect("the round's number");
            rows.insert(mv.center().y.round() as i32);
            assert!(
                (number.center().y - mv.center().y).abs() < 4.0 && number.right() <= mv.left(),
                "at {width}: round {} at {number:?}, its move {red} at {mv:?}",
                round + 1
            );
        }
        assert!(rows.len() > 2, "the variation wraps: {rows:?}");
    }
}

#[test]
fn the_evaluation_list_shows_every_entry() {
    let mut harness = app([1280.0, 900.0], Scripted::default(), None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    // Each entry, the last ones too, is in sight and takes a click (a list cut off by its
    // scrolling height lets a click on its last entries fall on what lies behind).
    for (label, evaluation) in [
        ("-+  Black winning", Evaluation::BlackWinning),
        ("+-  Red winning", Evaluation::RedWinning),
        ("=  Equal", Evaluation::Equal),
    ] {
        click(&mut harness, "Evaluation");
        click(&mut harness, label);
        let session = harness.state().session();
        assert_eq!(
            session.game().annotation(session.cursor()).evaluation(),
            Some(evaluation),
            "{label}"
        );
    }
}

/// The list open, every entry is in sight whole: a pointer press just inside its bottom edge
/// sets that evaluation. (egui reports a widget's whole rect even where its scroll area shows
/// only part of it, so an entry cut off by a list too short looks whole to a query; the press
/// there lands outside the list and closes it.)
#[test]
fn every_entry_of_the_evaluation_list_is_in_sight() {
    let mut harness = app([1280.0, 900.0], Scripted::default(), None);
    click(&mut harness, "h2");
    click(&mut harness, "e2");
    let node = harness.state().session().cursor();
    for e in Evaluation::ALL {
        click(&mut harness, "Evaluation");
        let prefix = format!("{}  ", e.symbol());
        let entry = harness
            .query_all_by(|n| n.label().is_some_and(|l| l.starts_with(&prefix)))
            .next()
            .map(|entry| entry.rect())
            .unwrap_or_else(|| panic!("no entry {prefix:?}"));
        // Near its bottom edge: an entry half cut off by the list's height takes a press at its
        // middle, not there.
        let pos = egui::pos2(entry.center().x, entry.max.y - 3.0);
        support::pointer_click(&mut harness, pos);
        let set = harness
            .state()
            .session()
            .game()
            .annotation(node)
            .evaluation();
        assert_eq!(
            set,
            Some(e),
            "{prefix:?} drawn at {entry:?} missed its click"
        );
    }
}
