//! Finding the board's grid in a picture: 9 vertical and 10 horizontal lines, evenly spaced,
//! the interior vertical lines broken by the river, and no line of the same spacing beyond.
//!
//! The picture is reduced to at most [`WORK_SIDE`] pixels a side; thin lines (darker or lighter
//! than both sides at two or three pixels' distance) that run on for several pixels are kept;
//! their projections on the two axes, sheared by a small angle for slightly rotated scans, give
//! peaks; evenly spaced runs of 9 and 10 peaks (two of them may be missing, the outer ones
//! too: blur merges an outer line with a frame drawn close outside it) are paired and each pair
//! is checked on the picture itself (how much of each line is there, how little of the river
//! and of the lines one step outside), the most promising pairs first.

use image::RgbImage;

/// The longest side of the reduced picture the grid is looked for in.
const WORK_SIDE: u32 = 1700;
/// Smallest distance between two points on the reduced picture, in pixels.
const MIN_STEP: f32 = 7.0;
/// A thin line's contrast against both its sides, on 0–255.
const LINE_CONTRAST: f32 = 18.0;
/// Shortest run of line pixels kept, in pixels.
const MIN_RUN: usize = 7;
/// Shears tried, as tangents of the angle: 0 and up to about 5.5 degrees either way (a photo
/// taken by hand), every half degree.
const SHEARS: [f32; 23] = [
    0.0, -0.0087, 0.0087, -0.0175, 0.0175, -0.0262, 0.0262, -0.035, 0.035, -0.0437, 0.0437,
    -0.0524, 0.0524, -0.0612, 0.0612, -0.0699, 0.0699, -0.0787, 0.0787, -0.0875, 0.0875, -0.0963,
    0.0963,
];
/// Peaks of a projection considered.
const MAX_PEAKS: usize = 48;
/// Candidate line sets kept per axis.
const MAX_PROGRESSIONS: usize = 24;
/// Candidate runs kept per axis of one set of lines shifted by whole steps.
const MAX_SHIFTED: usize = 3;

/// The board's grid on the picture: vertical line `i` (0–8, left to right) is where
/// `x - y·shear = x0 + i·sx`, horizontal line `j` (0–9, top to bottom) where
/// `y + x·shear = y0 + j·sy`, in the picture's pixels (pixel `n` spans `n..n+1`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Sheared x of the leftmost vertical line.
    pub x0: f32,
    /// Distance between vertical lines.
    pub sx: f32,
    /// Sheared y of the top horizontal line.
    pub y0: f32,
    /// Distance between horizontal lines.
    pub sy: f32,
    /// Tangent of the angle the board is turned by (clockwise).
    pub shear: f32,
}

impl Grid {
    /// The picture position of the point on vertical line `i` and horizontal line `j` (either
    /// may lie outside 0–8, 0–9).
    pub fn point(&self, i: f32, j: f32) -> (f32, f32) {
        let (a, b) = (self.x0 + i * self.sx, self.y0 + j * self.sy);
        let t = self.shear;
        let d = 1.0 + t * t;
        ((a + b * t) / d, (b - a * t) / d)
    }

    /// Mean distance between neighbouring points.
    pub fn step(&self) -> f32 {
        (self.sx + self.sy) / 2.0
    }

    /// The box around the board's points with half a step to spare: x, y, width, height.
    pub fn bounds(&self) -> [f32; 4] {
        let corners = [
            self.point(-0.5, -0.5),
            self.point(8.5, -0.5),
            self.point(-0.5, 9.5),
            self.point(8.5, 9.5),
        ];
        let min_x = corners.iter().map(|c| c.0).fold(f32::INFINITY, f32::min);
        let max_x = corners
            .iter()
            .map(|c| c.0)
            .fold(f32::NEG_INFINITY, f32::max);
        let min_y = corners.iter().map(|c| c.1).fold(f32::INFINITY, f32::min);
        let max_y = corners
            .iter()
            .map(|c| c.1)
            .fold(f32::NEG_INFINITY, f32::max);
        [min_x, min_y, max_x - min_x, max_y - min_y]
    }

    fn scaled(&self, factor: f32) -> Grid {
        Grid {
            x0: self.x0 * factor,
            sx: self.sx * factor,
            y0: self.y0 * factor,
            sy: self.sy * factor,
            shear: self.shear,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The board read (the larger where there are several).
    pub grid: Grid,
    /// How many boards the picture shows.
    pub boards: usize,
}

/// Why no grid was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// No evenly spaced lines at all.
    NoLines,
    /// Evenly spaced lines, but not 9 by 10 with a river: another board or a table.
    OtherGrid,
}

/// Look for the grid in `image`.
pub fn find(image: &RgbImage) -> Result<Found, Miss> {
    let work = Work::reduce(image);
    let h_mask = work.line_mask(true);
    let v_mask = work.line_mask(false);
    let h_points = mask_points(&h_mask, work.width);
    let v_points = mask_points(&v_mask, work.width);
    if h_points.len() < 20 || v_points.len() < 20 {
        return Err(Miss::NoLines);
    }
    let h_across = Across::new(&h_mask, work.width, true);
    let v_across = Across::new(&v_mask, work.width, false);
    let mut best: Option<(Grid, Check)> = None;
    let mut accepted: Vec<(Grid, Check)> = Vec::new();
    let mut any_progression = false;
    // a board photographed at an angle has its lines converging: where none is found with
    // lines seen where the grid puts them, they are looked for a little off it
    let shears = best_shears(&h_points, &v_points, work.width, work.height);
    let passes = [false, true]
        .into_iter()
        .flat_map(|loose| shears.iter().map(move |&shear| (loose, shear)));
    for (loose, shear) in passes {
        if best.is_some() {
            break;
        }
        let masks = Masks {
            width: work.width,
            height: work.height,
            h: &h_across,
            v: &v_across,
            loose,
        };
        let offset = (work.height.max(work.width) as f32) * 0.06 + 2.0;
        let v_profile = profile(
            &v_points,
            |x, y| x - y * shear + offset,
            work.width,
            work.height,
        );
        let h_profile = profile(
            &h_points,
            |x, y| y + x * shear + offset,
            work.width,
            work.height,
        );
        let max_step = work.width.min(work.height) as f32 / 7.5;
        let vs = progressions(&peaks(&v_profile), 9, max_step);
        let hs = progressions(&peaks(&h_profile), 10, max_step);
        any_progression |= !vs.is_empty() && !hs.is_empty();
        for (grid, check) in masks.boards(&vs, &hs, offset, shear) {
            if best.as_ref().is_none_or(|b| check.score() > b.1.score()) {
                best = Some((grid, check));
            }
            accepted.push((grid, check));
        }
    }
    let Some((grid, _)) = best else {
        return Err(if any_progression {
            Miss::OtherGrid
        } else {
            Miss::NoLines
        });
    };
    let (grid, boards) = largest_of(grid, &accepted);
    Ok(Found {
        grid: grid.scaled(work.factor as f32),
        boards,
    })
}

/// The largest of the boards that do not overlap, and how many there are.
fn largest_of(best: Grid, accepted: &[(Grid, Check)]) -> (Grid, usize) {
    let mut boards: Vec<Grid> = vec![best];
    for (grid, _) in accepted {
        if boards.iter().all(|b| !overlap(b, grid)) {
            boards.push(*grid);
        }
    }
    let largest = boards
        .iter()
        .copied()
        .max_by(|a, b| a.step().total_cmp(&b.step()))
        .unwrap_or(best);
    (largest, boards.len())
}

fn overlap(a: &Grid, b: &Grid) -> bool {
    let (p, q) = (a.bounds(), b.bounds());
    p[0] < q[0] + q[2] && q[0] < p[0] + p[2] && p[1] < q[1] + q[3] && q[1] < p[1] + p[3]
}

/// The picture in grey, reduced by a whole factor.
struct Work {
    width: usize,
    height: usize,
    factor: u32,
    grey: Vec<f32>,
}

impl Work {
    fn reduce(image: &RgbImage) -> Work {
        let factor = image.width().max(image.height()).div_ceil(WORK_SIDE).max(1);
        let width = (image.width() / factor).max(1) as usize;
        let height = (image.height() / factor).max(1) as usize;
        let mut grey = vec![0.0f32; width * height];
        let f = factor as usize;
        let norm = 1.0 / (f * f) as f32;
        for y in 0..height {
            for x in 0..width {
                let mut sum = 0.0;
                for dy in 0..f {
                    for dx in 0..f {
                        let p = image.get_pixel((x * f + dx) as u32, (y * f + dy) as u32).0;
                        sum += 0.299 * f32::from(p[0])
                            + 0.587 * f32::from(p[1])
                            + 0.114 * f32::from(p[2]);
                    }
                }
                grey[y * width + x] = sum * norm;
            }
        }
        Work {
            width,
            height,
            factor,
            grey,
        }
    }

    /// Pixels on thin lines running along x (`horizontal`) or y, in runs of [`MIN_RUN`] or more.
    fn line_mask(&self, horizontal: bool) -> Vec<bool> {
        let (w, h) = (self.width, self.height);
        // smoothed along the line, so that noise does not break it
        let at = |x: usize, y: usize| -> f32 {
            let g = &self.grey;
            if horizontal {
                let (l, r) = (x.saturating_sub(1), (x + 1).min(w - 1));
                (g[y * w + l] + 2.0 * g[y * w + x] + g[y * w + r]) / 4.0
            } else {
                let (u, d) = (y.saturating_sub(1), (y + 1).min(h - 1));
                (g[u * w + x] + 2.0 * g[y * w + x] + g[d * w + x]) / 4.0
            }
        };
        let mut on = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let c = at(x, y);
                let mut best = 0.0f32;
                for k in 2..=3 {
                    let (a, b) = if horizontal {
                        if y < k || y + k >= h {
                            continue;
                        }
                        (at(x, y - k), at(x, y + k))
                    } else {
                        if x < k || x + k >= w {
                            continue;
                        }
                        (at(x - k, y), at(x + k, y))
                    };
                    best = best.max(a.min(b) - c).max(c - a.max(b));
                }
                on[y * w + x] = best >= LINE_CONTRAST;
            }
        }
        keep_runs(&on, w, h, horizontal)
    }
}

/// Only the runs of [`MIN_RUN`] pixels or more (gaps of one pixel bridged).
fn keep_runs(on: &[bool], w: usize, h: usize, horizontal: bool) -> Vec<bool> {
    let mut out = vec![false; w * h];
    let (lines, along) = if horizontal { (h, w) } else { (w, h) };
    let index = |line: usize, pos: usize| {
        if horizontal {
            line * w + pos
        } else {
            pos * w + line
        }
    };
    for line in 0..lines {
        let mut pos = 0;
        while pos < along {
            if !on[index(line, pos)] {
                pos += 1;
                continue;
            }
            let start = pos;
            let mut end = pos;
            while pos < along {
                if on[index(line, pos)] {
                    end = pos;
                } else if pos > end + 1 {
                    break;
                }
                pos += 1;
            }
            if end + 1 - start >= MIN_RUN {
                for p in start..=end {
                    out[index(line, p)] = on[index(line, p)];
                }
            }
            pos = end + 1;
        }
    }
    out
}

fn mask_points(mask: &[bool], width: usize) -> Vec<(f32, f32)> {
    mask.iter()
        .enumerate()
        .filter(|(_, &on)| on)
        .map(|(i, _)| ((i % width) as f32 + 0.5, (i / width) as f32 + 0.5))
        .collect()
}

/// The shears to try, best first: those whose projections are sharpest.
fn best_shears(h: &[(f32, f32)], v: &[(f32, f32)], width: usize, height: usize) -> Vec<f32> {
    let offset = (height.max(width) as f32) * 0.06 + 2.0;
    let mut scored: Vec<(f32, f32)> = SHEARS
        .iter()
        .map(|&t| {
            let pv = profile(v, |x, y| x - y * t + offset, width, height);
            let ph = profile(h, |x, y| y + x * t + offset, width, height);
            let sharp = pv.iter().chain(&ph).map(|p| p * p).sum::<f32>();
            (t, sharp)
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.into_iter().take(3).map(|(t, _)| t).collect()
}

/// How many line pixels project to each position (split between the two nearest).
fn profile(
    points: &[(f32, f32)],
    project: impl Fn(f32, f32) -> f32,
    width: usize,
    height: usize,
) -> Vec<f32> {
    let len = width.max(height) * 2 + 8;
    let mut out = vec![0.0f32; len];
    for &(x, y) in points {
        let p = project(x, y) - 0.5;
        if p < 0.0 {
            continue;
        }
        let i = p as usize;
        let frac = p - i as f32;
        if i + 1 < len {
            out[i] += 1.0 - frac;
            out[i + 1] += frac;
        }
    }
    out
}

/// Local maxima of a profile (smoothed), strongest first: position and strength.
fn peaks(profile: &[f32]) -> Vec<(f32, f32)> {
    let n = profile.len();
    let smooth: Vec<f32> = (0..n)
        .map(|i| {
            let l = profile[i.saturating_sub(1)];
            let r = profile[(i + 1).min(n - 1)];
            (l + 2.0 * profile[i] + r) / 4.0
        })
        .collect();
    let max = smooth.iter().copied().fold(0.0f32, f32::max);
    let mut found: Vec<(f32, f32)> = Vec::new();
    for i in 1..n.saturating_sub(1) {
        let (l, c, r) = (smooth[i - 1], smooth[i], smooth[i + 1]);
        if c >= l && c > r && c >= 0.05 * max {
            let denom = l - 2.0 * c + r;
            let shift = if denom.abs() > 1e-6 {
                (0.5 * (l - r) / denom).clamp(-0.5, 0.5)
            } else {
                0.0
            };
            found.push((i as f32 + 0.5 + shift, c));
        }
    }
    found.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut kept: Vec<(f32, f32)> = Vec::new();
    for p in found {
        if kept.iter().all(|k| (k.0 - p.0).abs() > 2.5) {
            kept.push(p);
            if kept.len() == MAX_PEAKS {
                break;
            }
        }
    }
    kept.sort_by(|a, b| a.0.total_cmp(&b.0));
    kept
}

/// Lines that may be missing from a run (hidden under pieces, or merged by blur with a frame
/// drawn close outside the outer lines).
const MAX_MISSING: usize = 2;

/// Evenly spaced runs of `lines` peaks: first position and spacing, best first. Any two peaks
/// may be two of the run's lines, the outer lines among those missing.
fn progressions(peaks: &[(f32, f32)], lines: usize, max_step: f32) -> Vec<(f32, f32)> {
    let mut found: Vec<(f32, f32, f32)> = Vec::new();
    for (ai, a) in peaks.iter().enumerate() {
        for b in &peaks[ai + 1..] {
            for gaps in lines - 1 - MAX_MISSING..lines {
                let step = (b.0 - a.0) / gaps as f32;
                if !(MIN_STEP..=max_step).contains(&step) {
                    continue;
                }
                for before in 0..lines - gaps {
                    let first = a.0 - before as f32 * step;
                    found.extend(fit_run(peaks, first, step, lines));
                }
            }
        }
    }
    found.sort_by(|a, b| b.2.total_cmp(&a.2));
    let mut kept: Vec<(f32, f32)> = Vec::new();
    for (first, step, _) in found {
        // the same run: its first and last lines within a peak's tolerance of a run kept
        let last = first + (lines - 1) as f32 * step;
        let tolerance = (0.07 * step).max(1.5);
        let same = kept.iter().any(|k| {
            (k.0 - first).abs() <= tolerance
                && (k.0 + (lines - 1) as f32 * k.1 - last).abs() <= tolerance
        });
        // runs of one set of lines shifted by whole steps: only a few, so that the lines of
        // another board find room
        let kin = kept
            .iter()
            .filter(|k| {
                let shift = (first - k.0) / step;
                (k.1 - step).abs() < 0.05 * step && (shift - shift.round()).abs() < 0.15
            })
            .count();
        if !same && kin < MAX_SHIFTED {
            kept.push((first, step));
            if kept.len() == MAX_PROGRESSIONS {
                break;
            }
        }
    }
    kept
}

/// The run of `lines` peaks nearest to `first + k·step`, fitted again: first position,
/// spacing and the strength of the peaks found; none with more than [`MAX_MISSING`] missing.
fn fit_run(peaks: &[(f32, f32)], first: f32, step: f32, lines: usize) -> Option<(f32, f32, f32)> {
    let tolerance = (0.07 * step).max(1.5);
    let mut score = 0.0;
    let mut missing = 0;
    let mut fit = Fit::default();
    for k in 0..lines {
        let want = first + k as f32 * step;
        // peaks are in order of position
        let from = peaks.partition_point(|p| p.0 < want - tolerance);
        let near = peaks[from..]
            .iter()
            .take_while(|p| p.0 <= want + tolerance)
            .max_by(|p, q| p.1.total_cmp(&q.1));
        match near {
            Some(p) => {
                score += p.1;
                fit.add(k as f32, p.0);
            }
            None => missing += 1,
        }
        if missing > MAX_MISSING {
            return None;
        }
    }
    fit.line().map(|(first, step)| (first, step, score))
}

/// A least-squares line through (k, position) pairs.
#[derive(Default)]
struct Fit {
    n: f32,
    sk: f32,
    sp: f32,
    skk: f32,
    skp: f32,
}

impl Fit {
    fn add(&mut self, k: f32, p: f32) {
        self.n += 1.0;
        self.sk += k;
        self.sp += p;
        self.skk += k * k;
        self.skp += k * p;
    }

    /// Intercept and slope; none with fewer than two distinct points.
    fn line(&self) -> Option<(f32, f32)> {
        let denom = self.n * self.skk - self.sk * self.sk;
        if self.n < 2.0 || denom.abs() < 1e-6 {
            return None;
        }
        let slope = (self.n * self.skp - self.sk * self.sp) / denom;
        Some(((self.sp - slope * self.sk) / self.n, slope))
    }
}

/// How a candidate grid fits the line pixels.
#[derive(Clone, Copy, Debug)]
struct Check {
    /// Share of the horizontal lines seen.
    h: f32,
    /// Share of the vertical lines seen.
    v: f32,
    /// Share of the river crossed by interior vertical lines (none on a Xiangqi board).
    river: f32,
    /// Share seen of the lines one step outside (none on a Xiangqi board).
    outside: f32,
}

impl Check {
    fn is_board(&self) -> bool {
        self.h >= 0.3
            && self.v >= 0.3
            && self.river < 0.5 * self.v
            && self.outside < 0.5 * self.h.min(self.v)
    }

    /// Close enough to a board to be worth refining.
    fn is_near(&self) -> bool {
        self.h >= 0.15 && self.v >= 0.15
    }

    fn score(&self) -> f32 {
        self.h + self.v - self.river - self.outside
    }
}

/// A mask of line pixels counted across its lines: how many pixels of a stretch across a line
/// are on any line is two look-ups.
struct Across {
    /// Positions along the lines.
    along: usize,
    /// `counts[c * along + a]`: line pixels at `a` along, before `c` across.
    counts: Vec<u32>,
}

impl Across {
    /// The mask of a picture `width` wide counted across lines running along x (`horizontal`)
    /// or y.
    fn new(mask: &[bool], width: usize, horizontal: bool) -> Across {
        let height = mask.len() / width.max(1);
        let (along, across) = if horizontal {
            (width, height)
        } else {
            (height, width)
        };
        let mut counts = vec![0u32; along * (across + 1)];
        for c in 0..across {
            for a in 0..along {
                let on = if horizontal {
                    mask[c * width + a]
                } else {
                    mask[a * width + c]
                };
                counts[(c + 1) * along + a] = counts[c * along + a] + u32::from(on);
            }
        }
        Across { along, counts }
    }

    /// Whether a line pixel is at `a` along, `from` to `to` across (both included; `to`
    /// within the picture, none if `from` is past it).
    fn any(&self, a: usize, from: usize, to: usize) -> bool {
        from <= to && self.counts[(to + 1) * self.along + a] > self.counts[from * self.along + a]
    }
}

struct Masks<'a> {
    width: usize,
    height: usize,
    h: &'a Across,
    v: &'a Across,
    /// Whether a line is seen [`LOOSE`] distances between points off where the grid puts it,
    /// not one pixel.
    loose: bool,
}

/// How far off where the grid puts it a line is seen on a second search, in distances between
/// points (a photo's lines converge and are spaced unevenly).
const LOOSE: f32 = 0.08;

impl Masks<'_> {
    /// The boards among the pairs of vertical and horizontal runs (`offset` added to their
    /// positions): those near a board refined, best first, each refined only where it does
    /// not cover a board already found (a run shifted by a line is near the board it shifts).
    fn boards(
        &self,
        vs: &[(f32, f32)],
        hs: &[(f32, f32)],
        offset: f32,
        shear: f32,
    ) -> Vec<(Grid, Check)> {
        let mut near: Vec<(Grid, f32)> = Vec::new();
        for v in vs {
            for h in hs {
                let ratio = h.1 / v.1;
                if !(0.8..=1.3).contains(&ratio) {
                    continue;
                }
                let grid = Grid {
                    x0: v.0 - offset,
                    sx: v.1,
                    y0: h.0 - offset,
                    sy: h.1,
                    shear,
                };
                let check = self.check(&grid);
                if check.is_near() {
                    near.push((grid, check.score()));
                }
            }
        }
        near.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut found: Vec<(Grid, Check)> = Vec::new();
        for (grid, _) in near {
            if found.iter().any(|(g, _)| overlap(g, &grid)) {
                continue;
            }
            let grid = self.refine(grid);
            let check = self.check(&grid);
            if check.is_board() {
                found.push((grid, check));
            }
        }
        found
    }

    /// Share of the segment from grid point `from` to `to` covered by line pixels of `mask`
    /// (one pixel either side allowed, or [`LOOSE`] distances between points).
    fn seen(&self, grid: &Grid, from: (f32, f32), to: (f32, f32), horizontal: bool) -> f32 {
        let slack = if self.loose {
            (LOOSE * grid.step()).round().max(1.0) as usize
        } else {
            1
        };
        let a = grid.point(from.0, from.1);
        let b = grid.point(to.0, to.1);
        let len = ((b.0 - a.0).hypot(b.1 - a.1)).max(1.0);
        let n = len as usize + 1;
        let mut hits = 0;
        for s in 0..n {
            let f = s as f32 / (n - 1).max(1) as f32;
            let x = a.0 + (b.0 - a.0) * f;
            let y = a.1 + (b.1 - a.1) * f;
            if x < 0.0 || y < 0.0 {
                continue;
            }
            let (xi, yi) = (x as usize, y as usize);
            let hit = if horizontal {
                xi < self.width
                    && self.h.any(
                        xi,
                        yi.saturating_sub(slack),
                        (yi + slack).min(self.height - 1),
                    )
            } else {
                yi < self.height
                    && self.v.any(
                        yi,
                        xi.saturating_sub(slack),
                        (xi + slack).min(self.width - 1),
                    )
            };
            if hit {
                hits += 1;
            }
        }
        hits as f32 / n as f32
    }

    fn check(&self, g: &Grid) -> Check {
        let h = (0..10)
            .map(|j| self.seen(g, (0.0, j as f32), (8.0, j as f32), true))
            .sum::<f32>()
            / 10.0;
        let v = (0..9)
            .map(|i| {
                let x = i as f32;
                if i == 0 || i == 8 {
                    self.seen(g, (x, 0.0), (x, 9.0), false)
                } else {
                    (self.seen(g, (x, 0.0), (x, 4.0), false)
                        + self.seen(g, (x, 5.0), (x, 9.0), false))
                        / 2.0
                }
            })
            .sum::<f32>()
            / 9.0;
        let river = (1..8)
            .map(|i| self.seen(g, (i as f32, 4.25), (i as f32, 4.75), false))
            .sum::<f32>()
            / 7.0;
        let outside = [
            self.seen(g, (0.0, -1.0), (8.0, -1.0), true),
            self.seen(g, (0.0, 10.0), (8.0, 10.0), true),
            self.seen(g, (-1.0, 0.0), (-1.0, 9.0), false),
            self.seen(g, (9.0, 0.0), (9.0, 9.0), false),
        ]
        .into_iter()
        .fold(0.0f32, f32::max);
        Check {
            h,
            v,
            river,
            outside,
        }
    }

    /// Each line moved to where most of it is seen, then the even spacing fitted again.
    fn refine(&self, g: Grid) -> Grid {
        let mut fit_v = Fit::default();
        for i in 0..9 {
            let best = self.best_offset(g.sx, |d| {
                let i = i as f32 + d;
                self.seen(&g, (i, 0.0), (i, 9.0), false)
            });
            fit_v.add(i as f32, g.x0 + (i as f32 + best) * g.sx);
        }
        let mut fit_h = Fit::default();
        for j in 0..10 {
            let best = self.best_offset(g.sy, |d| {
                let j = j as f32 + d;
                self.seen(&g, (0.0, j), (8.0, j), true)
            });
            fit_h.add(j as f32, g.y0 + (j as f32 + best) * g.sy);
        }
        match (fit_v.line(), fit_h.line()) {
            (Some((x0, sx)), Some((y0, sy))) if sx > 0.0 && sy > 0.0 => Grid {
                x0,
                sx,
                y0,
                sy,
                shear: g.shear,
            },
            _ => g,
        }
    }

    /// The shift (in steps) within a fifth of a step whose line is seen most; the centre of
    /// the best shifts, so that a line two pixels thick is found in its middle.
    fn best_offset(&self, step: f32, seen: impl Fn(f32) -> f32) -> f32 {
        let reach = (0.2 * step).max(2.0);
        let n = (reach * 2.0) as i32;
        let scores: Vec<(f32, f32)> = (-n..=n)
            .map(|k| {
                let d = k as f32 * 0.5 / step;
                (d, seen(d))
            })
            .collect();
        let top = scores.iter().map(|s| s.1).fold(0.0f32, f32::max);
        if top <= 0.0 {
            return 0.0;
        }
        let near_top: Vec<f32> = scores
            .iter()
            .filter(|s| s.1 >= top * 0.95)
            .map(|s| s.0)
            .collect();
        near_top.iter().sum::<f32>() / near_top.len() as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Peaks at `positions`, each of strength 10.
    fn peaks_at(positions: &[f32]) -> Vec<(f32, f32)> {
        positions.iter().map(|&p| (p, 10.0)).collect()
    }

    #[test]
    fn a_run_is_found_with_its_outer_lines_merged_into_a_frame() {
        // Nine lines 25 apart from 18; blur merged the outer two with a frame drawn 6 pixels
        // outside them, so their peaks lie 3 pixels outside; a caption stands at 250.
        let mut at: Vec<f32> = (1..8).map(|k| 18.0 + 25.0 * k as f32).collect();
        at.extend([15.0, 221.0, 250.0]);
        at.sort_by(f32::total_cmp);
        // (the picture decides between the candidate runs; the true one must be among them)
        let runs = progressions(&peaks_at(&at), 9, 40.0);
        assert!(
            runs.iter()
                .any(|&(first, step)| (first - 18.0).abs() < 0.3 && (step - 25.0).abs() < 0.05),
            "{runs:?}"
        );
    }

    #[test]
    fn a_run_missing_three_lines_is_not_taken() {
        let at: Vec<f32> = (1..7).map(|k| 18.0 + 25.0 * k as f32).collect();
        assert!(progressions(&peaks_at(&at), 9, 40.0)
            .iter()
            .all(|&(_, step)| (step - 25.0).abs() > 1.0));
    }
}
