//! A small anti-aliased painter over an RGBA image: rectangles, thick lines, discs, rings,
//! convex polygons and text from outline fonts. Coverage is computed from the distance of each
//! pixel centre to the shape, which is exact enough for diagrams and cheap. [`Raster`] is the
//! board painter's [`Surface`] on it.

use std::fmt::Write as _;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve, PxScale, ScaleFont};
use image::RgbaImage;

use super::fonts;
use super::surface::Point;
use super::surface::{Rgba, Stroke, Surface, TextStyle, Weight};

/// An opaque colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// A painter over an RGBA image.
pub struct Canvas {
    image: RgbaImage,
}

fn clamp01(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl Canvas {
    /// A canvas filled with `ground`.
    pub fn new(width: u32, height: u32, ground: Rgb) -> Canvas {
        Canvas {
            image: RgbaImage::from_pixel(
                width,
                height,
                image::Rgba([ground.0, ground.1, ground.2, 255]),
            ),
        }
    }

    /// The picture.
    pub fn into_image(self) -> RgbaImage {
        self.image
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// Blend `color` at opacity `alpha × coverage` into the pixel.
    fn blend(&mut self, x: i64, y: i64, color: Rgb, alpha: f32) {
        if x < 0 || y < 0 || alpha <= 0.0 {
            return;
        }
        let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
            return;
        };
        let Some(pixel) = self.image.get_pixel_mut_checked(x, y) else {
            return;
        };
        let a = clamp01(alpha);
        let mix = |under: u8, over: u8| -> u8 {
            (f32::from(under) * (1.0 - a) + f32::from(over) * a).round() as u8
        };
        pixel.0 = [
            mix(pixel.0[0], color.0),
            mix(pixel.0[1], color.1),
            mix(pixel.0[2], color.2),
            255,
        ];
    }

    /// Visit the pixels of a box (clipped to the canvas) with their centres.
    fn each_pixel(
        &mut self,
        min: Point,
        max: Point,
        mut f: impl FnMut(f32, f32) -> f32,
        color: Rgb,
        alpha: f32,
    ) {
        let x0 = (min.0.floor() as i64).max(0);
        let y0 = (min.1.floor() as i64).max(0);
        let x1 = (max.0.ceil() as i64).min(i64::from(self.width()));
        let y1 = (max.1.ceil() as i64).min(i64::from(self.height()));
        for y in y0..y1 {
            for x in x0..x1 {
                let coverage = f(x as f32 + 0.5, y as f32 + 0.5);
                if coverage > 0.0 {
                    self.blend(x, y, color, alpha * coverage);
                }
            }
        }
    }

    /// Fill an axis-aligned rectangle.
    pub fn fill_rect(&mut self, min: Point, max: Point, color: Rgb) {
        self.fill_rect_alpha(min, max, color, 1.0);
    }

    /// [`Canvas::fill_rect`] at an opacity.
    fn fill_rect_alpha(&mut self, min: Point, max: Point, color: Rgb, alpha: f32) {
        self.each_pixel(
            min,
            max,
            |x, y| {
                let cx = clamp01(x + 0.5 - min.0) * clamp01(max.0 - (x - 0.5));
                let cy = clamp01(y + 0.5 - min.1) * clamp01(max.1 - (y - 0.5));
                cx * cy
            },
            color,
            alpha,
        );
    }

    /// Fill a rectangle with corners rounded to `radius`, at an opacity.
    pub fn fill_rounded_rect(
        &mut self,
        min: Point,
        max: Point,
        radius: f32,
        color: Rgb,
        alpha: f32,
    ) {
        let radius = radius.min((max.0 - min.0) / 2.0).min((max.1 - min.1) / 2.0);
        if radius <= 0.0 {
            self.fill_rect_alpha(min, max, color, alpha);
            return;
        }
        let center = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
        let inner = (
            (max.0 - min.0) / 2.0 - radius,
            (max.1 - min.1) / 2.0 - radius,
        );
        self.each_pixel(
            min,
            max,
            |x, y| {
                // Distance outside the rectangle shrunk by `radius`, less the radius.
                let qx = ((x - center.0).abs() - inner.0).max(0.0);
                let qy = ((y - center.1).abs() - inner.1).max(0.0);
                clamp01(radius - (qx * qx + qy * qy).sqrt() + 0.5)
            },
            color,
            alpha,
        );
    }

    /// The outline of a rectangle, the stroke centred on its edges.
    pub fn stroke_rect(&mut self, min: Point, max: Point, width: f32, color: Rgb) {
        self.stroke_rect_alpha(min, max, width, color, 1.0);
    }

    /// [`Canvas::stroke_rect`] at an opacity.
    fn stroke_rect_alpha(&mut self, min: Point, max: Point, width: f32, color: Rgb, alpha: f32) {
        let h = width / 2.0;
        for (a, b) in [
            ((min.0 - h, min.1 - h), (max.0 + h, min.1 + h)),
            ((min.0 - h, max.1 - h), (max.0 + h, max.1 + h)),
            ((min.0 - h, min.1 + h), (min.0 + h, max.1 - h)),
            ((max.0 - h, min.1 + h), (max.0 + h, max.1 - h)),
        ] {
            self.fill_rect_alpha(a, b, color, alpha);
        }
    }

    /// A line of `width` with round ends.
    pub fn line(&mut self, a: Point, b: Point, width: f32, color: Rgb) {
        self.line_alpha(a, b, width, color, 1.0);
    }

    /// [`Canvas::line`] at an opacity.
    pub fn line_alpha(&mut self, a: Point, b: Point, width: f32, color: Rgb, alpha: f32) {
        let r = width / 2.0;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        self.each_pixel(
            (a.0.min(b.0) - r - 1.0, a.1.min(b.1) - r - 1.0),
            (a.0.max(b.0) + r + 1.0, a.1.max(b.1) + r + 1.0),
            |x, y| {
                let t = (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0);
                let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
                clamp01(r - (px * px + py * py).sqrt() + 0.5)
            },
            color,
            alpha,
        );
    }

    /// A polyline of `width`, its joins round.
    pub fn polyline(&mut self, points: &[Point], width: f32, color: Rgb) {
        self.polyline_alpha(points, width, color, 1.0);
    }

    /// [`Canvas::polyline`] at an opacity (translucent joins are blended twice).
    fn polyline_alpha(&mut self, points: &[Point], width: f32, color: Rgb, alpha: f32) {
        for pair in points.windows(2) {
            self.line_alpha(pair[0], pair[1], width, color, alpha);
        }
    }

    /// A filled circle.
    pub fn disc(&mut self, c: Point, r: f32, color: Rgb, alpha: f32) {
        self.each_pixel(
            (c.0 - r - 1.0, c.1 - r - 1.0),
            (c.0 + r + 1.0, c.1 + r + 1.0),
            |x, y| clamp01(r - ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt() + 0.5),
            color,
            alpha,
        );
    }

    /// A circle outline of `width` centred on radius `r`.
    pub fn ring(&mut self, c: Point, r: f32, width: f32, color: Rgb, alpha: f32) {
        let h = width / 2.0;
        self.each_pixel(
            (c.0 - r - h - 1.0, c.1 - r - h - 1.0),
            (c.0 + r + h + 1.0, c.1 + r + h + 1.0),
            |x, y| {
                let d = ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt();
                clamp01(h - (d - r).abs() + 0.5)
            },
            color,
            alpha,
        );
    }

    /// A filled convex polygon (points in either turning order), 4×4 samples a pixel.
    pub fn convex(&mut self, points: &[Point], color: Rgb, alpha: f32) {
        if points.len() < 3 {
            return;
        }
        let min = points
            .iter()
            .fold((f32::MAX, f32::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
        let max = points
            .iter()
            .fold((f32::MIN, f32::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
        let n = points.len();
        let inside = |x: f32, y: f32| {
            let mut sign = 0.0f32;
            for i in 0..n {
                let (a, b) = (points[i], points[(i + 1) % n]);
                let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
                if cross != 0.0 {
                    if sign == 0.0 {
                        sign = cross.signum();
                    } else if cross.signum() != sign {
                        return false;
                    }
                }
            }
            true
        };
        self.each_pixel(
            min,
            max,
            |x, y| {
                let mut hits = 0;
                for i in 0..4 {
                    for j in 0..4 {
                        let sx = x - 0.5 + (i as f32 + 0.5) / 4.0;
                        let sy = y - 0.5 + (j as f32 + 0.5) / 4.0;
                        if inside(sx, sy) {
                            hits += 1;
                        }
                    }
                }
                hits as f32 / 16.0
            },
            color,
            alpha,
        );
    }
}

/// Fonts tried in order for each character.
pub struct FontChain<'a> {
    fonts: Vec<FontRef<'a>>,
}

/// A character none of the fonts has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("no font has the character '{0}' (U+{code:04X})", code = *.0 as u32)]
pub struct MissingGlyph(pub char);

impl<'a> FontChain<'a> {
    /// The fonts, first choice first. Font data that cannot be read is left out.
    pub fn new(data: &[&'a [u8]]) -> FontChain<'a> {
        FontChain {
            fonts: data
                .iter()
                .filter_map(|d| FontRef::try_from_slice(d).ok())
                .collect(),
        }
    }

    /// The font and glyph for a character.
    fn glyph(&self, c: char) -> Option<(&FontRef<'a>, GlyphId)> {
        self.fonts.iter().find_map(|f| {
            let id = f.glyph_id(c);
            (id.0 != 0).then_some((f, id))
        })
    }

    /// Which of the fonts draws `c` (its place in the list given to [`FontChain::new`]), if any.
    pub fn face_of(&self, c: char) -> Option<usize> {
        self.fonts.iter().position(|f| f.glyph_id(c).0 != 0)
    }

    /// The first character of `text` no font has, if any.
    pub fn missing(&self, text: &str) -> Option<MissingGlyph> {
        text.chars()
            .find(|&c| !c.is_whitespace() && self.glyph(c).is_none())
            .map(MissingGlyph)
    }

    /// The advance width of `text` at `size` pixels.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| match self.glyph(c) {
                Some((font, id)) => font.as_scaled(PxScale::from(size)).h_advance(id),
                None if c.is_whitespace() => size * 0.5,
                None => size,
            })
            .sum()
    }

    /// The outlines of `text` at `size` pixels, its left end at `x` and its baseline at
    /// `baseline`, as the data of an SVG path (`d`), drawn as [`FontChain::draw`] draws them: a
    /// character no font has is an empty box.
    pub fn path(&self, text: &str, size: f32, x: f32, baseline: f32) -> String {
        let mut d = String::new();
        let mut pen = x;
        for c in text.chars() {
            let Some((font, id)) = self.glyph(c) else {
                if !c.is_whitespace() {
                    let ((x0, y0), (x1, y1), w) = missing_box(pen, baseline, size);
                    // The box's frame: its outer edge one way round, its inner edge the other.
                    for (left, top, right, bottom) in [
                        (x0 - w / 2.0, y0 - w / 2.0, x1 + w / 2.0, y1 + w / 2.0),
                        (x0 + w / 2.0, y0 + w / 2.0, x1 - w / 2.0, y1 - w / 2.0),
                    ] {
                        let corners = if left < x0 {
                            [(left, top), (right, top), (right, bottom), (left, bottom)]
                        } else {
                            [(left, top), (left, bottom), (right, bottom), (right, top)]
                        };
                        for (n, (px, py)) in corners.iter().enumerate() {
                            let command = if n == 0 { 'M' } else { 'L' };
                            let _ = write!(d, "{command}{px:.2},{py:.2}");
                        }
                        d.push('Z');
                    }
                }
                pen += size;
                continue;
            };
            let scaled = font.as_scaled(PxScale::from(size));
            if let Some(outline) = font.outline(id) {
                let (h, v) = (scaled.h_scale_factor(), scaled.v_scale_factor());
                // Font units run up from the baseline; the picture's run down.
                let at = |p: ab_glyph::Point| (pen + p.x * h, baseline - p.y * v);
                let mut end: Option<(f32, f32)> = None;
                for curve in &outline.curves {
                    let (start, points) = match *curve {
                        OutlineCurve::Line(a, b) => (a, vec![('L', at(b))]),
                        OutlineCurve::Quad(a, b, c) => (a, vec![('Q', at(b)), (' ', at(c))]),
                        OutlineCurve::Cubic(a, b, c, e) => {
                            (a, vec![('C', at(b)), (' ', at(c)), (' ', at(e))])
                        }
                    };
                    let start = at(start);
                    if end.is_none_or(|e| {
                        (e.0 - start.0).abs() > 1e-3 || (e.1 - start.1).abs() > 1e-3
                    }) {
                        let _ = write!(d, "M{:.2},{:.2}", start.0, start.1);
                    }
                    for (command, (px, py)) in &points {
                        let _ = write!(d, "{command}{px:.2},{py:.2}");
                    }
                    end = points.last().map(|&(_, p)| p);
                }
            }
            pen += scaled.h_advance(id);
        }
        d
    }

    /// Draw `text` with its left end at `x` and its baseline at `baseline`; returns the width.
    pub fn draw(
        &self,
        canvas: &mut Canvas,
        text: &str,
        size: f32,
        x: f32,
        baseline: f32,
        color: Rgb,
    ) -> f32 {
        self.draw_alpha(canvas, text, (size, x, baseline), color, 1.0)
    }

    /// [`FontChain::draw`] at an opacity; `at` is the size, the left end and the baseline.
    fn draw_alpha(
        &self,
        canvas: &mut Canvas,
        text: &str,
        at: (f32, f32, f32),
        color: Rgb,
        alpha: f32,
    ) -> f32 {
        let (size, x, baseline) = at;
        let mut pen = x;
        for c in text.chars() {
            let Some((font, id)) = self.glyph(c) else {
                // A character no font has is shown as an empty box, never silently dropped.
                if !c.is_whitespace() {
                    let (min, max, w) = missing_box(pen, baseline, size);
                    canvas.stroke_rect_alpha(min, max, w, color, alpha);
                }
                pen += size;
                continue;
            };
            let scaled = font.as_scaled(PxScale::from(size));
            let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, baseline));
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|gx, gy, coverage| {
                    canvas.blend(
                        i64::from(gx) + bounds.min.x as i64,
                        i64::from(gy) + bounds.min.y as i64,
                        color,
                        alpha * coverage,
                    );
                });
            }
            pen += scaled.h_advance(id);
        }
        pen - x
    }

    /// Draw `text` centred on `center` (horizontally by advance, vertically by the CJK em box).
    pub fn draw_centered(
        &self,
        canvas: &mut Canvas,
        text: &str,
        size: f32,
        center: Point,
        color: Rgb,
    ) {
        let (x, baseline) = self.centred_start(text, size, center);
        self.draw(canvas, text, size, x, baseline, color);
    }

    /// The left end and baseline that centre `text` on `center`.
    fn centred_start(&self, text: &str, size: f32, center: Point) -> Point {
        // CJK ideographs fill the em box from about 0.12 em below the baseline to 0.88 above.
        (
            center.0 - self.width(text, size) / 2.0,
            center.1 + size * 0.38,
        )
    }
}

/// The empty box a character no font has is shown as, at `size` with the pen at `pen` on
/// `baseline`: its corners and the width of its frame.
fn missing_box(pen: f32, baseline: f32, size: f32) -> (Point, Point, f32) {
    (
        (pen + size * 0.12, baseline - size * 0.78),
        (pen + size * 0.88, baseline + size * 0.06),
        (size * 0.06).max(1.0),
    )
}

/// A canvas with the fonts it writes in: the raster [`Surface`], in pixels.
pub struct Raster<'f> {
    canvas: Canvas,
    bold: FontChain<'f>,
    regular: FontChain<'f>,
}

impl Raster<'static> {
    /// `canvas`, writing in the embedded fonts.
    pub fn new(canvas: Canvas) -> Raster<'static> {
        Raster {
            canvas,
            bold: FontChain::new(&[fonts::BOARD_FONT, fonts::UI_FONT, fonts::LATIN_FONT]),
            regular: FontChain::new(&[fonts::UI_FONT, fonts::BOARD_FONT, fonts::LATIN_FONT]),
        }
    }
}

impl Raster<'_> {
    /// The picture.
    pub fn into_image(self) -> RgbaImage {
        self.canvas.into_image()
    }
}

/// A surface colour as the canvas's colour and opacity.
fn split(color: Rgba) -> (Rgb, f32) {
    (Rgb(color.r, color.g, color.b), color.opacity())
}

impl Surface for Raster<'_> {
    fn fill_rect(&mut self, min: Point, max: Point, corner_radius: f32, color: Rgba) {
        let (rgb, alpha) = split(color);
        self.canvas
            .fill_rounded_rect(min, max, corner_radius, rgb, alpha);
    }

    fn stroke_rect(&mut self, min: Point, max: Point, stroke: Stroke) {
        let (rgb, alpha) = split(stroke.color);
        self.canvas
            .stroke_rect_alpha(min, max, stroke.width, rgb, alpha);
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let (rgb, alpha) = split(stroke.color);
        self.canvas.line_alpha(from, to, stroke.width, rgb, alpha);
    }

    fn polyline(&mut self, points: &[Point], stroke: Stroke) {
        let (rgb, alpha) = split(stroke.color);
        self.canvas.polyline_alpha(points, stroke.width, rgb, alpha);
    }

    fn circle(&mut self, center: Point, radius: f32, fill: Option<Rgba>, stroke: Option<Stroke>) {
        if let Some(fill) = fill {
            let (rgb, alpha) = split(fill);
            self.canvas.disc(center, radius, rgb, alpha);
        }
        if let Some(stroke) = stroke {
            let (rgb, alpha) = split(stroke.color);
            self.canvas.ring(center, radius, stroke.width, rgb, alpha);
        }
    }

    fn polygon(&mut self, points: &[Point], color: Rgba) {
        let (rgb, alpha) = split(color);
        self.canvas.convex(points, rgb, alpha);
    }

    fn text(&mut self, center: Point, text: &str, style: TextStyle, color: Rgba) {
        let (rgb, alpha) = split(color);
        let fonts = match style.weight {
            Weight::Bold => &self.bold,
            Weight::Regular => &self.regular,
        };
        let (x, baseline) = fonts.centred_start(text, style.size, center);
        let at = (style.size, x, baseline);
        fonts.draw_alpha(&mut self.canvas, text, at, rgb, alpha);
    }
}
