//! The wukong games (15 master games written three times: UCI, full-width WXF `Ｃ２＝５`, and
//! simplified Chinese): each read completely on its own, then checked move by move against its
//! UCI twin. Where the twins disagree the ply is listed in `tests/data/notation-wukong-defects.tsv`.

use std::collections::BTreeSet;

use qipu::notation::{read_move, write_move, Notation, WriteOptions};
use qipu::rules::{Move, Position};

use crate::common;
use crate::records::split_games;

fn games(file: &str) -> Vec<Vec<String>> {
    let path = common::shared_path(&format!("corpus/wukong_xqdb/xqdb/games_pgn/{file}"));
    let text = std::fs::read_to_string(path).expect("UTF-8 PGN");
    split_games(&text).into_iter().map(|g| g.moves).collect()
}

struct Twins {
    uci: Vec<Vec<String>>,
    wxf: Vec<Vec<String>>,
    chinese: Vec<Vec<String>>,
}

fn twins() -> Twins {
    let twins = Twins {
        uci: games("bulk_games_uci.pgn"),
        wxf: games("xqdb_international.pgn"),
        chinese: games("xqdb_traditional.pgn"),
    };
    assert_eq!(
        (twins.uci.len(), twins.wxf.len(), twins.chinese.len()),
        (15, 15, 15)
    );
    twins
}

fn listed_defects() -> BTreeSet<(usize, usize)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/notation-wukong-defects.tsv");
    std::fs::read_to_string(path)
        .expect("defect list readable")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut fields = l.split('\t').map(|f| f.parse::<usize>());
            match (fields.next(), fields.next()) {
                (Some(Ok(game)), Some(Ok(ply))) => (game, ply),
                _ => panic!("bad defect line '{l}'"),
            }
        })
        .collect()
}

/// Read a game from the start position in one notation, every move also by detection.
fn read_game(texts: &[String], notation: Notation) -> Result<Vec<Move>, String> {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let mv =
            read_move(&pos, text, Some(notation)).map_err(|e| format!("ply {}: {e}", i + 1))?;
        assert_eq!(read_move(&pos, text, None), Ok(mv), "detected '{text}'");
        pos = pos.play(mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
        moves.push(mv);
    }
    Ok(moves)
}

#[test]
fn every_game_reads_completely_in_each_notation() {
    let t = twins();
    for (notation, games) in [
        (Notation::Iccs, &t.uci),
        (Notation::Wxf, &t.wxf),
        (Notation::ChineseSimplified, &t.chinese),
    ] {
        for (i, game) in games.iter().enumerate() {
            let moves = read_game(game, notation)
                .unwrap_or_else(|e| panic!("{notation} game {}: {e}", i + 1));
            assert_eq!(moves.len(), t.uci[i].len());
        }
    }
}

#[test]
fn wxf_and_chinese_moves_match_their_uci_twins() {
    let t = twins();
    let mut disagreements = BTreeSet::new();
    let mut plies = 0;
    for (g, ((uci, wxf), chinese)) in t.uci.iter().zip(&t.wxf).zip(&t.chinese).enumerate() {
        assert_eq!((wxf.len(), chinese.len()), (uci.len(), uci.len()));
        let mut pos = Position::startpos();
        for (i, ((u, w), c)) in uci.iter().zip(wxf).zip(chinese).enumerate() {
            let mv = read_move(&pos, u, Some(Notation::Iccs)).expect("UCI move");
            let from_wxf = read_move(&pos, w, Some(Notation::Wxf));
            let from_chinese = read_move(&pos, c, Some(Notation::ChineseSimplified));
            assert_eq!(from_wxf, from_chinese, "game {} ply {}", g + 1, i + 1);
            if from_wxf != Ok(mv) {
                disagreements.insert((g + 1, i + 1));
            }
            pos = pos.play(mv).expect("legal");
            plies += 1;
        }
    }
    assert_eq!(disagreements, listed_defects());
    assert_eq!(plies, 1378);
}

/// Written back, the simplified Chinese move is the file's own text; the WXF move too, once the
/// file's full-width forms are folded and its `+P`/`-P` (sign before the letter) is turned round.
#[test]
fn written_back_as_the_files_write_them() {
    let t = twins();
    let defects = listed_defects();
    let options = WriteOptions::default();
    let fold = |s: &str| -> String {
        let ascii: String = s
            .chars()
            .map(|c| match c {
                '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
                _ => c,
            })
            .map(|c| if c == '=' { '.' } else { c })
            .collect();
        match ascii.as_bytes() {
            [s @ (b'+' | b'-'), letter, ..] => {
                format!("{}{}{}", *letter as char, *s as char, &ascii[2..])
            }
            _ => ascii,
        }
    };
    for (g, ((uci, wxf), chinese)) in t.uci.iter().zip(&t.wxf).zip(&t.chinese).enumerate() {
        let mut pos = Position::startpos();
        for (i, ((u, w), c)) in uci.iter().zip(wxf).zip(chinese).enumerate() {
            let mv = Move::parse_iccs(u).expect("UCI move");
            if !defects.contains(&(g + 1, i + 1)) {
                assert_eq!(
                    write_move(&pos, mv, Notation::ChineseSimplified, &options),
                    *c
                );
                assert_eq!(
                    write_move(&pos, mv, Notation::Wxf, &options),
                    fold(w),
                    "{w}"
                );
            }
            pos = pos.play(mv).expect("legal");
        }
    }
}
