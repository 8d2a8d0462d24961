//! Saving and exporting in the format the file's name asks for: Save as XQF writes XQF and shows
//! what XQF could not keep; Save as `.ubb` writes DhtmlXQ, and Copy as DhtmlXQ copies it; FEN keeps a position and leaves the game unsaved; the export window
//! writes the scoresheet as PDF (A4 or Letter), diagrams as SVG and a line as PDF pages, and
//! refuses an ending it cannot write with the formats offered; the tandem setting (前車 or 車六)
//! is used in the record, the PGN, the move box's candidates, the moves waiting after a
//! correction and the exported scoresheet, and kept between runs.

use std::collections::VecDeque;
use std::path::Path;
use std::process::Command;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use qipu::formats::{read_pgn_text, read_record_file, FileKind};
use qipu::notation::TandemConvention;
use qipu::record::{Game, TagKey};
use qipu::rules::{Move, Position};

use super::support::{self, click, main_line, Scripted};
use crate::common::TempFolder;

/// A poppler tool's output (the CI installs poppler-utils).
fn poppler(program: &str, pdf: &Path) -> String {
    let out = Command::new(program)
        .args(["-enc", "UTF-8"])
        .arg(pdf)
        .args(if program == "pdftotext" {
            &["-"][..]
        } else {
            &[][..]
        })
        .output()
        .unwrap_or_else(|e| panic!("{program} runs (poppler-utils): {e}"));
    assert!(out.status.success(), "{program} reads {}", pdf.display());
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn save_as_xqf_writes_xqf_and_shows_what_it_could_not_keep() {
    let dir = TempFolder::new("ui-save-xqf");
    let xqf = dir.join("w.xqf");
    let fen = dir.join("w.fen");
    let mut harness = support::app(
        [1280.0, 900.0],
        Scripted {
            opens: VecDeque::new(),
            saves: VecDeque::from([xqf.clone(), fen.clone()]),
        },
        None,
    );
    // A Red player's name with a letter GBK has no code for, and a mark XQF has no place for.
    let game = read_pgn_text(
        "[Red \"Bräuer\"]\n[Black \"胡荣华\"]\n\n1. 炮二平五 马８进７!? 2. 马二进三 *\n",
    )
    .next()
    .expect("one game")
    .expect("it reads");
    harness.state_mut().show_game(game);
    harness.run();
    let moves = main_line(&harness);

    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let bytes = std::fs::read(&xqf).expect("w.xqf written");
    assert_eq!(&bytes[..2], b"XQ", "an XQF file, not PGN under its name");
    let file = read_record_file(&xqf).expect("reads");
    assert_eq!(file.kind, FileKind::Xqf);
    let back = file.games[0].game.as_ref().expect("the game reads back");
    assert_eq!(back.main_line().len(), moves.len());
    assert_eq!(back.tags().get(&TagKey::Black), Some("胡荣华"));
    // What could not be kept is said, in plain words, one line each.
    harness.get_by_label_contains("XQF could not keep everything of this game (2 items)");
    harness.get_by_label_contains(
        "'ä' (U+00E4) reads back as '&#228;', as GBK has no code of its own",
    );
    harness.get_by_label_contains("XQF has no place for the mark !?");
    assert_eq!(harness.state().path(), Some(xqf.as_path()));
    assert!(!harness.state().session().dirty());
    click(&mut harness, "OK");
    assert!(harness
        .query_by_label_contains("could not keep everything")
        .is_none());

    // Save (Ctrl+S) writes over the XQF file in XQF, with the new move.
    click(&mut harness, "Last");
    click(&mut harness, "b9");
    click(&mut harness, "c7");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let file = read_record_file(&xqf).expect("reads");
    assert_eq!(file.kind, FileKind::Xqf);
    let back = file.games[0].game.as_ref().expect("the game reads back");
    assert_eq!(back.main_line().len(), moves.len() + 1);
    click(&mut harness, "OK");

    // FEN keeps the position, not the game: the game stays unsaved and belongs to w.xqf.
    click(&mut harness, "i0");
    click(&mut harness, "h0");
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&fen).expect("w.fen written");
    assert_eq!(
        text.trim(),
        harness.state().session().position().to_fen(),
        "the position after the last move"
    );
    harness.get_by_label_contains("a FEN file holds one position");
    assert!(harness.state().session().dirty());
    assert_eq!(harness.state().path(), Some(xqf.as_path()));
}

#[test]
fn the_export_window_writes_pdf_and_svg_by_the_name_and_refuses_another_ending() {
    let dir = TempFolder::new("ui-save-export");
    let sheet = dir.join("sheet.pdf");
    let letter = dir.join("letter.pdf");
    let wrong = dir.join("sheet.doc");
    let svg = dir.join("board.svg");
    let line = dir.join("line.pdf");
    let mut harness = support::app(
        [1280.0, 900.0],
        Scripted {
            opens: VecDeque::new(),
            saves: VecDeque::from([
                sheet.clone(),
                letter.clone(),
                wrong.clone(),
                svg.clone(),
                line.clone(),
            ]),
        },
        None,
    );
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2"), ("i9", "h9")] {
        click(&mut harness, from);
        click(&mut harness, to);
    }
    click(&mut harness, "File");
    click(&mut harness, "Export…");

    // The scoresheet as a vector PDF, A4 by default: its moves are text.
    click(&mut harness, "Scoresheet");
    click(&mut harness, "Export…");
    assert_eq!(&std::fs::read(&sheet).expect("sheet.pdf")[..5], b"%PDF-");
    let text = poppler("pdftotext", &sheet);
    assert!(text.contains("炮二平五"), "{text}");
    assert!(poppler("pdfinfo", &sheet).contains("595.276 x 841.89 pts (A4)"));
    harness.get_by_label_contains(&format!("Saved {}", sheet.display()));

    // Letter paper.
    click(&mut harness, "Letter");
    click(&mut harness, "Export…");
    assert!(poppler("pdfinfo", &letter).contains("612 x 792 pts (letter)"));

    // An ending the scoresheet is not written as: refused with the formats offered.
    click(&mut harness, "Export…");
    assert!(!wrong.exists(), "nothing is written under a wrong name");
    harness.get_by_label_contains("this export is written as .pdf, .png. Nothing was written.");
    // Said in a box over the export window, which stays open once it is closed.
    click(&mut harness, "OK");

    // The diagram as SVG.
    click(&mut harness, "Diagram of this position");
    click(&mut harness, "SVG");
    click(&mut harness, "Export…");
    let picture = std::fs::read_to_string(&svg).expect("board.svg");
    assert!(picture.contains("<svg"), "{picture}");

    // The line as PDF pages, six diagrams a page: the start and four moves on one page.
    click(&mut harness, "Diagrams of every position of this line");
    click(&mut harness, "PDF");
    click(&mut harness, "Six diagrams a page (2 × 3)");
    click(&mut harness, "Export…");
    let info = poppler("pdfinfo", &line);
    assert!(info.contains("Pages:           1"), "{info}");
    assert!(poppler("pdftotext", &line).contains("開局"));
}

#[test]
fn the_tandem_setting_names_the_piece_by_its_file_in_the_record_and_the_pgn_and_is_kept() {
    let dir = TempFolder::new("ui-save-tandem");
    let pgn = dir.join("tandem.pgn");
    let mut harness = support::app(
        [1280.0, 900.0],
        Scripted {
            opens: VecDeque::new(),
            saves: VecDeque::from([pgn.clone()]),
        },
        None,
    );
    // Two red chariots on file 六; only the front one can reach d9.
    let start = Position::from_fen("5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").expect("a position");
    harness.state_mut().show_game(Game::new(start));
    harness.run();
    click(&mut harness, "d3");
    click(&mut harness, "d9");
    harness.get_by_label("前车进六");

    harness
        .get_by_role_and_label(Role::ComboBox, "Two pieces on a file")
        .click();
    harness.run();
    click(&mut harness, "By file where only one can move (车六进四)");
    harness.get_by_label("车六进六");
    assert!(harness.query_by_label("前车进六").is_none());
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&pgn).expect("tandem.pgn written");
    assert!(text.contains("车六进六"), "{text}");

    // The next run starts with the setting.
    let storage = support::stored(&mut harness);
    let again = support::app_on([1280.0, 900.0], Scripted::default(), storage);
    assert_eq!(again.state().session().tandem(), TandemConvention::File);
}

#[test]
fn the_tandem_setting_reaches_the_move_box_candidates_and_the_exported_scoresheet() {
    let dir = TempFolder::new("ui-save-tandem-export");
    let sheet = dir.join("sheet.pdf");
    let mut harness = support::app(
        [1280.0, 900.0],
        Scripted {
            opens: VecDeque::new(),
            saves: VecDeque::from([sheet.clone()]),
        },
        None,
    );
    // Two red chariots on file 六: 車61 without strokes fits four moves, and only the front
    // chariot can go back one.
    let start = Position::from_fen("5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").expect("a position");
    harness.state_mut().show_game(Game::new(start));
    harness.run();
    support::enter(&mut harness, "車61");
    harness.get_by_label("2. 前车退一 (d3d2)");

    harness
        .get_by_role_and_label(Role::ComboBox, "Two pieces on a file")
        .click();
    harness.run();
    click(&mut harness, "By file where only one can move (车六进四)");
    harness.get_by_label("2. 车六退一 (d3d2)");
    assert!(harness.query_by_label("2. 前车退一 (d3d2)").is_none());
    // Both can advance one: 前 stays.
    harness.get_by_label("4. 前车进一 (d3d4)");

    click(&mut harness, "2. 车六退一 (d3d2)");
    assert_eq!(main_line(&harness), ["d3d2"]);
    click(&mut harness, "File");
    click(&mut harness, "Export…");
    click(&mut harness, "Scoresheet");
    click(&mut harness, "Export…");
    let text = poppler("pdftotext", &sheet);
    assert!(text.contains("车六退一"), "{text}");
    assert!(!text.contains("前车退一"), "{text}");
}

/// A move played on the board, waiting behind a correction, is shown in the tandem
/// convention chosen (車六退一, not the textbook 前車退一).
#[test]
fn the_tandem_setting_reaches_the_moves_waiting_after_a_correction() {
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    // Two red chariots on file 六 (only the front one can go back one), the black general on
    // f9 and an advisor on e8; the moves are played on the board, not typed.
    let start = Position::from_fen("5k3/4a4/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").expect("a position");
    let mut game = Game::new(start);
    for mv in ["e0e1", "f9f8", "e1e0", "f8f9", "d3d2"] {
        game.play_at_cursor(Move::parse_iccs(mv).expect("ICCS"))
            .expect("legal");
    }
    harness.state_mut().show_game(game);
    harness.run();
    harness
        .get_by_role_and_label(Role::ComboBox, "Two pieces on a file")
        .click();
    harness.run();
    click(&mut harness, "By file where only one can move (车六进四)");

    // 士５退４ for 將６進１: 將６退１ no longer fits, and the chariot's move waits behind it.
    click(&mut harness, "将６进１");
    support::type_over(&mut harness, "Moves", "士５退４");
    click(&mut harness, "Replace");
    assert_eq!(main_line(&harness), ["e0e1", "e8d9", "e1e0"]);
    harness.get_by_label("Waiting (2): 將６退１ 車六退一");
    assert!(harness.query_by_label_contains("前車退一").is_none());
}

#[test]
fn save_as_dhtmlxq_writes_the_block_and_copy_as_dhtmlxq_puts_it_on_the_clipboard() {
    let dir = TempFolder::new("ui-save-dhtmlxq");
    let ubb = dir.join("w.ubb");
    let mut harness = support::app(
        [1280.0, 900.0],
        Scripted {
            opens: VecDeque::new(),
            saves: VecDeque::from([ubb.clone()]),
        },
        None,
    );
    let game = read_pgn_text("[Red \"胡荣华\"]\n\n1. 炮二平五 {中炮} 马８进７!? 2. 马二进三 *\n")
        .next()
        .expect("one game")
        .expect("it reads");
    harness.state_mut().show_game(game);
    harness.run();

    // A .ubb name (the forums' name for the block) writes DhtmlXQ, not PGN under that name.
    click(&mut harness, "File");
    click(&mut harness, "Save as…");
    let text = std::fs::read_to_string(&ubb).expect("w.ubb written");
    assert!(text.starts_with("[DhtmlXQ]"), "{text}");
    let file = read_record_file(&ubb).expect("reads");
    assert_eq!(file.kind, FileKind::DhtmlXq);
    let back = file.games[0].game.as_ref().expect("the game reads back");
    assert_eq!(back.main_line().len(), 3);
    assert_eq!(back.tags().get(&TagKey::Red), Some("胡荣华"));
    assert_eq!(back.comment(back.main_line()[0]), "中炮");
    // The mark DhtmlXQ has no place for is said.
    harness.get_by_label_contains("DhtmlXQ could not keep everything of this game (1 item)");
    harness.get_by_label_contains("DhtmlXQ has no place for the mark !?");
    click(&mut harness, "OK");

    // Copy as DhtmlXQ puts the same block on the clipboard, to paste on a web page.
    click(&mut harness, "File");
    harness.get_by_label("Copy as DhtmlXQ").click();
    harness.step();
    let copied = support::copied_text(&harness).expect("the block is copied");
    assert_eq!(copied, text);
    harness.run();
    harness.get_by_label_contains(
        "Copied the game as DhtmlXQ (3 moves); DhtmlXQ has no place for 1 mark, NAG or comment",
    );
}
