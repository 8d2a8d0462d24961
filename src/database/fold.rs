//! Names folded for search (players and events): a name is found whatever script it was written
//! in, 胡榮華 by 胡荣华 and the reverse, and whatever the case of its Latin letters. Each glyph is
//! folded alone (traditional to simplified, then lower case), so the folded form of part of a
//! name is part of the folded name: a search for 榮華 finds 胡榮華.

/// The folded form of `text`: every glyph in its simplified form, letters in lower case.
pub fn fold_name(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    let mut glyph = [0u8; 4];
    for c in text.chars() {
        if c.is_ascii() {
            folded.push(c.to_ascii_lowercase());
            continue;
        }
        for simplified in fast2s::convert(c.encode_utf8(&mut glyph)).chars() {
            folded.extend(simplified.to_lowercase());
        }
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_scripts_fold_to_the_simplified_form() {
        assert_eq!(fold_name("胡榮華"), "胡荣华");
        assert_eq!(fold_name("胡荣华"), "胡荣华");
        assert_eq!(fold_name("呂欽"), "吕钦");
        assert_eq!(fold_name("全國象棋個人賽"), "全国象棋个人赛");
        assert_eq!(fold_name("Hans BRÄUER"), "hans bräuer");
        assert_eq!(fold_name("Kubok ЕВРОПЫ"), "kubok европы");
    }

    #[test]
    fn part_of_a_name_folds_to_part_of_the_folded_name() {
        let name = fold_name("第三屆五羊杯象棋冠軍邀請賽");
        for part in ["五羊杯", "冠軍", "屆五", "邀請賽"] {
            assert!(name.contains(&fold_name(part)), "{part} in {name}");
        }
    }
}
