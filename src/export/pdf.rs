//! Vector PDF through krilla: pages in A4 or Letter, lines and shapes as paths, text as text in
//! the embedded Noto CJK subsets and the Latin fallback (krilla subsets them again to the glyphs
//! used and writes their Unicode map, so the text can be searched, copied and extracted). Each
//! character is drawn in the first face that has it; one that none has is drawn as a box and
//! still written as itself in the text.
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
use krilla::text::{Font, GlyphId, KrillaGlyph, TextDirection};
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
    faces: Faces,
}

/// A face text is drawn in: krilla's font, and its em size per unit of the sizes the layouts
/// use (the raster canvas sizes text by its line height, ascent to descent, as ab_glyph does).
#[derive(Clone)]
struct Face {
    font: Font,
    em: f32,
}

/// The embedded faces, in the order of [`FACE_DATA`], and the interface face's box (□) for a
/// character none of them has.
#[derive(Clone)]
struct Faces {
    faces: [Face; 3],
    missing: GlyphId,
}

/// The faces' data and file names: the interface face (Noto Sans CJK Regular), the board's face
/// (Noto Serif CJK Bold), the Latin fallback (Noto Sans Regular).
const FACE_DATA: [(&[u8], &str); 3] = [
    (fonts::UI_FONT, "ui-sans.otf"),
    (fonts::BOARD_FONT, "board-serif.otf"),
    (fonts::LATIN_FONT, "latin-sans.ttf"),
];

/// The faces of regular text, first choice first (places in [`FACE_DATA`]).
const REGULAR: [usize; 3] = [0, 1, 2];
/// The faces of bold text (the board's face first).
const BOLD: [usize; 3] = [1, 0, 2];

/// The fonts of a page, for drawing and measuring.
pub struct PageFonts {
    faces: Faces,
    /// The faces for measuring, interface face first.
    pub measure: FontChain<'static>,
    /// The faces for measuring, board face first.
    pub measure_bold: FontChain<'static>,
}

/// A chain of the embedded faces in `order`.
fn chain(order: [usize; 3]) -> FontChain<'static> {
    FontChain::new(&order.map(|i| FACE_DATA[i].0))
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
        let face = |(data, name): (&'static [u8], &'static str)| -> Result<Face, PdfError> {
            Ok(Face {
                font: Font::new(data.into(), 0).ok_or(PdfError::Font(name))?,
                em: em_per_height(data, name)?,
            })
        };
        let [ui, board, latin] = FACE_DATA;
        let missing = {
            use ab_glyph::Font as _;
            let font = ab_glyph::FontRef::try_from_slice(ui.0).map_err(|_| PdfError::Font(ui.1))?;
            GlyphId::new(u32::from(font.glyph_id('□').0))
        };
        Ok(PdfDocument {
            document: Document::new(),
            paper,
            faces: Faces {
                faces: [face(ui)?, face(board)?, face(latin)?],
                missing,
            },
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
            faces: self.faces.clone(),
            measure: chain(REGULAR),
            measure_bold: chain(BOLD),
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

/// `text` cut into runs drawn in one face each: the face's place in `chain`, or `None` for
/// characters no face has. A space stays in the run it stands in.
fn runs<'t>(text: &'t str, chain: &FontChain<'_>) -> Vec<(&'t str, Option<usize>)> {
    let mut out: Vec<(&'t str, Option<usize>)> = Vec::new();
    let mut start = 0;
    let mut current: Option<Option<usize>> = None;
    for (i, c) in text.char_indices() {
        let face = chain.face_of(c);
        if c == ' ' && current.is_some() {
            continue;
        }
        match current {
            Some(f) if f == face => {}
            Some(f) => {
                out.push((&text[start..i], f));
                start = i;
                current = Some(face);
            }
            None => current = Some(face),
        }
    }
    if let Some(f) = current {
        out.push((&text[start..], f));
    }
    out
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
        let (chain, order) = if bold {
            (&self.fonts.measure_bold, BOLD)
        } else {
            (&self.fonts.measure, REGULAR)
        };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint: paint(color),
            opacity: NormalizedF32::ONE,
            rule: Default::default(),
        }));
        let mut pen = x;
        for (run, face) in runs(text, chain) {
            let at = PdfPoint::from_xy(pen, baseline);
            match face {
                Some(i) => {
                    let face = &self.fonts.faces.faces[order[i]];
                    self.surface.draw_text(
                        at,
                        face.font.clone(),
                        size * face.em,
                        run,
                        false,
                        TextDirection::Auto,
                    );
                }
                None => {
                    // No face has these characters: each is drawn as the interface face's box,
                    // a box as wide as the raster canvas draws it, and kept as itself in the
                    // text (its Unicode map, or krilla's ActualText when the box stands for
                    // several characters), so the text still says what was written.
                    let face = &self.fonts.faces.faces[0];
                    let glyphs: Vec<KrillaGlyph> = run
                        .char_indices()
                        .map(|(i, c)| {
                            let range = i..i + c.len_utf8();
                            KrillaGlyph::new(
                                self.fonts.faces.missing,
                                1.0 / face.em,
                                0.0,
                                0.0,
                                0.0,
                                range,
                                None,
                            )
                        })
                        .collect();
                    self.surface.draw_glyphs(
                        at,
                        &glyphs,
                        face.font.clone(),
                        run,
                        size * face.em,
                        false,
                    );
                }
            }
            pen += chain.width(run, size);
        }
        self.surface.set_fill(None);
        pen - x
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
