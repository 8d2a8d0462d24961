//! The reading of a board as one decision: of the boards the points' readings make, the most
//! probable one that is a legal position, with either side at the bottom of the picture.
//!
//! Each point keeps its likely readings (a piece only where it can ever stand, 2.2), ordered by
//! probability; the boards are taken best first — the product of their points' probabilities —
//! by a best-first enumeration of the points' second, third… readings, and the first board that
//! passes the rules' checks of a position (one general a side, at most as many pieces of a kind
//! as a side starts with (1.2), the generals not facing, the side not to move not in check) is
//! the reading, unless it reads as one kind two pieces that the picture draws unalike, or as two
//! kinds two pieces it draws alike ([`Drawn`], `alike`), where a board that reads them as drawn
//! is found at all. Only a bounded number of boards is tried. The likeliest board with the
//! other side at the bottom is sought on, and kept as
//! [`Choice::turned`] when it is nearly as probable ([`TURN_DOUBT`]): on a set the classifier
//! does not know, which side is at the bottom can be in doubt, and then every point the two
//! boards read differently is.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::classify::CLASSES;
use super::{LEGAL_DOUBT, TURN_DOUBT};
use crate::rules::{reachable, Color, PieceKind, Setup, Square};

/// Readings kept per point.
const ALTERNATIVES: usize = 4;
/// Readings less probable than the point's best by this factor (as a natural logarithm) are
/// not kept.
const SPREAD: f32 = 14.0;
/// A general's reading is kept on a palace point down to this far below the point's best (as
/// a natural logarithm), past [`SPREAD`] and [`ALTERNATIVES`]: a board has a general on each
/// side, and a general read as another piece is still to be found. A reading the classifier
/// gives no probability at all (below 1e-10) is not a reading.
const GENERAL_SPREAD: f32 = 23.0;
/// Boards tried before giving up.
const MAX_BOARDS: usize = 20_000;

/// The board chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Whether Red is at the bottom of the picture.
    pub red_at_bottom: bool,
    /// Each point's class (of [`CLASSES`]), rank by rank from the top of the picture.
    pub classes: Vec<usize>,
    /// The likeliest board of the same kind (legal, or standing where no legal one is found)
    /// with the other side at the bottom, when it is less probable than this one by less than
    /// [`TURN_DOUBT`]: its classes, as `classes`.
    pub turned: Option<Vec<usize>>,
}

/// The square shown at picture point `index` (rank by rank from the top).
pub fn square_at(index: usize, red_at_bottom: bool) -> Option<Square> {
    let (col, row) = ((index % 9) as u8, (index / 9) as u8);
    let (file, rank) = if red_at_bottom {
        (col, 9 - row)
    } else {
        (8 - col, row)
    };
    Square::from_coords(file, rank)
}

/// The picture point (rank by rank from the top) that shows `sq`.
pub fn index_of(sq: Square, red_at_bottom: bool) -> usize {
    let (file, rank) = (usize::from(sq.file()), usize::from(sq.rank()));
    if red_at_bottom {
        (9 - rank) * 9 + file
    } else {
        rank * 9 + 8 - file
    }
}

/// Each point's most probable reading among those that can stand there (a piece only where it
/// can ever stand, 2.2), rank by rank from the top of the picture.
fn best_standing(probs: &[[f32; 15]], red_at_bottom: bool) -> Vec<usize> {
    probs
        .iter()
        .enumerate()
        .map(|(index, p)| {
            square_at(index, red_at_bottom)
                .and_then(|sq| readings(p, sq).first().map(|r| r.0))
                .unwrap_or(0)
        })
        .collect()
}

/// The board read when no legal board is found: each point's most probable reading that can
/// stand there ([`best_standing`]), Red at the bottom if [`orientation_costs`] says so; turned
/// too when the other orientation costs less than [`TURN_DOUBT`] more.
pub fn likeliest_standing(probs: &[[f32; 15]]) -> Choice {
    let [bottom, top] = orientation_costs(probs);
    let red_at_bottom = bottom <= top;
    Choice {
        red_at_bottom,
        classes: best_standing(probs, red_at_bottom),
        turned: ((bottom - top).abs() < TURN_DOUBT).then(|| best_standing(probs, !red_at_bottom)),
    }
}

/// What each orientation costs (minus the logarithm of the probability; Red at the bottom,
/// then at the top): its likeliest board with a general on each side (each in its own palace,
/// 2.2), every other point at its likeliest reading that can stand there.
fn orientation_costs(probs: &[[f32; 15]]) -> [f32; 2] {
    let cost = |red_at_bottom: bool| -> f32 {
        let Some(side) = Side::new(probs, red_at_bottom) else {
            return f32::INFINITY;
        };
        let general = |color: Color| -> f32 {
            let Some((class, piece)) = CLASSES.iter().enumerate().find_map(|(class, c)| {
                c.filter(|p| p.kind == PieceKind::General && p.color == color)
                    .map(|p| (class, p))
            }) else {
                return f32::INFINITY;
            };
            probs
                .iter()
                .enumerate()
                .filter_map(|(index, p)| {
                    let sq = square_at(index, red_at_bottom)?;
                    reachable(piece, sq).then(|| {
                        let best = side.points[index].first().map_or(0.0, |r| r.1);
                        -p[class].max(1e-12).ln() - best
                    })
                })
                .fold(f32::INFINITY, f32::min)
        };
        side.base + general(Color::Red) + general(Color::Black)
    };
    [cost(true), cost(false)]
}

/// One point's readings, most probable first: class and cost (minus the logarithm of its
/// probability).
type Readings = Vec<(usize, f32)>;

fn readings(probs: &[f32; 15], sq: Square) -> Readings {
    let mut kept: Readings = CLASSES
        .iter()
        .enumerate()
        .filter(|(_, piece)| piece.is_none_or(|p| reachable(p, sq)))
        .map(|(class, _)| (class, -probs[class].max(1e-12).ln()))
        .collect();
    kept.sort_by(|a, b| a.1.total_cmp(&b.1));
    let best = kept.first().map_or(0.0, |r| r.1);
    let general = kept
        .iter()
        .find(|r| CLASSES[r.0].is_some_and(|p| p.kind == PieceKind::General))
        .copied();
    kept.retain(|r| r.1 <= best + SPREAD);
    kept.truncate(ALTERNATIVES);
    // a legal board has a general on each side, in its palace (2.2): a palace point keeps its
    // general's reading further down, so that a general read as another piece is found
    if let Some(general) = general.filter(|g| !kept.contains(g) && g.1 <= best + GENERAL_SPREAD) {
        kept.push(general);
    }
    kept
}

/// A board on the way: its cost above the best, the orientation, the points away from their
/// best reading (in the order of `order`, with the rank of the reading taken), and how many.
#[derive(Clone, Debug)]
struct Node {
    extra: f32,
    orientation: usize,
    changes: Vec<(usize, usize)>,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.extra.total_cmp(&other.extra).is_eq()
    }
}
impl Eq for Node {}
impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Node {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.extra.total_cmp(&other.extra)
    }
}

/// One orientation's points: each point's readings, the base cost (every point at its best),
/// and the points that have a second reading, ordered by what taking it costs.
struct Side {
    red_at_bottom: bool,
    points: Vec<Readings>,
    base: f32,
    order: Vec<usize>,
}

impl Side {
    fn new(probs: &[[f32; 15]], red_at_bottom: bool) -> Option<Side> {
        let points: Vec<Readings> = probs
            .iter()
            .enumerate()
            .map(|(index, p)| square_at(index, red_at_bottom).map(|sq| readings(p, sq)))
            .collect::<Option<_>>()?;
        let base = points.iter().map(|r| r.first().map_or(0.0, |b| b.1)).sum();
        let step = |index: usize| points[index][1].1 - points[index][0].1;
        let mut order: Vec<usize> = (0..points.len()).filter(|&i| points[i].len() > 1).collect();
        order.sort_by(|&a, &b| step(a).total_cmp(&step(b)));
        Some(Side {
            red_at_bottom,
            points,
            base,
            order,
        })
    }

    /// What taking reading `rank` at the `at`-th point of `order` costs over its best.
    fn cost(&self, at: usize, rank: usize) -> f32 {
        let r = &self.points[self.order[at]];
        r[rank].1 - r[0].1
    }

    fn classes(&self, changes: &[(usize, usize)]) -> Vec<usize> {
        let mut classes: Vec<usize> = self.points.iter().map(|r| r[0].0).collect();
        for &(at, rank) in changes {
            let index = self.order[at];
            classes[index] = self.points[index][rank].0;
        }
        classes
    }

    /// The boards that follow `node` in the enumeration: each board is reached once, and never
    /// cheaper than the one it follows from.
    fn next(&self, node: &Node) -> Vec<Node> {
        let mut out = Vec::new();
        let child = |changes: Vec<(usize, usize)>, extra: f32| Node {
            extra,
            orientation: node.orientation,
            changes,
        };
        match node.changes.last() {
            None => {
                if !self.order.is_empty() {
                    out.push(child(vec![(0, 1)], self.cost(0, 1)));
                }
            }
            Some(&(at, rank)) => {
                let len = self.points[self.order[at]].len();
                if rank + 1 < len {
                    let mut changes = node.changes.clone();
                    changes.pop();
                    changes.push((at, rank + 1));
                    let extra = node.extra - self.cost(at, rank) + self.cost(at, rank + 1);
                    out.push(child(changes, extra));
                }
                if at + 1 < self.order.len() {
                    let mut changes = node.changes.clone();
                    changes.push((at + 1, 1));
                    out.push(child(changes, node.extra + self.cost(at + 1, 1)));
                    if rank == 1 {
                        let mut changes = node.changes.clone();
                        changes.pop();
                        changes.push((at + 1, 1));
                        let extra = node.extra - self.cost(at, 1) + self.cost(at + 1, 1);
                        out.push(child(changes, extra));
                    }
                }
            }
        }
        out
    }
}

/// Whether the board of `classes` is a legal position with some side to move.
fn legal(classes: &[usize], red_at_bottom: bool) -> bool {
    let mut setup = Setup::empty();
    for (index, &class) in classes.iter().enumerate() {
        if let (Some(sq), Some(piece)) = (square_at(index, red_at_bottom), CLASSES[class]) {
            setup.set(sq, Some(piece));
        }
    }
    [Color::Red, Color::Black].into_iter().any(|side| {
        let mut trial = setup.clone();
        trial.side = side;
        trial.into_position().is_ok()
    })
}

/// The most probable legal board of the 90 points' class probabilities (rank by rank from the
/// top of the picture), either side at the bottom, that reads every pair of `drawn` as the
/// picture draws it ([`super::alike`]); if there is none, the most probable legal board. None if none is found among the [`MAX_BOARDS`] most probable boards.
pub fn most_probable(probs: &[[f32; 15]], drawn: &[Drawn]) -> Option<Choice> {
    search(probs, drawn).or_else(|| (!drawn.is_empty()).then(|| search(probs, &[])).flatten())
}

/// Two pieces the picture draws alike or clearly unalike ([`super::alike`]), each a picture
/// point (rank by rank from the top) and the side it was compared as: of one kind, or not,
/// while each is read as a piece of that side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawn {
    /// The two pieces.
    pub points: [(usize, Color); 2],
    /// Whether they are drawn alike (else unalike).
    pub alike: bool,
}

/// Whether the board of `classes` reads every pair of `drawn` as the picture draws it.
fn as_drawn(classes: &[usize], drawn: &[Drawn]) -> bool {
    drawn.iter().all(|pair| {
        let [(a, side_a), (b, side_b)] = pair.points;
        match (CLASSES[classes[a]], CLASSES[classes[b]]) {
            (Some(p), Some(q)) if p.color == side_a && q.color == side_b => {
                (p.kind == q.kind) == pair.alike
            }
            _ => true,
        }
    })
}

/// [`most_probable`], reading every pair of `drawn` as the picture draws it.
fn search(probs: &[[f32; 15]], drawn: &[Drawn]) -> Option<Choice> {
    let sides: Vec<Side> = [true, false]
        .into_iter()
        .filter_map(|red_at_bottom| Side::new(probs, red_at_bottom))
        .collect();
    let floor = sides.iter().map(|s| s.base).fold(f32::INFINITY, f32::min);
    let mut heap: BinaryHeap<Reverse<Node>> = sides
        .iter()
        .enumerate()
        .map(|(orientation, side)| {
            Reverse(Node {
                extra: side.base - floor,
                orientation,
                changes: Vec::new(),
            })
        })
        .collect();
    for _ in 0..MAX_BOARDS {
        let Reverse(node) = heap.pop()?;
        let side = &sides[node.orientation];
        let classes = side.classes(&node.changes);
        if as_drawn(&classes, drawn) && legal(&classes, side.red_at_bottom) {
            let turned = turned(&sides, &mut heap, &node, drawn);
            return Some(Choice {
                red_at_bottom: side.red_at_bottom,
                classes,
                turned,
            });
        }
        heap.extend(side.next(&node).into_iter().map(Reverse));
    }
    None
}

/// The likeliest legal board with the other side at the bottom than `chosen`'s, the
/// enumeration going on from where it found `chosen` (`heap`); none if it costs [`TURN_DOUBT`]
/// more or is not found among [`MAX_BOARDS`] more boards.
fn turned(
    sides: &[Side],
    heap: &mut BinaryHeap<Reverse<Node>>,
    chosen: &Node,
    drawn: &[Drawn],
) -> Option<Vec<usize>> {
    for _ in 0..MAX_BOARDS {
        let Reverse(node) = heap.pop()?;
        if node.extra >= chosen.extra + TURN_DOUBT {
            return None;
        }
        if node.orientation == chosen.orientation {
            continue;
        }
        let side = &sides[node.orientation];
        let classes = side.classes(&node.changes);
        if as_drawn(&classes, drawn) && legal(&classes, side.red_at_bottom) {
            return Some(classes);
        }
        heap.extend(side.next(&node).into_iter().map(Reverse));
    }
    None
}

/// Whether a legal board with the same side at the bottom that reads picture point `index`
/// otherwise than `classes` (a legal board) does is less probable by less than [`LEGAL_DOUBT`]:
/// whether the point's reading is in doubt on the board as a whole. A point read at 70% whose
/// other readings would leave a side without its general, or give it a third chariot, is sure
/// on a board that holds one general and two chariots elsewhere with confidence; one whose other
/// reading makes a legal board too is as doubtful as its probability says. Sought among
/// [`MAX_BOARDS`] boards at most, and in doubt when none is decided.
pub fn otherwise_likely(
    probs: &[[f32; 15]],
    classes: &[usize],
    red_at_bottom: bool,
    index: usize,
) -> bool {
    let Some(&class) = classes.get(index) else {
        return false;
    };
    let cost: f32 = classes
        .iter()
        .zip(probs)
        .map(|(&c, p)| -p[c].max(1e-12).ln())
        .sum();
    let mut without = probs.to_vec();
    without[index][class] = 0.0;
    let Some(side) = Side::new(&without, red_at_bottom) else {
        return true;
    };
    let mut heap = BinaryHeap::from([Reverse(Node {
        extra: 0.0,
        orientation: 0,
        changes: Vec::new(),
    })]);
    for _ in 0..MAX_BOARDS {
        let Some(Reverse(node)) = heap.pop() else {
            return false;
        };
        if side.base + node.extra >= cost + LEGAL_DOUBT {
            return false;
        }
        let other = side.classes(&node.changes);
        if other[index] != class && legal(&other, red_at_bottom) {
            return true;
        }
        heap.extend(side.next(&node).into_iter().map(Reverse));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Red's pieces at picture points `a` and `b` drawn unalike.
    fn unalike(a: usize, b: usize) -> Drawn {
        Drawn {
            points: [(a, Color::Red), (b, Color::Red)],
            alike: false,
        }
    }

    /// Probabilities that make `fen`'s board (Red at the bottom) the likeliest reading, with
    /// `changes` (picture index, class, probability) on top.
    fn probs(fen: &str, changes: &[(usize, usize, f32)]) -> Vec<[f32; 15]> {
        let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        let mut out = vec![[0.0f32; 15]; 90];
        for (index, p) in out.iter_mut().enumerate() {
            let sq = square_at(index, true).unwrap_or_else(|| panic!("index {index}"));
            let class = CLASSES
                .iter()
                .position(|c| *c == setup.get(sq))
                .unwrap_or_else(|| panic!("a class for {sq}"));
            p.iter_mut().for_each(|v| *v = 0.001);
            p[class] = 0.986;
        }
        for &(index, class, prob) in changes {
            let p = &mut out[index];
            p.iter_mut().for_each(|v| *v = (1.0 - prob) / 14.0);
            p[class] = prob;
        }
        out
    }

    /// Every reading of every point but its likeliest made `floor` likely.
    fn floor_others(p: &mut [[f32; 15]], floor: f32) {
        p.iter_mut()
            .flat_map(|point| point.iter_mut())
            .filter(|v| **v < 0.5)
            .for_each(|v| *v = floor);
    }

    /// A point's probabilities: `readings` (class, probability), every other class `floor`.
    fn read_as(floor: f32, readings: &[(usize, f32)]) -> [f32; 15] {
        let mut p = [floor; 15];
        for &(class, prob) in readings {
            p[class] = prob;
        }
        p
    }

    fn fen_of(choice: &Choice) -> String {
        let mut setup = Setup::empty();
        for (index, &class) in choice.classes.iter().enumerate() {
            if let Some(sq) = square_at(index, choice.red_at_bottom) {
                setup.set(sq, CLASSES[class]);
            }
        }
        setup.to_fen()
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn a_legal_board_is_kept() {
        let choice = most_probable(&probs(START, &[]), &[]).unwrap_or_else(|| panic!("a board"));
        assert!(choice.red_at_bottom);
        assert_eq!(fen_of(&choice), START);
    }

    /// Two red generals read with confidence (the e0 general's point and b0's, read as a
    /// general at 60%): the legal board keeps one general, and b0 its next reading, the horse.
    #[test]
    fn the_best_legal_board_wins_over_the_best_points() {
        let mut p = probs(START, &[]);
        // b0 is picture index 82: a general 60%, a horse 39%
        p[82] = [0.001; 15];
        p[82][1] = 0.6;
        p[82][5] = 0.39;
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), START);
    }

    /// A general read outside its palace is not a reading at all; the second reading stands.
    #[test]
    fn pieces_stand_only_where_they_can() {
        // a0 (picture index 81) read as a Red advisor, then as the chariot it is
        let p = probs(START, &[(81, 2, 0.7)]);
        let mut p = p;
        p[81][4] = 0.25;
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), START);
    }

    /// Red read at the top of the picture: the board is turned.
    #[test]
    fn the_side_at_the_bottom_follows_from_the_pieces() {
        let mut p = probs(START, &[]);
        p.reverse();
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert!(!choice.red_at_bottom);
        assert_eq!(fen_of(&choice), START);
    }

    /// Red's pieces mostly at the top of the picture and neither general read as such (each
    /// read as an advisor first): the generals' second readings, each in its palace, still
    /// put Red at the bottom; turned, at the top.
    #[test]
    fn the_orientation_follows_the_generals_likeliest_places() {
        let mut p = probs("3k5/2RRR4/9/9/9/9/9/9/9/4K4 w - - 0 1", &[]);
        // e0 is picture index 85, d9 index 3
        for (index, advisor, general) in [(85, 2, 1), (3, 9, 8)] {
            p[index] = [0.005; 15];
            p[index][advisor] = 0.6;
            p[index][general] = 0.335;
        }
        assert!(likeliest_standing(&p).red_at_bottom);
        p.reverse();
        assert!(!likeliest_standing(&p).red_at_bottom);
    }

    /// Red's general read as a horse, all but sure (its own reading a hundred-millionth): a
    /// third horse and no general make no legal board, so the general's reading, however
    /// unlikely, is still tried on its point.
    #[test]
    fn a_general_read_as_another_piece_is_still_found() {
        let mut p = probs(START, &[]);
        // every other reading of every point far less likely still
        floor_others(&mut p, 1e-11);
        // e0 is picture index 85
        p[85] = read_as(1e-11, &[(5, 0.99), (1, 1e-8)]);
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), START);
    }

    /// Each general read as either side's alike: Red may as well be at the top as at the bottom,
    /// and the likeliest board the other way round is kept beside the one chosen. A board read
    /// plainly keeps none.
    #[test]
    fn a_board_as_likely_turned_round_keeps_the_turned_board() {
        let mut p = probs("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", &[]);
        // d9 is picture index 3, e0 index 85: turned round, f0 and e9
        for index in [3, 85] {
            p[index] = read_as(0.001, &[(1, 0.493), (8, 0.493)]);
        }
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        let turned = choice
            .turned
            .unwrap_or_else(|| panic!("the board turned round"));
        let (top, bottom) = if choice.red_at_bottom { (1, 8) } else { (8, 1) };
        assert_eq!((turned[3], turned[85]), (top, bottom));
        assert_eq!(
            most_probable(&probs(START, &[]), &[]).and_then(|c| c.turned),
            None
        );
    }

    /// Red's general read at 70% (a cannon 30%): a cannon there would leave Red without its
    /// general, and no other point of its palace is likely to hold it, so no legal board near as
    /// probable reads it otherwise; a soldier read at 70% (empty 30%) may as well be gone.
    #[test]
    fn a_reading_only_an_illegal_board_contradicts_is_sure() {
        let mut p = probs(START, &[]);
        floor_others(&mut p, 1e-6);
        // e0 is picture index 85, c3 index 56
        p[85] = read_as(1e-6, &[(1, 0.7), (6, 0.3)]);
        p[56] = read_as(1e-6, &[(7, 0.7), (0, 0.3)]);
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), START);
        assert!(!otherwise_likely(&p, &choice.classes, true, 85));
        assert!(otherwise_likely(&p, &choice.classes, true, 56));
    }

    /// Red's advisor on d0 read as a chariot first (60%) and an advisor second, with one
    /// chariot on the board besides: a legal board either way. Drawn unlike the chariot on a0
    /// (a pair drawn unalike), it is not a chariot too.
    #[test]
    fn pieces_drawn_unalike_are_not_read_as_one_kind() {
        let fen = "3k5/9/9/9/9/9/9/9/9/R2AK4 w - - 0 1";
        // d0 is picture index 84, a0 index 81; a red chariot is class 4, an advisor 2
        let p = probs(fen, &[(84, 4, 0.6)]);
        let mut p = p;
        p[84][2] = 0.35;
        let plain = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&plain), "3k5/9/9/9/9/9/9/9/9/R2RK4 w - - 0 1");
        let apart = most_probable(&p, &[unalike(81, 84)]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&apart), fen);
    }

    /// Black's chariot on c2 drawn as Red's chariot on h7 is, but for its colour, and read as a
    /// horse first (60%), a chariot second (35%); Black's two advisors read as chariots (d9 60%
    /// and advisor 35%, f9 55% and 40%). The likeliest legal board reads c2 as a horse; read as
    /// drawn, c2 is a chariot, and as a side has two chariots, the likelier advisor (f9) is read
    /// as one.
    #[test]
    fn pieces_drawn_alike_are_read_as_one_kind() {
        let fen = "3a1a3/4k4/7R1/9/4P4/9/9/2r6/9/4K4 w - - 0 1";
        let as_drawn = "3r1a3/4k4/7R1/9/4P4/9/9/2r6/9/4K4 w - - 0 1";
        // d9 is picture index 3, f9 5, c2 65, h7 25; Black's chariot is class 11, its advisor
        // 9, its horse 12
        let mut p = probs(fen, &[(3, 11, 0.6), (5, 11, 0.55), (65, 12, 0.6)]);
        p[3][9] = 0.35;
        p[5][9] = 0.4;
        p[65][11] = 0.35;
        let plain = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(
            fen_of(&plain),
            "3r1r3/4k4/7R1/9/4P4/9/9/2n6/9/4K4 w - - 0 1"
        );
        let alike = Drawn {
            points: [(25, Color::Red), (65, Color::Black)],
            alike: true,
        };
        let drawn = most_probable(&p, &[alike]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&drawn), as_drawn);
    }

    /// Two soldiers that could be read as nothing else, said to be drawn unalike: no board
    /// keeps them apart, and the most probable legal board is read as if nothing had been said.
    #[test]
    fn pieces_said_unalike_that_no_board_keeps_apart_are_read_as_they_are() {
        let fen = "3k5/9/9/9/9/9/P1P6/9/9/4K4 w - - 0 1";
        let mut p = probs(fen, &[]);
        floor_others(&mut p, 1e-11);
        // a3 is picture index 54, c3 index 56
        let choice = most_probable(&p, &[unalike(54, 56)]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), fen);
    }

    /// No general read with confidence: each is put where it is likeliest, though unlikely.
    #[test]
    fn generals_not_seen_go_where_they_are_likeliest() {
        let mut p = probs("9/9/9/9/4R4/9/9/9/9/9 w - - 0 1", &[]);
        // e0 is picture index 85, d0 84, e9 4
        p[85][1] = 0.02;
        p[84][1] = 0.01;
        p[4][8] = 0.02;
        let choice = most_probable(&p, &[]).unwrap_or_else(|| panic!("a board"));
        assert_eq!(fen_of(&choice), "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
    }
}
