//! 象棋桥 records: every CBR, CBL and CBF sample of the corpus read through
//! `formats::read_record_file` (as `qipu convert`, `qipu stats`, the app and the database
//! import read them), with its game count, its first moves and comments, and every main line
//! as the independent reader (`tests/independent/`) reads it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use qipu::ending::Outcome;
use qipu::formats::{read_cbl, read_record_file, FileKind};
use qipu::record::{Game, TagKey};

fn sample(name: &str) -> PathBuf {
    common::shared_path(&format!("corpus/walker8088_cchess/tests/data/{name}"))
}

fn games(path: &Path) -> (FileKind, Vec<Game>) {
    let file = read_record_file(path).expect("readable");
    for g in &file.games {
        assert!(g.error.is_none(), "{}: {:?}", path.display(), g.error);
    }
    (
        file.kind,
        file.games.into_iter().filter_map(|g| g.game).collect(),
    )
}

fn main_line(game: &Game) -> String {
    game.main_line()
        .iter()
        .map(|&n| game.move_of(n).expect("a move").to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn tag(game: &Game, key: TagKey) -> &str {
    game.tags().get(&key).unwrap_or("")
}

#[test]
fn a_cbr_record_with_variations_and_comments() {
    let (kind, games) = games(&sample("test.cbr"));
    assert_eq!(kind, FileKind::Cbr);
    let [game] = &games[..] else {
        panic!("one game")
    };
    assert_eq!(
        tag(game, TagKey::Event),
        "黄丹青讲座004-破解新式弃马局的攻防要领"
    );
    assert!(main_line(game).starts_with("h2e2 h9g7 h0g2 i9h9 i0h0 g6g5"));
    assert_eq!(game.main_line().len(), 28);
    assert_eq!(game.move_count(), 102);
    let commented = game
        .preorder()
        .iter()
        .filter(|&&n| !game.comment(n).is_empty())
        .count();
    assert!(commented > 10, "{commented}");
    let sixth = game.main_line()[10];
    assert_eq!(
        game.comment(sixth),
        "不急用平车压马，黑有炮8平9，马3退5变化。"
    );
}

#[test]
fn cbf_records_with_their_head_and_comments() {
    let (kind, games) = games(&sample("test.cbf"));
    assert_eq!(kind, FileKind::Cbf);
    let game = &games[0];
    assert_eq!(tag(game, TagKey::Event), "居荣鑫《象棋古谱全局三种》");
    assert_eq!(tag(game, TagKey::Annotator), "居荣鑫");
    assert_eq!(tag(game, TagKey::Ecco), "C03");
    assert_eq!(game.comment(game.root()), "中炮横车盘头马对屏风马双炮巡河");
    assert!(main_line(game).starts_with("h2e2 h9g7 h0g2 g6g5 b0c2 b9c7 e3e4"));
    let (_, games) = games_of("test2.cbf");
    assert_eq!(games[0].result(), Some(Outcome::Draw));
    assert_eq!(games[0].main_line().len(), 75);
}

fn games_of(name: &str) -> (FileKind, Vec<Game>) {
    games(&sample(name))
}

#[test]
fn libraries_hold_every_record_found_and_their_headings() {
    let (kind, games) = games_of("1956年全国象棋锦标赛93局.CBL");
    assert_eq!(kind, FileKind::Cbl);
    assert_eq!(games.len(), 93);
    assert_eq!(tag(&games[0], TagKey::Red), "保定邓裕如");
    assert_eq!(tag(&games[0], TagKey::Black), "哈尔滨王嘉良");
    assert_eq!(
        tag(&games[0], TagKey::Event),
        "1956年全国象棋锦标赛（初赛）"
    );
    assert_eq!(games[0].result(), Some(Outcome::BlackWins));
    assert_eq!(games[2].result(), Some(Outcome::Draw));
    let plies: usize = games.iter().map(Game::move_count).sum();
    assert_eq!(plies, 7313);

    // 35 games in the name; the library holds 38 records: two section headings without
    // pieces and 36 games (the last one twice).
    let bytes = std::fs::read(sample("1989年龙化杯象棋名师邀请赛35局.CBL")).expect("readable");
    let library = read_cbl(&bytes).expect("a library");
    assert_eq!(library.name, "1989年龙化杯象棋名师邀请赛35局");
    let titles: Vec<&str> = library.headings.iter().map(|h| h.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "龙化杯象棋名师邀请赛对局（男子组20局）",
            "龙化杯象棋名师邀请赛对局（女子组15局）"
        ]
    );
    let (_, games) = games_of("1989年龙化杯象棋名师邀请赛35局.CBL");
    assert_eq!(games.len(), 36);
    assert!(games[35].same_record(&games[34]));
}

#[test]
fn the_independent_reader_reads_the_same_main_lines() {
    let names = [
        "test.cbr",
        "test2.cbr",
        "test.cbf",
        "test2.cbf",
        "1956年全国象棋锦标赛93局.CBL",
        "1989年龙化杯象棋名师邀请赛35局.CBL",
    ];
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/independent/cchess_main_lines.py");
    let python = std::env::var("QIPU_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    if !common::borrowed_tool(&python, "Python with cchess") {
        return;
    }
    for name in names {
        let path = sample(name);
        let out = Command::new(&python)
            .arg(&script)
            .arg(&path)
            .output()
            .expect("python3 runs");
        if out.status.code() == Some(3) {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must install the independent reader (pip install cchess)"
            );
            eprintln!("the independent reader (pip install cchess) is not installed: not compared");
            return;
        }
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        // The independent reader lists the headings of a library as games without moves.
        let theirs: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        let (_, games) = games(&path);
        let ours: Vec<String> = games.iter().map(main_line).collect();
        assert_eq!(theirs, ours, "{name}");
    }
}

#[test]
fn stats_and_convert_read_a_library_by_content() {
    let path = sample("1956年全国象棋锦标赛93局.CBL");
    let path = path.to_str().expect("UTF-8 path");
    let (code, out, _) = common::qipu(&["stats", path]);
    assert_eq!(code, 0);
    let last = out.lines().last().expect("a summary");
    assert!(
        last.starts_with("games 93, plies 7313, errors 0, seconds "),
        "{last}"
    );
    let (code, pgn, err) = common::qipu(&["convert", path]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(pgn.matches("[Event ").count(), 93);
    assert!(pgn.contains("[Red \"保定邓裕如\"]"));
}
