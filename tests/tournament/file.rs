//! The event file and `qipu event`: a program killed while writing loses nothing committed
//! before; newer, damaged and foreign files are refused with the reason; bad input changes
//! nothing; a TRF written is read back with the same pairings and results; a result is read
//! from a game's PGN.

use crate::common::{self, qipu, TempFolder};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use qipu::tournament::event::{Event, EventSettings, Player, System};
use qipu::tournament::systems::pair_next;
use qipu::tournament::{edit, trf, BoardResult, EventError, EventFile};

fn swiss(path: &Path, players: usize, rounds: u32) -> EventFile {
    let settings = EventSettings {
        system: System::Swiss,
        rounds: Some(rounds),
        ..EventSettings::default()
    };
    let mut e = Event::new("kill test", settings);
    for i in 0..players {
        e.players.push(Player {
            rating: Some(2000 + i as u32),
            ..Player::named(&format!("player {i}"))
        });
    }
    EventFile::create(path, e).unwrap()
}

/// Children entering results are killed at random moments; after each, the file opens and
/// holds every result whose command had returned, and a killed one fully or not at all. A
/// large import killed part-way leaves no player of it.
#[test]
fn killed_while_writing_loses_nothing_committed() {
    let dir = TempFolder::new("event-kill");
    let path = dir.join("e.qipu");
    let mut file = swiss(&path, 120, 5);
    let next = pair_next(file.event()).unwrap();
    file.replace_all(next).unwrap();
    drop(file);
    let p = path.to_str().unwrap();
    let mut committed: Vec<u32> = Vec::new();
    let mut state = 0x9E37_79B9u64;
    for board in 1..=60u32 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut child = common::qipu_command()
            .args(["event", "result", p, "1", &board.to_string(), "1-0"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let kill = board % 2 == 0;
        if kill {
            std::thread::sleep(Duration::from_micros((state >> 33) % 6000));
            let _ = child.kill();
        }
        let status = child.wait().unwrap();
        if status.success() {
            committed.push(board);
        }
        let reopened = EventFile::open(&path).expect("the file opens after a kill");
        let round = &reopened.event().rounds[0];
        for &b in &committed {
            assert_eq!(
                round.game(b).unwrap().result,
                Some(BoardResult::RedWins),
                "board {b} lost"
            );
        }
        let g = round.game(board).unwrap();
        assert!(g.result.is_none() || g.result == Some(BoardResult::RedWins));
    }
    assert!(
        committed.len() >= 30,
        "the children that were not killed committed"
    );
    let csv = dir.join("many.csv");
    let lines: String = (0..20000)
        .map(|i| format!("late {i},1500,club\n"))
        .collect();
    std::fs::write(&csv, lines).unwrap();
    let before = EventFile::open(&path).unwrap().event().players.len();
    let mut child = common::qipu_command()
        .args(["event", "import", p, csv.to_str().unwrap()])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(40));
    let _ = child.kill();
    let killed = !child.wait().unwrap().success();
    let after = EventFile::open(&path).unwrap().event().players.len();
    assert!(
        after == before || after == before + 20000,
        "{before} then {after}"
    );
    if killed {
        assert!(after == before || after == before + 20000);
    }
}

#[test]
fn newer_damaged_and_foreign_files_are_refused() {
    let dir = TempFolder::new("event-refuse");
    let path = dir.join("e.qipu");
    let mut file = swiss(&path, 10, 3);
    let next = pair_next(file.event()).unwrap();
    file.replace_all(next).unwrap();
    drop(file);
    // A newer format version.
    let newer = dir.join("newer.qipu");
    std::fs::copy(&path, &newer).unwrap();
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let e = EventFile::open(&newer).unwrap_err();
    assert!(
        matches!(e, EventError::NewerVersion { found: 99, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("newer version"));
    // Another program's database, and a file that is not a database.
    let other = dir.join("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    assert!(matches!(
        EventFile::open(&other),
        Err(EventError::NotAnEvent { .. })
    ));
    let text = dir.join("notes.txt");
    std::fs::write(&text, "players: a, b, c\n").unwrap();
    let e = EventFile::open(&text).unwrap_err();
    assert!(e.to_string().contains("not an SQLite database"), "{e}");
    // A row that points nowhere: the event is damaged, not half-read.
    let broken = dir.join("broken.qipu");
    std::fs::copy(&path, &broken).unwrap();
    rusqlite::Connection::open(&broken)
        .unwrap()
        .execute_batch("PRAGMA foreign_keys = OFF; UPDATE game SET red = 999 WHERE board = 1;")
        .unwrap();
    let e = EventFile::open(&broken).unwrap_err();
    assert!(matches!(e, EventError::Damaged { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("round 1, board 1: player 999 does not exist"),
        "{e}"
    );
    // Pages overwritten with noise.
    let noisy = dir.join("noisy.qipu");
    let mut bytes = std::fs::read(&path).unwrap();
    for b in bytes.iter_mut().skip(4096).take(4096) {
        *b = 0xA5;
    }
    std::fs::write(&noisy, &bytes).unwrap();
    let e = EventFile::open(&noisy).unwrap_err();
    assert!(matches!(e, EventError::Damaged { .. }), "{e}");
    // A file cut short.
    let short = dir.join("short.qipu");
    std::fs::write(&short, &std::fs::read(&path).unwrap()[..100]).unwrap();
    assert!(EventFile::open(&short).is_err());
}

/// Bad input of every kind is refused with the reason and leaves the file as it was.
#[test]
fn bad_input_changes_nothing() {
    let dir = TempFolder::new("event-bad");
    let path = dir.join("e.qipu");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&["event", "new", p, "--name", "Open", "--system", "swiss", "--rounds", "5"]).0 == 0
    );
    let csv = dir.join("players.csv");
    std::fs::write(
        &csv,
        "name,rating,club\n甲,2100,北京\n乙,2000,上海\n丙,1900,廣東\n丁,1800,\n",
    )
    .unwrap();
    assert!(qipu(&["event", "import", p, csv.to_str().unwrap()]).0 == 0);
    let (code, out, _) = qipu(&["event", "pair", p, "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"round":1,"boards":[{"board":1,"red":"甲","black":"丙"},{"board":2,"red":"丁","black":"乙"}],"bye":null}"#
    );
    assert!(qipu(&["event", "result", p, "1", "1", "1-0"]).0 == 0);
    let shown = qipu(&["event", "show", p, "--json"]).1;
    let bad_csv = dir.join("bad.csv");
    std::fs::write(&bad_csv, "戊,1700,x\n己,17x0,y\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["event", "withdraw", p, "nobody"],
            "no player named 'nobody'",
        ),
        (
            vec!["event", "result", p, "1", "3", "1-0"],
            "round 1 has no board 3 (boards 1–2)",
        ),
        (
            vec!["event", "result", p, "1", "1", "0-1"],
            "round 1, board 1 already has the result 1-0",
        ),
        (
            vec!["event", "result", p, "2", "1", "0-1"],
            "round 2 has not been paired",
        ),
        (
            vec!["event", "result", p, "1", "2", "2-0"],
            "'2-0' is not a result",
        ),
        (
            vec!["event", "pair", p],
            "round 1 has no result yet on board(s) 2",
        ),
        (
            vec!["event", "add", p, "甲"],
            "a player named '甲' is already registered",
        ),
        (
            vec!["event", "import", p, bad_csv.to_str().unwrap()],
            "line 2, column 3: rating '17x0' is not a whole number",
        ),
        (
            vec![
                "event", "export", p, "--to", "pdf", "-o", "x.pdf", "--paper", "a3",
            ],
            "unknown paper 'a3'",
        ),
    ];
    for (args, reason) in cases {
        let (code, _, err) = qipu(&args);
        assert_ne!(code, 0, "{args:?} was accepted");
        assert!(err.contains(reason), "{args:?}: {err}");
        assert_eq!(
            qipu(&["event", "show", p, "--json"]).1,
            shown,
            "{args:?} changed the event"
        );
    }
    assert!(!dir.join("x.pdf").exists());
    let (code, out, _) = qipu(&["event", "standings", p, "--json"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(r#"[{"rank":1,"name":"甲","score":1.0,"played":1,"wins":1,"tiebreaks":{"sonneborn_berger":0.0,"buchholz":0.0,"direct":0.0,"fouls":0}}"#), "{out}");
}

/// A wrong result is corrected on purpose: `--replace` puts another in its place and `--clear`
/// takes it back, each printing the line scripts read; the standings follow, and the rounds
/// paired since on the old result are named on standard error (a Swiss event, 11.4).
#[test]
fn a_result_is_replaced_and_cleared_and_the_standings_follow() {
    let dir = TempFolder::new("event-replace");
    let path = dir.join("e.qipu");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&["event", "new", p, "--name", "Open", "--system", "swiss", "--rounds", "3"]).0 == 0
    );
    for name in ["甲", "乙", "丙", "丁"] {
        assert!(qipu(&["event", "add", p, name]).0 == 0);
    }
    assert!(qipu(&["event", "pair", p]).0 == 0);
    let (code, out, _) = qipu(&["event", "result", p, "1", "1", "1-0"]);
    assert_eq!(code, 0);
    assert_eq!(out, "round 1, board 1: 1-0\n");
    assert!(qipu(&["event", "result", p, "1", "2", "1/2-1/2"]).0 == 0);
    let leader = |p: &str| {
        let (_, out, _) = qipu(&["event", "standings", p, "--json"]);
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        (
            value[0]["name"].as_str().unwrap().to_owned(),
            value[0]["score"].as_f64().unwrap(),
        )
    };
    let event = EventFile::open(&path).unwrap();
    let g = event.event().rounds[0].game(1).unwrap();
    let (red, black) = (
        event.event().players[g.red].name.clone(),
        event.event().players[g.black].name.clone(),
    );
    drop(event);
    assert_eq!(leader(p), (red.clone(), 1.0));
    // Without --replace the result stands; with it, the other side wins and leads.
    assert!(qipu(&["event", "result", p, "1", "1", "0-1"]).0 != 0);
    let (code, out, err) = qipu(&["event", "result", p, "1", "1", "0-1", "--replace"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "round 1, board 1: 0-1\n");
    assert_eq!(err, "");
    assert_eq!(leader(p), (black.clone(), 1.0));
    // Round 2 is paired on the corrected scores; a later correction says so.
    assert!(qipu(&["event", "pair", p]).0 == 0);
    let (code, out, err) = qipu(&["event", "result", p, "1", "1", "--clear"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "round 1, board 1: no result\n");
    assert_eq!(
        err,
        "note: round 2 was paired with the old result 0-1; those pairings stand\n"
    );
    let event = EventFile::open(&path).unwrap();
    assert_eq!(event.event().rounds[0].game(1).unwrap().result, None);
    assert_eq!(event.event().rounds.len(), 2);
    drop(event);
    // Cleared, the board takes a result again without --replace.
    assert!(qipu(&["event", "result", p, "1", "1", "1-0"]).0 == 0);
    assert_eq!(leader(p), (red, 1.0));
    // Both sides forfeit (21.3): `--` is the result, not the end of the options.
    let (code, out, err) = qipu(&["event", "result", p, "1", "2", "--", "--replace"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "round 1, board 2: --\n");
    let event = EventFile::open(&path).unwrap();
    assert_eq!(
        event.event().rounds[0].game(2).unwrap().result,
        Some(BoardResult::DoubleForfeit)
    );
    drop(event);
}

/// A result taken from the game's record: the Result tag, or the competition log's result
/// where a loss by lateness is the absent side's forfeit (21.4), with the fouls it records.
#[test]
fn result_from_a_game_record() {
    let dir = TempFolder::new("event-pgn");
    let path = dir.join("e.qipu");
    let p = path.to_str().unwrap();
    assert!(qipu(&["event", "new", p, "--name", "RR", "--system", "round-robin"]).0 == 0);
    for n in ["a", "b", "c", "d"] {
        assert!(qipu(&["event", "add", p, n]).0 == 0);
    }
    assert!(qipu(&["event", "pair", p]).0 == 0);
    let played = dir.join("played.pgn");
    std::fs::write(
        &played,
        "[Event \"RR\"]\n[Result \"0-1\"]\n\n1. 炮二平五 馬８進７ 0-1\n",
    )
    .unwrap();
    let (code, out, err) = qipu(&[
        "event",
        "result",
        p,
        "1",
        "1",
        "--game",
        played.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "round 1, board 1: 0-1");
    let late = dir.join("late.pgn");
    std::fs::write(
        &late,
        "[Event \"RR\"]\n[Result \"1-0\"]\n[TimeControl \"sd/60m\"]\n\n{[%result 1-0 late_arrival ply=0 red=0:00:00 black=0:00:00 @1:00:00]} 1-0\n",
    )
    .unwrap();
    let (code, out, err) = qipu(&[
        "event",
        "result",
        p,
        "1",
        "2",
        "--game",
        late.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "round 1, board 2: +-");
    let open = dir.join("open.pgn");
    std::fs::write(&open, "[Event \"RR\"]\n[Result \"*\"]\n\n1. 炮二平五 *\n").unwrap();
    let (code, _, err) = qipu(&[
        "event",
        "result",
        p,
        "1",
        "2",
        "--game",
        open.to_str().unwrap(),
    ]);
    assert!(code != 0 && err.contains("the game has no result"), "{err}");
    let file = EventFile::open(&path).unwrap();
    assert!(file.event().rounds[0]
        .game(1)
        .unwrap()
        .pgn
        .as_deref()
        .unwrap()
        .contains("炮二平五"));
}

/// A TRF written by Qipu and read back has the same players, pairings, results and byes.
#[test]
fn trf_round_trip() {
    let settings = EventSettings {
        system: System::Swiss,
        rounds: Some(5),
        ..EventSettings::default()
    };
    let mut e = Event::new("TRF Open", settings);
    for i in 0..11 {
        e.players.push(Player {
            rating: (i != 3).then_some(1800 + 37 * i as u32),
            ..Player::named(&format!("Player {i}"))
        });
    }
    let tokens = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"];
    for r in 0..5u32 {
        if r == 2 {
            e = edit::withdraw(&e, "Player 5").unwrap();
        }
        e = pair_next(&e).unwrap();
        for (k, b) in e.rounds.last().unwrap().missing().into_iter().enumerate() {
            let t = tokens[(k + r as usize) % tokens.len()];
            e = edit::set_result(&e, r + 1, b, t.parse().unwrap(), None).unwrap();
        }
    }
    let text = trf::write(&e);
    assert!(text.starts_with("012 TRF Open\r\n"));
    assert!(text.lines().all(|l| !l.ends_with('\r')));
    for header in ["062 11\r\n", "092 swiss\r\n", "142 5\r\n", "202 BH,WIN\r\n"] {
        assert!(text.contains(header), "{header:?} missing in\n{text}");
    }
    let back = trf::read(&text).unwrap();
    assert_eq!(back.name, e.name);
    assert_eq!(back.settings.system, System::Swiss);
    assert_eq!(back.settings.rounds, Some(5));
    let people = |e: &Event| {
        e.players
            .iter()
            .map(|p| (p.name.clone(), p.rating))
            .collect::<Vec<_>>()
    };
    assert_eq!(people(&back), people(&e));
    let games = |e: &Event| {
        let mut v: Vec<(u32, usize, usize, Option<BoardResult>)> = e
            .rounds
            .iter()
            .flat_map(|r| r.games().map(move |g| (r.number, g.red, g.black, g.result)))
            .collect();
        v.sort_by_key(|g| (g.0, g.1, g.2));
        v
    };
    assert_eq!(games(&back), games(&e));
    let byes = |e: &Event| e.rounds.iter().map(|r| r.bye).collect::<Vec<_>>();
    assert_eq!(byes(&back), byes(&e));
    assert!(trf::read("001    x      bad\n").is_err());
}

/// TRF-2026 for a team event: `352` gives the colours by board of the team listed first (13.2),
/// one `310` record a team with its players, a `300` record for a team whose captain fielded
/// another order (12.2), and the line-up survives the event file.
#[test]
fn trf_team_records_and_lineup_in_file() {
    use qipu::tournament::event::BoardOrder;
    let dir = TempFolder::new("event-trf-teams");
    let settings = EventSettings {
        system: System::RoundRobin,
        team_boards: Some(2),
        board_order: BoardOrder::Substitutes,
        ..EventSettings::default()
    };
    let mut e = Event::new("Teams", settings);
    for team in ["Red Star", "Blue Sea"] {
        for i in 1..=3 {
            e.players.push(Player {
                rating: Some(2000 - i * 10),
                team: team.to_owned(),
                ..Player::named(&format!("{team} {i}"))
            });
        }
    }
    let path = dir.join("teams.qipu-event");
    let mut file = EventFile::create(&path, pair_next(&e).unwrap()).unwrap();
    let first = file
        .event()
        .entrant_name(file.event().rounds[0].matches[0].first);
    let a = format!("{first} 1");
    let c = format!("{first} 3");
    let next = edit::set_lineup(file.event(), 1, &first, &[&a, &c]).unwrap();
    file.replace_all(next).unwrap();
    drop(file);
    let file = EventFile::open(&path).unwrap();
    let e = file.event();
    let board2 = e.rounds[0].game(2).unwrap();
    assert_eq!(e.players[board2.black].name, c);
    let text = trf::write(e);
    assert!(text.contains("352 WB\r\n"), "{text}");
    let team_lines: Vec<&str> = text.lines().filter(|l| l.starts_with("310")).collect();
    assert_eq!(team_lines.len(), 2);
    assert_eq!(&team_lines[0][8..16], "Red Star");
    assert_eq!(
        team_lines[0][73..].split_whitespace().collect::<Vec<_>>(),
        ["1", "2", "3"]
    );
    let t = e.teams().iter().position(|t| t.name == first).unwrap() + 1;
    let c_rank = e.player_named(&c).unwrap() + 1;
    let a_rank = e.player_named(&a).unwrap() + 1;
    let out_of_order: Vec<&str> = text.lines().filter(|l| l.starts_with("300")).collect();
    assert_eq!(out_of_order.len(), 1, "{text}");
    assert_eq!(
        out_of_order[0][4..].split_whitespace().collect::<Vec<_>>(),
        [
            "1".to_owned(),
            t.to_string(),
            (3 - t).to_string(),
            a_rank.to_string(),
            c_rank.to_string()
        ]
    );
}

/// The PDF export: standings, crosstable and each round's pairing list on A4 pages, read back
/// with pdftotext: the event's name, every player, the round headings and the results are there
/// as text.
#[test]
fn pdf_export_reads_back_as_text() {
    let dir = TempFolder::new("event-pdf");
    let path = dir.join("open.qipu-event");
    let p = path.to_str().unwrap();
    let names = ["王天一", "郑惟桐", "谢靖", "赵鑫鑫", "Lee Wei"];
    assert!(
        qipu(&[
            "event",
            "new",
            p,
            "--name",
            "杭州公开赛",
            "--system",
            "swiss",
            "--rounds",
            "3"
        ])
        .0 == 0
    );
    for n in names {
        assert!(qipu(&["event", "add", p, n]).0 == 0);
    }
    for round in ["1", "2"] {
        assert!(qipu(&["event", "pair", p]).0 == 0);
        for (board, result) in [("1", "1-0"), ("2", "1/2-1/2")] {
            let (code, _, err) = qipu(&["event", "result", p, round, board, result]);
            assert_eq!(code, 0, "{err}");
        }
    }
    let out = dir.join("event.pdf");
    let (code, _, err) = qipu(&[
        "event",
        "export",
        p,
        "--to",
        "pdf",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    let text = Command::new("pdftotext")
        .args([out.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let text = String::from_utf8_lossy(&text.stdout);
    for needle in [
        "杭州公开赛",
        "Standings",
        "Crosstable",
        "Round 1",
        "Round 2",
        "1-0",
        "1/2-1/2",
    ] {
        assert!(text.contains(needle), "{needle:?} not in\n{text}");
    }
    for n in names {
        assert!(text.contains(n), "{n} not in\n{text}");
    }
    // Four pages: standings, crosstable, two rounds.
    assert_eq!(text.matches('\u{c}').count(), 4, "{text}");
}

/// `qipu event lineup` (12.1–12.3) from the command line: a line-up the board-order rule allows
/// is kept in the file and fields its players on their boards; one it refuses, an unknown team,
/// a player of another team and a change after a result are refused with the reason and change
/// nothing.
#[test]
fn lineup_from_the_command_line() {
    let dir = TempFolder::new("event-lineup-cli");
    let path = dir.join("teams.qipu-event");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&[
            "event",
            "new",
            p,
            "--name",
            "團體賽",
            "--system",
            "round-robin",
            "--team-boards",
            "2",
            "--board-order",
            "substitutes",
        ])
        .0 == 0
    );
    for (team, rating) in [("紅星", 2100), ("藍海", 2000)] {
        for i in 1..=3 {
            let name = format!("{team} {i}");
            let rating = (rating - i * 10).to_string();
            let added = qipu(&[
                "event", "add", p, &name, "--rating", &rating, "--team", team,
            ]);
            assert_eq!(added.0, 0, "{name}: {}", added.2);
        }
    }
    assert!(qipu(&["event", "pair", p]).0 == 0);
    let board = |shown: &str, board: usize| {
        let value: serde_json::Value = serde_json::from_str(shown).unwrap();
        let b = &value["rounds"][0]["boards"][board - 1];
        [
            b["red"].as_str().unwrap().to_owned(),
            b["black"].as_str().unwrap().to_owned(),
        ]
    };
    let before = qipu(&["event", "show", p, "--json"]).1;
    assert!(board(&before, 2).contains(&"紅星 2".to_owned()), "{before}");

    let (code, out, err) = qipu(&["event", "lineup", p, "1", "紅星", "紅星 1", "紅星 3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "round 1: 紅星 fields 紅星 1, 紅星 3");
    let shown = qipu(&["event", "show", p, "--json"]).1;
    assert!(board(&shown, 1).contains(&"紅星 1".to_owned()), "{shown}");
    assert!(board(&shown, 2).contains(&"紅星 3".to_owned()), "{shown}");
    let fielded = [board(&shown, 1), board(&shown, 2)].concat();
    assert!(!fielded.contains(&"紅星 2".to_owned()), "{shown}");

    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["event", "lineup", p, "1", "紅星", "紅星 3", "紅星 1"],
            "team '紅星': the line-up",
        ),
        (
            vec!["event", "lineup", p, "1", "白雲", "紅星 1", "紅星 2"],
            "no team named '白雲'",
        ),
        (
            vec!["event", "lineup", p, "1", "紅星", "紅星 1", "藍海 2"],
            "'藍海 2' is not a player of team '紅星' in round 1",
        ),
        (
            vec!["event", "lineup", p, "2", "紅星", "紅星 1", "紅星 2"],
            "round 2 has not been paired",
        ),
    ];
    let check_refused = |cases: &[(Vec<&str>, &str)], shown: &str| {
        for (args, reason) in cases {
            let (code, _, err) = qipu(args);
            assert_ne!(code, 0, "{args:?} was accepted");
            assert!(err.contains(reason), "{args:?}: {err}");
            assert_eq!(qipu(&["event", "show", p, "--json"]).1, shown, "{args:?}");
        }
    };
    check_refused(&cases, &shown);

    assert!(qipu(&["event", "result", p, "1", "1", "1-0"]).0 == 0);
    let with_result = qipu(&["event", "show", p, "--json"]).1;
    check_refused(
        &[(
            vec!["event", "lineup", p, "1", "紅星", "紅星 1", "紅星 2"],
            "round 1, board 1 already has a result: team '紅星' cannot change its line-up",
        )],
        &with_result,
    );
}

/// TRF-2026 of a team event read back (`310`, `352`, `300`, `330`): the players' teams, the
/// boards, every round's matches with their games board by board (a captain's line-up and a
/// match forfeited on every board among them), results and byes; writing what was read gives
/// the same file. A file without its board colours, or with a `330` naming a match that was
/// played, is refused with its line.
#[test]
fn trf_team_event_reads_back() {
    use qipu::tournament::event::BoardOrder;
    let settings = EventSettings {
        system: System::RoundRobin,
        team_boards: Some(2),
        board_order: BoardOrder::Substitutes,
        ..EventSettings::default()
    };
    let mut e = Event::new("團體 TRF", settings);
    for (t, team) in ["甲隊", "乙隊", "丙隊", "丁隊", "戊隊"].iter().enumerate() {
        for i in 1..=3 {
            e.players.push(Player {
                rating: Some(2300 - 50 * t as u32 - 10 * i),
                team: (*team).to_owned(),
                ..Player::named(&format!("{team}{i}"))
            });
        }
    }
    e = pair_next(&e).unwrap();
    let first = e.entrant_name(e.rounds[0].matches[0].first);
    e = edit::set_lineup(&e, 1, &first, &[&format!("{first}1"), &format!("{first}3")]).unwrap();
    // Round 1: the first match forfeited on both boards by its second team, then played games.
    let tokens = ["+-", "-+", "1-0", "1/2-1/2"];
    for (k, b) in e.rounds[0].missing().into_iter().enumerate() {
        let t = tokens.get(k).copied().unwrap_or("0-1");
        e = edit::set_result(&e, 1, b, t.parse().unwrap(), None).unwrap();
    }
    e = pair_next(&e).unwrap();
    for (k, b) in e.rounds[1].missing().into_iter().enumerate() {
        let t = ["1-0", "0-1", "1/2-1/2"][k % 3];
        e = edit::set_result(&e, 2, b, t.parse().unwrap(), None).unwrap();
    }
    let text = trf::write(&e);
    assert!(text.contains("\r\n300 "), "{text}");
    assert!(text.contains("\r\n330 +-   1 "), "{text}");

    let back = trf::read(&text).unwrap();
    assert_eq!(back.settings.team_boards, Some(2));
    let people = |e: &Event| {
        e.players
            .iter()
            .map(|p| (p.name.clone(), p.team.clone(), p.rating))
            .collect::<Vec<_>>()
    };
    assert_eq!(people(&back), people(&e));
    // Each round's matches as (first, second, games board by board), and the bye.
    type MatchView = (usize, usize, Vec<(usize, usize, Option<BoardResult>)>);
    let rounds = |e: &Event| {
        e.rounds
            .iter()
            .map(|r| {
                let mut matches: Vec<MatchView> = r
                    .matches
                    .iter()
                    .map(|m| {
                        let games = m.games.iter().map(|g| (g.red, g.black, g.result)).collect();
                        (m.first, m.second, games)
                    })
                    .collect();
                matches.sort_by_key(|m| (m.0, m.1));
                (matches, r.bye)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(rounds(&back), rounds(&e));
    assert!(
        back.rounds.iter().all(|r| r.bye.is_some()),
        "five teams: a bye each round"
    );
    assert_eq!(trf::write(&back), text);

    let without_colours: String = text
        .split_inclusive("\r\n")
        .filter(|l| !l.starts_with("352"))
        .collect();
    let refused = trf::read(&without_colours).unwrap_err();
    assert!(refused.reason.contains("352"), "{refused}");
    let played = e.rounds[0]
        .matches
        .iter()
        .find(|m| m.games.iter().all(|g| g.result.is_some_and(|r| r.played())))
        .unwrap();
    let false_forfeit = format!(
        "{text}330 +-   1 {:>3} {:>3}\r\n",
        played.first + 1,
        played.second + 1
    );
    let refused = trf::read(&false_forfeit).unwrap_err();
    assert_eq!(refused.line, false_forfeit.lines().count());
    assert!(refused.reason.contains("forfeited"), "{refused}");
}

/// The bytes of the first copy of `text` inside page `page` (from 1) of an SQLite file.
fn offset_in_page(bytes: &[u8], page_size: usize, page: usize, text: &[u8]) -> usize {
    let start = page_size * (page - 1);
    let found = bytes[start..start + page_size]
        .windows(text.len())
        .position(|w| w == text)
        .expect("the text is on the page");
    start + found
}

/// A file damaged where SQLite's quick check does not look (a table row that its index does not
/// hold) is refused by every command, reading or writing, in plain words, with the last good
/// copy named; the file is not written to. A header that would make SQLite open the file
/// read-only is damage too.
#[test]
fn a_damaged_event_file_is_refused_and_its_last_good_copy_named() {
    let dir = TempFolder::new("event-damaged");
    let path = dir.join("open.qipu");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&[
            "event",
            "new",
            p,
            "--name",
            "Open",
            "--system",
            "round-robin"
        ])
        .0 == 0
    );
    for name in ["Alpha", "Bravo", "Charlie", "Delta"] {
        assert!(qipu(&["event", "add", p, name, "--rating", "1800"]).0 == 0);
    }
    let copy = dir.join("open.last-good.qipu");
    let good = std::fs::read(&path).unwrap();
    // Rename Delta in the table's page only: the name index still holds "Delta".
    let (page_size, root): (i64, i64) = {
        let c = rusqlite::Connection::open(&path).unwrap();
        (
            c.pragma_query_value(None, "page_size", |r| r.get(0))
                .unwrap(),
            c.query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'player'",
                [],
                |r| r.get(0),
            )
            .unwrap(),
        )
    };
    let mut bytes = good.clone();
    let at = offset_in_page(&bytes, page_size as usize, root as usize, b"Delta");
    bytes[at + 4] = b'o';
    std::fs::write(&path, &bytes).unwrap();
    let damaged_bytes = std::fs::read(&path).unwrap();
    for args in [
        vec!["event", "show", p, "--json"],
        vec!["event", "standings", p],
        vec!["event", "pair", p],
        vec!["event", "add", p, "Echo"],
    ] {
        let (code, out, err) = qipu(&args);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(
            err.contains(&format!(
                "{p}: the event file is damaged: row 4 missing from index sqlite_autoindex_player_1"
            )),
            "{args:?}: {err}"
        );
        assert!(!err.contains("*** in database main ***"), "{err}");
        assert!(
            err.contains(&format!("the last good copy is {}", copy.display())),
            "{err}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            damaged_bytes,
            "{args:?} wrote"
        );
    }
    // The copy is the event as it was after the last change.
    let shown = qipu(&["event", "show", copy.to_str().unwrap(), "--json"]).1;
    assert!(shown.contains("\"Delta\""), "{shown}");
    // A header whose format numbers SQLite would open read-only.
    let mut bytes = good.clone();
    bytes[18] = 3;
    bytes[19] = 3;
    let odd = dir.join("odd.qipu");
    std::fs::write(&odd, &bytes).unwrap();
    let (code, _, err) = qipu(&["event", "add", odd.to_str().unwrap(), "Echo"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("the event file is damaged: the header's file format numbers (write 3, read 3) are not 1 or 2"),
        "{err}"
    );
    assert!(!err.contains("readonly"), "{err}");
}

/// Players' lists read strictly: bytes no encoding reads are refused with their line and
/// column; a line separated otherwise than the file is refused; semicolon- and tab-separated
/// files and BIG5 files are read; a rating cannot be negative.
#[test]
fn players_lists_are_read_strictly() {
    let dir = TempFolder::new("event-roster");
    let path = dir.join("e.qipu");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&[
            "event",
            "new",
            p,
            "--name",
            "Open",
            "--system",
            "round-robin"
        ])
        .0 == 0
    );
    let import = |name: &str, bytes: &[u8]| {
        let csv = dir.join(name);
        std::fs::write(&csv, bytes).unwrap();
        qipu(&["event", "import", p, csv.to_str().unwrap()])
    };
    let players = || EventFile::open(&path).unwrap().event().players.clone();
    let (code, _, err) = import("bad.csv", b"Good,1800,X\n\xff\xfe\xc3(Bad,1700,Y\n");
    assert_ne!(code, 0);
    assert!(
        err.contains("bad.csv: line 2, column 1: bytes 0xFF"),
        "{err}"
    );
    let gbk = encoding_rs::GBK
        .encode("许银川,2650,广东\n吕钦,2600,广东\n")
        .0;
    let mut broken = gbk.to_vec();
    let second = broken.iter().position(|&b| b == b'\n').unwrap() + 1;
    broken[second + 1] = 0x20;
    let (code, _, err) = import("gbk.csv", &broken);
    assert_ne!(code, 0);
    assert!(err.contains("gbk.csv: line 2, column 1: bytes 0x"), "{err}");
    let (code, _, err) = import("mixed.csv", b"Alpha,1800,X\nBravo;1700;Y\n");
    assert_ne!(code, 0);
    assert!(
        err.contains(
            "line 2, column 6: the line is separated by semicolons but the file by commas"
        ),
        "{err}"
    );
    let (code, _, err) = import("negative.csv", b"Alpha,-5,X\n");
    assert_ne!(code, 0);
    assert!(
        err.contains("line 1, column 7: rating '-5': a rating cannot be negative"),
        "{err}"
    );
    let (code, _, err) = qipu(&["event", "add", p, "Alpha", "--rating", "-5"]);
    assert_ne!(code, 0);
    assert!(err.contains("a rating cannot be negative"), "{err}");
    assert!(players().is_empty(), "nothing was imported");
    assert_eq!(
        import("semicolons.csv", b"Alpha;1800;X\nBravo;1700;\"Y;Z\"\n").0,
        0
    );
    assert_eq!(
        import("tabs.csv", b"name\trating\tclub\nCharlie\t1600\tZ\n").0,
        0
    );
    let big5 = encoding_rs::BIG5
        .encode("王天一,2700,杭州\n呂欽,2600,廣東\n")
        .0;
    let (code, _, err) = import("big5.csv", &big5);
    assert_eq!(code, 0, "{err}");
    let got: Vec<(String, Option<u32>, String)> = players()
        .into_iter()
        .map(|pl| (pl.name, pl.rating, pl.club))
        .collect();
    let want = [
        ("Alpha", 1800, "X"),
        ("Bravo", 1700, "Y;Z"),
        ("Charlie", 1600, "Z"),
        ("王天一", 2700, "杭州"),
        ("呂欽", 2600, "廣東"),
    ];
    assert_eq!(
        got,
        want.map(|(n, r, c)| (n.to_owned(), Some(r), c.to_owned()))
    );
}

/// A small file system, mounted for one test and unmounted when dropped.
struct SmallDisk {
    dir: TempFolder,
}

impl SmallDisk {
    /// A tmpfs of `kib` KiB, or why there cannot be one here (mounting needs root).
    fn mount(name: &str, kib: u32) -> Result<SmallDisk, String> {
        let dir = TempFolder::new(&format!("event-{name}"));
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir.path())
            .output()
            .map_err(|e| format!("mount cannot run: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "mount refused (it needs root): {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(SmallDisk { dir })
    }

    /// Fill the disk: a file of every byte left.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.dir.join("filler");
        let mut f = std::fs::File::create(&filler).unwrap();
        let block = [0u8; 4096];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&block[..1]).is_ok() {}
        let _ = f.sync_all();
        filler
    }
}

impl Drop for SmallDisk {
    /// Unmount the file system; its folder then removes itself.
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// On a full disk the event file is read as usual, a change is refused as a full disk (not as
/// damage) and changes nothing, and a failed `event new` leaves nothing behind; with space
/// again, everything works.
#[test]
fn a_full_disk_is_a_full_disk() {
    let disk = match SmallDisk::mount("full", 2048) {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("skipped: no small disk to fill: {why}");
            return;
        }
    };
    let path = disk.dir.join("open.qipu");
    let p = path.to_str().unwrap();
    assert!(
        qipu(&[
            "event",
            "new",
            p,
            "--name",
            "Open",
            "--system",
            "round-robin"
        ])
        .0 == 0
    );
    for name in ["Alpha", "Bravo", "Charlie", "Delta"] {
        assert!(qipu(&["event", "add", p, name]).0 == 0);
    }
    assert!(qipu(&["event", "pair", p]).0 == 0);
    let before = std::fs::read(&path).unwrap();
    let shown = qipu(&["event", "show", p, "--json"]).1;
    let filler = disk.fill();
    let (code, out, err) = qipu(&["event", "show", p, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, shown);
    let (code, _, err) = qipu(&["event", "standings", p]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = qipu(&["event", "result", p, "1", "1", "1-0"]);
    assert_ne!(code, 0);
    assert!(
        err.contains(&format!("{p}: the disk is full: nothing was changed")),
        "{err}"
    );
    assert!(!err.contains("damaged"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let other = disk.dir.join("other.qipu");
    let o = other.to_str().unwrap();
    let (code, _, err) = qipu(&[
        "event", "new", o, "--name", "Other", "--system", "swiss", "--rounds", "3",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("the disk is full"), "{err}");
    let mut left: Vec<String> = std::fs::read_dir(&disk.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["filler", "open.last-good.qipu", "open.qipu"]);
    std::fs::remove_file(filler).unwrap();
    assert!(
        qipu(&["event", "new", o, "--name", "Other", "--system", "swiss", "--rounds", "3"]).0 == 0
    );
    assert!(qipu(&["event", "result", p, "1", "1", "1-0"]).0 == 0);
}
