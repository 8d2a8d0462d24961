//! The side of each piece decided for the whole board by its colours. On one board the two
//! sides' pieces differ in colour the same way every time (red and black characters, a filled
//! and an outlined face, two colours of disc), so the pieces fall into two groups by colour;
//! each piece clearly in a group is given to the group's side: the probability the classifier
//! gave the other side's kinds moves to the same kinds of its side (a piece given to the wrong
//! side keeps its kind, and one whose likeliest reading was a kind of the other side is read
//! among its own side's kinds).
//!
//! Each piece is described by the colour of its face (the median of the disc inside its rim)
//! and the colour of its mark (the mean of the disc's pixels furthest from the face colour):
//! red on cream against black on cream, white on black against black on white, and white on
//! red against white on green all part. The groups are trusted only when they stand well
//! apart (less far where the colours name them); the redder group is Red's (紅方) where one is
//! clearly redder, else the groups must agree with the classifier on most pieces, and the side
//! it gives most of a group names it.

use super::classify::CLASSES;
use super::sample::{CROP, CROP_VALUES};

/// The disc described, in distances between points (inside the rim of most pieces).
const DISC: f32 = 0.36;
/// The share of the disc's pixels furthest from its face colour that make its mark.
const MARK: f32 = 0.2;
/// A point is a piece here when it is empty with less than this probability.
const PIECE: f32 = 0.5;
/// The fewest pieces a board needs to be grouped.
const FEW: usize = 4;
/// The two groups' centres must lie this many times the spread within a group apart.
const APART: f32 = 4.0;
/// The same where one group is clearly the redder ([`REDDER`]): the colours then name the
/// sides themselves, and a board whose black pieces differ among themselves (a dimmer general,
/// JPEG noise on small pieces) is still grouped.
const APART_NAMED: f32 = 3.0;
/// The least spread within a group assumed (values run from -0.5 to 0.5): a board drawn
/// exactly alike in each group does not stand infinitely apart.
const LEAST_SPREAD: f32 = 0.02;
/// Where one group is redder than the other by this much ([`redness`]), it is Red's whatever
/// the classifier says; else the classifier's sides name the groups.
const REDDER: f32 = 0.2;
/// The share of pieces at least on which the groups must agree with the classifier's sides
/// when their colours do not name them.
const AGREE: f32 = 0.75;
/// A piece is given to its group's side only when it lies nearer its group's centre than the
/// other's by this share of the distance between them.
const MARGIN: f32 = 0.75;
/// The probability of the other side's kind left after a piece is given to its group's side.
const LEFT: f32 = 0.05;
/// Rounds of grouping at most.
const ROUNDS: usize = 10;

/// A piece's colours: its face's red, green and blue, then its mark's.
type Colours = [f32; 6];

/// Give each piece to the side its colours group it with, where the board's colours tell the
/// sides apart: `crops` are the 90 points' crops ([`super::sample::crops`]) and `probs` their
/// class probabilities, changed in place (each piece keeps its kinds: the other side's
/// probability of each kind moves to the same kind of its group's side, but [`LEFT`] of it).
pub fn sides(crops: &[f32], probs: &mut [[f32; 15]]) {
    let pieces: Vec<usize> = (0..probs.len())
        .filter(|&i| probs[i][0] < PIECE && (i + 1) * CROP_VALUES <= crops.len())
        .collect();
    if pieces.len() < FEW {
        return;
    }
    let colours: Vec<Colours> = pieces
        .iter()
        .map(|&i| colours(&crops[i * CROP_VALUES..(i + 1) * CROP_VALUES]))
        .collect();
    let red: Vec<bool> = pieces.iter().map(|&i| is_red(&probs[i])).collect();
    let Some(groups) = group(&colours, &red) else {
        return;
    };
    for (n, &i) in pieces.iter().enumerate() {
        let (own, other) = if groups.red[n] {
            (&groups.centres[0], &groups.centres[1])
        } else {
            (&groups.centres[1], &groups.centres[0])
        };
        let margin = (distance(&colours[n], other) - distance(&colours[n], own)) / groups.apart;
        if margin >= MARGIN {
            give(&mut probs[i], groups.red[n]);
        }
    }
}

/// Whether the classifier gives the point to Red rather than Black.
fn is_red(p: &[f32; 15]) -> bool {
    let red: f32 = p[1..8].iter().sum();
    let black: f32 = p[8..15].iter().sum();
    red >= black
}

/// Move each kind's probability from the other side to `red`'s, leaving [`LEFT`] of it.
fn give(p: &mut [f32; 15], red: bool) {
    for kind in 1..8 {
        let (to, from) = if red {
            (kind, kind + 7)
        } else {
            (kind + 7, kind)
        };
        let moved = p[from] * (1.0 - LEFT);
        p[from] -= moved;
        p[to] += moved;
    }
    debug_assert!(CLASSES.len() == 15);
}

/// The two groups found: their centres (Red's first), the distance between them, and for each
/// piece whether it is in Red's group.
struct Groups {
    centres: [Colours; 2],
    apart: f32,
    red: Vec<bool>,
}

/// The pieces grouped in two by their colours, starting from the classifier's sides; the
/// redder group is Red's where they differ in redness by [`REDDER`], else the group the
/// classifier mostly gives to Red. `None` when the classifier has fewer than two pieces on a
/// side, or the groups do not stand [`APART`] ([`APART_NAMED`] where the colours name them),
/// or (the colours not naming the sides) they disagree with the classifier on more than
/// [`AGREE`] allows, or a group is not mostly the side it is given to.
fn group(colours: &[Colours], red: &[bool]) -> Option<Groups> {
    let mut member = red.to_vec();
    let mut centres = [[0.0f32; 6]; 2];
    for _ in 0..ROUNDS {
        for (g, centre) in centres.iter_mut().enumerate() {
            *centre = mean(colours, &member, g == 0)?;
        }
        let next: Vec<bool> = colours
            .iter()
            .map(|c| distance(c, &centres[0]) <= distance(c, &centres[1]))
            .collect();
        if next == member {
            break;
        }
        member = next;
    }
    let apart = distance(&centres[0], &centres[1]);
    let spread = [true, false]
        .map(|side| {
            let (sum, n) = colours
                .iter()
                .zip(&member)
                .filter(|(_, &m)| m == side)
                .fold((0.0f32, 0usize), |(s, n), (c, _)| {
                    let d = distance(c, &centres[usize::from(!side)]);
                    (s + d * d, n + 1)
                });
            (sum / n.max(1) as f32).sqrt()
        })
        .into_iter()
        .fold(LEAST_SPREAD, f32::max);
    // Red's pieces are the redder: where the groups differ in that, the colours name the sides
    let redder = redness(&centres[0]) - redness(&centres[1]);
    if redder <= -REDDER {
        centres.swap(0, 1);
        member.iter_mut().for_each(|m| *m = !*m);
    }
    let agree = member.iter().zip(red).filter(|(a, b)| a == b).count();
    let mostly = |side: bool| {
        let in_group = member.iter().filter(|&&m| m == side).count();
        let agreeing = member
            .iter()
            .zip(red)
            .filter(|(&m, &r)| m == side && r == side)
            .count();
        2 * agreeing > in_group
    };
    let named = redder.abs() >= REDDER
        || (agree as f32 >= AGREE * red.len() as f32 && mostly(true) && mostly(false));
    let least_apart = if redder.abs() >= REDDER {
        APART_NAMED
    } else {
        APART
    };
    (apart >= least_apart * spread && named).then_some(Groups {
        centres,
        apart,
        red: member,
    })
}

/// How red a piece's colours are: the more of its face's and its mark's redness (red over the
/// mean of green and blue).
fn redness(c: &Colours) -> f32 {
    let face = c[0] - (c[1] + c[2]) / 2.0;
    let mark = c[3] - (c[4] + c[5]) / 2.0;
    face.max(mark)
}

/// The mean colours of the pieces in the group `side` (Red's when true); `None` for a group of
/// fewer than two.
fn mean(colours: &[Colours], member: &[bool], side: bool) -> Option<Colours> {
    let mut sum = [0.0f32; 6];
    let mut n = 0usize;
    for (c, _) in colours.iter().zip(member).filter(|(_, &m)| m == side) {
        sum.iter_mut().zip(c).for_each(|(s, v)| *s += v);
        n += 1;
    }
    (n >= 2).then(|| sum.map(|s| s / n as f32))
}

/// Euclidean distance between two pieces' colours.
fn distance(a: &Colours, b: &Colours) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f32>()
        .sqrt()
}

/// A crop's colours (channel by channel, values from -0.5 to 0.5): the median of the disc's
/// pixels in each channel (the face), and the mean of the [`MARK`] share of them furthest from
/// it (the mark).
fn colours(crop: &[f32]) -> Colours {
    let plane = CROP * CROP;
    let centre = CROP as f32 / 2.0;
    let radius = DISC * CROP as f32;
    let pixels: Vec<[f32; 3]> = (0..plane)
        .filter(|&k| {
            let (u, v) = ((k % CROP) as f32 + 0.5, (k / CROP) as f32 + 0.5);
            (u - centre).hypot(v - centre) <= radius
        })
        .map(|k| [crop[k], crop[plane + k], crop[2 * plane + k]])
        .collect();
    let face = [0, 1, 2].map(|ch| {
        let mut values: Vec<f32> = pixels.iter().map(|p| p[ch]).collect();
        values.sort_by(f32::total_cmp);
        values[values.len() / 2]
    });
    let mut far: Vec<(f32, [f32; 3])> = pixels
        .iter()
        .map(|p| {
            let d: f32 = p.iter().zip(&face).map(|(a, b)| (a - b) * (a - b)).sum();
            (d, *p)
        })
        .collect();
    far.sort_by(|a, b| b.0.total_cmp(&a.0));
    let take = ((far.len() as f32 * MARK) as usize).max(1);
    let mut mark = [0.0f32; 3];
    for (_, p) in far.iter().take(take) {
        mark.iter_mut()
            .zip(p)
            .for_each(|(m, v)| *m += v / take as f32);
    }
    [face[0], face[1], face[2], mark[0], mark[1], mark[2]]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crop of a disc of `face` colour marked with a bar of `mark` colour.
    fn crop(face: [f32; 3], mark: [f32; 3]) -> Vec<f32> {
        let plane = CROP * CROP;
        let mut out = vec![0.3f32; CROP_VALUES];
        for k in 0..plane {
            let (u, v) = (k % CROP, k / CROP);
            let colour = if (12..20).contains(&v) && (8..24).contains(&u) {
                mark
            } else {
                face
            };
            for ch in 0..3 {
                out[ch * plane + k] = colour[ch];
            }
        }
        out
    }

    /// Probabilities sure of `class` at `sure`, the rest spread on `second`.
    fn probs(class: usize, sure: f32, second: usize) -> [f32; 15] {
        let mut p = [0.0f32; 15];
        p[class] = sure;
        p[second] = 1.0 - sure;
        p
    }

    /// The class a point is likeliest to be.
    fn likeliest(p: &[f32; 15]) -> Option<usize> {
        p.iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(c, _)| c)
    }

    const CREAM: [f32; 3] = [0.45, 0.4, 0.25];
    const RED: [f32; 3] = [0.3, -0.4, -0.4];
    const BLACK: [f32; 3] = [-0.45, -0.45, -0.45];

    #[test]
    fn a_black_piece_the_classifier_calls_red_is_given_to_black_keeping_its_kind() {
        let mut crops = Vec::new();
        let mut p = Vec::new();
        // three red chariots and horses, three black ones; the last black chariot read as red
        for (class, mark) in [
            (4, RED),
            (5, RED),
            (6, RED),
            (11, BLACK),
            (12, BLACK),
            (13, BLACK),
        ] {
            crops.extend(crop(CREAM, mark));
            p.push(probs(class, 0.97, 0));
        }
        crops.extend(crop(CREAM, BLACK));
        p.push(probs(4, 0.8, 11)); // R 0.8, r 0.2: a black chariot's colours
        sides(&crops, &mut p);
        let best = likeliest(&p[6]);
        assert_eq!(best, Some(11), "{:?}", p[6]);
        assert!((p[6].iter().sum::<f32>() - 1.0).abs() < 1e-5);
        assert!((p[6][4] - 0.04).abs() < 1e-5, "{:?}", p[6]);
        // the others are left as they were
        assert_eq!(p[0], probs(4, 0.97, 0));
    }

    /// Black's characters are ones Red may be written with too (車, 馬), and the classifier
    /// gives four of Black's six pieces to Red: too many to outvote it, but the redder group is
    /// Red's.
    #[test]
    fn the_redder_group_is_reds_however_many_the_classifier_misplaces() {
        let mut crops = Vec::new();
        let mut p = Vec::new();
        let pieces = [
            (4, RED),
            (5, RED),
            (6, RED),
            (4, BLACK),
            (5, BLACK),
            (6, BLACK),
            (4, BLACK),
            (12, BLACK),
            (13, BLACK),
        ];
        for (class, mark) in pieces {
            crops.extend(crop(CREAM, mark));
            p.push(probs(class, 0.9, class + 7 * usize::from(class < 8)));
        }
        sides(&crops, &mut p);
        let sides_read: Vec<bool> = p.iter().map(is_red).collect();
        assert_eq!(
            sides_read,
            [true, true, true, false, false, false, false, false, false]
        );
        // each keeps its kind
        assert!(p[3][11] > 0.9 && p[4][12] > 0.9 && p[5][13] > 0.9, "{p:?}");
    }

    #[test]
    fn pieces_all_of_one_colour_are_left_to_the_classifier() {
        let mut crops = Vec::new();
        let mut p = Vec::new();
        for class in [4, 5, 6, 11, 12, 13, 4] {
            crops.extend(crop(CREAM, BLACK));
            p.push(probs(class, 0.9, 0));
        }
        let before = p.clone();
        sides(&crops, &mut p);
        assert_eq!(p, before);
    }

    #[test]
    fn a_filled_face_and_an_outlined_one_part_the_sides_too() {
        let white = [0.45, 0.45, 0.45];
        let mut crops = Vec::new();
        let mut p = Vec::new();
        for (class, face, mark) in [
            (4, BLACK, white),
            (5, BLACK, white),
            (6, BLACK, white),
            (11, white, BLACK),
            (12, white, BLACK),
            (13, white, BLACK),
            (12, BLACK, white),
        ] {
            crops.extend(crop(face, mark));
            p.push(probs(class, 0.7, 5));
        }
        sides(&crops, &mut p);
        assert!(p[6][5] > p[6][12], "{:?}", p[6]);
    }

    /// A piece the classifier gives to its group's side, but whose likeliest kind is the other
    /// side's (a black horse read as Red's horse 0.48, Black's elephant 0.34 and Black's horse
    /// 0.18), is read as its side's kind.
    #[test]
    fn a_piece_of_its_groups_side_loses_the_other_sides_kinds() {
        let mut crops = Vec::new();
        let mut p = Vec::new();
        for (class, mark) in [(4, RED), (5, RED), (6, RED), (11, BLACK), (12, BLACK)] {
            crops.extend(crop(CREAM, mark));
            p.push(probs(class, 0.97, 0));
        }
        crops.extend(crop(CREAM, BLACK));
        let mut split = [0.0f32; 15];
        (split[5], split[10], split[12]) = (0.48, 0.34, 0.18);
        p.push(split);
        sides(&crops, &mut p);
        let best = likeliest(&p[5]);
        assert_eq!(best, Some(12), "{:?}", p[5]);
    }

    /// The colours of a JPEG board's eleven pieces (pychess's "hnz" set, as `colours` found
    /// them): Black's general is dimmer than Black's other pieces, so the groups stand only 3.6
    /// times their spread apart, but Red's group is far the redder, which names them; Black's
    /// chariot, which the classifier gave to Red (the eighth piece), is in Black's group.
    #[test]
    fn groups_the_colours_name_need_stand_less_far_apart() {
        let colours: Vec<Colours> = vec![
            [0.39, 0.39, 0.39, -0.13, -0.13, -0.13],
            [0.4, 0.4, 0.4, -0.15, -0.15, -0.15],
            [0.25, 0.25, 0.25, -0.22, -0.22, -0.22],
            [0.43, 0.26, 0.25, 0.22, -0.13, -0.13],
            [0.44, 0.26, 0.27, 0.18, -0.16, -0.16],
            [0.45, 0.32, 0.32, 0.23, -0.08, -0.07],
            [0.35, 0.35, 0.35, -0.2, -0.2, -0.2],
            [0.32, 0.32, 0.32, -0.22, -0.22, -0.22],
            [0.46, 0.33, 0.34, 0.2, -0.12, -0.11],
            [0.44, 0.27, 0.28, 0.22, -0.14, -0.13],
            [0.43, 0.27, 0.27, 0.21, -0.15, -0.13],
        ];
        let red = [
            false, false, false, true, true, true, false, true, true, true, true,
        ];
        let groups = group(&colours, &red).expect("grouped");
        assert_eq!(
            groups.red,
            [false, false, false, true, true, true, false, false, true, true, true]
        );
    }
}
