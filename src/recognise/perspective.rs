//! A board photographed at an angle: the grid found ([`super::grid`], evenly spaced lines
//! turned by a small angle) is only near the lines, which converge and are spaced unevenly.
//! Each line is looked for between the points, where the picture shows it, and a plane
//! projective map (a homography) from the grid's points to the picture is fitted to all of them;
//! the board is then resampled straight, its lines evenly spaced and level, for the points to be
//! read as on any other picture.

use image::{Rgb, RgbImage};

use super::align;
use super::grid::Grid;

/// How far from where the map puts it a line is looked for, in distances between points, in
/// each pass: the first from the grid found, the later from the map fitted.
const REACH: [f32; 4] = [0.3, 0.22, 0.15, 0.12];
/// Line estimates further than this from the map fitted are left out and the map fitted
/// again, in distances between points.
const STRAY: f64 = 0.06;
/// Fewest line estimates a map is fitted to.
const FEWEST: usize = 40;
/// A map that puts some point further than this from the grid found is not taken (the grid
/// found is near the board), in distances between points.
const MOST_MOVED: f64 = 0.6;
/// A map that puts every point within this of the grid found leaves the picture as it is, in
/// distances between points: the board is not bent enough to be resampled.
const STRAIGHT_ENOUGH: f64 = 0.06;
/// Distance between points on the straightened board, at most and at least, in pixels.
const MOST_STEP: f32 = 64.0;
const LEAST_STEP: f32 = 32.0;
/// Room around the outer points on the straightened board, in distances between points.
const MARGIN: f32 = 1.0;

/// A plane projective map: the picture point `(x, y)` of the grid point `(i, j)` (vertical
/// line `i`, horizontal line `j`) is `(a·p / c·p, b·p / c·p)` with `p = (i, j, 1)` and `a`,
/// `b`, `c` the rows of the matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography([[f64; 3]; 3]);

impl Homography {
    /// The map of an evenly spaced grid (turned, not bent).
    pub fn of_grid(g: &Grid) -> Homography {
        let (x0, sx, y0, sy, t) = (
            f64::from(g.x0),
            f64::from(g.sx),
            f64::from(g.y0),
            f64::from(g.sy),
            f64::from(g.shear),
        );
        let d = 1.0 + t * t;
        Homography([
            [sx / d, sy * t / d, (x0 + y0 * t) / d],
            [-sx * t / d, sy / d, (y0 - x0 * t) / d],
            [0.0, 0.0, 1.0],
        ])
    }

    /// The picture point of grid point `(i, j)`; none where the map sends it to infinity.
    pub fn map(&self, i: f64, j: f64) -> Option<(f64, f64)> {
        let m = &self.0;
        let w = m[2][0] * i + m[2][1] * j + m[2][2];
        if w.abs() < 1e-9 {
            return None;
        }
        Some((
            (m[0][0] * i + m[0][1] * j + m[0][2]) / w,
            (m[1][0] * i + m[1][1] * j + m[1][2]) / w,
        ))
    }

    /// The inverse map; none if the map is singular.
    fn inverse(&self) -> Option<Homography> {
        let m = &self.0;
        let cof = |r0: usize, r1: usize, c0: usize, c1: usize| {
            m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        };
        let adj = [
            [cof(1, 2, 1, 2), -cof(0, 2, 1, 2), cof(0, 1, 1, 2)],
            [-cof(1, 2, 0, 2), cof(0, 2, 0, 2), -cof(0, 1, 0, 2)],
            [cof(1, 2, 0, 1), -cof(0, 2, 0, 1), cof(0, 1, 0, 1)],
        ];
        let det = m[0][0] * adj[0][0] + m[0][1] * adj[1][0] + m[0][2] * adj[2][0];
        if det.abs() < 1e-12 {
            return None;
        }
        Some(Homography(adj.map(|row| row.map(|v| v / det))))
    }

    /// The distance between neighbouring points at grid point `(i, j)`, in pixels (the mean of
    /// the two directions).
    pub fn step_at(&self, i: f64, j: f64) -> Option<f64> {
        let (x, y) = self.map(i, j)?;
        let (xi, yi) = self.map(i + 1.0, j)?;
        let (xj, yj) = self.map(i, j + 1.0)?;
        Some(((xi - x).hypot(yi - y) + (xj - x).hypot(yj - y)) / 2.0)
    }
}

/// A line seen on the picture: the picture point `(x, y)` lies on vertical line `k` of the grid
/// (`vertical`) or on horizontal line `k`.
#[derive(Clone, Copy, Debug)]
struct Seen {
    x: f64,
    y: f64,
    vertical: bool,
    k: f64,
}

/// The map fitted to the lines seen: the inverse map, picture to grid, is linear in its eight
/// unknowns for each line point (its vertical or horizontal grid coordinate is known), solved
/// by least squares on coordinates centred on `centre` and scaled by `scale`.
fn fit(seen: &[Seen], centre: (f64, f64), scale: f64) -> Option<Homography> {
    let mut ata = [[0.0f64; 8]; 8];
    let mut atb = [0.0f64; 8];
    let (mut vertical, mut horizontal) = (0, 0);
    for s in seen {
        let (x, y) = ((s.x - centre.0) / scale, (s.y - centre.1) / scale);
        let k = s.k;
        let row = if s.vertical {
            vertical += 1;
            [x, y, 1.0, 0.0, 0.0, 0.0, -k * x, -k * y]
        } else {
            horizontal += 1;
            [0.0, 0.0, 0.0, x, y, 1.0, -k * x, -k * y]
        };
        for ((sums, sum), ra) in ata.iter_mut().zip(&mut atb).zip(&row) {
            for (v, rb) in sums.iter_mut().zip(&row) {
                *v += ra * rb;
            }
            *sum += ra * k;
        }
    }
    if vertical < 8 || horizontal < 8 {
        return None;
    }
    let g = solve(ata, atb)?;
    // picture to grid on scaled coordinates, then on the picture's own
    let normalise = Homography([
        [1.0 / scale, 0.0, -centre.0 / scale],
        [0.0, 1.0 / scale, -centre.1 / scale],
        [0.0, 0.0, 1.0],
    ]);
    let inverse = Homography([[g[0], g[1], g[2]], [g[3], g[4], g[5]], [g[6], g[7], 1.0]]);
    inverse.then(&normalise).inverse()
}

impl Homography {
    /// `self` after `first`: the map of `first`'s output through `self`.
    fn then(&self, first: &Homography) -> Homography {
        let (a, b) = (&self.0, &first.0);
        let mut out = [[0.0f64; 3]; 3];
        for (r, row) in out.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = (0..3).map(|k| a[r][k] * b[k][c]).sum();
            }
        }
        Homography(out)
    }

    /// How far a line point lies from its line under the inverse map, in grid units.
    fn miss(&self, s: &Seen) -> Option<f64> {
        let (i, j) = self.map(s.x, s.y)?;
        Some(if s.vertical { i - s.k } else { j - s.k }.abs())
    }
}

/// Gaussian elimination with partial pivoting; none if the system is singular.
fn solve(mut a: [[f64; 8]; 8], mut b: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, below) = a.split_at_mut(col + 1);
        let (pivot_row, pivot_b) = (top[col], b[col]);
        for (row, rb) in below.iter_mut().zip(b.iter_mut().skip(col + 1)) {
            let f = row[col] / pivot_row[col];
            for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                *v -= f * p;
            }
            *rb -= f * pivot_b;
        }
    }
    let mut x = [0.0f64; 8];
    for row in (0..8).rev() {
        let rest: f64 = (row + 1..8).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

/// The lines seen around the map `h`'s lines, `reach` distances between points either side:
/// the inner lines only (a frame close outside the board merges with the outer lines under
/// blur), each between every two neighbouring points, the river left out.
fn lines_seen(image: &RgbImage, h: &Homography, reach: f32) -> Vec<Seen> {
    let mut out = Vec::new();
    let mut look = |i: f64, j: f64, vertical: bool| {
        // the line's direction on the picture, and across it
        let (da, db) = if vertical { (0.0, 0.1) } else { (0.1, 0.0) };
        let (Some(p), Some(a), Some(b), Some(step)) = (
            h.map(i, j),
            h.map(i - da, j - db),
            h.map(i + da, j + db),
            h.step_at(i, j),
        ) else {
            return;
        };
        let len = (b.0 - a.0).hypot(b.1 - a.1);
        if len < 1e-6 {
            return;
        }
        let across = ((a.1 - b.1) / len, (b.0 - a.0) / len);
        let across = (across.0 as f32, across.1 as f32);
        let found =
            align::line_offset(image, (p.0 as f32, p.1 as f32), across, reach * step as f32);
        if let Some(d) = found {
            out.push(Seen {
                x: p.0 + f64::from(across.0 * d),
                y: p.1 + f64::from(across.1 * d),
                vertical,
                k: if vertical { i } else { j },
            });
        }
    };
    for j in 1..9 {
        for i in 0..8 {
            look(f64::from(i) + 0.5, f64::from(j), false);
        }
    }
    for i in 1..8 {
        for j in (0..9).filter(|&j| j != 4) {
            look(f64::from(i), f64::from(j) + 0.5, true);
        }
    }
    out
}

/// The map from the grid's points to the picture, fitted to the lines the picture shows near
/// the grid found; none where too few lines are seen or the fit strays far from the grid.
pub fn fit_board(image: &RgbImage, grid: &Grid) -> Option<Homography> {
    let start = Homography::of_grid(grid);
    let step = f64::from(grid.step());
    let centre = start.map(4.0, 4.5)?;
    let scale = 4.0 * step;
    let mut h = start;
    for reach in REACH {
        let seen = lines_seen(image, &h, reach);
        if seen.len() < FEWEST {
            return None;
        }
        let first = fit(&seen, centre, scale)?;
        let inverse = first.inverse()?;
        let kept: Vec<Seen> = seen
            .iter()
            .copied()
            .filter(|s| inverse.miss(s).is_some_and(|m| m <= STRAY))
            .collect();
        h = if kept.len() >= FEWEST {
            fit(&kept, centre, scale)?
        } else {
            first
        };
    }
    (furthest(&h, &start)? / step <= MOST_MOVED).then_some(h)
}

/// The furthest that `a` puts one of the 90 points from where `b` puts it, in pixels.
fn furthest(a: &Homography, b: &Homography) -> Option<f64> {
    let mut most = 0.0f64;
    for j in 0..10 {
        for i in 0..9 {
            let (p, q) = (
                a.map(f64::from(i), f64::from(j))?,
                b.map(f64::from(i), f64::from(j))?,
            );
            most = most.max((p.0 - q.0).hypot(p.1 - q.1));
        }
    }
    Some(most)
}

/// Whether the board under `h` is bent or turned enough from the evenly spaced grid `grid` to
/// be resampled straight.
pub fn is_bent(h: &Homography, grid: &Grid) -> bool {
    furthest(h, &Homography::of_grid(grid))
        .is_some_and(|d| d / f64::from(grid.step()) > STRAIGHT_ENOUGH)
}

/// A board resampled straight ([`straighten`]).
pub struct Straightened {
    /// The new picture: the board's lines level and evenly spaced.
    pub image: RgbImage,
    /// Where the grid is on the new picture.
    pub grid: Grid,
    /// The corners half a step outside the board's outer points on the picture it was taken
    /// from: top left, top right, bottom left, bottom right.
    pub corners: [(f32, f32); 4],
    /// The distance between points at the board's centre on that picture, in pixels.
    pub step: f32,
}

/// The board under `h` resampled straight. Each new pixel averages `k`×`k` bilinear samples
/// where the picture is shrunk. None where the map sends part of the board to infinity.
pub fn straighten(image: &RgbImage, h: &Homography) -> Option<Straightened> {
    let corner = |i: f64, j: f64| h.map(i, j).map(|(x, y)| (x as f32, y as f32));
    let corners = [
        corner(-0.5, -0.5)?,
        corner(8.5, -0.5)?,
        corner(-0.5, 9.5)?,
        corner(8.5, 9.5)?,
    ];
    let picture_step = h.step_at(4.0, 4.5)? as f32;
    let step = picture_step.clamp(LEAST_STEP, MOST_STEP);
    let width = ((8.0 + 2.0 * MARGIN) * step).ceil() as u32;
    let height = ((9.0 + 2.0 * MARGIN) * step).ceil() as u32;
    let k = ((picture_step / step).ceil() as usize).clamp(1, 8);
    let (w, hgt) = (image.width() as f32, image.height() as f32);
    let mut out = RgbImage::new(width, height);
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let sample = |x: f32, y: f32, sum: &mut [f32; 3]| {
        let (px, py) = (
            (x - 0.5).clamp(0.0, w - 1.0),
            (y - 0.5).clamp(0.0, hgt - 1.0),
        );
        let (x0, y0) = (px as usize, py as usize);
        let x1 = (x0 + 1).min(image.width() as usize - 1);
        let y1 = (y0 + 1).min(image.height() as usize - 1);
        let (fx, fy) = (px - x0 as f32, py - y0 as f32);
        for (ch, s) in sum.iter_mut().enumerate() {
            let at = |x: usize, y: usize| f32::from(raw[y * stride + x * 3 + ch]);
            let top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * fx;
            let bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * fx;
            *s += top + (bottom - top) * fy;
        }
    };
    let m = &h.0;
    let inv_k = 1.0 / k as f64;
    let n = (k * k) as f32;
    for v in 0..height {
        for u in 0..width {
            let mut sum = [0.0f32; 3];
            for sv in 0..k {
                let j = (f64::from(v) + (sv as f64 + 0.5) * inv_k) / f64::from(step)
                    - f64::from(MARGIN);
                for su in 0..k {
                    let i = (f64::from(u) + (su as f64 + 0.5) * inv_k) / f64::from(step)
                        - f64::from(MARGIN);
                    let wgt = m[2][0] * i + m[2][1] * j + m[2][2];
                    let x = (m[0][0] * i + m[0][1] * j + m[0][2]) / wgt;
                    let y = (m[1][0] * i + m[1][1] * j + m[1][2]) / wgt;
                    sample(x as f32, y as f32, &mut sum);
                }
            }
            out.put_pixel(
                u,
                v,
                Rgb(sum.map(|s| (s / n).round().clamp(0.0, 255.0) as u8)),
            );
        }
    }
    let grid = Grid {
        x0: MARGIN * step,
        sx: step,
        y0: MARGIN * step,
        sy: step,
        shear: 0.0,
    };
    Some(Straightened {
        image: out,
        grid,
        corners,
        step: picture_step,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board seen at an angle: the points of grid (i, j) on the picture.
    fn bent() -> Homography {
        Homography([[41.0, 3.5, 120.0], [-2.0, 39.0, 80.0], [0.004, -0.006, 1.0]])
    }

    #[test]
    fn the_map_of_a_grid_puts_its_points_where_the_grid_does() {
        let grid = Grid {
            x0: 31.0,
            sx: 40.5,
            y0: 22.0,
            sy: 39.5,
            shear: 0.07,
        };
        let h = Homography::of_grid(&grid);
        for (i, j) in [(0.0, 0.0), (8.0, 0.0), (3.0, 7.0), (8.0, 9.0)] {
            let (x, y) = grid.point(i, j);
            let Some((hx, hy)) = h.map(f64::from(i), f64::from(j)) else {
                panic!("({i}, {j}) sent to infinity");
            };
            assert!((hx - f64::from(x)).abs() < 1e-3, "{hx} {x}");
            assert!((hy - f64::from(y)).abs() < 1e-3, "{hy} {y}");
        }
    }

    /// Points seen on the lines of a bent board, and a few stray ones: the map fitted to them
    /// puts every point of the board where the board has it.
    #[test]
    fn the_map_fitted_to_lines_seen_is_the_boards() {
        let h = bent();
        let mut seen = Vec::new();
        for j in 1..9 {
            for i in 0..8 {
                let Some((x, y)) = h.map(f64::from(i) + 0.5, f64::from(j)) else {
                    panic!("sent to infinity");
                };
                seen.push(Seen {
                    x,
                    y,
                    vertical: false,
                    k: f64::from(j),
                });
            }
        }
        for i in 1..8 {
            for j in (0..9).filter(|&j| j != 4) {
                let Some((x, y)) = h.map(f64::from(i), f64::from(j) + 0.5) else {
                    panic!("sent to infinity");
                };
                seen.push(Seen {
                    x,
                    y,
                    vertical: true,
                    k: f64::from(i),
                });
            }
        }
        let Some(centre) = h.map(4.0, 4.5) else {
            panic!("sent to infinity");
        };
        let Some(fitted) = fit(&seen, centre, 160.0) else {
            panic!("no map fitted");
        };
        let Some(most) = furthest(&fitted, &h) else {
            panic!("sent to infinity");
        };
        assert!(most < 1e-6, "{most} px off");
        // a map fitted to lines of one direction only is none
        let level: Vec<Seen> = seen.iter().copied().filter(|s| !s.vertical).collect();
        assert!(fit(&level, centre, 160.0).is_none());
    }

    #[test]
    fn the_inverse_map_takes_the_picture_back_to_the_grid() {
        let h = bent();
        let Some(back) = h.inverse() else {
            panic!("singular");
        };
        let Some((x, y)) = h.map(6.0, 2.0) else {
            panic!("sent to infinity");
        };
        let Some((i, j)) = back.map(x, y) else {
            panic!("sent to infinity");
        };
        assert!((i - 6.0).abs() < 1e-9 && (j - 2.0).abs() < 1e-9, "{i} {j}");
    }
}
