//! The board widget: allocate, interact, paint. It reads the session's view of the game and
//! returns a [`Command`]; it never changes the game itself.
//!
//! Drawn like the competition board (art. 1.1): nine files and ten ranks, the river with
//! 楚河 漢界, the palaces' diagonals, the marks of the cannons' and soldiers' points, and the file
//! numbers (一…九 on Red's side, 1…9 on Black's, each counted from that side's right).

use eframe::egui::{
    self, Align2, Color32, FontId, Id, LayerId, Order, PointerButton, Pos2, Rect, Response, Role,
    Sense, Shape, Stroke, Ui, Vec2, WidgetInfo,
};

pub use crate::export::diagram::piece_char;
use crate::export::diagram::POSITION_MARKS;
use crate::record::{Arrow, Drawing, Highlight};
use crate::rules::{Color, Move, Piece, Position, Square};

use super::board_drawing;
use super::command::Command;
use super::fonts::board_family;

/// Colours of the board and pieces.
mod palette {
    use eframe::egui::Color32;
    pub const GROUND: Color32 = Color32::from_rgb(240, 214, 160);
    pub const LINE: Color32 = Color32::from_rgb(96, 52, 20);
    pub const PIECE_FACE: Color32 = Color32::from_rgb(252, 238, 206);
    pub const PIECE_RIM: Color32 = Color32::from_rgb(150, 96, 44);
    pub const PIECE_SHADOW: Color32 = Color32::from_rgba_premultiplied(40, 20, 0, 70);
    pub const RED: Color32 = Color32::from_rgb(196, 24, 24);
    pub const BLACK: Color32 = Color32::from_rgb(24, 24, 24);
    pub const LAST_MOVE: Color32 = Color32::from_rgb(30, 96, 210);
    pub const SELECTED: Color32 = Color32::from_rgb(20, 140, 60);
    pub const DESTINATION: Color32 = Color32::from_rgb(20, 150, 60);
    pub const CAPTURE: Color32 = Color32::from_rgb(235, 120, 0);
    pub const CHECK: Color32 = Color32::from_rgb(220, 30, 30);
    pub const CHECK_GLOW: Color32 = Color32::from_rgba_premultiplied(150, 10, 10, 150);
}

/// Margin around the grid, in units of the distance between two points.
const MARGIN: f32 = 1.05;
/// Distance of the outer frame from the outermost lines.
const FRAME: f32 = 0.5;
/// Width / height of the whole board, in points-distance units.
const UNITS: Vec2 = Vec2::new(8.0 + 2.0 * MARGIN, 9.0 + 2.0 * MARGIN);

/// Where the board sits on the screen: point ↔ screen transforms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Screen position of the top-left point of the grid.
    pub grid_origin: Pos2,
    /// Distance between neighbouring points, in screen points.
    pub step: f32,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Geometry {
    /// The largest board that fits `available`, centred in it.
    pub fn fit(available: Rect, flipped: bool) -> Geometry {
        let step = (available.width() / UNITS.x).min(available.height() / UNITS.y);
        let size = UNITS * step;
        let board = Rect::from_center_size(available.center(), size);
        Geometry {
            grid_origin: board.min + Vec2::splat(MARGIN * step),
            step,
            flipped,
        }
    }

    /// The whole board, margins included.
    pub fn board_rect(&self) -> Rect {
        Rect::from_min_size(
            self.grid_origin - Vec2::splat(MARGIN * self.step),
            UNITS * self.step,
        )
    }

    /// Screen column (0 = left) and row (0 = top) of a point.
    fn column_row(&self, sq: Square) -> (f32, f32) {
        let (f, r) = (f32::from(sq.file()), f32::from(sq.rank()));
        if self.flipped {
            (8.0 - f, r)
        } else {
            (f, 9.0 - r)
        }
    }

    /// Screen position of a board point.
    pub fn screen_from_square(&self, sq: Square) -> Pos2 {
        let (c, r) = self.column_row(sq);
        self.grid_origin + Vec2::new(c, r) * self.step
    }

    /// Screen position of grid coordinates (column from the left, row from the top).
    fn screen_from_grid(&self, column: f32, row: f32) -> Pos2 {
        self.grid_origin + Vec2::new(column, row) * self.step
    }

    /// The point nearest to `pos`, if `pos` is within half a step of it.
    pub fn square_from_screen(&self, pos: Pos2) -> Option<Square> {
        let rel = (pos - self.grid_origin) / self.step;
        let (c, r) = (rel.x.round(), rel.y.round());
        if !(0.0..=8.0).contains(&c) || !(0.0..=9.0).contains(&r) {
            return None;
        }
        // Rounded and range-checked above: 0..=8 and 0..=9 fit u8.
        let (c, r) = (c as u8, r as u8);
        if self.flipped {
            Square::from_coords(8 - c, r)
        } else {
            Square::from_coords(c, 9 - r)
        }
    }

    /// The screen square one step wide around a point: its click target.
    pub fn point_rect(&self, sq: Square) -> Rect {
        Rect::from_center_size(self.screen_from_square(sq), Vec2::splat(self.step))
    }
}

/// What the board shows this frame.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The position on the board.
    pub position: &'a Position,
    /// Black at the bottom.
    pub flipped: bool,
    /// The picked-up piece's point.
    pub selected: Option<Square>,
    /// Where it may go.
    pub destinations: &'a [Square],
    /// The move that led here.
    pub last_move: Option<Move>,
    /// Arrows and highlighted points kept with the move.
    pub drawing: &'a Drawing,
}

const RED_FILE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Show the board in all the space `ui` has; returns what the user asked for.
pub fn show(ui: &mut Ui, view: &BoardView<'_>) -> Option<Command> {
    let available = ui.available_rect_before_wrap();
    let geometry = Geometry::fit(available, view.flipped);
    ui.allocate_rect(available, Sense::hover());
    let painter = ui.painter_at(available);
    let id = ui.scope_id().with("board");

    paint_grid(&painter, &geometry);

    let mut command = None;
    let mut dragged: Option<(Square, Piece)> = None;
    let mut drawing_from: Option<Square> = None;
    let pointer_square = || {
        ui.input(|i| i.pointer.interact_pos())
            .and_then(|pos| geometry.square_from_screen(pos))
    };
    for sq in Square::all() {
        let response = point_response(ui, id, &geometry, sq, view.position);
        let piece = view.position.piece_at(sq);
        if response.clicked() {
            command = Some(click(view, sq));
        }
        if response.clicked_by(PointerButton::Secondary) {
            command = Some(highlight(ui, sq));
        }
        if response.drag_started_by(PointerButton::Primary) && piece.is_some() {
            command = Some(Command::Select(Some(sq)));
        }
        if let Some(piece) = piece.filter(|_| response.dragged_by(PointerButton::Primary)) {
            dragged = Some((sq, piece));
        }
        if response.dragged_by(PointerButton::Secondary) {
            drawing_from = Some(sq);
        }
        if response.drag_stopped_by(PointerButton::Primary) {
            command = match pointer_square() {
                Some(to) if to != sq => Some(Command::TryMove(Move::new(sq, to))),
                _ => Some(Command::Select(None)),
            };
        }
        if response.drag_stopped_by(PointerButton::Secondary) {
            command = match pointer_square() {
                Some(to) if to != sq => Some(Command::ToggleArrow(Arrow {
                    from: sq,
                    to,
                    color: board_drawing::color_for(ui.input(|i| i.modifiers)),
                })),
                Some(_) => Some(highlight(ui, sq)),
                None => None,
            };
        }
    }

    board_drawing::paint_highlights(&painter, &geometry, view.drawing);
    paint_marks(&painter, &geometry, view);
    paint_check(&painter, &geometry, view.position);
    for (sq, piece) in view.position.pieces() {
        if dragged.is_some_and(|(from, _)| from == sq) {
            continue;
        }
        paint_piece(
            &painter,
            geometry.screen_from_square(sq),
            geometry.step,
            piece,
        );
    }
    paint_overlays(&painter, &geometry, view);
    board_drawing::paint_arrows(&painter, &geometry, view.drawing);
    if let (Some(from), Some(pos)) = (drawing_from, ui.input(|i| i.pointer.interact_pos())) {
        let color = board_drawing::color_for(ui.input(|i| i.modifiers));
        board_drawing::paint_arrow(
            &painter,
            geometry.screen_from_square(from),
            pos,
            geometry.step,
            board_drawing::screen_color(color, 140),
        );
    }
    if let Some((_, piece)) = dragged {
        if let Some(pos) = ui.input(|i| i.pointer.interact_pos()) {
            let layer = ui
                .ctx()
                .layer_painter(LayerId::new(Order::Tooltip, id.with("drag")));
            paint_piece(&layer, pos, geometry.step * 1.08, piece);
        }
    }
    command
}

/// One point: its click and drag target, named by its ICCS square for accessibility.
fn point_response(ui: &Ui, id: Id, geometry: &Geometry, sq: Square, pos: &Position) -> Response {
    let response = ui.interact(
        geometry.point_rect(sq),
        id.with(sq.index()),
        Sense::click_and_drag(),
    );
    let interactive = pos.piece_at(sq).is_some();
    response.widget_info(|| WidgetInfo::labeled(Role::Button, true, sq.to_string()));
    if interactive {
        response.on_hover_cursor(egui::CursorIcon::Grab)
    } else {
        response
    }
}

/// A right click on a point: highlight it in the colour of the held modifier keys.
fn highlight(ui: &Ui, square: Square) -> Command {
    Command::ToggleHighlight(Highlight {
        square,
        color: board_drawing::color_for(ui.input(|i| i.modifiers)),
    })
}

/// Click-click moving: the first click picks up a piece of the side to move, the second puts it
/// down (a move, legal or not: the session explains a refusal).
fn click(view: &BoardView<'_>, sq: Square) -> Command {
    let own = view
        .position
        .piece_at(sq)
        .is_some_and(|p| p.color == view.position.side_to_move());
    match view.selected {
        Some(from) if from == sq => Command::Select(None),
        Some(_) if own => Command::Select(Some(sq)),
        Some(from) => Command::TryMove(Move::new(from, sq)),
        None => Command::Select(Some(sq)),
    }
}

fn line_width(step: f32) -> f32 {
    (step * 0.022).max(1.0)
}

pub(super) fn paint_grid(painter: &egui::Painter, g: &Geometry) {
    let s = g.step;
    let stroke = Stroke::new(line_width(s), palette::LINE);
    painter.rect_filled(g.board_rect(), s * 0.08, palette::GROUND);

    let frame = Rect::from_min_max(g.screen_from_grid(0.0, 0.0), g.screen_from_grid(8.0, 9.0))
        .expand(FRAME * s);
    painter.rect_stroke(
        frame,
        0.0,
        Stroke::new(line_width(s) * 3.0, palette::LINE),
        egui::StrokeKind::Middle,
    );

    for row in 0..10 {
        let row = row as f32;
        painter.line_segment(
            [g.screen_from_grid(0.0, row), g.screen_from_grid(8.0, row)],
            stroke,
        );
    }
    for column in 0..9 {
        let c = column as f32;
        if column == 0 || column == 8 {
            painter.line_segment(
                [g.screen_from_grid(c, 0.0), g.screen_from_grid(c, 9.0)],
                stroke,
            );
        } else {
            painter.line_segment(
                [g.screen_from_grid(c, 0.0), g.screen_from_grid(c, 4.0)],
                stroke,
            );
            painter.line_segment(
                [g.screen_from_grid(c, 5.0), g.screen_from_grid(c, 9.0)],
                stroke,
            );
        }
    }
    // Palaces (九宮): files d–f, three ranks at each end.
    for (top, bottom) in [(0.0, 2.0), (7.0, 9.0)] {
        painter.line_segment(
            [
                g.screen_from_grid(3.0, top),
                g.screen_from_grid(5.0, bottom),
            ],
            stroke,
        );
        painter.line_segment(
            [
                g.screen_from_grid(5.0, top),
                g.screen_from_grid(3.0, bottom),
            ],
            stroke,
        );
    }
    // Position marks of the cannons and soldiers.
    for (c, r) in POSITION_MARKS {
        paint_position_mark(painter, g, c, r, stroke);
    }
    // The river.
    let river_font = FontId::new(s * 0.62, board_family());
    let y = 4.5;
    for (c, word) in [(1.5, "楚"), (2.5, "河"), (5.5, "漢"), (6.5, "界")] {
        painter.text(
            g.screen_from_grid(c, y),
            Align2::CENTER_CENTER,
            word,
            river_font.clone(),
            palette::LINE,
        );
    }
    // File numbers, each side counting from its own right.
    let number_font = FontId::new(s * 0.34, board_family());
    let outside = MARGIN - (MARGIN - FRAME) / 2.0 + 0.02;
    for file in 0..9u8 {
        for (rank, text) in [
            (0u8, RED_FILE_NUMBERS[usize::from(8 - file)].to_owned()),
            (9u8, (file + 1).to_string()),
        ] {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let (column, row) = g.column_row(sq);
            let row = if row < 1.0 { -outside } else { 9.0 + outside };
            painter.text(
                g.screen_from_grid(column, row),
                Align2::CENTER_CENTER,
                text,
                number_font.clone(),
                palette::LINE,
            );
        }
    }
}

/// The small corner marks around a cannon's or soldier's point (omitted beyond the board edge).
fn paint_position_mark(painter: &egui::Painter, g: &Geometry, column: u8, row: u8, stroke: Stroke) {
    let center = g.screen_from_grid(f32::from(column), f32::from(row));
    let gap = g.step * 0.07;
    let arm = g.step * 0.16;
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        if (column == 0 && dx < 0.0) || (column == 8 && dx > 0.0) {
            continue;
        }
        let corner = center + Vec2::new(dx * gap, dy * gap);
        painter.add(Shape::line(
            vec![
                corner + Vec2::new(dx * arm, 0.0),
                corner,
                corner + Vec2::new(0.0, dy * arm),
            ],
            stroke,
        ));
    }
}

/// Last move: corner brackets around its two points.
fn paint_marks(painter: &egui::Painter, g: &Geometry, view: &BoardView<'_>) {
    let Some(mv) = view.last_move else {
        return;
    };
    for sq in [mv.from, mv.to] {
        paint_brackets(
            painter,
            g.screen_from_square(sq),
            g.step,
            palette::LAST_MOVE,
        );
    }
}

fn paint_brackets(painter: &egui::Painter, center: Pos2, step: f32, color: Color32) {
    let half = step * 0.48;
    let arm = step * 0.16;
    let stroke = Stroke::new((step * 0.045).max(1.5), color);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = center + Vec2::new(dx * half, dy * half);
        painter.add(Shape::line(
            vec![
                corner - Vec2::new(dx * arm, 0.0),
                corner,
                corner - Vec2::new(0.0, dy * arm),
            ],
            stroke,
        ));
    }
}

/// A general in check glows red under its piece.
fn paint_check(painter: &egui::Painter, g: &Geometry, pos: &Position) {
    for color in [Color::Red, Color::Black] {
        if pos.is_check(color) {
            let center = g.screen_from_square(pos.general(color));
            painter.circle_filled(center, g.step * 0.56, palette::CHECK_GLOW);
            painter.circle_stroke(
                center,
                g.step * 0.56,
                Stroke::new(g.step * 0.04, palette::CHECK),
            );
        }
    }
}

/// Selection and legal destinations, over the pieces.
fn paint_overlays(painter: &egui::Painter, g: &Geometry, view: &BoardView<'_>) {
    let s = g.step;
    let pos = view.position;
    if let Some(sq) = view.selected {
        painter.circle_stroke(
            g.screen_from_square(sq),
            s * 0.47,
            Stroke::new(s * 0.06, palette::SELECTED),
        );
    }
    for &sq in view.destinations {
        let center = g.screen_from_square(sq);
        if pos.piece_at(sq).is_some() {
            paint_brackets(painter, center, s, palette::CAPTURE);
        } else {
            painter.circle_filled(center, s * 0.11, palette::DESTINATION);
        }
    }
}

/// A round piece with its character.
pub(super) fn paint_piece(painter: &egui::Painter, center: Pos2, step: f32, piece: Piece) {
    let radius = step * 0.44;
    let ink = match piece.color {
        Color::Red => palette::RED,
        Color::Black => palette::BLACK,
    };
    painter.circle_filled(
        center + Vec2::new(step * 0.03, step * 0.05),
        radius,
        palette::PIECE_SHADOW,
    );
    painter.circle(
        center,
        radius,
        palette::PIECE_FACE,
        Stroke::new((step * 0.03).max(1.0), palette::PIECE_RIM),
    );
    painter.circle_stroke(
        center,
        radius * 0.82,
        Stroke::new((step * 0.025).max(1.0), ink),
    );
    painter.text(
        center,
        Align2::CENTER_CENTER,
        piece_char(piece),
        FontId::new(step * 0.56, board_family()),
        ink,
    );
}
