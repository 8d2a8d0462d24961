//! The scoresheet (記錄表) of a game as pages ready to print: A4 portrait at 150 dpi, or a
//! vector PDF in A4 or Letter with the text as text.
//!
//! Each page has the header (event, round, date, site, players and teams) and the moves in the
//! table of art. 7.5 — 回合 · 紅方 · 黑方 — in two blocks of 30 rounds, in full Chinese or the
//! abbreviated notation (strokes drawn under or over the last digit). The last page ends with
//! the result and its reason and room for the signatures of both players and the arbiter
//! (10.1).

use image::RgbaImage;

use super::canvas::{Canvas, FontChain, Rgb};
use super::fonts;
use super::pdf::{Paper, PdfDocument, PdfError, PdfPage};
use crate::lang::Language;
use crate::notation::{write_move, Notation, Script, WriteOptions};
use crate::record::{Game, TagKey};
use crate::rules::Color;

/// Page width in pixels (A4 at 150 dpi).
pub const PAGE_WIDTH: u32 = 1240;
/// Page height in pixels (A4 at 150 dpi).
pub const PAGE_HEIGHT: u32 = 1754;
/// Rounds in each of the two blocks of a page.
pub const ROWS: usize = 30;

const INK: Rgb = Rgb(20, 20, 20);
const RULE: Rgb = Rgb(90, 90, 90);
const SHADE: Rgb = Rgb(236, 236, 236);
const PAPER: Rgb = Rgb(255, 255, 255);

/// How the scoresheet is written: in one script throughout. The players' names, the event and
/// the other tags are the record's own text and are kept as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoresheetOptions {
    /// Labels and the result in this language; a Chinese language also gives the moves its
    /// script.
    pub language: Language,
    /// Abbreviated notation (art. 7.5) instead of full Chinese.
    pub abbreviated: bool,
    /// The moves' script under English labels (the record's own, or the one chosen for moves).
    pub script: Script,
    /// The conventions of writing the moves (the tandem convention: 前車進四 or 車六進四); the
    /// script is the sheet's own.
    pub writing: WriteOptions,
}

impl ScoresheetOptions {
    /// The script of the moves: the labels' when they are Chinese.
    pub fn moves_script(&self) -> Script {
        match self.language {
            Language::SimplifiedChinese => Script::Simplified,
            Language::TraditionalChinese => Script::Traditional,
            Language::English => self.script,
        }
    }
}

impl Default for ScoresheetOptions {
    fn default() -> Self {
        ScoresheetOptions {
            language: Language::TraditionalChinese,
            abbreviated: false,
            script: Script::Traditional,
            writing: WriteOptions::default(),
        }
    }
}

/// One round of the table: its number and the two moves (either may be missing: a game from a
/// position with Black to move, or one that ended after Red's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round number.
    pub number: u32,
    /// Red's move as written.
    pub red: String,
    /// Black's move as written.
    pub black: String,
}

/// The rounds of the main line, written as the options say.
pub fn rounds(game: &Game, options: &ScoresheetOptions) -> Vec<Round> {
    let script = options.moves_script();
    let notation = match (options.abbreviated, script) {
        (true, _) => Notation::Abbreviated,
        (false, Script::Simplified) => Notation::ChineseSimplified,
        (false, Script::Traditional) => Notation::ChineseTraditional,
    };
    let write = WriteOptions {
        abbreviated_script: script,
        ..options.writing
    };
    let mut out: Vec<Round> = Vec::new();
    for node in game.main_line() {
        let pos = game.position_before(node);
        let Some(mv) = game.move_of(node) else {
            continue;
        };
        let text = write_move(pos, mv, notation, &write);
        let number = pos.fullmove_number();
        if out.last().is_none_or(|r| r.number != number) {
            out.push(Round {
                number,
                red: String::new(),
                black: String::new(),
            });
        }
        if let Some(round) = out.last_mut() {
            match pos.side_to_move() {
                Color::Red => round.red = text,
                Color::Black => round.black = text,
            }
        }
    }
    out
}

/// The result with its reason ([`crate::formats::ending_of`]), else the `Result` tag alone.
pub fn result_sentence(game: &Game, lang: Language) -> String {
    if let Some(ending) = crate::formats::ending_of(game) {
        return ending.describe(lang);
    }
    match game.result() {
        Some(outcome) => outcome.headline(lang),
        None => lang.pick("Not finished", "未完", "未完"),
    }
    .to_owned()
}

/// The labels of the sheet in a language.
struct Labels {
    title: &'static str,
    event: &'static str,
    round: &'static str,
    date: &'static str,
    site: &'static str,
    red: &'static str,
    black: &'static str,
    red_team: &'static str,
    black_team: &'static str,
    colon: &'static str,
    number: &'static str,
    result: &'static str,
    red_signature: &'static str,
    black_signature: &'static str,
    arbiter_signature: &'static str,
    page: &'static str,
}

fn labels(lang: Language) -> Labels {
    Labels {
        title: lang.pick("Xiangqi scoresheet", "象棋比赛记录表", "象棋比賽記錄表"),
        event: lang.pick("Event", "赛事", "賽事"),
        round: lang.pick("Round", "轮次", "輪次"),
        date: lang.pick("Date", "日期", "日期"),
        site: lang.pick("Site", "地点", "地點"),
        red: lang.pick("Red", "红方", "紅方"),
        black: lang.pick("Black", "黑方", "黑方"),
        red_team: lang.pick("Red team", "红方队", "紅方隊"),
        black_team: lang.pick("Black team", "黑方队", "黑方隊"),
        colon: lang.pick(": ", "：", "："),
        number: lang.pick("No.", "回合", "回合"),
        result: lang.pick("Result", "结果", "結果"),
        red_signature: lang.pick("Red's signature", "红方签名", "紅方簽名"),
        black_signature: lang.pick("Black's signature", "黑方签名", "黑方簽名"),
        arbiter_signature: lang.pick("Arbiter's signature", "裁判签名", "裁判簽名"),
        page: lang.pick("Page", "页", "頁"),
    }
}

/// Every fixed text the sheet draws in a language (for the font check).
pub fn fixed_text(lang: Language) -> String {
    let l = labels(lang);
    [
        l.title,
        l.event,
        l.round,
        l.date,
        l.site,
        l.red,
        l.black,
        l.red_team,
        l.black_team,
        l.colon,
        l.number,
        l.result,
        l.red_signature,
        l.black_signature,
        l.arbiter_signature,
        l.page,
        "/0123456789",
    ]
    .concat()
}

/// What a scoresheet page is drawn on: rules, shaded cells and left-aligned text, in the
/// page's units (pixels of an A4 page at 150 dpi). A raster page and a PDF page draw them.
pub trait Sheet {
    /// A straight line.
    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgb);
    /// The outline of a rectangle.
    fn stroke_rect(&mut self, min: Point, max: Point, width: f32, color: Rgb);
    /// A filled rectangle.
    fn fill_rect(&mut self, min: Point, max: Point, color: Rgb);
    /// Text with its left end at `x` and its baseline at `baseline`; returns its width.
    fn text(&mut self, text: &str, size: f32, x: f32, baseline: f32, color: Rgb) -> f32;
    /// The advance width of `text` at `size`.
    fn width(&self, text: &str, size: f32) -> f32;
    /// Text centred on `center` (horizontally by advance, vertically by the CJK em box).
    fn text_centered(&mut self, text: &str, size: f32, center: Point, color: Rgb) {
        let width = self.width(text, size);
        // CJK ideographs fill the em box from about 0.12 em below the baseline to 0.88 above.
        self.text(
            text,
            size,
            center.0 - width / 2.0,
            center.1 + size * 0.38,
            color,
        );
    }
}

type Point = (f32, f32);

/// A scoresheet page drawn in pixels.
struct RasterSheet<'f> {
    canvas: Canvas,
    fonts: &'f FontChain<'f>,
}

impl Sheet for RasterSheet<'_> {
    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgb) {
        self.canvas.line(a, b, width, color);
    }
    fn stroke_rect(&mut self, min: Point, max: Point, width: f32, color: Rgb) {
        self.canvas.stroke_rect(min, max, width, color);
    }
    fn fill_rect(&mut self, min: Point, max: Point, color: Rgb) {
        self.canvas.fill_rect(min, max, color);
    }
    fn text(&mut self, text: &str, size: f32, x: f32, baseline: f32, color: Rgb) -> f32 {
        self.fonts
            .draw(&mut self.canvas, text, size, x, baseline, color)
    }
    fn width(&self, text: &str, size: f32) -> f32 {
        self.fonts.width(text, size)
    }
}

impl Sheet for PdfPage<'_, '_> {
    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgb) {
        PdfPage::line(self, a, b, width, color, 1.0);
    }
    fn stroke_rect(&mut self, min: Point, max: Point, width: f32, color: Rgb) {
        PdfPage::stroke_rect(self, min, max, width, color, 1.0);
    }
    fn fill_rect(&mut self, min: Point, max: Point, color: Rgb) {
        PdfPage::fill_rect(self, min, max, color, 1.0);
    }
    fn text(&mut self, text: &str, size: f32, x: f32, baseline: f32, color: Rgb) -> f32 {
        PdfPage::text(self, text, size, x, baseline, color, false)
    }
    fn width(&self, text: &str, size: f32) -> f32 {
        PdfPage::width(self, text, size)
    }
}

/// Draw a move, with the strokes of abbreviated notation drawn as lines under or over the digit
/// before them. A PDF keeps the move as text (the digits), the strokes as lines.
fn draw_move(sheet: &mut dyn Sheet, text: &str, size: f32, x: f32, baseline: f32) {
    let mut pen = x;
    let mut last = 0.0;
    let mut run = String::new();
    let flush = |sheet: &mut dyn Sheet, run: &mut String, pen: &mut f32, last: &mut f32| {
        if !run.is_empty() {
            // The width of the last character, for a stroke that follows it.
            let tail = run.chars().last().map(String::from).unwrap_or_default();
            *last = sheet.width(&tail, size);
            *pen += sheet.text(run, size, *pen, baseline, INK);
            run.clear();
        }
    };
    for c in text.chars() {
        match c {
            '\u{0332}' | '\u{0305}' => {
                flush(sheet, &mut run, &mut pen, &mut last);
                let y = if c == '\u{0332}' {
                    baseline + size * 0.15
                } else {
                    baseline - size * 0.8
                };
                let inset = last * 0.15;
                sheet.line((pen - last + inset, y), (pen - inset, y), size * 0.07, INK);
            }
            _ => run.push(c),
        }
    }
    flush(sheet, &mut run, &mut pen, &mut last);
}

/// The pages of the scoresheet as pictures.
pub fn render_scoresheet(game: &Game, options: &ScoresheetOptions) -> Vec<RgbaImage> {
    let fonts = FontChain::new(&[fonts::UI_FONT, fonts::BOARD_FONT, fonts::LATIN_FONT]);
    let all = rounds(game, options);
    let pages = page_count(&all);
    (0..pages)
        .map(|page| {
            let mut sheet = RasterSheet {
                canvas: Canvas::new(PAGE_WIDTH, PAGE_HEIGHT, PAPER),
                fonts: &fonts,
            };
            draw_page(&mut sheet, game, options, &all, page, pages);
            sheet.canvas.into_image()
        })
        .collect()
}

/// The scoresheet as a vector PDF on `paper`: one page per 60 rounds, the moves and labels as
/// searchable text.
pub fn scoresheet_pdf(
    game: &Game,
    options: &ScoresheetOptions,
    paper: Paper,
) -> Result<Vec<u8>, PdfError> {
    let all = rounds(game, options);
    let pages = page_count(&all);
    let mut document = PdfDocument::new(paper)?;
    for page in 0..pages {
        document.page(PAGE_WIDTH as f32, PAGE_HEIGHT as f32, |pdf| {
            draw_page(pdf, game, options, &all, page, pages);
        });
    }
    document.finish()
}

fn page_count(all: &[Round]) -> usize {
    all.len().div_ceil(ROWS * 2).max(1)
}

/// Draw page `page` (from 0) of `pages`.
fn draw_page(
    c: &mut dyn Sheet,
    game: &Game,
    options: &ScoresheetOptions,
    all: &[Round],
    page: usize,
    pages: usize,
) {
    let lang = options.language;
    let l = labels(lang);
    let per_page = ROWS * 2;
    let tag = |key: TagKey| game.tags().get(&key).unwrap_or("").to_owned();
    let left = 90.0;
    let right = PAGE_WIDTH as f32 - 90.0;
    let width = right - left;
    // Title: the event, then what the sheet is.
    let event = tag(TagKey::Event);
    let title = if event.is_empty() { l.title } else { &event };
    c.text_centered(title, 46.0, (PAGE_WIDTH as f32 / 2.0, 110.0), INK);
    if !event.is_empty() {
        c.text_centered(l.title, 28.0, (PAGE_WIDTH as f32 / 2.0, 165.0), INK);
    }
    // Header grid.
    let top = 200.0;
    let row_h = 52.0;
    let text = 26.0;
    c.stroke_rect((left, top), (right, top + row_h * 3.0), 2.0, RULE);
    for i in 1..3 {
        let y = top + row_h * i as f32;
        c.line((left, y), (right, y), 1.5, RULE);
    }
    let third = width / 3.0;
    for i in 1..3 {
        let x = left + third * i as f32;
        c.line((x, top), (x, top + row_h), 1.5, RULE);
    }
    let half = width / 2.0;
    c.line(
        (left + half, top + row_h),
        (left + half, top + row_h * 3.0),
        1.5,
        RULE,
    );
    let cell = |c: &mut dyn Sheet, x: f32, y: f32, label: &str, value: &str| {
        let base = y + row_h * 0.68;
        let w = c.text(&format!("{label}{}", l.colon), text, x + 14.0, base, RULE);
        c.text(value, text, x + 14.0 + w, base, INK);
    };
    cell(c, left, top, l.round, &tag(TagKey::Round));
    cell(c, left + third, top, l.date, &tag(TagKey::Date));
    cell(c, left + third * 2.0, top, l.site, &tag(TagKey::Site));
    cell(c, left, top + row_h, l.red, &tag(TagKey::Red));
    cell(c, left + half, top + row_h, l.black, &tag(TagKey::Black));
    cell(
        c,
        left,
        top + row_h * 2.0,
        l.red_team,
        &tag(TagKey::RedTeam),
    );
    cell(
        c,
        left + half,
        top + row_h * 2.0,
        l.black_team,
        &tag(TagKey::BlackTeam),
    );
    // The move table: two blocks of ROWS rounds.
    let table_top = top + row_h * 3.0 + 40.0;
    let line_h = 33.0;
    let gap = 30.0;
    let block_w = (width - gap) / 2.0;
    let number_w = 80.0;
    let move_w = (block_w - number_w) / 2.0;
    let move_size = 26.0;
    for block in 0..2 {
        let x0 = left + block as f32 * (block_w + gap);
        let head_bottom = table_top + line_h;
        c.fill_rect((x0, table_top), (x0 + block_w, head_bottom), SHADE);
        for (i, label) in [l.number, l.red, l.black].iter().enumerate() {
            let (x, w) = match i {
                0 => (x0, number_w),
                _ => (x0 + number_w + move_w * (i - 1) as f32, move_w),
            };
            c.text_centered(label, 24.0, (x + w / 2.0, table_top + line_h / 2.0), INK);
        }
        let bottom = head_bottom + line_h * ROWS as f32;
        c.stroke_rect((x0, table_top), (x0 + block_w, bottom), 2.0, RULE);
        c.line(
            (x0 + number_w, table_top),
            (x0 + number_w, bottom),
            1.5,
            RULE,
        );
        c.line(
            (x0 + number_w + move_w, table_top),
            (x0 + number_w + move_w, bottom),
            1.5,
            RULE,
        );
        for r in 0..=ROWS {
            let y = head_bottom + line_h * r as f32;
            c.line(
                (x0, y),
                (x0 + block_w, y),
                if r == 0 { 2.0 } else { 1.0 },
                RULE,
            );
        }
        for r in 0..ROWS {
            let index = page * per_page + block * ROWS + r;
            let y = head_bottom + line_h * r as f32;
            let baseline = y + line_h * 0.73;
            let number = all
                .get(index)
                .map_or(index as u32 + 1, |round| round.number);
            let number = number.to_string();
            let nw = c.width(&number, 22.0);
            c.text(
                &number,
                22.0,
                x0 + number_w / 2.0 - nw / 2.0,
                baseline,
                RULE,
            );
            if let Some(round) = all.get(index) {
                for (i, text) in [&round.red, &round.black].into_iter().enumerate() {
                    let x = x0 + number_w + move_w * i as f32 + 18.0;
                    draw_move(c, text, move_size, x, baseline);
                }
            }
        }
    }
    let after_table = table_top + line_h * (ROWS as f32 + 1.0);
    // Page number.
    let page_text = match lang {
        Language::English => format!("{} {}/{}", l.page, page + 1, pages),
        _ => format!("{}/{} {}", page + 1, pages, l.page),
    };
    let pw = c.width(&page_text, 20.0);
    c.text(
        &page_text,
        20.0,
        right - pw,
        PAGE_HEIGHT as f32 - 50.0,
        RULE,
    );
    if page + 1 == pages {
        // Result and signatures (10.1).
        let y = after_table + 56.0;
        let w = c.text(&format!("{}{}", l.result, l.colon), 28.0, left, y, INK);
        let sentence = result_sentence(game, lang);
        c.text(&sentence, 26.0, left + w, y, INK);
        let sig_y = y + 120.0;
        let sig_w = (width - 2.0 * 40.0) / 3.0;
        for (i, label) in [l.red_signature, l.black_signature, l.arbiter_signature]
            .iter()
            .enumerate()
        {
            let x = left + i as f32 * (sig_w + 40.0);
            c.line((x, sig_y), (x + sig_w, sig_y), 2.0, INK);
            c.text_centered(label, 24.0, (x + sig_w / 2.0, sig_y + 32.0), RULE);
        }
    }
}
