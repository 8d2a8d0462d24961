//! The grid found ([`super::grid`]) placed to a fraction of a pixel: each line is looked for on
//! the picture itself, between the points (where pieces leave it visible), at its strongest
//! contrast across the line, and the inner lines' even spacing is fitted again (the outer lines
//! are left out: under blur a frame close outside the board merges with them and pulls their
//! contrast outward). On small pictures the
//! search on the reduced, thresholded picture can be a pixel or two out, as much as a crop can
//! bear.

use image::RgbImage;

use super::grid::Grid;

/// How far from where the grid puts it a line is looked for, in distances between points.
const REACH: f32 = 0.2;
/// Positions tried across a line, per pixel.
const PER_PIXEL: f32 = 4.0;
/// A line's estimates that stray more than this from the fitted spacing are left out, in
/// distances between points.
const STRAY: f32 = 0.06;

/// The grey value at (`x`, `y`), bilinear, the picture's pixel `n` spanning `n..n+1`.
fn grey(image: &RgbImage, x: f32, y: f32) -> Option<f32> {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let (px, py) = (x - 0.5, y - 0.5);
    if px < 0.0 || py < 0.0 || px >= w - 1.0 || py >= h - 1.0 {
        return None;
    }
    let (x0, y0) = (px as u32, py as u32);
    let (fx, fy) = (px - x0 as f32, py - y0 as f32);
    let at = |x: u32, y: u32| {
        let p = image.get_pixel(x, y).0;
        0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2])
    };
    let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    Some(top + (bottom - top) * fy)
}

/// Where the line crossing the segment from `a` (along `across`, a unit vector) is: the offset
/// along `across` whose grey differs most from the segment's median, if it differs clearly.
pub(super) fn line_offset(
    image: &RgbImage,
    a: (f32, f32),
    across: (f32, f32),
    reach: f32,
) -> Option<f32> {
    let n = (reach * PER_PIXEL).ceil() as i32;
    let samples: Vec<(f32, f32)> = (-n..=n)
        .map(|k| {
            let d = k as f32 / PER_PIXEL;
            grey(image, a.0 + across.0 * d, a.1 + across.1 * d).map(|g| (d, g))
        })
        .collect::<Option<_>>()?;
    let mut values: Vec<f32> = samples.iter().map(|s| s.1).collect();
    values.sort_by(f32::total_cmp);
    let median = values[values.len() / 2];
    let (d, g) = samples
        .iter()
        .copied()
        .max_by(|p, q| (p.1 - median).abs().total_cmp(&(q.1 - median).abs()))?;
    ((g - median).abs() >= 12.0).then_some(d)
}

/// The median of `values`, if any.
fn median(mut values: Vec<f32>) -> Option<f32> {
    values.sort_by(f32::total_cmp);
    values.get(values.len() / 2).copied()
}

/// First position and spacing of lines found at `found` (line index, position, in order):
/// first the medians of the spacings between neighbours and of the first line's position they
/// give, then a least-squares fit of the lines that stray from these by little.
fn fit(found: &[(f32, f32)], step: f32) -> Option<(f32, f32)> {
    let spacing = median(
        found
            .windows(2)
            .map(|w| (w[1].1 - w[0].1) / (w[1].0 - w[0].0))
            .collect(),
    )?;
    let first = median(found.iter().map(|&(k, p)| p - k * spacing).collect())?;
    let kept: Vec<(f32, f32)> = found
        .iter()
        .copied()
        .filter(|&(k, p)| (p - first - k * spacing).abs() <= STRAY * step)
        .collect();
    let n = kept.len() as f32;
    let (sk, sp, skk, skp) = kept.iter().fold((0.0, 0.0, 0.0, 0.0), |a, &(k, p)| {
        (a.0 + k, a.1 + p, a.2 + k * k, a.3 + k * p)
    });
    let denom = n * skk - sk * sk;
    if kept.len() < 5 || denom.abs() < 1e-6 {
        return None;
    }
    let slope = (n * skp - sk * sp) / denom;
    Some(((sp - slope * sk) / n, slope))
}

/// The most the spacing of the lines is changed, as a share of it.
const MOST_STRETCH: f32 = 0.03;
/// The most the first line is moved, in distances between points.
const MOST_SHIFT: f32 = 0.12;

/// Times the lines are looked for, each time from where the last placed them: between the
/// points of a full rank the line shows only in a narrow gap between two pieces.
const PASSES: usize = 3;

/// `grid` with its lines moved to where the picture shows them; `grid` itself where too few
/// lines are seen or the fit strays far from it.
pub fn align(image: &RgbImage, grid: Grid) -> Grid {
    (0..PASSES).fold(grid, |grid, _| align_once(image, grid))
}

fn align_once(image: &RgbImage, grid: Grid) -> Grid {
    let step = grid.step();
    let reach = REACH * step;
    let t = grid.shear;
    let norm = (1.0 + t * t).sqrt();
    // across a horizontal line: down, turned with the board; across a vertical one: right
    let down = (t / norm, 1.0 / norm);
    let right = (1.0 / norm, -t / norm);
    let mut rows = Vec::new();
    // the outer lines are left out: a frame drawn close outside the board merges with them
    // under blur, and their strongest contrast then lies outside them
    for j in 1..9 {
        let seen: Vec<f32> = (0..8)
            .filter_map(|i| {
                let (x, y) = grid.point(i as f32 + 0.5, j as f32);
                line_offset(image, (x, y), down, reach).map(|d| y + x * t + d * norm)
            })
            .collect();
        if seen.len() >= 3 {
            rows.extend(median(seen).map(|p| (j as f32, p)));
        }
    }
    let mut columns = Vec::new();
    for i in 1..8 {
        // the river leaves the inner lines out between ranks 4 and 5
        let seen: Vec<f32> = (0..9)
            .filter(|&j| j != 4)
            .filter_map(|j| {
                let (x, y) = grid.point(i as f32, j as f32 + 0.5);
                line_offset(image, (x, y), right, reach).map(|d| x - y * t + d * norm)
            })
            .collect();
        if seen.len() >= 3 {
            columns.extend(median(seen).map(|p| (i as f32, p)));
        }
    }
    match (fit(&columns, step), fit(&rows, step)) {
        (Some((x0, sx)), Some((y0, sy)))
            if (sx / grid.sx - 1.0).abs() < MOST_STRETCH
                && (sy / grid.sy - 1.0).abs() < MOST_STRETCH
                && (x0 - grid.x0).abs() < MOST_SHIFT * step
                && (y0 - grid.y0).abs() < MOST_SHIFT * step =>
        {
            Grid {
                x0,
                sx,
                y0,
                sy,
                shear: t,
            }
        }
        _ => grid,
    }
}
