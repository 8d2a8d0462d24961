//! The crop around each point that the classifier reads (as tools/recognise/boards.py cuts
//! them for training).

use image::RgbImage;

use super::grid::Grid;

/// Side of a crop, in pixels.
pub const CROP: usize = 32;
/// Side of a crop on the picture, in distances between points.
pub const CROP_SPAN: f32 = 1.0;
/// Values in one crop: three channels of CROP × CROP.
pub const CROP_VALUES: usize = 3 * CROP * CROP;

/// A way of cutting the crops: moved from the point by `dx`, `dy` and with its side scaled by
/// `scale` (in distances between points), as the crops of training are jittered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    /// Moved right by this much of a step.
    pub dx: f32,
    /// Moved down by this much of a step.
    pub dy: f32,
    /// The side scaled by this.
    pub scale: f32,
}

impl Cut {
    /// The crop centred on the point, of side [`CROP_SPAN`].
    pub const CENTRED: Cut = Cut {
        dx: 0.0,
        dy: 0.0,
        scale: 1.0,
    };
}

/// The 90 crops, rank by rank from the top of the picture, each channel by channel (red, green,
/// blue), values from -0.5 to 0.5, cut as `cut` says.
pub fn crops(image: &RgbImage, grid: &Grid, cut: Cut) -> Vec<f32> {
    let all: Vec<usize> = (0..90).collect();
    crops_of(image, grid, cut, &all)
}

/// The crops of the points `indices` (rank by rank from the top, 9 a rank), in that order, cut
/// as `cut` says.
pub fn crops_of(image: &RgbImage, grid: &Grid, cut: Cut, indices: &[usize]) -> Vec<f32> {
    let mut out = vec![0.0f32; indices.len() * CROP_VALUES];
    let span = grid.step() * CROP_SPAN * cut.scale;
    for (n, &index) in indices.iter().enumerate() {
        let (i, j) = (index % 9, index / 9);
        let (cx, cy) = grid.point(i as f32 + cut.dx, j as f32 + cut.dy);
        let at = n * CROP_VALUES;
        crop(image, cx, cy, span, &mut out[at..at + CROP_VALUES]);
    }
    out
}

/// The crop of side `span` pixels centred on (`cx`, `cy`): bilinear samples, `k`×`k` of them
/// averaged for each crop pixel where the crop is shrunk more than 1.5 times.
pub(super) fn crop(image: &RgbImage, cx: f32, cy: f32, span: f32, out: &mut [f32]) {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let k = ((span / CROP as f32 / 1.5).ceil() as usize).max(1);
    let n = CROP * k;
    let coords = |c: f32, size: usize| -> Vec<(usize, usize, f32)> {
        (0..n)
            .map(|s| {
                let t = (s as f32 + 0.5) / n as f32 - 0.5;
                let p = (c + t * span - 0.5).clamp(0.0, (size - 1) as f32);
                let lo = (p as usize).min(size.saturating_sub(2));
                let hi = (lo + 1).min(size - 1);
                (lo, hi, p - lo as f32)
            })
            .collect()
    };
    let xs = coords(cx, w);
    let ys = coords(cy, h);
    let norm = 1.0 / (255.0 * (k * k) as f32);
    let plane = CROP * CROP;
    for (v, row) in ys.chunks(k).enumerate() {
        for (u, col) in xs.chunks(k).enumerate() {
            let mut sum = [0.0f32; 3];
            for &(y0, y1, fy) in row {
                for &(x0, x1, fx) in col {
                    let a = image.get_pixel(x0 as u32, y0 as u32).0;
                    let b = image.get_pixel(x1 as u32, y0 as u32).0;
                    let c = image.get_pixel(x0 as u32, y1 as u32).0;
                    let d = image.get_pixel(x1 as u32, y1 as u32).0;
                    for ch in 0..3 {
                        let top = f32::from(a[ch]) + (f32::from(b[ch]) - f32::from(a[ch])) * fx;
                        let bot = f32::from(c[ch]) + (f32::from(d[ch]) - f32::from(c[ch])) * fx;
                        sum[ch] += top + (bot - top) * fy;
                    }
                }
            }
            for ch in 0..3 {
                out[ch * plane + v * CROP + u] = sum[ch] * norm - 0.5;
            }
        }
    }
}
