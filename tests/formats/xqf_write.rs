//! XQF written: every XQF file of the corpus read, written and read back to the same record
//! (variations, comments, start position, header fields), written again to the same bytes, and
//! read by an independent reader (the `cchess` package, `tests/independent/`) to the same main
//! line.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{files_below, shared, TempFolder};
use qipu::formats::{read_xqf, write_xqf, XqfLoss};
use qipu::record::Game;

/// Every XQF of the corpus that Qipu reads, with its game.
fn corpus_games() -> Vec<(PathBuf, Game)> {
    let files = files_below(&shared().join("corpus"), &["xqf"]);
    assert!(files.len() > 250, "{} XQF files", files.len());
    files
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).expect("readable");
            read_xqf(&bytes).ok().map(|rec| (path, rec.game))
        })
        .collect()
}

fn main_line(game: &Game) -> String {
    game.main_line()
        .iter()
        .map(|&n| game.move_of(n).expect("a move").to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_corpus_file_round_trips_through_the_writer() {
    let games = corpus_games();
    assert!(games.len() > 250, "{} read", games.len());
    let (mut nodes, mut malformed) = (0, 0);
    for (path, game) in &games {
        let written = write_xqf(game).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let back = read_xqf(&written.bytes)
            .unwrap_or_else(|e| panic!("{}: written file unreadable: {e}", path.display()));
        assert!(back.skipped.is_empty(), "{}", path.display());
        if written.losses.is_empty() {
            assert!(
                back.game.same_record(game),
                "{}: the record read back differs",
                path.display()
            );
        } else {
            // Bytes of the file that were no GBK became U+FFFD when read: reported, never
            // dropped, and nothing else is lost.
            for loss in &written.losses {
                assert!(
                    matches!(
                        loss,
                        XqfLoss::Unencodable { lost, .. } if lost.character == '\u{FFFD}'
                    ),
                    "{}: {loss}",
                    path.display()
                );
            }
            assert_eq!(back.game.main_line().len(), game.main_line().len());
            assert_eq!(back.game.move_count(), game.move_count());
            malformed += 1;
        }
        let again = write_xqf(&back.game).expect("written again");
        assert_eq!(again.bytes, written.bytes, "{}", path.display());
        nodes += game.move_count();
    }
    assert!(nodes > 100_000, "{nodes} moves");
    assert!(
        malformed * 20 < games.len(),
        "{malformed} files with malformed text"
    );
}

/// The interpreter that has `cchess`: `QIPU_PYTHON`, or `python3`.
fn python() -> String {
    std::env::var("QIPU_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// Main lines of `files` as the independent reader gives them; `None` when it is not installed
/// (outside CI, which installs it).
pub fn independent_main_lines(files: &[PathBuf]) -> Option<Vec<String>> {
    if !common::borrowed_tool(&python(), "Python with cchess") {
        return None;
    }
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/independent/cchess_main_lines.py");
    let out = Command::new(python())
        .arg(script)
        .args(files)
        .output()
        .expect("python3 runs");
    if out.status.code() == Some(3) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install the independent reader (pip install cchess)"
        );
        eprintln!("the independent reader (pip install cchess) is not installed: not compared");
        return None;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(|l| l.trim_end().to_owned())
            .collect(),
    )
}

#[test]
fn an_independent_reader_reads_the_same_main_lines() {
    let games = corpus_games();
    let dir = TempFolder::new("xqf-write");
    // Every tenth file: the reader is slow on large trees.
    let chosen: Vec<&(PathBuf, Game)> = games.iter().step_by(10).collect();
    let mut files = Vec::new();
    for (i, (_, game)) in chosen.iter().enumerate() {
        let path = dir.join(format!("{i:03}.xqf"));
        std::fs::write(&path, write_xqf(game).expect("written").bytes).expect("written");
        files.push(path);
    }
    let lines = independent_main_lines(&files);
    let Some(lines) = lines else { return };
    assert_eq!(lines.len(), chosen.len());
    for ((path, game), line) in chosen.iter().zip(&lines) {
        assert_eq!(line, &main_line(game), "{}", path.display());
    }
}
