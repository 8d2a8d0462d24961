//! Which notation a move text is written in.

use super::glyphs::{classify, Glyph};
use super::wxf::fold;
use super::{Notation, Script};
use crate::rules::Move;

/// The notation `text` looks like, judged from its characters alone: ICCS coordinates, four
/// WXF symbols, Chinese with a movement character (simplified if any glyph is), or Chinese
/// glyphs without one (abbreviated).
pub fn detect(text: &str) -> Option<Notation> {
    // Only text that folds to ASCII (ICCS, WXF in either width) is folded: Chinese text is
    // classified as it stands, without a copy.
    if text.chars().all(folds_to_ascii) {
        let folded = fold(text);
        if folded.is_empty() {
            return None;
        }
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

/// The script a text is written in, told by the glyphs of move notation that differ between the
/// two (帅/帥, 将/將, 马/馬, 车/車, 进/進, 后/後, 码/碼, 砗/硨, and the red 傌/俥): the script with
/// more of them; `None` when there are none or as many of each.
pub fn script_of(text: &str) -> Option<Script> {
    let (mut simplified, mut traditional) = (0usize, 0usize);
    for c in text.chars() {
        if "帅将马车进后码砗".contains(c) {
            simplified += 1;
        } else if "帥將馬車進後碼硨傌俥".contains(c) {
            traditional += 1;
        }
    }
    match simplified.cmp(&traditional) {
        std::cmp::Ordering::Greater => Some(Script::Simplified),
        std::cmp::Ordering::Less => Some(Script::Traditional),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether [`fold`] leaves `c` ASCII or drops it: ASCII, full-width ASCII, the minus sign, white
/// space.
pub(super) fn folds_to_ascii(c: char) -> bool {
    c.is_ascii() || c.is_whitespace() || matches!(c, '\u{ff01}'..='\u{ff5e}' | '−')
}
