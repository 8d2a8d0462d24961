//! Whose move a text is written as. Scoresheets write the two sides differently (art. 7.2, and
//! the usual writing of records): Red's pieces 帥仕相俥傌兵 and Chinese numerals (炮二平五), Black's
//! 將士象車馬砲卒 (碼硨 in some records) and Arabic digits, full width in Chinese text (馬８進７).
//! A move written as one side's is never played for the other: a correction that puts the sides
//! out of step is reported, not read the other way round.

use crate::rules::Color;

/// The side whose piece glyph this is in the usual writing; `None` for glyphs both sides use
/// (車, 馬, 炮 in simplified writing).
fn piece_side(c: char) -> Option<Color> {
    match c {
        '帥' | '帅' | '仕' | '相' | '俥' | '傌' | '兵' => Some(Color::Red),
        '將' | '将' | '士' | '象' | '砲' | '卒' | '碼' | '码' | '硨' | '砗' => {
            Some(Color::Black)
        }
        _ => None,
    }
}

/// Whether `c` names a piece at all, in any glyph.
fn is_piece(c: char) -> bool {
    piece_side(c).is_some() || "車车馬马炮包".contains(c)
}

/// The side whose digits these are: Chinese numerals are Red's, full-width digits Black's;
/// ASCII digits are written for either side (and in the abbreviated notation for both).
fn digit_side(c: char) -> Option<Color> {
    match c {
        '一' | '二' | '三' | '四' | '五' | '六' | '七' | '八' | '九' => Some(Color::Red),
        '１'..='９' => Some(Color::Black),
        _ => None,
    }
}

/// The side `text` is written as, when its glyphs say so without contradiction: its piece name,
/// and the digits after it (an ordinal before the piece, 一兵, is written alike for both). `None`
/// for texts that do not tell (WXF, ICCS, abbreviated, 車/馬/炮 with ASCII digits) or that mix
/// both sides' writing.
pub fn written_side(text: &str) -> Option<Color> {
    let start = text.find(is_piece)?;
    let mut sides = text[start..].chars().enumerate().filter_map(|(i, c)| {
        if i == 0 {
            piece_side(c)
        } else {
            digit_side(c)
        }
    });
    let first = sides.next()?;
    sides.all(|s| s == first).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_by_its_glyphs() {
        for red in [
            "兵三进一",
            "炮二平五",
            "帥五進一",
            "相三进五",
            "仕四进五",
            "一兵平四",
            "傌二進三",
        ] {
            assert_eq!(written_side(red), Some(Color::Red), "{red}");
        }
        for black in [
            "卒９进１",
            "馬８進７",
            "将５平４",
            "象７进５",
            "士４进５",
            "砲８平５",
            "前車進２",
        ] {
            assert_eq!(written_side(black), Some(Color::Black), "{black}");
        }
    }

    #[test]
    fn texts_that_do_not_tell() {
        // Both sides' writing mixed, neutral glyphs with ASCII digits, and the Latin forms.
        for text in [
            "兵９进１",
            "象三进五",
            "马8进7",
            "炮25",
            "車",
            "C2.5",
            "h2e2",
            "25",
            "",
        ] {
            assert_eq!(written_side(text), None, "{text}");
        }
    }
}
