//! PGN reading and writing on the published samples (formats.md §11.5) and the whole corpus.

use crate::common;

use common::{files_below, shared_path};
use qipu::ending::Outcome;
use qipu::formats::{
    read_json, read_pgn, read_pgn_text, read_xqf, write_json, write_pgn, PgnWriteOptions,
    TextEncoding,
};
use qipu::notation::Script;
use qipu::record::{Game, TagKey};

fn read_one(relative: &str) -> (Game, TextEncoding) {
    let bytes = std::fs::read(shared_path(relative)).unwrap();
    let file = read_pgn(&bytes);
    assert_eq!(file.games.len(), 1, "{relative}: one game expected");
    let game = file
        .games
        .into_iter()
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{relative}: {e}"));
    (game, file.encoding)
}

/// The first line where the JSON forms of two games differ, to explain a failed comparison.
fn first_difference(a: &Game, b: &Game) -> String {
    let (ja, jb) = (write_json(a), write_json(b));
    ja.lines()
        .zip(jb.lines())
        .find(|(x, y)| x != y)
        .map(|(x, y)| format!("{x}\n  vs\n{y}"))
        .unwrap_or_else(|| "lengths differ".to_owned())
}

fn main_line(game: &Game) -> Vec<String> {
    game.main_line()
        .iter()
        .map(|&n| game.move_of(n).unwrap().to_string())
        .collect()
}

#[test]
fn ccgc_2006_round_22_in_every_encoding_and_notation() {
    let mut lines = Vec::new();
    for (file, encoding) in [
        (
            "data/samples/sample_xqbase_ccgc2006_r22_gbk.pgn",
            TextEncoding::Gbk,
        ),
        (
            "data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn",
            TextEncoding::Utf8,
        ),
        (
            "data/samples/sample_derived_ccgc2006_r22_iccs.pgn",
            TextEncoding::Utf8,
        ),
        (
            "data/samples/sample_derived_ccgc2006_r22_wxf.pgn",
            TextEncoding::Utf8,
        ),
    ] {
        let (g, found) = read_one(file);
        assert_eq!(found, encoding, "{file}");
        assert_eq!(g.tags().get(&TagKey::Red), Some("象棋奇兵"), "{file}");
        assert_eq!(g.tags().get(&TagKey::Black), Some("相眼竞技"), "{file}");
        assert_eq!(g.tags().get(&TagKey::Ecco), Some("C42"), "{file}");
        assert_eq!(g.result(), Some(Outcome::RedWins), "{file}");
        let line = main_line(&g);
        assert_eq!(line.len(), 103, "{file}");
        assert_eq!(
            line[..10].join(" "),
            "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7",
            "{file}"
        );
        lines.push(line);
    }
    assert!(lines.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn handicap_game_with_comments_matches_its_xqf_twin() {
    for file in [
        "data/samples/sample_xqbase_handicap_comments_gbk.pgn",
        "data/samples/sample_xqbase_handicap_comments_utf8.pgn",
    ] {
        let (g, _) = read_one(file);
        assert_eq!(
            g.start().to_fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
        );
        assert!(!g.comment(g.root()).is_empty(), "{file}: game comment");
        let line = main_line(&g);
        assert_eq!(line.len(), 75);
        assert_eq!(
            line[..8].join(" "),
            "b2e2 h7e7 e2e7 g9e7 h2e2 h9g7 h0g2 i9h9"
        );
        assert!(
            !g.comment(g.main_line()[1]).is_empty(),
            "{file}: comment after 1… 炮８平５"
        );
        assert_eq!(g.result(), Some(Outcome::RedWins));
        let xqf =
            read_xqf(&std::fs::read(shared_path("data/samples/SAMPLE.XQF")).unwrap()).unwrap();
        assert_eq!(main_line(&xqf.game), line, "{file}");
    }
}

/// Every PGN file of the corpus outside the CCPD archive (which has its own test).
fn corpus_pgn_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "corpus/xqwizard_liangqi",
        "corpus/xqbase_eleeye",
        "corpus/walker8088_cchess",
        "corpus/wukong_xqdb",
        "data/samples",
    ] {
        files.extend(files_below(&shared_path(dir), &["pgn"]));
    }
    files
}

#[test]
fn every_corpus_pgn_reads_and_round_trips() {
    let files = corpus_pgn_files();
    assert!(files.len() > 1400, "only {} PGN files", files.len());
    let qipu = PgnWriteOptions::qipu(Script::Simplified);
    let traditional = PgnWriteOptions::qipu(Script::Traditional);
    let iccs = PgnWriteOptions::with_notation(qipu::notation::Notation::Iccs);
    let wxf = PgnWriteOptions::with_notation(qipu::notation::Notation::Wxf);
    let wizard = PgnWriteOptions::xiangqi_wizard(Script::Simplified);
    let (mut games, mut plies, mut bad) = (0, 0, Vec::new());
    for path in &files {
        let file = read_pgn(&std::fs::read(path).unwrap());
        for result in file.games {
            let game = match result {
                Ok(game) => game,
                Err(e) => {
                    bad.push(format!("{}: {e}", path.display()));
                    continue;
                }
            };
            games += 1;
            plies += game.move_count();
            let name = path.display();
            for options in [&qipu, &traditional, &iccs, &wxf] {
                let text = write_pgn(&game, options);
                let back: Vec<_> = read_pgn_text(&text).collect();
                assert_eq!(back.len(), 1, "{name}");
                let back = back
                    .into_iter()
                    .next()
                    .unwrap()
                    .unwrap_or_else(|e| panic!("{name} ({:?}): {e}\n{text}", options.notation));
                assert!(
                    game.same_record(&back),
                    "{name} ({:?}) differs after writing: {}",
                    options.notation,
                    first_difference(&game, &back)
                );
            }
            let json = read_json(&write_json(&game)).unwrap();
            assert!(game.same_record(&json), "{name}: JSON");
            let encoded = qipu::formats::pgn::encode_pgn(&write_pgn(&game, &wizard), &wizard);
            let (bytes, unmappable) = (encoded.bytes, encoded.lost.len());
            let exported = read_pgn(&bytes);
            assert_eq!(
                exported.encoding,
                if unmappable == 0 && bytes.is_ascii() {
                    TextEncoding::Utf8
                } else {
                    TextEncoding::Gbk
                },
                "{name}"
            );
            let exported = exported.games.into_iter().next().unwrap().unwrap();
            assert_eq!(
                main_line(&exported),
                main_line(&game),
                "{name}: XiangQi Wizard export"
            );
            assert_eq!(exported.start(), game.start());
        }
    }
    eprintln!(
        "{} files, {games} games, {plies} plies, {} bad",
        files.len(),
        bad.len()
    );
    // The two games that end on an illegal move (league6/BLC-EYC1, league12/ELE-YSY1) are read
    // up to it (lost_on_an_illegal_move.rs): no game of the corpus is refused.
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_corpus_xqf_survives_pgn_and_json() {
    let mut files = files_below(&shared_path("corpus/cchess_qt_hbsxcjp"), &["xqf"]);
    files.extend(files_below(
        &shared_path("corpus/walker8088_cchess"),
        &["xqf"],
    ));
    files.extend(files_below(&shared_path("data/samples"), &["xqf"]));
    let options = PgnWriteOptions::qipu(Script::Simplified);
    let mut checked = 0;
    for path in &files {
        let rec = read_xqf(&std::fs::read(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = write_pgn(&rec.game, &options);
        let back = read_pgn_text(&text)
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            rec.game.same_record(&back),
            "{}: PGN differs: {}",
            path.display(),
            first_difference(&rec.game, &back)
        );
        let json = read_json(&write_json(&rec.game)).unwrap();
        assert!(
            rec.game.same_record(&json),
            "{}: JSON differs",
            path.display()
        );
        checked += rec.game.move_count();
    }
    eprintln!(
        "{} XQF files, {checked} moves through PGN and JSON",
        files.len()
    );
}
