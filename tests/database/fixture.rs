//! What the tests share: a part of the CCPD archive read from `ccpd-dev.tar.xz`, the locations
//! of fresh databases (an SQLite file, a PostgreSQL database), and the games replayed here.

use std::collections::HashSet;
use std::io::Read;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use qipu::database::{Database, ImportOptions, ImportReport, MemorySource, Source};
use qipu::formats::read_record_bytes;
use qipu::record::Game;

use super::common::{self, shared_path, TempFolder};

/// The folders of the archive the tests import: games classified by player, by event and by
/// opening (the same games appear under several: duplicates), endgame studies with `[FEN]`
/// starts, and openings (four of whose `[FEN]` tags are not positions).
const FOLDERS: [&str; 7] = [
    "Dataset/對局/大師對局/以棋手分類/楊官璘/",
    "Dataset/對局/大師對局/以棋手分類/洪智/",
    "Dataset/對局/大師對局/以棋手分類/王嘉良/",
    "Dataset/對局/大師對局/以賽事分類/五羊杯/",
    "Dataset/對局/大師對局/以開局分類/過宮炮/",
    "Dataset/殘局/",
    "Dataset/開局/",
];

/// The files of those folders (name, bytes), in name order.
pub fn ccpd_part() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let packed = std::fs::read(shared_path("corpus/ccpd-dev.tar.xz")).unwrap();
        let mut tar = Vec::new();
        lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is xz");
        let mut archive = tar::Archive::new(tar.as_slice());
        let mut files = Vec::new();
        for entry in archive.entries().expect("a tar archive") {
            let mut entry = entry.expect("a tar entry");
            let name = entry.path().unwrap().to_string_lossy().into_owned();
            if !name.to_ascii_lowercase().ends_with(".pgn")
                || !FOLDERS.iter().any(|f| name.starts_with(f))
            {
                continue;
            }
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).unwrap();
            files.push((name, bytes));
        }
        files.sort();
        files
    })
}

/// The archive part as import sources.
pub fn ccpd_sources() -> Vec<Box<dyn Source>> {
    ccpd_part()
        .iter()
        .map(|(name, bytes)| {
            Box::new(MemorySource {
                name: name.clone(),
                bytes: bytes.clone(),
            }) as Box<dyn Source>
        })
        .collect()
}

/// A game replayed here: its file, number and record.
pub struct Replayed {
    pub file: String,
    pub number: i64,
    pub game: Game,
}

/// The games of the archive part read in full, without the repeats of a game already met
/// (the same start and moves), in import order; and how many repeats there were.
pub fn distinct_games() -> &'static (Vec<Replayed>, usize) {
    static GAMES: OnceLock<(Vec<Replayed>, usize)> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut repeats = 0;
        for (name, bytes) in ccpd_part() {
            for (i, g) in read_record_bytes(bytes).games.into_iter().enumerate() {
                let (Some(game), None) = (g.game, g.error) else {
                    continue;
                };
                let moves: Vec<String> = game
                    .main_line()
                    .iter()
                    .map(|&n| game.move_of(n).unwrap().to_string())
                    .collect();
                if seen.insert(format!("{} {}", game.start().to_fen(), moves.join(" "))) {
                    out.push(Replayed {
                        file: name.clone(),
                        number: i as i64 + 1,
                        game,
                    });
                } else {
                    repeats += 1;
                }
            }
        }
        (out, repeats)
    })
}

/// Which server a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Server {
    Sqlite,
    Postgres,
}

/// The URL of the PostgreSQL server for tests: `QIPU_TEST_POSTGRES`, else the local socket.
fn postgres_base() -> String {
    std::env::var("QIPU_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgresql://postgres@%2Fvar%2Frun%2Fpostgresql/postgres".to_owned())
}

/// A fresh, empty database for the test `name`: an SQLite file, or a PostgreSQL database
/// created for it; its location, and for SQLite the folder of its file (removed when dropped).
/// `None` (with the reason printed) when no PostgreSQL server can be reached.
pub fn fresh(server: Server, name: &str) -> Option<(String, Option<TempFolder>)> {
    fresh_in(server, name, TempFolder::new)
}

/// [`fresh`], the SQLite file's folder made by `folder`.
fn fresh_in(
    server: Server,
    name: &str,
    folder: fn(&str) -> TempFolder,
) -> Option<(String, Option<TempFolder>)> {
    match server {
        Server::Sqlite => {
            let folder = folder(&format!("db-sqlite-{name}"));
            let location = folder.join("games.qipu").display().to_string();
            Some((location, Some(folder)))
        }
        Server::Postgres => {
            let base = postgres_base();
            let mut client = match postgres::Client::connect(&base, postgres::NoTls) {
                Ok(c) => c,
                Err(e) => {
                    let why = std::error::Error::source(&e)
                        .map_or_else(|| e.to_string(), |cause| format!("{e}: {cause}"));
                    eprintln!(
                        "skipped: no PostgreSQL server reachable at {base} ({why}); set \
                         QIPU_TEST_POSTGRES or run .ci/run, which starts one"
                    );
                    return None;
                }
            };
            let db = format!("qipu_test_{name}_{}", std::process::id());
            client
                .batch_execute(&format!("DROP DATABASE IF EXISTS {db}"))
                .unwrap();
            client
                .batch_execute(&format!("CREATE DATABASE {db}"))
                .unwrap();
            let cut = base.rfind('/').expect("the URL names a database");
            Some((format!("{}/{db}", &base[..cut]), None))
        }
    }
}

/// The archive part imported into a fresh database, once per server: its location and the
/// import's report. (The database lasts as long as the test program; the SQLite files earlier
/// programs left are removed: `TempFolder::for_the_program`.)
pub fn ccpd_database(server: Server) -> Option<(&'static String, &'static ImportReport)> {
    static SQLITE: OnceLock<Imported> = OnceLock::new();
    static POSTGRES: OnceLock<Option<Imported>> = OnceLock::new();
    let build = |(location, folder): (String, Option<TempFolder>)| {
        let mut db = Database::open(&location).unwrap();
        let report = db
            .import(
                &ccpd_sources(),
                &ImportOptions::default(),
                &mut |_| {},
                &AtomicBool::new(false),
            )
            .unwrap();
        (location, report, folder)
    };
    let imported =
        match server {
            Server::Sqlite => Some(SQLITE.get_or_init(|| {
                build(fresh_in(server, "ccpd", TempFolder::for_the_program).unwrap())
            })),
            Server::Postgres => POSTGRES
                .get_or_init(|| fresh(server, "ccpd").map(build))
                .as_ref(),
        };
    imported.map(|(location, report, _)| (location, report))
}

/// A database imported once for the test program: its location, the import's report, the
/// folder of an SQLite file.
type Imported = (String, ImportReport, Option<TempFolder>);

/// The shared SQLite fixture lives in a static, never dropped: the folder a finished test
/// program left is removed by the next one, and a folder of a program still running is kept.
#[test]
fn a_folder_for_the_program_removes_those_of_programs_gone_and_keeps_the_running_ones() {
    let running = TempFolder::for_the_program("sweep-check");
    // Another test program makes its folder and ends, as every test program does.
    let child = std::process::Command::new(std::env::current_exe().expect("the test program"))
        .args(["--ignored", "--exact", "--nocapture"])
        .arg("fixture::a_test_program_leaves_its_folder_for_the_program")
        .output()
        .expect("a child program runs");
    let printed = String::from_utf8_lossy(&child.stdout);
    let left = printed
        .lines()
        .find_map(|line| line.strip_prefix("left: "))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| panic!("the child names the folder it left:\n{printed}"));
    assert!(
        left.join(common::OWNER).is_file(),
        "the child left its folder"
    );
    let made = TempFolder::for_the_program("sweep-check");
    assert!(!left.exists(), "the folder of a program gone is removed");
    assert!(
        running.join(common::OWNER).is_file(),
        "the folder of a program still running is kept"
    );
    assert!(made.join(common::OWNER).is_file());
    assert_ne!(made.path(), running.path());
}

/// The child program of the test above: it makes a folder for the program and ends without
/// removing it, as a program whose fixture is kept in a static does.
#[test]
#[ignore = "run by a_folder_for_the_program_removes_those_of_programs_gone_and_keeps_the_running_ones"]
fn a_test_program_leaves_its_folder_for_the_program() {
    let folder = TempFolder::for_the_program("sweep-check");
    println!("left: {}", folder.display());
    std::mem::forget(folder);
}
