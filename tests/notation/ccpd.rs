//! Every game of the CCPD archive (35,119 BIG5 PGN files, traditional Chinese, each with a
//! `[FEN]`) read move by move. The games that do not read completely are listed with their
//! reason in `tests/data/notation-ccpd-defects.tsv`; each is a defect of the record. (The same
//! archive through the whole PGN reader is `tests/pgn_ccpd.rs`.)

use std::collections::BTreeSet;
use std::path::PathBuf;

use qipu::notation::{read_move, Notation};
use qipu::rules::{Move, Position};

use crate::common;
use crate::records::{read_tar_xz_big5, split_games};

/// How a game read: its moves, or where it stopped and why.
pub fn sweep_game(text: &str) -> Result<Vec<Move>, String> {
    let games = split_games(text);
    let [game] = &games[..] else {
        return Err(format!("{} games in the file", games.len()));
    };
    let fen = game.tag("FEN").ok_or("no [FEN] tag")?;
    let mut pos = Position::from_fen(fen).map_err(|e| format!("[FEN] refused: {e}"))?;
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, text) in game.moves.iter().enumerate() {
        let mv = read_move(&pos, text, Some(Notation::ChineseTraditional))
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
        pos = pos.play(mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
        moves.push(mv);
    }
    Ok(moves)
}

fn defects_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/notation-ccpd-defects.tsv")
}

#[test]
fn every_ccpd_game_reads_or_is_a_listed_defect() {
    let files = read_tar_xz_big5(&common::shared_path("corpus/ccpd-dev.tar.xz"));
    assert_eq!(files.len(), 35_119);
    let mut failures = BTreeSet::new();
    let mut complete = 0;
    let mut plies = 0;
    for file in &files {
        let (text, malformed) = file.big5_text();
        assert!(!malformed, "{} is not valid BIG5", file.name);
        match sweep_game(&text) {
            Ok(moves) => {
                complete += 1;
                plies += moves.len();
            }
            Err(reason) => {
                failures.insert(format!("{}\t{reason}", file.name));
            }
        }
    }
    let listed: BTreeSet<String> = std::fs::read_to_string(defects_file())
        .expect("defect list readable")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_owned)
        .collect();
    let unexpected: Vec<_> = failures.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&failures).collect();
    assert!(
        unexpected.is_empty() && gone.is_empty(),
        "{} unexpected failures: {unexpected:#?}\n{} listed defects now read: {gone:#?}",
        unexpected.len(),
        gone.len()
    );
    println!(
        "CCPD: {complete} of {} games read completely ({plies} plies), {} listed defects",
        files.len(),
        failures.len()
    );
}
