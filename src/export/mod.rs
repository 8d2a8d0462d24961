//! Exports for print and for sharing: board diagrams as PNG, scoresheets as PNG pages or PDF.
//!
//! The board is drawn once, by [`board_painter`], on any [`surface::Surface`]: the screen's
//! painter in the app, the small anti-aliased raster painter ([`canvas`]) here, with the fonts
//! the app embeds; no user interface code.

pub mod board_painter;
pub mod canvas;
pub mod diagram;
pub mod fonts;
pub mod format;
pub mod pdf;
pub mod scoresheet;
pub mod surface;
pub mod svg;

pub use diagram::{line_diagrams, render_diagram, DiagramOptions};
pub use format::{PictureFormat, WrongEnding};

use std::path::{Path, PathBuf};

use crate::formats::{save_atomic, SaveError, TargetState};

/// Why an export could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] image::ImageError),
    /// The file could not be saved.
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// Encode a picture as PNG bytes.
pub fn png_bytes(image: &image::RgbaImage) -> Result<Vec<u8>, ExportError> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(out.into_inner())
}

/// Save pictures as PNG files, each atomically: the first to `path`, the following ones beside
/// it as `NAME-2.png`, `NAME-3.png`, … Returns the files written.
pub fn save_pages(path: &Path, pages: &[image::RgbaImage]) -> Result<Vec<PathBuf>, ExportError> {
    let mut written = Vec::with_capacity(pages.len());
    for (i, page) in pages.iter().enumerate() {
        let target = page_path(path, i);
        save_atomic(&target, &png_bytes(page)?, TargetState::Safe, false)?;
        written.push(target);
    }
    Ok(written)
}

/// The file of page `index` (from 0) of pictures saved as `path`: `path` itself for the first,
/// `NAME-2.png`, `NAME-3.png`, … beside it for the following ones.
pub fn page_path(path: &Path, index: usize) -> PathBuf {
    if index == 0 {
        return path.to_owned();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{}.png", index + 1))
}
