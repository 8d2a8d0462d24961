//! Exports: the board diagram (pixels at known points), the scoresheet (rounds, result, pages),
//! the fonts hold every character drawn, and the `diagram` / `scoresheet` subcommands.

use crate::common::{self, TempFolder};

use common::qipu_output as qipu;

use image::{Rgba, RgbaImage};
use qipu::export::board_painter::{palette, piece_char, BOARD_TEXT};
use qipu::export::canvas::{FontChain, Rgb};
use qipu::export::fonts::{BOARD_FONT, LATIN_FONT, UI_FONT};
use qipu::export::scoresheet::{
    fixed_text, render_scoresheet, result_sentence, rounds, ScoresheetOptions, PAGE_HEIGHT,
    PAGE_WIDTH,
};
use qipu::export::surface::Rgba as Colour;
use qipu::export::{render_diagram, DiagramOptions};
use qipu::formats::read_record_file;
use qipu::lang::Language;
use qipu::notation::Script;
use qipu::record::{Arrow, DrawColor, Drawing, Game, Highlight};
use qipu::rules::{Color, Move, Piece, PieceKind, Position, Square};

const SIZE: u32 = 808;

/// Pixel centre of a point (file, rank) in a diagram of width `SIZE`, Red at the bottom.
fn at(file: f32, rank: f32, dx: f32, dy: f32) -> (u32, u32) {
    let step = SIZE as f32 / 10.1;
    let x = 1.05 * step + file * step + dx * step;
    let y = 1.05 * step + (9.0 - rank) * step + dy * step;
    (x as u32, y as u32)
}

fn near(image: &RgbaImage, p: (u32, u32), want: Colour, tolerance: i32) {
    let Rgba([r, g, b, _]) = *image.get_pixel(p.0, p.1);
    let d = (i32::from(r) - i32::from(want.r)).abs()
        + (i32::from(g) - i32::from(want.g)).abs()
        + (i32::from(b) - i32::from(want.b)).abs();
    assert!(
        d <= tolerance,
        "pixel {p:?} is ({r},{g},{b}), expected about {want:?}"
    );
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

#[test]
fn diagram_pixels_at_known_points() {
    let pos = Position::startpos()
        .play(Move::parse_iccs("h2e2").unwrap())
        .unwrap();
    let mut drawing = Drawing::default();
    drawing.toggle_arrow(Arrow {
        from: sq("b0"),
        to: sq("c2"),
        color: DrawColor::Green,
    });
    drawing.toggle_highlight(Highlight {
        square: sq("d4"),
        color: DrawColor::Blue,
    });
    let options = DiagramOptions {
        size: SIZE,
        last_move: Some(Move::parse_iccs("h2e2").unwrap()),
        drawing,
        ..DiagramOptions::default()
    };
    let image = render_diagram(&pos, &options);
    assert_eq!(image.width(), SIZE);
    assert_eq!(image.height(), (SIZE as f32 / 10.1 * 11.1).round() as u32);
    // The ground in the river between the words, and a grid line between a0 and a1.
    near(&image, at(4.0, 4.5, 0.0, 0.0), palette::GROUND, 6);
    near(&image, at(0.0, 0.5, 0.0, 0.0), palette::LINE, 80);
    // A red piece: its face between the rim and the inner ring, its red inner ring.
    near(&image, at(4.0, 0.0, 0.40, 0.0), palette::PIECE_FACE, 12);
    near(&image, at(4.0, 0.0, 0.44 * 0.82, 0.0), palette::RED, 60);
    // A black piece's inner ring.
    near(&image, at(4.0, 9.0, 0.44 * 0.82, 0.0), palette::BLACK, 60);
    // The cannon moved to e2; h2 is empty (ground beside the soldier-point marks).
    near(&image, at(4.0, 2.0, 0.40, 0.0), palette::PIECE_FACE, 12);
    near(&image, at(7.0, 2.0, 0.3, 0.3), palette::GROUND, 6);
    // The last-move brackets at the corner of h2.
    near(&image, at(7.0, 2.0, -0.48, -0.48), palette::LAST_MOVE, 40);
    // The green arrow half-way from b0 to c2 (over the ground, at 80 %).
    let mid = at(1.5, 1.0, 0.0, 0.0);
    let Rgba([r, g, b, _]) = *image.get_pixel(mid.0, mid.1);
    assert!(g > r && g > b, "arrow pixel ({r},{g},{b}) is not green");
    // The blue ring around d4 (an empty point).
    let ring = at(3.0, 4.0, 0.47, 0.0);
    let Rgba([r, g, b, _]) = *image.get_pixel(ring.0, ring.1);
    assert!(b > r && b > g, "highlight pixel ({r},{g},{b}) is not blue");
}

#[test]
fn flipped_diagram_puts_black_at_the_bottom() {
    let options = DiagramOptions {
        size: SIZE,
        flipped: true,
        ..DiagramOptions::default()
    };
    let image = render_diagram(&Position::startpos(), &options);
    // Black's general is where Red's is in the normal view.
    near(&image, at(4.0, 0.0, 0.44 * 0.82, 0.0), palette::BLACK, 60);
    near(&image, at(4.0, 9.0, 0.44 * 0.82, 0.0), palette::RED, 60);
}

#[test]
fn the_fonts_hold_every_character_drawn() {
    let board = FontChain::new(&[BOARD_FONT]);
    assert_eq!(board.missing(BOARD_TEXT), None);
    for color in [Color::Red, Color::Black] {
        for kind in PieceKind::ALL {
            let c = piece_char(Piece::new(color, kind)).to_string();
            assert_eq!(board.missing(&c), None);
        }
    }
    let sheet = FontChain::new(&[UI_FONT, BOARD_FONT]);
    let game = sample();
    for lang in Language::ALL {
        assert_eq!(sheet.missing(&fixed_text(lang)), None, "{lang}");
        assert_eq!(sheet.missing(&result_sentence(&game, lang)), None, "{lang}");
        for abbreviated in [false, true] {
            for round in rounds(
                &game,
                &ScoresheetOptions {
                    language: lang,
                    abbreviated,
                    ..ScoresheetOptions::default()
                },
            ) {
                let text: String = format!("{}{}", round.red, round.black)
                    .chars()
                    .filter(|&c| c != '\u{0332}' && c != '\u{0305}')
                    .collect();
                assert_eq!(sheet.missing(&text), None, "{text}");
            }
        }
    }
}

fn sample() -> Game {
    let path = common::shared_path("data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
    let file = read_record_file(&path).unwrap();
    file.games[0].game.clone().expect("the sample reads")
}

#[test]
fn the_scoresheet_gives_the_referees_reason_for_a_repetition() {
    use qipu::rules::{Move, Position};
    // Red checks with the chariot on every move, Black's general steps aside (24.1, 26.1).
    let start = Position::from_fen("4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1").unwrap();
    let mut game = Game::new(start);
    for mv in "f4e4 e9f9 e4f4 f9e9 f4e4 e9f9 e4f4 f9e9".split(' ') {
        game.play_at_cursor(Move::parse_iccs(mv).unwrap()).unwrap();
    }
    let en = result_sentence(&game, Language::English);
    assert!(en.contains("perpetual check"), "{en}");
    let hant = result_sentence(&game, Language::TraditionalChinese);
    assert!(hant.contains("長將"), "{hant}");
}

#[test]
fn the_scoresheet_and_the_captions_write_tandem_pieces_as_chosen() {
    use qipu::export::diagram::caption;
    use qipu::notation::{TandemConvention, WriteOptions};
    // Two red chariots on file 六; only the front one reaches d9, and only it can go back.
    let start = Position::from_fen("5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").unwrap();
    let mut game = Game::new(start);
    let node = game
        .play_at_cursor(Move::parse_iccs("d3d9").unwrap())
        .unwrap();
    let by_file = WriteOptions {
        tandem: TandemConvention::File,
        ..WriteOptions::default()
    };
    for (writing, full, abbreviated, captioned) in [
        (
            WriteOptions::default(),
            "前車進六",
            "前車6\u{332}",
            "1. 前車進六",
        ),
        (by_file, "車六進六", "車66\u{332}", "1. 車六進六"),
    ] {
        for (abbrev, want) in [(false, full), (true, abbreviated)] {
            let sheet = rounds(
                &game,
                &ScoresheetOptions {
                    abbreviated: abbrev,
                    writing,
                    ..ScoresheetOptions::default()
                },
            );
            assert_eq!(sheet[0].red, want);
        }
        assert_eq!(caption(&game, node, &writing), captioned);
    }
}

#[test]
fn scoresheet_rounds_result_and_pages() {
    let game = sample();
    let full = rounds(&game, &ScoresheetOptions::default());
    assert_eq!(full.len(), 52);
    assert_eq!(
        (full[0].red.as_str(), full[0].black.as_str()),
        ("炮二平五", "馬８進７")
    );
    assert_eq!(full[51].black, "");
    let abbreviated = rounds(
        &game,
        &ScoresheetOptions {
            abbreviated: true,
            ..ScoresheetOptions::default()
        },
    );
    assert_eq!(abbreviated[0].red, "炮25");
    assert_eq!(abbreviated[0].black, "馬87\u{0332}");
    // One script on the sheet: simplified labels, simplified moves, full or abbreviated.
    for abbreviated in [false, true] {
        let simplified = rounds(
            &game,
            &ScoresheetOptions {
                language: Language::SimplifiedChinese,
                abbreviated,
                ..ScoresheetOptions::default()
            },
        );
        let black = &simplified[0].black;
        assert!(black.starts_with('马'), "{black}");
    }
    // English labels: the moves in the script asked for (the record's own).
    let english = |script| {
        rounds(
            &game,
            &ScoresheetOptions {
                language: Language::English,
                abbreviated: false,
                script,
                ..ScoresheetOptions::default()
            },
        )[0]
        .black
        .clone()
    };
    assert_eq!(english(Script::Simplified), "马８进７");
    assert_eq!(english(Script::Traditional), "馬８進７");
    assert_eq!(
        result_sentence(&game, Language::TraditionalChinese),
        "紅方勝：黑方被將死（第4.1.1條）。"
    );
    assert_eq!(
        result_sentence(&game, Language::English),
        "Red wins: Black is checkmated (art. 4.1.1)."
    );
    let pages = render_scoresheet(&game, &ScoresheetOptions::default());
    assert_eq!(pages.len(), 1);
    assert_eq!(
        (pages[0].width(), pages[0].height()),
        (PAGE_WIDTH, PAGE_HEIGHT)
    );
    // Ink in the title line, paper in the margin.
    let dark = (300..940)
        .flat_map(|x| (90..130).map(move |y| (x, y)))
        .filter(|&(x, y)| pages[0].get_pixel(x, y).0[0] < 100)
        .count();
    assert!(dark > 500, "title has {dark} dark pixels");
    assert_eq!(pages[0].get_pixel(20, 900).0, [255, 255, 255, 255]);
    // 61 rounds take two pages.
    let long = shuffled(122);
    assert_eq!(
        render_scoresheet(&long, &ScoresheetOptions::default()).len(),
        2
    );
}

#[test]
fn diagram_and_scoresheet_subcommands() {
    let dir = TempFolder::new("export");
    let png = dir.join("d.png");
    let out = qipu(&[
        "diagram",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "-o",
        png.to_str().unwrap(),
        "--size",
        "300",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let image = image::open(&png).unwrap();
    assert_eq!(image.width(), 300);

    let sample = common::shared_path("data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
    let out = qipu(&[
        "diagram",
        sample.to_str().unwrap(),
        "--ply",
        "2",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(image::open(&png).unwrap().width(), 720);

    let out = qipu(&[
        "diagram",
        sample.to_str().unwrap(),
        "--ply",
        "500",
        "-o",
        "x.png",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("beyond the main line (103 plies)"));
    let out = qipu(&["diagram", "--fen", "9/9", "-o", "x.png", "--size", "10"]);
    assert_eq!(out.status.code(), Some(2));

    let sheet = dir.join("s.png");
    let out = qipu(&[
        "scoresheet",
        sample.to_str().unwrap(),
        "-o",
        sheet.to_str().unwrap(),
        "--abbrev",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        sheet.to_str().unwrap()
    );
    assert_eq!(image::open(&sheet).unwrap().height(), PAGE_HEIGHT);
}

#[test]
fn names_in_european_scripts_are_drawn_from_the_latin_fallback() {
    use qipu::export::canvas::{Canvas, MissingGlyph};
    // The CJK subset has no ä: the fallback has it, and the other letters of European and
    // Vietnamese names.
    assert_eq!(
        FontChain::new(&[UI_FONT, BOARD_FONT]).missing("Bräuer"),
        Some(MissingGlyph('ä'))
    );
    let chain = FontChain::new(&[UI_FONT, BOARD_FONT, LATIN_FONT]);
    assert_eq!(
        chain.missing("Bräuer Łódź Nguyễn Thành Bảo Иванов Παπαδόπουλος – €"),
        None
    );
    assert_eq!(chain.face_of('B'), Some(0));
    assert_eq!(chain.face_of('ä'), Some(2));
    // Drawn as a letter, not as the box of a missing character.
    let draw = |chain: &FontChain<'_>| {
        let mut canvas = Canvas::new(100, 100, Rgb(255, 255, 255));
        chain.draw(&mut canvas, "ä", 40.0, 10.0, 60.0, Rgb(0, 0, 0));
        canvas.into_image()
    };
    let boxed = draw(&FontChain::new(&[UI_FONT, BOARD_FONT]));
    let letter = draw(&chain);
    assert!(letter.pixels().any(|p| p.0[0] < 128), "the letter is drawn");
    assert!(boxed != letter, "drawn as the letter, not as the box");
}

#[test]
fn a_character_no_font_has_is_boxed_not_dropped() {
    use qipu::export::canvas::{Canvas, MissingGlyph};
    let fonts = FontChain::new(&[UI_FONT]);
    // 㐀 (CJK extension A) is in neither GB2312 nor Big5: outside the embedded subset.
    assert_eq!(fonts.missing("測㐀"), Some(MissingGlyph('㐀')));
    let mut canvas = Canvas::new(100, 100, Rgb(255, 255, 255));
    let width = fonts.draw(&mut canvas, "㐀", 40.0, 10.0, 60.0, Rgb(0, 0, 0));
    assert_eq!(width, 40.0);
    let image = canvas.into_image();
    // The box's left edge at x ≈ 10 + 0.12·40, half-way up the em box.
    let edge = image.get_pixel(15, 45).0[0];
    assert!(edge < 128, "no box edge: {edge}");
    // Its inside stays paper.
    assert_eq!(image.get_pixel(30, 45).0[0], 255);
}

#[test]
fn pages_are_saved_beside_each_other() {
    let dir = TempFolder::new("pages");
    let long = shuffled(122);
    let pages = render_scoresheet(&long, &ScoresheetOptions::default());
    let written = qipu::export::save_pages(&dir.join("sheet.png"), &pages).unwrap();
    assert_eq!(written, [dir.join("sheet.png"), dir.join("sheet-2.png")]);
    assert_eq!(image::open(&written[1]).unwrap().width(), PAGE_WIDTH);
}

/// A game of `plies` horse moves to and fro (61 rounds for 122 plies).
fn shuffled(plies: usize) -> Game {
    let mut game = Game::new(Position::startpos());
    let shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for i in 0..plies {
        game.play_at_cursor(Move::parse_iccs(shuffle[i % 4]).unwrap())
            .unwrap();
    }
    game
}
