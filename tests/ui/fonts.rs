//! Every non-ASCII character in the source (interface text, notation, rules messages) must be in
//! the embedded subset font, or it would not render on a machine without Chinese fonts.
//! When this fails, run `python3 assets/fonts/make_subset.py` (see assets/fonts/README.md).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use eframe::egui::epaint::text::{
    FontData, FontDefinitions, FontFamily, FontId, Fonts, TextOptions,
};
use qipu::rules::{Color, Piece, PieceKind};
use qipu::ui::{board::piece_char, fonts};

fn fonts_with(name: &str, data: &'static [u8]) -> Fonts {
    let mut defs = FontDefinitions::empty();
    defs.font_data
        .insert(name.to_owned(), Arc::new(FontData::from_static(data)));
    defs.families
        .insert(FontFamily::Proportional, vec![name.to_owned()]);
    Fonts::new(TextOptions::default(), defs)
}

fn source_chars(dir: &Path, extension: &str, chars: &mut BTreeSet<char>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            source_chars(&path, extension, chars);
        } else if path.extension().is_some_and(|ext| ext == extension) {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            chars.extend(text.chars().filter(|c| !c.is_ascii()));
        }
    }
}

#[test]
fn every_non_ascii_character_in_src_is_in_the_embedded_font() {
    let mut chars = BTreeSet::new();
    source_chars(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "rs",
        &mut chars,
    );
    // The source has Chinese in it (piece names, messages): the walk found it.
    assert!(
        chars.contains(&'帥') && chars.contains(&'將'),
        "walk of src/ found {} characters",
        chars.len()
    );

    // The fonts the app installs: egui's own (Latin, symbols, combining marks) and our subset.
    let mut app_fonts = Fonts::new(TextOptions::default(), fonts::definitions());
    let font = FontId::proportional(14.0);
    let missing: String = chars
        .iter()
        .filter(|&&c| !app_fonts.has_glyph(&font, c))
        .collect();
    assert!(
        missing.is_empty(),
        "characters in src/ missing from the embedded fonts (re-run make_subset.py): {missing}"
    );
    // The Chinese is in our subset itself, and the subset is not everything: a rare character
    // outside it is reported missing.
    let mut ui_font = fonts_with("ui", fonts::UI_FONT);
    let hanzi: String = chars
        .iter()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(*c))
        .collect();
    assert!(ui_font.has_glyphs(&font, &hanzi));
    assert!(!ui_font.has_glyph(&font, '𠀀'));
}

#[test]
fn every_character_of_the_manual_is_in_the_embedded_font() {
    // Help ▸ Manual draws docs/manual in all three languages with the app's fonts.
    let mut chars = BTreeSet::new();
    source_chars(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/manual"),
        "md",
        &mut chars,
    );
    assert!(
        chars.contains(&'棋') && chars.contains(&'譜'),
        "walk of docs/manual found {} characters, not both scripts",
        chars.len()
    );
    let mut app_fonts = Fonts::new(TextOptions::default(), fonts::definitions());
    let font = FontId::proportional(14.0);
    let missing: String = chars
        .iter()
        .filter(|&&c| !app_fonts.has_glyph(&font, c))
        .collect();
    assert!(
        missing.is_empty(),
        "characters in docs/manual missing from the embedded fonts (re-run make_subset.py): {missing}"
    );
}

#[test]
fn the_board_font_has_every_piece_and_the_river_words() {
    let mut board_font = fonts_with("board", fonts::BOARD_FONT);
    let font = FontId::proportional(14.0);
    let mut text: String = "楚河漢界一二三四五六七八九123456789".into();
    for color in [Color::Red, Color::Black] {
        text.extend(
            PieceKind::ALL
                .iter()
                .map(|&kind| piece_char(Piece::new(color, kind))),
        );
    }
    let missing: String = text
        .chars()
        .filter(|&c| !board_font.has_glyph(&font, c))
        .collect();
    assert!(
        missing.is_empty(),
        "missing from board-serif.otf: {missing}"
    );
}

/// The budget: GB2312 and Big5's frequent characters take about 4.2 MB; a whole CJK font
/// (15–20 MB) would not fit it.
#[test]
fn the_embedded_fonts_stay_small() {
    let total = fonts::UI_FONT.len() + fonts::BOARD_FONT.len() + fonts::MARKS_FONT.len();
    assert!(total < 4_500_000, "embedded fonts are {total} bytes");
}
