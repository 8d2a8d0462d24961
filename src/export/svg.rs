//! Board diagrams as SVG: the board painter's shapes as SVG elements, its text as text. The
//! board's face (the Noto Serif CJK subset of pieces, 楚河 漢界 and file numbers, about 20 KB)
//! is embedded, so the pieces look the same in every viewer; other text names Noto Sans CJK and
//! the viewer's sans-serif face.

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

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
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
             <style>@font-face {{ font-family: \"QipuBoard\"; src: url(data:font/otf;base64,{font}) format(\"opentype\"); }}\n\
             .b {{ font-family: \"QipuBoard\", \"Noto Serif CJK SC\", serif; font-weight: bold; }}\n\
             .r {{ font-family: \"Noto Sans CJK SC\", \"Noto Sans SC\", sans-serif; }}</style>\n{body}</svg>\n",
            w = self.width,
            h = self.height,
            font = base64(fonts::BOARD_FONT),
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
        let (chain, class) = match style.weight {
            Weight::Bold => (&self.bold, "b"),
            Weight::Regular => (&self.regular, "r"),
        };
        // Centred as the raster canvas centres it: by advance, and on the CJK em box.
        let (x, baseline) = (
            center.0 - chain.width(text, style.size) / 2.0,
            center.1 + style.size * 0.38,
        );
        let width = chain.width(text, style.size);
        // The face's em size: the layout sizes text by its line height, as ab_glyph does.
        let _ = writeln!(
            self.body,
            "<text class=\"{class}\" x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" textLength=\"{:.2}\" fill=\"{}\"{}>{}</text>",
            x,
            baseline,
            style.size * em_per_height(style.weight),
            width,
            color(c),
            opacity("fill-opacity", c),
            escape(text)
        );
    }
}

/// Em size per unit of line height of the face of `weight`.
fn em_per_height(weight: Weight) -> f32 {
    use ab_glyph::Font as _;
    let data = match weight {
        Weight::Bold => fonts::BOARD_FONT,
        Weight::Regular => fonts::UI_FONT,
    };
    ab_glyph::FontRef::try_from_slice(data)
        .ok()
        .and_then(|f| Some(f.units_per_em()? / f.height_unscaled()))
        .unwrap_or(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_as_the_standard_says() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}
