//! Qipu's own pieces, known exactly: the board painter of [`crate::export`] draws each of the 14
//! pieces at the picture's scale, and a point whose crop matches one of them closely, and no
//! other, is read as that piece. Diagrams Qipu drew itself (PNG, and its PDF pages rendered by a
//! viewer that uses the embedded board font) are read back this way at any size; a viewer that
//! draws the characters in another font (librsvg for the SVG) leaves them to the classifier.

use super::classify::CLASSES;
use super::sample::{crop, CROP, CROP_VALUES};
use crate::export::board_painter::{paint_piece, palette};
use crate::export::canvas::{Canvas, Raster, Rgb};

/// The part of a crop compared: a disc of this radius (in distances between points) inside the
/// piece's face, so that neither the lines around a piece nor its rim count.
const FACE: f32 = 0.30;
/// How far a point may lie from where the grid puts it, in distances between points; tried in
/// [`SHIFTS`] steps either way.
const REACH: f32 = 0.09;
/// Shifts tried along each axis.
const SHIFTS: usize = 7;
/// A crop is the piece whose drawing it differs from by at most this mean squared difference
/// (values from -0.5 to 0.5)…
const CLOSE: f32 = 0.004;
/// …and from every other piece's drawing by this many times more.
const APART: f32 = 3.0;
/// On a picture where [`SURE_OF_STYLE`] points are read so, the pieces are Qipu's: then a crop
/// is also the piece it differs least from when it differs by at most this…
const NEAR: f32 = 0.012;
/// …and from every other piece's drawing by this many times more (small pictures, whose
/// points lie on the pixels at other fractions than the pieces drawn here).
const NEAR_APART: f32 = 1.15;
/// Points read with [`CLOSE`] and [`APART`] that show the picture is Qipu's.
const SURE_OF_STYLE: usize = 4;
/// Distance between the pieces drawn, in distances between points (the shifts stay clear of
/// the neighbours).
const SPACING: f32 = 1.5;

/// The indices of the crop values inside the face disc, every channel.
pub(super) fn face_mask() -> Vec<usize> {
    let plane = CROP * CROP;
    let centre = CROP as f32 / 2.0;
    let radius = FACE * CROP as f32;
    let mut mask = Vec::new();
    for channel in 0..3 {
        for v in 0..CROP {
            for u in 0..CROP {
                let (dx, dy) = (u as f32 + 0.5 - centre, v as f32 + 0.5 - centre);
                if dx.hypot(dy) <= radius {
                    mask.push(channel * plane + v * CROP + u);
                }
            }
        }
    }
    mask
}

/// The 14 pieces drawn `step` pixels apart as the painter draws them, each cut out at every
/// shift: per class (in the order of [`CLASSES`], the empty class left out), per shift, the
/// values inside the face disc.
fn drawn_faces(step: f32, mask: &[usize]) -> Vec<Vec<Vec<f32>>> {
    let pitch = SPACING * step;
    let side = (4.0 * pitch + step).ceil() as u32;
    let ground = Rgb(palette::GROUND.r, palette::GROUND.g, palette::GROUND.b);
    let mut raster = Raster::new(Canvas::new(side, side, ground));
    let centre = |slot: usize| {
        (
            step + (slot % 4) as f32 * pitch,
            step + (slot / 4) as f32 * pitch,
        )
    };
    for (slot, piece) in CLASSES.iter().skip(1).enumerate() {
        if let Some(piece) = piece {
            paint_piece(&mut raster, centre(slot), step, *piece);
        }
    }
    let image = image::DynamicImage::ImageRgba8(raster.into_image()).into_rgb8();
    let mut values = vec![0.0f32; CROP_VALUES];
    let offset = |k: usize| (k as f32 / (SHIFTS - 1) as f32 * 2.0 - 1.0) * REACH * step;
    (0..CLASSES.len() - 1)
        .map(|slot| {
            let (cx, cy) = centre(slot);
            (0..SHIFTS * SHIFTS)
                .map(|s| {
                    let (dx, dy) = (offset(s % SHIFTS), offset(s / SHIFTS));
                    crop(&image, cx + dx, cy + dy, step, &mut values);
                    mask.iter().map(|&k| values[k]).collect()
                })
                .collect()
        })
        .collect()
}

/// For each of the 90 crops (cut by [`super::sample::crops`] `step` pixels a point), the class
/// of the Qipu piece it shows, if it shows one clearly.
pub fn match_crops(crops: &[f32], step: f32) -> Vec<Option<usize>> {
    let mask = face_mask();
    let faces = drawn_faces(step, &mask);
    // per crop: the nearest piece, its difference and the next one's
    let nearest: Vec<(usize, f32, f32)> = crops
        .chunks_exact(CROP_VALUES)
        .map(|crop| {
            let seen: Vec<f32> = mask.iter().map(|&k| crop[k]).collect();
            let mut distances: Vec<(usize, f32)> = faces
                .iter()
                .enumerate()
                .map(|(slot, shifted)| {
                    let least = shifted
                        .iter()
                        .map(|face| {
                            seen.iter()
                                .zip(face)
                                .map(|(a, b)| (a - b) * (a - b))
                                .sum::<f32>()
                        })
                        .fold(f32::INFINITY, f32::min);
                    (slot + 1, least / seen.len() as f32)
                })
                .collect();
            distances.sort_by(|a, b| a.1.total_cmp(&b.1));
            match distances[..] {
                [(class, best), (_, next), ..] => (class, best, next),
                _ => (0, f32::INFINITY, f32::INFINITY),
            }
        })
        .collect();
    let sure = |&(_, best, next): &(usize, f32, f32)| best <= CLOSE && next >= APART * best;
    let house = nearest.iter().filter(|n| sure(n)).count() >= SURE_OF_STYLE;
    nearest
        .iter()
        .map(|n| {
            let (class, best, next) = *n;
            let near = house && best <= NEAR && next >= NEAR_APART * best;
            (sure(n) || near).then_some(class)
        })
        .collect()
}
