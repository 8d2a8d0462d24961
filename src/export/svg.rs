//! Board diagrams as SVG: the board painter's shapes as SVG elements. The board's face (the
//! Noto Serif CJK subset of pieces, 楚河 漢界 and file numbers) is written as the outlines of its
//! glyphs, so the pieces look the same in every viewer, those that load no embedded font
//! (librsvg, Inkscape) among them; other text is text, in Noto Sans CJK or the viewer's
//! sans-serif face.

use std::fmt::Write as _;

use super::canvas::FontChain;
use super::fonts;
use super::surface::{Point, Rgba, Stroke, Surface, TextStyle, Weight};

/// An SVG picture being drawn, in its own units (`viewBox` 0 0 width height).
pub struct SvgSurface {
    width: f32,
    height: f32,
    body: String,
    regular: FontChain<'static>,
    bold: FontChain<'static>,
}

fn color(c: Rgba) -> String {
    format!("rgb({},{},{})", c.r, c.g, c.b)
}

fn opacity(attribute: &str, c: Rgba) -> String {
    if c.a == 255 {
        String::new()
    } else {
        format!(" {attribute}=\"{:.3}\"", c.opacity())
    }
}

fn stroke_attributes(s: Stroke) -> String {
    format!(
        "fill=\"none\" stroke=\"{}\" stroke-width=\"{:.3}\"{}",
        color(s.color),
        s.width,
        opacity("stroke-opacity", s.color)
    )
}

fn points(list: &[Point]) -> String {
    list.iter()
        .map(|p| format!("{:.2},{:.2}", p.0, p.1))
        .collect::<Vec<_>>()
        .join(" ")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl SvgSurface {
    /// An empty picture `width` × `height` units.
    pub fn new(width: f32, height: f32) -> SvgSurface {
        SvgSurface {
            width,
            height,
            body: String::new(),
            regular: FontChain::new(&[fonts::UI_FONT, fonts::BOARD_FONT]),
            bold: FontChain::new(&[fonts::BOARD_FONT, fonts::UI_FONT]),
        }
    }

    /// The SVG document.
    pub fn finish(self) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <style>.r {{ font-family: \"Noto Sans CJK SC\", \"Noto Sans SC\", sans-serif; }}</style>\n{body}</svg>\n",
            w = self.width,
            h = self.height,
            body = self.body
        )
    }
}

impl Surface for SvgSurface {
    fn hairline(&self) -> f32 {
        0.5
    }

    fn fill_rect(&mut self, min: Point, max: Point, corner_radius: f32, c: Rgba) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" rx=\"{:.2}\" fill=\"{}\"{}/>",
            min.0,
            min.1,
            max.0 - min.0,
            max.1 - min.1,
            corner_radius.max(0.0),
            color(c),
            opacity("fill-opacity", c)
        );
    }

    fn stroke_rect(&mut self, min: Point, max: Point, stroke: Stroke) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" {}/>",
            min.0,
            min.1,
            max.0 - min.0,
            max.1 - min.1,
            stroke_attributes(stroke)
        );
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {}/>",
            from.0,
            from.1,
            to.0,
            to.1,
            stroke_attributes(stroke)
        );
    }

    fn polyline(&mut self, list: &[Point], stroke: Stroke) {
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" {}/>",
            points(list),
            stroke_attributes(stroke)
        );
    }

    fn circle(&mut self, center: Point, radius: f32, fill: Option<Rgba>, stroke: Option<Stroke>) {
        let fill = fill.map_or_else(
            || "fill=\"none\"".to_owned(),
            |c| format!("fill=\"{}\"{}", color(c), opacity("fill-opacity", c)),
        );
        let stroke = stroke.map_or_else(String::new, |s| {
            format!(
                " stroke=\"{}\" stroke-width=\"{:.3}\"{}",
                color(s.color),
                s.width,
                opacity("stroke-opacity", s.color)
            )
        });
        let _ = writeln!(
            self.body,
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {fill}{stroke}/>",
            center.0, center.1, radius
        );
    }

    fn polygon(&mut self, list: &[Point], c: Rgba) {
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\" fill=\"{}\"{}/>",
            points(list),
            color(c),
            opacity("fill-opacity", c)
        );
    }

    fn text(&mut self, center: Point, text: &str, style: TextStyle, c: Rgba) {
        let chain = match style.weight {
            Weight::Bold => &self.bold,
            Weight::Regular => &self.regular,
        };
        // Centred as the raster canvas centres it: by advance, and on the CJK em box.
        let width = chain.width(text, style.size);
        let (x, baseline) = (center.0 - width / 2.0, center.1 + style.size * 0.38);
        let _ = match style.weight {
            // The board's face as the outlines of its glyphs, the text kept as the path's label.
            Weight::Bold => writeln!(
                self.body,
                "<path d=\"{}\" aria-label=\"{}\" fill=\"{}\"{}/>",
                chain.path(text, style.size, x, baseline),
                escape(text),
                color(c),
                opacity("fill-opacity", c)
            ),
            // The face's em size: the layout sizes text by its line height, as ab_glyph does.
            Weight::Regular => writeln!(
                self.body,
                "<text class=\"r\" x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" textLength=\"{:.2}\" fill=\"{}\"{}>{}</text>",
                x,
                baseline,
                style.size * em_per_height(),
                width,
                color(c),
                opacity("fill-opacity", c),
                escape(text)
            ),
        };
    }
}

/// Em size per unit of line height of the face of regular text.
fn em_per_height() -> f32 {
    use ab_glyph::Font as _;
    ab_glyph::FontRef::try_from_slice(fonts::UI_FONT)
        .ok()
        .and_then(|f| Some(f.units_per_em()? / f.height_unscaled()))
        .unwrap_or(1.0)
}

#[cfg(test)]
mod tests {
    use super::super::canvas::{Canvas, FontChain, Rgb};
    use super::*;

    /// The extent of the points of an SVG path's data (its control points included).
    fn extent(d: &str) -> (f32, f32, f32, f32) {
        let numbers: Vec<f32> = d
            .split(|c: char| c.is_ascii_alphabetic() || c == ',' || c == ' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a number"))
            .collect();
        let (xs, ys): (Vec<f32>, Vec<f32>) = numbers.chunks(2).map(|p| (p[0], p[1])).unzip();
        let min = |v: &[f32]| v.iter().copied().fold(f32::INFINITY, f32::min);
        let max = |v: &[f32]| v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        (min(&xs), min(&ys), max(&xs), max(&ys))
    }

    /// The extent of the ink on a canvas.
    fn ink(canvas: Canvas) -> (f32, f32, f32, f32) {
        let image = canvas.into_image();
        let inked: Vec<(u32, u32)> = image
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[0] < 128)
            .map(|(x, y, _)| (x, y))
            .collect();
        let xs = inked.iter().map(|p| p.0 as f32);
        let ys = inked.iter().map(|p| p.1 as f32);
        (
            xs.clone().fold(f32::INFINITY, f32::min),
            ys.clone().fold(f32::INFINITY, f32::min),
            xs.fold(f32::NEG_INFINITY, f32::max) + 1.0,
            ys.fold(f32::NEG_INFINITY, f32::max) + 1.0,
        )
    }

    #[test]
    fn a_glyph_as_a_path_covers_what_the_raster_canvas_inks() {
        let chain = FontChain::new(&[fonts::BOARD_FONT]);
        for text in ["車", "傌", "九"] {
            let mut canvas = Canvas::new(120, 120, Rgb(255, 255, 255));
            chain.draw(&mut canvas, text, 80.0, 20.0, 90.0, Rgb(0, 0, 0));
            let drawn = ink(canvas);
            let path = chain.path(text, 80.0, 20.0, 90.0);
            assert!(path.starts_with('M'), "{path}");
            let outline = extent(&path);
            // The outline holds the ink, and its control points stray from it by little.
            let gaps = [
                drawn.0 - outline.0,
                drawn.1 - outline.1,
                outline.2 - drawn.2,
                outline.3 - drawn.3,
            ];
            assert!(
                gaps.iter().all(|gap| (-1.0..=3.0).contains(gap)),
                "{text}: ink {drawn:?}, outline {outline:?}"
            );
        }
    }

    #[test]
    fn a_character_no_font_has_is_a_box_as_on_the_canvas() {
        let chain = FontChain::new(&[fonts::BOARD_FONT]);
        let path = chain.path("\u{E000}", 50.0, 0.0, 50.0);
        assert_eq!(path.matches('M').count(), 2, "{path}");
        assert_eq!(path.matches('Z').count(), 2, "{path}");
        let (x0, y0, x1, y1) = extent(&path);
        // The frame of the box the raster canvas strokes: 0.12–0.88 em across, 3 pixels wide.
        assert!(
            (x0 - 4.5).abs() < 0.01 && (x1 - 45.5).abs() < 0.01,
            "{path}"
        );
        assert!(
            (y0 - 9.5).abs() < 0.01 && (y1 - 54.5).abs() < 0.01,
            "{path}"
        );
    }

    #[test]
    fn the_pieces_are_paths_and_other_text_is_text() {
        let mut svg = SvgSurface::new(100.0, 100.0);
        svg.text(
            (50.0, 30.0),
            "車",
            TextStyle::new(30.0, Weight::Bold),
            Rgba::rgb(0, 0, 0),
        );
        svg.text(
            (50.0, 80.0),
            "1. 炮二平五",
            TextStyle::new(10.0, Weight::Regular),
            Rgba::rgb(0, 0, 0),
        );
        let picture = svg.finish();
        assert!(picture.contains("<path d=\"M"), "{picture}");
        assert!(picture.contains("aria-label=\"車\""), "{picture}");
        assert!(picture.contains(">1. 炮二平五</text>"), "{picture}");
        assert!(!picture.contains("@font-face"), "no font is embedded");
    }
}
