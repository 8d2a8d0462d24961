//! The Event window: an arbiter creates an event, registers players, pairs a round, enters the
//! results by a click and from the game on the board, and reads the standings; the file holds
//! every change.

use eframe::egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::tournament::{BoardResult, EventFile};
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{app, click, type_and_enter, type_over, wait_for, Scripted};

/// Click the first widget labelled `label` (a frame or two follow; the file's thread answers
/// later).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness
        .get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no {label:?}"))
        .click();
    harness.step();
    harness.step();
}

fn idle(harness: &Harness<'_, QipuApp>) -> bool {
    harness.query_by_label("Working…").is_none()
}

#[test]
fn an_event_is_run_from_the_window() {
    let dir = TempFolder::new("ui-event-run");
    let file = dir.join("open.qipu-event");
    let dialogs = Scripted {
        saves: [file.clone()].into(),
        ..Scripted::default()
    };
    let mut harness = app([1200.0, 900.0], dialogs, None);
    click(&mut harness, "File");
    click(&mut harness, "Event…");
    harness.get_by_label("A new event");
    type_over(&mut harness, "Event name", "City Open");
    harness
        .get_by_role_and_label(Role::ComboBox, "System")
        .click();
    harness.run();
    click(&mut harness, "Round robin");
    press(&mut harness, "Create…");
    wait_for(&mut harness, "the event file", |h| {
        h.query_by_label("Players").is_some()
    });
    assert!(file.exists());
    for (name, rating) in [
        ("Wang", "2400"),
        ("Li", "2300"),
        ("Zhao", "2200"),
        ("Chen", "2100"),
    ] {
        type_over(&mut harness, "Player's name", name);
        type_over(&mut harness, "Rating", rating);
        press(&mut harness, "Add player");
        wait_for(&mut harness, name, |h| {
            idle(h) && h.query_by_label(name).is_some()
        });
    }
    // A second player of one name is refused with the reason, and nothing changes.
    type_over(&mut harness, "Player's name", "Li");
    press(&mut harness, "Add player");
    wait_for(&mut harness, "the refusal", |h| {
        h.query_by_label_contains("already registered").is_some()
    });
    // Refused in a box over the window, closed by OK.
    click(&mut harness, "OK");
    // The same refusal in the interface's language, with the player's name as written.
    click(&mut harness, "Language");
    click(&mut harness, &Language::TraditionalChinese.to_string());
    type_over(&mut harness, "棋手姓名", "Li");
    press(&mut harness, "新增");
    wait_for(&mut harness, "the refusal in traditional Chinese", |h| {
        h.query_by_label("未執行，沒有變更： 已有名為「Li」的棋手")
            .is_some()
    });
    click(&mut harness, "確定");
    click(&mut harness, "語言");
    click(&mut harness, &Language::English.to_string());
    press(&mut harness, "Rounds");
    press(&mut harness, "Pair next round");
    wait_for(&mut harness, "round 1", |h| {
        h.query_by_label("Round 1").is_some()
    });
    // Berger round 1 of four: 1–4 and 2–3, number 1 red (13.1).
    let stored = EventFile::open(&file).unwrap();
    let round = &stored.event().rounds[0];
    let names: Vec<(String, String)> = round
        .games()
        .map(|g| {
            let e = stored.event();
            (
                e.players[g.red].name.clone(),
                e.players[g.black].name.clone(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Wang".to_owned(), "Chen".to_owned()),
            ("Li".to_owned(), "Zhao".to_owned())
        ]
    );
    drop(stored);
    press(&mut harness, "1-0");
    wait_for(&mut harness, "the first result", |h| {
        idle(h) && h.get_all_by_label("1-0").count() == 2
    });
    // The second board from the game on the board: a record Black won.
    let pgn = "[Red \"Li\"]\n[Black \"Zhao\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马8进7 0-1\n";
    let game = qipu::formats::read_pgn_text(pgn).next().unwrap().unwrap();
    harness.state_mut().show_game(game);
    harness.run_ok();
    harness.key_press(eframe::egui::Key::End);
    harness.step();
    wait_for(&mut harness, "the game's result", |h| {
        h.query_all_by_label("From the board")
            .any(|b| !b.accesskit_node().is_disabled())
    });
    press(&mut harness, "From the board");
    wait_for(&mut harness, "board 2's result", |h| {
        idle(h) && h.query_by_label("From the board").is_none()
    });
    let stored = EventFile::open(&file).unwrap();
    let boards: Vec<Option<BoardResult>> =
        stored.event().rounds[0].games().map(|g| g.result).collect();
    assert_eq!(
        boards,
        [Some(BoardResult::RedWins), Some(BoardResult::BlackWins)]
    );
    assert!(stored.event().rounds[0].game(2).unwrap().pgn.is_some());
    press(&mut harness, "Standings");
    harness.get_by_label("Wang");
    harness.get_by_label("Rank");
}

/// A team captain's line-up (12.2 with substitutes): the fifth player on board 4 in place of
/// the fourth, chosen in the Rounds tab; the file holds it.
#[test]
fn a_team_fields_its_lineup_from_the_window() {
    use qipu::tournament::event::{BoardOrder, Event, EventSettings, Player, System};
    let dir = TempFolder::new("ui-event-lineup");
    let file = dir.join("teams.qipu-event");
    let settings = EventSettings {
        system: System::RoundRobin,
        team_boards: Some(4),
        board_order: BoardOrder::Substitutes,
        ..EventSettings::default()
    };
    let mut event = Event::new("Teams", settings);
    for team in ["T", "U"] {
        for i in 1..=5 {
            event.players.push(Player {
                rating: Some(2100 - i * 10),
                team: team.to_owned(),
                ..Player::named(&format!("{}{i}", team.to_lowercase()))
            });
        }
    }
    let paired = qipu::tournament::systems::pair_next(&event).unwrap();
    let first = paired.entrant_name(paired.rounds[0].matches[0].first);
    drop(EventFile::create(&file, paired).unwrap());
    let p = first.to_lowercase();
    let dialogs = Scripted {
        opens: [file.clone()].into(),
        ..Scripted::default()
    };
    let mut harness = app([1200.0, 900.0], dialogs, None);
    click(&mut harness, "File");
    click(&mut harness, "Event…");
    press(&mut harness, "Open event…");
    // The new-event form has a "Rounds" field too; only the opened event has a Players tab.
    wait_for(&mut harness, "the event", |h| {
        h.query_by_label("Players").is_some() && h.query_by_label("A new event").is_none()
    });
    press(&mut harness, "Rounds");
    wait_for(&mut harness, "the line-ups", |h| {
        h.get_all_by_role(Role::ComboBox)
            .any(|n| n.accesskit_node().label().as_deref() == Some("4"))
    });
    // The first team's board 4 combo is the fourth of its row.
    let combo = harness
        .get_all_by_role(Role::ComboBox)
        .find(|n| n.accesskit_node().label().as_deref() == Some("4"))
        .unwrap();
    combo.click();
    harness.run_ok();
    press(&mut harness, &format!("{p}5"));
    harness.run_ok();
    harness
        .get_all_by_label("Set line-up")
        .find(|n| !n.accesskit_node().is_disabled())
        .unwrap()
        .click();
    harness.step();
    wait_for(&mut harness, "the line-up", |h| {
        idle(h)
            && h.query_all_by_label("Set line-up")
                .all(|n| n.accesskit_node().is_disabled())
    });
    let stored = EventFile::open(&file).unwrap();
    let board4 = stored.event().rounds[0].game(4).unwrap();
    assert_eq!(stored.event().players[board4.black].name, format!("{p}5"));
    drop(stored);
}

/// A Swiss event of four with round 1 paired, in `file`; the names of board 1's players.
fn paired_swiss(file: &std::path::Path) -> (String, String) {
    use qipu::tournament::event::{Event, EventSettings, Player, System};
    let settings = EventSettings {
        system: System::Swiss,
        rounds: Some(3),
        ..EventSettings::default()
    };
    let mut event = Event::new("Swiss", settings);
    for (name, rating) in [("Wang", 2400), ("Li", 2300), ("Zhao", 2200), ("Chen", 2100)] {
        event.players.push(Player {
            rating: Some(rating),
            ..Player::named(name)
        });
    }
    let paired = qipu::tournament::systems::pair_next(&event).unwrap();
    let g = paired.rounds[0].game(1).unwrap();
    let names = (
        paired.players[g.red].name.clone(),
        paired.players[g.black].name.clone(),
    );
    drop(EventFile::create(file, paired).unwrap());
    names
}

fn result_of(file: &std::path::Path, round: usize, board: u32) -> Option<BoardResult> {
    EventFile::open(file).unwrap().event().rounds[round - 1]
        .game(board)
        .unwrap()
        .result
}

/// The first rank of the standings tab's table.
fn leader(harness: &Harness<'_, QipuApp>, names: &[&str]) -> String {
    let y = |name: &str| {
        harness
            .get_all_by_label(name)
            .map(|n| n.rect().min.y)
            .fold(f32::INFINITY, f32::min)
    };
    let mut by_row: Vec<(f32, &str)> = names.iter().map(|&n| (y(n), n)).collect();
    by_row.sort_by(|a, b| a.0.total_cmp(&b.0));
    by_row[0].1.to_owned()
}

/// One wrong click is put right: Change offers the other results, the new one is stored and the
/// standings follow; Clear takes a result back; From the board takes the game's result while
/// the board stands at its start; once the next round is paired, a correction of round 1 says
/// that round 2 was paired with the old result.
#[test]
fn a_result_is_corrected_and_cleared_from_the_window() {
    let dir = TempFolder::new("ui-event-correct");
    let file = dir.join("swiss.qipu-event");
    let (red, black) = paired_swiss(&file);
    let dialogs = Scripted {
        opens: [file.clone()].into(),
        ..Scripted::default()
    };
    let mut harness = app([1200.0, 900.0], dialogs, None);
    click(&mut harness, "File");
    click(&mut harness, "Event…");
    press(&mut harness, "Open event…");
    wait_for(&mut harness, "the event", |h| {
        h.query_by_label("Players").is_some() && h.query_by_label("A new event").is_none()
    });
    press(&mut harness, "Rounds");
    // The wrong click: board 1 to Red.
    press(&mut harness, "1-0");
    wait_for(&mut harness, "the result", |h| {
        idle(h) && h.query_by_label("Change…").is_some()
    });
    assert_eq!(result_of(&file, 1, 1), Some(BoardResult::RedWins));
    press(&mut harness, "Change…");
    // The result being changed is not offered again; the others, Clear and Cancel are.
    assert!(harness.query_by_label("Clear").is_some());
    press(&mut harness, "0-1");
    wait_for(&mut harness, "the correction", |h| {
        idle(h) && h.query_by_label_contains("(was 1-0)").is_some()
    });
    assert_eq!(result_of(&file, 1, 1), Some(BoardResult::BlackWins));
    press(&mut harness, "Standings");
    assert_eq!(leader(&harness, &[red.as_str(), black.as_str()]), black);
    // Cleared, the board takes a result again.
    press(&mut harness, "Rounds");
    press(&mut harness, "Change…");
    press(&mut harness, "Clear");
    wait_for(&mut harness, "the result taken back", |h| {
        idle(h) && h.query_by_label_contains("no result (was 0-1)").is_some()
    });
    assert_eq!(result_of(&file, 1, 1), None);

    // From the board with the board at the game's start: the record's result is taken.
    let pgn = format!(
        "[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马8进7 0-1\n"
    );
    let game = qipu::formats::read_pgn_text(&pgn).next().unwrap().unwrap();
    harness.state_mut().show_game(game);
    harness.run_ok();
    harness.key_press(eframe::egui::Key::Home);
    harness.step();
    assert!(!harness.state().session().game_over());
    harness
        .get_all_by_label("From the board")
        .next()
        .unwrap()
        .click();
    harness.step();
    wait_for(&mut harness, "board 1 from the game", |h| {
        idle(h) && h.get_all_by_label("Change…").count() == 1
    });
    assert!(
        harness.query_by_label_contains("has no result").is_none(),
        "refused"
    );
    assert_eq!(result_of(&file, 1, 1), Some(BoardResult::BlackWins));
    press(&mut harness, "½-½");
    press(&mut harness, "Pair next round");
    wait_for(&mut harness, "round 2", |h| {
        idle(h) && h.query_by_label("Round 2").is_some()
    });
    // Back to round 1, whose board 1 is corrected after round 2 was paired on it.
    harness
        .get_by_role_and_label(Role::SpinButton, "Round shown")
        .set_value_accesskit(1.0);
    harness.step();
    harness.step();
    harness.get_by_label("Round 1");
    press(&mut harness, "Change…");
    press(&mut harness, "1-0");
    wait_for(&mut harness, "the correction after round 2", |h| {
        idle(h)
            && h.query_by_label_contains("Round 2 was paired with the old result 0-1")
                .is_some()
    });
    assert_eq!(result_of(&file, 1, 1), Some(BoardResult::RedWins));
}

/// Enter in the player's name adds the player; Create and Export choose their file in Qipu's
/// own dialog where the system has none (which says so once), listing only files of the kind.
#[test]
fn enter_adds_a_player_and_files_are_chosen_in_the_own_dialog() {
    let dir = TempFolder::new("ui-event-own");
    std::fs::write(dir.join("old.pdf"), "x").unwrap();
    std::fs::write(dir.join("other.csv"), "x").unwrap();
    let mut harness = crate::support::app_without_system_chooser([1200.0, 900.0], None);
    click(&mut harness, "File");
    click(&mut harness, "Event…");
    type_over(&mut harness, "Event name", "Club");
    press(&mut harness, "Create…");
    harness.get_by_label_contains("Qipu's own file dialog");
    type_and_enter(&mut harness, "Folder", &dir.display().to_string());
    assert_eq!(
        harness
            .get_by_role_and_label(Role::TextInput, "File name")
            .value()
            .as_deref(),
        Some("Club.qipu-event")
    );
    press(&mut harness, "Create");
    wait_for(&mut harness, "the event file", |h| {
        h.query_by_label("Players").is_some()
    });
    assert!(dir.join("Club.qipu-event").exists());
    // The reason was said in the dialog, and is not left behind.
    assert!(harness
        .query_by_label_contains("Qipu's own file dialog")
        .is_none());
    type_over(&mut harness, "Player's name", "Wang");
    harness.key_press(eframe::egui::Key::Enter);
    harness.step();
    wait_for(&mut harness, "Wang added by Enter", |h| {
        idle(h) && h.query_by_label("Wang").is_some()
    });
    let stored = EventFile::open(&dir.join("Club.qipu-event")).unwrap();
    assert_eq!(stored.event().players.len(), 1);
    drop(stored);
    press(&mut harness, "CSV");
    // Only the CSV files are listed, and the name suggested is the event's.
    harness.get_by_label("other.csv");
    assert!(harness.query_by_label("old.pdf").is_none());
    assert_eq!(
        harness
            .get_by_role_and_label(Role::TextInput, "File name")
            .value()
            .as_deref(),
        Some("Club.csv")
    );
    press(&mut harness, "Export");
    wait_for(&mut harness, "the export", |h| {
        idle(h) && h.query_by_label_contains("Written:").is_some()
    });
    let csv = std::fs::read_to_string(dir.join("Club.csv")).unwrap();
    assert!(csv.contains("Wang"), "{csv}");
}

/// Escape closes the Event window, the export window and the database window, each at once.
#[test]
fn escape_closes_the_windows() {
    let mut harness = app([1200.0, 900.0], Scripted::default(), None);
    click(&mut harness, "File");
    click(&mut harness, "Event…");
    harness.get_by_label("A new event");
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
    assert!(harness.query_by_label("A new event").is_none());
    click(&mut harness, "File");
    click(&mut harness, "Export…");
    harness.get_by_label("Diagram of this position");
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
    assert!(harness.query_by_label("Diagram of this position").is_none());
    // The database window too.
    harness.key_press_modifiers(
        eframe::egui::Modifiers::COMMAND | eframe::egui::Modifiers::SHIFT,
        eframe::egui::Key::D,
    );
    harness.run();
    harness.get_by_label("File or server");
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
    assert!(harness.query_by_label("File or server").is_none());
}
