//! PGN reading: the dialect quirks of formats.md §6, error places, multi-game recovery, and the
//! same games in GBK and BIG5.

use crate::common;

use common::{files_below, shared_path};
use qipu::ending::Outcome;
use qipu::formats::{read_pgn, read_pgn_text, PgnErrorKind, TextEncoding};
use qipu::notation::NotationError;
use qipu::record::{Game, Mark, TagKey};

fn one(text: &str) -> Game {
    let mut games: Vec<_> = read_pgn_text(text).collect();
    assert_eq!(games.len(), 1, "one game expected in {text:?}");
    games.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn line(game: &Game) -> String {
    let moves: Vec<String> = game
        .main_line()
        .iter()
        .map(|&n| game.move_of(n).unwrap().to_string())
        .collect();
    moves.join(" ")
}

#[test]
fn black_first_lines_and_fen_starts() {
    // 1. … 車４進２: the record starts with Black to move.
    let g = one(
        "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/3r5/4K4 b - - 0 1\"]\n\
         1. … 車４進１ 2. 帅五进一 0-1",
    );
    assert_eq!(line(&g), "d1d0 e0e1");
    assert_eq!(g.result(), Some(Outcome::BlackWins));
    // The xqbase continuation form: number and spaces before a Black move.
    let g = one("  1. 炮二平五\n{中炮}\n  1.          马８进７\n  2. 马二进三 *");
    assert_eq!(line(&g), "h2e2 h9g7 h0g2");
    assert_eq!(g.comment(g.main_line()[0]), "中炮");
    assert_eq!(g.result(), None, "'*' alone sets no Result tag");
}

#[test]
fn format_tag_iccs_wxf_and_detection_per_move() {
    let iccs = one("[Format \"ICCS\"]\n1. H2-E2 H9-G7 2. H0-G2 *");
    assert_eq!(line(&iccs), "h2e2 h9g7 h0g2");
    let wxf = one("[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 *");
    assert_eq!(line(&wxf), "h2e2 h9g7 h0g2");
    // No Format tag: each move is recognised on its own, notations mixed.
    let mixed = one("1. 炮二平五 H8+7 2. h0g2 馬２進３ *");
    assert_eq!(line(&mixed), "h2e2 h9g7 h0g2 b9c7");
    // Full-width WXF, as in the wukong files.
    let wide = one("1. Ｃ２＝５ Ｈ８＋７ *");
    assert_eq!(line(&wide), "h2e2 h9g7");
}

#[test]
fn variations_comments_marks_and_nags() {
    let g = one(
        "{game comment} 1. h2e2! {after} (1. b2e2 {side line} (1. c3c4 $5) h9g7) \
         1... h9g7?! $14 2. h0g2 ( { before } 2. b0c2 ) *",
    );
    let root = g.root();
    assert_eq!(g.comment(root), "game comment");
    let [first, alt1, alt2] = g.children(root) else {
        panic!("three first moves expected")
    };
    assert_eq!(g.move_of(*first).unwrap().to_string(), "h2e2");
    assert_eq!(g.mark(*first), Some(Mark::Good));
    assert_eq!(g.comment(*first), "after");
    assert_eq!(g.move_of(*alt1).unwrap().to_string(), "b2e2");
    assert_eq!(g.comment(*alt1), "side line");
    assert_eq!(g.move_of(*alt2).unwrap().to_string(), "c3c4");
    assert_eq!(g.mark(*alt2), Some(Mark::Interesting));
    assert_eq!(g.move_count(), 7);
    let reply = g.children(*first)[0];
    assert_eq!(g.mark(reply), Some(Mark::Dubious));
    assert_eq!(g.nags(reply), &[14]);
    let second = g.children(reply);
    assert_eq!(second.len(), 2);
    assert_eq!(g.annotation(second[1]).comment_before, "before");
}

#[test]
fn tags_kept_in_order_known_typed_unknown_verbatim() {
    let g = one(
        "[event \"甲级联赛\"]\n[Round: \"3\"]\n[PlyCount \"2\"]\n[Red \"许银川\"]\n\n1. h2e2 h9g7 1-0\n",
    );
    let tags: Vec<(String, String)> = g
        .tags()
        .iter()
        .map(|(k, v)| (k.name().to_owned(), v.to_owned()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "甲级联赛"),
            ("Round", "3"),
            ("PlyCount", "2"),
            ("Red", "许银川"),
            ("Result", "1-0")
        ]
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
    );
    assert_eq!(g.tags().get(&TagKey::Other("PlyCount".into())), Some("2"));
}

#[test]
fn trailing_junk_after_the_result_is_ignored() {
    let text = "[Game \"Chinese Chess\"]\r\n  1. 炮二平五 马８进７\r\n 1-0\r\n\
                ============================\r\n欢迎访问《象棋百科全书》网站\r\n\
                [Game \"Chinese Chess\"]\r\n  1. 马二进三 *\r\n";
    let games: Vec<_> = read_pgn_text(text).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(line(games[0].as_ref().unwrap()), "h2e2 h9g7");
    assert_eq!(line(games[1].as_ref().unwrap()), "h0g2");
}

#[test]
fn a_bad_game_is_reported_with_its_place_and_reading_goes_on() {
    let text = "[Event \"one\"]\n1. h2e2 h9g7 *\n\n\
                [Event \"two\"]\n1. h2e2 h9g7\n2. 马二进三 马８进７ *\n\n\
                [Event \"three\"]\n1. b0c2 *\n";
    let games: Vec<_> = read_pgn_text(text).collect();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let err = games[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 6, 9));
    match &err.kind {
        PgnErrorKind::Move {
            number,
            side,
            source,
        } => {
            assert_eq!((*number, *side), (2, "..."));
            assert!(
                matches!(source, NotationError::NoSuchPiece { .. }),
                "{source:?}"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(
        err.to_string(),
        format!(
            "game 2, line 6, column 9: move 2...: {}",
            match &err.kind {
                PgnErrorKind::Move { source, .. } => source.to_string(),
                _ => unreachable!(),
            }
        )
    );
    // The part before the defect is kept.
    let partial = err.partial.as_ref().unwrap();
    assert_eq!(line(partial), "h2e2 h9g7 h0g2");
}

#[test]
fn ambiguous_moves_report_the_candidates() {
    // Two chariots on one file: 车五平四 without 前/后 fits both.
    let text = "[FEN \"3k5/9/9/4R4/9/9/4R4/9/9/5K3 w - - 0 1\"]\n1. 车五平四 *";
    let err = read_pgn_text(text).next().unwrap().unwrap_err();
    match err.kind {
        PgnErrorKind::Move {
            source: NotationError::Ambiguous { candidates, .. },
            ..
        } => {
            assert_eq!(candidates.len(), 2)
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn structural_errors() {
    let cases: [(&str, PgnErrorKind, (usize, usize)); 5] = [
        ("1. h2e2 {open", PgnErrorKind::UnclosedComment, (1, 9)),
        ("[Event \"x\n1. h2e2 *", PgnErrorKind::UnclosedTag, (1, 1)),
        ("1. h2e2 ) *", PgnErrorKind::UnopenedVariation, (1, 9)),
        ("( 1. h2e2 ) *", PgnErrorKind::VariationWithoutMove, (1, 1)),
        ("1. h2e2 $999 *", PgnErrorKind::BadNag("999".into()), (1, 9)),
    ];
    for (text, kind, (line, column)) in cases {
        let err = read_pgn_text(text).next().unwrap().unwrap_err();
        assert_eq!(err.kind, kind, "{text}");
        assert_eq!((err.line, err.column), (line, column), "{text}");
    }
    let err = read_pgn_text("1. h2e2 (1. b2e2 *")
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.kind, PgnErrorKind::UnclosedVariation);
    let err = read_pgn_text("[FEN \"9/9/9 w\"]\n*")
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::Fen(_)));
}

#[test]
fn tags_without_game_or_result_and_crlf() {
    let g = one("[Red \"甲\"]\r\n[Black \"乙\"]\r\n\r\n1. h2e2 h9g7\r\n");
    assert_eq!(line(&g), "h2e2 h9g7");
    assert_eq!(g.tags().get(&TagKey::Game), None);
    assert_eq!(g.result(), None);
}

#[test]
fn the_same_book_in_gbk_and_big5_reads_the_same() {
    let gbk_dir = shared_path("corpus/xqwizard_liangqi/XQWIZARD/橘中秘");
    let big5_dir = shared_path("corpus/xqwizard_liangqi/XQWIZARD/橘中秘(繁体)");
    let big5 = files_below(&big5_dir, &["pgn"]);
    assert!(big5.len() > 20, "only {} BIG5 files", big5.len());
    let mut compared = 0;
    for b in &big5 {
        let a = gbk_dir.join(b.strip_prefix(&big5_dir).unwrap());
        let fb = read_pgn(&std::fs::read(b).unwrap());
        assert_eq!(fb.encoding, TextEncoding::Big5, "{}", b.display());
        let gb = fb.games[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("{}: {e}", b.display()));
        assert!(gb.move_count() > 0, "{}", b.display());
        let Ok(bytes) = std::fs::read(&a) else {
            continue;
        };
        let fa = read_pgn(&bytes);
        assert_eq!(fa.encoding, TextEncoding::Gbk, "{}", a.display());
        let ga = fa.games[0].as_ref().unwrap();
        assert_eq!(line(ga), line(gb), "{}", a.display());
        assert_eq!(ga.move_count(), gb.move_count(), "{}", a.display());
        compared += 1;
    }
    assert!(compared >= 14, "only {compared} pairs compared");
}

/// A comment holding `}` (possible in a `;` comment, an XQF file or typed by the user) survives
/// writing when it is one line: it is written as a `;` comment.
#[test]
fn a_closing_brace_in_a_comment_survives_writing() {
    use qipu::formats::{write_pgn, PgnWriteOptions};
    use qipu::notation::Script;
    let g = one("1. h2e2 ; see {this} and }that\n1... h9g7 (1... b9c7 ; a } here\n) *");
    assert_eq!(g.comment(g.main_line()[0]), "see {this} and }that");
    let text = write_pgn(&g, &PgnWriteOptions::qipu(Script::Simplified));
    let back = one(&text);
    assert!(g.same_record(&back), "{text}");
}
