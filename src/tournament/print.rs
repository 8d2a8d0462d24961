//! The event on paper: the standings, the crosstable and each round's pairing list as a vector
//! PDF (A4 or Letter), text as text, through [`crate::export::pdf`]. Each table starts a page
//! and runs over as many pages as it needs, its heading repeated; a table wider than the paper
//! (a crosstable of many rounds) is drawn on a larger box scaled down to fit.

use super::event::Event;
use super::export::{crosstable, table};
use crate::export::canvas::{FontChain, Rgb};
use crate::export::fonts;
use crate::export::pdf::{Paper, PdfDocument, PdfError};

/// Text size (line height, as the layouts measure it) of a table's cells.
const SIZE: f32 = 10.5;
/// Text size of a table's title.
const TITLE: f32 = 15.0;
/// Height of a row.
const ROW: f32 = 16.0;
/// Space around the table on the page.
const MARGIN: f32 = 42.0;
/// Space either side of a cell's text.
const PAD: f32 = 5.0;
const INK: Rgb = Rgb(0, 0, 0);
const RULE: Rgb = Rgb(120, 120, 120);
const SHADE: Rgb = Rgb(244, 244, 244);
const HEAD: Rgb = Rgb(222, 222, 222);

/// One table to print.
struct Table {
    title: String,
    head: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Columns whose text starts at the left (names); the others are centred.
    left: Vec<usize>,
}

fn strings<const N: usize>(cells: [&str; N]) -> Vec<String> {
    cells.iter().map(|c| (*c).to_owned()).collect()
}

/// The tables of the event: standings, crosstable, then each round's pairings.
fn tables(event: &Event) -> Vec<Table> {
    let mut out = vec![Table {
        title: "名次 Standings".to_owned(),
        head: strings([
            "名次",
            "姓名",
            "積分",
            "局數",
            "勝局",
            "小分",
            "對手分",
            "直勝",
            "犯規",
        ]),
        rows: table(event)
            .into_iter()
            .map(|s| {
                let mut row = vec![s.rank.to_string(), s.name.clone()];
                row.extend(s.figures());
                row
            })
            .collect(),
        left: vec![1],
    }];
    let mut head = strings(["No", "姓名"]);
    head.extend(event.rounds.iter().map(|r| r.number.to_string()));
    out.push(Table {
        title: "成績表 Crosstable".to_owned(),
        head,
        rows: crosstable(event)
            .into_iter()
            .enumerate()
            .map(|(i, (name, cells))| {
                let mut row = vec![(i + 1).to_string(), name];
                row.extend(cells);
                row
            })
            .collect(),
        left: vec![1],
    });
    for r in &event.rounds {
        let mut rows: Vec<Vec<String>> = r
            .games()
            .map(|g| {
                vec![
                    g.board.to_string(),
                    event.players[g.red].name.clone(),
                    g.result.map_or(String::new(), |x| x.token().to_owned()),
                    event.players[g.black].name.clone(),
                ]
            })
            .collect();
        if let Some(b) = r.bye {
            rows.push(vec![
                String::new(),
                event.entrant_name(b),
                "輪空 bye".to_owned(),
                String::new(),
            ]);
        }
        out.push(Table {
            title: format!("第 {} 輪 Round {}", r.number, r.number),
            head: strings(["臺", "紅方", "結果", "黑方"]),
            rows,
            left: vec![1, 3],
        });
    }
    out
}

/// The event as a PDF on `paper`.
pub fn pdf(event: &Event, paper: Paper) -> Result<Vec<u8>, PdfError> {
    let measure = FontChain::new(&[fonts::UI_FONT, fonts::BOARD_FONT, fonts::LATIN_FONT]);
    let mut doc = PdfDocument::new(paper)?;
    let (paper_w, paper_h) = paper.size();
    for t in tables(event) {
        let widths: Vec<f32> = (0..t.head.len())
            .map(|c| {
                std::iter::once(&t.head)
                    .chain(&t.rows)
                    .filter_map(|row| row.get(c))
                    .map(|cell| measure.width(cell, SIZE))
                    .fold(0.0, f32::max)
                    + 2.0 * PAD
            })
            .collect();
        let table_w: f32 = widths.iter().sum();
        let box_w = (table_w + 2.0 * MARGIN).max(paper_w);
        let box_h = paper_h * box_w / paper_w;
        let per_page = ((box_h - 2.0 * MARGIN - 2.0 * TITLE - ROW) / ROW)
            .floor()
            .max(1.0) as usize;
        let pages: Vec<&[Vec<String>]> = if t.rows.is_empty() {
            vec![&[]]
        } else {
            t.rows.chunks(per_page).collect()
        };
        let count = pages.len();
        for (k, rows) in pages.into_iter().enumerate() {
            doc.page(box_w, box_h, |p| {
                let mut y = MARGIN + TITLE;
                let title = if count > 1 {
                    format!("{} — {} ({}/{})", event.name, t.title, k + 1, count)
                } else {
                    format!("{} — {}", event.name, t.title)
                };
                p.text(&title, TITLE, MARGIN, y, INK, false);
                y += TITLE;
                let row =
                    |p: &mut crate::export::pdf::PdfPage<'_, '_>, cells: &[String], top: f32| {
                        let mut x = MARGIN;
                        for (c, w) in widths.iter().enumerate() {
                            let text = cells.get(c).map_or("", String::as_str);
                            let tw = p.width(text, SIZE);
                            let at = if t.left.contains(&c) {
                                x + PAD
                            } else {
                                x + (w - tw) / 2.0
                            };
                            p.text(text, SIZE, at, top + ROW * 0.75, INK, false);
                            x += w;
                        }
                    };
                // The interface face has every glyph (the board's face only the board's).
                p.fill_rect((MARGIN, y), (MARGIN + table_w, y + ROW), HEAD, 1.0);
                row(p, &t.head, y);
                y += ROW;
                p.line((MARGIN, y), (MARGIN + table_w, y), 0.8, RULE, 1.0);
                for (i, cells) in rows.iter().enumerate() {
                    if i % 2 == 1 {
                        p.fill_rect((MARGIN, y), (MARGIN + table_w, y + ROW), SHADE, 1.0);
                    }
                    row(p, cells, y);
                    y += ROW;
                }
                p.line((MARGIN, y), (MARGIN + table_w, y), 0.8, RULE, 1.0);
            });
        }
    }
    doc.finish()
}
