//! Vector PDF through krilla: pages in A4 or Letter, lines and shapes as paths, text as text in
//! the embedded Noto CJK subsets (krilla subsets them again to the glyphs used and writes their
//! Unicode map, so the text can be searched, copied and extracted).
//!
//! A page is laid out in its own units (the scoresheet's 150-dpi pixels, a diagram's pixels):
//! [`PdfDocument::page`] scales the layout to fit the paper, centred, `y` growing downwards.

use std::fmt;
use std::str::FromStr;

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point as PdfPoint, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, Stroke as PdfStroke};
use krilla::surface::Surface as KrillaSurface;
use krilla::text::{Font, TextDirection};
use krilla::Document;

use super::canvas::{FontChain, Rgb};
use super::fonts;
use super::surface::{
    Point as SurfacePoint, Rgba, Stroke as SurfaceStroke, Surface, TextStyle, Weight,
};

/// A point in page units, `y` growing downwards.
pub type Point = (f32, f32);

/// The paper a PDF is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (the default).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in PDF points (1/72 in).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        })
    }
}

/// A paper name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown paper '{0}'; expected a4 or letter")]
pub struct UnknownPaper(pub String);

impl FromStr for Paper {
    type Err = UnknownPaper;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(UnknownPaper(s.to_owned())),
        }
    }
}

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// An embedded font could not be read (a build defect).
    #[error("the embedded font {0} cannot be read")]
    Font(&'static str),
    /// The PDF library refused the document.
    #[error("cannot write the PDF: {0}")]
    Write(String),
}

/// A PDF being written, page by page.
pub struct PdfDocument {
    document: Document,
    paper: Paper,
    regular: Font,
    bold: Font,
    em: (f32, f32),
}

/// The fonts of a page, for drawing and measuring.
pub struct PageFonts {
    /// The interface face (Noto Sans CJK Regular).
    pub regular: Font,
    /// The board's face (Noto Serif CJK Bold).
    pub bold: Font,
    /// The same faces for measuring, interface face first.
    pub measure: FontChain<'static>,
    /// The same faces for measuring, board face first.
    pub measure_bold: FontChain<'static>,
    /// The em size of a face per unit of the sizes the layouts use (the raster canvas sizes
    /// text by its line height, ascent to descent, as ab_glyph does): regular, bold.
    em: (f32, f32),
}

/// Em size per unit of line height (ascent to descent) of a face.
fn em_per_height(data: &'static [u8], name: &'static str) -> Result<f32, PdfError> {
    use ab_glyph::Font as _;
    let font = ab_glyph::FontRef::try_from_slice(data).map_err(|_| PdfError::Font(name))?;
    let units = font.units_per_em().ok_or(PdfError::Font(name))?;
    Ok(units / font.height_unscaled())
}

impl PdfDocument {
    /// An empty document on `paper`.
    pub fn new(paper: Paper) -> Result<PdfDocument, PdfError> {
        let regular = Font::new(fonts::UI_FONT.into(), 0).ok_or(PdfError::Font("ui-sans.otf"))?;
        let bold =
            Font::new(fonts::BOARD_FONT.into(), 0).ok_or(PdfError::Font("board-serif.otf"))?;
        let em = (
            em_per_height(fonts::UI_FONT, "ui-sans.otf")?,
            em_per_height(fonts::BOARD_FONT, "board-serif.otf")?,
        );
        Ok(PdfDocument {
            document: Document::new(),
            paper,
            regular,
            bold,
            em,
        })
    }

    /// Add a page laid out in a `width` × `height` box of its own units, scaled to fit the
    /// paper and centred on it.
    pub fn page(&mut self, width: f32, height: f32, draw: impl FnOnce(&mut PdfPage<'_, '_>)) {
        let (paper_w, paper_h) = self.paper.size();
        let scale = (paper_w / width).min(paper_h / height);
        let dx = (paper_w - width * scale) / 2.0;
        let dy = (paper_h - height * scale) / 2.0;
        let fonts = PageFonts {
            regular: self.regular.clone(),
            bold: self.bold.clone(),
            measure: FontChain::new(&[fonts::UI_FONT, fonts::BOARD_FONT]),
            measure_bold: FontChain::new(&[fonts::BOARD_FONT, fonts::UI_FONT]),
            em: self.em,
        };
        let settings = PageSettings::from_wh(paper_w, paper_h).unwrap_or_else(|| {
            // Both papers have positive, finite sizes.
            PageSettings::new(krilla::geom::Size::from_wh(595.0, 842.0).expect("a size"))
        });
        let mut page = self.document.start_page_with(settings);
        let mut surface = page.surface();
        surface.push_transform(&Transform::from_row(scale, 0.0, 0.0, scale, dx, dy));
        let mut pdf_page = PdfPage {
            surface: &mut surface,
            fonts: &fonts,
        };
        draw(&mut pdf_page);
        surface.pop();
        surface.finish();
        page.finish();
    }

    /// The PDF file.
    pub fn finish(self) -> Result<Vec<u8>, PdfError> {
        self.document
            .finish()
            .map_err(|e| PdfError::Write(format!("{e:?}")))
    }
}

/// One page being drawn, in its layout units.
pub struct PdfPage<'s, 'a> {
    surface: &'s mut KrillaSurface<'a>,
    fonts: &'s PageFonts,
}

fn paint(color: Rgb) -> krilla::paint::Paint {
    rgb::Color::new(color.0, color.1, color.2).into()
}

fn opacity(alpha: f32) -> NormalizedF32 {
    NormalizedF32::new(alpha.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE)
}

impl PdfPage<'_, '_> {
    /// The fonts of the page.
    pub fn fonts(&self) -> &PageFonts {
        self.fonts
    }

    fn stroke_path(&mut self, points: &[Point], closed: bool, width: f32, color: Rgb, alpha: f32) {
        let mut builder = PathBuilder::new();
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        builder.move_to(first.0, first.1);
        for p in rest {
            builder.line_to(p.0, p.1);
        }
        if closed {
            builder.close();
        }
        let Some(path) = builder.finish() else {
            return;
        };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(PdfStroke {
            paint: paint(color),
            width,
            line_cap: LineCap::Butt,
            opacity: opacity(alpha),
            ..PdfStroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    fn fill_path(&mut self, builder: PathBuilder, color: Rgb, alpha: f32) {
        let Some(path) = builder.finish() else {
            return;
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint: paint(color),
            opacity: opacity(alpha),
            rule: Default::default(),
        }));
        self.surface.draw_path(&path);
        self.surface.set_fill(None);
    }

    /// A straight line.
    pub fn line(&mut self, a: Point, b: Point, width: f32, color: Rgb, alpha: f32) {
        self.stroke_path(&[a, b], false, width, color, alpha);
    }

    /// An open path.
    pub fn polyline(&mut self, points: &[Point], width: f32, color: Rgb, alpha: f32) {
        self.stroke_path(points, false, width, color, alpha);
    }

    /// The outline of a rectangle.
    pub fn stroke_rect(&mut self, min: Point, max: Point, width: f32, color: Rgb, alpha: f32) {
        let corners = [min, (max.0, min.1), max, (min.0, max.1)];
        self.stroke_path(&corners, true, width, color, alpha);
    }

    /// A filled rectangle.
    pub fn fill_rect(&mut self, min: Point, max: Point, color: Rgb, alpha: f32) {
        self.polygon(&[min, (max.0, min.1), max, (min.0, max.1)], color, alpha);
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: &[Point], color: Rgb, alpha: f32) {
        let mut builder = PathBuilder::new();
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        builder.move_to(first.0, first.1);
        for p in rest {
            builder.line_to(p.0, p.1);
        }
        builder.close();
        self.fill_path(builder, color, alpha);
    }

    fn circle_path(center: Point, radius: f32) -> PathBuilder {
        // Four cubic arcs; k makes each a quarter circle to within 0.03 %.
        let k = 0.552_284_8 * radius;
        let (x, y) = center;
        let mut b = PathBuilder::new();
        b.move_to(x + radius, y);
        b.cubic_to(x + radius, y + k, x + k, y + radius, x, y + radius);
        b.cubic_to(x - k, y + radius, x - radius, y + k, x - radius, y);
        b.cubic_to(x - radius, y - k, x - k, y - radius, x, y - radius);
        b.cubic_to(x + k, y - radius, x + radius, y - k, x + radius, y);
        b.close();
        b
    }

    /// A filled circle.
    pub fn disc(&mut self, center: Point, radius: f32, color: Rgb, alpha: f32) {
        self.fill_path(Self::circle_path(center, radius), color, alpha);
    }

    /// A circle's outline, centred on `radius`.
    pub fn ring(&mut self, center: Point, radius: f32, width: f32, color: Rgb, alpha: f32) {
        let Some(path) = Self::circle_path(center, radius).finish() else {
            return;
        };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(PdfStroke {
            paint: paint(color),
            width,
            opacity: opacity(alpha),
            ..PdfStroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    /// Text with its left end at `x` and its baseline at `baseline`, in the interface face
    /// (`bold`: the board's face), `size` its line height as the raster canvas measures it;
    /// returns its advance width.
    pub fn text(
        &mut self,
        text: &str,
        size: f32,
        x: f32,
        baseline: f32,
        color: Rgb,
        bold: bool,
    ) -> f32 {
        let (font, em) = if bold {
            (self.fonts.bold.clone(), self.fonts.em.1)
        } else {
            (self.fonts.regular.clone(), self.fonts.em.0)
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint: paint(color),
            opacity: NormalizedF32::ONE,
            rule: Default::default(),
        }));
        self.surface.draw_text(
            PdfPoint::from_xy(x, baseline),
            font,
            size * em,
            text,
            false,
            TextDirection::Auto,
        );
        self.surface.set_fill(None);
        self.fonts.measure.width(text, size)
    }

    /// The advance width of `text` at `size`.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.fonts.measure.width(text, size)
    }
}

/// The board painter draws on a PDF page as on any surface: paths for the lines and shapes, text
/// as text (pieces, 楚河 漢界 and file numbers in the board's face).
impl Surface for PdfPage<'_, '_> {
    fn hairline(&self) -> f32 {
        0.25
    }

    fn fill_rect(&mut self, min: SurfacePoint, max: SurfacePoint, corner_radius: f32, color: Rgba) {
        let r = corner_radius
            .min((max.0 - min.0) / 2.0)
            .min((max.1 - min.1) / 2.0)
            .max(0.0);
        if r <= 0.0 {
            PdfPage::fill_rect(self, min, max, rgb_of(color), color.opacity());
            return;
        }
        let k = 0.552_284_8 * r;
        let mut b = PathBuilder::new();
        b.move_to(min.0 + r, min.1);
        b.line_to(max.0 - r, min.1);
        b.cubic_to(max.0 - r + k, min.1, max.0, min.1 + r - k, max.0, min.1 + r);
        b.line_to(max.0, max.1 - r);
        b.cubic_to(max.0, max.1 - r + k, max.0 - r + k, max.1, max.0 - r, max.1);
        b.line_to(min.0 + r, max.1);
        b.cubic_to(min.0 + r - k, max.1, min.0, max.1 - r + k, min.0, max.1 - r);
        b.line_to(min.0, min.1 + r);
        b.cubic_to(min.0, min.1 + r - k, min.0 + r - k, min.1, min.0 + r, min.1);
        b.close();
        self.fill_path(b, rgb_of(color), color.opacity());
    }

    fn stroke_rect(&mut self, min: SurfacePoint, max: SurfacePoint, stroke: SurfaceStroke) {
        PdfPage::stroke_rect(
            self,
            min,
            max,
            stroke.width,
            rgb_of(stroke.color),
            stroke.color.opacity(),
        );
    }

    fn line(&mut self, from: SurfacePoint, to: SurfacePoint, stroke: SurfaceStroke) {
        PdfPage::line(
            self,
            from,
            to,
            stroke.width,
            rgb_of(stroke.color),
            stroke.color.opacity(),
        );
    }

    fn polyline(&mut self, points: &[SurfacePoint], stroke: SurfaceStroke) {
        PdfPage::polyline(
            self,
            points,
            stroke.width,
            rgb_of(stroke.color),
            stroke.color.opacity(),
        );
    }

    fn circle(
        &mut self,
        center: SurfacePoint,
        radius: f32,
        fill: Option<Rgba>,
        stroke: Option<SurfaceStroke>,
    ) {
        if let Some(fill) = fill {
            self.disc(center, radius, rgb_of(fill), fill.opacity());
        }
        if let Some(stroke) = stroke {
            self.ring(
                center,
                radius,
                stroke.width,
                rgb_of(stroke.color),
                stroke.color.opacity(),
            );
        }
    }

    fn polygon(&mut self, points: &[SurfacePoint], color: Rgba) {
        PdfPage::polygon(self, points, rgb_of(color), color.opacity());
    }

    fn text(&mut self, center: SurfacePoint, text: &str, style: TextStyle, color: Rgba) {
        let bold = style.weight == Weight::Bold;
        let chain = if bold {
            &self.fonts.measure_bold
        } else {
            &self.fonts.measure
        };
        // Centred as the raster canvas centres it: by advance, and on the CJK em box.
        let (x, baseline) = (
            center.0 - chain.width(text, style.size) / 2.0,
            center.1 + style.size * 0.38,
        );
        PdfPage::text(self, text, style.size, x, baseline, rgb_of(color), bold);
    }
}

fn rgb_of(color: Rgba) -> Rgb {
    Rgb(color.r, color.g, color.b)
}
