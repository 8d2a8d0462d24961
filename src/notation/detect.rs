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

/// The simplified glyphs [`script_of`] counts.
const SIMPLIFIED: [char; 8] = ['帅', '将', '马', '车', '进', '后', '码', '砗'];
/// The traditional glyphs [`script_of`] counts.
const TRADITIONAL: [char; 10] = ['帥', '將', '馬', '車', '進', '後', '碼', '硨', '傌', '俥'];

/// Glyphs of U+4000–U+9FFF as bits, for looking them up in UTF-8 without decoding: the word
/// at `(lead - 0xE4) * 64 + (second & 0x3F)` has bit `third & 0x3F` set for each glyph whose
/// three bytes are lead, second, third.
struct GlyphBits([u64; 6 * 64]);

impl GlyphBits {
    const fn of(glyphs: &[char]) -> GlyphBits {
        let mut bits = [0u64; 6 * 64];
        let mut i = 0;
        while i < glyphs.len() {
            let c = glyphs[i] as u32;
            // Three bytes 1110xxxx 10xxxxxx 10xxxxxx; the lead is 0xE4–0xE9 for U+4000–U+9FFF.
            assert!(c >= 0x4000 && c <= 0x9FFF);
            let (lead, second, third) = ((c >> 12) - 4, (c >> 6) & 0x3F, c & 0x3F);
            bits[(lead * 64 + second) as usize] |= 1 << third;
            i += 1;
        }
        GlyphBits(bits)
    }

    /// Whether the character of these three UTF-8 bytes (lead 0xE4–0xE9) is one of the glyphs.
    #[inline(always)]
    fn has(&self, lead: u8, second: u8, third: u8) -> bool {
        let word = usize::from(lead - 0xE4) * 64 + usize::from(second & 0x3F);
        self.0[word] & (1 << (third & 0x3F)) != 0
    }
}

const SIMPLIFIED_BITS: GlyphBits = GlyphBits::of(&SIMPLIFIED);
const TRADITIONAL_BITS: GlyphBits = GlyphBits::of(&TRADITIONAL);

/// The script a text is written in, told by the glyphs of move notation that differ between the
/// two (帅/帥, 将/將, 马/馬, 车/車, 进/進, 后/後, 码/碼, 砗/硨, and the red 傌/俥): the script with
/// more of them; `None` when there are none or as many of each.
pub fn script_of(text: &str) -> Option<Script> {
    let (mut simplified, mut traditional) = (0usize, 0usize);
    // Every glyph told apart is a CJK ideograph, three bytes in UTF-8 led by 0xE4–0xE9: the
    // bytes are looked at as they stand (a lead byte is never part of another character), and
    // every other byte is passed over with one test.
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 2 < bytes.len() {
        let lead = bytes[i];
        if !(0xE4..=0xE9).contains(&lead) {
            i += 1;
            continue;
        }
        let (second, third) = (bytes[i + 1], bytes[i + 2]);
        simplified += usize::from(SIMPLIFIED_BITS.has(lead, second, third));
        traditional += usize::from(TRADITIONAL_BITS.has(lead, second, third));
        i += 3;
    }
    match simplified.cmp(&traditional) {
        std::cmp::Ordering::Greater => Some(Script::Simplified),
        std::cmp::Ordering::Less => Some(Script::Traditional),
        std::cmp::Ordering::Equal => None,
    }
}

/// The script of one of the glyphs [`script_of`] counts; `None` for any other character.
pub(crate) fn script_glyph(c: char) -> Option<Script> {
    if SIMPLIFIED.contains(&c) {
        Some(Script::Simplified)
    } else if TRADITIONAL.contains(&c) {
        Some(Script::Traditional)
    } else {
        None
    }
}

/// Whether [`fold`] leaves `c` ASCII or drops it: ASCII, full-width ASCII, the minus sign, white
/// space.
pub(crate) fn folds_to_ascii(c: char) -> bool {
    c.is_ascii() || c.is_whitespace() || matches!(c, '\u{ff01}'..='\u{ff5e}' | '−')
}
