//! The characters of Chinese move notation: what each glyph means when read (every variant
//! found in real records) and which glyph is written (one canonical set per script).

use crate::rules::{Color, PieceKind};

/// The three movements of art. 7.2: forward (進), backward (退), sideways (平).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Action {
    /// 進 (进, also written 上): towards the opponent.
    Advance,
    /// 退 (also written 下): towards the own side.
    Retreat,
    /// 平: along the rank.
    Traverse,
}

/// A word that tells apart like pieces on one file (art. 7.3): 前, 中, 後 or an ordinal 一…五.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PositionWord {
    /// 前: the one nearest the opponent.
    Front,
    /// 中: the middle one of an odd number.
    Middle,
    /// 後 (后): the one nearest the own side.
    Rear,
    /// 一…五 (or a digit): counted front to back.
    Ordinal(u8),
}

/// A stroke drawn on the last digit of an abbreviated move (formats.md §2.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stroke {
    /// U+0332 COMBINING LOW LINE: a line under the digit.
    Under,
    /// U+0305 COMBINING OVERLINE: a line over the digit.
    Over,
}

/// The combining character for a line under a digit.
pub(crate) const UNDERLINE: char = '\u{0332}';
/// The combining character for a line over a digit.
pub(crate) const OVERLINE: char = '\u{0305}';

/// What one character of a Chinese or abbreviated move means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Glyph {
    Piece(PieceKind),
    /// A number 0–9 in any style: 一…九, 1…9, １…９ (0 only to report it out of range).
    Number(u8),
    Position(PositionWord),
    /// 進/退/平 written as a character.
    Action(Action),
    /// `+`, `-`, `.` or `=` typed for a direction in abbreviated notation.
    Operator(Action),
    Stroke(Stroke),
    /// Spaces, which are ignored.
    Space,
}

/// The meaning of `c`, accepting every glyph variant in circulation (formats.md §2.5).
#[inline]
pub(crate) fn classify(c: char) -> Option<Glyph> {
    match IdeographTable::get().lookup(c) {
        Some(meaning) => meaning,
        None => meaning_of(c),
    }
}

/// [`meaning_of`] for the CJK ideographs U+4000–U+9FFF, where most glyphs of a move are, looked
/// up in two steps (the code point's upper bits, then its low six) instead of matched: made
/// once from [`meaning_of`] itself, so the two never disagree.
struct IdeographTable {
    /// For each 64 code points from U+4000, the block of `blocks` holding their meanings, or
    /// `u8::MAX` when none of them means anything.
    block_of: [u8; Self::SPAN >> 6],
    blocks: Vec<[Option<Glyph>; 64]>,
}

impl IdeographTable {
    const FIRST: u32 = 0x4000;
    const SPAN: usize = 0x6000;

    fn get() -> &'static IdeographTable {
        static TABLE: std::sync::OnceLock<IdeographTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut table = IdeographTable {
                block_of: [u8::MAX; Self::SPAN >> 6],
                blocks: Vec::new(),
            };
            for (i, slot) in table.block_of.iter_mut().enumerate() {
                let base = Self::FIRST + (i as u32) * 64;
                let block: [Option<Glyph>; 64] = std::array::from_fn(|low| {
                    char::from_u32(base + low as u32).and_then(meaning_of)
                });
                if block.iter().any(Option::is_some) {
                    *slot = u8::try_from(table.blocks.len())
                        .ok()
                        .filter(|&b| b < u8::MAX)
                        .expect("move glyphs fall in fewer than 255 blocks of 64");
                    table.blocks.push(block);
                }
            }
            table
        })
    }

    /// The meaning of `c` when it is in the table's range (`Some(None)`: it means nothing);
    /// `None` for a character outside it.
    #[inline(always)]
    fn lookup(&self, c: char) -> Option<Option<Glyph>> {
        let offset = (c as u32).checked_sub(Self::FIRST)? as usize;
        let block = *self.block_of.get(offset >> 6)?;
        Some(
            self.blocks
                .get(usize::from(block))
                .and_then(|b| b[offset & 63]),
        )
    }
}

/// Every character other than ASCII that means something in a move ([`classify`] gives it a
/// meaning): readers of two-byte encodings look these up by their codes.
pub(crate) const WIDE_GLYPHS: &str =
    "帥帅將将仕士相象馬马傌碼码車车俥硨砗炮砲包兵卒前中後后進进上退下平\
                                       ＋－−．＝\u{332}\u{305}\u{3000}\u{a0}０１２３４５６７８９\
                                       〇零一二三四五六七八九";

/// The meaning of `c` by the glyph tables of formats.md §2.5.
fn meaning_of(c: char) -> Option<Glyph> {
    use PieceKind::*;
    let glyph = match c {
        '帥' | '帅' | '將' | '将' => Glyph::Piece(General),
        '仕' | '士' => Glyph::Piece(Advisor),
        '相' | '象' => Glyph::Piece(Elephant),
        '馬' | '马' | '傌' | '碼' | '码' => Glyph::Piece(Horse),
        '車' | '车' | '俥' | '硨' | '砗' => Glyph::Piece(Chariot),
        '炮' | '砲' | '包' => Glyph::Piece(Cannon),
        '兵' | '卒' => Glyph::Piece(Soldier),
        '前' => Glyph::Position(PositionWord::Front),
        '中' => Glyph::Position(PositionWord::Middle),
        '後' | '后' => Glyph::Position(PositionWord::Rear),
        '進' | '进' | '上' => Glyph::Action(Action::Advance),
        '退' | '下' => Glyph::Action(Action::Retreat),
        '平' => Glyph::Action(Action::Traverse),
        '+' | '＋' => Glyph::Operator(Action::Advance),
        '-' | '－' | '−' => Glyph::Operator(Action::Retreat),
        '.' | '=' | '．' | '＝' => Glyph::Operator(Action::Traverse),
        UNDERLINE => Glyph::Stroke(Stroke::Under),
        OVERLINE => Glyph::Stroke(Stroke::Over),
        ' ' | '\t' | '\u{3000}' | '\u{a0}' => Glyph::Space,
        '0'..='9' => Glyph::Number(c as u8 - b'0'),
        '０'..='９' => Glyph::Number((c as u32 - '０' as u32) as u8),
        _ => Glyph::Number(chinese_numeral(c)?),
    };
    Some(glyph)
}

/// The value of a Chinese numeral 一…九 (〇 and 零 give 0).
fn chinese_numeral(c: char) -> Option<u8> {
    let value = match c {
        '〇' | '零' => 0,
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    };
    Some(value)
}

/// A glyph set for writing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum Script {
    /// 简体: 帅 马 车 进 后.
    Simplified,
    /// 繁體: 帥 馬 車 進 後.
    #[default]
    Traditional,
}

/// The glyph written for a piece: Red 帥仕相馬車炮兵, Black 將士象馬車炮卒 (XiangQi Wizard's
/// tables, formats.md §2.5).
pub(crate) fn piece_glyph(script: Script, color: Color, kind: PieceKind) -> char {
    use PieceKind::*;
    let simplified = script == Script::Simplified;
    match (kind, color) {
        (General, Color::Red) => pick(simplified, '帅', '帥'),
        (General, Color::Black) => pick(simplified, '将', '將'),
        (Advisor, Color::Red) => '仕',
        (Advisor, Color::Black) => '士',
        (Elephant, Color::Red) => '相',
        (Elephant, Color::Black) => '象',
        (Horse, _) => pick(simplified, '马', '馬'),
        (Chariot, _) => pick(simplified, '车', '車'),
        (Cannon, _) => '炮',
        (Soldier, Color::Red) => '兵',
        (Soldier, Color::Black) => '卒',
    }
}

/// The glyph written for a movement.
pub(crate) fn action_glyph(script: Script, action: Action) -> char {
    match action {
        Action::Advance => pick(script == Script::Simplified, '进', '進'),
        Action::Retreat => '退',
        Action::Traverse => '平',
    }
}

/// The glyph written for a position word; ordinals are Chinese numerals for both sides.
pub(crate) fn position_glyph(script: Script, word: PositionWord) -> char {
    match word {
        PositionWord::Front => '前',
        PositionWord::Middle => '中',
        PositionWord::Rear => pick(script == Script::Simplified, '后', '後'),
        PositionWord::Ordinal(n) => red_numeral(n),
    }
}

/// 一…九 for 1–9.
pub(crate) fn red_numeral(n: u8) -> char {
    const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    NUMERALS[usize::from(n.clamp(1, 9) - 1)]
}

/// A digit 1–9, full-width (１…９) or ASCII.
pub(crate) fn digit(n: u8, full_width: bool) -> char {
    let n = u32::from(n.min(9));
    let base = if full_width { '０' } else { '0' } as u32;
    char::from_u32(base + n).unwrap_or('?')
}

fn pick(simplified: bool, s: char, t: char) -> char {
    if simplified {
        s
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ideograph_table_gives_every_meaning_of_the_glyph_tables() {
        for c in (0..=0x2_FFFF).filter_map(char::from_u32) {
            assert_eq!(classify(c), meaning_of(c), "{c:?}");
        }
        assert_eq!(classify('車'), Some(Glyph::Piece(PieceKind::Chariot)));
        assert_eq!(classify('進'), Some(Glyph::Action(Action::Advance)));
        assert_eq!(classify('九'), Some(Glyph::Number(9)));
        assert_eq!(classify('棋'), None);
    }

    #[test]
    fn the_wide_glyphs_are_every_character_beyond_ascii_with_a_meaning() {
        for c in (0..=0x2_FFFF).filter_map(char::from_u32) {
            assert_eq!(
                !c.is_ascii() && meaning_of(c).is_some(),
                WIDE_GLYPHS.contains(c),
                "{c:?}"
            );
        }
    }
}
