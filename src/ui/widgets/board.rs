//! The board widget: allocate, interact, paint. It reads the session's view of the game and
//! returns a [`SessionCommand`]; it never changes the game itself.
//!
//! The board itself is drawn by the core's painter ([`crate::export::board_painter`], the same
//! that draws the exported diagrams) on egui's painter; the widget adds the selection, the legal
//! destinations, the arrow being drawn, the engine's lines as arrows (the best strongest, each
//! line's score shown while the pointer is on its arrow) and the piece being dragged.

use eframe::egui::{
    self, Id, LayerId, Order, PointerButton, Pos2, Rect, Response, Role, Sense, Stroke, Ui, Vec2,
    WidgetInfo,
};

pub use crate::export::board_painter::piece_char;
use crate::export::board_painter::{
    draw_color, paint_arrow, paint_arrows, paint_board, paint_brackets, paint_piece, Board,
    Geometry,
};
use crate::record::{Arrow, Drawing, Highlight};
use crate::rules::{Move, Piece, Position, Square};

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::platform::quiet_input::QuietArea;
use crate::ui::platform::screen_surface::{color32, point, pos2};
use crate::ui::widgets::board_drawing;

/// Colours of the selection overlay.
mod palette {
    use crate::export::surface::Rgba;
    pub const SELECTED: Rgba = Rgba::rgb(20, 140, 60);
    pub const DESTINATION: Rgba = Rgba::rgb(20, 150, 60);
    pub const CAPTURE: Rgba = Rgba::rgb(235, 120, 0);
}

/// The largest board that fits `available`, centred in it.
pub fn fit(available: Rect, flipped: bool) -> Geometry {
    Geometry::fit(point(available.min), point(available.max), flipped)
}

/// Screen position of a board point.
pub fn screen_from_square(g: &Geometry, sq: Square) -> Pos2 {
    pos2(g.point(sq))
}

/// The screen square one step wide around a point: its click target.
pub fn point_rect(g: &Geometry, sq: Square) -> Rect {
    Rect::from_center_size(screen_from_square(g, sq), Vec2::splat(g.step))
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
    /// The engine's lines for this position, best first.
    pub engine_lines: &'a [EngineArrow],
}

/// An engine's line drawn on the board: its first move, its rank (1 the best) and what the
/// pointer on its arrow shows (the move and the line's score).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineArrow {
    /// The line's first move.
    pub mv: Move,
    /// 1 for the best line, 2 for the next, …
    pub rank: u32,
    /// The move and its score, in the user's notation.
    pub label: String,
    /// The cloud database's move, not the engine's: drawn in a colour of its own.
    pub cloud: bool,
}

/// The engine's arrows' colour (a blue apart from the four colours of the user's drawing).
const ENGINE_ARROW: crate::export::surface::Rgba = crate::export::surface::Rgba::rgb(30, 90, 200);

/// The cloud database's arrows' colour (a green apart from the engine's blue and the user's
/// colours).
const CLOUD_ARROW: crate::export::surface::Rgba = crate::export::surface::Rgba::rgb(20, 150, 90);

/// How opaque and how thick (in board steps) an engine line's arrow is drawn: the best line
/// strongest.
fn engine_arrow_weight(rank: u32) -> (u8, f32) {
    match rank {
        0 | 1 => (215, 1.0),
        2 => (140, 0.8),
        3 => (110, 0.7),
        _ => (80, 0.6),
    }
}

/// The engine arrow the pointer at `pos` is on, if any (the best line's when two cross).
fn engine_arrow_at<'a>(
    g: &Geometry,
    lines: &'a [EngineArrow],
    pos: Pos2,
) -> Option<&'a EngineArrow> {
    lines
        .iter()
        .filter(|line| {
            let from = screen_from_square(g, line.mv.from);
            let to = screen_from_square(g, line.mv.to);
            distance_to_segment(pos, from, to) < g.step * 0.25
        })
        .min_by_key(|line| line.rank)
}

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let length = ab.length_sq();
    let t = if length > 0.0 {
        ((p - a).dot(ab) / length).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// The smallest distance between points, in points, at which the board is drawn.
pub const MIN_STEP: f32 = 4.0;

/// Show the board in all the space `ui` has; returns what the user asked for (`None` where it
/// has no room).
pub fn show(ui: &mut Ui, view: &BoardView<'_>) -> Option<SessionCommand> {
    let available = ui.available_rect_before_wrap();
    let geometry = fit(available, view.flipped);
    ui.allocate_rect(available, Sense::hover());
    // A window too small for any board (a narrow window under tall panels): nothing to draw or
    // click. Drawn anyway, its text would be of size zero or less, which the text renderer
    // refuses with a panic ("Bad px_scale_factor").
    if geometry.step.is_nan() || geometry.step < MIN_STEP {
        return None;
    }
    let mut painter = ui.painter_at(available);
    let id = ui.scope_id().with("board");

    let mut command = None;
    let mut dragged: Option<(Square, Piece)> = None;
    let mut drawing_from: Option<Square> = None;
    let pointer_square = || {
        ui.input(|i| i.pointer.interact_pos())
            .and_then(|pos| geometry.square_at(point(pos)))
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
            command = Some(SessionCommand::Select(Some(sq)));
        }
        if let Some(piece) = piece.filter(|_| response.dragged_by(PointerButton::Primary)) {
            dragged = Some((sq, piece));
        }
        if response.dragged_by(PointerButton::Secondary) {
            drawing_from = Some(sq);
        }
        if response.drag_stopped_by(PointerButton::Primary) {
            command = match pointer_square() {
                Some(to) if to != sq => Some(SessionCommand::TryMove(Move::new(sq, to))),
                _ => Some(SessionCommand::Select(None)),
            };
        }
        if response.drag_stopped_by(PointerButton::Secondary) {
            command = match pointer_square() {
                Some(to) if to != sq => Some(SessionCommand::ToggleArrow(Arrow {
                    from: sq,
                    to,
                    color: board_drawing::color_for(ui.input(|i| i.modifiers)),
                })),
                Some(_) => Some(highlight(ui, sq)),
                None => None,
            };
        }
    }

    let pieces = Square::all()
        .filter(|&sq| view.position.piece_at(sq).is_some())
        .map(|sq| point_rect(&geometry, sq))
        .collect();
    let area = QuietArea {
        board: available,
        pieces,
    };
    area.leave(ui.ctx());

    let board = Board {
        position: view.position,
        last_move: view.last_move,
        drawing: view.drawing,
        coordinates: true,
        check: true,
        lifted: dragged.map(|(from, _)| from),
    };
    paint_board(&mut painter, &geometry, &board);
    paint_overlays(&mut painter, &geometry, view);
    paint_arrows(&mut painter, &geometry, view.drawing);
    paint_engine_arrows(ui, &mut painter, &geometry, view.engine_lines, id);
    if let (Some(from), Some(pos)) = (drawing_from, ui.input(|i| i.pointer.interact_pos())) {
        let color = board_drawing::color_for(ui.input(|i| i.modifiers));
        paint_arrow(
            &mut painter,
            geometry.point(from),
            point(pos),
            geometry.step,
            draw_color(color).with_alpha(140),
        );
    }
    if let Some((_, piece)) = dragged {
        if let Some(pos) = ui.input(|i| i.pointer.interact_pos()) {
            let mut layer = ui
                .ctx()
                .layer_painter(LayerId::new(Order::Tooltip, id.with("drag")));
            paint_piece(&mut layer, point(pos), geometry.step * 1.08, piece);
        }
    }
    command
}

/// One point: its click and drag target, named by its ICCS square for accessibility.
fn point_response(ui: &Ui, id: Id, geometry: &Geometry, sq: Square, pos: &Position) -> Response {
    let response = ui.interact(
        point_rect(geometry, sq),
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
fn highlight(ui: &Ui, square: Square) -> SessionCommand {
    SessionCommand::ToggleHighlight(Highlight {
        square,
        color: board_drawing::color_for(ui.input(|i| i.modifiers)),
    })
}

/// Click-click moving: the first click picks up a piece of the side to move, the second puts it
/// down (a move, legal or not: the session explains a refusal).
fn click(view: &BoardView<'_>, sq: Square) -> SessionCommand {
    let own = view
        .position
        .piece_at(sq)
        .is_some_and(|p| p.color == view.position.side_to_move());
    match view.selected {
        Some(from) if from == sq => SessionCommand::Select(None),
        Some(_) if own => SessionCommand::Select(Some(sq)),
        Some(from) => SessionCommand::TryMove(Move::new(from, sq)),
        None => SessionCommand::Select(Some(sq)),
    }
}

/// The engine's lines as arrows, the weakest first so the best lies on top; the pointer on one
/// shows its move and score.
fn paint_engine_arrows(
    ui: &Ui,
    painter: &mut egui::Painter,
    g: &Geometry,
    lines: &[EngineArrow],
    id: Id,
) {
    for line in lines.iter().rev() {
        let (alpha, size) = engine_arrow_weight(line.rank);
        paint_arrow(
            painter,
            g.point(line.mv.from),
            g.point(line.mv.to),
            g.step * size,
            if line.cloud {
                CLOUD_ARROW
            } else {
                ENGINE_ARROW
            }
            .with_alpha(alpha),
        );
    }
    let hovered = ui
        .ctx()
        .pointer_hover_pos()
        .filter(|&pos| painter.clip_rect().contains(pos))
        .and_then(|pos| engine_arrow_at(g, lines, pos));
    if let Some(line) = hovered {
        egui::Tooltip::always_open(
            ui.ctx().clone(),
            ui.layer_id(),
            id.with("engine arrow"),
            egui::PopupAnchor::Pointer,
        )
        .show(|ui| ui.label(&line.label));
    }
}

/// Selection and legal destinations, over the pieces.
fn paint_overlays(painter: &mut egui::Painter, g: &Geometry, view: &BoardView<'_>) {
    let s = g.step;
    if let Some(sq) = view.selected {
        painter.circle_stroke(
            screen_from_square(g, sq),
            s * 0.47,
            Stroke::new(s * 0.06, color32(palette::SELECTED)),
        );
    }
    for &sq in view.destinations {
        if view.position.piece_at(sq).is_some() {
            paint_brackets(painter, g.point(sq), s, palette::CAPTURE);
        } else {
            painter.circle_filled(
                screen_from_square(g, sq),
                s * 0.11,
                color32(palette::DESTINATION),
            );
        }
    }
}
