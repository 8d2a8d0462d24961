//! XQF reading on the published vectors (formats.md §7.4) and on every XQF file of the corpus.

use crate::common;

use common::{files_below, shared_path};
use qipu::ending::Outcome;
use qipu::formats::{read_xqf, XqfError};
use qipu::record::{Game, TagKey};

fn read(relative: &str) -> qipu::formats::XqfRecord {
    let bytes = std::fs::read(shared_path(relative)).unwrap();
    read_xqf(&bytes).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn main_line(game: &Game) -> Vec<String> {
    game.main_line()
        .iter()
        .map(|&n| game.move_of(n).unwrap().to_string())
        .collect()
}

fn board(game: &Game) -> String {
    game.start().to_fen().split(' ').next().unwrap().to_owned()
}

#[test]
fn published_vectors() {
    let cases = [
        (
            "data/samples/SAMPLE.XQF",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR",
            "b2e2 h7e7 e2e7 g9e7 h2e2 h9g7",
            75,
            75,
        ),
        (
            "data/samples/XQFEXAMA.XQF",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7",
            110,
            110,
        ),
        (
            "data/samples/XQFEXAMB.XQF",
            "4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1",
            "h2f2 e2f2 f7f8 f9f8 g0g8 f8f9",
            87,
            435,
        ),
        (
            "data/samples/v0a_unencrypted.xqf",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "h0g2 g6g5 c3c4 h9g7 b0c2 b9a7",
            38,
            172,
        ),
    ];
    for (file, fen, first, plies, nodes) in cases {
        let rec = read(file);
        let g = &rec.game;
        assert!(rec.skipped.is_empty(), "{file}: {:?}", rec.skipped);
        assert_eq!(board(g), fen, "{file}");
        let line = main_line(g);
        assert_eq!(line[..6].join(" "), first, "{file}");
        assert_eq!(line.len(), plies, "{file}");
        assert_eq!(g.move_count(), nodes, "{file}");
    }
}

#[test]
fn header_strings_result_and_comments() {
    let rec = read("data/samples/SAMPLE.XQF");
    let g = &rec.game;
    assert_eq!(rec.version, 0x12);
    assert_eq!(g.result(), Some(Outcome::RedWins));
    assert_eq!(g.tags().get(&TagKey::Red), Some("许银川"));
    assert_eq!(g.tags().get(&TagKey::Black), Some("聂卫平"));
    // The PGN twin of this file has a comment after 1… 炮８平５ (h7e7).
    let second = g.main_line()[1];
    assert!(!g.comment(second).is_empty());

    let plain = read("data/samples/v0a_unencrypted.xqf");
    assert_eq!(plain.version, 0x0A);
    assert_eq!(plain.game.result(), Some(Outcome::BlackWins));
    // The root record carries a 74-byte GBK game comment (37 characters if all are Chinese).
    let comment = plain.game.comment(plain.game.root());
    assert!(!comment.is_empty() && comment.len() >= 37, "{comment:?}");

    let b = read("data/samples/XQFEXAMB.XQF");
    assert_eq!(b.game.result(), Some(Outcome::Draw));
}

/// A truncated file opens with the moves read before the cut, and says at which byte it stopped.
#[test]
fn truncated_files_open_as_far_as_they_read() {
    let bytes = std::fs::read(shared_path("data/samples/XQFEXAMA.XQF")).unwrap();
    let whole = read_xqf(&bytes).unwrap();
    assert!(whole.stopped.is_none());
    let mut last_count = 0;
    for cut in [
        0x400 + 2,
        0x400 + 40,
        1300,
        bytes.len() / 2,
        bytes.len() - 3,
    ] {
        let rec = read_xqf(&bytes[..cut]).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        match rec.stopped {
            Some(XqfError::Truncated { offset, .. } | XqfError::CommentLength { offset, .. }) => {
                assert!(offset <= cut, "offset {offset} beyond cut {cut}")
            }
            other => panic!("cut at {cut}: unexpected {other:?}"),
        }
        // Every move read is a move of the whole file, in the same place.
        let count = rec.game.move_count();
        assert!(
            count >= last_count && count <= whole.game.move_count(),
            "cut at {cut}"
        );
        last_count = count;
        let line = rec.game.main_line();
        let full = whole.game.main_line();
        for (a, b) in line.iter().zip(&full) {
            assert_eq!(rec.game.move_of(*a), whole.game.move_of(*b), "cut at {cut}");
        }
    }
    assert!(last_count > 0);
    // The message names the byte.
    let rec = read_xqf(&bytes[..1300]).unwrap();
    let error = qipu::formats::GameError::of_xqf(&rec).unwrap();
    let text = error.to_string();
    assert!(
        text.starts_with("byte ") && text.ends_with("the moves before it are read"),
        "{text}"
    );
    // A header cut short is refused whole: there is no game without it.
    let err = read_xqf(&bytes[..0x200]).unwrap_err();
    assert!(err.to_string().starts_with("byte 512:"), "{err}");
}

#[test]
fn every_corpus_xqf() {
    let mut files = files_below(&shared_path("corpus/cchess_qt_hbsxcjp"), &["xqf"]);
    files.extend(files_below(
        &shared_path("corpus/walker8088_cchess"),
        &["xqf"],
    ));
    files.extend(files_below(&shared_path("corpus/xqbase_eleeye"), &["xqf"]));
    assert!(files.len() > 250, "only {} XQF files found", files.len());
    let (mut ok, mut nodes, mut with_skips) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        match read_xqf(&bytes) {
            Ok(rec) if rec.stopped.is_some() => {
                failures.push(format!("{}: {:?}", path.display(), rec.stopped))
            }
            Ok(rec) => {
                ok += 1;
                nodes += rec.game.move_count();
                if !rec.skipped.is_empty() {
                    with_skips += 1;
                    eprintln!("skipped in {}: {:?}", path.display(), rec.skipped);
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    eprintln!("{ok} read, {nodes} moves, {with_skips} with illegal moves left out");
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}

/// walker8088's test data lists the main line of two XQF files in Chinese notation (first line:
/// the start FEN). Reading those listings move by move must give the moves the XQF reader found.
#[test]
fn main_lines_match_the_published_listings() {
    for (xqf, listing) in [
        (
            "corpus/walker8088_cchess/tests/data/test1.xqf",
            "corpus/walker8088_cchess/tests/data/test1_move.txt",
        ),
        (
            "corpus/walker8088_cchess/tests/data/ucci_test1.xqf",
            "corpus/walker8088_cchess/tests/data/ucci_test1_move.txt",
        ),
    ] {
        let game = read(xqf).game;
        let text = std::fs::read_to_string(shared_path(listing)).unwrap();
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let fen = lines.next().unwrap();
        assert_eq!(
            game.start(),
            &qipu::rules::Position::from_fen(fen).unwrap(),
            "{xqf}"
        );
        let mut pos = game.start().clone();
        let mut moves = Vec::new();
        for text in lines {
            match qipu::notation::read_move(&pos, text, None) {
                Ok(mv) => {
                    moves.push(mv.to_string());
                    pos = pos.play(mv).unwrap();
                }
                // The listing ends with the result in words (黑胜 …).
                Err(_) => {
                    assert!(
                        text.ends_with('胜') || text.ends_with('和'),
                        "{listing}: {text}"
                    );
                    break;
                }
            }
        }
        assert!(moves.len() > 20, "{listing}");
        assert_eq!(main_line(&game), moves, "{xqf}");
    }
}

/// The largest opening trees of the corpus (100k+ move records) load; the reader keeps its own
/// stack, so their depth costs no call stack.
#[test]
fn huge_opening_trees_load() {
    let mut largest = 0;
    for path in files_below(
        &shared_path("corpus/cchess_qt_hbsxcjp/chessManual/疑难文件.xqf"),
        &["xqf"],
    ) {
        let rec = read_xqf(&std::fs::read(&path).unwrap()).unwrap();
        largest = largest.max(rec.game.move_count());
    }
    assert!(largest > 100_000, "largest tree has {largest} moves");
}
