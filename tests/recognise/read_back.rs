//! Qipu's own diagrams read back: random legal positions (random games from the start) drawn as
//! PNG pictures 200–1200 pixels wide, either side at the bottom, with and without file numbers,
//! and as SVG and PDF pages rendered to pixels by other programs (librsvg's rsvg-convert,
//! poppler's pdftoppm), each read by `qipu::recognise` and compared with its position. Shared by
//! the recognition tests (a few hundred pictures) and `benches/own_diagrams.rs` (thousands).

use std::path::Path;

use crate::common::TempFolder;

use qipu::export::diagram::{diagram_svg, diagrams_pdf};
use qipu::export::pdf::Paper;
use qipu::export::{render_diagram, DiagramOptions};
use qipu::recognise::recognise_image;
use qipu::rules::{Position, Setup, Square, START_FEN};

/// A small random generator (xorshift), so that every run draws the same positions.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// The position after up to 150 random legal moves from the start.
    fn position(&mut self) -> Position {
        let mut pos = Position::from_fen(START_FEN).expect("the start position");
        for _ in 0..self.below(151) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[self.below(moves.len())];
            pos = pos.play(mv).expect("a legal move plays");
        }
        pos
    }

    fn options(&mut self, size: u32) -> DiagramOptions {
        DiagramOptions {
            size,
            coordinates: self.below(3) > 0,
            flipped: self.below(4) == 0,
            ..DiagramOptions::default()
        }
    }

    /// A width from 200 to 1200 pixels.
    fn width(&mut self) -> u32 {
        200 + self.below(1001) as u32
    }
}

/// How many pictures were read back exactly, of how many, and what the others were read as.
pub struct Tally {
    /// Pictures read.
    pub count: usize,
    /// One line for each picture not read exactly.
    pub failures: Vec<String>,
}

impl Tally {
    /// Pictures read exactly: every point and the side at the bottom.
    pub fn exact(&self) -> usize {
        self.count - self.failures.len()
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {} exact", self.exact(), self.count)?;
        for failure in &self.failures {
            write!(f, "\n  {failure}")?;
        }
        Ok(())
    }
}

/// The points of `image` read otherwise than `pos` holds them, with what was read there; the
/// reading must also say which side is at the bottom.
fn misread(image: &image::RgbImage, pos: &Position, flipped: bool) -> Option<String> {
    let want = Setup::from_fen(&pos.to_fen()).expect("a FEN");
    match recognise_image(image) {
        Ok(reading) => {
            let wrong: Vec<String> = Square::all()
                .filter(|&sq| reading.setup.get(sq) != want.get(sq))
                .map(|sq| sq.to_string())
                .collect();
            let turned = reading.red_at_bottom == flipped;
            (!wrong.is_empty() || turned).then(|| {
                format!(
                    "{} read as {} (wrong {wrong:?}, Red at the bottom {})",
                    pos.to_fen(),
                    reading.setup.to_fen(),
                    reading.red_at_bottom
                )
            })
        }
        Err(e) => Some(format!("{}: {e}", pos.to_fen())),
    }
}

fn load(path: &Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .into_rgb8()
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `count` PNG diagrams drawn by Qipu from `seed`, 200–1200 pixels wide, read back.
pub fn png(seed: u64, count: usize) -> Tally {
    let mut draw = Draw(seed);
    let mut failures = Vec::new();
    for _ in 0..count {
        let pos = draw.position();
        let size = draw.width();
        let options = draw.options(size);
        let image = image::DynamicImage::ImageRgba8(render_diagram(&pos, &options)).into_rgb8();
        if let Some(failure) = misread(&image, &pos, options.flipped) {
            failures.push(format!("{size} px: {failure}"));
        }
    }
    Tally { count, failures }
}

/// `count` SVG diagrams drawn by Qipu from `seed`, rendered by librsvg 200–1200 pixels wide and
/// read back.
pub fn svg(seed: u64, count: usize) -> Tally {
    let mut draw = Draw(seed);
    let scratch = TempFolder::new(&format!("read-back-svg-{seed:x}"));
    let mut failures = Vec::new();
    for n in 0..count {
        let pos = draw.position();
        let options = draw.options(400);
        let (svg, png) = (
            scratch.join(format!("{n}.svg")),
            scratch.join(format!("{n}.png")),
        );
        std::fs::write(&svg, diagram_svg(&pos, &options)).expect("written");
        let width = draw.width().to_string();
        crate::common::run_tool(
            "rsvg-convert",
            &["-w", &width, "-o", text(&png), text(&svg)],
        );
        if let Some(failure) = misread(&load(&png), &pos, options.flipped) {
            failures.push(format!("{width} px: {failure}"));
        }
    }
    Tally { count, failures }
}

/// `count` diagrams drawn by Qipu from `seed` on PDF pages, one a page, rendered by poppler at
/// 40 to 150 dots an inch (boards about 290 to 1090 pixels wide) and read back.
pub fn pdf(seed: u64, count: usize) -> Tally {
    let mut draw = Draw(seed);
    let scratch = TempFolder::new(&format!("read-back-pdf-{seed:x}"));
    let items: Vec<(Position, DiagramOptions, String)> = (0..count)
        .map(|_| {
            let pos = draw.position();
            let options = draw.options(400);
            (pos, options, String::new())
        })
        .collect();
    let pdf = scratch.join("diagrams.pdf");
    std::fs::write(&pdf, diagrams_pdf(&items, 1, 1, Paper::A4).expect("a PDF")).expect("written");
    let mut failures = Vec::new();
    for (page, (pos, options, _)) in items.iter().enumerate() {
        let dpi = (40 + draw.below(111)).to_string();
        let page = (page + 1).to_string();
        let stem = scratch.join(format!("page-{page}"));
        crate::common::run_tool(
            "pdftoppm",
            &[
                "-png",
                "-singlefile",
                "-r",
                &dpi,
                "-f",
                &page,
                "-l",
                &page,
                text(&pdf),
                text(&stem),
            ],
        );
        let png = stem.with_extension("png");
        if let Some(failure) = misread(&load(&png), pos, options.flipped) {
            failures.push(format!("page {page} at {dpi} dpi: {failure}"));
        }
    }
    Tally { count, failures }
}
