//! The embedded fonts: Chinese must render on a machine without Chinese fonts.
//!
//! `assets/fonts/README.md` says how the subsets were cut and why.

use std::sync::Arc;

use eframe::egui::{FontData, FontDefinitions, FontFamily};

/// Noto Sans CJK SC subset for the interface (GB2312 level 1, the traditional characters we use).
pub const UI_FONT: &[u8] = include_bytes!("../../../assets/fonts/ui-sans.otf");
/// Noto Serif CJK SC Bold subset for the board: piece names, 楚河 漢界, file numbers.
pub const BOARD_FONT: &[u8] = include_bytes!("../../../assets/fonts/board-serif.otf");

/// Noto Sans Mono subset: the combining marks (U+0300–U+036F) the other fonts lack.
pub const MARKS_FONT: &[u8] = include_bytes!("../../../assets/fonts/marks.ttf");

/// Noto Sans subset (the exports' Latin fallback): letters of European names the CJK face lacks
/// (Nguyễn, Bräuer, Иванов).
pub use crate::export::fonts::LATIN_FONT;

const MARKS_FONT_NAME: &str = "noto-sans-mono-marks-subset";
const LATIN_FONT_NAME: &str = "noto-sans-latin-subset";
const UI_FONT_NAME: &str = "noto-sans-cjk-sc-subset";
const BOARD_FONT_NAME: &str = "noto-serif-cjk-sc-bold-subset";

/// The family the board draws its characters in.
pub fn board_family() -> FontFamily {
    FontFamily::Name("board".into())
}

/// egui's default fonts, with our CJK, combining-mark and Latin subsets after them in every
/// family, and the board family.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        UI_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(UI_FONT)),
    );
    fonts.font_data.insert(
        MARKS_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(MARKS_FONT)),
    );
    fonts.font_data.insert(
        BOARD_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(BOARD_FONT)),
    );
    fonts.font_data.insert(
        LATIN_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(LATIN_FONT)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().extend([
            UI_FONT_NAME.to_owned(),
            MARKS_FONT_NAME.to_owned(),
            LATIN_FONT_NAME.to_owned(),
        ]);
    }
    fonts.families.insert(
        board_family(),
        vec![BOARD_FONT_NAME.to_owned(), UI_FONT_NAME.to_owned()],
    );
    fonts
}
