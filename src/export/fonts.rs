//! The fonts the exports draw with: the subsets of Noto CJK the app embeds
//! (`assets/fonts/README.md` says how they were cut).

/// Noto Serif CJK SC Bold subset: piece names, 楚河 漢界, file numbers.
pub const BOARD_FONT: &[u8] = include_bytes!("../../assets/fonts/board-serif.otf");
/// Noto Sans CJK SC Regular subset: GB2312 level 1 and the traditional characters in use.
pub const UI_FONT: &[u8] = include_bytes!("../../assets/fonts/ui-sans.otf");
/// Noto Sans Regular subset, the fallback for the letters of European and Vietnamese names the
/// CJK face lacks (Latin-1, Latin Extended, Greek, Cyrillic: Bräuer).
pub const LATIN_FONT: &[u8] = include_bytes!("../../assets/fonts/latin-sans.ttf");
