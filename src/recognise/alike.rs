//! The pieces of one picture compared with each other: a set draws each side's kind one way, so
//! pieces of a side drawn alike are of one kind, and pieces of a side drawn clearly unalike are
//! not. Many sets, the Western-symbol ones above all, draw a kind of the two sides alike but for
//! its colour. A classifier that has never seen a set misreads it piece by piece; the picture
//! itself still says which of its pieces are one kind.
//!
//! 1. Pieces drawn alike are read as one kind: pieces of a side within [`SAME`] of each other,
//!    and a piece of each side whose ink (each pixel's darkest channel, so that colour does not
//!    count) is within [`LINKED_ACROSS`]. The board is read as one that reads each such pair as
//!    one kind where one is found ([`super::legal`]). Groups drawn closer still (within
//!    [`SAME`] of a side and [`SAME_ACROSS`] across, every pair of a group) pool their
//!    readings: each piece gets the group's mean probability of each kind, less the kinds a
//!    side has fewer of than the group has pieces of it (1.2: one general, two of each officer,
//!    five soldiers). Three pieces of a side drawn alike are soldiers, however the classifier
//!    reads each.
//! 2. Pieces of a side drawn clearly unalike ([`apart`]) are of two kinds, and so is either of
//!    them and a piece of the other side drawn alike the other: the board is read as one that
//!    reads no such pair as one kind.
//!
//! Pieces are compared inside the face disc as the taught pieces are ([`super::taught`]), at
//! every shift of a few pixels, each face first brought to a mean of 0 and a variance of 1 (so
//! that light and ink strength do not count): the least mean squared difference, 0 for faces
//! drawn the same, 2 for faces that have nothing in common.
//!
//! The bounds were set against the known positions of the 620 pictures of 19 sets that `qipu
//! recognise-bench` reads, each pair of pieces compared by a throwaway script. Of a side: no
//! pair of two kinds was within 0.05, and 40% of the pairs of one kind were; of the pairs
//! [`apart`] calls unalike, 2 of some 12,500 were of one kind, both on a synthetic set of round
//! pieces with shading. Of the two sides, by their ink: no pair of two kinds was within 0.21
//! (0.25 on the Western-symbol sets); 25–86% of the pairs of one kind on the Western-symbol sets
//! were within 0.1, and at most 15% on the Chinese-character sets, whose two sides letter some
//! kinds differently.

use super::classify::CLASSES;
use super::house::face_mask;
use super::legal::Drawn;
use super::sample::{CROP, CROP_VALUES};
use super::taught::{distance, shifted_faces};
use crate::rules::{Color, PieceKind};

/// A point is a piece here when it is empty with less than this probability.
const PIECE: f32 = 0.5;
/// Pieces of a side within this difference are drawn alike.
const SAME: f32 = 0.05;
/// Pieces of the two sides within this difference of their ink are drawn alike, and read as
/// one group…
const SAME_ACROSS: f32 = 0.1;
/// …and within this, read as one kind on the board.
const LINKED_ACROSS: f32 = 0.15;
/// Pieces of a side are drawn unalike at a difference of at least this…
const APART: f32 = 0.5;
/// …and of this many times the typical difference of a piece from its likest on the picture
/// (the median over its pieces): a blurred or unevenly lit picture draws one kind less alike.
/// At 4, 11 pairs of one kind over 620 pictures were called unalike (a synthetic board seen at
/// an angle read 1.5% worse); at 6, 2, and no set read worse.
const APART_TIMES: f32 = 6.0;
/// Differences are summed no further than this: the faces have nothing in common.
const UNRELATED: f32 = 2.0;

/// Give the pieces drawn alike their group's reading, and return the pairs of pieces drawn
/// alike (each pair of a group) and clearly unalike (two of a side, or one and a piece of the
/// other side drawn alike its fellow).
pub(super) fn compare(crops: &[f32], probs: &mut [[f32; 15]]) -> Vec<Drawn> {
    let mask = face_mask();
    let plane: Vec<usize> = mask.iter().copied().filter(|&k| k < CROP * CROP).collect();
    let pieces: Vec<Compared> = (0..probs.len())
        .filter(|&index| probs[index][0] < PIECE)
        .filter_map(|index| {
            let crop = crops.get(index * CROP_VALUES..(index + 1) * CROP_VALUES)?;
            Some(Compared::new(
                index,
                side(&probs[index]),
                crop,
                &mask,
                &plane,
            ))
        })
        .collect();
    let n = pieces.len();
    // the unshifted face is the middle one of the shifts
    let centre = pieces.first().map_or(0, |p| p.faces.len() / 2);
    let mut differences = vec![f32::INFINITY; n * n];
    let mut likeness = vec![f32::INFINITY; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let (d, like) = if pieces[i].side == pieces[j].side {
                let d = distance(&pieces[i].faces, &pieces[j].faces[centre], UNRELATED);
                (d, d)
            } else {
                let d = distance(&pieces[i].ink, &pieces[j].ink[centre], LINKED_ACROSS);
                (f32::INFINITY, d * SAME / SAME_ACROSS)
            };
            differences[i * n + j] = d;
            differences[j * n + i] = d;
            likeness[i * n + j] = like;
            likeness[j * n + i] = like;
        }
    }
    let groups = groups(n, &likeness);
    for group in &groups {
        let members: Vec<(usize, Color)> = group
            .iter()
            .map(|&k| (pieces[k].index, pieces[k].side))
            .collect();
        pool(probs, &members);
    }
    let pair = |i: usize, j: usize, alike: bool| Drawn {
        points: [
            (pieces[i].index, pieces[i].side),
            (pieces[j].index, pieces[j].side),
        ],
        alike,
    };
    let mut pairs: Vec<Drawn> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let across = pieces[i].side != pieces[j].side;
            let most = if across {
                SAME * LINKED_ACROSS / SAME_ACROSS
            } else {
                SAME
            };
            if likeness[i * n + j] < most {
                pairs.push(pair(i, j, true));
            }
        }
    }
    for (i, j) in apart(n, &differences) {
        // a piece drawn as one of the other side is of its kind too, and so unalike the same
        let like_i = groups.iter().find(|g| g.contains(&i));
        let like_j = groups.iter().find(|g| g.contains(&j));
        let firsts = like_i.map_or(vec![i], Clone::clone);
        let seconds = like_j.map_or(vec![j], Clone::clone);
        for &a in &firsts {
            for &b in &seconds {
                let known =
                    pairs.contains(&pair(a, b, false)) || pairs.contains(&pair(b, a, false));
                if (a == i || b == j) && !known {
                    pairs.push(pair(a, b, false));
                }
            }
        }
    }
    pairs
}

/// A piece on the picture and its face at every shift: in colour, and as ink (each pixel's
/// darkest channel), which draws a kind of either side alike where a set marks the sides by
/// colour alone.
struct Compared {
    index: usize,
    side: Color,
    faces: Vec<Vec<f32>>,
    ink: Vec<Vec<f32>>,
}

impl Compared {
    fn new(index: usize, side: Color, crop: &[f32], mask: &[usize], plane: &[usize]) -> Compared {
        let mut faces = shifted_faces(crop, mask);
        faces.iter_mut().for_each(|f| normalise(f));
        let area = CROP * CROP;
        let darkest: Vec<f32> = (0..area)
            .map(|k| crop[k].min(crop[area + k]).min(crop[2 * area + k]))
            .collect();
        let mut ink = shifted_faces(&darkest, plane);
        ink.iter_mut().for_each(|f| normalise(f));
        Compared {
            index,
            side,
            faces,
            ink,
        }
    }
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

/// Give the pieces of a group (point and side) one kind's reading: each kind's probability is
/// the group's mean of it (either side), less the kinds a side has fewer of than the group has
/// pieces of that side (1.2); each piece keeps its own share of the two sides. Left as they are
/// if that leaves no kind.
fn pool(probs: &mut [[f32; 15]], members: &[(usize, Color)]) {
    let share = 1.0 / members.len() as f32;
    let most_of_a_side = [Color::Red, Color::Black]
        .map(|color| members.iter().filter(|m| m.1 == color).count())
        .into_iter()
        .max()
        .unwrap_or(0);
    // each kind's mean probability, in the order of PieceKind::ALL
    let mut kinds = [0.0f32; 7];
    let mut empty = 0.0;
    for &(index, _) in members {
        empty += probs[index][0] * share;
        for (class, piece) in CLASSES.iter().enumerate() {
            if let Some(piece) = piece {
                kinds[kind_index(piece.kind)] += probs[index][class] * share;
            }
        }
    }
    for kind in PieceKind::ALL {
        if usize::from(kind.initial_count()) < most_of_a_side {
            kinds[kind_index(kind)] = 0.0;
        }
    }
    if kinds.iter().sum::<f32>() <= 0.0 {
        return;
    }
    for &(index, _) in members {
        let p = &mut probs[index];
        let side_share = |color: Color| -> f32 {
            let of: f32 = (1..15)
                .filter(|&c| CLASSES[c].is_some_and(|q| q.color == color))
                .map(|c| p[c])
                .sum();
            let pieces: f32 = p[1..].iter().sum();
            if pieces > 0.0 {
                of / pieces
            } else {
                0.5
            }
        };
        let shares = [side_share(Color::Red), side_share(Color::Black)];
        let mut pooled = [0.0f32; 15];
        pooled[0] = empty;
        for (class, piece) in CLASSES.iter().enumerate() {
            if let Some(piece) = piece {
                pooled[class] = kinds[kind_index(piece.kind)] * shares[piece.color.index()];
            }
        }
        let whole: f32 = pooled.iter().sum();
        if whole > 0.0 {
            pooled.iter_mut().for_each(|v| *v /= whole);
            *p = pooled;
        }
    }
}

/// Where `kind` stands in [`PieceKind::ALL`], which lists the kinds in the order of their
/// discriminants, 1 to 7.
fn kind_index(kind: PieceKind) -> usize {
    usize::from(kind as u8) - 1
}

#[cfg(test)]
mod tests {
    use super::super::taught::tests::{drawn, BLACK_INK, PAPER, RED_INK};
    use super::*;
    use crate::rules::Piece;

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
        let mut pairs = points_of(&compare(&crops, &mut probs));
        pairs.sort();
        assert_eq!(pairs, vec![(81, 84), (84, 89)]);
    }

    /// The points of each pair drawn unalike, the lower first.
    fn points_of(pairs: &[Drawn]) -> Vec<(usize, usize)> {
        pairs
            .iter()
            .filter(|pair| !pair.alike)
            .map(|pair| {
                let [(a, _), (b, _)] = pair.points;
                (a.min(b), a.max(b))
            })
            .collect()
    }

    /// A red piece drawn as a black chariot is (a bar across, in red ink and in black): read
    /// as a horse first (60%) and a chariot second (35%), it takes the black chariot's reading
    /// (90%) and is read as Red's chariot. Two red pieces drawn otherwise (rings) are unalike
    /// that red one, and so unalike the black chariot too, though pieces of the two sides are
    /// never called unalike directly.
    #[test]
    fn a_piece_drawn_as_one_of_the_other_side_is_of_its_kind() {
        let (horse, chariot) = (
            class(Color::Red, PieceKind::Horse),
            class(Color::Red, PieceKind::Chariot),
        );
        let black_chariot = class(Color::Black, PieceKind::Chariot);
        let crops = board(&[
            (0, drawn(0, BLACK_INK, 0)),
            (81, drawn(0, RED_INK, 1)),
            (84, drawn(2, RED_INK, 0)),
            (89, drawn(2, RED_INK, 1)),
        ]);
        let mut probs = vec![[0.0f32; 15]; 90];
        probs.iter_mut().for_each(|p| p[0] = 1.0);
        probs[0] = read(black_chariot, 0);
        probs[0][black_chariot] = 0.9;
        probs[0][0] = 0.05;
        probs[81] = read(horse, chariot);
        probs[84] = read(horse, 0);
        probs[89] = read(horse, 0);
        let pairs = compare(&crops, &mut probs);
        assert_eq!(likeliest(&probs[81]), chariot);
        assert_eq!(likeliest(&probs[0]), black_chariot);
        assert_eq!(likeliest(&probs[84]), horse);
        let unalike = Drawn {
            points: [(0, Color::Black), (84, Color::Red)],
            alike: false,
        };
        let alike = Drawn {
            points: [(0, Color::Black), (81, Color::Red)],
            alike: true,
        };
        assert!(pairs.contains(&unalike));
        assert!(pairs.contains(&alike));
        let mut points = points_of(&pairs);
        points.sort();
        assert_eq!(points, vec![(0, 84), (0, 89), (81, 84), (81, 89)]);
    }
}
