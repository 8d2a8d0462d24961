//! Exports for print and for sharing: board diagrams as PNG, scoresheets as PNG pages.
//!
//! Drawn with a small anti-aliased painter ([`canvas`]) and the fonts the app embeds; no user
//! interface code.

pub mod canvas;
pub mod diagram;
pub mod fonts;
pub mod scoresheet;

pub use diagram::{line_diagrams, render_diagram, DiagramOptions};

/// Why an export could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] image::ImageError),
}

/// Encode a picture as PNG bytes.
pub fn png_bytes(image: &image::RgbaImage) -> Result<Vec<u8>, ExportError> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(out.into_inner())
}
