//! The app as a user meets it: points clicked by their accessible names (ICCS squares), the
//! record and status line read back from the accessibility tree.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::rules::{Move, Position};
use qipu::ui::QipuApp;

use crate::common::TempFolder;
use crate::support::{self, click, Scripted};

fn app_with(dialogs: Scripted) -> Harness<'static, QipuApp> {
    support::app([1100.0, 800.0], dialogs, None)
}

fn app() -> Harness<'static, QipuApp> {
    app_with(Scripted::default())
}

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

fn fen(harness: &Harness<'_, QipuApp>) -> String {
    harness.state().session().position().to_fen()
}

fn position_after(moves: &[&str]) -> String {
    moves
        .iter()
        .fold(Position::startpos(), |pos, mv| {
            pos.play(Move::parse_iccs(mv).expect("test move is ICCS"))
                .expect("test move is legal")
        })
        .to_fen()
}

fn pick_notation(harness: &mut Harness<'_, QipuApp>, label: &str) {
    click(harness, "Notation");
    click(harness, label);
}

/// The sample files shipped with the project's shared data (walk up to find `shared/`).
fn sample(name: &str) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    loop {
        let candidate = dir.join("shared/data/samples").join(name);
        if candidate.exists() {
            return candidate;
        }
        assert!(
            dir.pop(),
            "shared/data/samples/{name} not found above the crate"
        );
    }
}

#[test]
fn clicking_points_plays_moves_shown_in_every_notation() {
    let mut harness = app();
    play(&mut harness, "h2e2");
    play(&mut harness, "h9g7");
    assert_eq!(fen(&harness), position_after(&["h2e2", "h9g7"]));
    harness.get_by_label("Red to move");
    // Full Chinese (simplified) is the default; then each other notation.
    harness.get_by_label("炮二平五");
    harness.get_by_label("马８进７");
    for (notation, red, black) in [
        ("Chinese (traditional)", "炮二平五", "馬８進７"),
        ("WXF notation", "C2.5", "H8+7"),
        ("ICCS coordinates", "h2e2", "h9g7"),
    ] {
        pick_notation(&mut harness, notation);
        harness.get_by_label(red);
        harness.get_by_label(black);
    }
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut harness = app();
    // The horse b0 to d1 steps over c0, where Red's elephant stands: its leg is blocked (蹩馬腿).
    play(&mut harness, "b0d1");
    assert_eq!(fen(&harness), Position::startpos().to_fen());
    // The refused move is written as the record writes moves, ICCS beside it.
    harness.get_by_label_contains("Illegal move 马八进六 (b0d1)");
    harness.get_by_label_contains("leg");
    assert!(harness.state().session().game().main_line().is_empty());
}

/// A click on a piece of the side not to move says whose move it is (nothing is picked up).
#[test]
fn a_piece_of_the_side_not_to_move_says_whose_move_it_is() {
    let mut harness = app();
    click(&mut harness, "h7");
    harness.get_by_label("It is Red's move");
    assert_eq!(harness.state().session().selected(), None);
    play(&mut harness, "h2e2");
    click(&mut harness, "e3");
    harness.get_by_label("It is Black's move");
}

#[test]
fn take_back_and_navigation_by_keys_and_record() {
    let mut harness = app();
    pick_notation(&mut harness, "ICCS coordinates");
    for mv in ["h2e2", "h9g7", "h0g2"] {
        play(&mut harness, mv);
    }
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(fen(&harness), position_after(&["h2e2", "h9g7"]));
    assert!(
        harness.query_by_label("h0g2").is_none(),
        "the move taken back is gone"
    );

    harness.key_press(Key::ArrowLeft);
    harness.run();
    assert_eq!(fen(&harness), position_after(&["h2e2"]));
    harness.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(fen(&harness), position_after(&["h2e2", "h9g7"]));
    click(&mut harness, "h2e2");
    assert_eq!(fen(&harness), position_after(&["h2e2"]));
    click(&mut harness, "First");
    assert_eq!(fen(&harness), Position::startpos().to_fen());
    // A different move here is a variation: the main line keeps its moves, both are reachable.
    play(&mut harness, "b2e2");
    assert_eq!(harness.state().session().game().main_line().len(), 2);
    click(&mut harness, "h9g7");
    assert_eq!(fen(&harness), position_after(&["h2e2", "h9g7"]));
    click(&mut harness, "b2e2");
    assert_eq!(fen(&harness), position_after(&["b2e2"]));
}

#[test]
fn open_a_sample_through_the_dialog_and_save_it() {
    let dir = TempFolder::new("ui-test");
    let saved = dir.join("saved.pgn");
    let mut harness = app_with(Scripted {
        opens: VecDeque::from([sample("sample_xqbase_ccgc2006_r22_utf8.pgn")]),
        saves: VecDeque::from([saved.clone()]),
    });
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    let session = harness.state().session();
    assert_eq!(
        session.game().tags().get(&qipu::record::TagKey::Red),
        Some("象棋奇兵")
    );
    assert!(session.game().main_line().len() > 40);
    // The record shows the file's moves; the end of the game is one key away.
    harness.get_by_label("马８进７");
    harness.key_press(Key::ArrowDown);
    harness.run();
    let end = harness.state().session().game().main_line().last().copied();
    assert_eq!(Some(harness.state().session().cursor()), end);

    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&saved).expect("saved file");
    assert!(
        text.contains("[Red \"象棋奇兵\"]") && text.contains("炮二平五"),
        "{text}"
    );
    assert_eq!(harness.state().path(), Some(saved.as_path()));
    assert_eq!(harness.state().recent_files().first(), Some(&saved));
}

#[test]
fn the_referee_warns_on_a_repetition_then_rules() {
    let mut harness = app();
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for mv in cycle {
        play(&mut harness, mv);
    }
    // The start position stands a second time: a warning, and play goes on.
    harness.get_by_label_contains("second time");
    for mv in cycle {
        play(&mut harness, mv);
    }
    // The third time: a ruling, with its article, and the result goes into the record.
    let session = harness.state().session();
    let ruling = session
        .judgement()
        .ruling
        .as_ref()
        .expect("a ruling on the third repetition");
    harness.get_by_label_contains(ruling.explanation.get(Language::English));
    assert!(!ruling.articles.is_empty());
    assert!(
        ruling
            .articles
            .iter()
            .all(|a| ruling.explanation.en.contains(a)),
        "{}",
        ruling.explanation.en
    );
    assert_eq!(session.game().result(), Some(qipu::ending::Outcome::Draw));
    // The evidence writes the cycle's moves as the record does, in the notation picked.
    let lines = |harness: &Harness<'_, QipuApp>, text: &str| {
        harness.query_all_by_label_contains(text).count()
    };
    // The evidence is in the referee's detail, closed until asked for.
    assert_eq!(lines(&harness, "Red 马二进三 is idle"), 0);
    harness.get_by_label_contains("Referee's detail (").click();
    harness.run();
    assert!(lines(&harness, "Red 马二进三 is idle") >= 1);
    pick_notation(&mut harness, "WXF notation");
    assert!(lines(&harness, "Red H2+3 is idle") >= 1);
    assert_eq!(lines(&harness, "Red h0g2"), 0);
    // No more moves once the game is over: a short notice says so beside the ruling, which
    // stays shown with its evidence (it was replaced, and the detail dropped to (0)).
    let said = harness
        .state()
        .session()
        .judgement()
        .ruling
        .as_ref()
        .map(|r| r.explanation.get(Language::English).to_owned())
        .expect("the ruling");
    play(&mut harness, "h0g2");
    harness.get_by_label_contains("No more moves: the game is over");
    harness.get_by_label_contains(&said);
    assert!(lines(&harness, "Red H2+3 is idle") >= 1);
    assert_eq!(
        harness.query_all_by_label("Referee's detail (0)").count(),
        0
    );
}

#[test]
fn a_comment_typed_for_a_move_is_kept_and_shown_under_it() {
    let mut harness = app();
    play(&mut harness, "h2e2");
    harness.get_by_label("Comment on this move").focus();
    harness.run();
    harness
        .get_by_label("Comment on this move")
        .type_text("central cannon");
    harness.run();
    let session = harness.state().session();
    assert_eq!(session.game().comment(session.cursor()), "central cannon");
    assert!(session.dirty());
    harness.get_by_label("central cannon");
    // Typing in the comment does not move pieces: the arrow keys belong to the text field.
    harness.key_press(Key::ArrowLeft);
    harness.run();
    assert_eq!(fen(&harness), position_after(&["h2e2"]));
}

#[test]
fn save_never_writes_pgn_over_an_xqf_file() {
    let dir = TempFolder::new("ui-xqf");
    let xqf = dir.join("game.xqf");
    let original = std::fs::read(sample("SAMPLE.XQF")).expect("sample XQF");
    std::fs::write(&xqf, &original).expect("copy of the sample");
    let saved = dir.join("game.pgn");
    let dialogs = Scripted {
        opens: VecDeque::from([xqf.clone()]),
        saves: VecDeque::from([saved.clone()]),
    };
    // The sample's comments hold characters beyond GB2312 level 1 (叱): the embedded font has
    // them, so the harness (which fails on a glyph it cannot draw) shows the whole record.
    let mut harness = app_with(dialogs);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    assert!(!harness.state().session().game().main_line().is_empty());
    // Save on a game read from XQF asks where to put the PGN instead of writing over the XQF.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(std::fs::read(&xqf).expect("xqf still there"), original);
    let text = std::fs::read_to_string(&saved).expect("saved PGN");
    assert!(
        text.starts_with('[') || text.starts_with('\u{feff}'),
        "{text}"
    );
    assert_eq!(harness.state().path(), Some(saved.as_path()));
}

#[test]
fn a_truncated_xqf_opens_as_far_as_it_reads_and_save_asks_for_a_name() {
    let dir = TempFolder::new("ui-cut");
    let whole = std::fs::read(sample("XQFEXAMA.XQF")).expect("sample XQF");
    let cut = dir.join("cut.xqf");
    std::fs::write(&cut, &whole[..whole.len() / 2]).expect("a truncated copy");
    let saved = dir.join("cut.pgn");
    let dialogs = Scripted {
        opens: VecDeque::from([cut.clone()]),
        saves: VecDeque::from([saved.clone()]),
    };
    let mut harness = app_with(dialogs);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    assert!(!harness.state().session().game().main_line().is_empty());
    harness.get_by_label_contains("the moves before it are shown");
    harness.get_by_label("cut.xqf");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert!(std::fs::read_to_string(&saved)
        .expect("saved PGN")
        .contains("1. "));
    assert_eq!(
        std::fs::read(&cut).expect("the XQF is kept").len(),
        whole.len() / 2
    );
}

#[test]
fn a_file_that_is_not_a_record_is_named_as_such() {
    let dir = TempFolder::new("ui-passwd");
    let path = dir.join("x.pgn");
    std::fs::write(
        &path,
        "root:x:0:0:root:/root:/bin/bash\nbin:x:2:2::/bin:/bin/sh\n",
    )
    .expect("a text file");
    let dialogs = Scripted {
        opens: VecDeque::from([path.clone()]),
        ..Scripted::default()
    };
    let mut harness = app_with(dialogs);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    harness.get_by_label("x.pgn is not a game record");
    assert_eq!(harness.state().path(), None);
}

/// A file read with defects says so once, at once, in words under the file's name: the move
/// left out with its round and side and the moves that went with it; the byte only as a
/// detail; one Escape closes it.
#[test]
fn a_file_read_with_defects_says_in_words_what_was_left_out() {
    use egui_kittest::kittest::NodeT;
    let file = support::corpus(
        "cchess_qt_hbsxcjp/chessManual/中国象棋棋谱大全.xqf/布局/中炮/中炮进七兵对左炮封车进７卒补象/中炮进七兵对左炮封车进7卒补象(1)红盘河马.XQF",
    );
    let dialogs = Scripted {
        opens: VecDeque::from([file.clone()]),
        ..Scripted::default()
    };
    let mut harness = app_with(dialogs);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    harness.get_by_label(&name);
    let node = harness.get_by_label_contains("could not be played");
    let text = node
        .value()
        .or_else(|| node.accesskit_node().label())
        .unwrap_or_default();
    // No piece stands there, so the move can only be written by its points.
    assert!(text.contains("c1c4"), "the move as written: {text}");
    assert!(text.contains("(no piece on that point)"), "{text}");
    assert!(text.contains("with the 4 moves after it"), "{text}");
    assert!(!text.contains("byte"), "{text}");
    harness.get_by_label_contains("byte 5993");
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness
        .query_by_label_contains("could not be played")
        .is_none());
    assert!(!harness.state().session().game().main_line().is_empty());
}
