//! Qipu's own diagrams read back (`read_back`): a hundred or so pictures here, so that the run
//! stays short; `cargo bench --bench own_diagrams` reads a thousand and more and reports how many
//! read back exactly.

use super::read_back;

/// PNG diagrams of every size from 200 to 1200 pixels, either side at the bottom, with and
/// without file numbers, every one read back exactly (in two draws, so that a failing one
/// names its seed).
#[test]
fn own_png_diagrams_read_back_1() {
    let tally = read_back::png(0x9E37_79B9_7F4A_7C15, 40);
    assert_eq!(tally.exact(), tally.count, "{tally}");
}

#[test]
fn own_png_diagrams_read_back_2() {
    let tally = read_back::png(0xD1B5_4A32_D192_ED03, 40);
    assert_eq!(tally.exact(), tally.count, "{tally}");
}

/// PDF pages of diagrams rendered by poppler at 40 to 150 dots an inch.
#[test]
fn own_pdf_diagrams_read_back() {
    if !crate::common::borrowed_tool("pdftoppm", "poppler-utils") {
        return;
    }
    let tally = read_back::pdf(0x27BB_2EE6_87B0_B0FD, 8);
    assert_eq!(tally.exact(), tally.count, "{tally}");
}

/// SVG diagrams rendered by librsvg 200–1200 pixels wide. The pieces are the outlines of
/// Qipu's board face, so librsvg, which loads no font an SVG embeds, draws them as Qipu does,
/// whatever fonts the system has.
#[test]
fn own_svg_diagrams_read_back() {
    if !crate::common::borrowed_tool("rsvg-convert", "librsvg2-bin") {
        return;
    }
    let tally = read_back::svg(0x5851_F42D_4C95_7F2D, 8);
    assert_eq!(tally.exact(), tally.count, "{tally}");
}
