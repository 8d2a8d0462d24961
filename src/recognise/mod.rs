//! A picture of a board read into a position: screenshots of other programs and web pages,
//! printed diagrams and their scans, and Qipu's own diagrams.
//!
//! 1. The picture is decoded with its size checked first (`decode`: PNG, JPEG, WebP, BMP).
//! 2. The grid is found (`grid`): 9 × 10 evenly spaced lines with the river, anywhere in
//!    the picture, turned by up to about 5 degrees; then placed to a fraction of a pixel on the
//!    picture itself (`align`). A board photographed at an angle, its lines converging, is found
//!    by a second, looser search; a plane projective map is fitted to its lines and the board is
//!    resampled straight, to be read as any other (`perspective`).
//! 3. Each of the 90 points is cut out and read by three small convolutional networks, their
//!    probabilities averaged (`classify`, trained by tools/recognise/train.py, joined by
//!    tools/recognise/ensemble.py): empty or one of the 14 pieces. A point
//!    the network is not sure of, and every point read as a piece, is cut four more ways, moved
//!    and scaled a little, and its readings averaged (`recut`). Each piece's side is then decided with the others' by their
//!    colours (`ink`): a piece the network gives to one side whose colours group it with the
//!    other side's pieces goes to that side, its kind kept. A point that matches one of Qipu's
//!    own pieces, drawn at the picture's scale by the board painter of [`crate::export`]
//!    (`house`), is read as that piece; a piece drawn as one the user taught from an earlier
//!    picture ([`TaughtPieces`], `taught`) is read as that kind. The pieces of the picture are
//!    compared with each other (`alike`): pieces drawn alike (of a side, or of the two sides but
//!    for their colour) are read as one group, three of a side as soldiers, and pieces of a side
//!    drawn clearly unalike are of two kinds, as is either and a piece drawn alike the other.
//! 4. The board is one decision (`legal`): the most probable legal position over the points'
//!    readings, either side at the bottom, no two pieces drawn unalike read as one kind and no
//!    two drawn alike as two kinds where such a board is found; if none is found, each point's most probable reading
//!    that can stand there (2.2), Red at the bottom if the likeliest such board with a general in
//!    each palace is likelier so than turned. Each point read with less than [`SURE`] confidence
//!    (on a legal board, unless every legal board that reads it otherwise is far less probable)
//!    or otherwise than its most probable reading is marked uncertain, and so, on a board that is
//!    not a legal position, are the points that would have to change for it to be one. The
//!    likeliest board with the other side at the bottom is kept when it is nearly as probable
//!    ([`Reading::turned`]), and each of the two marks the points the other reads differently.
//!    A board that is not a legal position, has a general in doubt, more than [`FEW_DOUBTS`]
//!    points in doubt or one in grave doubt ([`FAINT`]) is not [ready](Reading::ready), and says
//!    why ([`NotReady`]).
//!
//! Over `rules`, and `export` for the painter of Qipu's own pieces. Nothing here panics on any
//! input: every refusal is a [`RecogniseError`].

mod align;
mod alike;
mod classify;
mod decode;
mod grid;
mod house;
mod ink;
mod legal;
mod perspective;
mod sample;
mod taught;

use crate::lang::Language;
use crate::rules::{reachable, Color, Piece, PieceKind, Setup, SetupError, Square};

pub use classify::{use_network, ClassifierError};
pub use decode::{check_size, MAX_PIXELS, MAX_SIDE, MIN_SIDE};
pub use grid::Grid;
use sample::{Cut, CROP_VALUES};
pub use taught::{Lesson, PointCrops, TaughtError, TaughtPieces, TAUGHT_FILE};

/// A point's reading is sure when its class has at least this probability. Measured with
/// `qipu recognise-bench` over 768 pictures in seven styles: at 0.85, 93.8% of the
/// points read wrong were ringed; at 0.95, 96.8%, with 7.9% of the points read right.
pub const SURE: f32 = 0.95;

/// The likeliest board with the other side at the bottom is kept beside the chosen one when it
/// is less probable by less than this (a natural logarithm: ln 19, the odds of [`SURE`]).
/// Measured with `qipu recognise-bench` over 720 pictures of 21 sets: 13 boards were read
/// turned round (on pictogram sets the classifier does not know), and the wrong points ringed
/// rose from 91.5% to 96.2% (the right points ringed from 5.0% to 5.2%).
pub const TURN_DOUBT: f32 = 2.944;

/// A point read with less than [`SURE`] confidence, its likeliest reading, is still sure when
/// every legal board that reads it otherwise is less probable than the board read by at least
/// this (a natural logarithm: about 3,000 times): its other readings would leave a side without
/// its general, or give it a third chariot, where the rest of the board is read with confidence.
/// Measured with `qipu recognise-bench` over 720 pictures of 21 sets, against ringing every such
/// point: right points ringed 5.2% -> 4.5% and boards offered as ready 236 -> 294 (none of them
/// wrong), wrong points ringed 96.2% -> 96.1%. At ln 19 (as [`TURN_DOUBT`]): 3.4% and 335 ready,
/// but only 93.1% of the wrong points ringed; at 5: 4.0%, 310 and 95.2%. A wrong reading on a
/// set the classifier does not know is often one of two that would each have to change.
const LEGAL_DOUBT: f32 = 8.0;

/// A point read with less than this probability is in grave doubt: the board is not ready to
/// play however few its other doubts (most ringed points on boards offered as ready that were
/// wrong were under it).
pub const FAINT: f32 = 0.7;

/// The probability given to the reading of a point that matches one of Qipu's own pieces
/// ([`house`]).
const HOUSE_SURE: f32 = 0.95;
/// The confidence at most of a point the pieces taught put in doubt (a piece of a set the
/// classifier misreads whose kind it alone chose): under [`FAINT`], so that a board holding
/// one is not offered as ready to play.
const DOUBTED: f32 = 0.5;

/// A point whose centred crop the classifier gives no class this probability is read again,
/// cut the [`CUTS`] ways.
const RECUT: f32 = 0.999;

/// A point read as a piece with at least this probability is read again, cut the [`CUTS`]
/// ways, however sure its centred crop: on pieces of a set it has not seen, the classifier is
/// at times sure and wrong, and the cuts then seldom agree.
const PIECE_RECUT: f32 = 0.5;

/// The crops of a point read besides the centred one, their probabilities averaged with its:
/// moved and scaled within what training's crops are jittered by, so that no one cut of a
/// point decides.
const CUTS: [Cut; 4] = [
    Cut {
        dx: 0.04,
        dy: 0.04,
        scale: 1.0,
    },
    Cut {
        dx: -0.04,
        dy: -0.04,
        scale: 1.0,
    },
    Cut {
        dx: 0.04,
        dy: -0.04,
        scale: 0.95,
    },
    Cut {
        dx: -0.04,
        dy: 0.04,
        scale: 1.05,
    },
];

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
    Classifier(#[from] ClassifierError),
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
    /// The board read the other way round (the other side at the bottom of the picture), when
    /// it is nearly as probable as this one ([`TURN_DOUBT`]): each board's points that
    /// the other reads differently are in doubt on it. Its own `turned` is `None`; see
    /// [`Reading::turned_round`].
    pub turned: Option<Box<Reading>>,
    /// The points' crops as read: what [`TaughtPieces::learn`] keeps pieces from once the user
    /// has set the board right.
    pub crops: PointCrops,
    /// How many pieces were read by drawings the user taught ([`TaughtPieces`]).
    pub taught: usize,
}

/// The most points read with doubt on a board still offered as ready to play.
pub const FEW_DOUBTS: usize = 3;

/// Why a board read is not offered as ready to play ([`Reading::not_ready`]): the user checks
/// the ringed points first.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotReady {
    /// No legal position was found among the points' likely readings: the rule the board read
    /// breaks (the points that would have to change are ringed).
    #[error("no legal position among the likely readings: {0}")]
    Illegal(SetupError),
    /// A general read with doubt.
    #[error("the general on {0} is read with doubt")]
    GeneralInDoubt(Square),
    /// More points read with doubt than a board ready to play may have.
    #[error("{0} points read with doubt (at most {FEW_DOUBTS} on a board ready to play)")]
    ManyDoubts(usize),
    /// A point read with grave doubt (less than [`FAINT`] sure).
    #[error("the reading of {0} is in grave doubt")]
    Faint(Square),
}

impl NotReady {
    /// Why the board is not ready to play, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            NotReady::Illegal(rule) => format!(
                "{}{}",
                lang.pick(
                    "no legal position among the likely readings: ",
                    "各点可能的读法中没有合法局面：",
                    "各點可能的讀法中沒有合法局面：",
                ),
                rule.message(lang)
            ),
            NotReady::GeneralInDoubt(sq) => match lang {
                Language::English => format!("the general on {sq} is read with doubt"),
                Language::SimplifiedChinese => format!("{sq} 上的帅（将）读得不确定"),
                Language::TraditionalChinese => format!("{sq} 上的帥（將）讀得不確定"),
            },
            NotReady::ManyDoubts(n) => match lang {
                Language::English => format!(
                    "{n} points read with doubt (at most {FEW_DOUBTS} on a board ready to play)"
                ),
                Language::SimplifiedChinese => {
                    format!("有 {n} 个点读得不确定（可直接走棋的棋盘最多 {FEW_DOUBTS} 个）")
                }
                Language::TraditionalChinese => {
                    format!("有 {n} 個點讀得不確定（可直接走棋的棋盤最多 {FEW_DOUBTS} 個）")
                }
            },
            NotReady::Faint(sq) => match lang {
                Language::English => format!("the reading of {sq} is in grave doubt"),
                Language::SimplifiedChinese => format!("{sq} 的读法很不确定"),
                Language::TraditionalChinese => format!("{sq} 的讀法很不確定"),
            },
        }
    }
}

impl Reading {
    /// The board read the other way round, if it is nearly as probable, with this one as its
    /// own other way round: what a user who sees the picture's sides were mistaken turns to.
    pub fn turned_round(&self) -> Option<Reading> {
        let mut other = self.turned.as_deref()?.clone();
        other.turned = Some(Box::new(Reading {
            turned: None,
            ..self.clone()
        }));
        Some(other)
    }

    /// Put the points at `indexes` (rank by rank from the top of the picture) in doubt, read
    /// with no more than [`DOUBTED`] confidence, on this reading and on the one turned round.
    fn put_in_doubt(&mut self, indexes: &[usize]) {
        let red_at_bottom = self.red_at_bottom;
        let squares: Vec<Square> = indexes
            .iter()
            .filter_map(|&index| legal::square_at(index, red_at_bottom))
            .collect();
        for (sq, _, prob) in &mut self.points {
            if squares.contains(sq) {
                *prob = prob.min(DOUBTED);
            }
        }
        self.uncertain.extend(squares);
        self.uncertain.sort();
        self.uncertain.dedup();
        if let Some(turned) = &mut self.turned {
            turned.put_in_doubt(indexes);
        }
    }

    /// Whether `setup` lies on the picture with Red at the bottom: the way round in which more
    /// of its points agree with the points read (a board the user set right after a reading
    /// turned round lies the other way).
    pub fn red_at_bottom_for(&self, setup: &Setup) -> bool {
        let agree = |red_at_bottom: bool| {
            (0..90)
                .filter(|&index| {
                    let (Some(sq), Some(read)) = (
                        legal::square_at(index, red_at_bottom),
                        legal::square_at(index, self.red_at_bottom),
                    ) else {
                        return false;
                    };
                    setup.get(sq) == self.setup.get(read)
                })
                .count()
        };
        if agree(self.red_at_bottom) >= agree(!self.red_at_bottom) {
            self.red_at_bottom
        } else {
            !self.red_at_bottom
        }
    }

    /// Whether the board read can be played as it is ([`Reading::not_ready`] has no reason).
    pub fn ready(&self) -> bool {
        self.not_ready().is_none()
    }

    /// Why the board read cannot be played as it is, if it cannot: it is not a legal position,
    /// a general is read with doubt, more than [`FEW_DOUBTS`] points are, or one is read with
    /// less than [`FAINT`] confidence.
    pub fn not_ready(&self) -> Option<NotReady> {
        if let Err(rule) = self.setup.clone().into_position() {
            return Some(NotReady::Illegal(rule));
        }
        self.doubt()
    }

    /// Why the board read cannot be played as it is for its doubts alone, whatever the
    /// legality of its arrangement: a general is read with doubt, more than [`FEW_DOUBTS`]
    /// points are, or one is read with less than [`FAINT`] confidence. A window that lets the
    /// user check points asks it of the board as corrected, the points checked no longer in
    /// doubt.
    pub fn doubt(&self) -> Option<NotReady> {
        let general_in_doubt = self.uncertain.iter().copied().find(|&sq| {
            self.setup
                .get(sq)
                .is_some_and(|p| p.kind == PieceKind::General)
        });
        if let Some(sq) = general_in_doubt {
            return Some(NotReady::GeneralInDoubt(sq));
        }
        if self.uncertain.len() > FEW_DOUBTS {
            return Some(NotReady::ManyDoubts(self.uncertain.len()));
        }
        self.points
            .iter()
            .find(|(sq, _, prob)| *prob < FAINT && self.uncertain.contains(sq))
            .map(|&(sq, _, _)| NotReady::Faint(sq))
    }
}

/// Read the picture in `bytes` (PNG, JPEG, WebP or BMP).
pub fn recognise(bytes: &[u8]) -> Result<Reading, RecogniseError> {
    recognise_with(bytes, &TaughtPieces::default())
}

/// Read the picture in `bytes`, a piece drawn as one the user taught read as its kind.
pub fn recognise_with(bytes: &[u8], taught: &TaughtPieces) -> Result<Reading, RecogniseError> {
    let image = decode::decode(bytes)?;
    recognise_image_with(&image, taught)
}

/// Pictures with a side longer than this are read made smaller by a whole factor first (a
/// 12-megapixel photo by two): the board's lines and pieces need far fewer pixels.
pub const READ_SIDE: u32 = 2600;

/// Read a decoded picture.
pub fn recognise_image(image: &image::RgbImage) -> Result<Reading, RecogniseError> {
    recognise_image_with(image, &TaughtPieces::default())
}

/// Read a decoded picture, a piece drawn as one the user taught read as its kind.
pub fn recognise_image_with(
    image: &image::RgbImage,
    taught: &TaughtPieces,
) -> Result<Reading, RecogniseError> {
    check_size(image.width(), image.height())?;
    let factor = image.width().max(image.height()).div_ceil(READ_SIDE);
    if factor > 1 {
        let mut reading = read_image(&decode::reduce(image, factor), taught)?;
        // where the board is, on the picture as given
        let [x, y, w, h] = reading.board;
        let (x, y) = (
            (x * factor).min(image.width()),
            (y * factor).min(image.height()),
        );
        reading.board = [
            x,
            y,
            (w * factor).min(image.width() - x),
            (h * factor).min(image.height() - y),
        ];
        return Ok(reading);
    }
    read_image(image, taught)
}

/// Read a picture of a size read as it is.
fn read_image(image: &image::RgbImage, taught: &TaughtPieces) -> Result<Reading, RecogniseError> {
    let found = grid::find(image).map_err(|miss| match miss {
        grid::Miss::NoLines => RecogniseError::NoBoard,
        grid::Miss::OtherGrid => RecogniseError::OtherGrid,
    })?;
    let grid = align::align(image, found.grid);
    // a board photographed at an angle is read straightened; any other as it is
    let straight = perspective::fit_board(image, &grid)
        .filter(|h| perspective::is_bent(h, &grid))
        .and_then(|h| perspective::straighten(image, &h));
    let (board, read) = match straight {
        Some(straight) => {
            let board = placed(image, straight.corners, straight.step)?;
            let grid = align::align(&straight.image, straight.grid);
            (board, read_crops(&straight.image, &grid, taught)?)
        }
        None => {
            let corners = [
                grid.point(-0.5, -0.5),
                grid.point(8.5, -0.5),
                grid.point(-0.5, 9.5),
                grid.point(8.5, 9.5),
            ];
            let board = placed(image, corners, grid.step())?;
            (board, read_crops(image, &grid, taught)?)
        }
    };
    let mut reading = Reading {
        taught: read.taught.read,
        ..read_points(&read.probs, &read.drawn, &read.crops, board, found.boards)
    };
    reading.put_in_doubt(&read.taught.doubtful);
    Ok(reading)
}

/// Where the board with these corners (half a step outside its outer points) is on the
/// picture: x, y, width, height; cut off if the outer points' pieces are not in the picture (a
/// quarter of a step may be cut).
fn placed(
    image: &image::RgbImage,
    corners: [(f32, f32); 4],
    step: f32,
) -> Result<[u32; 4], RecogniseError> {
    let x = corners.iter().map(|c| c.0).fold(f32::INFINITY, f32::min);
    let y = corners.iter().map(|c| c.1).fold(f32::INFINITY, f32::min);
    let right = corners
        .iter()
        .map(|c| c.0)
        .fold(f32::NEG_INFINITY, f32::max);
    let bottom = corners
        .iter()
        .map(|c| c.1)
        .fold(f32::NEG_INFINITY, f32::max);
    let slack = step * 0.25;
    if x < -slack
        || y < -slack
        || right > image.width() as f32 + slack
        || bottom > image.height() as f32 + slack
    {
        return Err(RecogniseError::CutOff);
    }
    let clamp = |v: f32, max: u32| v.clamp(0.0, max as f32).round() as u32;
    let (x0, y0) = (clamp(x, image.width()), clamp(y, image.height()));
    Ok([
        x0,
        y0,
        clamp(right, image.width()) - x0,
        clamp(bottom, image.height()) - y0,
    ])
}

/// The 90 points as read ([`read_crops`]).
struct PointsRead {
    /// Each point's class probabilities, rank by rank from the top of the picture.
    probs: Vec<[f32; 15]>,
    /// Their crops.
    crops: PointCrops,
    /// What the pieces taught made of them.
    taught: taught::Applied,
    /// The pairs of pieces drawn alike or clearly unalike ([`alike`]).
    drawn: Vec<legal::Drawn>,
}

/// The 90 points' class probabilities, rank by rank from the top of the picture, and their
/// crops: the classifier's, Qipu's own pieces where a point matches one, and a taught kind where
/// a piece is drawn as one the user taught.
fn read_crops(
    image: &image::RgbImage,
    grid: &Grid,
    taught: &TaughtPieces,
) -> Result<PointsRead, RecogniseError> {
    let crops = sample::crops(image, grid, Cut::CENTRED);
    let mut probs = classify::classify(&crops)?;
    recut(image, grid, &mut probs)?;
    ink::sides(&crops, &mut probs);
    for (p, class) in probs
        .iter_mut()
        .zip(house::match_crops(&crops, grid.step()))
    {
        // the drawing decides, the classifier keeping the order of the other readings
        if let Some(class) = class {
            p.iter_mut().for_each(|v| *v *= 1.0 - HOUSE_SURE);
            p[class] += HOUSE_SURE;
        }
    }
    let taught = taught.apply(&crops, &mut probs);
    let drawn = alike::compare(&crops, &mut probs);
    Ok(PointsRead {
        probs,
        crops: PointCrops::of(&crops),
        taught,
        drawn,
    })
}

/// Read again the points whose centred crop the classifier is not sure of (below [`RECUT`])
/// and the points read as pieces ([`PIECE_RECUT`]),
/// cut the [`CUTS`] ways, and average each such point's probabilities over its cuts: the crops
/// of all of them go through the classifier at once.
fn recut(
    image: &image::RgbImage,
    grid: &Grid,
    probs: &mut [[f32; 15]],
) -> Result<(), RecogniseError> {
    let unsure: Vec<usize> = (0..probs.len())
        .filter(|&i| probs[i].iter().all(|&p| p < RECUT) || 1.0 - probs[i][0] >= PIECE_RECUT)
        .collect();
    if unsure.is_empty() {
        return Ok(());
    }
    let mut crops = Vec::with_capacity(unsure.len() * CUTS.len() * CROP_VALUES);
    for &cut in &CUTS {
        crops.extend(sample::crops_of(image, grid, cut, &unsure));
    }
    let read = classify::classify(&crops)?;
    let cuts = (CUTS.len() + 1) as f32;
    for (n, &index) in unsure.iter().enumerate() {
        let p = &mut probs[index];
        for k in 0..CUTS.len() {
            let q = read[k * unsure.len() + n];
            p.iter_mut().zip(q).for_each(|(a, b)| *a += b);
        }
        p.iter_mut().for_each(|v| *v /= cuts);
    }
    Ok(())
}

/// The position from the 90 points' class probabilities (rank by rank from the top of the
/// picture): the most probable legal board ([`legal`]; one that reads the pairs of `drawn`,
/// pieces drawn alike or unalike, as drawn where there is one), else each point's most probable reading
/// that can stand there, with the points read with doubt (and, on a board that is not a legal
/// position, the points that would have to change, [`to_change`]; on a legal board, a point
/// under [`SURE`] only if a legal board reading it otherwise is within [`LEGAL_DOUBT`]); and the
/// board read the other way round when it is nearly as probable, the points where the two
/// differ in doubt on each.
fn read_points(
    probs: &[[f32; 15]],
    drawn: &[legal::Drawn],
    crops: &PointCrops,
    board: [u32; 4],
    boards: usize,
) -> Reading {
    let (choice, legal_board) = match legal::most_probable(probs, drawn) {
        Some(choice) => (choice, true),
        None => (legal::likeliest_standing(probs), false),
    };
    let read = |classes: &[usize], red_at_bottom: bool| Reading {
        crops: crops.clone(),
        ..reading_of(probs, classes, red_at_bottom, legal_board, board, boards)
    };
    let mut reading = read(&choice.classes, choice.red_at_bottom);
    if let Some(classes) = &choice.turned {
        let mut turned = read(classes, !choice.red_at_bottom);
        let differ: Vec<Square> = Square::all()
            .filter(|&sq| reading.setup.get(sq) != turned.setup.get(sq))
            .collect();
        for one in [&mut reading, &mut turned] {
            one.uncertain.extend(&differ);
            one.uncertain.sort();
            one.uncertain.dedup();
        }
        reading.turned = Some(Box::new(turned));
    }
    reading
}

/// The reading of the board of `classes` (rank by rank from the top of the picture), Red at
/// the bottom or not, with its points read with doubt; on a legal board (`legal_board`), a
/// point read under [`SURE`] is in doubt only where a legal board reading it otherwise is near
/// as probable ([`legal::otherwise_likely`]).
fn reading_of(
    probs: &[[f32; 15]],
    classes: &[usize],
    red_at_bottom: bool,
    legal_board: bool,
    board: [u32; 4],
    boards: usize,
) -> Reading {
    let best: Vec<usize> = probs
        .iter()
        .map(|p| {
            p.iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map_or(0, |(class, _)| class)
        })
        .collect();
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
        if class != best[index]
            || (prob < SURE
                && (!legal_board || legal::otherwise_likely(probs, classes, red_at_bottom, index)))
        {
            uncertain.push(sq);
        }
    }
    uncertain.extend(to_change(&setup, |sq, class| {
        probs[legal::index_of(sq, red_at_bottom)][class]
    }));
    points.sort_by_key(|p| p.0);
    uncertain.sort();
    uncertain.dedup();
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
        turned: None,
        crops: PointCrops::default(),
        taught: 0,
    }
}

/// Whether `setup` is a legal position with one side or the other to move.
fn legal_either_way(setup: &Setup) -> bool {
    [Color::Red, Color::Black].into_iter().any(|side| {
        let mut trial = setup.clone();
        trial.side = side;
        trial.into_position().is_ok()
    })
}

/// The points of a board that is not a legal position that would have to change for it to be
/// one (none on a legal board): a piece where it can never stand (2.2); every piece of a kind a
/// side has more of than it starts with, generals included (1.2); for a side without its general,
/// the point of its palace likeliest to hold it (`prob`: the probability of a class of
/// [`classify::CLASSES`] at a point); generals facing each other, with the point between them
/// likeliest to hold a piece; generals both in check, with each piece whose removal would leave
/// a legal position.
fn to_change(setup: &Setup, prob: impl Fn(Square, usize) -> f32) -> Vec<Square> {
    if legal_either_way(setup) {
        return Vec::new();
    }
    let pieces: Vec<(Square, Piece)> = Square::all()
        .filter_map(|sq| setup.get(sq).map(|p| (sq, p)))
        .collect();
    let mut out: Vec<Square> = pieces
        .iter()
        .filter(|&&(sq, p)| !reachable(p, sq))
        .map(|&(sq, _)| sq)
        .collect();
    let mut generals = Vec::new();
    for color in [Color::Red, Color::Black] {
        for kind in PieceKind::ALL {
            let on: Vec<Square> = pieces
                .iter()
                .filter(|(_, p)| p.color == color && p.kind == kind)
                .map(|&(sq, _)| sq)
                .collect();
            if on.len() > usize::from(kind.initial_count()) {
                out.extend(&on);
            }
            if kind == PieceKind::General {
                let class = class_of(Piece::new(color, kind));
                let likeliest = Square::all()
                    .filter(|sq| sq.in_palace(color))
                    .max_by(|&a, &b| prob(a, class).total_cmp(&prob(b, class)));
                match (&on[..], likeliest) {
                    ([], Some(sq)) => out.push(sq),
                    ([sq], _) => generals.push(*sq),
                    _ => {}
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    let facing = {
        let mut trial = setup.clone();
        trial.side = Color::Red;
        matches!(trial.into_position(), Err(SetupError::GeneralsFacing))
    };
    let occupied = |sq: Square| {
        (1..classify::CLASSES.len())
            .map(|c| prob(sq, c))
            .sum::<f32>()
    };
    if let ([red, black], true) = (&generals[..], facing) {
        let between = Square::all()
            .filter(|sq| {
                sq.file() == red.file()
                    && sq.rank() > red.rank().min(black.rank())
                    && sq.rank() < red.rank().max(black.rank())
            })
            .max_by(|&a, &b| occupied(a).total_cmp(&occupied(b)));
        out.extend(generals.iter().copied().chain(between));
        return out;
    }
    // both generals in check: the generals and the pieces giving check
    out.extend(&generals);
    out.extend(
        pieces
            .iter()
            .filter(|(_, p)| p.kind != PieceKind::General)
            .filter(|&&(sq, _)| {
                let mut trial = setup.clone();
                trial.set(sq, None);
                legal_either_way(&trial)
            })
            .map(|&(sq, _)| sq),
    );
    out
}

/// The class of [`classify::CLASSES`] that stands for `piece`.
fn class_of(piece: Piece) -> usize {
    classify::CLASSES
        .iter()
        .position(|c| *c == Some(piece))
        .unwrap_or(0)
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
        // Red's general at the top (picture row 0), Black's at the bottom middle.
        let mut classes = vec![0usize; 90];
        classes[3] = 1;
        classes[85] = 8;
        let reading = read_points(
            &one_hot(&classes),
            &[],
            &PointCrops::default(),
            [0, 0, 10, 10],
            1,
        );
        assert!(!reading.red_at_bottom);
        assert_eq!(reading.setup.to_fen(), "4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
        assert!(reading.uncertain.is_empty());
    }

    /// Both generals read as either side's alike: the board is read both ways round, each
    /// ringing the points where the two differ, and turned round twice it is itself again.
    #[test]
    fn a_board_as_likely_turned_round_is_read_both_ways() {
        let mut probs = vec![[0.0f32; 15]; 90];
        probs.iter_mut().for_each(|p| p[0] = 1.0);
        // picture index 3 (d9, or f0 turned round) and 85 (e0, or e9)
        for index in [3, 85] {
            probs[index] = [0.0; 15];
            probs[index][1] = 0.5;
            probs[index][8] = 0.5;
        }
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        let turned = reading
            .turned_round()
            .unwrap_or_else(|| panic!("the board turned round"));
        assert_ne!(reading.red_at_bottom, turned.red_at_bottom);
        let fens = [&reading, &turned].map(|r| r.setup.to_fen());
        let mut sorted = fens.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            [
                "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
                "4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1"
            ]
        );
        let names =
            |r: &Reading| -> Vec<String> { r.uncertain.iter().map(|s| s.to_string()).collect() };
        assert_eq!(names(&reading), ["e0", "f0", "d9", "e9"]);
        assert_eq!(names(&turned), names(&reading));
        assert_eq!(turned.turned_round(), Some(reading));
    }

    #[test]
    fn unsure_and_misplaced_points_are_marked() {
        let mut classes = vec![0usize; 90];
        classes[85] = 1; // Red's general, bottom
        classes[4] = 8; // Black's general, top
        classes[0] = 2; // a Red advisor on a9: never there (2.2)
        let mut probs = one_hot(&classes);
        probs[40] = [0.5; 15];
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert!(reading.red_at_bottom);
        let marked: Vec<String> = reading.uncertain.iter().map(|s| s.to_string()).collect();
        assert_eq!(marked, ["e5", "a9"]);
    }

    /// The classes of a board of Red's general on d0, Black's on e9 and a red chariot on a5.
    fn generals_and_a_chariot() -> Vec<usize> {
        let mut classes = vec![0usize; 90];
        classes[84] = 1;
        classes[4] = 8;
        classes[36] = 4;
        classes
    }

    /// Red's general read at 70% (a cannon 30%) where a cannon would leave Red without a
    /// general is not ringed; a chariot read at 70% (a horse 30%) whose other reading is as
    /// legal is.
    #[test]
    fn a_point_only_an_illegal_board_reads_otherwise_is_not_ringed() {
        let classes = generals_and_a_chariot();
        let mut probs: Vec<[f32; 15]> = classes
            .iter()
            .map(|&c| {
                let mut p = [1e-6f32; 15];
                p[c] = 1.0 - 14e-6;
                p
            })
            .collect();
        probs[84] = [1e-6; 15];
        probs[84][1] = 0.7;
        probs[84][6] = 0.3;
        probs[36] = [1e-6; 15];
        probs[36][4] = 0.7;
        probs[36][5] = 0.3;
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(reading.setup.to_fen(), "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1");
        let marked: Vec<String> = reading.uncertain.iter().map(|s| s.to_string()).collect();
        assert_eq!(marked, ["a5"]);
    }

    /// A point the pieces taught put in doubt is ringed, on the board turned round too, and
    /// read faintly: a board holding one is not ready, whatever its other points.
    #[test]
    fn a_point_the_pieces_taught_doubt_keeps_the_board_from_being_ready() {
        let mut reading = read_points(
            &one_hot(&generals_and_a_chariot()),
            &[],
            &PointCrops::default(),
            [0, 0, 10, 10],
            1,
        );
        assert_eq!(reading.not_ready(), None);
        reading.turned = Some(Box::new(reading.clone()));
        reading.put_in_doubt(&[36]);
        let a5 = Square::parse("a5").unwrap_or_else(|| panic!("a square"));
        assert_eq!(reading.uncertain, [a5]);
        assert_eq!(reading.not_ready(), Some(NotReady::Faint(a5)));
        assert!(reading
            .turned
            .is_some_and(|turned| turned.uncertain == [a5]));
    }

    /// A legal board read without doubt is ready; with more than a few doubtful points, or a
    /// general in doubt, it is not.
    #[test]
    fn a_board_with_many_doubts_is_not_ready() {
        let mut classes = vec![0usize; 90];
        classes[84] = 1; // Red's general on d0, not facing Black's
        classes[4] = 8; // Black's general, top
        let probs = one_hot(&classes);
        assert!(read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1).ready());
        let mut doubtful = probs.clone();
        for p in &mut doubtful[40..40 + FEW_DOUBTS + 1] {
            p[0] = 0.6;
            p[5] = 0.4;
        }
        let reading = read_points(&doubtful, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(reading.uncertain.len(), FEW_DOUBTS + 1);
        assert!(!reading.ready());
        // Red's general on d0 at 70%, or on f0 (picture index 86) at 30%
        let mut general = probs;
        general[84][1] = 0.7;
        general[84][0] = 0.3;
        general[86][1] = 0.3;
        general[86][0] = 0.7;
        let reading = read_points(&general, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(
            reading.doubt(),
            Some(NotReady::GeneralInDoubt(
                Square::parse("d0").unwrap_or_else(|| panic!("d0"))
            ))
        );
    }

    /// Probabilities that make `fen`'s board (Red at the bottom) the likeliest reading: each
    /// point its class at `sure`, the other classes sharing the rest.
    fn probs_of(fen: &str, sure: f32) -> Vec<[f32; 15]> {
        let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        (0..90)
            .map(|index| {
                let sq = legal::square_at(index, true).unwrap_or_else(|| panic!("{index}"));
                let class = setup.get(sq).map_or(0, class_of);
                let mut p = [(1.0 - sure) / 14.0; 15];
                p[class] = sure;
                p
            })
            .collect()
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    }

    /// A third red chariot read without doubt: no legal board is among the readings, so the
    /// board read is each point's best, not ready, saying which rule it breaks, and the three
    /// chariots are ringed, one of which must go.
    #[test]
    fn a_board_with_no_legal_reading_is_not_ready_and_rings_what_must_change() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4R4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        // every point certain: the only board is the illegal one
        let certain = probs_of(fen, 1.0);
        // the chariots certain (a0, i0 and e4 at picture indices 81, 89, 49), every other point
        // 98% sure: the boards to try are past counting, and the search gives up
        let mut unsure = probs_of(fen, 0.98);
        for index in [81, 89, 49] {
            unsure[index] = certain[index];
        }
        for probs in [certain, unsure] {
            let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
            assert_eq!(reading.setup.to_fen(), fen);
            assert_eq!(names(&reading.uncertain), ["a0", "i0", "e4"]);
            assert_eq!(
                reading.not_ready(),
                Some(NotReady::Illegal(SetupError::TooMany {
                    color: Color::Red,
                    kind: PieceKind::Chariot,
                    count: 3,
                    max: 2
                }))
            );
            assert!(!reading.ready());
        }
    }

    /// No red general among any point's likely readings: the palace point likeliest to hold
    /// it is ringed.
    #[test]
    fn a_missing_general_rings_its_likeliest_point() {
        let mut probs = probs_of("3k5/9/9/9/9/9/9/9/9/9 w - - 0 1", 1.0);
        // d0 (picture index 84) might just hold it, far less likely than any reading kept
        probs[84][1] = 1e-9;
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(names(&reading.uncertain), ["d0"]);
        assert_eq!(
            reading.not_ready(),
            Some(NotReady::Illegal(SetupError::NoGeneral(Color::Red)))
        );
    }

    /// Generals facing on an open file: both are ringed, and the point between them likeliest
    /// to hold a piece.
    #[test]
    fn facing_generals_ring_the_point_between() {
        let mut probs = probs_of("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 1.0);
        // e6 (picture index 31) might hide a piece
        probs[31][4] = 1e-9;
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        let mut ringed = names(&reading.uncertain);
        ringed.sort();
        assert_eq!(ringed, ["e0", "e6", "e9"]);
        assert_eq!(
            reading.not_ready(),
            Some(NotReady::Illegal(SetupError::GeneralsFacing))
        );
        assert!(NotReady::Illegal(SetupError::GeneralsFacing)
            .message(Language::SimplifiedChinese)
            .starts_with("各点可能的读法中没有合法局面"));
    }

    /// One point in doubt leaves the board ready; in grave doubt, not.
    #[test]
    fn a_point_in_grave_doubt_makes_the_board_not_ready() {
        let mut classes = vec![0usize; 90];
        classes[84] = 1; // Red's general on d0
        classes[4] = 8; // Black's general, top
        let mut probs = one_hot(&classes);
        // e5 (picture index 40): empty, 80% sure, then 60%
        probs[40][0] = 0.8;
        probs[40][4] = 0.2;
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(names(&reading.uncertain), ["e5"]);
        assert_eq!(reading.not_ready(), None);
        probs[40][0] = 0.6;
        probs[40][4] = 0.4;
        let reading = read_points(&probs, &[], &PointCrops::default(), [0, 0, 10, 10], 1);
        assert_eq!(names(&reading.uncertain), ["e5"]);
        let e5 = Square::parse("e5").unwrap_or_else(|| panic!("e5"));
        assert_eq!(reading.not_ready(), Some(NotReady::Faint(e5)));
    }

    #[test]
    fn side_in_check_moves() {
        let setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(side_to_move(&setup), (Color::Black, true));
    }
}
