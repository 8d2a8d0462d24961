//! The pieces of one picture compared with each other: a set draws each side's kind one way, so
//! pieces of a side drawn alike are of one kind, and pieces of a side drawn clearly unalike are
//! not. A classifier that has never seen a set misreads it piece by piece; the picture itself
//! still says which of its pieces are one kind.
//!
//! 1. Pieces of a side drawn alike (within [`SAME`], every pair of a group) are read as one:
//!    each gets the group's mean probabilities, less the kinds a side has fewer of than the
//!    group has pieces (1.2: one general, two of each officer, five soldiers). Three pieces
//!    drawn alike are soldiers, however the classifier reads each.
//! 2. Pieces of a side drawn clearly unalike ([`apart`]) are of two kinds: the board is read as
//!    the most probable legal one that reads no two of them as one kind ([`super::legal`]).
//!
//! Pieces are compared inside the face disc as the taught pieces are ([`super::taught`]), at
//! every shift of a few pixels, each face first brought to a mean of 0 and a variance of 1 (so
//! that light and ink strength do not count): the least mean squared difference, 0 for faces
//! drawn the same, 2 for faces that have nothing in common.
//!
//! Measured over the 620 pictures of 19 sets that `qipu recognise-bench` reads, each pair of
//! pieces of a side set against the known position: no pair of pieces of two kinds was within 0.05, and 40% of the
//! pairs of one kind were; of the pairs [`apart`] calls unalike, 2 of some 12,500 were of one
//! kind, both on a synthetic set of round pieces with shading.

use super::classify::CLASSES;
use super::house::face_mask;
use super::sample::CROP_VALUES;
use super::taught::{distance, shifted_faces};
use crate::rules::Color;

/// A point is a piece here when it is empty with less than this probability.
const PIECE: f32 = 0.5;
/// Pieces of a side within this difference are drawn alike.
const SAME: f32 = 0.05;
/// Pieces of a side are drawn unalike at a difference of at least this…
const APART: f32 = 0.5;
/// …and of this many times the typical difference of a piece from its likest on the picture
/// (the median over its pieces): a blurred or unevenly lit picture draws one kind less alike.
/// At 4, 11 pairs of one kind over 620 pictures were called unalike (a synthetic board seen at
/// an angle read 1.5% worse); at 6, 2, and no set read worse.
const APART_TIMES: f32 = 6.0;
/// Differences are summed no further than this: the faces have nothing in common.
const UNRELATED: f32 = 2.0;

/// Give the pieces of a side drawn alike their group's reading, and return the pairs of points
/// (picture indices, rank by rank from the top) holding pieces of one side drawn clearly
/// unalike.
pub(super) fn compare(crops: &[f32], probs: &mut [[f32; 15]]) -> Vec<(usize, usize)> {
    let mask = face_mask();
    let pieces: Vec<(usize, Color, Vec<Vec<f32>>)> = (0..probs.len())
        .filter(|&index| probs[index][0] < PIECE)
        .filter_map(|index| {
            let crop = crops.get(index * CROP_VALUES..(index + 1) * CROP_VALUES)?;
            let mut faces = shifted_faces(crop, &mask);
            faces.iter_mut().for_each(|f| normalise(f));
            Some((index, side(&probs[index]), faces))
        })
        .collect();
    let n = pieces.len();
    // the unshifted face is the middle one of the shifts
    let centre = pieces.first().map_or(0, |p| p.2.len() / 2);
    let mut differences = vec![f32::INFINITY; n * n];
    for i in 0..n {
        for j in i + 1..n {
            if pieces[i].1 == pieces[j].1 {
                let d = distance(&pieces[i].2, &pieces[j].2[centre], UNRELATED);
                differences[i * n + j] = d;
                differences[j * n + i] = d;
            }
        }
    }
    for group in groups(n, &differences) {
        let points: Vec<usize> = group.iter().map(|&k| pieces[k].0).collect();
        pool(probs, &points);
    }
    apart(n, &differences)
        .into_iter()
        .map(|(i, j)| (pieces[i].0, pieces[j].0))
        .collect()
}

/// The side a piece is likelier of.
fn side(p: &[f32; 15]) -> Color {
    let red: f32 = p[1..8].iter().sum();
    let black: f32 = p[8..].iter().sum();
    if black > red {
        Color::Black
    } else {
        Color::Red
    }
}

/// Values moved and scaled to a mean of 0 and a variance of 1 (left as they are where they do
/// not vary).
fn normalise(values: &mut [f32]) {
    let n = values.len().max(1) as f32;
    let mean = values.iter().sum::<f32>() / n;
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
    if var > 1e-8 {
        let sd = var.sqrt();
        values.iter_mut().for_each(|v| *v = (*v - mean) / sd);
    }
}

/// The groups of two or more of the `n` pieces every pair of which is within [`SAME`]
/// (`differences`, `n` × `n`, infinite between sides): the likest groups joined first, two
/// groups joined only while all their pairs stay within it.
fn groups(n: usize, differences: &[f32]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = (0..n).map(|k| vec![k]).collect();
    let farthest = |a: &[usize], b: &[usize]| {
        a.iter()
            .flat_map(|&i| b.iter().map(move |&j| differences[i * n + j]))
            .fold(0.0f32, f32::max)
    };
    loop {
        let mut likest: Option<(usize, usize, f32)> = None;
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                let d = farthest(&groups[a], &groups[b]);
                if d < SAME && likest.is_none_or(|(_, _, e)| d < e) {
                    likest = Some((a, b, d));
                }
            }
        }
        let Some((a, b, _)) = likest else {
            break;
        };
        let joined = groups.swap_remove(b);
        groups[a].extend(joined);
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// The pairs of the `n` pieces (`differences`, `n` × `n`, infinite between sides) drawn
/// unalike: at least [`APART`] and [`APART_TIMES`] the median of each piece's least difference.
fn apart(n: usize, differences: &[f32]) -> Vec<(usize, usize)> {
    let mut least: Vec<f32> = (0..n)
        .map(|i| {
            differences[i * n..(i + 1) * n]
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &d)| d)
                .fold(f32::INFINITY, f32::min)
        })
        .filter(|d| d.is_finite())
        .collect();
    least.sort_by(f32::total_cmp);
    let typical = least.get(least.len() / 2).copied().unwrap_or(0.0);
    let unalike = APART.max(APART_TIMES * typical);
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let d = differences[i * n + j];
            if d.is_finite() && d >= unalike {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Give the pieces at `points` their mean probabilities, less the kinds a side has fewer of
/// than there are points (1.2); left as they are if that leaves no piece.
fn pool(probs: &mut [[f32; 15]], points: &[usize]) {
    let share = 1.0 / points.len() as f32;
    let mut mean = [0.0f32; 15];
    for &index in points {
        mean.iter_mut()
            .zip(&probs[index])
            .for_each(|(m, p)| *m += p * share);
    }
    for (class, m) in mean.iter_mut().enumerate() {
        if CLASSES[class].is_some_and(|p| usize::from(p.kind.initial_count()) < points.len()) {
            *m = 0.0;
        }
    }
    if mean[1..].iter().sum::<f32>() <= 0.0 {
        return;
    }
    let whole: f32 = mean.iter().sum();
    mean.iter_mut().for_each(|m| *m /= whole);
    for &index in points {
        probs[index] = mean;
    }
}

#[cfg(test)]
mod tests {
    use super::super::taught::tests::{drawn, BLACK_INK, PAPER, RED_INK};
    use super::*;
    use crate::rules::{Piece, PieceKind};

    fn class(color: Color, kind: PieceKind) -> usize {
        CLASSES
            .iter()
            .position(|c| *c == Some(Piece::new(color, kind)))
            .unwrap_or_else(|| panic!("a class for {color:?} {kind:?}"))
    }

    /// A point read as `first` at 60% and `second` at 35%.
    fn read(first: usize, second: usize) -> [f32; 15] {
        let mut p = [0.05 / 13.0; 15];
        p[first] = 0.6;
        p[second] = 0.35;
        p
    }

    /// 90 crops of bare paper but at `points` (index, crop).
    fn board(points: &[(usize, Vec<f32>)]) -> Vec<f32> {
        let mut crops = vec![PAPER; 90 * CROP_VALUES];
        for (index, crop) in points {
            crops[index * CROP_VALUES..(index + 1) * CROP_VALUES].copy_from_slice(crop);
        }
        crops
    }

    fn likeliest(p: &[f32; 15]) -> usize {
        (0..15)
            .max_by(|&a, &b| p[a].total_cmp(&p[b]))
            .unwrap_or_default()
    }

    /// Three red pieces drawn alike (a bar down, at shifts of up to 2 pixels), each read as a
    /// horse first and a soldier second: a side has two horses, so they are its soldiers. A
    /// fourth drawn otherwise keeps its reading.
    #[test]
    fn three_pieces_drawn_alike_are_soldiers_however_each_is_read() {
        let (horse, soldier) = (
            class(Color::Red, PieceKind::Horse),
            class(Color::Red, PieceKind::Soldier),
        );
        let soldiers = [54, 56, 58];
        let mut points: Vec<(usize, Vec<f32>)> = soldiers
            .iter()
            .zip([0, 1, 2])
            .map(|(&index, dx)| (index, drawn(1, RED_INK, dx)))
            .collect();
        points.push((81, drawn(3, RED_INK, 0)));
        let crops = board(&points);
        let mut probs = vec![[0.0f32; 15]; 90];
        probs.iter_mut().for_each(|p| p[0] = 1.0);
        for &index in soldiers.iter().chain(&[81]) {
            probs[index] = read(horse, soldier);
        }
        compare(&crops, &mut probs);
        for index in soldiers {
            assert_eq!(likeliest(&probs[index]), soldier, "point {index}");
        }
        assert_eq!(likeliest(&probs[81]), horse);
    }

    /// Two red pieces drawn unalike make a pair; two drawn alike, and a red and a black piece
    /// however drawn, do not.
    #[test]
    fn pieces_of_a_side_drawn_unalike_make_a_pair() {
        let chariot = class(Color::Red, PieceKind::Chariot);
        let black = class(Color::Black, PieceKind::Chariot);
        let crops = board(&[
            (81, drawn(0, RED_INK, 0)),
            (84, drawn(2, RED_INK, 0)),
            (89, drawn(0, RED_INK, 1)),
            (0, drawn(1, BLACK_INK, 0)),
        ]);
        let mut probs = vec![[0.0f32; 15]; 90];
        probs.iter_mut().for_each(|p| p[0] = 1.0);
        for index in [81, 84, 89] {
            probs[index] = read(chariot, 0);
        }
        probs[0] = read(black, 0);
        let mut pairs = compare(&crops, &mut probs);
        pairs.sort();
        assert_eq!(pairs, vec![(81, 84), (84, 89)]);
    }
}
