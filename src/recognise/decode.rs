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

/// `image` made `factor` times smaller each way, each new pixel the mean of a `factor` ×
/// `factor` square (the pixels past the last whole square left out).
pub fn reduce(image: &RgbImage, factor: u32) -> RgbImage {
    let factor = factor.max(1);
    let (width, height) = (
        (image.width() / factor).max(1),
        (image.height() / factor).max(1),
    );
    let f = factor as usize;
    let stride = image.width() as usize * 3;
    let raw = image.as_raw();
    let mut out = RgbImage::new(width, height);
    let mut row = vec![0u32; width as usize * 3];
    for y in 0..height as usize {
        row.iter_mut().for_each(|v| *v = 0);
        for dy in 0..f {
            let line = &raw[(y * f + dy).min(image.height() as usize - 1) * stride..];
            for x in 0..width as usize {
                for dx in 0..f {
                    let at = (x * f + dx) * 3;
                    for ch in 0..3 {
                        row[x * 3 + ch] += u32::from(line[at + ch]);
                    }
                }
            }
        }
        let n = (f * f) as u32;
        for x in 0..width as usize {
            let px = [0, 1, 2].map(|ch| ((row[x * 3 + ch] + n / 2) / n) as u8);
            out.put_pixel(x as u32, y as u32, image::Rgb(px));
        }
    }
    out
}
