//! Which notation a move text is written in.

use super::glyphs::{classify, Glyph};
use super::wxf::fold;
use super::Notation;
use crate::rules::Move;

/// The notation `text` looks like, judged from its characters alone: ICCS coordinates, four
/// WXF symbols, Chinese with a movement character (simplified if any glyph is), or Chinese
/// glyphs without one (abbreviated).
pub fn detect(text: &str) -> Option<Notation> {
    let folded = fold(text);
    if folded.is_empty() {
        return None;
    }
    if folded.is_ascii() {
        if Move::parse_iccs(&folded).is_some() {
            return Some(Notation::Iccs);
        }
        return (folded.len() == 4).then_some(Notation::Wxf);
    }
    let mut action = false;
    let mut simplified = false;
    let mut chinese = false;
    for c in text.chars() {
        match classify(c) {
            Some(Glyph::Action(_)) => action = true,
            Some(Glyph::Piece(_) | Glyph::Position(_)) => chinese = true,
            _ => {}
        }
        simplified |= matches!(c, '帅' | '将' | '马' | '车' | '进' | '后' | '码' | '砗');
    }
    match (action, chinese) {
        (true, _) if simplified => Some(Notation::ChineseSimplified),
        (true, _) => Some(Notation::ChineseTraditional),
        (false, true) => Some(Notation::Abbreviated),
        (false, false) => None,
    }
}
