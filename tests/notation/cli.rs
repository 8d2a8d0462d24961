//! `qipu notate` and `qipu parse` as scripts use them.

use crate::common::qipu;

#[test]
fn notate_prints_one_move_per_line() {
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
    let cases: [(&str, &str); 5] = [
        ("zh", "炮二平五\n马８进７\n马二进三\n车９平８\n"),
        ("zh-hant", "炮二平五\n馬８進７\n馬二進三\n車９平８\n"),
        ("wxf", "C2.5\nH8+7\nH2+3\nR9.8\n"),
        ("iccs", "h2e2\nh9g7\nh0g2\ni9h9\n"),
        ("abbrev", "炮25\n馬87\u{332}\n馬23\u{332}\n車98\n"),
    ];
    for (notation, expected) in cases {
        let mut args = vec!["notate", "--as", notation];
        args.extend(moves);
        assert_eq!(
            qipu(&args),
            (0, expected.to_owned(), String::new()),
            "{notation}"
        );
    }
    let fen = "4k4/9/9/9/9/6p2/6p2/6p2/6p2/3K5 b - - 0 1";
    assert_eq!(
        qipu(&["notate", "--fen", fen, "--as", "zh", "g1g0"]),
        (0, "一卒进１\n".to_owned(), String::new())
    );
    assert_eq!(
        qipu(&[
            "notate",
            "--fen",
            fen,
            "--as",
            "zh",
            "--textbook",
            "--half-width",
            "g1g0"
        ]),
        (0, "前卒进1\n".to_owned(), String::new())
    );
    assert_eq!(
        qipu(&[
            "notate",
            "--as",
            "abbrev",
            "--over-advances",
            "h2e2",
            "h9g7"
        ]),
        (0, "炮25\n馬87\u{305}\n".to_owned(), String::new())
    );
}

#[test]
fn parse_prints_iccs_and_names_the_failing_move() {
    let (code, out, _) = qipu(&[
        "parse",
        "--from",
        "auto",
        "炮二平五",
        "H8+7",
        "h0g2",
        "車98",
    ]);
    assert_eq!((code, out.as_str()), (0, "h2e2\nh9g7\nh0g2\ni9h9\n"));
    let (code, out, err) = qipu(&["parse", "--from", "zh-hant", "炮二平五", "馬8退7"]);
    assert_eq!((code, out.as_str()), (1, "h2e2\n"));
    assert!(
        err.contains("move 2") && err.contains("leave the board"),
        "{err}"
    );
    let (code, _, err) = qipu(&["parse", "--from", "abbrev", "炮84"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 1") && err.contains("b2f2, b2b6"),
        "{err}"
    );
    let (code, _, err) = qipu(&["parse", "--from", "chess", "e4"]);
    assert_eq!(code, 2, "{err}");
}

/// What `qipu notate` writes, `qipu parse` reads back move for move, in every notation and with
/// either tandem convention: a real master game (the first of the wukong collection).
#[test]
fn parse_reads_back_what_notate_writes() {
    let path =
        crate::common::shared_path("corpus/wukong_xqdb/xqdb/xqdb/Hu_Ronghua_1391_UCI_games.pgn");
    let text = std::fs::read_to_string(path).expect("UTF-8 PGN");
    let games = crate::records::split_games(&text);
    let moves: Vec<&str> = games[0].moves.iter().map(String::as_str).collect();
    assert!(moves.len() > 40);
    let expected = moves.iter().map(|m| format!("{m}\n")).collect::<String>();
    for notation in ["iccs", "wxf", "zh", "zh-hant", "abbrev"] {
        for tandem in ["front-back", "file"] {
            let mut args = vec!["notate", "--as", notation, "--tandem", tandem];
            args.extend(&moves);
            let (code, written, err) = qipu(&args);
            assert_eq!((code, err.as_str()), (0, ""), "{notation}");
            let mut args = vec!["parse", "--from", notation];
            args.extend(written.lines());
            assert_eq!(
                qipu(&args),
                (0, expected.clone(), String::new()),
                "{notation} {tandem}"
            );
        }
    }
    // With no stroke in the whole text, 炮85 fits 進 and 平 and is reported with both.
    let (code, _, err) = qipu(&["parse", "--from", "abbrev", "炮25", "炮85"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 2") && err.contains("h7e7") && err.contains("h7h2"),
        "{err}"
    );
    // One stroke in the text: the unmarked 炮85 is the 平 move.
    let (code, out, _) = qipu(&["parse", "--from", "abbrev", "炮25", "炮85", "馬23\u{332}"]);
    assert_eq!((code, out.as_str()), (0, "h2e2\nh7e7\nh0g2\n"));
}
