//! A picture of a board read into a position: screenshots of other programs and web pages,
//! printed diagrams and their scans, and Qipu's own diagrams.
//!
//! 1. The picture is decoded with its size checked first (`decode`: PNG, JPEG, WebP, BMP).
//! 2. The grid is found (`grid`): 9 × 10 evenly spaced lines with the river, anywhere in
//!    the picture, turned by up to about 3 degrees; then placed to a fraction of a pixel on the
//!    picture itself (`align`).
//! 3. Each of the 90 points is cut out and read by a small convolutional network
//!    (`classify`, trained by tools/recognise/train.py): empty or one of the 14 pieces. A point
//!    that matches one of Qipu's own pieces, drawn at the picture's scale by the board painter
//!    of [`crate::export`] (`house`), is read as that piece.
//! 4. The board is one decision (`legal`): the most probable legal position over the points'
//!    readings, either side at the bottom; if none is found, each point's most probable reading,
//!    Red at the bottom where Red's general stands, else where most of Red's pieces stand. Each
//!    point read with less than [`SURE`] confidence, otherwise than its most probable reading,
//!    or holding a piece where it can never stand (2.2), is marked uncertain, and a board with
//!    more than [`FEW_DOUBTS`] of them is not [ready](Reading::ready).
//!
//! Over `rules`, and `export` for the painter of Qipu's own pieces. Nothing here panics on any
//! input: every refusal is a [`RecogniseError`].

mod align;
mod classify;
mod decode;
mod grid;
mod house;
mod legal;
mod sample;

use crate::lang::Language;
use crate::rules::{reachable, Color, Piece, PieceKind, Setup, Square};

pub use decode::{check_size, MAX_PIXELS, MAX_SIDE, MIN_SIDE};
pub use grid::Grid;

/// A point's reading is sure when its class has at least this probability.
pub const SURE: f32 = 0.85;

/// The probability given to the reading of a point that matches one of Qipu's own pieces
/// ([`house`]).
const HOUSE_SURE: f32 = 0.95;

/// Why a picture was not read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RecogniseError {
    /// The file is not a picture that can be decoded, or is cut short.
    #[error("cannot read the picture: {0}")]
    Unreadable(String),
    /// Too many pixels to read.
    #[error("the picture is {width}×{height} pixels; at most {max_side} a side and {max_pixels} in all are read", max_side = MAX_SIDE, max_pixels = MAX_PIXELS)]
    TooLarge {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// Too few pixels to hold a board.
    #[error("the picture is {width}×{height} pixels, too small to show a board (at least {min_side} a side)", min_side = MIN_SIDE)]
    TooSmall {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// No grid of lines at all.
    #[error("no board found in the picture: no grid of evenly spaced lines")]
    NoBoard,
    /// A grid, but not a Xiangqi board's (a chess or Go board, a table).
    #[error("no Xiangqi board found in the picture: its grid is not 9 by 10 lines with a river")]
    OtherGrid,
    /// The board runs past the picture's edge.
    #[error("the board is cut off at the edge of the picture")]
    CutOff,
    /// The classifier could not be run.
    #[error("the piece classifier failed: {0}")]
    Classifier(String),
}

/// The endings of the picture files read (a dropped file with one of them is read as a
/// picture, not as a record).
pub const EXTENSIONS: [&str; 5] = ["png", "jpg", "jpeg", "webp", "bmp"];

/// Whether `path` names a picture by its ending ([`EXTENSIONS`], any case).
pub fn is_picture_path(path: &std::path::Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

impl RecogniseError {
    /// Why the picture was not read, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            RecogniseError::Unreadable(detail) => format!(
                "{} ({detail})",
                lang.pick(
                    "The file is not a picture that can be read (PNG, JPEG, WebP, BMP)",
                    "该文件不是可读取的图片（PNG、JPEG、WebP、BMP）",
                    "該檔案不是可讀取的圖片（PNG、JPEG、WebP、BMP）",
                )
            ),
            RecogniseError::TooLarge { width, height } => match lang {
                Language::English => format!(
                    "The picture is {width}×{height} pixels: too large to read (at most \
                     {MAX_SIDE} a side)"
                ),
                Language::SimplifiedChinese => format!(
                    "图片为 {width}×{height} 像素，太大，无法读取（每边最多 {MAX_SIDE}）"
                ),
                Language::TraditionalChinese => format!(
                    "圖片為 {width}×{height} 像素，太大，無法讀取（每邊最多 {MAX_SIDE}）"
                ),
            },
            RecogniseError::TooSmall { width, height } => match lang {
                Language::English => format!(
                    "The picture is {width}×{height} pixels: too small to show a board"
                ),
                Language::SimplifiedChinese => {
                    format!("图片为 {width}×{height} 像素，太小，容不下棋盘")
                }
                Language::TraditionalChinese => {
                    format!("圖片為 {width}×{height} 像素，太小，容不下棋盤")
                }
            },
            RecogniseError::NoBoard => lang
                .pick(
                    "No board was found in the picture.",
                    "图片中没有找到棋盘。",
                    "圖片中沒有找到棋盤。",
                )
                .to_owned(),
            RecogniseError::OtherGrid => lang
                .pick(
                    "No Xiangqi board was found in the picture (no grid of 9 by 10 lines with a river).",
                    "图片中没有找到象棋棋盘（没有九路十线、中有河界的格线）。",
                    "圖片中沒有找到象棋棋盤（沒有九路十線、中有河界的格線）。",
                )
                .to_owned(),
            RecogniseError::CutOff => lang
                .pick(
                    "The board is cut off at the edge of the picture.",
                    "棋盘在图片边缘被截断。",
                    "棋盤在圖片邊緣被截斷。",
                )
                .to_owned(),
            RecogniseError::Classifier(detail) => format!(
                "{} ({detail})",
                lang.pick(
                    "The pieces could not be read",
                    "无法识别棋子",
                    "無法辨識棋子",
                )
            ),
        }
    }
}

/// What a picture was read as.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The position read, Red at the bottom, Red to move unless only Black can be
    /// ([`Reading::side_known`]).
    pub setup: Setup,
    /// Whether the side to move follows from the position (a side in check must move, 4.1.6).
    pub side_known: bool,
    /// Whether the picture shows Red at the bottom.
    pub red_at_bottom: bool,
    /// Points whose reading is not sure, in index order.
    pub uncertain: Vec<Square>,
    /// Each point's most likely reading and its probability.
    pub points: Vec<(Square, Option<Piece>, f32)>,
    /// Where the board is on the picture: x, y, width, height in pixels.
    pub board: [u32; 4],
    /// How many boards the picture shows (the largest is read).
    pub boards: usize,
}

/// The most points read with doubt on a board still offered as ready to play.
pub const FEW_DOUBTS: usize = 3;

impl Reading {
    /// Whether the board read can be played as it is: a legal position, both generals read
    /// without doubt and at most [`FEW_DOUBTS`] points in doubt. Otherwise the user checks the
    /// ringed points first.
    pub fn ready(&self) -> bool {
        let general_in_doubt = self.uncertain.iter().any(|&sq| {
            self.setup
                .get(sq)
                .is_some_and(|p| p.kind == PieceKind::General)
        });
        self.uncertain.len() <= FEW_DOUBTS
            && !general_in_doubt
            && self.setup.clone().into_position().is_ok()
    }
}

/// Read the picture in `bytes` (PNG, JPEG, WebP or BMP).
pub fn recognise(bytes: &[u8]) -> Result<Reading, RecogniseError> {
    let image = decode::decode(bytes)?;
    recognise_image(&image)
}

/// Read a decoded picture.
pub fn recognise_image(image: &image::RgbImage) -> Result<Reading, RecogniseError> {
    check_size(image.width(), image.height())?;
    let found = grid::find(image).map_err(|miss| match miss {
        grid::Miss::NoLines => RecogniseError::NoBoard,
        grid::Miss::OtherGrid => RecogniseError::OtherGrid,
    })?;
    let grid = align::align(image, found.grid);
    let [x, y, w, h] = grid.bounds();
    let step = grid.step();
    // the outer points' pieces must be in the picture (a quarter of a step may be cut)
    let slack = step * 0.25;
    if x < -slack
        || y < -slack
        || x + w > image.width() as f32 + slack
        || y + h > image.height() as f32 + slack
    {
        return Err(RecogniseError::CutOff);
    }
    let crops = sample::crops(image, &grid);
    let mut probs = classify::classify(&crops).map_err(RecogniseError::Classifier)?;
    for (p, class) in probs.iter_mut().zip(house::match_crops(&crops, step)) {
        // the drawing decides, the classifier keeping the order of the other readings
        if let Some(class) = class {
            p.iter_mut().for_each(|v| *v *= 1.0 - HOUSE_SURE);
            p[class] += HOUSE_SURE;
        }
    }
    let clamp = |v: f32, max: u32| v.clamp(0.0, max as f32).round() as u32;
    let (x0, y0) = (clamp(x, image.width()), clamp(y, image.height()));
    let board = [
        x0,
        y0,
        clamp(x + w, image.width()) - x0,
        clamp(y + h, image.height()) - y0,
    ];
    Ok(read_points(&probs, board, found.boards))
}

/// The position from the 90 points' class probabilities (rank by rank from the top of the
/// picture): the most probable legal board ([`legal`]), else each point's most probable
/// reading, with the points read with doubt.
fn read_points(probs: &[[f32; 15]], board: [u32; 4], boards: usize) -> Reading {
    let best: Vec<usize> = probs
        .iter()
        .map(|p| {
            p.iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map_or(0, |(class, _)| class)
        })
        .collect();
    let (red_at_bottom, classes) = match legal::most_probable(probs) {
        Some(choice) => (choice.red_at_bottom, choice.classes),
        None => {
            let pieces: Vec<(Option<Piece>, f32)> = best
                .iter()
                .zip(probs)
                .map(|(&c, p)| (classify::CLASSES[c], p[c]))
                .collect();
            (red_at_bottom(&pieces), best.clone())
        }
    };
    let mut setup = Setup::empty();
    let mut points = Vec::with_capacity(90);
    let mut uncertain = Vec::new();
    for (index, &class) in classes.iter().enumerate() {
        let Some(sq) = legal::square_at(index, red_at_bottom) else {
            continue;
        };
        let piece = classify::CLASSES[class];
        let prob = probs[index][class];
        setup.set(sq, piece);
        points.push((sq, piece, prob));
        let misplaced = piece.is_some_and(|p| !reachable(p, sq));
        if prob < SURE || class != best[index] || misplaced {
            uncertain.push(sq);
        }
    }
    points.sort_by_key(|p| p.0);
    uncertain.sort();
    let (side, side_known) = side_to_move(&setup);
    setup.side = side;
    Reading {
        setup,
        side_known,
        red_at_bottom,
        uncertain,
        points,
        board,
        boards,
    }
}

/// Whether Red is at the bottom of the picture: where Red's general stands (in the lower or
/// upper palace), else where Red's pieces are on the whole, else where Black's are not.
fn red_at_bottom(best: &[(Option<Piece>, f32)]) -> bool {
    let row_of = |color: Color, kind: Option<PieceKind>| -> Vec<f32> {
        best.iter()
            .enumerate()
            .filter(|(_, (p, _))| {
                p.is_some_and(|p| p.color == color && kind.is_none_or(|k| p.kind == k))
            })
            .map(|(i, _)| (i / 9) as f32)
            .collect()
    };
    let mean = |rows: &[f32]| rows.iter().sum::<f32>() / rows.len().max(1) as f32;
    let red_general = row_of(Color::Red, Some(PieceKind::General));
    if let [row] = red_general[..] {
        return row >= 6.0;
    }
    let black_general = row_of(Color::Black, Some(PieceKind::General));
    if let [row] = black_general[..] {
        return row <= 3.0;
    }
    let (red, black) = (row_of(Color::Red, None), row_of(Color::Black, None));
    match (red.is_empty(), black.is_empty()) {
        (false, false) => mean(&red) >= mean(&black),
        (false, true) => mean(&red) >= 4.5,
        (true, false) => mean(&black) < 4.5,
        (true, true) => true,
    }
}

/// Who moves: the side in check (4.1.6), else Red, not known.
fn side_to_move(setup: &Setup) -> (Color, bool) {
    for side in [Color::Red, Color::Black] {
        let mut trial = setup.clone();
        trial.side = side;
        if let Ok(pos) = trial.into_position() {
            if pos.in_check() {
                return (side, true);
            }
        }
    }
    (Color::Red, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_hot(classes: &[usize]) -> Vec<[f32; 15]> {
        classes
            .iter()
            .map(|&c| {
                let mut p = [0.0; 15];
                p[c] = 1.0;
                p
            })
            .collect()
    }

    #[test]
    fn red_at_the_top_is_turned() {
        // Red's general at the top middle (picture row 0), Black's at the bottom.
        let mut classes = vec![0usize; 90];
        classes[4] = 1;
        classes[85] = 8;
        let reading = read_points(&one_hot(&classes), [0, 0, 10, 10], 1);
        assert!(!reading.red_at_bottom);
        assert_eq!(reading.setup.to_fen(), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert!(reading.uncertain.is_empty());
    }

    #[test]
    fn unsure_and_misplaced_points_are_marked() {
        let mut classes = vec![0usize; 90];
        classes[85] = 1; // Red's general, bottom
        classes[4] = 8; // Black's general, top
        classes[0] = 2; // a Red advisor on a9: never there (2.2)
        let mut probs = one_hot(&classes);
        probs[40] = [0.5; 15];
        let reading = read_points(&probs, [0, 0, 10, 10], 1);
        assert!(reading.red_at_bottom);
        let marked: Vec<String> = reading.uncertain.iter().map(|s| s.to_string()).collect();
        assert_eq!(marked, ["e5", "a9"]);
    }

    /// A legal board read without doubt is ready; with more than a few doubtful points, or a
    /// general in doubt, it is not.
    #[test]
    fn a_board_with_many_doubts_is_not_ready() {
        let mut classes = vec![0usize; 90];
        classes[84] = 1; // Red's general on d0, not facing Black's
        classes[4] = 8; // Black's general, top
        let probs = one_hot(&classes);
        assert!(read_points(&probs, [0, 0, 10, 10], 1).ready());
        let mut doubtful = probs.clone();
        for p in &mut doubtful[40..40 + FEW_DOUBTS + 1] {
            p[0] = 0.6;
            p[5] = 0.4;
        }
        let reading = read_points(&doubtful, [0, 0, 10, 10], 1);
        assert_eq!(reading.uncertain.len(), FEW_DOUBTS + 1);
        assert!(!reading.ready());
        let mut general = probs;
        general[84][1] = 0.7;
        general[84][0] = 0.3;
        assert!(!read_points(&general, [0, 0, 10, 10], 1).ready());
    }

    #[test]
    fn side_in_check_moves() {
        let setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(side_to_move(&setup), (Color::Black, true));
    }
}
