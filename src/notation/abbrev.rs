//! Abbreviated notation (art. 7.5): piece, from-file and last number in Arabic digits for both
//! sides, the movement shown by a stroke on the last digit — 炮25 馬87̲ 車98 炮84̲.
//!
//! * The stroke is a combining character after the digit: U+0332 (a line under it) or U+0305
//!   (a line over it). Which of them means 進 is a setting ([`StrokeConvention`](super::StrokeConvention)); by default the
//!   line under means 進 and the line over means 退; 平 has none. When reading, `+`, `-` and `.`
//!   (or `=`) typed before or after the last digit stand for 進, 退 and 平.
//! * The rule gives no slot for telling like pieces apart. Qipu writes the same word as full
//!   notation in place of the from-file digit, keeping the piece glyph: 前車2̲ (前車進二), 後炮5
//!   (後炮平５), 一兵4 (一兵平四); in the textbook soldier convention the word and the file:
//!   前34 (前三平四). Position words stay Chinese characters, so they never read as digits.
//! * A move without a stroke can mean 進, 退 or 平: reading it returns every legal move that fits.

use super::chinese::{self, Prefix};
use super::geometry;
use super::glyphs::{self, Stroke, OVERLINE, UNDERLINE};
use super::WriteOptions;
use crate::rules::{Move, Position};

/// Write `mv` in abbreviated notation with strokes; `None` if no piece of the side to move
/// stands on `mv.from` or no piece moves like that.
pub(crate) fn write(pos: &Position, mv: Move, options: &WriteOptions) -> Option<String> {
    let piece = pos
        .piece_at(mv.from)
        .filter(|p| p.color == pos.side_to_move())?;
    let (action, number) = geometry::describe(piece, mv)?;
    let script = options.abbreviated_script;
    let mut out = String::with_capacity(12);
    match chinese::prefix(pos, mv, piece, options) {
        Prefix::File(file) => {
            out.push(glyphs::piece_glyph(script, piece.color, piece.kind));
            out.push(glyphs::digit(file, false));
        }
        Prefix::Word(word) => {
            out.push(glyphs::position_glyph(script, word));
            out.push(glyphs::piece_glyph(script, piece.color, piece.kind));
        }
        Prefix::WordAndFile(word, file) => {
            out.push(glyphs::position_glyph(script, word));
            out.push(glyphs::digit(file, false));
        }
    }
    out.push(glyphs::digit(number, false));
    match options.strokes.stroke(action) {
        Some(Stroke::Under) => out.push(UNDERLINE),
        Some(Stroke::Over) => out.push(OVERLINE),
        None => {}
    }
    Some(out)
}

/// A text's strokes, for drawing them by hand where a renderer cannot place combining marks:
/// the text without them, and for each stroke the index (in characters of that text) of the
/// character it is drawn on, with where (under or over). A stroke with nothing before it is
/// dropped.
pub fn stroke_marks(text: &str) -> (String, Vec<(usize, Stroke)>) {
    let mut plain = String::with_capacity(text.len());
    let mut marks = Vec::new();
    let mut count = 0;
    for c in text.chars() {
        let stroke = match c {
            UNDERLINE => Stroke::Under,
            OVERLINE => Stroke::Over,
            _ => {
                plain.push(c);
                count += 1;
                continue;
            }
        };
        if count > 0 {
            marks.push((count - 1, stroke));
        }
    }
    (plain, marks)
}

/// Remove the strokes of an abbreviated move: what survives plain text.
pub fn strip_strokes(text: &str) -> String {
    text.chars()
        .filter(|&c| c != UNDERLINE && c != OVERLINE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stroke_marks_name_the_digit_each_stroke_is_drawn_on() {
        // 相3̲5 (相三進五), 炮21 (炮二平一), 前車6̅ and a stroke with nothing before it.
        let (plain, marks) = stroke_marks("相35\u{0332} · 炮21 · 前車6\u{0305}");
        assert_eq!(plain, "相35 · 炮21 · 前車6");
        assert_eq!(marks, [(2, Stroke::Under), (14, Stroke::Over)]);
        assert_eq!(stroke_marks("\u{0332}5").1, []);
    }
}
