//! `qipu db …` as scripts use it: imports of every format the shared corpus has, with the
//! counts `qipu stats` gives; the JSON shapes; an import killed midway and resumed; two programs
//! creating one database at once; bad input.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use qipu::database::Database;

use super::common::{qipu, qipu_command, shared_path, TempFolder};
use super::fixture::{ccpd_database, ccpd_part, fresh, Server};

/// `games G, plies P, errors E, seconds S` of `qipu stats`: (G, E).
fn stats_counts(paths: &[&str]) -> (u64, u64) {
    let mut args = vec!["stats"];
    args.extend(paths);
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    let numbers: Vec<u64> = last
        .split(", ")
        .map(|part| part.split(' ').nth(1).unwrap().parse::<f64>().unwrap() as u64)
        .collect();
    (numbers[0], numbers[2])
}

/// The last line of an import: (games, new, duplicates, errors).
fn import_counts(out: &str) -> (u64, u64, u64, u64) {
    let last = out.lines().last().unwrap();
    let numbers: Vec<u64> = last
        .split(", ")
        .map(|part| part.split(' ').nth(1).unwrap().parse::<f64>().unwrap() as u64)
        .collect();
    assert!(
        last.starts_with("games ") && last.contains(", seconds "),
        "{last}"
    );
    (numbers[0], numbers[1], numbers[2], numbers[3])
}

/// The `warnings W` line of `qipu stats` or `qipu db import`, 0 without one.
fn warnings_line(out: &str) -> u64 {
    out.lines()
        .find_map(|l| l.strip_prefix("warnings "))
        .map_or(0, |w| w.parse().unwrap())
}

fn db_stats(location: &str) -> serde_json::Value {
    let (code, out, err) = qipu(&["db", "stats", "--db", location, "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn corpus_formats_import_with_the_counts_of_stats(server: Server) {
    let Some((location, _folder)) = fresh(server, "formats") else {
        return;
    };
    // JSON and FEN files, made here from corpus games.
    let extra = TempFolder::new(&format!("db-formats-{server:?}"));
    let sample = shared_path("corpus/wukong_xqdb/xqdb/games_pgn");
    let first_pgn = std::fs::read_dir(&sample)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .min()
        .unwrap();
    let json = extra.join("games.json");
    let (code, _, err) = qipu(&[
        "convert",
        first_pgn.to_str().unwrap(),
        "--to",
        "json",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(
        extra.join("endgame.fen"),
        "2bak4/9/9/9/2n6/9/9/4C4/4R4/3K1N3 w - - 0 1\n",
    )
    .unwrap();
    let folders = [
        shared_path("corpus/xqbase_eleeye"),
        shared_path("corpus/walker8088_cchess"),
        shared_path("corpus/wukong_xqdb"),
        shared_path("corpus/xqwizard_liangqi"),
        extra.to_path_buf(),
    ];
    let paths: Vec<&str> = folders.iter().map(|p| p.to_str().unwrap()).collect();
    let (games, errors) = stats_counts(&paths);
    let mut args = vec!["db", "import", location.as_str()];
    args.extend(&paths);
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    let (g, new, dup, e) = import_counts(&out);
    assert_eq!((g, e), (games, errors), "{err}");
    assert_eq!(new + dup, g);
    // The 15 games of games_pgn stand there three times (UCI, WXF, Chinese) and once more in
    // the JSON made from one of them.
    assert!(dup >= 30, "{dup}");
    let stats = db_stats(&location);
    assert_eq!(stats["games"], new);
    assert_eq!(stats["duplicates"], dup);
    assert!(stats["positions"].as_u64().unwrap() > new * 20);
    // The JSON and FEN files were read: the FEN's position is found at ply 0.
    let (code, out, err) = qipu(&[
        "db",
        "search",
        &location,
        "--fen",
        "2bak4/9/9/9/2n6/9/9/4C4/4R4/3K1N3 w - - 0 1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let found: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1, "{out}");
    assert_eq!(found[0]["ply"], 0);
    assert!(found[0]["source"]
        .as_str()
        .unwrap()
        .ends_with("endgame.fen#1"));
    // Importing the same folders again stores nothing new.
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(import_counts(&out), (0, 0, 0, 0));
    assert!(err.contains("imported before were left alone"), "{err}");
}

fn json_shapes_and_export(server: Server) {
    let Some((location, report)) = ccpd_database(server) else {
        return;
    };
    let (code, out, err) = qipu(&[
        "db",
        "search",
        "--db",
        location,
        "--player",
        "楊官璘",
        "--limit",
        "5",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let found: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = found.as_array().unwrap();
    assert_eq!(list.len(), 5);
    for key in [
        "id", "red", "black", "event", "date", "result", "ply", "source",
    ] {
        assert!(list[0].get(key).is_some(), "{key} in {out}");
    }
    assert!(list
        .iter()
        .all(|g| g["red"].as_str().unwrap().contains("楊官璘")
            || g["black"].as_str().unwrap().contains("楊官璘")));
    let (code, out, err) = qipu(&["db", "tree", location, "--json"]);
    assert_eq!(code, 0, "{err}");
    let tree: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = tree.as_array().unwrap();
    assert_eq!(moves[0]["move"], "h2e2", "{out}");
    for key in ["move", "games", "red_wins", "draws", "black_wins"] {
        assert!(moves[0].get(key).is_some(), "{key} in {out}");
    }
    let games: u64 = moves.iter().map(|m| m["games"].as_u64().unwrap()).sum();
    assert!(games <= report.new && games > report.new / 2);
    // Export what a search finds; the file reads back with as many games.
    let dir = TempFolder::new(&format!("db-export-{server:?}"));
    let pgn = dir.join("found.pgn");
    let (code, out, err) = qipu(&[
        "db",
        "export",
        location,
        "--player",
        "洪智",
        "-o",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, listed, _) = qipu(&["db", "search", location, "--player", "洪智"]);
    assert_eq!(code, 0);
    let n: u64 = listed
        .lines()
        .last()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(out.starts_with(&format!("{n} game(s)")), "{out}");
    assert_eq!(stats_counts(&[pgn.to_str().unwrap()]), (n, 0));
}

fn an_import_killed_midway_resumes(server: Server) {
    let Some((location, _folder)) = fresh(server, "resume") else {
        return;
    };
    let dir = TempFolder::new(&format!("db-resume-files-{server:?}"));
    for (name, bytes) in ccpd_part() {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let mut child = qipu_command()
        .args([
            "db",
            "import",
            &location,
            dir.to_str().unwrap(),
            "--batch",
            "100",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    // Killed (SIGKILL: no chance to tidy up) as soon as the first batch is committed.
    for line in lines.by_ref() {
        if line.unwrap().starts_with("files ") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = db_stats(&location);
    let (full_location, full) = ccpd_database(server).unwrap();
    let full_stats = Database::open(full_location).unwrap().stats().unwrap();
    let done_files = partial["files"].as_u64().unwrap();
    assert!(done_files > 0 && done_files < full_stats.files, "{partial}");
    let (code, out, err) = qipu(&["db", "import", &location, dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (g, new, dup, _) = import_counts(&out);
    assert_eq!(
        g + partial["games"].as_u64().unwrap() + partial["duplicates"].as_u64().unwrap(),
        full.games
    );
    assert_eq!(new + dup, g);
    assert!(
        err.contains(&format!(
            "{done_files} file(s) imported before were left alone"
        )),
        "{err}"
    );
    let resumed = db_stats(&location);
    assert_eq!(resumed["games"], full_stats.games);
    assert_eq!(resumed["duplicates"], full_stats.duplicates);
    assert_eq!(resumed["positions"], full_stats.positions);
    assert_eq!(resumed["files"], full_stats.files);
}

fn bad_input_is_refused_with_the_reason(server: Server) {
    let Some((location, _folder)) = fresh(server, "bad") else {
        return;
    };
    let dir = TempFolder::new(&format!("db-bad-{server:?}"));
    let notes = dir.join("notes.pgn");
    std::fs::write(&notes, "Shopping list: rice, tea, 3 oranges.\n").unwrap();
    let broken = dir.join("broken.xqf");
    std::fs::write(&broken, b"XQ\x0a\x00\x01\x02").unwrap();
    let (code, out, err) = qipu(&[
        "db",
        "import",
        &location,
        notes.to_str().unwrap(),
        broken.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (g, _, _, e) = import_counts(&out);
    assert_eq!((g, e), (0, 2), "{err}");
    assert!(err.contains("notes.pgn: "), "{err}");
    assert!(err.contains("broken.xqf: game 1, "), "{err}");
    let (code, _, err) = qipu(&["db", "search", &location, "--material", "車x-馬"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'x' (character 2 of '車x') is not a piece"),
        "{err}"
    );
    let (code, _, err) = qipu(&["db", "search", &location, "--fen", "9/9/9 w"]);
    assert_eq!(code, 2);
    assert!(err.contains("--fen: not a valid position"), "{err}");
    // A database of a newer schema is refused, with the versions.
    set_schema_version(server, &location, 99);
    let (code, _, err) = qipu(&["db", "stats", &location]);
    assert_eq!(code, 1);
    assert!(
        err.contains("schema version 99, made by a newer Qipu; this one reads versions up to 2"),
        "{err}"
    );
}

fn variations_are_searched_when_indexed(server: Server) {
    let Some((location, _folder)) = fresh(server, "variations") else {
        return;
    };
    let dir = TempFolder::new(&format!("db-variations-{server:?}"));
    let pgn = dir.join("lines.pgn");
    std::fs::write(
        &pgn,
        "[Event \"甲\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 (1... b9c7 2. h0g2) 2. h0g2 *\n",
    )
    .unwrap();
    let (code, out, err) = qipu(&[
        "db",
        "import",
        &location,
        pgn.to_str().unwrap(),
        "--variations",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(import_counts(&out), (1, 1, 0, 0));
    // After 1. h2e2 b9c7: only in the variation, at ply 2.
    let fen = "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    let (code, out, err) = qipu(&["db", "search", &location, "--fen", fen, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "[]");
    let (code, out, err) = qipu(&[
        "db",
        "search",
        &location,
        "--fen",
        fen,
        "--variations",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let found: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1, "{out}");
    assert_eq!(found[0]["ply"], 2);
    let stats = db_stats(&location);
    assert_eq!(stats["variation_positions"], 2);
}

/// The games `qipu db search` finds with these options, as (Red, Black) pairs in order.
fn found_players(location: &str, options: &[&str]) -> Vec<(String, String)> {
    let mut args = vec!["db", "search", location, "--json"];
    args.extend(options);
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    let found: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut pairs: Vec<(String, String)> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["red"].as_str().unwrap().to_owned(),
                g["black"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    pairs.sort();
    pairs
}

fn names_are_found_in_either_script_and_an_old_database_is_upgraded(server: Server) {
    let Some((location, _folder)) = fresh(server, "scripts") else {
        return;
    };
    let dir = TempFolder::new(&format!("db-scripts-{server:?}"));
    let games = dir.join("games.pgn");
    std::fs::write(
        &games,
        "[Event \"全國象棋個人賽\"]\n[Red \"胡榮華\"]\n[Black \"柳大華\"]\n[Result \"1-0\"]\n\n\
         1. 炮二平五 馬８進７ 1-0\n\n\
         [Event \"全国象棋团体赛\"]\n[Red \"许银川\"]\n[Black \"胡荣华\"]\n[Result \"1/2-1/2\"]\n\n\
         1. 相三进五 炮８平５ 1/2-1/2\n\n\
         [Event \"Open\"]\n[Red \"Hu Ronghua\"]\n[Black \"Lü Qin\"]\n[Result \"0-1\"]\n\n\
         1. c3c4 0-1\n",
    )
    .unwrap();
    let (code, _, err) = qipu(&["db", "import", &location, games.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let hu = vec![
        ("胡榮華".to_owned(), "柳大華".to_owned()),
        ("许银川".to_owned(), "胡荣华".to_owned()),
    ];
    let check = |location: &str| {
        assert_eq!(found_players(location, &["--player", "胡荣华"]), hu);
        assert_eq!(found_players(location, &["--player", "胡榮華"]), hu);
        assert_eq!(found_players(location, &["--red", "胡荣华"]), hu[..1]);
        assert_eq!(found_players(location, &["--black", "胡榮華"]), hu[1..]);
        // Part of a name, the event, and Latin letters in any case.
        assert_eq!(found_players(location, &["--player", "榮华"]), hu);
        assert_eq!(found_players(location, &["--event", "全國象棋"]), hu);
        assert_eq!(found_players(location, &["--event", "團體"]), hu[1..]);
        assert_eq!(
            found_players(location, &["--player", "HU RONG"]),
            [("Hu Ronghua".to_owned(), "Lü Qin".to_owned())]
        );
    };
    check(&location);

    // A database of schema version 1 (names without their folded form) opens, is brought to
    // version 2 and finds the same.
    let downgrade = "ALTER TABLE name DROP COLUMN folded; \
                     UPDATE meta SET value = '1' WHERE key = 'schema_version'";
    let version = "SELECT value FROM meta WHERE key = 'schema_version'";
    let stored_version = || -> String {
        match server {
            Server::Sqlite => rusqlite::Connection::open(&location)
                .unwrap()
                .query_row(version, [], |row| row.get(0))
                .unwrap(),
            Server::Postgres => postgres::Client::connect(&location, postgres::NoTls)
                .unwrap()
                .query_one(version, &[])
                .unwrap()
                .get(0),
        }
    };
    match server {
        Server::Sqlite => rusqlite::Connection::open(&location)
            .unwrap()
            .execute_batch(downgrade)
            .unwrap(),
        Server::Postgres => postgres::Client::connect(&location, postgres::NoTls)
            .unwrap()
            .batch_execute(downgrade)
            .unwrap(),
    }
    assert_eq!(stored_version(), "1");
    check(&location);
    assert_eq!(stored_version(), "2");
}

fn a_diagram_start_is_imported_and_its_warning_counted(server: Server) {
    let Some((location, _folder)) = fresh(server, "diagram") else {
        return;
    };
    let dir = TempFolder::new(&format!("db-diagram-{server:?}"));
    // A red soldier behind its start (2.2): only a diagram shows it; the game is read in full.
    let diagram = dir.join("diagram.pgn");
    std::fs::write(
        &diagram,
        "[Event \"A\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4P4/4K4 w - - 0 1\"]\n\n1. 帥五平四 將５平４ *\n\n\
         [Event \"B\"]\n\n1. 炮二平五 馬８進７ *\n",
    )
    .unwrap();
    let path = diagram.to_str().unwrap();
    let (code, stats, err) = qipu(&["stats", path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(warnings_line(&stats), 1, "{stats}");
    let (code, out, err) = qipu(&["db", "import", &location, path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(warnings_line(&out), 1, "{out}");
    assert_eq!(import_counts(&out), (2, 2, 0, 0), "{out}");
    // Without a warning there is no such line.
    let plain = dir.join("plain.pgn");
    std::fs::write(&plain, "1. 炮二平五 馬８進７ 2. 馬二進三 *\n").unwrap();
    let (code, out, err) = qipu(&["db", "import", &location, plain.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("warnings"), "{out}");
    assert_eq!(import_counts(&out), (1, 1, 0, 0), "{out}");
}

/// Two imports into one new database started at the same moment, with a search racing them:
/// creating the schema is one transaction the second program waits for or finds done, so all
/// three succeed and the database holds what one import gives, no game lost or doubled.
fn two_programs_create_one_database_at_once(server: Server) {
    let dir = TempFolder::new(&format!("db-race-files-{server:?}"));
    for (name, bytes) in &ccpd_part()[..4] {
        let path = dir.join(name.replace('/', "_"));
        std::fs::write(path, bytes).unwrap();
    }
    let files = dir.to_str().unwrap();
    let Some((reference, _folder)) = fresh(server, "race_reference") else {
        return;
    };
    let (code, _, err) = qipu(&["db", "import", &reference, files]);
    assert_eq!(code, 0, "{err}");
    let expected = db_stats(&reference);
    assert!(expected["games"].as_u64().unwrap() > 0, "{expected}");
    let tries = match server {
        Server::Sqlite => 10,
        Server::Postgres => 5,
    };
    let mut failures = Vec::new();
    for attempt in 0..tries {
        let Some((location, _folder)) = fresh(server, &format!("race_{attempt}")) else {
            return;
        };
        if server == Server::Sqlite {
            // A new, empty file: the search may open it before either import has made tables.
            std::fs::write(&location, b"").unwrap();
        }
        let spawn = |args: &[&str]| {
            qipu_command()
                .args(args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let children = [
            spawn(&["db", "import", &location, files]),
            spawn(&["db", "import", &location, files]),
            spawn(&["db", "search", &location, "--player", "洪智"]),
        ];
        for child in children {
            let out = child.wait_with_output().unwrap();
            if !out.status.success() {
                failures.push(String::from_utf8_lossy(&out.stderr).into_owned());
            }
        }
        let stats = db_stats(&location);
        for key in ["games", "duplicates", "positions", "files"] {
            assert_eq!(stats[key], expected[key], "{key}, try {attempt}: {stats}");
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs failed: {failures:?}",
        failures.len(),
        tries * 3
    );
}

/// A search of a file that does not exist says so and creates nothing; a server's refusal is
/// shown in the server's words.
#[test]
fn a_missing_database_is_not_created_and_server_errors_are_named() {
    let dir = TempFolder::new("db-missing-db");
    let typo = dir.join("typo.db");
    let typo = typo.to_str().unwrap();
    for command in ["search", "tree", "stats", "export"] {
        let mut args = vec!["db", command, typo];
        if command == "export" {
            args.extend(["-o", "/dev/null"]);
        }
        let (code, _, err) = qipu(&args);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(
            err.contains("typo.db: no such database file"),
            "{command}: {err}"
        );
        assert!(!Path::new(typo).exists(), "{command} created the file");
    }
    let Some((location, _folder)) = fresh(Server::Postgres, "missing") else {
        return;
    };
    let cut = location.rfind('/').unwrap();
    let absent = format!("{}/qipu_no_such_database", &location[..cut]);
    let (code, _, err) = qipu(&["db", "stats", &absent]);
    assert_eq!(code, 1);
    assert!(
        err.contains("database \"qipu_no_such_database\" does not exist"),
        "{err}"
    );
}

fn set_schema_version(server: Server, location: &str, version: i64) {
    let sql = format!("UPDATE meta SET value = '{version}' WHERE key = 'schema_version'");
    match server {
        Server::Sqlite => rusqlite::Connection::open(location)
            .unwrap()
            .execute_batch(&sql)
            .unwrap(),
        Server::Postgres => postgres::Client::connect(location, postgres::NoTls)
            .unwrap()
            .batch_execute(&sql)
            .unwrap(),
    }
}

#[test]
fn broken_and_foreign_database_files_are_refused() {
    let dir = TempFolder::new("db-broken-db");
    let broken = dir.join("broken.qipu");
    let bytes: Vec<u8> = (0..8192u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&broken, bytes).unwrap();
    let (code, _, err) = qipu(&["db", "stats", broken.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("broken.qipu: not a database file"), "{err}");
    let foreign = dir.join("foreign.sqlite");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE notes (text TEXT)")
        .unwrap();
    let (code, _, err) = qipu(&["db", "stats", foreign.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("this database was not made by Qipu"), "{err}");
    let (code, _, err) = qipu(&["db", "stats", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not a database file"), "{err}");
    assert!(Path::new(&foreign).exists());
}

macro_rules! on_both {
    ($($check:ident => $sqlite:ident, $postgres:ident;)*) => {
        $(
            #[test]
            fn $sqlite() {
                $check(Server::Sqlite);
            }
            #[test]
            fn $postgres() {
                $check(Server::Postgres);
            }
        )*
    };
}

on_both! {
    corpus_formats_import_with_the_counts_of_stats => sqlite_corpus_formats, postgres_corpus_formats;
    json_shapes_and_export => sqlite_json_and_export, postgres_json_and_export;
    an_import_killed_midway_resumes => sqlite_import_killed_and_resumed, postgres_import_killed_and_resumed;
    bad_input_is_refused_with_the_reason => sqlite_bad_input, postgres_bad_input;
    variations_are_searched_when_indexed => sqlite_variations, postgres_variations;
    names_are_found_in_either_script_and_an_old_database_is_upgraded => sqlite_names_in_either_script, postgres_names_in_either_script;
    a_diagram_start_is_imported_and_its_warning_counted => sqlite_diagram_start_warning, postgres_diagram_start_warning;
    two_programs_create_one_database_at_once => sqlite_created_by_two_at_once, postgres_created_by_two_at_once;
}
