//! The position setup editor (擺局): place and remove pieces, choose who moves, read or copy a
//! FEN, and start a new record from the position. What no diagram can show is refused with the
//! rule it breaks ([`SetupError::message`]); a position play cannot reach but a rule-book diagram
//! or a composed problem shows (a soldier behind its start, 2.2) is accepted with a named
//! warning ([`SetupWarning::message`]); both are shown as soon as the board is changed. A
//! position read from a picture comes with its notes ([`PictureNotes`]): the points to check
//! ringed until clicked, how the side to move was found, the board read the other way round
//! when which side is at the bottom is in doubt, and, while its doubts leave it not ready to
//! play, why, beside the Start button it keeps greyed.

use eframe::egui::{
    self, Color32, Rect, RichText, Role, Sense, Stroke, TextEdit, Ui, Vec2, WidgetInfo,
};

use crate::export::board_painter::{paint_grid, paint_piece};
use crate::lang::Language;
use crate::recognise::Reading;
use crate::record::Game;
use crate::rules::{Color, Piece, PieceKind, Position, Setup, SetupError, SetupWarning, Square};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::origin::Origin;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::words::piece_name;
use crate::ui::platform::screen_surface::point;
use crate::ui::widgets::board;

use super::setup_picture::{NotesAsk, PictureNotes, CAUTION};
use super::{Opening, Opens, Place, Shown, Window};

/// What a click on a point does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Brush {
    /// Put this piece there (a click on the same piece takes it away).
    Place(Piece),
    /// Clear the point.
    Erase,
}

/// What the user decided.
#[derive(Clone, PartialEq, Debug)]
pub enum SetupOutcome {
    /// Start a new record from this position.
    Start(Position),
    /// Leave the editor without changing anything.
    Cancel,
}

/// The editor's state while it is open.
#[derive(Clone, Debug)]
pub struct SetupEditor {
    setup: Setup,
    brush: Brush,
    /// The FEN field's text.
    fen: String,
    /// The notes of a position read from a picture, until the board is cleared or replaced.
    picture: Option<PictureNotes>,
}

impl SetupEditor {
    /// Open the editor on an arrangement (usually the position on the board).
    pub fn new(setup: Setup) -> SetupEditor {
        let fen = setup.to_fen();
        SetupEditor {
            setup,
            brush: Brush::Place(Piece::new(Color::Red, PieceKind::Chariot)),
            fen,
            picture: None,
        }
    }

    /// Open the editor on the position read from a picture (named `name`; `None`: pasted),
    /// its doubtful points marked.
    pub fn from_reading(reading: &Reading, name: Option<String>) -> SetupEditor {
        SetupEditor {
            picture: Some(PictureNotes::new(reading, name)),
            ..SetupEditor::new(reading.setup.clone())
        }
    }

    /// Why the arrangement is not a position, if it is not: what no diagram can show.
    pub fn problem(&self) -> Option<SetupError> {
        self.setup.clone().into_position_with_warnings().err()
    }

    /// What the arrangement shows that play cannot reach (2.2, 1.2): accepted as a diagram.
    pub fn warnings(&self) -> Vec<SetupWarning> {
        self.setup.warnings()
    }

    fn changed(&mut self) {
        self.fen = self.setup.to_fen();
    }

    /// Apply the brush to a point.
    fn paint(&mut self, sq: Square, brush: Brush) {
        let piece = match brush {
            Brush::Place(piece) if self.setup.get(sq) != Some(piece) => Some(piece),
            Brush::Place(_) | Brush::Erase => None,
        };
        self.setup.set(sq, piece);
        if let Some(picture) = &mut self.picture {
            picture.checked(sq);
        }
        self.changed();
    }

    /// The picture's board read the other way round in place of the board read (the points
    /// corrected so far are the other board's no longer), its own doubts ringed.
    fn turn_round(&mut self) {
        let Some((reading, name)) = self.picture.as_ref().and_then(PictureNotes::turned_round)
        else {
            return;
        };
        *self = SetupEditor {
            brush: self.brush,
            ..SetupEditor::from_reading(&reading, name)
        };
    }

    /// A new arrangement not read from the picture: its notes no longer apply.
    fn replace(&mut self, setup: Setup) {
        self.setup = setup;
        self.picture = None;
        self.changed();
    }

    /// Read the FEN field into the board, or tell the user why it does not read.
    fn read_fen(&mut self, lang: Language, commands: &mut Vec<Command>) {
        match Setup::from_fen(self.fen.trim()) {
            Ok(setup) => self.replace(setup),
            Err(e) => {
                let why = format!(
                    "{}: {}",
                    lang.pick("Not a FEN position", "不是 FEN 局面", "不是 FEN 局面"),
                    e.message(lang)
                );
                let told = Notification::warning(Source::Window(WindowId::Setup), why);
                commands.push(AppCommand::Notify(told).into());
            }
        }
    }

    /// Draw the editor in all the space `ui` has, pushing what it tells the user onto
    /// `commands`; returns the user's decision when there is one.
    pub fn draw(
        &mut self,
        ui: &mut Ui,
        lang: Language,
        flipped: bool,
        commands: &mut Vec<Command>,
    ) -> Option<SetupOutcome> {
        // on a short window the rows above would leave the board a sliver: the editor scrolls
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.heading(WindowId::Setup.title(lang));
                let ask = self
                    .picture
                    .as_ref()
                    .and_then(|picture| picture.show(ui, lang, self.setup.side));
                match ask {
                    Some(NotesAsk::TurnRound) => self.turn_round(),
                    Some(NotesAsk::ForgetTaught) => {
                        commands.push(AppCommand::ForgetTaughtPieces.into());
                    }
                    None => {}
                }
                self.palette(ui, lang);
                self.side_row(ui, lang);
                self.fen_row(ui, lang, commands);
                let problem = self.problem();
                let not_ready = self
                    .picture
                    .as_ref()
                    .and_then(|p| p.reason(&self.setup, lang));
                let outcome =
                    self.buttons(ui, lang, problem.is_none(), not_ready.as_deref(), commands);
                self.verdict(ui, lang, problem.as_ref());
                self.board(ui, lang, flipped);
                outcome
            })
            .inner
    }

    /// Who moves, and the board cleared or set to the start.
    fn side_row(&mut self, ui: &mut Ui, lang: Language) {
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.pick("To move:", "走棋方：", "走棋方："));
            for color in [Color::Red, Color::Black] {
                if ui
                    .radio(self.setup.side == color, color.name(lang))
                    .clicked()
                {
                    self.setup.side = color;
                    if let Some(picture) = &mut self.picture {
                        picture.side_chosen();
                    }
                    self.changed();
                }
            }
            ui.separator();
            if ui
                .button(lang.pick("Clear board", "清空棋盘", "清空棋盤"))
                .clicked()
            {
                let mut empty = Setup::empty();
                empty.side = self.setup.side;
                self.replace(empty);
            }
            if ui
                .button(lang.pick("Start position", "初始局面", "初始局面"))
                .clicked()
            {
                self.replace(Setup::startpos());
            }
        });
    }

    /// The FEN field: Enter reads it.
    fn fen_row(&mut self, ui: &mut Ui, lang: Language, commands: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            let label = ui.label("FEN");
            let field = ui
                .add(TextEdit::singleline(&mut self.fen).desired_width(ui.available_width()))
                .labelled_by(label.id);
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                self.read_fen(lang, commands);
            }
        });
    }

    /// Read FEN, Copy FEN, Start (while the arrangement is a position and, read from a picture,
    /// ready to play: else `not_ready` says why beside it) and Cancel; the user's decision when
    /// one was clicked.
    fn buttons(
        &mut self,
        ui: &mut Ui,
        lang: Language,
        startable: bool,
        not_ready: Option<&str>,
        commands: &mut Vec<Command>,
    ) -> Option<SetupOutcome> {
        let mut outcome = None;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(lang.pick("Read FEN", "读入 FEN", "讀入 FEN"))
                .clicked()
            {
                self.read_fen(lang, commands);
            }
            if ui
                .button(lang.pick("Copy FEN", "复制 FEN", "複製 FEN"))
                .clicked()
            {
                ui.ctx().copy_text(self.setup.to_fen());
            }
            ui.separator();
            let start = ui.add_enabled(
                startable && not_ready.is_none(),
                egui::Button::new(lang.pick(
                    "Start from this position",
                    "从此局面开始",
                    "從此局面開始",
                )),
            );
            if start.clicked() {
                if let Ok((position, _)) = self.setup.clone().into_position_with_warnings() {
                    outcome = Some(SetupOutcome::Start(position));
                }
            }
            if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                outcome = Some(SetupOutcome::Cancel);
            }
        });
        if let Some(why) = not_ready {
            ui.label(RichText::new(why).color(CAUTION));
        }
        outcome
    }

    /// Why the arrangement is no position, or what it shows that play cannot reach, and how
    /// to place pieces.
    fn verdict(&self, ui: &mut Ui, lang: Language, problem: Option<&SetupError>) {
        let alert = Color32::from_rgb(190, 30, 30);
        match problem {
            Some(problem) => {
                ui.label(
                    RichText::new(format!(
                        "{}{}",
                        lang.pick("Impossible position: ", "不可能的局面：", "不可能的局面："),
                        problem.message(lang)
                    ))
                    .color(alert),
                );
            }
            None => {
                let caution = Color32::from_rgb(160, 100, 0);
                for warning in self.warnings() {
                    ui.label(RichText::new(warning.message(lang)).color(caution));
                }
                ui.label(lang.pick(
                    "Click a point to place the chosen piece (again to remove it); right click clears a point.",
                    "点击交叉点放置所选棋子（再点一次移除）；右键清除该点。",
                    "點擊交叉點放置所選棋子（再點一次移除）；右鍵清除該點。",
                ));
            }
        }
    }

    /// The fourteen pieces and the eraser; the chosen one is ringed.
    fn palette(&mut self, ui: &mut Ui, lang: Language) {
        for color in [Color::Red, Color::Black] {
            ui.horizontal_wrapped(|ui| {
                for kind in PieceKind::ALL {
                    let piece = Piece::new(color, kind);
                    let chosen = self.brush == Brush::Place(piece);
                    let (rect, response) =
                        ui.allocate_exact_size(Vec2::splat(40.0), Sense::click());
                    let name = piece_name(piece, lang);
                    response.widget_info(|| {
                        WidgetInfo::selected(Role::Button, true, chosen, name.clone())
                    });
                    if chosen {
                        ui.painter().rect_filled(
                            rect,
                            6.0,
                            Color32::from_rgba_unmultiplied(20, 140, 60, 70),
                        );
                    }
                    paint_piece(&mut ui.painter().clone(), point(rect.center()), 40.0, piece);
                    if response.on_hover_text(name).clicked() {
                        self.brush = Brush::Place(piece);
                    }
                }
                if color == Color::Black {
                    let erase = self.brush == Brush::Erase;
                    if ui
                        .add(egui::Button::selectable(
                            erase,
                            RichText::new(lang.pick("Eraser", "橡皮", "橡皮擦")).size(16.0),
                        ))
                        .clicked()
                    {
                        self.brush = Brush::Erase;
                    }
                }
            });
        }
    }

    /// The board with the arrangement; clicks place or clear pieces.
    fn board(&mut self, ui: &mut Ui, lang: Language, flipped: bool) {
        // Never wider than the panel, whatever the rows above asked for; the height left in
        // view, but at least MIN_BOARD (the editor scrolls to it).
        let clip = ui.clip_rect();
        let left = ui.available_rect_before_wrap();
        let width = (left.max.x.min(clip.max.x) - left.min.x).max(0.0);
        let height = (clip.max.y - left.min.y).max(MIN_BOARD.min(width * 10.0 / 9.0));
        let available = Rect::from_min_size(left.min, Vec2::new(width, height));
        let geometry = board::fit(available, flipped);
        ui.allocate_rect(available, Sense::hover());
        let mut painter = ui.painter_at(available);
        let id = ui.scope_id().with("setup-board");
        paint_grid(&mut painter, &geometry, true);
        for sq in Square::all() {
            let response = ui.interact(
                board::point_rect(&geometry, sq),
                id.with(sq.index()),
                Sense::click(),
            );
            let reading = self.picture.as_ref().and_then(|p| p.reading_at(sq, lang));
            let label = match &reading {
                Some(_) => format!(
                    "{sq} {}",
                    lang.pick("(to check)", "（需核对）", "（需核對）")
                ),
                None => sq.to_string(),
            };
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            let response = match reading {
                Some(reading) => response.on_hover_text(reading),
                None => response,
            };
            if response.clicked() {
                self.paint(sq, self.brush);
            }
            if response.secondary_clicked() {
                self.paint(sq, Brush::Erase);
            }
            if response.hovered() {
                painter.rect_stroke(
                    Rect::from_center_size(
                        board::screen_from_square(&geometry, sq),
                        Vec2::splat(geometry.step * 0.9),
                    ),
                    4.0,
                    Stroke::new(1.5, Color32::from_rgb(20, 140, 60)),
                    egui::StrokeKind::Middle,
                );
            }
            if let Some(piece) = self.setup.get(sq) {
                paint_piece(&mut painter, geometry.point(sq), geometry.step, piece);
            }
        }
        if let Some(picture) = &self.picture {
            picture.paint_marks(&painter, &geometry);
        }
    }
}

/// The least height the editor's board is given, in points, where the panel is wide enough: on
/// a short window the editor scrolls to it.
const MIN_BOARD: f32 = 240.0;

/// Show the editor in place of the board when it is open; true when it took the space. Its
/// decision becomes commands: a new record from the position goes the way of a pasted FEN
impl Opens for SetupEditor {
    /// The editor on the position shown.
    fn open(opening: &Opening<'_>) -> SetupEditor {
        SetupEditor::new(opening.session.position().to_setup())
    }
}

impl Window for SetupEditor {
    /// Draw the editor in the board's place; false once the user started a game from the
    /// position (shown as unsaved work of no file) or cancelled.
    fn show(&mut self, ui: &mut Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool {
        let session = shown.session;
        match self.draw(ui, session.lang(), session.flipped(), commands) {
            Some(SetupOutcome::Start(position)) => {
                if let Some(picture) = &self.picture {
                    let lesson = picture.lesson(position.to_setup());
                    commands.push(AppCommand::TeachPieces(Box::new(lesson)).into());
                }
                let game = GameToShow::new(Game::new(position), Origin::Unsaved);
                commands.push(SessionCommand::ShowGame(game).into());
                false
            }
            Some(SetupOutcome::Cancel) => false,
            None => true,
        }
    }

    fn place(&self) -> Place {
        Place::Board
    }

    /// The editor's fields and the board's points take the keys, not the main window's
    /// shortcuts.
    fn takes_keys(&self) -> bool {
        true
    }
}
