//! What the setup editor says about a position read from a picture ([`crate::recognise`]):
//! the points to check, ringed on the board until the user clicks them; why the board is not
//! yet ready to play, while it is not ([`NotReady`], asked of the board as corrected); how the
//! side to move was found, or that the picture does not say; that the picture showed more
//! than one board; and, when which side is at the bottom of the picture is in doubt, the board
//! read the other way round, one click away.

use eframe::egui::{self, Color32, Painter, RichText, Stroke, Ui};

use crate::export::board_painter::Geometry;
use crate::lang::Language;
use crate::recognise::{Lesson, NotReady, Reading, FEW_DOUBTS};
use crate::rules::{Color, Piece, Setup, Square};

use crate::ui::base::words::piece_name;
use crate::ui::widgets::board;

/// The colour of the marks on the points to check.
const MARK: Color32 = Color32::from_rgb(225, 110, 0);

/// The colour of what asks for the user's care: points left to check, a side not known, why
/// the board is not ready to play.
pub(super) const CAUTION: Color32 = Color32::from_rgb(160, 100, 0);

/// How the side to move of a position read from a picture was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFound {
    /// From the position: the side in check moves (the side not to move cannot be in check).
    InCheck,
    /// The picture does not say: Red is assumed until the user chooses.
    Unknown,
    /// The user chose it.
    Chosen,
}

/// The notes of a position read from a picture, kept while the editor is open.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureNotes {
    /// The picture's file name (`None`: pasted).
    name: Option<String>,
    /// The points still to check, with what was read there and how sure the reading was.
    to_check: Vec<(Square, Option<Piece>, f32)>,
    /// How many points were marked at first.
    marked: usize,
    /// How the side to move was found.
    side: SideFound,
    /// How many boards the picture showed (the largest was read).
    boards: usize,
    /// The reading as it came, whose doubts are asked again as points are checked.
    reading: Reading,
}

impl PictureNotes {
    /// The notes of `reading`, from the picture named `name`.
    pub fn new(reading: &Reading, name: Option<String>) -> PictureNotes {
        let to_check: Vec<(Square, Option<Piece>, f32)> = reading
            .points
            .iter()
            .filter(|(sq, _, _)| reading.uncertain.contains(sq))
            .copied()
            .collect();
        PictureNotes {
            name,
            marked: to_check.len(),
            to_check,
            side: if reading.side_known {
                SideFound::InCheck
            } else {
                SideFound::Unknown
            },
            boards: reading.boards,
            reading: reading.clone(),
        }
    }

    /// The picture's pieces as the user set them in `setup`: what the next pictures in the
    /// same set of pieces are read by ([`crate::recognise::TaughtPieces`]).
    pub fn lesson(&self, setup: Setup) -> Lesson {
        Lesson {
            reading: self.reading.clone(),
            setup,
        }
    }

    /// Why the board `setup` (the reading as the user corrected it) is not ready to play for
    /// its doubts, the points checked no longer in doubt; `None` once it is. Whether it is a
    /// position at all is the editor's own verdict.
    pub fn not_ready(&self, setup: &Setup) -> Option<NotReady> {
        Reading {
            setup: setup.clone(),
            uncertain: self.to_check.iter().map(|&(sq, _, _)| sq).collect(),
            ..self.reading.clone()
        }
        .doubt()
    }

    /// Why the board `setup` is not ready to play, in plain words, the point named by its
    /// square as the board's points are (ICCS) and what to do.
    pub fn reason(&self, setup: &Setup, lang: Language) -> Option<String> {
        let why = self.not_ready(setup)?;
        let what = |sq: Square| match setup.get(sq) {
            Some(piece) => {
                let name = piece_name(piece, lang);
                match lang {
                    Language::English => format!("the {} at {sq}", name.to_lowercase()),
                    _ => format!("{sq} 的{name}"),
                }
            }
            None => match lang {
                Language::English => format!("the empty point {sq}"),
                Language::SimplifiedChinese => format!("空点 {sq}"),
                Language::TraditionalChinese => format!("空點 {sq}"),
            },
        };
        let text = match (why, lang) {
            (NotReady::GeneralInDoubt(sq), Language::English) => format!(
                "Not ready to play: {} is read with doubt. Check it and click to correct it.",
                what(sq)
            ),
            (NotReady::GeneralInDoubt(sq), Language::SimplifiedChinese) => {
                format!("尚不能直接走棋：{}读得不确定。请核对后点击更正。", what(sq))
            }
            (NotReady::GeneralInDoubt(sq), Language::TraditionalChinese) => {
                format!("尚不能直接走棋：{}讀得不確定。請核對後點擊更正。", what(sq))
            }
            (NotReady::ManyDoubts(n), Language::English) => format!(
                "Not ready to play: {n} points are read with doubt (at most {FEW_DOUBTS} on a \
                 board ready to play). Check the ringed points and click to correct them."
            ),
            (NotReady::ManyDoubts(n), Language::SimplifiedChinese) => format!(
                "尚不能直接走棋：有 {n} 个点读得不确定（可直接走棋的棋盘最多 {FEW_DOUBTS} 个）。\
                 请核对圈出的点并点击更正。"
            ),
            (NotReady::ManyDoubts(n), Language::TraditionalChinese) => format!(
                "尚不能直接走棋：有 {n} 個點讀得不確定（可直接走棋的棋盤最多 {FEW_DOUBTS} 個）。\
                 請核對圈出的點並點擊更正。"
            ),
            (NotReady::Faint(sq), Language::English) => format!(
                "Not ready to play: {} is read with grave doubt. Check it and click to correct it.",
                what(sq)
            ),
            (NotReady::Faint(sq), Language::SimplifiedChinese) => {
                format!(
                    "尚不能直接走棋：{}读得很不确定。请核对后点击更正。",
                    what(sq)
                )
            }
            (NotReady::Faint(sq), Language::TraditionalChinese) => {
                format!(
                    "尚不能直接走棋：{}讀得很不確定。請核對後點擊更正。",
                    what(sq)
                )
            }
            (illegal @ NotReady::Illegal(_), _) => format!(
                "{}{}",
                lang.pick(
                    "Not ready to play: ",
                    "尚不能直接走棋：",
                    "尚不能直接走棋："
                ),
                illegal.message(lang)
            ),
        };
        Some(text)
    }

    /// The point was corrected (or confirmed) by a click: its mark goes.
    pub fn checked(&mut self, sq: Square) {
        self.to_check.retain(|&(marked, _, _)| marked != sq);
    }

    /// The user chose the side to move.
    pub fn side_chosen(&mut self) {
        self.side = SideFound::Chosen;
    }

    /// The reading the other way round, when which side is at the bottom of the picture is in
    /// doubt ([`Reading::turned_round`]), with the picture's name: what the editor turns to.
    pub fn turned_round(&self) -> Option<(Reading, Option<String>)> {
        Some((self.reading.turned_round()?, self.name.clone()))
    }

    /// The lines above the board: where the position came from, the points to check, the side
    /// to move, a second board, and the board read the other way round when it is nearly as
    /// likely; what the user asks of them, if anything.
    pub fn show(&self, ui: &mut Ui, lang: Language, side: Color) -> Option<NotesAsk> {
        let color = if self.to_check.is_empty() {
            ui.visuals().text_color()
        } else {
            CAUTION
        };
        let line = format!("{}: {}", self.source(lang), self.check(lang));
        ui.label(RichText::new(line).color(color));
        self.side_line(ui, lang, side);
        let mut ask = None;
        if let Some(line) = taught_line(self.reading.taught, lang) {
            ui.horizontal_wrapped(|ui| {
                ui.label(line);
                let forget = lang.pick(
                    "Forget the pieces taught",
                    "忘掉教会的棋子",
                    "忘掉教會的棋子",
                );
                if ui.button(forget).clicked() {
                    ask = Some(NotesAsk::ForgetTaught);
                }
            });
        }
        if self.boards > 1 {
            ui.label(
                RichText::new(match lang {
                    Language::English => format!(
                        "The picture shows {} boards: the largest was read.",
                        self.boards
                    ),
                    Language::SimplifiedChinese => {
                        format!("图片中有 {} 个棋盘：读取了最大的一个。", self.boards)
                    }
                    Language::TraditionalChinese => {
                        format!("圖片中有 {} 個棋盤：讀取了最大的一個。", self.boards)
                    }
                })
                .color(CAUTION),
            );
        }
        if self.turn_line(ui, lang) {
            ask = Some(NotesAsk::TurnRound);
        }
        ask
    }

    /// That the board read the other way round is nearly as likely, and a button to read it
    /// so, when it is; true when the button is clicked.
    fn turn_line(&self, ui: &mut Ui, lang: Language) -> bool {
        if self.reading.turned.is_none() {
            return false;
        }
        let bottom = if self.reading.red_at_bottom {
            Color::Red
        } else {
            Color::Black
        };
        let (bottom, top) = (bottom.name(lang), bottom.opponent().name(lang));
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(match lang {
                    Language::English => format!(
                        "{bottom} is read at the bottom of the picture, but {top} at the bottom \
                         is nearly as likely."
                    ),
                    Language::SimplifiedChinese => {
                        format!("已读为{bottom}在图片下方，但{top}在下方几乎同样可能。")
                    }
                    Language::TraditionalChinese => {
                        format!("已讀為{bottom}在圖片下方，但{top}在下方幾乎同樣可能。")
                    }
                })
                .color(CAUTION),
            );
            ui.button(match lang {
                Language::English => format!("Read with {top} at the bottom"),
                Language::SimplifiedChinese => format!("改读为{top}在下方"),
                Language::TraditionalChinese => format!("改讀為{top}在下方"),
            })
            .clicked()
        })
        .inner
    }

    /// Where the position came from: the picture's name, or a pasted picture.
    fn source(&self, lang: Language) -> String {
        match &self.name {
            Some(name) => format!(
                "{} {name}",
                lang.pick("Read from the picture", "读自图片", "讀自圖片")
            ),
            None => lang
                .pick(
                    "Read from the pasted picture",
                    "读自粘贴的图片",
                    "讀自貼上的圖片",
                )
                .to_owned(),
        }
    }

    /// The points left to check and what to do with them, or that none is left.
    fn check(&self, lang: Language) -> String {
        match (self.to_check.len(), lang) {
            (0, _) if self.marked > 0 => lang
                .pick(
                    "every point marked has been checked",
                    "标记的点都已核对",
                    "標記的點都已核對",
                )
                .to_owned(),
            (0, _) => lang
                .pick(
                    "every point was read with confidence",
                    "每个点都已可靠识别",
                    "每個點都已可靠辨識",
                )
                .to_owned(),
            (1, Language::English) => {
                "1 point to check (ringed): choose the right piece above and click it".to_owned()
            }
            (n, Language::English) => {
                format!("{n} points to check (ringed): choose the right piece above and click each")
            }
            (n, Language::SimplifiedChinese) => {
                format!("有 {n} 个点需核对（已圈出）：在上方选好正确的棋子后点击该点")
            }
            (n, Language::TraditionalChinese) => {
                format!("有 {n} 個點需核對（已圈出）：在上方選好正確的棋子後點擊該點")
            }
        }
    }

    /// How the side to move (`side`) was found, or that the user must choose it.
    fn side_line(&self, ui: &mut Ui, lang: Language, side: Color) {
        match self.side {
            SideFound::InCheck => {
                ui.label(format!(
                    "{} {}",
                    match lang {
                        Language::English => format!(
                            "{} to move, guessed from the position: that side is in check.",
                            side.name(lang)
                        ),
                        Language::SimplifiedChinese =>
                            format!("由局面推定{}走棋：该方被将军。", side.name(lang)),
                        Language::TraditionalChinese =>
                            format!("由局面推定{}走棋：該方被將軍。", side.name(lang)),
                    },
                    lang.pick(
                        "Change it if need be.",
                        "如有需要可更改。",
                        "如有需要可更改。"
                    )
                ));
            }
            SideFound::Unknown => {
                ui.label(
                    RichText::new(lang.pick(
                        "The picture does not say who moves: choose the side to move.",
                        "图片未表明哪方走棋：请选择走棋方。",
                        "圖片未表明哪方走棋：請選擇走棋方。",
                    ))
                    .color(CAUTION),
                );
            }
            SideFound::Chosen => {}
        }
    }

    /// Ring the points to check on the board drawn with `geometry`.
    pub fn paint_marks(&self, painter: &Painter, geometry: &Geometry) {
        for &(sq, _, _) in &self.to_check {
            let center = board::screen_from_square(geometry, sq);
            let radius = geometry.step * 0.5;
            painter.circle_stroke(center, radius, Stroke::new(3.0, MARK));
            let badge = center + egui::vec2(radius * 0.75, -radius * 0.75);
            painter.circle_filled(badge, radius * 0.3, MARK);
            painter.text(
                badge,
                egui::Align2::CENTER_CENTER,
                "?",
                egui::FontId::proportional(radius * 0.45),
                Color32::WHITE,
            );
        }
    }

    /// What was read at `sq` and how sure, if it is marked: the hover text of the point.
    pub fn reading_at(&self, sq: Square, lang: Language) -> Option<String> {
        let &(_, piece, prob) = self.to_check.iter().find(|(at, _, _)| *at == sq)?;
        let read = match piece {
            Some(piece) => piece_name(piece, lang),
            None => lang.pick("empty", "空", "空").to_owned(),
        };
        let percent = (prob * 100.0).round();
        Some(match lang {
            Language::English => format!(
                "{sq}: read as {read} ({percent}% sure). Click to put the chosen piece; \
                 right click to clear."
            ),
            Language::SimplifiedChinese => {
                format!("{sq}：识别为{read}（把握 {percent}%）。点击放置所选棋子；右键清除。")
            }
            Language::TraditionalChinese => {
                format!("{sq}：辨識為{read}（把握 {percent}%）。點擊放置所選棋子；右鍵清除。")
            }
        })
    }
}

/// What the user asks of the picture's notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotesAsk {
    /// The board read the other way round ([`PictureNotes::turned_round`]).
    TurnRound,
    /// Forget every piece taught from pictures.
    ForgetTaught,
}

/// How many pieces were read by the drawings the user taught, when any were: why a picture
/// of a set taught reads better than the first one did.
fn taught_line(pieces: usize, lang: Language) -> Option<String> {
    Some(match (pieces, lang) {
        (0, _) => return None,
        (1, Language::English) => {
            "1 piece was read as you set a piece drawn like it before.".to_owned()
        }
        (n, Language::English) => {
            format!("{n} pieces were read as you set pieces drawn like them before.")
        }
        (n, Language::SimplifiedChinese) => format!("有 {n} 个棋子按你以前摆定的同样画法读出。"),
        (n, Language::TraditionalChinese) => format!("有 {n} 個棋子按你以前擺定的同樣畫法讀出。"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Setup;

    fn reading(fen: &str, uncertain: &[&str], side_known: bool) -> Reading {
        let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        let square = |s: &str| Square::parse(s).unwrap_or_else(|| panic!("{s}"));
        Reading {
            points: Square::all().map(|sq| (sq, setup.get(sq), 0.99)).collect(),
            setup,
            side_known,
            red_at_bottom: true,
            uncertain: uncertain.iter().map(|s| square(s)).collect(),
            board: [0, 0, 100, 110],
            boards: 1,
            turned: None,
            crops: crate::recognise::PointCrops::default(),
            taught: 0,
        }
    }

    #[test]
    fn the_pieces_read_by_their_taught_drawings_are_counted_in_each_language() {
        assert_eq!(taught_line(0, Language::English), None);
        assert_eq!(
            taught_line(1, Language::English).as_deref(),
            Some("1 piece was read as you set a piece drawn like it before.")
        );
        for lang in [
            Language::English,
            Language::SimplifiedChinese,
            Language::TraditionalChinese,
        ] {
            assert!(taught_line(12, lang).is_some_and(|line| line.contains("12")));
        }
    }

    #[test]
    fn a_checked_point_loses_its_mark_and_the_side_found_is_told() {
        let read = reading("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", &["e1", "a0"], true);
        let mut notes = PictureNotes::new(&read, None);
        assert_eq!(notes.side, SideFound::InCheck);
        let e1 = Square::parse("e1").unwrap_or_else(|| panic!("e1"));
        assert_eq!(notes.to_check.len(), 2);
        assert!(notes
            .reading_at(e1, Language::English)
            .is_some_and(|t| t.contains("read as Red chariot (99% sure)")));
        notes.checked(e1);
        assert_eq!(notes.to_check.len(), 1);
        assert!(notes.reading_at(e1, Language::English).is_none());
        notes.side_chosen();
        assert_eq!(notes.side, SideFound::Chosen);
    }
}
