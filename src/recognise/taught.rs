//! Pieces the user has taught: each piece of a board the user set right, as it was drawn on the
//! picture, is kept, and a point of a later picture drawn the same way is read as that kind.
//! A set of pieces the classifier has never seen (Western symbols drawn a site's own way) is
//! read as it was taught after one or two boards, where the classifier alone misreads half its
//! pieces.
//!
//! A piece is kept as its crop ([`super::sample`]), 8 bits a value, in the set of the board it
//! was taught from: the set whose drawings read most of that board's pieces as the user set
//! them, or a new one. A later crop is compared with each kept one inside the face disc of
//! [`super::house`], at every shift of up to [`SHIFT`] crop pixels: the least mean squared
//! difference. A picture is read by one set, the one whose drawings read most of its pieces. The
//! kind is taken from the drawings; the side only where both sides' drawings of the kind are
//! kept and one is clearly nearer, else it stays the classifier's and the colours' (`ink`). A
//! piece drawn unlike every drawing of a kind is not of that kind: once a set's other kinds are
//! taught, its last one is read by elimination.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::classify::CLASSES;
use super::house::face_mask;
use super::legal::square_at;
use super::sample::{CROP, CROP_VALUES};
use super::Reading;
use crate::formats::save::{save_atomic, SaveError, TargetState};
use crate::lang::IoReason;
use crate::rules::{Piece, PieceKind, Setup};

/// Shifts tried either way along each axis, in crop pixels (a tenth of a point's spacing): a
/// piece is seldom exactly on its point.
const SHIFT: i32 = 3;
/// A point is a piece here when it is empty with less than this probability.
const PIECE: f32 = 0.5;
/// A crop is of a taught kind when it differs from one of its drawings by at most this mean
/// squared difference (values from -0.5 to 0.5)…
const CLOSE: f32 = 0.03;
/// …and from every other kind's drawings by this many times more. Measured over seven
/// pictogram sets taught three boards each: at 1.5, up to 13 of 2,091 pieces of a set were
/// given a wrong kind; at 2, at most 2, with 86–96% of pieces read by their drawing.
const APART: f32 = 2.0;
/// A difference this large reads no differently from any larger one ([`distance`]).
const FAR: f32 = APART * CLOSE;
/// Values summed between two checks of a difference against [`FAR`].
const STRETCH: usize = 64;
/// The share of a point's probability of each side that goes to the taught kind.
const TAUGHT_SURE: f32 = 0.95;
/// A piece read as a side's kind that another piece of the board was read as by its drawing,
/// but that is not within [`CLOSE`] of that kind's drawings itself, is drawn in a way not yet
/// taught, which the classifier is apt to misread: this share of its reading's probability
/// goes to the side's other kinds, so that it is in doubt.
const UNDRAWN_DOUBT: f32 = 0.5;
/// The classifier misreads a set when, of the pieces of a board that the set's drawings read,
/// it read at least two, and one in this many, as another kind. Chinese-character sets are read
/// alike by both (with a single misreading counted, four of seven such sets taught three boards
/// each lost one or two boards ready to play); the pictogram sets the classifier was never
/// shown are not.
const MISREAD_SET: usize = 10;
/// The share of its probability a kind keeps on a piece that is [`FAR`] from all of that
/// kind's drawings, on a set the classifier misreads ([`MISREAD_SET`]): a piece drawn unlike
/// every drawing of a kind taught is not of that kind. (On a set the classifier reads well,
/// its reading is worth more than a drawing kept from a picture of another size.)
const RULED_OUT: f32 = 0.05;
/// A drawing this close to one kept is the same drawing: not kept twice for the same piece, and
/// forgotten for another piece when the user now sets it otherwise.
const SAME_DRAWING: f32 = 0.004;
/// A board is of a set when at least this many of its pieces are read by the set's drawings
/// (as the user set them, on a board taught); the other sets' drawings are not looked at.
const SET_BOARD: usize = 3;
/// Drawings kept at most, the oldest forgotten first: some 15 boards (a set's drawings differ a
/// little with each picture's size and compression, and each board taught adds a few).
const MOST: usize = 300;

/// The crops of a picture's 90 points as they were read, rank by rank from the top of the
/// picture, 8 bits a value: what [`TaughtPieces::learn`] keeps a piece from.
#[derive(Clone, PartialEq, Default)]
pub struct PointCrops(Vec<u8>);

impl std::fmt::Debug for PointCrops {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PointCrops({} points)", self.0.len() / CROP_VALUES)
    }
}

impl PointCrops {
    /// The crops of values from -0.5 to 0.5 ([`super::sample::crops`]), kept in 8 bits.
    pub(super) fn of(crops: &[f32]) -> PointCrops {
        PointCrops(
            crops
                .iter()
                .map(|v| ((v + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8)
                .collect(),
        )
    }

    /// The crop of the point `index`, if there is one.
    fn crop(&self, index: usize) -> Option<&[u8]> {
        self.0.get(index * CROP_VALUES..(index + 1) * CROP_VALUES)
    }
}

/// Why the taught pieces could not be read or kept.
#[derive(Debug, thiserror::Error)]
pub enum TaughtError {
    /// The file could not be read.
    #[error("cannot read the taught pieces in {path}: {reason}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: IoReason,
    },
    /// The file is not what Qipu writes.
    #[error(
        "the taught pieces in {path} cannot be read at line {line}, column {column}: {reason}"
    )]
    Format {
        /// The file.
        path: PathBuf,
        /// Where, from 1.
        line: usize,
        /// Where, from 1.
        column: usize,
        /// What is wrong there.
        reason: String,
    },
    /// A drawing in the file is not what Qipu writes.
    #[error("drawing {number} of the taught pieces in {path} cannot be read: {reason}")]
    Drawing {
        /// The file.
        path: PathBuf,
        /// Which drawing, from 1.
        number: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The file could not be written; the one there is untouched.
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// A piece as it was drawn on a picture the user set right.
#[derive(Clone, Debug, PartialEq)]
struct Drawing {
    piece: Piece,
    /// The set of pieces it belongs to: the drawings of one site's pieces, taught from one
    /// board or several ([`TaughtPieces::teach`]).
    set: u32,
    /// The crop, 8 bits a value.
    crop: Vec<u8>,
    /// The crop's values inside the face disc, from -0.5 to 0.5.
    face: Vec<f32>,
}

/// The file's form: each drawing's piece as its FEN letter and its crop in hexadecimal.
#[derive(Serialize, Deserialize)]
struct Stored {
    pieces: Vec<StoredDrawing>,
}

#[derive(Serialize, Deserialize)]
struct StoredDrawing {
    piece: char,
    set: u32,
    crop: String,
}

/// A board read from a picture and the position the user set from it: what
/// [`TaughtPieces::learn`] keeps the pieces of.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The picture's reading, with its points' crops.
    pub reading: Reading,
    /// The position as the user set it.
    pub setup: Setup,
}

/// The pieces the user has taught ([`TaughtPieces::learn`]), read by
/// [`super::recognise_with`]; none by default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaughtPieces {
    drawings: Vec<Drawing>,
}

/// The name of the file the window keeps the taught pieces in, in Qipu's data folder.
pub const TAUGHT_FILE: &str = "taught-pieces.json";

impl TaughtPieces {
    /// The taught pieces kept at `path`; none when there is no file.
    pub fn load(path: &Path) -> Result<TaughtPieces, TaughtError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(TaughtPieces::default())
            }
            Err(e) => {
                return Err(TaughtError::Read {
                    path: path.to_owned(),
                    reason: IoReason::of(&e),
                })
            }
        };
        let stored: Stored = serde_json::from_str(&text).map_err(|e| TaughtError::Format {
            path: path.to_owned(),
            line: e.line(),
            column: e.column(),
            reason: e.to_string(),
        })?;
        let mut drawings = Vec::with_capacity(stored.pieces.len());
        for (n, one) in stored.pieces.iter().enumerate() {
            let drawing = |reason: String| TaughtError::Drawing {
                path: path.to_owned(),
                number: n + 1,
                reason,
            };
            let piece = Piece::from_fen_char(one.piece)
                .ok_or_else(|| drawing(format!("'{}' is no piece", one.piece)))?;
            let crop = from_hex(&one.crop)
                .filter(|c| c.len() == CROP_VALUES)
                .ok_or_else(|| drawing(format!("not {CROP_VALUES} values in hexadecimal")))?;
            drawings.push(Drawing::new(piece, one.set, crop));
        }
        Ok(TaughtPieces { drawings })
    }

    /// Keep the taught pieces at `path`, atomically (a store that could not be loaded is never
    /// taught, so never written over).
    pub fn save(&self, path: &Path) -> Result<(), TaughtError> {
        let stored = Stored {
            pieces: self
                .drawings
                .iter()
                .map(|d| StoredDrawing {
                    piece: d.piece.fen_char(),
                    set: d.set,
                    crop: to_hex(&d.crop),
                })
                .collect(),
        };
        let text = serde_json::to_string(&stored).map_err(|e| TaughtError::Format {
            path: path.to_owned(),
            line: e.line(),
            column: e.column(),
            reason: e.to_string(),
        })?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
                path: path.to_owned(),
                source,
            })?;
        }
        save_atomic(path, text.as_bytes(), TargetState::Safe, false)?;
        Ok(())
    }

    /// How many drawings are kept.
    pub fn len(&self) -> usize {
        self.drawings.len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.drawings.is_empty()
    }

    /// Keep the pieces of the lesson's position as they are drawn on its picture, the position
    /// laid on the picture the way round it agrees with the reading most
    /// ([`Reading::red_at_bottom_for`]). Returns how many drawings were new.
    pub fn learn(&mut self, lesson: &Lesson) -> usize {
        let reading = &lesson.reading;
        let red_at_bottom = reading.red_at_bottom_for(&lesson.setup);
        self.teach(&reading.crops, &lesson.setup, red_at_bottom)
    }

    /// Keep the pieces of `setup` as they are drawn in `crops`, the picture showing Red at the
    /// bottom or not: a drawing already kept for the same piece is not kept again, and the same
    /// drawing kept for another kind is forgotten (the user's latest word counts).
    /// Returns how many drawings were new.
    fn teach(&mut self, crops: &PointCrops, setup: &Setup, red_at_bottom: bool) -> usize {
        let mask = face_mask();
        let pieces: Vec<(Piece, &[u8])> = (0..90)
            .filter_map(|index| {
                let piece = setup.get(square_at(index, red_at_bottom)?)?;
                Some((piece, crops.crop(index)?))
            })
            .collect();
        let shifted: Vec<Vec<Vec<f32>>> = pieces
            .iter()
            .map(|(_, crop)| shifted_faces(&unpack(crop), &mask))
            .collect();
        let kept = |piece: Piece, shifted: &[Vec<f32>], d: &Drawing| {
            d.piece == piece && distance(shifted, &d.face, FAR) <= SAME_DRAWING
        };
        // the set whose drawings read the most of this board's pieces as the user set them,
        // else a new one
        let read: Vec<(usize, Vec<(u32, Nearest)>)> = pieces
            .iter()
            .zip(&shifted)
            .enumerate()
            .map(|(n, ((piece, _), shifted))| {
                let right = kind_slot(piece.kind);
                let sets = self.nearest(shifted);
                let agree = sets
                    .into_iter()
                    .filter(|(_, nearest)| matched(nearest).is_some_and(|(kind, _)| kind == right))
                    .collect();
                (n, agree)
            })
            .collect();
        let set = board_set(&read)
            .unwrap_or_else(|| self.drawings.iter().map(|d| d.set + 1).max().unwrap_or(0));
        let mut new = 0;
        for ((piece, crop), shifted) in pieces.into_iter().zip(&shifted) {
            if self.drawings.iter().any(|d| kept(piece, shifted, d)) {
                continue;
            }
            self.drawings.retain(|d| {
                d.piece.kind == piece.kind || distance(shifted, &d.face, FAR) > SAME_DRAWING
            });
            self.drawings.push(Drawing::new(piece, set, crop.to_vec()));
            new += 1;
        }
        let over = self.drawings.len().saturating_sub(MOST);
        self.drawings.drain(..over);
        new
    }

    /// Read the points drawn as a taught kind as that kind: `crops` are the 90 points' crops
    /// ([`super::sample::crops`]) and `probs` their class probabilities, changed in place. A
    /// piece whose crop is within [`CLOSE`] of a kind's drawings and [`APART`] times further
    /// from every other kind's gives [`TAUGHT_SURE`] of each side's probability to that kind.
    /// Where both sides' pieces of that kind are taught and the crop is [`APART`] times
    /// nearer one side's drawings, the side is taken from them too. A piece read as a side's
    /// kind that another piece of the board was read as by its drawing, but that is not within
    /// [`CLOSE`] of that kind's drawings itself, is put in doubt ([`UNDRAWN_DOUBT`]). On a set
    /// the classifier misreads ([`MISREAD_SET`]), a piece no drawing reads has the kinds it is
    /// drawn unlike ruled out ([`RULED_OUT`]); where that leaves its side more than one kind,
    /// the classifier alone chose among them, and the point is doubtful whatever it is read as.
    pub(super) fn apply(&self, crops: &[f32], probs: &mut [[f32; 15]]) -> Applied {
        let mut applied = Applied::default();
        if self.drawings.is_empty() {
            return applied;
        }
        let mask = face_mask();
        // each piece's least difference from each set's drawings of each side and kind
        let pieces: Vec<(usize, Vec<(u32, Nearest)>)> = (0..probs.len())
            .filter(|&index| probs[index][0] < PIECE)
            .filter_map(|index| {
                let crop = crops.get(index * CROP_VALUES..(index + 1) * CROP_VALUES)?;
                Some((index, self.nearest(&shifted_faces(crop, &mask))))
            })
            .collect();
        let Some(set) = board_set(&pieces) else {
            return applied;
        };
        // the pieces of each side and kind read by their drawings on this board
        let mut drawn = [[false; 7]; 2];
        let mut undrawn = Vec::new();
        // the pieces read by their drawings that the classifier read as another kind
        let mut misread = 0;
        for (index, sets) in pieces {
            let nearest = sets
                .iter()
                .find(|(s, _)| *s == set)
                .map_or([[f32::INFINITY; 7]; 2], |(_, n)| *n);
            let p = &mut probs[index];
            match matched(&nearest) {
                Some((kind, side)) => {
                    if likeliest(p).is_some_and(|(_, read)| read != kind) {
                        misread += 1;
                    }
                    give(p, kind, side);
                    applied.read += 1;
                    if let Some((side, kind)) = likeliest(p) {
                        drawn[side][kind] = true;
                    }
                }
                None => undrawn.push((index, nearest)),
            }
        }
        // a set the classifier misreads is read by its drawings, what they rule out included
        let misreads_set = misread >= 2 && misread * MISREAD_SET >= applied.read;
        for (index, nearest) in undrawn {
            let open = if misreads_set {
                rule_out(&mut probs[index], &nearest)
            } else {
                [PieceKind::ALL.len(); 2]
            };
            if let Some((side, kind)) = likeliest(&probs[index]) {
                if drawn[side][kind] && nearest[0][kind].min(nearest[1][kind]) > CLOSE {
                    doubt(&mut probs[index], side, kind);
                } else if misreads_set && open[side] > 1 {
                    applied.doubtful.push(index);
                }
            }
        }
        applied
    }

    /// The least difference of a crop (its `shifted` faces) from each set's drawings of each
    /// side and kind.
    fn nearest(&self, shifted: &[Vec<f32>]) -> Vec<(u32, Nearest)> {
        let mut sets: Vec<(u32, Nearest)> = Vec::new();
        for d in &self.drawings {
            let at = match sets.iter().position(|(s, _)| *s == d.set) {
                Some(at) => at,
                None => {
                    sets.push((d.set, [[f32::INFINITY; 7]; 2]));
                    sets.len() - 1
                }
            };
            let (side, kind) = (d.piece.color.index(), kind_slot(d.piece.kind));
            let least = &mut sets[at].1[side][kind];
            *least = least.min(distance(shifted, &d.face, FAR));
        }
        sets
    }
}

/// What the pieces taught made of a picture's points ([`TaughtPieces::apply`]).
#[derive(Debug, Default, PartialEq)]
pub(super) struct Applied {
    /// How many pieces were read by their drawings.
    pub read: usize,
    /// The points (rank by rank from the top of the picture) whose kind the classifier alone
    /// chose on a set it misreads: in doubt, whichever kind the board gives them.
    pub doubtful: Vec<usize>,
}

/// A crop's least difference from the drawings of each side (Red, then Black) and kind (in
/// the order of [`PieceKind::ALL`]) of one set; infinite where none is kept.
type Nearest = [[f32; 7]; 2];

/// The kind a crop is read as by its drawings ([`CLOSE`] and [`APART`]), and its side where
/// both sides of that kind are kept and one is [`APART`] times nearer ([`crate::rules::Color::index`]).
fn matched(nearest: &Nearest) -> Option<(usize, Option<usize>)> {
    let by_kind: [f32; 7] = std::array::from_fn(|k| nearest[0][k].min(nearest[1][k]));
    let mut order: Vec<(usize, f32)> = by_kind.iter().copied().enumerate().collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    let ((kind, best), next) = (order[0], order[1].1);
    if best > CLOSE || next < APART * best {
        return None;
    }
    let (red, black) = (nearest[0][kind], nearest[1][kind]);
    let side = if red.is_infinite() || black.is_infinite() {
        None
    } else if black >= APART * red {
        Some(0)
    } else if red >= APART * black {
        Some(1)
    } else {
        None
    };
    Some((kind, side))
}

/// The set a board's pieces are drawn in: the one whose drawings read the most of them, at
/// least [`SET_BOARD`].
fn board_set(pieces: &[(usize, Vec<(u32, Nearest)>)]) -> Option<u32> {
    let mut counts: Vec<(u32, usize)> = Vec::new();
    for (set, nearest) in pieces.iter().flat_map(|(_, sets)| sets) {
        if matched(nearest).is_some() {
            match counts.iter_mut().find(|(s, _)| s == set) {
                Some((_, n)) => *n += 1,
                None => counts.push((*set, 1)),
            }
        }
    }
    counts
        .into_iter()
        .filter(|&(_, n)| n >= SET_BOARD)
        .max_by_key(|&(set, n)| (n, std::cmp::Reverse(set)))
        .map(|(set, _)| set)
}

/// Give [`TAUGHT_SURE`] of each side's probability to its piece of the kind in `slot` (of
/// [`PieceKind::ALL`]); or, where the drawings tell the `side` ([`crate::rules::Color::index`]), of the
/// piece's whole probability to that side's piece of the kind.
fn give(p: &mut [f32; 15], slot: usize, side: Option<usize>) {
    let masses = [p[1..8].iter().sum::<f32>(), p[8..15].iter().sum::<f32>()];
    let whole = masses[0] + masses[1];
    for (class, v) in p.iter_mut().enumerate().skip(1) {
        let Some(piece) = CLASSES[class] else {
            continue;
        };
        let on = piece.color.index();
        *v *= 1.0 - TAUGHT_SURE;
        if kind_slot(piece.kind) == slot {
            *v += TAUGHT_SURE
                * match side {
                    Some(side) if side == on => whole,
                    Some(_) => 0.0,
                    None => masses[on],
                };
        }
    }
}

/// The side and kind slots of the likeliest piece of `p`.
fn likeliest(p: &[f32; 15]) -> Option<(usize, usize)> {
    let class = (1..15).max_by(|&a, &b| p[a].total_cmp(&p[b]))?;
    CLASSES[class].map(|piece| (piece.color.index(), kind_slot(piece.kind)))
}

/// Move [`UNDRAWN_DOUBT`] of the probability of `side`'s piece of `kind` evenly to its other
/// kinds.
fn doubt(p: &mut [f32; 15], side: usize, kind: usize) {
    let of_side = |class: usize| CLASSES[class].filter(|piece| piece.color.index() == side);
    let Some(read) =
        (1..15).find(|&c| of_side(c).is_some_and(|piece| kind_slot(piece.kind) == kind))
    else {
        return;
    };
    let moved = p[read] * UNDRAWN_DOUBT;
    for (class, v) in p.iter_mut().enumerate() {
        if class == read {
            *v -= moved;
        } else if of_side(class).is_some() {
            *v += moved / 6.0;
        }
    }
}

/// Rule out for a piece the kinds it is drawn unlike: each side's kind with drawings kept that
/// the crop is at least [`FAR`] from (`nearest`) keeps [`RULED_OUT`] of its probability, and
/// the rest goes to the side's other kinds in proportion (evenly where the classifier gave them
/// none). A side whose every kind is ruled out is left as it is: the piece is of the other
/// side, or drawn as nothing taught yet. Returns how many kinds each side has left open.
fn rule_out(p: &mut [f32; 15], nearest: &Nearest) -> [usize; 2] {
    let mut open = [PieceKind::ALL.len(); 2];
    for (side, nearest) in nearest.iter().enumerate() {
        let classes: Vec<(usize, bool)> = (1..15)
            .filter_map(|class| {
                let piece = CLASSES[class].filter(|piece| piece.color.index() == side)?;
                let least = nearest[kind_slot(piece.kind)];
                Some((class, least.is_finite() && least >= FAR))
            })
            .collect();
        let left = classes.iter().filter(|(_, out)| !out).count();
        if left == 0 {
            continue;
        }
        open[side] = left;
        let mass: f32 = classes.iter().map(|&(c, _)| p[c]).sum();
        let kept: f32 = classes
            .iter()
            .filter(|(_, out)| !out)
            .map(|&(c, _)| p[c])
            .sum();
        let freed = (mass - kept) * (1.0 - RULED_OUT);
        for &(class, out) in &classes {
            p[class] = if out {
                p[class] * RULED_OUT
            } else if kept > 0.0 {
                p[class] + freed * p[class] / kept
            } else {
                p[class] + freed / left as f32
            };
        }
    }
    open
}

/// The place of `kind` in [`PieceKind::ALL`].
fn kind_slot(kind: PieceKind) -> usize {
    PieceKind::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or_default()
}

impl Drawing {
    fn new(piece: Piece, set: u32, crop: Vec<u8>) -> Drawing {
        let values = unpack(&crop);
        let face = face_mask().iter().map(|&k| values[k]).collect();
        Drawing {
            piece,
            set,
            crop,
            face,
        }
    }
}

/// A crop's 8-bit values back to -0.5..0.5.
fn unpack(crop: &[u8]) -> Vec<f32> {
    crop.iter().map(|&v| f32::from(v) / 255.0 - 0.5).collect()
}

/// The values inside the face disc (`mask`, of a centred crop) of `crop` moved by every shift
/// of up to [`SHIFT`] pixels.
pub(super) fn shifted_faces(crop: &[f32], mask: &[usize]) -> Vec<Vec<f32>> {
    let side = CROP as i32;
    let mut out = Vec::new();
    for dy in -SHIFT..=SHIFT {
        for dx in -SHIFT..=SHIFT {
            out.push(
                mask.iter()
                    .map(|&k| {
                        let (plane, at) = (k / (CROP * CROP), k % (CROP * CROP));
                        let (u, v) = ((at % CROP) as i32 + dx, (at / CROP) as i32 + dy);
                        // the face disc lies more than SHIFT pixels inside the crop
                        let (u, v) = (u.clamp(0, side - 1), v.clamp(0, side - 1));
                        crop[plane * CROP * CROP + (v * side + u) as usize]
                    })
                    .collect(),
            );
        }
    }
    out
}

/// The least mean squared difference between a crop's shifted faces and a drawing's face, or
/// `far` where every shift differs by at least that much: each shift's sum stops as soon as it
/// passes `far` or the best shift so far. (Nothing above [`FAR`] changes a taught reading: it
/// is over [`CLOSE`], and at least [`APART`] times any difference within [`CLOSE`].)
pub(super) fn distance(shifted: &[Vec<f32>], face: &[f32], far: f32) -> f32 {
    let values = face.len().max(1) as f32;
    let mut least = far * values;
    for s in shifted {
        let mut sum = 0.0;
        for (a, b) in s.chunks(STRETCH).zip(face.chunks(STRETCH)) {
            sum += a.iter().zip(b).map(|(a, b)| (a - b) * (a - b)).sum::<f32>();
            if sum >= least {
                break;
            }
        }
        least = least.min(sum);
    }
    least / values
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Color::{Black, Red};
    use crate::rules::PieceKind::{Cannon, Chariot, Horse};

    pub(in crate::recognise) const PAPER: f32 = 0.3;
    pub(in crate::recognise) const RED_INK: [f32; 3] = [0.4, -0.4, -0.4];
    pub(in crate::recognise) const BLACK_INK: [f32; 3] = [-0.45, -0.45, -0.45];

    /// A crop of a disc of paper bearing `shape` (0: a bar across, 1: a bar down, 2: a ring,
    /// 3: a cross, 4: a small ring, 5: a wide ring, else a filled disc) in `ink`, moved `dx`
    /// pixels right.
    pub(in crate::recognise) fn drawn(shape: u8, ink: [f32; 3], dx: i32) -> Vec<f32> {
        let mut crop = vec![PAPER; CROP_VALUES];
        let c = CROP as i32 / 2;
        for v in 0..CROP as i32 {
            for u in 0..CROP as i32 {
                let (x, y) = (u - c - dx, v - c);
                let r = f64::from(x * x + y * y).sqrt();
                let across = y.abs() <= 1 && x.abs() <= 7;
                let down = x.abs() <= 1 && y.abs() <= 7;
                let on = match shape {
                    0 => across,
                    1 => down,
                    2 => (4.0..=6.0).contains(&r),
                    3 => across || down,
                    4 => (1.5..=3.0).contains(&r),
                    5 => (7.0..=9.0).contains(&r),
                    _ => r <= 8.0,
                };
                if on {
                    for (plane, value) in ink.iter().enumerate() {
                        crop[plane * CROP * CROP + (v * CROP as i32 + u) as usize] = *value;
                    }
                }
            }
        }
        crop
    }

    /// 90 crops of bare paper but at `points` (index, crop), and three red horses of the set of
    /// [`taught_chariot_and_horse`] at [`HORSES`] (a board shows a set by several pieces:
    /// [`SET_BOARD`]).
    fn board(points: &[(usize, Vec<f32>)]) -> Vec<f32> {
        let mut crops = vec![PAPER; 90 * CROP_VALUES];
        let horses = HORSES.map(|index| (index, drawn(1, RED_INK, (index % 2) as i32)));
        for (index, crop) in points.iter().chain(&horses) {
            crops[index * CROP_VALUES..(index + 1) * CROP_VALUES].copy_from_slice(crop);
        }
        crops
    }

    /// The probabilities of a piece read as `piece` with probability `p`, the rest on the
    /// same side's cannon (or chariot, for a cannon).
    fn read_as(piece: Piece, p: f32) -> [f32; 15] {
        let class = |piece| CLASSES.iter().position(|c| *c == Some(piece)).unwrap_or(0);
        let other = if piece.kind == Cannon {
            Chariot
        } else {
            Cannon
        };
        let mut probs = [0.0; 15];
        probs[class(piece)] = p;
        probs[class(Piece::new(piece.color, other))] = 1.0 - p;
        probs
    }

    /// The points of the horses of [`board`].
    const HORSES: [usize; 3] = [70, 71, 72];

    /// Empty points but the horses of [`board`].
    fn empty_but_horses() -> Vec<[f32; 15]> {
        let mut probs = vec![[0.0; 15]; 90];
        probs.iter_mut().for_each(|p| p[0] = 1.0);
        for index in HORSES {
            probs[index] = read_as(Piece::new(Red, Horse), 0.99);
        }
        probs
    }

    /// Empty points but the horses of [`board`], which the classifier reads as cannons.
    fn empty_but_misread_horses() -> Vec<[f32; 15]> {
        let mut probs = empty_but_horses();
        for index in HORSES {
            probs[index] = read_as(Piece::new(Red, Cannon), 0.9);
        }
        probs
    }

    /// The horses of [`board`] set on `setup`, as a user sets a whole board.
    fn with_horses(setup: &mut Setup) {
        for index in HORSES {
            let sq = square_at(index, true).unwrap_or_else(|| panic!("{index}"));
            setup.set(sq, Some(Piece::new(Red, Horse)));
        }
    }

    fn probability(probs: &[f32; 15], piece: Piece) -> f32 {
        CLASSES
            .iter()
            .position(|c| *c == Some(piece))
            .map_or(0.0, |class| probs[class])
    }

    /// Taught from one board: a red chariot drawn as a bar across at point 10, a red horse
    /// drawn as a bar down at point 20 (Red at the bottom).
    fn taught_chariot_and_horse() -> TaughtPieces {
        let crops = board(&[(10, drawn(0, RED_INK, 0)), (20, drawn(1, RED_INK, 0))]);
        let mut setup = Setup::empty();
        let at = |index| square_at(index, true).unwrap_or_else(|| panic!("{index}"));
        setup.set(at(10), Some(Piece::new(Red, Chariot)));
        setup.set(at(20), Some(Piece::new(Red, Horse)));
        let mut taught = TaughtPieces::default();
        assert_eq!(taught.teach(&PointCrops::of(&crops), &setup, true), 2);
        taught
    }

    #[test]
    fn a_piece_drawn_as_a_taught_one_is_read_as_its_kind_though_the_classifier_says_otherwise() {
        let taught = taught_chariot_and_horse();
        // the bar across, two pixels off its point, read as a cannon by the classifier
        let crops = board(&[(40, drawn(0, RED_INK, 2))]);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Cannon), 0.99);
        assert_eq!(taught.apply(&crops, &mut probs).read, 4);
        assert!(probability(&probs[40], Piece::new(Red, Chariot)) >= TAUGHT_SURE * 0.99);
        assert!(probability(&probs[40], Piece::new(Red, Cannon)) < 0.06);
        // the empty points are left as they were
        assert_eq!(probs[0][0], 1.0);
        // a board with fewer of the set's pieces is not taken for the set
        let mut crops = vec![PAPER; 90 * CROP_VALUES];
        crops[40 * CROP_VALUES..41 * CROP_VALUES].copy_from_slice(&drawn(0, RED_INK, 2));
        let mut probs = vec![[0.0; 15]; 90];
        probs[40] = read_as(Piece::new(Red, Cannon), 0.99);
        let before = probs.clone();
        assert_eq!(taught.apply(&crops, &mut probs), Applied::default());
        assert_eq!(probs, before);
    }

    #[test]
    fn a_board_repeating_drawings_of_a_set_adds_its_new_ones_to_that_set() {
        let mut taught = taught_chariot_and_horse();
        let at = |index| square_at(index, true).unwrap_or_else(|| panic!("{index}"));
        // the chariot and the horse again, with a cannon drawn as a ring
        let crops = board(&[
            (11, drawn(0, RED_INK, 0)),
            (21, drawn(1, RED_INK, 0)),
            (31, drawn(2, RED_INK, 0)),
        ]);
        let mut setup = Setup::empty();
        setup.set(at(11), Some(Piece::new(Red, Chariot)));
        setup.set(at(21), Some(Piece::new(Red, Horse)));
        setup.set(at(31), Some(Piece::new(Red, Cannon)));
        with_horses(&mut setup);
        assert_eq!(taught.teach(&PointCrops::of(&crops), &setup, true), 1);
        assert!(taught.drawings.iter().all(|d| d.set == 0));
        // a board of other drawings only is another set
        let crops = board(&[(12, drawn(2, BLACK_INK, 0))]);
        let mut setup = Setup::empty();
        setup.set(at(12), Some(Piece::new(Black, Cannon)));
        assert_eq!(taught.teach(&PointCrops::of(&crops), &setup, true), 1);
        assert_eq!(taught.drawings.last().map(|d| d.set), Some(1));
    }

    #[test]
    fn on_a_set_the_classifier_reads_well_a_piece_drawn_unlike_every_taught_one_keeps_its_reading()
    {
        let taught = taught_chariot_and_horse();
        // a ring, read as a cannon; the horses are read by the classifier as by their drawings
        let crops = board(&[(40, drawn(2, RED_INK, 0))]);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Cannon), 0.9);
        let before = probs[40];
        let _ = taught.apply(&crops, &mut probs);
        assert_eq!(probs[40], before);
    }

    #[test]
    fn once_a_sides_other_kinds_are_taught_its_last_is_read_by_elimination() {
        use crate::rules::PieceKind::{Advisor, Elephant, General, Soldier};
        let at = |index| square_at(index, true).unwrap_or_else(|| panic!("{index}"));
        let kinds = [
            (General, 3),
            (Elephant, 4),
            (Chariot, 0),
            (Horse, 1),
            (Cannon, 2),
            (Soldier, 5),
        ];
        let points: Vec<(usize, Vec<f32>)> = (10..)
            .zip(kinds)
            .map(|(index, (_, shape))| (index, drawn(shape, RED_INK, 0)))
            .collect();
        let mut setup = Setup::empty();
        for (index, (kind, _)) in (10..).zip(kinds) {
            setup.set(at(index), Some(Piece::new(Red, kind)));
        }
        with_horses(&mut setup);
        let mut taught = TaughtPieces::default();
        taught.teach(&PointCrops::of(&board(&points)), &setup, true);
        // a filled disc, unlike all six, read by the classifier as a chariot; it reads the
        // horses as cannons: it misreads this set
        let crops = board(&[(40, drawn(6, RED_INK, 0))]);
        let mut probs = empty_but_misread_horses();
        probs[40] = read_as(Piece::new(Red, Chariot), 0.99);
        let _ = taught.apply(&crops, &mut probs);
        let advisor = probability(&probs[40], Piece::new(Red, Advisor));
        assert!((advisor - (1.0 - RULED_OUT)).abs() < 1e-6, "{advisor}");
        assert!(probability(&probs[40], Piece::new(Red, Chariot)) < RULED_OUT);
    }

    #[test]
    fn on_a_set_the_classifier_misreads_a_piece_no_drawing_reads_is_in_doubt() {
        let taught = taught_chariot_and_horse();
        let crops = board(&[(40, drawn(2, RED_INK, 0))]);
        // the classifier reads the horses as cannons: it misreads this set
        let mut probs = empty_but_misread_horses();
        probs[40] = read_as(Piece::new(Red, Cannon), 0.9);
        let applied = taught.apply(&crops, &mut probs);
        assert_eq!(applied.read, 3);
        assert!(probability(&probs[HORSES[0]], Piece::new(Red, Horse)) >= TAUGHT_SURE * 0.9);
        // the ring is a cannon or any kind but the chariot and the horse: in doubt, its
        // reading left to the board; the chariot, drawn as a bar, is ruled out
        assert_eq!(applied.doubtful, vec![40]);
        let chariot = probability(&probs[40], Piece::new(Red, Chariot));
        assert!((chariot - 0.1 * RULED_OUT).abs() < 1e-6, "{chariot}");
        assert!((probs[40].iter().sum::<f32>() - 1.0).abs() < 1e-5);
        // where the classifier reads the set well, nothing is doubtful
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Cannon), 0.9);
        assert!(taught.apply(&crops, &mut probs).doubtful.is_empty());
    }

    #[test]
    fn where_both_sides_are_taught_the_drawing_tells_the_side_too() {
        let crops = board(&[(10, drawn(0, RED_INK, 0)), (80, drawn(0, BLACK_INK, 0))]);
        let mut setup = Setup::empty();
        let at = |index| square_at(index, true).unwrap_or_else(|| panic!("{index}"));
        setup.set(at(10), Some(Piece::new(Red, Chariot)));
        setup.set(at(80), Some(Piece::new(Black, Chariot)));
        with_horses(&mut setup);
        let mut taught = TaughtPieces::default();
        taught.teach(&PointCrops::of(&crops), &setup, true);
        // a black bar read by the classifier as a red cannon
        let crops = board(&[(40, drawn(0, BLACK_INK, 1))]);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Cannon), 0.9);
        let _ = taught.apply(&crops, &mut probs);
        assert!(probability(&probs[40], Piece::new(Black, Chariot)) >= TAUGHT_SURE);
        // with one side taught, the side stays the classifier's
        let only_red = taught_chariot_and_horse();
        let crops = board(&[(40, drawn(0, RED_INK, 1))]);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Black, Cannon), 0.9);
        let _ = only_red.apply(&crops, &mut probs);
        assert!(probability(&probs[40], Piece::new(Black, Chariot)) >= TAUGHT_SURE * 0.9);
    }

    #[test]
    fn a_piece_read_as_a_kind_drawn_otherwise_on_the_board_is_put_in_doubt() {
        let taught = taught_chariot_and_horse();
        // point 40 is drawn as the chariots are; point 50 is read as a chariot too but drawn
        // as a ring, a drawing not taught
        let crops = board(&[(40, drawn(0, RED_INK, 0)), (50, drawn(2, RED_INK, 0))]);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Chariot), 0.99);
        probs[50] = read_as(Piece::new(Red, Chariot), 0.99);
        let _ = taught.apply(&crops, &mut probs);
        assert!(probability(&probs[40], Piece::new(Red, Chariot)) >= 0.99);
        let doubted = probability(&probs[50], Piece::new(Red, Chariot));
        assert!(doubted <= 0.99 * (1.0 - UNDRAWN_DOUBT) + 1e-6, "{doubted}");
        assert!((probs[50].iter().sum::<f32>() - 1.0).abs() < 1e-5);
    }

    #[test]
    fn a_drawing_is_kept_once_and_the_users_latest_word_counts() {
        let mut taught = taught_chariot_and_horse();
        let crops = board(&[(10, drawn(0, RED_INK, 0))]);
        let at = square_at(10, true).unwrap_or_else(|| panic!("a point"));
        let mut setup = Setup::empty();
        setup.set(at, Some(Piece::new(Red, Chariot)));
        with_horses(&mut setup);
        assert_eq!(taught.teach(&PointCrops::of(&crops), &setup, true), 0);
        assert_eq!(taught.len(), 2);
        // the same drawing now set as a cannon: the chariot's drawing is forgotten
        setup.set(at, Some(Piece::new(Red, Cannon)));
        assert_eq!(taught.teach(&PointCrops::of(&crops), &setup, true), 1);
        assert_eq!(taught.len(), 2);
        let mut probs = empty_but_horses();
        probs[40] = read_as(Piece::new(Red, Chariot), 0.99);
        let _ = taught.apply(&board(&[(40, drawn(0, RED_INK, 0))]), &mut probs);
        assert!(probability(&probs[40], Piece::new(Red, Cannon)) >= TAUGHT_SURE * 0.99);
    }

    #[test]
    fn the_taught_pieces_are_kept_in_a_file_and_read_back() {
        let dir = std::env::temp_dir().join(format!("qipu-taught-{}", std::process::id()));
        let path = dir.join("sub").join(TAUGHT_FILE);
        assert!(TaughtPieces::load(&path).is_ok_and(|t| t.is_empty()));
        let taught = taught_chariot_and_horse();
        taught.save(&path).unwrap_or_else(|e| panic!("{e}"));
        let back = TaughtPieces::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, taught);
        std::fs::write(&path, "{\"pieces\": [\n{\"piece\": \"R\", \"crop\": 7}]}")
            .unwrap_or_else(|e| panic!("{e}"));
        match TaughtPieces::load(&path) {
            Err(TaughtError::Format { line, column, .. }) => assert_eq!((line, column), (2, 24)),
            other => panic!("{other:?}"),
        }
        std::fs::write(
            &path,
            "{\"pieces\": [{\"piece\": \"X\", \"set\": 0, \"crop\": \"00\"}]}",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let bad = TaughtPieces::load(&path).map(|t| t.len());
        assert!(
            matches!(&bad, Err(TaughtError::Drawing { number: 1, reason, .. }) if reason.contains("'X'")),
            "{bad:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
