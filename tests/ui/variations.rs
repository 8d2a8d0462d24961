//! The record's variations as a coach reads them: each on rows of its own, indented by depth,
//! its round number beside its first move, no bracket or number alone at a row's end; a book of
//! many branch points opens folded beyond the first level, folds and unfolds by marker, key and
//! View menu, and the line to the move on the board is always unfolded.

use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::notation::{write_move, Notation, WriteOptions};
use qipu::record::{Game, NodeId};
use qipu::rules::Position;
use qipu::ui::{FoldMode, QipuApp, SessionCommand};

use super::support::{app, click, Scripted};

/// A book: a main line of `branches` moves, each with an alternative; inside the alternative at
/// the start, a variation of its own at its second move. Returns the game and that nested
/// variation's first and second moves.
fn book(branches: usize) -> (Game, NodeId, NodeId) {
    let mut game = Game::new(Position::startpos());
    let mut at = game.root();
    for _ in 0..branches {
        let moves = game.position(at).legal_moves();
        let main = game.play(at, moves[0]).expect("legal");
        game.play(at, moves[1]).expect("legal");
        at = main;
    }
    let root = game.root();
    let alternative = game.children(root)[1];
    let play_first = |game: &mut Game, at: NodeId, index: usize| {
        let mv = game.position(at).legal_moves()[index];
        game.play(at, mv).expect("legal")
    };
    let second = play_first(&mut game, alternative, 0);
    play_first(&mut game, second, 0);
    let nested = play_first(&mut game, second, 5);
    let deep = play_first(&mut game, nested, 2);
    play_first(&mut game, deep, 0);
    (game, nested, deep)
}

fn text(game: &Game, node: NodeId) -> String {
    let before = game.position_before(node);
    let mv = game.move_of(node).expect("a move");
    write_move(
        before,
        mv,
        Notation::ChineseSimplified,
        &WriteOptions::default(),
    )
}

fn shown(harness: &Harness<'_, QipuApp>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}

fn opened(game: Game, size: [f32; 2]) -> Harness<'static, QipuApp> {
    let mut harness = app(size, Scripted::default(), None);
    harness.state_mut().show_game(game);
    harness.run();
    harness
}

#[test]
fn a_book_opens_folded_beyond_the_first_level_and_unfolds_by_menu_marker_and_key() {
    let (game, nested, deep) = book(40);
    let (nested_text, deep_text) = (text(&game, nested), text(&game, deep));
    let mut harness = opened(game, [1400.0, 950.0]);
    assert_eq!(
        harness.state().session().folds().mode(),
        FoldMode::FirstLevel
    );
    // Folded: the nested variation's first move stands behind its marker, its second is hidden.
    let folded = shown(&harness, &deep_text);
    assert!(shown(&harness, &nested_text) >= 1);

    click(&mut harness, "View");
    click(&mut harness, "Variations: all");
    assert_eq!(harness.state().session().folds().mode(), FoldMode::All);
    assert!(shown(&harness, &deep_text) > folded, "{deep_text}");

    // A marker folds its branch point: the first, at the top, the variations of the first move.
    let root = harness.state().session().game().root();
    let open = |h: &Harness<'_, QipuApp>| h.state().session().folds().is_open(root, 1);
    assert!(open(&harness));
    harness
        .query_all_by_label("-")
        .next()
        .expect("a marker")
        .click();
    harness.run();
    assert!(!open(&harness));
    harness
        .query_all_by_label("+")
        .next()
        .expect("a marker")
        .click();
    harness.run();
    assert!(open(&harness));

    // Keys: - folds the branch point at the move on the board (the start), + unfolds it.
    harness.key_press(Key::Minus);
    harness.run();
    assert!(!open(&harness));
    harness.key_press(Key::Plus);
    harness.run();
    assert!(open(&harness));

    click(&mut harness, "View");
    click(&mut harness, "Main line only");
    assert_eq!(harness.query_all_by_label("-").count(), 0);
}

#[test]
fn the_line_to_the_move_on_the_board_is_always_unfolded() {
    let (mut game, _, deep) = book(40);
    let deep_text = text(&game, deep);
    let main_line_only = |game: Game| {
        let mut harness = opened(game, [1400.0, 950.0]);
        click(&mut harness, "View");
        click(&mut harness, "Main line only");
        harness
    };
    let hidden = shown(&main_line_only(game.clone()), &deep_text);
    game.go_to(deep);
    let harness = main_line_only(game);
    assert_eq!(harness.state().session().cursor(), deep);
    assert!(shown(&harness, &deep_text) > hidden, "{deep_text}");
}

#[test]
fn a_nested_variation_is_indented_deeper_than_the_one_it_is_in() {
    let (game, nested, _) = book(6);
    let root = game.root();
    let first_level = game.children(root)[1];
    let (outer, inner) = (text(&game, first_level), text(&game, nested));
    let harness = opened(game, [1400.0, 950.0]);
    let left = |label: &str| {
        harness
            .query_all_by_label(label)
            .map(|n| n.rect().left())
            .fold(f32::INFINITY, f32::min)
    };
    assert!(
        left(&inner) > left(&outer) + 10.0,
        "{inner} at {}, {outer} at {}",
        left(&inner),
        left(&outer)
    );
}

/// A variation inside a variation, both beginning with Black's move (PGN's RAV): each of their
/// moves stands in its side's column, Black's under Black's moves of the main line, Red's to the
/// left of them, at either size of the window.
#[test]
fn a_nested_variation_that_begins_with_black_s_move_begins_in_black_s_column() {
    let pgn = "[Event \"Nested\"]\n\n1. 炮二平五 马８进７ (1... 炮８平５ 2. 马二进三 马８进７ \
               (2... 马２进３ 3. 兵七进一 车９进１) 3. 车一平二) 2. 马二进三 车９平８ *\n";
    let game = qipu::formats::read_pgn_text(pgn)
        .next()
        .expect("one game")
        .expect("it reads");
    for size in [[1400.0, 950.0], [640.0, 480.0]] {
        let mut harness = opened(game.clone(), size);
        click(&mut harness, "View");
        click(&mut harness, "Variations: all");
        // The moves: the main line's first Red; the variation and its nested one, each begun
        // by Black.
        let game = harness.state().session().game().clone();
        let main = game.main_line();
        let child = |node: NodeId, i: usize| game.children(node)[i];
        let v = child(main[0], 1);
        let v2 = child(v, 0);
        let w = child(v2, 1);
        let w2 = child(w, 0);
        let v4 = child(child(v2, 0), 0);
        let black_column = harness.get_by_label("Black").rect().left();
        // Where a move is drawn, the record scrolled to it (only the rows in view are drawn).
        let mut left = |node: NodeId| {
            let ctx = harness.ctx.clone();
            harness.state_mut().apply(&ctx, SessionCommand::GoTo(node));
            harness.run();
            harness.get_by_label(&text(&game, node)).rect().left()
        };
        assert!(left(main[0]) < black_column);
        for black in [v, w, child(w2, 0)] {
            let at = left(black);
            assert!(
                at >= black_column,
                "{size:?}: Black's {} at {at} is in Black's column, from {black_column}",
                text(&game, black),
            );
        }
        for red in [w2, v4] {
            let at = left(red);
            assert!(
                at < black_column,
                "{size:?}: Red's {} at {at} is left of Black's column",
                text(&game, red),
            );
        }
    }
}
