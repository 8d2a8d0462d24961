//! Decoding a picture (PNG, JPEG, WebP, BMP) with its size checked before any pixel is read,
//! turned upright as its EXIF orientation says (a phone keeps a photo as its sensor took it and
//! notes which way is up).

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageReader, Limits, RgbImage};

use super::RecogniseError;

/// The longest side read: a board of a screenshot on the largest screens, a 600 dpi scan.
pub const MAX_SIDE: u32 = 12_000;
/// The most pixels read (a 48-megapixel photo).
pub const MAX_PIXELS: u64 = 48_000_000;
/// The shortest side that can hold a board.
pub const MIN_SIDE: u32 = 100;

/// Decode `bytes` to RGB, upright by its EXIF orientation, refusing pictures too large or too
/// small before decoding them.
pub fn decode(bytes: &[u8]) -> Result<RgbImage, RecogniseError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| RecogniseError::Unreadable(e.to_string()))?;
    if reader.format().is_none() {
        return Err(RecogniseError::Unreadable(
            "not a PNG, JPEG, WebP or BMP picture".to_owned(),
        ));
    }
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| RecogniseError::Unreadable(e.to_string()))?;
    check_size(width, height)?;
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| RecogniseError::Unreadable(e.to_string()))?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| RecogniseError::Unreadable(e.to_string()))?;
    // EXIF that cannot be read leaves the picture as it is stored
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder)
        .map_err(|e| RecogniseError::Unreadable(e.to_string()))?;
    image.apply_orientation(orientation);
    Ok(image.into_rgb8())
}

/// Whether a picture of this size is read at all.
pub fn check_size(width: u32, height: u32) -> Result<(), RecogniseError> {
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RecogniseError::TooLarge { width, height });
    }
    if width < MIN_SIDE || height < MIN_SIDE {
        return Err(RecogniseError::TooSmall { width, height });
    }
    Ok(())
}
