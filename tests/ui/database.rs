//! The game database in the app, used as a coach would: a database made from a folder of real
//! records (read in place from the shared corpus), the import waited for, the list filtered by a
//! player, a game opened onto the board, the position on the board searched, and the opening
//! tree followed and clicked. The answers are checked against the core's own queries and against
//! what the files themselves say.

use std::collections::HashSet;
use std::path::PathBuf;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::database::{Database, SearchQuery};
use qipu::formats::read_record_file;
use qipu::notation::{write_move, Notation, WriteOptions};
use qipu::rules::Position;
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, corpus, type_over, wait_until, Scripted};

/// Twenty computer-championship games (GBK PGN, one a file, players and results in the tags)
/// and fifteen master games written three times over (ICCS, WXF and Chinese: duplicates).
fn folders() -> [PathBuf; 2] {
    [
        corpus("xqbase_eleeye/CCGC"),
        corpus("wukong_xqdb/xqdb/games_pgn"),
    ]
}

/// Click a widget and draw one frame (a spinner may keep the window busy, so no settling).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    harness.step();
}

/// Click a column's header (the game information has a field of the same name).
fn sort_by(harness: &mut Harness<'_, QipuApp>, header: &str) {
    harness.get_by_role_and_label(Role::Button, header).click();
    harness.step();
    harness.step();
}

/// The games the record readers find in the folders (as `qipu stats` counts them), and how many
/// of them are different games: a start position and moves of their own.
fn games_in_folders() -> (u64, u64) {
    let mut games = 0;
    let mut different = HashSet::new();
    for file in qipu::database::record_files(&folders()).unwrap() {
        for listed in read_record_file(&file).unwrap().games {
            if let (Some(game), None) = (listed.game, listed.error) {
                games += 1;
                let moves: Vec<String> = game
                    .main_line()
                    .iter()
                    .filter_map(|&node| game.move_of(node).map(|m| m.to_string()))
                    .collect();
                different.insert((game.position(game.root()).to_fen(), moves));
            }
        }
    }
    (games, different.len() as u64)
}

/// The app with a database made through its window from the two folders, the import waited
/// for; the test's folder, and the database's file in it.
fn app_with_database(name: &str) -> (TempFolder, Harness<'static, QipuApp>, PathBuf) {
    let dir = TempFolder::new(&format!("ui-db-{name}"));
    let file = dir.join("games.qipu");
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    harness.run();
    type_over(&mut harness, "File or server", &file.display().to_string());
    press(&mut harness, "Open or create");
    press(&mut harness, "Create");
    wait_until(&mut harness, "the database to open", |app| {
        app.database().location().is_some() && !app.database().busy()
    });
    assert_eq!(app_games(&harness), Some(0));
    for folder in folders() {
        type_over(&mut harness, "Import", &folder.display().to_string());
        press(&mut harness, "Add");
    }
    press(&mut harness, "Start import");
    wait_until(&mut harness, "the import", |app| {
        !app.database().importing()
            && app.database().last_import().is_some()
            && !app.database().busy()
    });
    (dir, harness, file)
}

fn app_games(harness: &Harness<'_, QipuApp>) -> Option<u64> {
    harness.state().database().game_count()
}

/// The games listed for `player` typed in the Player field: (Red, Black, result), sorted.
fn players_found(
    harness: &mut Harness<'_, QipuApp>,
    player: &str,
) -> Vec<(String, String, String)> {
    type_over(harness, "Player", player);
    press(harness, "Search");
    wait_until(harness, "the search", |app| !app.database().busy());
    let mut rows: Vec<(String, String, String)> = harness
        .state()
        .database()
        .rows()
        .iter()
        .map(|f| (f.red.clone(), f.black.clone(), f.result_token().to_owned()))
        .collect();
    rows.sort();
    rows
}

#[test]
fn a_database_made_from_a_folder_imports_every_game_and_filters_by_player() {
    let (_dir, mut harness, file) = app_with_database("filter");
    let report = *harness.state().database().last_import().unwrap();
    // Every game the readers find, the repeated ones linked as duplicates.
    let (games, different) = games_in_folders();
    assert_eq!((report.games, report.new), (games, different));
    assert_eq!(report.duplicates, games - different);
    assert!(report.duplicates > 0, "{report:?}");
    assert_eq!(app_games(&harness), Some(report.new));
    harness.get_by_label_contains(&format!("Imported {} games", report.games));
    // All the games are listed before any filter.
    assert_eq!(harness.state().database().rows().len() as u64, report.new);

    // 象棋旋风 played two games of the championship: as Black in game 5 (Red 相眼竞技 lost,
    // 先负) and as Red in game 6 (won, 先胜), as the files' names say.
    let sorted = players_found(&mut harness, "象棋旋风");
    assert_eq!(
        sorted,
        [
            (
                "相眼竞技".to_owned(),
                "象棋旋风".to_owned(),
                "0-1".to_owned()
            ),
            (
                "象棋旋风".to_owned(),
                "相眼竞技".to_owned(),
                "1-0".to_owned()
            ),
        ]
    );
    // The list shows them: the name in one column of each row.
    assert_eq!(harness.get_all_by_label("象棋旋风").count(), 2);
    // The name typed in traditional glyphs finds the same games.
    assert_eq!(players_found(&mut harness, "象棋旋風"), sorted);
    // The core answers the same.
    let mut db = Database::open_file(&file).unwrap();
    let core = db
        .search(&SearchQuery {
            player: Some("象棋旋风".to_owned()),
            ..SearchQuery::default()
        })
        .unwrap();
    let mut ids: Vec<i64> = core.iter().map(|f| f.id).collect();
    let mut shown: Vec<i64> = harness
        .state()
        .database()
        .rows()
        .iter()
        .map(|f| f.id)
        .collect();
    ids.sort_unstable();
    shown.sort_unstable();
    assert_eq!(shown, ids);

    // As Red only: game 6.
    press(&mut harness, "Side");
    press(&mut harness, "as Red");
    press(&mut harness, "Search");
    wait_until(&mut harness, "the search", |app| !app.database().busy());
    let rows = harness.state().database().rows();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].red.as_str(), rows[0].result_token()),
        ("象棋旋风", "1-0")
    );

    // Sorting by Red puts the rows in name order, and again the other way.
    press(&mut harness, "Clear filters");
    wait_until(&mut harness, "the search", |app| !app.database().busy());
    sort_by(&mut harness, "Red");
    let reds: Vec<String> = harness
        .state()
        .database()
        .rows()
        .iter()
        .map(|f| f.red.clone())
        .collect();
    let mut in_order = reds.clone();
    in_order.sort();
    assert_eq!(reds, in_order);
    sort_by(&mut harness, "Red ↑");
    let reds: Vec<String> = harness
        .state()
        .database()
        .rows()
        .iter()
        .map(|f| f.red.clone())
        .collect();
    in_order.reverse();
    assert_eq!(reds, in_order);
}

#[test]
fn a_game_opened_from_the_list_and_a_position_search_put_the_game_on_the_board() {
    let (_dir, mut harness, file) = app_with_database("position");
    let mut db = Database::open_file(&file).unwrap();
    type_over(&mut harness, "Player", "象棋旋风");
    press(&mut harness, "Side");
    press(&mut harness, "as Red");
    press(&mut harness, "Search");
    wait_until(&mut harness, "the search", |app| !app.database().busy());
    let found = harness.state().database().rows()[0].clone();
    // A click on the row shows the game at its start.
    harness.get_all_by_label("象棋旋风").next().unwrap().click();
    wait_until(&mut harness, "the game", |app| {
        app.session().game().main_line().len() > 10
    });
    let stored = db.game(found.id).unwrap();
    assert!(harness.state().session().game().same_record(&stored));
    assert_eq!(harness.state().session().position(), &Position::startpos());
    // The window steps aside for the board, and the status line says how to get it back…
    assert!(!harness.state().database().is_open());
    assert!(harness.query_by_label("Open or create").is_none());
    harness.get_by_label_contains("Opened from the database");
    // …where the list is as it was left.
    let listed = harness.state().database().rows().to_vec();
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    harness.run();
    assert!(harness.state().database().is_open());
    assert_eq!(harness.state().database().rows(), listed.as_slice());
    assert!(harness.get_all_by_label("象棋旋风").next().is_some());

    // Four plies on, the filters cleared, the position on the board is searched (Database ▸
    // Search this position).
    for _ in 0..4 {
        press(&mut harness, "Forward");
    }
    let position = harness.state().session().position().clone();
    assert_eq!(
        harness
            .state()
            .session()
            .game()
            .ply(harness.state().session().cursor()),
        4
    );
    press(&mut harness, "Clear filters");
    press(&mut harness, "Database");
    press(&mut harness, "Search this position");
    wait_until(&mut harness, "the position search", |app| {
        !app.database().busy()
    });
    let core = db
        .search(&SearchQuery {
            position: Some(position.clone()),
            limit: Some(5000),
            ..SearchQuery::default()
        })
        .unwrap();
    assert!(core.len() >= 2, "{} games reach the position", core.len());
    let rows = harness.state().database().rows().to_vec();
    assert_eq!(rows.len(), core.len());
    assert_eq!(
        rows.iter().map(|f| (f.id, f.ply)).collect::<Vec<_>>(),
        core.iter().map(|f| (f.id, f.ply)).collect::<Vec<_>>()
    );

    // Another game reaching it opens at the ply where the position stands.
    let other = rows.iter().find(|f| f.id != found.id).unwrap().clone();
    harness.get_by_label(&other.source_shown()).click();
    wait_until(&mut harness, "the other game", |app| {
        app.session().game().same_record(&db_game(&file, other.id))
    });
    let session = harness.state().session();
    assert_eq!(session.game().ply(session.cursor()), other.ply as usize);
    assert_eq!(session.position(), &position);
}

/// The list's cells hold their text whole ("1/2-…" and cut names were shown): each cell in
/// view is as wide as its text with the button's padding, or, for a text longer than a column
/// gets (an event's full name), at least 200 points wide, the rest on hover.
#[test]
fn the_list_shows_names_and_results_whole() {
    use eframe::egui::{Color32, TextStyle};
    use egui_kittest::kittest::NodeT;
    let (_dir, mut harness, _) = app_with_database("widths");
    // A player with a draw among the computer-championship games.
    type_over(&mut harness, "Player", "理治棋壮");
    press(&mut harness, "Search");
    wait_until(&mut harness, "the search", |app| !app.database().busy());
    let rows = harness.state().database().rows().to_vec();
    assert!(rows.iter().any(|f| f.result_token() == "1/2-1/2"));
    let ctx = harness.ctx.clone();
    let style = ctx.global_style();
    let font = TextStyle::Button.resolve(&style);
    let padding = 2.0 * style.spacing.button_padding.x;
    let mut checked = 0;
    for found in &rows {
        let texts = [
            found.red.clone(),
            found.black.clone(),
            found.event.clone(),
            found.date.clone(),
            found.result_token().to_owned(),
        ];
        for text in texts.iter().filter(|t| !t.is_empty()) {
            let whole = ctx.fonts_mut(|f| {
                f.layout_no_wrap(text.clone(), font.clone(), Color32::BLACK)
                    .size()
                    .x
            });
            for cell in harness.get_all_by_role(Role::Button).filter(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l == text.as_str())
            }) {
                let width = cell.rect().width();
                assert!(
                    width >= (whole + padding).min(200.0) - 0.5,
                    "{text:?} is cut: {width} wide, its text {whole}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 5 * rows.len().min(5), "cells checked: {checked}");
}

fn db_game(file: &std::path::Path, id: i64) -> qipu::record::Game {
    Database::open_file(file).unwrap().game(id).unwrap()
}

/// The source as the list shows it: the file's name and the game's number.
trait SourceShown {
    fn source_shown(&self) -> String;
}

impl SourceShown for qipu::database::Found {
    fn source_shown(&self) -> String {
        let name = std::path::Path::new(&self.file)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        format!("{name}#{}", self.number)
    }
}

#[test]
fn the_opening_tree_sums_to_the_games_through_the_position_and_a_click_plays_its_move() {
    let (_dir, mut harness, file) = app_with_database("tree");
    let mut db = Database::open_file(&file).unwrap();
    press(&mut harness, "View");
    press(&mut harness, "Opening tree");
    let start = Position::startpos();
    wait_until(&mut harness, "the tree", |app| {
        app.database().tree_of(&Position::startpos()).is_some()
    });
    let tree = harness.state().database().tree_of(&start).unwrap().to_vec();
    // Every game through the start position that goes on from it counts once: replayed here
    // from the stored records.
    let through: Vec<_> = db
        .search(&SearchQuery {
            position: Some(start.clone()),
            limit: Some(5000),
            ..SearchQuery::default()
        })
        .unwrap();
    let continuing = through
        .iter()
        .filter(|f| db.game(f.id).unwrap().main_line().len() > f.ply as usize)
        .count() as u64;
    assert_eq!(tree.iter().map(|m| m.games).sum::<u64>(), continuing);
    for m in &tree {
        assert!(m.red_wins + m.draws + m.black_wins <= m.games);
    }
    assert_eq!(tree, db.tree(&start).unwrap());
    harness.get_by_label_contains(&format!("{continuing} games continue from here"));

    // The most played move, in the record's notation, is played by a click; the tree follows.
    // The database window is closed first: it stands over the panel.
    press(&mut harness, "Close window");
    let first = tree[0].clone();
    let text = write_move(
        &start,
        first.mv,
        Notation::ChineseSimplified,
        &WriteOptions::default(),
    );
    press(&mut harness, &text);
    assert_eq!(support::main_line(&harness), [first.mv.to_string()]);
    let next = harness.state().session().position().clone();
    wait_until(&mut harness, "the next tree", |app| {
        app.database().tree_of(&next).is_some()
    });
    let next_tree = harness.state().database().tree_of(&next).unwrap();
    assert!(next_tree.iter().map(|m| m.games).sum::<u64>() <= first.games);
    assert_eq!(next_tree, db.tree(&next).unwrap().as_slice());
}
