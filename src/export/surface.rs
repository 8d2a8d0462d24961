//! What the board painter draws on: a small set of shapes that a screen painter, a raster
//! canvas and a vector page (PDF, SVG) each draw in their own way.
//!
//! Coordinates are in the surface's own units — screen points, pixels, PDF points — with `x`
//! growing to the right and `y` downwards (a PDF backend flips `y` itself). Text is passed as
//! text, centred on a point: a raster backend rasterises its glyphs, a vector one writes text
//! with its font embedded.

/// A point on a surface, in the surface's units, `y` growing downwards.
pub type Point = (f32, f32);

/// A colour: sRGB components with straight (not premultiplied) alpha, 255 opaque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity: 0 transparent, 255 opaque.
    pub a: u8,
}

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// The same colour at opacity `a`.
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// The opacity as a fraction, 0.0–1.0.
    pub fn opacity(self) -> f32 {
        f32::from(self.a) / 255.0
    }
}

/// How a line is drawn: its width (in surface units) and colour. The stroke is centred on the
/// line or outline it follows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in surface units.
    pub width: f32,
    /// Colour.
    pub color: Rgba,
}

impl Stroke {
    /// A stroke of `width` in `color`.
    pub const fn new(width: f32, color: Rgba) -> Stroke {
        Stroke { width, color }
    }
}

/// The weight of a text's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// The interface face (Noto Sans CJK Regular).
    Regular,
    /// The board's face (Noto Serif CJK Bold): pieces, 楚河 漢界, file numbers.
    Bold,
}

/// The face and size of a text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// The em size in surface units.
    pub size: f32,
    /// The face's weight.
    pub weight: Weight,
}

impl TextStyle {
    /// Text of `size` in the `weight` face.
    pub const fn new(size: f32, weight: Weight) -> TextStyle {
        TextStyle { size, weight }
    }
}

/// A surface to draw on. Line ends and joins are the surface's own (a screen cuts them square,
/// the raster canvas rounds them); everything else is specified here.
pub trait Surface {
    /// The thinnest line worth drawing, in surface units: the board painter never draws thinner.
    fn hairline(&self) -> f32 {
        1.0
    }

    /// Fill the rectangle from `min` to `max` with corners rounded to `corner_radius`.
    fn fill_rect(&mut self, min: Point, max: Point, corner_radius: f32, color: Rgba);

    /// The outline of the rectangle from `min` to `max`, square-cornered.
    fn stroke_rect(&mut self, min: Point, max: Point, stroke: Stroke);

    /// A straight line.
    fn line(&mut self, from: Point, to: Point, stroke: Stroke);

    /// An open path through `points`.
    fn polyline(&mut self, points: &[Point], stroke: Stroke);

    /// A circle of `radius` around `center`, filled, outlined (the outline centred on the
    /// radius, over the fill), or both.
    fn circle(&mut self, center: Point, radius: f32, fill: Option<Rgba>, stroke: Option<Stroke>);

    /// A filled convex polygon (points in either turning order).
    fn polygon(&mut self, points: &[Point], color: Rgba);

    /// `text` on one line, centred on `center`: horizontally by its advance, vertically on the
    /// em box of CJK ideographs.
    fn text(&mut self, center: Point, text: &str, style: TextStyle, color: Rgba);

    /// A filled circle.
    fn disc(&mut self, center: Point, radius: f32, color: Rgba) {
        self.circle(center, radius, Some(color), None);
    }

    /// A circle's outline, centred on `radius`.
    fn ring(&mut self, center: Point, radius: f32, stroke: Stroke) {
        self.circle(center, radius, None, Some(stroke));
    }
}
