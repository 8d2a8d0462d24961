//! Print as PDF: scoresheets written as vector PDF in A4 and Letter, rendered back with
//! `pdftoppm` (the page is drawn where the table is) and read back with `pdftotext` (every move
//! of the main line is text, with the fonts embedded as subsets with their Unicode map).

use crate::common::{self, TempFolder};

use std::path::{Path, PathBuf};

use qipu::export::pdf::Paper;
use qipu::export::scoresheet::{rounds, scoresheet_pdf, ScoresheetOptions};
use qipu::formats::read_record_file;
use qipu::lang::Language;
use qipu::record::{Game, TagKey};

fn game() -> Game {
    let path = common::shared_path("data/samples/XQFEXAMA.XQF");
    read_record_file(&path)
        .expect("readable")
        .games
        .remove(0)
        .game
        .expect("a game")
}

fn text_of(pdf: &Path) -> String {
    common::run_tool(
        "pdftotext",
        &["-enc", "UTF-8", pdf.to_str().expect("path"), "-"],
    )
}

/// Pages of the PDF rendered at 40 dpi: the share of dark pixels in each.
fn ink(pdf: &Path) -> Vec<f64> {
    let prefix = pdf.with_extension("");
    let prefix = prefix.to_str().expect("path");
    common::run_tool(
        "pdftoppm",
        &[
            "-r",
            "40",
            "-gray",
            "-png",
            pdf.to_str().expect("path"),
            prefix,
        ],
    );
    let mut pages: Vec<PathBuf> = std::fs::read_dir(pdf.parent().expect("folder"))
        .expect("folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.to_str()
                .is_some_and(|s| s.starts_with(prefix) && s.ends_with(".png"))
        })
        .collect();
    pages.sort();
    pages
        .iter()
        .map(|p| {
            let image = image::open(p).expect("a rendered page").to_luma8();
            let dark = image.pixels().filter(|px| px.0[0] < 128).count();
            std::fs::remove_file(p).expect("removed");
            dark as f64 / f64::from(image.width() * image.height())
        })
        .collect()
}

#[test]
fn a_scoresheet_pdf_holds_every_move_as_text() {
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    let game = game();
    for (lang, abbreviated) in [
        (Language::TraditionalChinese, false),
        (Language::SimplifiedChinese, false),
        (Language::English, true),
    ] {
        let options = ScoresheetOptions {
            language: lang,
            abbreviated,
            ..ScoresheetOptions::default()
        };
        let dir = TempFolder::new("pdf");
        let pdf = dir.join(format!("sheet-{lang:?}-{abbreviated}.pdf"));
        std::fs::write(
            &pdf,
            scoresheet_pdf(&game, &options, Paper::A4).expect("a PDF"),
        )
        .expect("written");
        let text = text_of(&pdf);
        let all = rounds(&game, &options);
        assert_eq!(all.len(), 55);
        for round in &all {
            for mv in [&round.red, &round.black] {
                // The strokes of abbreviated notation are lines, not text.
                let plain = qipu::notation::strip_strokes(mv);
                assert!(text.contains(&plain), "{lang:?}: '{plain}' not in the text");
            }
        }
        assert!(text.contains("柳大华") || text.contains("柳大華"), "{text}");
        let info = common::run_tool("pdfinfo", &[pdf.to_str().expect("path")]);
        assert!(info.contains("Pages:           1"), "{info}");
        assert!(info.contains("595.276 x 841.89 pts (A4)"), "{info}");
        let fonts = common::run_tool("pdffonts", &[pdf.to_str().expect("path")]);
        let font = fonts
            .lines()
            .find(|l| l.contains("NotoSansCJK"))
            .expect("the CJK font");
        // Embedded, subset, with a Unicode map.
        assert!(
            font.ends_with("yes yes yes      3  0") || font.contains(" yes yes yes "),
            "{fonts}"
        );
        let pages = ink(&pdf);
        assert_eq!(pages.len(), 1);
        assert!(pages[0] > 0.02 && pages[0] < 0.5, "{pages:?}");
    }
}

#[test]
fn long_games_take_pages_and_letter_paper_is_offered() {
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    // 130 plies: the horses out and back, 65 rounds, more than the 60 of a page.
    let mut game = Game::new(qipu::rules::Position::startpos());
    let mut at = game.root();
    for i in 0..130 {
        let mv = ["h0g2", "h9g7", "g2h0", "g7h9"][i % 4];
        at = game
            .play(at, qipu::rules::Move::parse_iccs(mv).expect("ICCS"))
            .expect("legal");
    }
    let dir = TempFolder::new("pdf");
    let pdf = dir.join("long.pdf");
    let options = ScoresheetOptions::default();
    std::fs::write(
        &pdf,
        scoresheet_pdf(&game, &options, Paper::Letter).expect("a PDF"),
    )
    .expect("written");
    let info = common::run_tool("pdfinfo", &[pdf.to_str().expect("path")]);
    assert!(info.contains("Pages:           2"), "{info}");
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    let pages = ink(&pdf);
    assert_eq!(pages.len(), 2);
    assert!(pages.iter().all(|&p| p > 0.01), "{pages:?}");
    let text = text_of(&pdf);
    assert!(text.contains("65") && text.contains("2/2"), "{text}");
}

#[test]
fn the_subcommand_follows_the_name_and_refuses_other_names() {
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    let input = common::shared_path("data/samples/XQFEXAMA.XQF");
    let input = input.to_str().expect("path");
    let dir = TempFolder::new("pdf");
    let pdf = dir.join("cli.pdf");
    let pdf = pdf.to_str().expect("path");
    let (code, out, err) = common::qipu(&["scoresheet", input, "-o", pdf, "--paper", "letter"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.trim(), pdf);
    assert!(std::fs::read(pdf).expect("written").starts_with(b"%PDF-"));
    assert!(
        text_of(Path::new(pdf)).contains("炮二平五")
            || text_of(Path::new(pdf)).contains("兵七進一")
    );
    let txt = dir.join("cli.txt");
    let (code, _, err) = common::qipu(&["scoresheet", input, "-o", txt.to_str().expect("path")]);
    assert_eq!(code, 2);
    assert!(err.contains(".pdf, .png"), "{err}");
    assert!(
        !txt.exists(),
        "nothing is written under a name of another format"
    );
}

#[test]
fn diagrams_as_pdf_pages_grids_and_svg() {
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    let input = common::shared_path("data/samples/XQFEXAMA.XQF");
    let input = input.to_str().expect("path");
    // One position: one page, the pieces and the river as text.
    let dir = TempFolder::new("pdf");
    let one = dir.join("one.pdf");
    let one_path = one.to_str().expect("path");
    let (code, _, err) =
        common::qipu(&["diagram", "--fen", qipu::rules::START_FEN, "-o", one_path]);
    assert_eq!((code, err.as_str()), (0, ""));
    let info = common::run_tool("pdfinfo", &[one_path]);
    assert!(info.contains("Pages:           1"), "{info}");
    let text = text_of(&one);
    for glyph in ["帥", "將", "俥", "砲", "卒", "楚", "漢"] {
        assert!(text.contains(glyph), "'{glyph}' not in {text}");
    }
    let pages = ink(&one);
    assert!(pages[0] > 0.05, "{pages:?}");
    // The 110 plies of the game and its start, six a page, each with its move under it.
    let grid = dir.join("grid.pdf");
    let grid_path = grid.to_str().expect("path");
    let (code, _, err) = common::qipu(&[
        "diagram", input, "--all", "--grid", "2x3", "--paper", "letter", "-o", grid_path,
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let info = common::run_tool("pdfinfo", &[grid_path]);
    assert!(info.contains("Pages:           19"), "{info}");
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    let text = text_of(&grid);
    assert!(
        text.contains("1. 兵七進一") && text.contains("1… 馬８進７"),
        "{text}"
    );
    // SVG: the same painter's shapes, the pieces as the outlines of the board face (a viewer
    // that loads no embedded font draws them as Qipu does), each labelled with its character.
    let svg = dir.join("start.svg");
    let (code, _, _) = common::qipu(&[
        "diagram",
        "--fen",
        qipu::rules::START_FEN,
        "-o",
        svg.to_str().expect("path"),
    ]);
    assert_eq!(code, 0);
    let source = std::fs::read_to_string(&svg).expect("UTF-8");
    let doc = roxmltree::Document::parse(&source).expect("well-formed SVG");
    let is_piece = |t: &str| t.chars().count() == 1 && "帥仕相傌俥炮兵將士象馬車砲卒".contains(t);
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter(|n| {
            n.attribute("d")
                .is_some_and(|d| d.starts_with('M') && d.len() > 100)
        })
        .filter_map(|n| n.attribute("aria-label"))
        .collect();
    let pieces = labels.iter().filter(|t| is_piece(t)).count();
    assert_eq!(pieces, 32, "{labels:?}");
    assert!(
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .all(|n| !n.text().is_some_and(is_piece)),
        "no piece is left to a font of the viewer's"
    );
    assert!(
        doc.descendants()
            .filter(|n| n.has_tag_name("circle"))
            .count()
            >= 64
    );
    // Another name: refused with the formats offered, nothing written.
    let gif = dir.join("board.gif");
    let (code, _, err) = common::qipu(&[
        "diagram",
        "--fen",
        qipu::rules::START_FEN,
        "-o",
        gif.to_str().expect("path"),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains(".png, .svg, .pdf"), "{err}");
    assert!(!gif.exists());
}

#[test]
fn names_beyond_the_cjk_subset_are_drawn_and_come_back_as_text() {
    if !common::borrowed_tool("pdftotext", "poppler-utils") {
        return;
    }
    let mut game = game();
    game.tags_mut().set(TagKey::Red, "Bräuer");
    game.tags_mut().set(TagKey::Black, "Nguyễn Thành Bảo");
    // Cyrillic from the Latin fallback; 한 (Hangul) from no embedded face: drawn as a box, kept
    // as itself in the text.
    game.tags_mut().set(TagKey::Event, "Кубок Европы 한");
    let options = ScoresheetOptions {
        language: Language::English,
        ..ScoresheetOptions::default()
    };
    let dir = TempFolder::new("pdf");
    let pdf = dir.join("names.pdf");
    std::fs::write(
        &pdf,
        scoresheet_pdf(&game, &options, Paper::A4).expect("a PDF"),
    )
    .expect("written");
    let text = text_of(&pdf);
    for name in ["Bräuer", "Nguyễn Thành Bảo", "Кубок Европы", "한"] {
        assert!(text.contains(name), "'{name}' not in the text:\n{text}");
    }
    assert!(!text.contains("Br?uer"), "{text}");
    let fonts = common::run_tool("pdffonts", &[pdf.to_str().expect("path")]);
    assert!(
        fonts.lines().any(|l| l.contains("NotoSans-Regular")),
        "the Latin fallback is embedded: {fonts}"
    );
}
