//! The CCPD archive (35,119 one-game PGN files, BIG5, traditional Chinese, every game with a
//! `[FEN]`) read straight from `ccpd-dev.tar.xz` by the PGN reader: every game reads except five
//! defective records, each reported with its place, and one more reads with a warning; a sample
//! goes through the writer and JSON.

use crate::common;

use std::io::Read;

use common::shared_path;
use qipu::formats::{
    read_json, read_pgn, read_pgn_text, write_json, write_pgn, PgnWriteOptions, ReadWarning,
    TextEncoding,
};
use qipu::notation::Script;

/// The defective records (file, what the error says): two games continue after a move that
/// leaves the general in check, three `[FEN]` starts have no red general (1.2).
const DEFECTS: [(&str, &str); 5] = [
    (
        "對局/電腦對局/電腦對局競賽/00000019.pgn",
        "line 49, column 10: move 36...:",
    ),
    (
        "對局/電腦對局/電腦對局競賽/00000048.pgn",
        "line 49, column 11: move 36...:",
    ),
    (
        "開局/00000068.pgn",
        "line 12, column 1: the FEN tag is not a valid position",
    ),
    (
        "開局/00000207.pgn",
        "line 12, column 1: the FEN tag is not a valid position",
    ),
    (
        "開局/00000226.pgn",
        "line 12, column 1: the FEN tag is not a valid position",
    ),
];

/// The records read with a warning (file, what the warning says): a `[FEN]` start with a black
/// advisor on g0, a point no advisor reaches (2.2) — a defect of the record, read as a diagram.
const WARNINGS: [(&str, &str); 1] = [(
    "開局/00000242.pgn",
    "start position: black advisor on g0, a point it can never reach in play (2.2)",
)];

fn archive_files() -> Vec<(String, Vec<u8>)> {
    let packed = std::fs::read(shared_path("corpus/ccpd-dev.tar.xz")).unwrap();
    let mut tar = Vec::new();
    lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is valid xz");
    let mut archive = tar::Archive::new(tar.as_slice());
    let mut files = Vec::new();
    for entry in archive.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        let name = entry
            .path()
            .expect("an entry name")
            .to_string_lossy()
            .into_owned();
        if !name.to_ascii_lowercase().ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("entry bytes");
        files.push((name, bytes));
    }
    files
}

#[test]
fn every_ccpd_game_reads_except_five_defective_records_and_one_with_a_warning() {
    let files = archive_files();
    assert_eq!(files.len(), 35_119);
    let options = PgnWriteOptions::qipu(Script::Traditional);
    let (mut games, mut plies, mut sampled) = (0, 0, 0);
    let mut bad = Vec::new();
    let mut warned = Vec::new();
    for (i, (name, bytes)) in files.iter().enumerate() {
        let file = read_pgn(bytes);
        assert_eq!(file.games.len(), 1, "{name}");
        let non_ascii = bytes.iter().any(|b| !b.is_ascii());
        if non_ascii {
            assert_eq!(file.encoding, TextEncoding::Big5, "{name}");
        }
        match &file.games[0] {
            Ok(game) => {
                warned.extend(
                    ReadWarning::of_game(game)
                        .iter()
                        .map(|w| format!("{name}: {w}")),
                );
                games += 1;
                plies += game.move_count();
                if i % 25 == 0 {
                    sampled += 1;
                    let text = write_pgn(game, &options);
                    let back = read_pgn_text(&text).next().unwrap().unwrap();
                    assert!(game.same_record(&back), "{name}: PGN round trip");
                    let json = read_json(&write_json(game)).unwrap();
                    assert!(game.same_record(&json), "{name}: JSON round trip");
                }
            }
            Err(e) => bad.push(format!("{name}: {e}")),
        }
    }
    eprintln!(
        "CCPD: {games} games, {plies} plies, {} bad, {sampled} round trips",
        bad.len()
    );
    assert_eq!(bad.len(), DEFECTS.len(), "{bad:#?}");
    for (file, what) in DEFECTS {
        assert!(
            bad.iter().any(|b| b.contains(file) && b.contains(what)),
            "{file} not reported with '{what}': {bad:#?}"
        );
    }
    // The warning is a defect still reported: named, with its file, and counted apart.
    assert_eq!(warned.len(), WARNINGS.len(), "{warned:#?}");
    for (file, what) in WARNINGS {
        assert!(
            warned
                .iter()
                .any(|w| w.ends_with(&format!("{file}: {what}"))),
            "{file} not warned with '{what}': {warned:#?}"
        );
    }
    assert_eq!(games, 35_114);
}
